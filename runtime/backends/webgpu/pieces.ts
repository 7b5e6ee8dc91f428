/// <reference types="@webgpu/types" />
/**
 * Long map launches in pieces, so an interrupt or the watchdog (brt/abort.ts) lands between them.
 *
 * WebGPU cannot cancel work once submitted. So a map launch over many positions records only its first
 * piece of the output domain; the rest waits here. When the host next needs data (a read: `drain`), the
 * pieces are submitted one at a time, each waited for, with `checkAbort` between them; piece sizes adapt
 * so each takes about the schedule's targetMs (compiler/schedule/pieces.ts). Anything else recorded in between (another call, a copy, a
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
import { budgetFailure, loopBudget, unwaitedBudget, withBudget, type LoopStatusWords } from './loop-budget.js';
import { planPieces, type PieceSchedule } from '../../compiler/kernels.js';
import type { InFlight } from './in-flight.js';

/** How long a running piece may go on after an interrupt before the user is told it cannot be stopped. */
const HANG_GRACE_MS = 1000;
/** How often a wait looks at the abort state (the main thread is free while it awaits). */
const POLL_MS = 20;
/** The loop budget of a waited piece's first try (loop-budget.ts); each re-run has LOOP_GROWTH
 *  times more, over LOOP_GROWTH times fewer positions, so a try takes about as long as the last. */
const FIRST_TRY_BUDGET = 1 << 10;
const LOOP_GROWTH = 4;

/** A launch of a kernel with loops (budget.ts). */
export interface LoopLaunch {
  /** Its outputs are a pure function of inputs it does not write: a piece may be run again. */
  rerun: boolean;
  /** Iterations per millisecond the device runs at least (loop-budget.ts iterationsPerMs). */
  rate: number;
  /** The kernel's tag in the status word (loop-budget.ts kernelTag). */
  tag: number;
}

interface Pending {
  next: number;
  total: number;
  size: number;
  record: (lo: number, hi: number) => void;
  span?: unknown;
  what: string;
  /** The unit of work (cell) that made the launch (brt/abort.ts). */
  unit: number;
  loops?: LoopLaunch;
  /** The loop budget of the next waited piece's try. */
  budget: number;
  /** The first piece ran with a try's budget (it must run again unless `drain` finds it complete). */
  firstTried?: boolean;
}

/** What the queue needs from the recorder: submit what is recorded, without recording the rest. */
export interface PieceSink {
  readonly device: GPUDevice;
  /** Where a wait for an earlier cell's GPU work is announced (in-flight.ts). */
  readonly inFlight: Pick<InFlight, 'announced'>;
  submitRecorded(ownStatus?: boolean): (() => Promise<LoopStatusWords>) | null;
  /** Reports a batch's loop status at the next sync, as for any batch. */
  checkStatus(status: () => Promise<LoopStatusWords>): void;
}

export class PieceQueue {
  private pending: Pending | null = null;
  private recording = false;
  private draining: Promise<void> | null = null;
  /** The loop status of the batch that took the pending launch's first piece, for `drain` to decide
   *  on (a re-run of that piece) or, if the rest is recorded unwaited, for the next sync. */
  private firstStatus: (() => Promise<LoopStatusWords>) | null = null;
  /** The launch being waited for (for messages). */
  current = 'the GPU work';

  /** Sizes of pieces (the schedule's; a test may force others: WebGPUBackendOptions.schedule). */
  schedule: PieceSchedule = planPieces();

  constructor(private readonly sink: PieceSink) {}

  get hasPending(): boolean {
    return this.pending !== null;
  }

  /** A piece is being recorded now (the recorder submits no batch in the middle of it). */
  get isRecording(): boolean {
    return this.recording;
  }

  /** The pending launch has loops: the batch with its first piece keeps its status for `drain`. */
  get wantsStatus(): boolean {
    return this.pending?.loops !== undefined;
  }

