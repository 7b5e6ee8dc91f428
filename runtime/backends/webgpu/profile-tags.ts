/// <reference types="@webgpu/types" />
/**
 * Device time per profiled operation (`Backend.profileTag` / `profileTimes`, used by runtime/profile).
 *
 * The profile marks each operation (kernel call, reduction, copy) with a tag before it runs.
 * - With timestamp queries (GpuTimer): the open compute pass ends at every mark, so each tag's
 *   dispatches get passes of their own, each with a timestamp pair; pass times are summed per tag.
 *   A batch is submitted before its timestamp pairs run out, so no pass goes untimed.
 * - Without: every mark submits what the previous operation recorded, and a tag's time runs from its
 *   first submit (or the end of the work before it, if later) to the moment the queue reports its
 *   work done: device wall time, as fine as Dawn's event polling.
 * Marks only end passes and submit earlier; the work and its order are unchanged.
 */
import type { ProfileTimes } from '../../brt/api.js';
import type { GpuContext } from './context.js';
import type { TagTime } from './timer.js';

export class ProfileTags {
  private current: number | null = null;
  private readonly completion = new Map<number, TagTime>();
  private firstSubmit: number | null = null;
  private lastDone = 0;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: GpuContext) {}

  mark(tag: number | null): void {
    const rec = this.ctx.rec;
    rec.endPass();
    const timer = this.ctx.timer;
    if (timer) {
      if (timer.pairsLeft < 8) rec.flush();
      timer.tag = tag;
    } else {
      if (this.current !== null) {
        rec.flush();
        this.close(this.current);
      }
      this.firstSubmit = null;
      rec.onEachSubmit = tag === null ? null : () => void (this.firstSubmit ??= performance.now());
    }
    this.current = tag;
  }

  /** The work of `tag` is submitted: time it to its completion. */
  private close(tag: number): void {
    const start = this.firstSubmit;
    if (start === null) return;
    this.firstSubmit = null;
    const doneAt = this.ctx.device.queue.onSubmittedWorkDone().then(() => performance.now());
    this.tail = this.tail.then(async () => {
      const done = await doneAt;
      const t = this.completion.get(tag) ?? { ns: 0, passes: 0, untimedPasses: 0 };
      t.ns += Math.max(0, done - Math.max(start, this.lastDone)) * 1e6;
      t.passes++;
      this.completion.set(tag, t);
      this.lastDone = Math.max(this.lastDone, done);
    });
  }

  /** Submit, wait, and give the time of every tag so far. */
  async times(): Promise<ProfileTimes> {
    const timer = this.ctx.timer;
    this.ctx.rec.flush();
    if (timer) {
      await this.ctx.device.queue.onSubmittedWorkDone();
      await timer.settle();
      return { source: 'timestamps', byTag: new Map([...timer.byTag].map(([k, v]) => [k, { ...v }])) };
    }
    if (this.current !== null) this.close(this.current);
    await this.tail;
    return { source: 'completion', byTag: new Map([...this.completion].map(([k, v]) => [k, { ...v }])) };
  }

  /** Forget the times of earlier tags (a new profile starts). */
  reset(): void {
    this.ctx.timer?.byTag.clear();
    this.completion.clear();
    this.lastDone = 0;
  }
}
