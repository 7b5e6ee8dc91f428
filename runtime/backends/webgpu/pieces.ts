/// <reference types="@webgpu/types" />
/**
 * Long map launches in pieces, so an interrupt or the watchdog (brt/abort.ts) lands between them.
 *
 * WebGPU cannot cancel work once submitted. So a map launch over many positions records only its first
 * piece of the output domain; the rest waits here. When the host next needs data (a read: `drain`), the
 * pieces are submitted one at a time, each waited for, with `checkAbort` between them; piece sizes adapt
 * so each takes about PIECE_TARGET_MS. Anything else recorded in between (another call, a copy, a
 * write) first records all remaining pieces at once (`recordRest`): program order never changes, only
 * when the host can stop the work.
 *
 * A piece that does not finish (a data-dependent loop that never ends) cannot be stopped between pieces:
 * when the user interrupts (or the watchdog fires) while a piece runs, `drain` gives it HANG_GRACE_MS
 * to end; if it does not, the device is dropped (destroyed) and the failure is BRK5019, after which the
 * runtime carries on on the CPU backend and names the streams whose contents were lost (brt/runtime.ts).
 */
import { checkAbort, sessionAbort } from '../../brt/abort.js';
import { brtError } from '../../brt/errors.js';

/** Positions at or below which a launch is recorded whole (about a millisecond of work on a GPU). */
export const PIECE_MIN = 1 << 18;
/** Positions in the first piece of a longer launch: small, since a piece cannot be stopped once
 *  submitted and its cost is unknown (a data-dependent loop); later pieces are sized from its time. */
export const FIRST_PIECE = 1 << 16;
/** How long one piece aims to take: well inside the < 2 s an interrupt must take to return. */
const PIECE_TARGET_MS = 100;
/** How long a running piece may go on after an interrupt before the device is dropped. */
const HANG_GRACE_MS = 1000;
/** How often a wait looks at the abort state (the main thread is free while it awaits). */
const POLL_MS = 20;

interface Pending {
  next: number;
  total: number;
  size: number;
  record: (lo: number, hi: number) => void;
  span?: unknown;
  what: string;
  /** The unit of work (cell) that made the launch (brt/abort.ts). */
  unit: number;
}

/** What the queue needs from the recorder: submit what is recorded, without recording the rest; and
 *  `dropped`, set when the device is dropped (every later use of the recorder throws it). */
export interface PieceSink {
  readonly device: GPUDevice;
  submitRecorded(): void;
  dropped: Error | null;
}

export class PieceQueue {
  private pending: Pending | null = null;
  private recording = false;
  private draining: Promise<void> | null = null;
  /** The launch being waited for (for messages). */
  current = 'the GPU work';

  constructor(private readonly sink: PieceSink) {}

  get hasPending(): boolean {
    return this.pending !== null;
  }

  /**
   * Records `record(0, total)` now, or (a long launch) its first piece now and the rest for `drain`.
   * `unit`: positions per unit of `record`'s range (a 2-D grid's row length; 1 for positions).
   */
  launch(total: number, record: (lo: number, hi: number) => void, what: string, span?: unknown, unit = 1): void {
    this.recordRest();
    const firstPiece = Math.max(1, Math.ceil(FIRST_PIECE / unit));
    if (total * unit <= PIECE_MIN || this.recording) {
      record(0, total);
      return;
    }
    this.recording = true;
    try {
      record(0, firstPiece);
    } finally {
      this.recording = false;
    }
    this.pending = { next: firstPiece, total, size: firstPiece, record, span, what, unit: sessionAbort().unit };
  }

  /** Records every remaining piece now, without waiting (something else is about to be recorded). */
  recordRest(): void {
    const p = this.pending;
    if (!p || this.recording) return;
    this.pending = null;
    // The cell that made the launch was interrupted: its outputs are partial anyway, run no more of it.
    if (sessionAbort().wasStopped(p.unit)) return;
    this.recording = true;
    try {
      p.record(p.next, p.total);
    } finally {
      this.recording = false;
    }
  }

  /**
   * Submits the remaining pieces one at a time, waiting for each, checking the session's abort state
   * before each (BRK5050 / BRK5051: the rest is not run; the outputs hold the pieces done so far).
   * Work recorded before the first piece (the launch's first piece) is submitted and waited for first.
   */
  drain(): Promise<void> {
    // One drain at a time: a read and the sync that goes with it both ask for it.
    this.draining ??= this.drainAll().finally(() => { this.draining = null; });
    return this.draining;
  }

  private async drainAll(): Promise<void> {
    this.current = this.pending?.what ?? 'the GPU work';
    const abort = sessionAbort();
    this.sink.submitRecorded();
    await this.waitDone(this.pending?.span);
    for (;;) {
      const p = this.pending;
      if (!p) return;
      // The cell that made the launch was interrupted while awaiting it: stop here too.
      if (abort.wasStopped(p.unit)) {
        this.pending = null;
        throw brtError('BRK5050', {}, p.span as never);
      }
      try {
        checkAbort(p.span as never);
      } catch (e) {
        this.pending = null;
        throw e;
      }
      this.current = p.what;
      const hi = Math.min(p.total, p.next + p.size);
      const t0 = performance.now();
      this.recording = true;
      try {
        p.record(p.next, hi);
      } finally {
        this.recording = false;
      }
      p.next = hi;
      if (p.next >= p.total) this.pending = null;
      this.sink.submitRecorded();
      await this.waitDone(p.span);
      const ms = performance.now() - t0;
      p.size = Math.max(1, Math.min(p.size * 8, Math.floor(p.size * PIECE_TARGET_MS / Math.max(ms, 1))));
    }
  }

  /**
   * Waits for the submitted work; if the session asks to stop meanwhile, waits HANG_GRACE_MS more, then
   * drops the device (the work hangs) and throws BRK5019 naming the lost streams.
   */
  private async waitDone(span: unknown): Promise<void> {
    let finished = false;
    const done = this.sink.device.queue.onSubmittedWorkDone().then(() => { finished = true; });
    const abort = sessionAbort();
    const unit = this.pending?.unit ?? abort.unit;
    let timer: NodeJS.Timeout | undefined;
    const stopped = new Promise<void>((resolve) => {
      timer = setInterval(() => {
        if (abort.wasStopped(unit) || abort.interruptRequested || abort.timedOut) resolve();
      }, POLL_MS);
    });
    try {
      await Promise.race([done, stopped]);
      if (finished) return;
      clearInterval(timer);
      await Promise.race([done, new Promise((r) => setTimeout(r, HANG_GRACE_MS))]);
      if (finished) return;
      this.pending = null;
      const lost = brtError('BRK5019', {
        backend: 'WebGPU',
        why: `${what(this)} was still running ${HANG_GRACE_MS / 1000} s after the ${abort.timedOut ? 'timeout' : 'interrupt'}, so the device was dropped (WebGPU cannot cancel a running kernel)`,
      }, span as never);
      // The next use of the backend reports the loss, so the runtime moves the session on (brt/runtime.ts).
      this.sink.dropped = lost;
      // Dawn has no way to cancel a running dispatch: destroying the device is the only way out.
      this.sink.device.destroy();
      throw lost;
    } finally {
      clearInterval(timer);
    }
  }
}

function what(q: PieceQueue): string {
  return q.current;
}
