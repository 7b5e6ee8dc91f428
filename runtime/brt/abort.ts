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
import { brtError } from './errors.js';

export class AbortState {
  /** Watchdog limit in seconds for each cell or program (undefined: none). */
  timeoutSeconds: number | undefined;
  private deadline = Infinity;
  private startedAt = 0;

  /**
   * `flag` and `index`: the Int32 slot that is non-zero while an interrupt is requested. The kernel passes
   * the gate's shared `pending` slot; alone (tests, `brook run`), a private slot.
   */
  constructor(
    private readonly flag: Int32Array = new Int32Array(new SharedArrayBuffer(4)),
    private readonly index = 0,
    env: Record<string, string | undefined> = process.env,
  ) {
    const t = parseTimeout(env.BROOK_KERNEL_TIMEOUT ?? '');
    this.timeoutSeconds = typeof t === 'number' ? t : undefined;
  }

  /** Arms the watchdog for one unit of work (a cell, a program): its deadline is now + the timeout. */
  begin(): void {
    this.startedAt = performance.now();
    this.deadline = this.timeoutSeconds === undefined ? Infinity : this.startedAt + this.timeoutSeconds * 1000;
  }

  /** Disarms the watchdog (the unit of work ended). */
  end(): void {
    this.deadline = Infinity;
  }

  /** Milliseconds until the deadline (Infinity when unarmed or no timeout). */
  get remainingMs(): number {
    return this.deadline === Infinity ? Infinity : Math.max(0, this.deadline - performance.now());
  }

  requestInterrupt(): void {
    Atomics.store(this.flag, this.index, 1);
  }

  clearInterrupt(): void {
    Atomics.store(this.flag, this.index, 0);
  }

  get interruptRequested(): boolean {
    return Atomics.load(this.flag, this.index) !== 0;
  }

  get timedOut(): boolean {
    return this.deadline !== Infinity && performance.now() >= this.deadline;
  }

  /** Throws BRK5050 (interrupted) or BRK5051 (past the deadline), located at `span`; else returns. */
  check(span?: Span): void {
    if (Atomics.load(this.flag, this.index) !== 0) throw brtError('BRK5050', {}, span);
    if (this.deadline !== Infinity && performance.now() >= this.deadline) {
      const seconds = this.timeoutSeconds ?? 0;
      throw brtError('BRK5051', { seconds, s: seconds === 1 ? '' : 's' }, span);
    }
  }
}

let current = new AbortState();

/** The session's abort state, the one `checkAbort` consults. */
export function sessionAbort(): AbortState {
  return current;
}

/** Installs a session's abort state (the kernel's session does it with its shared interrupt slot). */
export function setSessionAbort(state: AbortState): void {
  current = state;
}

/** Throws the located "interrupted" or "timed out" error if the session asks work to stop. */
export function checkAbort(span?: Span): void {
  current.check(span);
}

/** True when the error is the runtime's interrupt (BRK5050) or timeout (BRK5051). */
export function isAbortError(err: unknown): err is Error & { code: 'BRK5050' | 'BRK5051' } {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'BRK5050' || code === 'BRK5051';
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
    current.check(span);
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
    current.check(span);
    await piece(lo, hi);
  }
}

/**
 * Parses a timeout: a positive number of seconds, or off/none/0 (no timeout: returns null).
 * Returns a string describing the problem for anything else ('' means unset: null).
 */
export function parseTimeout(text: string): number | null | { error: string } {
  const t = text.trim().toLowerCase().replace(/s$/, '');
  if (t === '' || t === 'off' || t === 'none' || t === '0') return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0) return { error: `'${text.trim()}' is not a number of seconds` };
  return n;
}
