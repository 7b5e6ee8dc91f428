/**
 * Interrupts without races: which cell an interrupt is for, and when the control thread may raise SIGINT.
 *
 * Two rules:
 * 1. An interrupt stops the cell that was running when it arrived, never a later one. Every unit of work
 *    (a cell, the user_expressions after it) gets a sequence number; a request records the number of the
 *    work running then, and only that work honours it. An interrupt while idle is dropped (as ipykernel
 *    does). So however an interrupt and the next execute_request interleave, the next cell runs.
 * 2. SIGINT only lands inside cell code. While a breakOnSigint script runs, Node's watchdog owns SIGINT
 *    and turns it into an exception in the script. When the script ends, the watchdog puts back a handler
 *    that kills the process on SIGINT, and only a moment later vm re-adds the process's own 'SIGINT'
 *    listeners: a SIGINT landing in that moment kills the kernel.
 *
 * Shared memory, four Int32 slots:
 *   [0] where:    (seq << 2) | mode, mode OUTSIDE / INSIDE (cell code runs) / SIGNALLING (SIGINT on its
 *                 way); seq 0 = idle. One slot, so "the same cell is still inside" is one compareExchange.
 *   [1] pending:  seq of the work an interrupt was requested for (0: none)      } read by common/abort-state.ts,
 *   [2] timedOut: seq of the work the watchdog stopped (0: none)                } so CPU kernels see them
 *   [3] unused.
 *
 * Protocol:
 * - main, cell start: where = seq|OUTSIDE.  Cell end: where = 0; clear pending/timedOut if they name seq.
 * - main, first thing inside the script (enter): where = seq|INSIDE; if pending == seq, throw Interrupted.
 * - main, last thing inside the script (leave): compareExchange(where, seq|INSIDE -> seq|OUTSIDE); if it finds
 *   SIGNALLING, SIGINT is on its way, so it waits (still inside the script) for the signal to stop it.
 * - control thread, on interrupt_request (request): w = where; idle -> dropped. Else pending = seq(w),
 *   then reads `where` again: if INSIDE, compareExchange(where, seq|INSIDE -> seq|SIGNALLING): success means
 *   raise SIGINT; otherwise the main thread is told by message (it rejects the cell's awaits), and its
 *   next enter or runtime check sees `pending`. (Reading `where` after writing `pending`, as the main
 *   thread reads `pending` after writing `where`, is what makes "entered just then" impossible to miss.)
 */
import { AbortState } from '../common/abort-state.js';
import { InterruptedError } from './interrupted.js';

export const GATE_OUTSIDE = 0;
export const GATE_INSIDE = 1;
export const GATE_SIGNALLING = 2;
/** Sequence numbers stay below 2^29 so seq << 2 fits an Int32 (they wrap, skipping 0). */
const SEQ_LIMIT = 1 << 29;

export type RequestOutcome = 'idle' | 'older' | 'signal' | 'message';

/** When a request was sent (microseconds, the client's clock) and by which client session. */
export interface RequestStamp {
  date: number;
  session: string;
}

/** An ISO date to microseconds since the epoch, keeping sub-millisecond digits (jupyter_client sends them). */
export function dateMicros(date: string): number {
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) return Number.NaN;
  const frac = /\.(\d+)/.exec(date)?.[1] ?? '';
  return ms * 1000 + Number((frac.slice(3, 6) || '0').padEnd(3, '0'));
}

/** A client session id as a number that fits a Float64 slot exactly (FNV-1a, 32 bits); 0 for none. */
export function sessionHash(session: string): number {
  if (!session) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < session.length; i++) h = Math.imul(h ^ session.charCodeAt(i), 0x01000193);
  return (h >>> 0) || 1;
}

export class InterruptGate {
  private seq = 0;
  private lastSeq = 0;
  private depth = 0;
  /** The runtime's view of the same slots: CPU kernels and GPU pieces check it (common/abort-state.ts, runtime/brt/abort.ts). */
  readonly abort: AbortState;

  /**
   * `slots`: 4 Int32s; `cell`: 2 Float64s [request date, session hash] of the running cell. Private buffers
   * when nothing else raises interrupts (tests, `brook execute`).
   */
  constructor(
    private readonly slots: Int32Array = new Int32Array(new SharedArrayBuffer(16)),
    private readonly debug: (text: string) => void = () => {},
    private readonly cell: Float64Array = new Float64Array(new SharedArrayBuffer(16)),
  ) {
    this.abort = new AbortState(slots.subarray(1, 3));
  }

  /** The sequence number of the running work (0: idle). */
  get current(): number {
    return this.seq;
  }

