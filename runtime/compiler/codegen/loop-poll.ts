/**
 * Loop polls: how generated CPU kernel code (codegen/js, codegen/wasm) stays stoppable inside an element.
 *
 * Every loop's back edge counts down one counter per generated function (kernel, reduction, combining
 * step; helpers are inlined, so their loops count too); when it reaches 0 (every LOOP_POLL_EVERY back
 * edges of the function, whatever loop they belong to) the code calls `brk_poll()`. The poll is the
 * runtime's (runtime/brt/abort.ts `pollAbort` on the calling thread, the worker pool's stop word in a
 * worker): it returns, or throws to leave the kernel. A loop-free body never polls: its time per element
 * is bounded, and the backend checks between chunks.
 *
 * Why a countdown and a call, not a load per iteration: the common iteration pays a decrement and a
 * predictable branch, and the cold path can read the clock (the watchdog's deadline) as well as the
 * shared interrupt word. LOOP_POLL_EVERY is measured (docs/DECISIONS.md "Loop polls"): the largest power
 * of two whose time between polls stays far below the 1 s stop bound on a slow body, at a cost the bench
 * cannot tell from noise.
 */

/** Back edges between two polls (a power of two: the WebAssembly writer counts with a mask). */
export const LOOP_POLL_EVERY = 1 << 12;

/** The poll's name: a JavaScript kernel's module parameter, a WebAssembly kernel's import (`m.brk_poll`). */
export const POLL_NAME = 'brk_poll';

/** Back edges between polls, or 0 with BROOK_LOOP_CHECKS=0 (no polls: for the bench's same-run A/B only). */
export function loopPollEvery(env: Record<string, string | undefined> = process.env): number {
  return env.BROOK_LOOP_CHECKS === '0' ? 0 : LOOP_POLL_EVERY;
}
