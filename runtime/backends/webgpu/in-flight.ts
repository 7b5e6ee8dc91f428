/**
 * No silent waits: what the GPU may still be running, and a notice when a cell has to wait for work
 * an earlier cell left behind (an interrupt or the watchdog returned while a dispatch ran on: WebGPU
 * cannot cancel one; `%brook backend cpu` reading the streams back).
 *
 * Every submit notes its last kernel call and, for kernels with loops, the longest the batch can run
 * (its dispatches' positions x loop budget over the device's rate: loop-budget.ts). A wait for the
 * queue (recorder.ts sync, which every read and finish goes through) by a later unit of work (cell)
 * that has not ended after NOTICE_MS writes one line to stderr, which the notebook shows in the
 * waiting cell: "brook: waiting for the GPU to finish kernel 'k' launched by an earlier cell (at most
 * about N s)". Waits of the cell that launched the work say nothing: it is that cell's own time.
 */
import { sessionAbort } from '../../brt/abort.js';

/** How long a wait goes on before it is announced: within the 1 s a user should wait in silence. */
export const NOTICE_MS = 500;

interface Submitted {
  what: string;
  unit: number;
  /** When the batch was submitted, and the longest it can run (Infinity: unknown). */
  at: number;
  worstMs: number;
}

export class InFlight {
  private last: Submitted | null = null;
  /** The last batch of an earlier unit of work, when a later unit submitted since (its reads). */
  private earlier: Submitted | null = null;
  /** The batch last announced, and to which unit: one notice a cell for one wait's cause. */
  private told: { s: Submitted; unit: number } | null = null;
  /** Where notices go (tests replace it). */
  write: (text: string) => void = (t) => process.stderr.write(t);

  /** A batch was submitted: `calls` its kernel calls, `worstMs` the longest its loops can run. */
  note(calls: readonly { what: string }[], worstMs: number): void {
    const what = calls.length > 0 ? calls[calls.length - 1]!.what : this.last?.what ?? 'earlier GPU work';
    const at = performance.now();
    // A batch queued behind one still running adds its time to that one's.
    const unit = sessionAbort().unit;
    if (this.last && this.last.unit !== unit) this.earlier = this.last;
    const before = this.last ? Math.max(0, this.last.at + this.last.worstMs - at) : 0;
    this.last = { what, unit, at, worstMs: before + worstMs };
  }

  /**
   * Waits for `done`; when it takes longer than NOTICE_MS and the work is an earlier cell's, says so.
   * `gpuIdle`: `done` means everything submitted has run (a queue wait), so that work is never named
   * again; false for a wait that can end with the GPU still busy (behind an interrupted cell's drain,
   * which gives up after its grace while the piece runs on: pieces.ts).
   */
  async announced<T>(done: Promise<T>, gpuIdle = true): Promise<T> {
    const unit = sessionAbort().unit;
    const pending = { last: this.last, earlier: this.earlier };
    const s = [this.last, this.earlier].find((x) => x !== null && x.unit !== unit);
    // Told once a cell: a read and its sync wait side by side for the same work.
    const toldAlready = () => this.told !== null && this.told.s === s && this.told.unit === unit;
    const timer = s && !toldAlready()
      ? setTimeout((s: Submitted) => {
          if (toldAlready()) return;
          this.told = { s, unit };
          this.write(`brook: ${waitingText(s)}\n`);
        }, NOTICE_MS, s)
      : undefined;
    try {
      const r = await done;
      if (!gpuIdle) return r;
      // Everything submitted before this wait has run: a later cell's wait must not name it (found by
      // the differential fuzzer: one program's finished kernel named in the next program's long read).
      if (this.earlier === pending.earlier) this.earlier = null;
      if (this.last === pending.last) this.last = null;
      return r;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}

/** "waiting for the GPU to finish kernel 'k' launched by an earlier cell (at most about N s)". */
export function waitingText(s: Submitted): string {
  const left = s.at + s.worstMs - performance.now();
  const bound = s.worstMs > 0 && Number.isFinite(left) ? ` (at most about ${duration(Math.max(left, 0))}; WebGPU cannot cancel a running kernel)` : ' (WebGPU cannot cancel a running kernel)';
  return `waiting for the GPU to finish ${s.what} launched by an earlier cell${bound}`;
}

function duration(ms: number): string {
  const s = ms / 1000;
  if (s < 1) return 'a second';
  if (s < 120) return `${Math.ceil(s)} s`;
  if (s < 7200) return `${Math.ceil(s / 60)} min`;
  if (s < 172800) return `${Math.ceil(s / 3600)} h`;
  return `${Math.ceil(s / 86400)} days`;
}
