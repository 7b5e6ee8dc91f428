/**
 * State of one host code generation: module-level constants (spans, types, string literals), where
 * every variable lives (storage), which functions are async, and the diagnostics of limitations
 * (BRK26xx: C the host generator does not translate, such as unstructured goto).
 *
 * Storage of a variable:
 * - `js`: a JavaScript variable holds the value (scalars, pointers, vectors, streams; array parameters,
 *   which are pointers in C, hold the address).
 * - `mem`: the value lives in Mem at `addr` (a JS expression): arrays, structs, and scalars whose
 *   address is taken with `&`. Locals get a slot in the function's frame (`$fp + offset`).
 */
import type { AssignExpr, CallExpr, SymbolRef } from '../../ast.js';
import type { Ctx } from './expr.js';
import type { DiagnosticBag } from '../../diagnostics.js';
import type { SourceSet, Span } from '../../source.js';
import type { KernelSigInfo } from './brook.js';
import type { Type } from '../../types.js';
import { alignOf, sizeOf } from '../../types.js';
import { HostWasmModule } from './wasmmodule.js';

export type Storage = { kind: 'js'; name: string } | { kind: 'mem'; addr: string };

export interface GenOptions {
  mode: 'program' | 'cell';
  /** For assert messages (file:line and the expression's text). */
  sources?: SourceSet;
  /** Kernels compiled earlier (notebook session), by name. */
  sessionKernels?: ReadonlyMap<string, KernelSigInfo>;
  /** Host memory checks (default on); off only to measure what they cost (bench/host.ts). */
  memoryChecks?: boolean;
  /** Call-free loops of programs as WebAssembly (default on; 'all': also those the default keeps JavaScript; wasmloop.ts). */
  hostWasm?: boolean | 'all';
}

/**
 * Emitters of the calls that brook.ts (kernel launches, the stream API) and libcalls.ts (the C library)
 * own. They emit their arguments with expr.ts, which dispatches calls to them; index.ts hands them to
 * HostGen so that expr.ts does not import the modules that import it.
 */
export interface CallEmitters {
  isBrookCall(e: CallExpr): boolean;
  brookCall(c: Ctx, e: CallExpr): string;
  hostLibCall(c: Ctx, e: CallExpr, name: string): string;
  /** The extra arguments of a call of a user function declared with `...`, packed (libcalls.ts). */
  varArgs(c: Ctx, e: CallExpr, fixed: number): string;
  /** `*p = s` / `p[i] = s` of a stream (brook.ts). */
  streamAssign(c: Ctx, e: AssignExpr): string;
}

export class HostGen {
  readonly consts: string[] = [];
  private spanNames = new Map<string, string>();
  private typeNames = new Map<string, string>();
  private literalNames = new Map<string, string>();
  /** Globals by emitName. */
  readonly globals = new Map<string, Storage>();
  /** Host functions (by emitName) that must be async (they await the runtime, directly or not). */
  readonly asyncFns = new Set<string>();
  /** Host functions (by emitName) returning a struct: they take a hidden result address first. */
  readonly structReturn = new Set<string>();
  /** Module-level statements for static data (static locals, globals). */
  readonly staticInits: string[] = [];
  /** Static locals initialized when control first reaches them (static-init.ts): their guard's name. */
  readonly firstPassStatics = new Map<import('../../ast.js').Declarator, string>();

  /** The WebAssembly module of the program's (or cell's) compiled loops (wasmloop.ts). */
  readonly wasm: HostWasmModule | undefined;

  /** Kernels of this unit, by name. */
  readonly kernels = new Map<string, KernelSigInfo>();

  constructor(
    readonly bag: DiagnosticBag,
    readonly options: GenOptions,
    readonly calls: CallEmitters,
  ) {
    this.wasm = options.hostWasm !== false ? new HostWasmModule() : undefined;
  }

  kernelSig(name: string, sym?: unknown): KernelSigInfo | undefined {
    const local = this.kernels.get(name) ?? this.options.sessionKernels?.get(name);
    if (local) return local;
    // The checker's symbol for a kernel of an earlier cell carries its CheckedKernel.
    const sk = (sym as { sessionKernel?: { kind: KernelSigInfo['kind']; ir: { params: { role: string; type: Type; sourceName: string }[] } } } | undefined)?.sessionKernel;
    if (sk) return { kind: sk.kind, params: sk.ir.params.map((p) => ({ role: p.role, type: p.type, name: p.sourceName })) };
    return undefined;
  }

  /** "file:line" of a span (assert messages). */
  describeSpan(span: Span): string {
    const src = this.options.sources;
    if (!src || span.file < 0) return '?';
    const { line } = src.position(span.file, span.start);
    return `${src.get(span.file).name}:${line}`;
  }

  sourceText(span: Span): string {
    const src = this.options.sources;
    if (!src || span.file < 0) return '';
    return src.get(span.file).text.slice(span.start, span.end);
  }

