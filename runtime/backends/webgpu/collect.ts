/**
 * Collections of dawn.node's wrappers at quiet points (between notebook cells).
 *
 * Every command encoder, command buffer and buffer has a native Dawn object behind its JS wrapper,
 * freed only when V8 collects the wrapper (a destroyed buffer's memory goes at once; its object, and
 * an encoder's or command buffer's recorded commands, wait). V8 does not see their native size, so
 * in a process with a large heap (the notebook kernel's) a major collection comes seldom, the
 * objects of hundreds of cells pile up, and glibc's heap keeps their high-water mark: a cell with
 * 1M-element streams and a kernel grew the kernel 1.56x over 1,000 re-runs, flat (1.12x) with a
 * collection every 20 cells (docs/DECISIONS.md "Memory over re-runs, measured").
 *
 * So after a cell that submitted GPU work, a major collection runs once CELLS_PER_COLLECTION such
 * cells have passed, on the next turn of the event loop (outside the cell's measured time), and
 * never sooner than COST_FACTOR times the last collection's duration after it: a tight loop of quick
 * cells spends at most a third of its time on it, typically far less (a collection of the kernel's
 * ~90 MiB heap takes tens of milliseconds, against 16 cells); cells typed by hand never notice. With
 * 10x the limit kept too few collections under load (1.20x-1.32x over 1,000 re-runs).
 */
import { fullCollection } from '../../../common/gc.js';

const CELLS_PER_COLLECTION = 16;
const COST_FACTOR = 2;

export class WrapperCollector {
  private cells = 0;
  private lastSubmits = 0;
  private notBefore = 0;
  private scheduled = false;
  /** Collections run (tests read it). */
  collections = 0;

  /** A quiet point; `submits`: the device's submit count now (no new work: nothing to collect).
   *  A collection due runs on the next turn of the event loop, outside the cell's own time. */
  quietPoint(submits: number): void {
    if (submits === this.lastSubmits) return;
    this.lastSubmits = submits;
    if (++this.cells < CELLS_PER_COLLECTION || this.scheduled || performance.now() < this.notBefore) return;
    this.scheduled = true;
    setImmediate(() => this.collect());
  }

  private collect(): void {
    this.scheduled = false;
    const collect = fullCollection();
    if (!collect) return;
    const t0 = performance.now();
    collect();
    const t1 = performance.now();
    this.cells = 0;
    this.collections++;
    this.notBefore = t1 + COST_FACTOR * (t1 - t0);
    if (process.env.BROOK_DEBUG_COLLECT) process.stderr.write(`collect ${(t1 - t0).toFixed(1)} ms\n`);
  }
}
