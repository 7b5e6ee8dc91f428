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
import { brtError } from './errors.js';

export class AbortState {
  /** Watchdog limit in seconds for each cell or program (undefined: none). */
  timeoutSeconds: number | undefined;
  private deadline = Infinity;
  /** Which unit of work this state stands for now: an interrupt request names the token it is for. */
  private token = 1;
  /** Number of the current unit of work (one per begin()); work started in a unit records it. */
  unit = 0;
  /** Units that were stopped (interrupt or timeout handled): work they left behind is dropped, not run. */
  private readonly stoppedUnits = new Set<number>();

  /**
   * `slots`: two Int32 slots in shared memory, [pending, timedOut]: `pending` holds the token of the work
   * an interrupt was requested for (0: none), `timedOut` the token of the work the watchdog stopped. The
   * kernel passes the interrupt gate's slots (kernel/interrupt-gate.ts), so its control thread can write
   * them; alone (tests, `brook run`), private ones.
   */
  constructor(
    private readonly slots: Int32Array = new Int32Array(new SharedArrayBuffer(8)),
    env: Record<string, string | undefined> = process.env,
  ) {
    const t = parseTimeout(env.BROOK_KERNEL_TIMEOUT ?? '');
    this.timeoutSeconds = typeof t === 'number' ? t : undefined;
  }

  /**
   * Arms the watchdog for one unit of work (a cell, a program): its deadline is now + the timeout.
   * `token` (the kernel's cell sequence number) makes a request meant for earlier work not stop this one.
   */
  begin(token = 1): void {
    this.token = token;
    this.unit++;
    this.deadline = this.timeoutSeconds === undefined ? Infinity : performance.now() + this.timeoutSeconds * 1000;
  }

  /** Disarms the watchdog (the unit of work ended). */
  end(): void {
    this.deadline = Infinity;
  }

  /** Whether unit `unit` was stopped by an interrupt or the watchdog (its leftover work must not run). */
  wasStopped(unit: number): boolean {
    return this.stoppedUnits.has(unit);
  }

  /** What the watcher thread (abort-watch.ts) compares: the slots, the current token, the deadline as epoch ms. */
  watchData(): { slots: Int32Array; token: number; deadlineEpochMs: number } {
    return { slots: this.slots, token: this.token, deadlineEpochMs: this.deadline === Infinity ? Infinity : performance.timeOrigin + this.deadline };
  }

  /** Milliseconds until the deadline (Infinity when unarmed or no timeout). */
  get remainingMs(): number {
    return this.deadline === Infinity ? Infinity : Math.max(0, this.deadline - performance.now());
  }

  /** Asks the current work to stop (`timedOut`: because the watchdog's time ran out). */
  requestInterrupt(timedOut = false): void {
    if (timedOut) Atomics.store(this.slots, 1, this.token);
    Atomics.store(this.slots, 0, this.token);
  }

  /** Forgets a request for the current work (the session reported it). */
  clearInterrupt(): void {
    if (Atomics.compareExchange(this.slots, 0, this.token, 0) === this.token) {
      this.stoppedUnits.add(this.unit);
      if (this.stoppedUnits.size > 64) this.stoppedUnits.delete(this.stoppedUnits.values().next().value!);
    }
    Atomics.compareExchange(this.slots, 1, this.token, 0);
  }

  get interruptRequested(): boolean {
    return Atomics.load(this.slots, 0) === this.token;
  }

  /** The watchdog stopped the current work, or its deadline has passed. */
  get timedOut(): boolean {
    return Atomics.load(this.slots, 1) === this.token || (this.deadline !== Infinity && performance.now() >= this.deadline);
  }

  /**
   * Throws BRK5050 (interrupted) or BRK5051 (past the deadline), located at `span`; else returns.
   * `outputs`: the streams the stopped kernel call writes (the message names them as holding partial results).
   */
  check(span?: Span, outputs?: readonly string[]): void {
    const requested = Atomics.load(this.slots, 0) === this.token;
    if (requested && Atomics.load(this.slots, 1) !== this.token) throw brtError('BRK5050', { partial: partialText(outputs) }, span);
    if (requested || (this.deadline !== Infinity && performance.now() >= this.deadline)) throw this.timeoutError(span, outputs);
  }

  timeoutError(span?: Span, outputs?: readonly string[]): Error {
    const seconds = this.timeoutSeconds ?? 0;
    return brtError('BRK5051', { seconds, s: seconds === 1 ? '' : 's', partial: partialText(outputs) }, span);
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
export function checkAbort(span?: Span, outputs?: readonly string[]): void {
  current.check(span, outputs);
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
 * Runs a CPU launch (`fn`) located at its call's `span`, writing `outputs`. `mayRunLong`: the backend
 * expects it may spin (a kernel with loops never measured, or a long one); then it runs under the launch
 * guard, if any, and SIGINT ending it becomes the located BRK5050 here (naming the outputs).
 * A throw from inside passes through unchanged.
 */
export function whileLaunching(span: Span | undefined, outputs: readonly string[], fn: () => void, mayRunLong = false): void {
  if (mayRunLong && launchGuard) {
    if (launchGuard(fn) === 'sigint') {
      current.requestInterrupt();
      current.check(span, outputs);
    }
  } else {
    fn();
  }
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
