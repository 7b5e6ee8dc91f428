/**
 * TransferClock (runtime/brt/transfer-clock.ts): streamRead/streamWrite time for `%%brook --time`.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime, TransferClock } from '../../runtime/backends/index.js';
import { F } from './ir.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('TransferClock', () => {
  it('counts the time any copy is in flight: overlapping copies are not counted twice', async () => {
    const clock = new TransferClock();
    const started = performance.now();
    await Promise.all([clock.time(() => sleep(40)), clock.time(() => sleep(40)), clock.time(() => sleep(40))]);
    const elapsed = performance.now() - started;
    const t = clock.totals();
    expect(t.copies).toBe(3);
    // Three 40 ms copies at once: about 40 ms, never the 120 ms of their sum, never more than passed.
    expect(t.ms).toBeGreaterThanOrEqual(35);
    expect(t.ms).toBeLessThanOrEqual(elapsed + 0.01);
  });

  it('a failing copy still stops the clock', async () => {
    const clock = new TransferClock();
    await expect(clock.time(async () => { await sleep(5); throw new Error('bad copy'); })).rejects.toThrow('bad copy');
    const before = clock.totals();
    await sleep(20);
    expect(clock.totals()).toEqual(before);
    expect(before.copies).toBe(1);
  });

  it('the runtime times streamRead and streamWrite (creating a stream is no copy), failed copies included', async () => {
    const rt = createCpuRuntime();
    try {
      const n = 1 << 18;
      const s = rt.createStream('s', F, [n]);
      const h = Float32Array.from({ length: n }, (_, i) => i * 0.5);
      const afterCreate = rt.transfers.totals();
      expect(afterCreate).toEqual({ ms: 0, copies: 0 });
      await rt.streamRead(s, h);
      const o = new Float32Array(n);
      await rt.streamWrite(s, o);
      expect(o).toEqual(h);
      const t = rt.transfers.totals();
      expect(t.copies).toBe(2);
      expect(t.ms).toBeGreaterThan(0);
      // A failed copy (host array too short) is timed too, and the runtime carries on.
      await expect(rt.streamWrite(s, new Float32Array(4))).rejects.toThrow();
      expect(rt.transfers.totals().copies).toBe(3);
    } finally {
      rt.dispose();
    }
  });
});
