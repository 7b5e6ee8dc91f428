/**
 * The compiler's whole face: Brook source in; diagnostics, the checked program, host JavaScript and
 * compiled kernels out.
 *
 *   compile(text | SourceSet, options)  -> whole programs (`brook run`, `brook check`)
 *   compileCell(text, session, options) -> one notebook cell against its session
 *   kernels.ts (the second face)         -> the kernel writers (JavaScript, WebAssembly, WGSL) the
 *                                           backends print kernel IR with; backends import nothing else of
 *                                           codegen/ (tests/architecture/layers.test.ts)
 *
 * Pure: no file system, no device, no clock. `#include "x"` comes in through `options.readInclude`;
 * system headers (`<stdio.h>`) are ignored by the preprocessor.
 *
 * Stages: preprocess + parse (parse/), check + lower kernels to IR (check/), host code (codegen/host).
 * The kernel writers print from the kernel facts (facts/): gather index classes and rules, whole
 * numbers, reduction order, decided once from the IR so the writers cannot disagree.
 * A stage runs only when the previous one had no errors; `diagnostics` holds everything, in stage order,
 * and `ok` is false when any is an error (then `hostJs` is absent).
 *
 * Several files (`brook run a.br b.br`) form one program: each is parsed on its own (its own macros),
 * then their top-level declarations are checked together, in the order the files were given.
 */
import type { CompiledKernel } from './compiled.js';
import type { KernelIR } from './ir.js';
import { kernelFacts } from './facts/index.js';
import type { TranslationUnit } from './ast.js';
import { mergeIdenticalDefinitions, separateKernelHelpers, separateStaticFunctions } from './parse/static-linkage.js';
import type { CheckedKernel, CheckedProgram, SessionSymbol } from './check/index.js';
import { checkProgram } from './check/index.js';
import { generateHost, generateHostCell } from './codegen/host/index.js';
import { returnTypeOf } from './codegen/host/func.js';
import type { Type } from './types.js';
import type { Diagnostic } from './diagnostics.js';
import type { MacroDef } from './parse/index.js';
import { parseSource } from './parse/index.js';
import { SourceSet } from './source.js';

export type { Diagnostic } from './diagnostics.js';
export { renderDiagnostic, renderRuntimeError, BrookRuntimeError } from './diagnostics.js';
export { SourceSet } from './source.js';
export type { CheckedProgram, SessionSymbol } from './check/index.js';

export interface CompileOptions {
  /** Resolves `#include "name"`; undefined means not found (a diagnostic). */
  readInclude?: (name: string, fromFileName: string) => { name: string; text: string } | undefined;
  /** -D style macros. */
  predefined?: Record<string, string>;
  /** Name shown in diagnostics when the source is a string (default "input.br"). */
  fileName?: string;
  /** Host memory checks (default on: NULL, bounds, use after free); off only to measure their cost. */
  memoryChecks?: boolean;
  /**
   * Call-free host loops compiled to WebAssembly (default on unless BROOK_HOST_WASM=0; codegen/host
   * wasmloop.ts). Off keeps every loop JavaScript: the tests' comparison, and a way around a suspected
   * miscompile. 'all' (BROOK_HOST_WASM=all) also compiles the loops the default leaves JavaScript
   * because WebAssembly would not be faster (loops that touch no memory): the tests of what the
   * WebAssembly printer means.
   */
  hostWasm?: boolean | 'all';
}

export interface CompileResult {
  ok: boolean;
  /** Every file of the compilation (for rendering diagnostics and runtime errors). */
  sources: SourceSet;
  program?: CheckedProgram;
  diagnostics: Diagnostic[];
  /** Host module text (codegen/host/index.ts says how to run it); absent when there are errors. */
  hostJs?: string;
  /** Compiled kernels by name (map, reduce and helper kernels), shared with the runtime's caches. */
  kernels: Map<string, CompiledKernel>;
}

const hasErrors = (ds: Diagnostic[]) => ds.some((d) => d.severity === 'error');