  /** The status of the batch submitted with the pending launch's first piece (recorder.ts). */
  keepStatus(status: (() => Promise<LoopStatusWords>) | null): void {
    if (status) this.firstStatus = status;
  }

  /** The kept status goes to the next sync as any batch's (its piece will not be tried again). */
  private releaseStatus(): void {
    if (this.firstStatus) this.sink.checkStatus(this.firstStatus);
    this.firstStatus = null;
  }

  /**
   * Records `record(0, total)` now, or (a long launch) its first piece now and the rest for `drain`.
   * `unit`: positions per unit of `record`'s range (a 2-D grid's row length; 1 for positions).
   * `whole`: record it all now (a loop-free kernel of bounded work, bounded.ts).
   */
  launch(total: number, record: (lo: number, hi: number) => void, what: string, span?: unknown, unit = 1, whole = false, loops?: LoopLaunch): void {
    this.recordRest();
    const firstPiece = Math.max(1, Math.ceil(this.schedule.first / unit));
    // Recorded with work behind it, nothing can re-run it: the session's budget, or what fits the deadline.
    const unwaited = (lo: number, hi: number) => (loops ? withBudget(unwaitedBudget((hi - lo) * unit, loops.rate), () => record(lo, hi)) : record(lo, hi));
    // `whole`: the caller knows the launch is short whatever the data (bounded.ts). A kernel with
    // loops goes in pieces from the first piece's size on, so a piece that spent a try's budget can run again
    // with more, and an interrupt or the watchdog lands between tries (the endless kernel
    // over 2^18 elements was one unstoppable dispatch).
    const least = loops ? this.schedule.first : this.schedule.wholeAtMost;
    if (whole || total * unit <= least || this.recording) {
      unwaited(0, total);
      return;
    }
    // A launch that may run again tries its first piece with a small budget too: `drain` runs it again
    // with more if it spent it, and `recordRest` records it again with the rest. So an endless loop
    // in the first piece does not hold the GPU for the session's whole budget.
    const tryBudget = loops?.rerun ? Math.min(FIRST_TRY_BUDGET, unwaitedBudget(firstPiece * unit, loops.rate)) : 0;
    // (recording: no batch is submitted in the middle, so the try's status reaches `drain`.)
    this.recording = true;
    try {
      if (tryBudget > 0) withBudget(tryBudget, () => record(0, firstPiece));
      else unwaited(0, firstPiece);
    } finally {
      this.recording = false;
    }
    this.pending = { next: firstPiece, total, size: firstPiece, record, span, what, unit: sessionAbort().unit, loops, budget: Math.min(FIRST_TRY_BUDGET, loopBudget()), firstTried: tryBudget > 0 };
  }

