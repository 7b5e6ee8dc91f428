/**
 * Loop polls: how generated CPU kernel code (codegen/js, codegen/wasm) stays stoppable inside an element.
 *
 * Every loop's back edge counts one counter per generated function (kernel, reduction, combining step;
 * helpers are inlined, so their loops count too); every LOOP_POLL_EVERY back edges of the function,
 * whatever loop they belong to, the code polls. A loop-free body never polls: its time per element is
 * bounded, and the backend checks between chunks.
 * - JavaScript: the poll is a call, `brk_poll()` (a module parameter): runtime/brt/abort.ts `pollAbort` on
 *   the calling thread (it reads the interrupt slot and the clock), the pool's STOP word in a worker. It
 *   returns, or throws to leave the kernel.
 * - WebAssembly: an atomic load of the stop word at STOP_WORD_ADDRESS of the kernel's shared memory (the
 *   CPU arena keeps those bytes for it), and `unreachable` when it is set. A call there cost 27-38% on a
 *   one-operation loop (V8 spilled the loop's values around it every iteration); the load costs nothing
 *   measurable. Someone must set the word: the calling thread when it stops workers, and a watcher thread
 *   (runtime/brt/abort-watch.ts) while the calling thread itself runs a WebAssembly kernel.
 *
 * Why a countdown: the common iteration pays an add and a predictable branch. LOOP_POLL_EVERY is measured
 * (docs/DECISIONS.md "Loop polls"): polls often enough that a slow body still stops well inside 1 s, at a
 * cost the bench's same-run A/B cannot tell from noise.
 */

/** Back edges between two polls (a power of two: the WebAssembly writer counts with a mask). */
export const LOOP_POLL_EVERY = 1 << 12;

/** The poll's name: a JavaScript kernel's module parameter. */
export const POLL_NAME = 'brk_poll';

/** Byte address of the WebAssembly kernels' stop word (an i32; nonzero: leave the kernel). */
export const STOP_WORD_ADDRESS = 0;

/** Back edges between polls, or 0 with BROOK_LOOP_CHECKS=0 (no polls: for the bench's same-run A/B only). */
export function loopPollEvery(env: Record<string, string | undefined> = process.env): number {
  return env.BROOK_LOOP_CHECKS === '0' ? 0 : LOOP_POLL_EVERY;
}