/** A CompiledKernel (compiled.ts) for each kernel the checker lowered. */
export function compiledKernels(program: CheckedProgram): Map<string, CompiledKernel> {
  const out = new Map<string, CompiledKernel>();
  for (const [name, k] of program.kernels) out.set(name, toCompiled(k));
  return out;
}

/** A CompiledKernel for kernel IR that crossed a thread as plain data (cli/compile-files.ts): the
 *  facts are functions of the IR, not data, so this thread decides them again (compiler/facts). */
export function compiledFromIR(ir: KernelIR, key: string, stored?: Map<string, unknown>): CompiledKernel {
  return { ir, key, facts: kernelFacts(ir), cache: new Map(), ...(stored ? { stored } : {}) };
}

function toCompiled(k: CheckedKernel): CompiledKernel {
  return { ir: k.ir, key: k.key, facts: k.facts, cache: new Map() };
}

/** Concatenate translation units (several files of one program), keeping each file's order. */
function mergeUnits(units: TranslationUnit[]): TranslationUnit {
  if (units.length === 1) return units[0]!;
  const merged: TranslationUnit = { kind: 'TranslationUnit', span: units[0]!.span, items: [], statements: [], order: [] };
  for (const u of units) {
    const itemBase = merged.items.length;
    const stmtBase = merged.statements.length;
    merged.items.push(...u.items);
    merged.statements.push(...u.statements);
    for (const [k, i] of u.order) merged.order.push([k, k === 'item' ? i + itemBase : i + stmtBase]);
  }
  return merged;
}

/** Diagnostics about the program as a whole that each file would repeat (BRK1242: inline assembly
 *  skipped, typically in a timing header every file includes; BRK1243: C++ that is not supported,
 *  often in several companion files): keep the first one only. */
const ONCE_PER_PROGRAM: ReadonlySet<string> = new Set(['BRK1242', 'BRK1243']);

function onceAcrossFiles(fresh: Diagnostic[], earlier: Diagnostic[]): Diagnostic[] {
  return fresh.filter((d) => !ONCE_PER_PROGRAM.has(d.code) || !earlier.some((e) => e.code === d.code));
}

export function compile(source: string | SourceSet, options: CompileOptions = {}): CompileResult {
  let sources: SourceSet;
  if (typeof source === 'string') {
    sources = new SourceSet();
    sources.add(options.fileName ?? 'input.br', source);
  } else sources = source;
  const diagnostics: Diagnostic[] = [];
  const kernels = new Map<string, CompiledKernel>();
  const fail = (): CompileResult => ({ ok: false, sources, diagnostics, kernels });

  // The files given (not the includes that parsing adds to the set).
  const mainFiles = sources.files.map((f) => f.id);
  const units: TranslationUnit[] = [];
  for (const id of mainFiles) {
    const parsed = parseSource(sources, id, { readInclude: options.readInclude, predefined: options.predefined });
    diagnostics.push(...onceAcrossFiles(parsed.diagnostics, diagnostics));
    units.push(parsed.unit);
  }
  if (hasErrors(diagnostics)) return fail();

  separateStaticFunctions(units); // a `static` function belongs to its file (C's internal linkage)
  separateKernelHelpers(units); // a kernel and a host function of one name in two files
  mergeIdenticalDefinitions(units); // one template instance made in several files is one function
  const checked = checkProgram(mergeUnits(units), sources, { mode: 'program' });
  diagnostics.push(...checked.diagnostics);
  if (hasErrors(diagnostics)) return { ...fail(), program: checked.program };
  const program = checked.program;
  if (!program.functions.some((f) => f.name === 'main')) {
    const span = program.unit.span;
    diagnostics.push({
      code: 'BRK2603', severity: 'error', span: { file: span.file, start: 0, end: 0 },
      message: 'the program has no main function', hint: 'add int main(int argc, char **argv) { ... }, or use a notebook cell to run statements without main',
    });
    return { ...fail(), program };
  }

  const host = generateHost(program, { sources, memoryChecks: options.memoryChecks, hostWasm: options.hostWasm ?? hostWasmFromEnv() });
  diagnostics.push(...host.diagnostics);
  if (hasErrors(diagnostics)) return { ...fail(), program };
  return { ok: true, sources, program, diagnostics, hostJs: host.js, kernels: compiledKernels(program) };
}

