/**
 * Symbols, scopes and generated names.
 *
 * - `Sym` is the checker's symbol: the contract's SymbolRef (what Ident.symbol / Declarator.symbol
 *   point at) plus what later checks and the lowering need (kernel parameter roles, the kernel's
 *   declaration, the host library entry).
 * - `Namer` hands out emitNames. Host names stay as written unless they are JavaScript reserved words
 *   or globals, or would shadow a name already used in the same function: then `name_1`, `name_2`.
 *   Kernel locals get the `l_` prefix (`l_x`, `l_x_1`), kernel parameters `p_`, temporaries `t_`,
 *   helper kernels `h_`: no JS or WGSL keyword has such a prefix. emitNames never start with `$`, so code
 *   generators may use `$`-names for their own helpers.
 */
import type { FunctionDecl, SymbolKind, SymbolRef } from '../ast.js';
import type { ParamRole } from '../ir.js';
import type { Span } from '../source.js';
import type { Type } from '../types.js';
import type { CheckedKernel } from './program.js';
import type { HostLibEntry } from './hostlib.js';

export interface KernelParamInfo {
  role: ParamRole;
  /** Position among the kernel's parameters. */
  index: number;
  kernel: string;
  gatherDims: number;
  /** A stream parameter (`<>`), including out/vout/iter/reduce-with-<>. */
  isStream: boolean;
}

export interface Sym extends SymbolRef {
  param?: KernelParamInfo;
  /** For 'kernel' symbols declared in this unit. */
  kernelDecl?: FunctionDecl;
  /** For 'kernel' symbols from an earlier notebook cell. */
  sessionKernel?: CheckedKernel;
  /** For 'hostlib' and 'constant' symbols. */
  hostlib?: HostLibEntry;
  /** Declared inside a kernel body (local or parameter). */
  inKernel?: boolean;
  /** Globals declared `const` with a constant initializer (enumerators too): kernels may read them,
   *  array sizes may use them. */
  constValue?: number;
  /** A helper kernel's parameter that its body writes: the lowering copies it into this local first
   *  (value semantics; the IR keeps parameters read-only except out/reduce/vout). */
  copyName?: string;
  /** A kernel's out/reduce/vout parameter that the body writes somewhere. */
  written?: boolean;
  /** Declared `const`: not assignable. */
  readonly?: boolean;
  /** Host function declarations (prototype or definition). */
  functionDecl?: FunctionDecl;
  /** Host globals: the strongest C declaration seen so far (`extern int x;` < `int x;` < `int x = 1;`).
   *  Matching declarations of one global share this symbol (check/decl.ts). */
  linkage?: 'extern' | 'tentative' | 'initialized';
}

export function createSym(kind: SymbolKind, name: string, emitName: string, type: Type, declSpan: Span, extra: Partial<Sym> = {}): Sym {
  return { kind, name, emitName, type, declSpan, ...extra };
}

export class Scope {
  readonly names = new Map<string, Sym>();
  readonly typedefs = new Map<string, Type>();
  constructor(
    readonly parent: Scope | null,
    readonly kind: 'global' | 'function' | 'kernel' | 'block',
  ) {}

  lookup(name: string): Sym | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const sym = s.names.get(name);
      if (sym) return sym;
    }
    return undefined;
  }

  lookupTypedef(name: string): Type | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const t = s.typedefs.get(name);
      if (t) return t;
    }
    return undefined;
  }

  /** Every name visible from here (for "did you mean"). */
  visible(): string[] {
    const out = new Set<string>();
    for (let s: Scope | null = this; s; s = s.parent) for (const k of s.names.keys()) out.add(k);
    return [...out];
  }
}

/** JavaScript reserved words, strict-mode and module words, and globals generated code relies on. */
export const JS_RESERVED: ReadonlySet<string> = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof',
  'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void',
  'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected',
  'public', 'await', 'async', 'of', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity', 'globalThis',
  'Math', 'Object', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'Error', 'Promise', 'JSON',
  'Float32Array', 'Float64Array', 'Int32Array', 'Uint32Array', 'Uint8Array', 'Int8Array', 'Int16Array',
  'Uint16Array', 'DataView', 'ArrayBuffer', 'BigInt', 'Map', 'Set', 'WeakMap', 'Reflect', 'Proxy',
  'console', 'process', 'require', 'module', 'exports', 'window', 'self', 'constructor', 'prototype',
  '__proto__', 'toString', 'valueOf', 'hasOwnProperty',
]);

export class Namer {
  private readonly used: Set<string>;
  constructor(
    private readonly prefix = '',
    parent?: Namer,
  ) {
    this.used = new Set(parent ? parent.used : JS_RESERVED);
  }

  /** A fresh name for `base`: `prefix + base`, or with `_1`, `_2`, ... when taken. */
  fresh(base: string): string {
    const clean = base.replace(/[^A-Za-z0-9_]/g, '_').replace(/^\$+/, '');
    let name = this.prefix + (clean || 'v');
    if (!this.prefix && /^[0-9]/.test(name)) name = '_' + name;
    let candidate = name;
    for (let i = 1; this.used.has(candidate); i++) candidate = `${name}_${i}`;
    this.used.add(candidate);
    return candidate;
  }

  /** Reserve a name exactly (session names that generated code must reach as written). */
  reserve(name: string): void {
    this.used.add(name);
  }
}
