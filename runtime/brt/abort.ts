/**
 * Cancellation: the one place long runtime work asks "should I stop?".
 *
 * A session (the notebook kernel, `brook run`) has one `AbortState`: an interrupt flag and a watchdog
 * deadline. Work that can run long (a CPU launch, a WebGPU launch split into pieces, a host loop) calls
 * `checkAbort(span)` between chunks; it throws a located BrookRuntimeError:
 * - BRK5050 when the user interrupted (the kernel's interrupt_request, Ctrl-C),
 * - BRK5051 when the watchdog's time ran out (BROOK_KERNEL_TIMEOUT seconds, or `%brook timeout N`).
 *
 * Why a flag in shared memory: while a CPU kernel spins on the main thread, no message and no timer
 * callback can arrive there. The kernel's control thread writes the interrupt request into a
 * SharedArrayBuffer slot (the interrupt gate's `pending` slot, kernel/interrupt-gate.ts), which a check
 * reads with one Atomics.load. The deadline is a plain clock comparison for the same reason.
 *
 * Usage by a backend:
 *   forEachChunk(n, (lo, hi) => { for (let i = lo; i < hi; i++) body(i); }, span);   // sync, adaptive
 *   checkAbort(span);                                                                // between pieces
 * A check costs ~50 ns (an Atomics.load and a performance.now()); `forEachChunk` sizes chunks so checks
 * come every ~5 ms, so an interrupt stops a CPU kernel well inside 100 ms.
 *
 * Inside an element: generated CPU kernel loops read a stop word every LOOP_POLL_EVERY back edges
 * (compiler/codegen/loop-poll.ts), so a loop that never ends can be left. While the calling thread runs
 * such a kernel, the watcher thread (abort-watch.ts) compares this state's slot and deadline for it and
 * sets the word; the CPU backend then raises `check`'s located error, naming the streams the call writes
 * (they hold partial results). Worker threads never read these slots: the calling thread decides (in its
 * own chunks, and every 10 ms while it waits for them) and sets the workers' stop words (backends/cpu/workers.ts).
 *
 * Clearing the request is the session's job (it reports the interrupt, then clears the gate), not the
 * checker's: a check that throws leaves the flag set, so every later check in the same cell throws too
 * and nothing after the interrupted launch runs by accident.
 */
import type { Span } from '../compiler/source.js';
import { AbortState, isAbortError, parseTimeout, sessionAbort, setSessionAbort, setStopErrors } from '../../common/abort-state.js';
import { brtError } from './errors.js';

// The state machine and the session's current state live in common/abort-state.ts (the kernel arms them
// too); the runtime adds the located errors and the chunked loops that check.
export { AbortState, isAbortError, parseTimeout, sessionAbort, setSessionAbort };

setStopErrors((reason, seconds, span, outputs) =>
  reason === 'interrupted'
    ? brtError('BRK5050', { partial: partialText(outputs) }, span as Span | undefined)
    : brtError('BRK5051', { seconds, s: seconds === 1 ? '' : 's', partial: partialText(outputs) }, span as Span | undefined));

/** Throws the located "interrupted" or "timed out" error if the session asks work to stop. */
export function checkAbort(span?: Span, outputs?: readonly string[]): void {
  sessionAbort().check(span, outputs);
}

/** "stream 'r' holds partial results" / "streams 'a', 'b' hold ..." / the general words when unknown. */
export function partialText(outputs?: readonly string[]): string {
  if (!outputs || outputs.length === 0) return 'streams written by the stopped kernel call hold partial results';
  const names = outputs.map((n) => `'${n}'`).join(', ');
  return outputs.length === 1 ? `stream ${names} holds partial results` : `streams ${names} hold partial results`;
}

/**
 * How a CPU launch that may run long is made reachable by SIGINT, or null (the notebook kernel: its cells
 * already run inside breakOnSigint, and its interrupts come through the shared slot). `brook run` sets one
 * (cli/sigint.ts): it runs `launch` inside a vm breakOnSigint script and says whether SIGINT ended it.
 * Why: while a kernel spins on the main thread, no 'SIGINT' listener can run, so a signal never reaches
 * the shared slot by itself; Node's SIGINT watchdog thread can still terminate the script.
 */
