/**
 * Stopping CPU launches (issue 24): which launches can spin inside an element (kernels with loops), the
 * streams a stopped launch leaves with partial results, and running loop code with its stop word watched.
 * The decision "should I stop?" stays brt/abort.ts's; generated loops poll the word (codegen/loop-poll.ts).
 */
import { checkAbort } from '../../brt/abort.js';
import { KERNEL_STOPPED, watchWhile } from '../../brt/abort-watch.js';
import type { Launch } from '../../brt/api.js';

/** Estimated launch time from which a launch of a kernel with loops runs under the SIGINT guard. */
export const GUARD_MS = 5;

const loopFlags = new WeakMap<object, boolean>();
/** Whether a kernel's code has a loop (its own, an inlined helper's or a fused producer's): only such a
 *  kernel can spin inside one element. */
export function hasLoop(ir: Launch['kernel']['ir']): boolean {
  let v = loopFlags.get(ir);
  if (v === undefined) {
    const walk = (x: unknown): boolean => {
      if (Array.isArray(x)) return x.some(walk);
      if (!x || typeof x !== 'object') return false;
      if ((x as { op?: unknown }).op === 'loop') return true;
      for (const key in x) if (key !== 'type' && key !== 'span' && walk((x as Record<string, unknown>)[key])) return true;
      return false;
    };
    v = walk(ir.body) || walk(ir.helpers) || walk(ir.produce);
    loopFlags.set(ir, v);
  }
  return v;
}

/**
 * Runs kernel code with loops on this thread (`fn`) with the watcher armed on its stop `word`, and turns
 * the kernel's stop (a WebAssembly trap, or KERNEL_STOPPED thrown by a JavaScript kernel, with the word
 * set) into the located BRK5050/BRK5051.
 */
export function stoppable(word: Int32Array, span: Launch['span'], outputs: readonly string[], fn: () => void): void {
  try {
    watchWhile(word, fn); // clears the word first
  } catch (e) {
    if ((e instanceof WebAssembly.RuntimeError || e === KERNEL_STOPPED) && Atomics.load(word, 0) !== 0) checkAbort(span, outputs);
    throw e;
  }
}

/** Names of the streams a launch writes (a stopped launch leaves them with partial results). */
export function outputsOf(launch: Launch): string[] {
  const names = new Set<string>();
  launch.kernel.ir.params.forEach((p, k) => {
    const a = launch.args[k];
    if ((p.role === 'out' || p.role === 'vout' || p.role === 'reduce') && a && a.kind === 'stream') names.add(a.stream.name);
  });
  return [...names];
}
