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
 * A piece that does not finish soon (a data-dependent loop) cannot be stopped: WebGPU has no way to
 * cancel a dispatch, and destroying the device does not help, since Dawn's destroy() waits for the
 * running dispatch (measured on an H100: destroy() returned after the 70 s piece ended; under lavapipe
 * the next Dawn call blocks the same way). So the session keeps the device and its streams: the cell
 * returns at once, a notice says the GPU is still finishing that piece, and the next GPU work waits for it.
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
/** How long a running piece may go on after an interrupt before the user is told it cannot be stopped. */
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

/** What the queue needs from the recorder: submit what is recorded, without recording the rest. */
export interface PieceSink {
  readonly device: GPUDevice;
  submitRecorded(): void;
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
   * `whole`: record it all now (a loop-free kernel of bounded work, bounded.ts).
   */
  launch(total: number, record: (lo: number, hi: number) => void, what: string, span?: unknown, unit = 1, whole = false): void {
    this.recordRest();
    const firstPiece = Math.max(1, Math.ceil(FIRST_PIECE / unit));
    // `whole`: the caller knows the launch is short whatever the data (bounded.ts).
    if (whole || total * unit <= PIECE_MIN || this.recording) {
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
   * Waits for the submitted work, or (the session asks to stop) for HANG_GRACE_MS more at most: then
   * the stop goes ahead (the caller throws) while the GPU finishes the piece, and a notice says so.
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
      // Written to process.stderr: in the kernel, that is the output of the cell running now.
      process.stderr.write(`brook: ${what(this)} is still running on the GPU ${HANG_GRACE_MS / 1000} s after the ${abort.timedOut ? 'timeout' : 'interrupt'}; WebGPU cannot cancel a running kernel, so the next GPU work waits until it ends (its outputs hold partial results)\n`);
      throw abort.timedOut ? abort.timeoutError(span as never) : brtError('BRK5050', {}, span as never);
    } finally {
      clearInterval(timer);
    }
  }
}

function what(q: PieceQueue): string {
  return q.current;
}