export type LaunchGuard = (launch: () => void) => 'done' | 'sigint';
let launchGuard: LaunchGuard | null = null;

/** Installs (or with null removes) the guard for long CPU launches; returns the one it replaces. */
export function setLaunchGuard(guard: LaunchGuard | null): LaunchGuard | null {
  const old = launchGuard;
  launchGuard = guard;
  return old;
}

/**
 * How a wait for the device (a read, a finish: the runtime's awaits) is made reachable by SIGINT, or null.
 * `brook run` sets one (cli/sigint.ts): a 'SIGINT' listener that requests an interrupt, held only while
 * the runtime awaits, so GPU work stops at its next check with the located BRK5050. Only then: a listener
 * held all the time would turn Ctrl-C during a spinning host loop (which no listener can reach) from
 * Node's default exit into a hang.
 */
export type WaitGuard = <T>(wait: () => Promise<T>) => Promise<T>;
let waitGuard: WaitGuard | null = null;

/** Installs (or with null removes) the guard for the runtime's awaits; returns the one it replaces. */
export function setWaitGuard(guard: WaitGuard | null): WaitGuard | null {
  const old = waitGuard;
  waitGuard = guard;
  return old;
}

/** Runs one of the runtime's awaits under the wait guard, if any. */
export function whileWaiting<T>(wait: () => Promise<T>): Promise<T> {
  return waitGuard ? waitGuard(wait) : wait();
}

/**
 * Runs a CPU launch (`fn`) located at its call's `span`, writing `outputs`. `mayRunLong`: the backend
 * expects it may spin (a kernel with loops never measured, or a long one); then it runs under the launch
 * guard, if any, and SIGINT ending it becomes the located BRK5050 here (naming the outputs).
 * A throw from inside passes through unchanged.
 */
export function whileLaunching(span: Span | undefined, outputs: readonly string[], fn: () => void, mayRunLong = false): void {
  if (mayRunLong && launchGuard) {
    if (launchGuard(fn) === 'sigint') {
      sessionAbort().requestInterrupt();
      sessionAbort().check(span, outputs);
    }
  } else {
    fn();
  }
}

/** How long one chunk of `forEachChunk` aims to take: short enough for a < 100 ms interrupt. */
const CHUNK_TARGET_MS = 5;

/**
 * Runs `body(lo, hi)` over [0, total) in chunks, calling `checkAbort(span)` before each chunk. Chunks start
 * at `firstChunk` items and are resized from the measured time so each takes about 5 ms, so a slow body
 * (a heavy kernel) is checked often and a fast one pays almost nothing for the checks.
 */
export function forEachChunk(total: number, body: (lo: number, hi: number) => void, span?: Span, firstChunk = 256): void {
  let size = Math.max(1, firstChunk);
  for (let lo = 0; lo < total;) {
    sessionAbort().check(span);
    const hi = Math.min(total, lo + size);
    const t0 = performance.now();
    body(lo, hi);
    const ms = performance.now() - t0;
    // Grow at most 8x per step (a chunk that was fast because it was cheap may be followed by costly ones).
    size = ms <= 0 ? size * 8 : Math.max(1, Math.min(size * 8, Math.floor((size * CHUNK_TARGET_MS) / ms)));
    lo = hi;
  }
}

/**
 * The async form for work that submits and awaits (WebGPU pieces): `piece(lo, hi)` for each of `pieces`
 * ranges in turn, checking between them. The await lets the event loop deliver interrupt messages too.
 */
export async function forEachPiece(ranges: readonly (readonly [number, number])[], piece: (lo: number, hi: number) => Promise<void> | void, span?: Span): Promise<void> {
  for (const [lo, hi] of ranges) {
    sessionAbort().check(span);
    await piece(lo, hi);
  }
}