  /**
   * A unit of work starts: later requests name it; earlier ones no longer count. Returns its number.
   * `sent`: when the client sent the request (stored before the number, so a reader of the number sees it).
   */
  begin(sent?: RequestStamp): number {
    this.lastSeq = this.lastSeq + 1 >= SEQ_LIMIT ? 1 : this.lastSeq + 1;
    this.seq = this.lastSeq;
    this.depth = 0;
    this.cell[0] = sent?.date ?? Number.NaN;
    this.cell[1] = sessionHash(sent?.session ?? '');
    Atomics.store(this.slots, 0, this.seq << 2 | GATE_OUTSIDE);
    this.abort.begin(this.seq);
    return this.seq;
  }

  /** The work ended: idle again; a request for it that is still recorded is forgotten. */
  end(): void {
    Atomics.store(this.slots, 0, 0);
    this.abort.clearInterrupt();
    this.abort.end();
    this.seq = 0;
  }

  enter(): void {
    if (this.depth++ > 0) return;
    Atomics.store(this.slots, 0, this.seq << 2 | GATE_INSIDE);
    if (this.pending) {
      // Leave through the protocol: the control thread may have seen INSIDE and be raising SIGINT now.
      this.leave();
      throw new InterruptedError();
    }
  }

  leave(): void {
    if (--this.depth > 0) return;
    this.depth = 0;
    const inside = this.seq << 2 | GATE_INSIDE;
    if (Atomics.compareExchange(this.slots, 0, inside, this.seq << 2 | GATE_OUTSIDE) !== (this.seq << 2 | GATE_SIGNALLING)) return;
    // SIGINT is on its way: wait for the watchdog to end this script (bounded, should the signal be lost).
    this.debug('gate: waiting for SIGINT');
    // A plain loop, not Atomics.wait: V8 stops a loop for the watchdog at once; a futex wait it may not.
    const until = Date.now() + 2000;
    while (Date.now() < until) { /* the signal ends this */ }
    this.debug('gate: no SIGINT came in 2 s');
    Atomics.store(this.slots, 0, this.seq << 2 | GATE_OUTSIDE);
  }

  /** After an interrupt was handled (or the script ended by one): outside, nothing pending for this work. */
  handled(): void {
    this.depth = 0;
    if (this.seq !== 0) Atomics.store(this.slots, 0, this.seq << 2 | GATE_OUTSIDE);
    this.abort.clearInterrupt();
  }

  /** An interrupt was requested for the running work. */
  get pending(): boolean {
    return this.seq !== 0 && Atomics.load(this.slots, 1) === this.seq;
  }

  /** The watchdog stopped the running work (its request, or its deadline passed). */
  get timedOut(): boolean {
    return this.seq !== 0 && this.abort.timedOut;
  }

  /** This thread asks the running work to stop (a SIGINT handler, the watchdog's timer). */
  requestHere(timedOut = false): void {
    if (this.seq !== 0) this.abort.requestInterrupt(timedOut);
  }

  /**
   * Control thread: records a request for the work running now. 'signal': the caller must now raise
   * SIGINT; 'message': tell the main thread; 'idle': nothing runs, the request is dropped. `forSeq`: only
   * if that work is still the one running (the watchdog's timer).
   */
  static request(slots: Int32Array, options: { timedOut?: boolean; forSeq?: number; sent?: RequestStamp; cell?: Float64Array } = {}): RequestOutcome {
    const w = Atomics.load(slots, 0);
    const seq = w >>> 2;
    if (seq === 0 || (options.forSeq !== undefined && options.forSeq !== seq)) return 'idle';
    // Sent by the same client before it sent the running cell (an interrupt while idle, racing the next
    // execute_request): not meant for this cell. Only within one client session, whose clock dates both.
    const { sent, cell } = options;
    if (sent && cell && Number.isFinite(sent.date) && cell[1] !== 0 && sessionHash(sent.session) === cell[1] && sent.date < cell[0]!) return 'older';
    if (options.timedOut) Atomics.store(slots, 2, seq);
    Atomics.store(slots, 1, seq);
    // Look again after recording the request: the main thread stores INSIDE, then reads `pending`; this
    // thread stores `pending`, then reads `where`. One of the two sees the other's store, so a cell that
    // entered its script in between (and missed `pending`) is seen INSIDE here and gets the signal.
    for (let w2 = Atomics.load(slots, 0); w2 >>> 2 === seq; w2 = Atomics.load(slots, 0)) {
      if ((w2 & 3) === GATE_SIGNALLING) return 'message'; // another request's SIGINT is on its way
      if ((w2 & 3) !== GATE_INSIDE) return 'message'; // its next enter() or runtime check sees `pending`
      if (Atomics.compareExchange(slots, 0, w2, seq << 2 | GATE_SIGNALLING) === w2) return 'signal';
    }
    return 'message';
  }

  /** Control thread: is the work `seq` still running with a request recorded for it? */
  static stillPending(slots: Int32Array, seq: number): boolean {
    return Atomics.load(slots, 0) >>> 2 === seq && Atomics.load(slots, 1) === seq;
  }
}
