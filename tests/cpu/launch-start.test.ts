/**
 * The start of a program's launches on the CPU backend (issue 27, multi-core): a kernel's first call
 * also compiles it, and that time must not be taken for the kernel's cost (it cut segmentation's first
 * launch into 13,000 chunks of 20 positions); worker threads started ahead (prestartWorkers, which
 * `brook run` calls before compiling) are adopted by the next pool of their size and give the same
 * bits as the calling thread alone.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { CpuExecutor } from '../../runtime/backends/cpu/execute.js';
import type { CpuKernel } from '../../runtime/backends/cpu/kernels.js';
import { prestartWorkers, WorkerPool } from '../../runtime/backends/cpu/workers.js';
import type { Launch } from '../../runtime/brt/api.js';
import { NO_SPAN } from '../../runtime/compiler/source.js';
import { F, add, assign, gat, gather, k, kernel, mul, out, p, P, swz, itr, F2 } from '../brt/ir.js';

/**
 * A kernel whose first call takes `firstMs` (what compiling costs) and then 1 ns a position, on a clock
 * the kernel itself moves: the executor's chunk sizes come from that clock, so the count of calls is
 * exact on any machine, loaded or not.
 */
function slowFirstCall(firstMs: number): { kernel: CpuKernel; calls: () => number; now: () => number } {
  let calls = 0;
  let clock = 0;
  const run = (_L: Record<string, unknown>, lo: number, hi: number) => {
    clock += calls++ === 0 ? firstMs : (hi - lo) * 1e-6;
  };
  return { kernel: { run, combine: undefined, combineAt: undefined, source: '' } as unknown as CpuKernel, calls: () => calls, now: () => clock };
}

describe('CPU launch start', () => {
  it("a kernel's slow first call (its compile) is measured again, not taken for its cost", () => {
    const ir = kernel('cheap', 'map', [out('o', F)], () => [assign(P(0), k(F, 1))]).ir;
    const launch = { kernel: { ir }, args: [], span: NO_SPAN } as unknown as Launch;
    const { kernel: c, calls, now } = slowFirstCall(3);
    const exec = new CpuExecutor(null, undefined as never, now);
    exec.execute(c, {}, 1 << 18, launch);
    // Probes of 16, 16, 64, 256, 1024 positions, then chunks of ~5 ms at the measured (tiny) cost:
    // a handful of calls. Trusting the first call's 3 ms for 16 positions made ~16,000 calls of 16.
    expect(calls()).toBeLessThan(20);
    expect(calls()).toBeGreaterThanOrEqual(3); // probed, then the rest
  });

  it('prestarted workers are adopted by the next pool of their size, and split launches keep their bits', async () => {
    prestartWorkers(2);
    const pool = new WorkerPool({ workers: 2 });
    expect(pool.started).toBe(true); // adopted: started before any launch
    pool.dispose();
    prestartWorkers(1);
    const rt = createCpuRuntime({ cpu: { workers: 1, workerThresholdMs: 0 } });
    const plain = createCpuRuntime({ cpu: { workers: 0 } });
    const stencil = kernel('st', 'map', [gat('g', F, 2), itr('it', F2), out('o', F)], () => [
      assign(P(2), add(gather(0, swz(p(1), 0), swz(p(1), 1)), mul(gather(0, add(swz(p(1), 0), k(F, 1)), swz(p(1), 1)), k(F, 0.5)))),
    ]);
    const results: Uint32Array[] = [];
    for (const r of [rt, plain]) {
      const g = r.createStream('g', F, [300, 200]);
      await r.streamRead(g, Float32Array.from({ length: 60000 }, (_, i) => Math.cos(i) * 100));
      const it = r.createIter('it', F2, [300, 200], [0, 0], [200, 300]);
      const o = r.createStream('o', F, [300, 200]);
      r.call(stencil, [g, it, o]);
      const back = new Float32Array(60000);
      await r.streamWrite(o, back);
      results.push(new Uint32Array(back.buffer));
    }
    const split = (rt.backend as unknown as { pool: WorkerPool }).pool;
    expect(split.started).toBe(true);
    expect(split.splitLaunches).toBeGreaterThanOrEqual(1);
    expect(results[0]!.every((w, i) => w === results[1]![i])).toBe(true);
    rt.dispose();
    plain.dispose();
  });
});
