/**
 * The stop state of a unit of work (a cell, a program): an interrupt flag in shared memory and a watchdog
 * deadline. Shared by the kernel, which arms it and writes interrupt requests (kernel/interrupt-gate.ts,
 * kernel/session.ts), and the runtime, which checks it between chunks of long work (runtime/brt/abort.ts:
 * checkAbort, forEachChunk, forEachPiece). It lives here, below both, so the kernel never imports the
 * runtime; runtime/brt/abort.ts installs the located Brook errors a check throws (setStopErrors).
 *
 * The stop errors carry code BRK5050 (interrupted) or BRK5051 (the watchdog; messages in
 * runtime/compiler/messages/runtime.ts): the kernel reports a stopped cell by those codes.
 */

export type StopReason = 'interrupted' | 'timeout';
/**
 * Makes the error a check throws; `span` is where the work stopped (a compiler Span, opaque here),
 * `outputs` the streams the stopped kernel call writes (the message names them as holding partial results).
 */
export type StopErrorMaker = (reason: StopReason, seconds: number, span?: unknown, outputs?: readonly string[]) => Error;

/** Until the runtime installs its located errors: plain errors with the same codes. */
let makeStopError: StopErrorMaker = (reason, seconds) =>
  Object.assign(new Error(reason === 'interrupted' ? 'interrupted' : `stopped by the watchdog after ${seconds} second${seconds === 1 ? '' : 's'}`), {
    code: reason === 'interrupted' ? 'BRK5050' : 'BRK5051',
  });

/** Installs the errors checks throw (runtime/brt/abort.ts: BrookRuntimeErrors located at the span). */
export function setStopErrors(make: StopErrorMaker): void {
  makeStopError = make;
}

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

  /** What the watcher thread (runtime/brt/abort-watch.ts) compares: the slots, the current token, the deadline as epoch ms. */
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
  check(span?: unknown, outputs?: readonly string[]): void {
    const requested = Atomics.load(this.slots, 0) === this.token;
    if (requested && Atomics.load(this.slots, 1) !== this.token) throw makeStopError('interrupted', 0, span, outputs);
    if (requested || (this.deadline !== Infinity && performance.now() >= this.deadline)) throw this.timeoutError(span, outputs);
  }

  timeoutError(span?: unknown, outputs?: readonly string[]): Error {
    return makeStopError('timeout', this.timeoutSeconds ?? 0, span, outputs);
  }
}

let current = new AbortState();

/** The session's abort state, the one the runtime's checks consult. */
export function sessionAbort(): AbortState {
  return current;
}

/** Installs a session's abort state (the kernel's session does it with its shared interrupt slot). */
export function setSessionAbort(state: AbortState): void {
  current = state;
}

/** True when the error is the runtime's interrupt (BRK5050) or timeout (BRK5051). */
export function isAbortError(err: unknown): err is Error & { code: 'BRK5050' | 'BRK5051' } {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'BRK5050' || code === 'BRK5051';
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