  get cell(): boolean {
    return this.options.mode === 'cell';
  }

  /** A module constant holding the span (so runtime errors point at the user's line). */
  span(span: Span | undefined): string {
    if (!span || span.file < 0) return 'undefined';
    const key = `${span.file}:${span.start}:${span.end}`;
    let name = this.spanNames.get(key);
    if (!name) {
      name = `$sp${this.spanNames.size}`;
      this.spanNames.set(key, name);
      this.consts.push(`const ${name} = Object.freeze({ file: ${span.file}, start: ${span.start}, end: ${span.end} });`);
    }
    return name;
  }

  /** A module constant holding a Type (stream element types, flattening of struct values). */
  type(t: Type): string {
    const json = JSON.stringify(t);
    let name = this.typeNames.get(json);
    if (!name) {
      name = `$T${this.typeNames.size}`;
      this.typeNames.set(json, name);
      this.consts.push(`const ${name} = ${json};`);
    }
    return name;
  }

  /** Address of a string literal (interned in Mem when the module is instantiated). */
  literal(text: string): string {
    let name = this.literalNames.get(text);
    if (!name) {
      name = `$s${this.literalNames.size}`;
      this.literalNames.set(text, name);
      this.consts.push(`const ${name} = $L.literal(${JSON.stringify(text)});`);
    }
    return name;
  }

  /** The span constant a checked memory access passes, or undefined when checks are off. */
  accessCheck(span: Span): string | undefined {
    return this.options.memoryChecks === false ? undefined : this.span(span);
  }

  /** `$M.alloca(...)` for the frame of `f` (its size and redzones). */
  frameAlloc(f: FnState): string {
    const name = `$G${this.frameCount++}`;
    this.consts.push(`const ${name} = [${f.gaps.join(', ')}];`);
    return `$M.alloca(${f.frameSize}, ${name})`;
  }
  private frameCount = 0;

  error(code: string, span: Span, message: string, hint?: string): void {
    this.bag.error(code, span, message, hint);
  }
}

/** Per-function state. */
export class FnState {
  readonly locals = new Map<string, Storage>();
  frameSize = 0;
  private temps = 0;
  readonly tempNames: string[] = [];
  /** Declared with `...`: its extra arguments arrive packed, as the last JS parameter `$va` (libcalls.ts). */
  hasVarArgs = false;
  /** Streams declared in this function (freed when it returns). */
  hasStreams = false;
  /** Per kernel call statement: streams no later code reads (liveness.ts), passed as fusion hints. */
  deadAfter = new Map<import('../../ast.js').CallExpr, string[]>();
  /** The function's return type, and whether results go through the hidden `$ret` address. */
  constructor(
    readonly name: string,
    readonly sourceName: string,
    readonly returnType: Type,
    readonly isAsync: boolean,
    readonly structReturn: boolean,
  ) {}

  /** A fresh temporary (declared at the top of the function). */
  temp(): string {
    const t = `$t${this.temps++}`;
    this.tempNames.push(t);
    return t;
  }

  /** [offset, length] pairs of the frame's redzones (poisoned: running off a local array faults). */
  readonly gaps: number[] = [];

  /**
   * A frame slot for a local that lives in Mem: 8-byte aligned and followed by at least 8 bytes of
   * redzone (the shadow granule is 8 bytes), so an access past its end is caught.
   */
  slot(t: Type): string {
    const a = Math.max(8, alignOf(t));
    const off = Math.ceil(this.frameSize / a) * a;
    const end = off + Math.max(1, sizeOf(t));
    const gapEnd = Math.ceil(end / 8) * 8 + 8;
    this.gaps.push(end, gapEnd - end);
    this.frameSize = gapEnd;
    return off === 0 ? '$fp' : `($fp + ${off})`;
  }

  lookup(sym: SymbolRef): Storage | undefined {
    return this.locals.get(sym.emitName);
  }
}

/** A JS numeric literal for x (as an operand: negative values parenthesized). */
export function numLit(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '(-Infinity)';
  if (Object.is(x, -0)) return '(-0)';
  const s = String(x);
  return x < 0 ? `(${s})` : s;
}

/** Where a symbol's value lives in the generated code (a JS variable or memory), by function, module or session. */
export function storageOf(c: { g: HostGen; f: FnState | null }, sym: import('../../ast.js').SymbolRef): Storage | undefined {
  const st = c.f?.lookup(sym) ?? c.g.globals.get(sym.emitName);
  if (st || !c.g.cell) return st;
  const sessionValue = sym.kind === 'session' && sym.type.kind !== 'dynamic' && sym.type.kind !== 'function';
  if (sym.kind !== 'global' && !sessionValue) return st;
  // A global of an earlier notebook cell: the session holds its value (or its address).
  const slot = `$S.v[${JSON.stringify(sym.name)}]`;
  return sym.type.kind === 'array' || sym.type.kind === 'struct' ? { kind: 'mem', addr: slot } : { kind: 'js', name: slot };
}
