/**
 * Loop polls: how generated CPU kernel code (codegen/js, codegen/wasm) stays stoppable inside an element.
 *
 * Every loop's back edge counts one counter per generated function (kernel, reduction, combining step;
 * helpers are inlined, so their loops count too); every LOOP_POLL_EVERY back edges of the function,
 * whatever loop they belong to, the code polls. A loop-free body never polls: its time per element is
 * bounded, and the backend checks between chunks.
 * - JavaScript: `Atomics.load(brk_w, 0)`, the module's stop word (an Int32Array over shared memory), and
 *   `throw brk_stop` when it is set. In a worker the word is the pool's STOP word; on the calling thread,
 *   brt/abort-watch.ts MAIN_STOP_WORD.
 * - WebAssembly: an atomic load of the stop word at STOP_WORD_ADDRESS of the kernel's shared memory (the
 *   CPU arena keeps those bytes for it), and `unreachable` when it is set.
 * Not a call to a poll function: a call in the loop, even on the cold path, cost 27-38% on a
 * one-operation WebAssembly loop (V8 spilled the loop's values around it every iteration) and ~25% on the
 * JavaScript sgemv; a load and a throw or trap (cold code to V8) cost nothing measurable. So the kernel
 * cannot read the clock or the interrupt slot itself: while the calling thread runs a kernel with loops, a
 * watcher thread (runtime/brt/abort-watch.ts) sets the word when the session asks to stop (interrupt or
 * deadline); the calling thread sets the workers' words when it stops a launch.
 *
 * Why a countdown: the common iteration pays an add and a predictable branch. LOOP_POLL_EVERY is measured
 * (docs/DECISIONS.md "Loop polls"): polls often enough that a slow body still stops well inside 1 s, at a
 * cost the bench's same-run A/B cannot tell from noise.
 */

/** Back edges between two polls (a power of two: the WebAssembly writer counts with a mask). */
export const LOOP_POLL_EVERY = 1 << 12;

/** A JavaScript kernel's module parameters: the stop word (Int32Array) and what its loops throw. */
export const STOP_WORD_NAME = 'brk_w';
export const STOP_NAME = 'brk_stop';

/** Byte address of the WebAssembly kernels' stop word (an i32; nonzero: leave the kernel). */
export const STOP_WORD_ADDRESS = 0;

/** Back edges between polls, or 0 with BROOK_LOOP_CHECKS=0 (no polls: for the bench's same-run A/B only). */
export function loopPollEvery(env: Record<string, string | undefined> = process.env): number {
  return env.BROOK_LOOP_CHECKS === '0' ? 0 : LOOP_POLL_EVERY;
}
