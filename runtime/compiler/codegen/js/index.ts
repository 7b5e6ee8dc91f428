/**
 * Kernel IR -> JavaScript (the CPU backend's compiler).
 *
 * In: a validated KernelIR (compiler/ir.ts) and a JsPlan saying how each stream argument is addressed
 * in one launch. Out: the source text of a module body; `compileKernelJs` turns it into functions.
 * `run(L, start, end)` executes positions [start, end) of a launch described by L (built by
 * backends/cpu/launchdata.ts); a full reduction leaves one partial per chunk in `L.partials`, and
 * `combineAt(L, P, x, y)` joins partials of consecutive ranges in order.
 *
 * What always holds: float arithmetic is float32 (Math.fround after each operation), values live in
 * locals per component (no allocation per element), helper kernels are inlined, and a result never
 * depends on how [0, n) is split into ranges. Loops poll for a stop request (codegen/loop-poll.ts). The
 * walk over positions is the loop plan's (codegen/loop-plan.ts), which codegen/wasm prints too.
 */
export { generateKernelSource, planKey, resizeIndex, SMALL_WHOLE, type Access, type IterForm, type JsPlan } from './drivers.js';
import type { KernelFacts } from '../../facts/index.js';
import type { KernelIR } from '../../ir.js';
import { generateKernelSource, type JsPlan } from './drivers.js';
import { STOP_NAME, STOP_WORD_NAME } from '../loop-poll.js';

export interface CompiledJsKernel {
  run: (L: unknown, start: number, end: number) => void;
  /** Reduce body on (accumulator a, element b); null when their types differ or indexof is read. */
  combine: ((L: unknown, a: number[], b: number[]) => number[]) | null;
  /** The same in place on partials: P[x] = combine(P[x], P[y]) (W numbers per partial). */
  combineAt: ((L: unknown, P: Float64Array, x: number, y: number) => void) | null;
  source: string;
}

/**
 * `stop`: the stop word the kernel's loops read every LOOP_POLL_EVERY back edges and the value they throw
 * when it is set (codegen/loop-poll.ts). The CPU backend passes the calling thread's (brt/abort-watch.ts);
 * default: a word nothing sets.
 */
export function compileKernelJs(ir: KernelIR, plan: JsPlan, facts: KernelFacts, stop: { word: Int32Array; thrown: unknown } = { word: new Int32Array(1), thrown: null }): CompiledJsKernel {
  const source = generateKernelSource(ir, plan, facts);
  let made: Omit<CompiledJsKernel, 'source'>;
  try {
    made = new Function(STOP_WORD_NAME, STOP_NAME, source)(stop.word, stop.thrown) as typeof made;
  } catch (e) {
    // A syntax error here is a bug in the writer; show the text so it can be fixed.
    throw new Error(`internal: generated JavaScript for kernel '${ir.name}' does not compile: ${(e as Error).message}\n${source}`);
  }
  return { ...made, source };
}
