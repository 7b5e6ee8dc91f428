/**
 * Kernel IR -> JavaScript (the CPU backend's compiler).
 *
 * In: a validated KernelIR (compiler/ir.ts) and a JsPlan saying how each stream argument is addressed
 * in one launch. Out: the source text of a module body; `compileKernelJs` turns it into functions.
 * `run(L, start, end)` executes positions [start, end) of a launch described by L (built by
 * backends/cpu/launchdata.ts); reductions return their partial accumulator, and `combine(L, a, b)`
 * joins the partials of consecutive ranges in order.
 *
 * What always holds: float arithmetic is float32 (Math.fround after each operation), values live in
 * locals per component (no allocation per element), helper kernels are inlined, and a result never
 * depends on how [0, n) is split into ranges.
 */
export { generateKernelSource, planKey, type Access, type JsPlan } from './drivers.js';
import type { KernelIR } from '../../ir.js';
import { generateKernelSource, type JsPlan } from './drivers.js';

export interface CompiledJsKernel {
  run: (L: unknown, start: number, end: number) => number[] | null | void;
  combine: ((L: unknown, a: number[], b: number[]) => number[]) | null;
  source: string;
}

export function compileKernelJs(ir: KernelIR, plan: JsPlan): CompiledJsKernel {
  const source = generateKernelSource(ir, plan);
  let made: { run: CompiledJsKernel['run']; combine: CompiledJsKernel['combine'] };
  try {
    made = new Function(source)() as typeof made;
  } catch (e) {
    // A syntax error here is a bug in the writer; show the text so it can be fixed.
    throw new Error(`internal: generated JavaScript for kernel '${ir.name}' does not compile: ${(e as Error).message}\n${source}`);
  }
  return { ...made, source };
}