  /** Records every remaining piece now, without waiting (something else is about to be recorded). */
  recordRest(): void {
    const p = this.pending;
    if (!p || this.recording) return;
    this.pending = null;
    // A first piece that ran with a try's budget runs again with the rest, so its try's spent budget
    // is no error (another kernel's in the same batch still is).
    if (p.firstTried && this.firstStatus && p.loops) {
      const st = this.firstStatus;
      const tag = p.loops.tag;
      this.firstStatus = async () => {
        const w = await st();
        return w.word >>> 12 === tag ? { ...w, word: 0 } : w;
      };
    }
    this.releaseStatus();
    // The cell that made the launch was interrupted: its outputs are partial anyway, run no more of it.
    if (sessionAbort().wasStopped(p.unit)) return;
    const from = p.firstTried ? 0 : p.next;
    this.recording = true;
    try {
      if (p.loops) withBudget(unwaitedBudget((p.total - from) * p.unit, p.loops.rate), () => p.record(from, p.total));
      else p.record(p.next, p.total);
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
    const unit = sessionAbort().unit;
    if (!this.draining) {
      this.drainingUnit = unit;
      this.draining = this.drainAll().finally(() => { this.draining = null; });
    }
    // A drain an earlier (interrupted) cell started ends with that cell's error, not this one's:
    // wait for it, then drain what is left (tests/kernel/gpu-wait.test.ts). That wait can last the
    // drain's grace (1 s) and is announced like any wait for an earlier cell's work: CI once saw a
    // next cell wait 1.2 s in silence, the piece ending just inside the grace.
    if (this.drainingUnit !== unit) {
      const behind = this.sink.inFlight.announced(this.draining.catch(() => undefined), false);
      return behind.then(() => (this.pending ? this.drain() : undefined));
    }
    return this.draining;
  }

  /** The unit of work (cell) whose read started the running drain. */
  private drainingUnit = 0;

  private async drainAll(): Promise<void> {
    this.current = this.pending?.what ?? 'the GPU work';
    const abort = sessionAbort();
    // The launch's first piece, recorded before: it may be tried again like the others.
    const first = this.pending;
    const submitted = this.sink.submitRecorded(first?.loops !== undefined);
    const firstStatus = this.firstStatus;
    this.firstStatus = null;
    if (submitted && firstStatus) this.sink.checkStatus(firstStatus);
    await this.waitDone(first?.span);
    // (A batch submitted just now holds the first piece if nothing was kept.)
    const fs = submitted ? await submitted() : firstStatus ? await firstStatus() : null;
    if (first && this.pending === first) first.firstTried = false;
    if (fs && fs.word !== 0) {
      if (!first || this.pending !== first) throw budgetFailure(fs, first?.span);
      this.spent(first, fs, 0, first.next, fs.budget);
    }
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
      const lo = p.next;
      const hi = Math.min(p.total, lo + p.size);
      // A kernel with loops: a try with the piece's budget. A launch that writes what it reads
      // cannot be re-run, so it gets unwaitedBudget at once: the session's budget, or under a
      // watchdog deadline what fits the time left (no try may outlast it).
      const cap = p.loops ? unwaitedBudget((hi - lo) * p.unit, p.loops.rate) : 0;
      const budget = p.loops ? (p.loops.rerun ? Math.min(p.budget, cap) : cap) : 0;
      const t0 = performance.now();
      this.recording = true;
      try {
        if (p.loops) withBudget(budget, () => p.record(lo, hi));
        else p.record(lo, hi);
      } finally {
        this.recording = false;
      }
      p.next = hi;
      if (p.next >= p.total) this.pending = null;
      const status = this.sink.submitRecorded(p.loops !== undefined);
      await this.waitDone(p.span);
      const ms = performance.now() - t0;
      const s = status ? await status() : null;
      if (s && s.word !== 0) {
        this.spent(p, s, lo, hi, budget);
        continue;
      }
      p.size = Math.max(1, Math.min(p.size * 8, Math.floor(p.size * this.schedule.targetMs / Math.max(ms, 1))));
    }
  }

  /**
   * A try of [lo, hi) of `p` with `budget` spent it (status `s`): the piece runs again with
   * LOOP_GROWTH times the budget over LOOP_GROWTH times fewer positions (exact: its outputs depend
   * only on inputs it does not write), or, when the session's budget was spent, the launch cannot be
   * re-run, or the deadline leaves no room for a larger try, the error (BRK5070 / BRK5051).
   */
  private spent(p: Pending, s: LoopStatusWords, lo: number, hi: number, budget: number): void {
    const full = loopBudget();
    const size = Math.max(1, Math.floor((hi - lo) / LOOP_GROWTH));
    const ours = p.loops !== undefined && s.word >>> 12 === p.loops.tag;
    if (!ours || !p.loops!.rerun || budget >= full || budget >= unwaitedBudget(size * p.unit, p.loops!.rate)) {
      this.pending = null;
      throw budgetFailure(s, p.span);
    }
    p.budget = Math.min(full, budget * LOOP_GROWTH);
    p.next = lo;
    p.size = size;
    this.pending = p;
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