// ---------------------------------------------------------------------------------------------------
// Notebook cells

/** What the notebook keeps between cells for the compiler. */
export interface CellCompileSession {
  /** One SourceSet for the whole session: spans of earlier cells stay valid. */
  sources: SourceSet;
  /** Names from earlier cells and TypeScript values (check/index.ts SessionSymbol). */
  externals?: Map<string, SessionSymbol>;
  /** Macros and typedef names after the previous cell (from its CellCompileResult). */
  macros?: ReadonlyMap<string, MacroDef>;
  typedefNames?: Iterable<string>;
}

export interface CellCompileResult extends CompileResult {
  /** Id of this cell's file in the session's SourceSet. */
  fileId: number;
  /** Carry these into the next cell's CellCompileSession. */
  macros: Map<string, MacroDef>;
  typedefNames: string[];
}

/**
 * Compile one `%%brook` cell. The result's hostJs is a cell module (codegen/host/index.ts): run it
 * with runtime/hostlib/loader.ts `instantiateCell(hostJs, { rt, lib, K: kernels, S: session })`.
 */
export function compileCell(text: string, label: string, session: CellCompileSession, options: CompileOptions = {}): CellCompileResult {
  const sources = session.sources;
  const file = sources.add(label, text);
  const diagnostics: Diagnostic[] = [];
  const kernels = new Map<string, CompiledKernel>();
  const parsed = parseSource(sources, file.id, {
    readInclude: options.readInclude,
    predefined: options.predefined,
    macros: session.macros,
    typedefNames: session.typedefNames,
    allowTopLevelStatements: true,
  });
  diagnostics.push(...parsed.diagnostics);
  const base = { sources, diagnostics, kernels, fileId: file.id, macros: parsed.macros, typedefNames: parsed.typedefNames };
  if (hasErrors(diagnostics)) return { ok: false, ...base };
  const checked = checkProgram(parsed.unit, sources, { mode: 'cell', externals: session.externals });
  diagnostics.push(...checked.diagnostics);
  if (hasErrors(diagnostics)) return { ok: false, ...base, program: checked.program };
  const host = generateHostCell(checked.program, { sources, hostWasm: options.hostWasm ?? hostWasmFromEnv() });
  diagnostics.push(...host.diagnostics);
  if (hasErrors(diagnostics)) return { ok: false, ...base, program: checked.program };
  return { ok: true, ...base, program: checked.program, hostJs: host.js, kernels: compiledKernels(checked.program) };
}

/**
 * The names a compiled cell adds to its session, as the checker's SessionSymbols: put them into the
 * next cell's `externals` (later cells see this cell's kernels, functions, globals, structs, typedefs;
 * the host session object `S` holds their values, see codegen/host/index.ts).
 */
export function cellExports(program: CheckedProgram): Map<string, SessionSymbol> {
  const out = new Map<string, SessionSymbol>();
  for (const [name, type] of program.structs) out.set(name, { kind: 'struct', name, type });
  for (const [name, type] of program.typedefs) out.set(name, { kind: 'typedef', name, type });
  for (const [name, kernel] of program.kernels) out.set(name, { kind: 'kernel', name, kernel });
  for (const fn of program.functions) {
    const params: Type[] = fn.params.filter((p) => p.type && p.type.kind !== 'void').map((p) => p.type!);
    out.set(fn.name, { kind: 'function', name: fn.name, type: { kind: 'function', ret: returnTypeOf(fn), params, variadic: false } });
  }
  for (const d of program.globals) {
    for (const dec of d.declarators) {
      const t = dec.symbol?.type;
      if (!t) continue;
      out.set(dec.name, t.kind === 'stream' ? { kind: 'stream', name: dec.name, type: t } : { kind: 'value', name: dec.name, type: t });
    }
  }
  return out;
}

/** BROOK_HOST_WASM: 0 keeps every host loop JavaScript, `all` compiles every loop it can; else the default. */
function hostWasmFromEnv(): boolean | 'all' {
  const v = process.env.BROOK_HOST_WASM;
  return v === 'all' ? 'all' : v !== '0';
}
