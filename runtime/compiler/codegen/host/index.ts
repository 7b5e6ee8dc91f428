/**
 * Host code generation: the checked host C of a Brook program (or notebook cell) to JavaScript.
 *
 * In:  a CheckedProgram without errors (check/program.ts: every Expr typed, every Ident resolved).
 * Out: `js`, the body of a function of one parameter `$env` (runtime/hostlib/loader.ts runs it), and
 *      diagnostics for C the generator does not translate (BRK26xx; e.g. unstructured goto).
 * Pure: no I/O, no device; the same input gives the same text.
 * Always: C's meaning of a scalar expression is decided in one place, the host IR (ir/index.ts); the
 *      JavaScript (expr.ts) and the WebAssembly of call-free loops (wasmloop.ts) print it.
 *
 * `$env` (what the loader passes): { rt: BrookRuntime, lib: HostLib (its Mem is the program's
 * memory), H: runtime/hostlib/support.ts, K: CompiledKernel by name, S: HostSession (cells) }.
 *
 * Program mode returns `{ init(), main(argc, argv), functions }`: call `await init()` once (global
 * initializers, top-level streams), then `await main(argc, argv)`; main's result is the exit status.
 *
 * Cell mode (notebook) returns `{ run() }`; `await run()` executes the cell and resolves to
 * `{ value, type }`: the value and Type of the cell's last statement when it is a bare expression
 * (a stream to display, a number), else undefined. The cell keeps its state in the session `S`:
 *
 *   interface HostSession {
 *     v: Record<string, unknown>;   // globals by C name: the value (numbers, pointers, vectors as
 *                                   // number[], streams) or, for arrays and structs, their Mem address
 *     f: Record<string, Function>;  // host functions by C name (async; call with converted arguments)
 *     k: Record<string, CompiledKernel>; // kernels by name
 *     get(name: string): unknown;   // values of the notebook's TypeScript cells (symbol kind 'session');
 *                                   // a function value is called with the arguments' JS values
 *     checkInterrupt?(): void;      // called every 65536 loop iterations of cell code: throw from it
 *                                   // to stop a cell that spins (the session's state stays intact)
 *   }
 *
 * One session shares one HostLib (so one Mem) across its cells. A cell's declarations replace
 * earlier ones of the same name; a stream that a re-declaration replaces is freed.
 */
import type { CheckedProgram } from '../../check/program.js';
import { DiagnosticBag, type Diagnostic } from '../../diagnostics.js';
import type { SourceSet } from '../../source.js';
import { emitBrookCall, emitStreamAssign, isBrookCall, type KernelSigInfo } from './brook.js';
import { emitHostLibCall, emitVarArgs } from './libcalls.js';
import { HostGen, type CallEmitters } from './gen.js';
import { generateCellModule, generateProgramModule } from './module.js';

export interface HostCodegenOptions {
  sources?: SourceSet;
  /** Cells: kernels of earlier cells (when the checker's symbols do not carry them). */
  sessionKernels?: ReadonlyMap<string, KernelSigInfo>;
  /** Host memory checks (default on); off only to measure their cost. */
  memoryChecks?: boolean;
  /** Call-free loops as WebAssembly (default on; 'all': also those the default keeps JavaScript; wasmloop.ts). */
  hostWasm?: boolean | 'all';
}

export interface HostCodegenResult {
  js: string;
  diagnostics: Diagnostic[];
}

const CALL_EMITTERS: CallEmitters = { isBrookCall, brookCall: emitBrookCall, hostLibCall: emitHostLibCall, varArgs: emitVarArgs, streamAssign: emitStreamAssign };

export function generateHost(program: CheckedProgram, options: HostCodegenOptions = {}): HostCodegenResult {
  const bag = new DiagnosticBag();
  const g = new HostGen(bag, { mode: 'program', sources: options.sources, sessionKernels: options.sessionKernels, memoryChecks: options.memoryChecks, hostWasm: options.hostWasm }, CALL_EMITTERS);
  const js = generateProgramModule(g, program);
  return { js, diagnostics: bag.items };
}

export function generateHostCell(program: CheckedProgram, options: HostCodegenOptions = {}): HostCodegenResult {
  const bag = new DiagnosticBag();
  const g = new HostGen(bag, { mode: 'cell', sources: options.sources, sessionKernels: options.sessionKernels, hostWasm: options.hostWasm }, CALL_EMITTERS);
  const js = generateCellModule(g, program);
  return { js, diagnostics: bag.items };
}

export type { KernelSigInfo };
