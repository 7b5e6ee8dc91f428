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

setStopErrors((reason, seconds, span) =>
  reason === 'interrupted' ? brtError('BRK5050', {}, span as Span | undefined) : brtError('BRK5051', { seconds, s: seconds === 1 ? '' : 's' }, span as Span | undefined));

/** Throws the located "interrupted" or "timed out" error if the session asks work to stop. */
export function checkAbort(span?: Span): void {
  sessionAbort().check(span);
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
