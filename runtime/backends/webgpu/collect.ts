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
 * cells have passed, and never sooner than COST_FACTOR times the last collection's duration after
 * it: at most ~10% of the time of a run of quick cells goes to it however large the heap (a
 * collection of the kernel's ~90 MiB heap takes tens of milliseconds; cells typed by hand are seconds
 * apart, so there it is unnoticed).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const CELLS_PER_COLLECTION = 16;
const COST_FACTOR = 10;

let gcFn: (() => void) | null | undefined;

/** V8's gc(): the exposed one (node --expose-gc), else exposed now for this use. */
function gc(): (() => void) | null {
  if (gcFn !== undefined) return gcFn;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (gcFn = exposed);
  try {
    v8.setFlagsFromString('--expose-gc');
    gcFn = vm.runInNewContext('gc') as () => void;
  } catch {
    gcFn = null;
  }
  return gcFn;
}

export class WrapperCollector {
  private cells = 0;
  private lastSubmits = 0;
  private notBefore = 0;
  /** Collections run (tests read it). */
  collections = 0;

  /** A quiet point; `submits`: the device's submit count now (no new work: nothing to collect). */
  quietPoint(submits: number): void {
    if (submits === this.lastSubmits) return;
    this.lastSubmits = submits;
    if (++this.cells < CELLS_PER_COLLECTION || performance.now() < this.notBefore) return;
    const collect = gc();
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
