/**
 * TransferClock (runtime/brt/transfer-clock.ts): streamRead/streamWrite time for `%%brook --time`.
 * The clock's arithmetic is checked on a clock the test moves by hand (exact, whatever the machine's
 * load); the runtime's own clock is performance.now.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime, TransferClock } from '../../runtime/backends/index.js';
import { AbortState, sessionAbort, setSessionAbort } from '../../common/abort-state.js';
import { F } from './ir.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A clock moved by hand, and copies that end when the test says. */
function handClock() {
  let t = 1000;
  return {
    now: () => t,
    advance: (ms: number) => void (t += ms),
    /** A copy in flight until its `finish` is called. */
    copy() {
      let finish!: () => void;
      const done = new Promise<void>((r) => (finish = r));
      return { run: () => done, finish };
    },
  };
}

describe('TransferClock', () => {
  it('counts the time any copy is in flight: overlapping copies are not counted twice', async () => {
    const h = handClock();
    const clock = new TransferClock(() => 1, h.now);
    const [a, b, c] = [h.copy(), h.copy(), h.copy()];
    const all = Promise.all([clock.time(a.run), clock.time(b.run)]);
    h.advance(10);
    const late = clock.time(c.run); // starts 10 ms after the first two
    h.advance(30);
    a.finish();
    b.finish();
    await all;
    expect(clock.totals()).toEqual({ ms: 40, copies: 2 }); // the third is still in flight: it counts up to now
    h.advance(20);
    c.finish();
    await late;
    h.advance(100); // nothing in flight: no time counted
    // 0..60 ms with at least one copy in flight: 60, not the 40 + 40 + 50 of their sum.
    expect(clock.totals()).toEqual({ ms: 60, copies: 3 });
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
      // A failed copy (host array too short) is timed too, and the runtime carries on.
      await expect(rt.streamWrite(s, new Float32Array(4))).rejects.toThrow();
      expect(rt.transfers.totals().copies).toBe(3);
    } finally {
      rt.dispose();
    }
  });

  it('a copy belongs to the unit of work that started it: one still in flight when the next cell starts is not that cell\'s', async () => {
    let unit = 1;
    const h = handClock();
    const clock = new TransferClock(() => unit, h.now);
    // The interrupted cell's readback, still waiting for the GPU.
    const readback = h.copy();
    const leftover = clock.time(readback.run);
    h.advance(10);
    unit = 2; // the next cell starts (and compiles) while that readback is in flight
    const t0 = clock.totals();
    h.advance(30);
    readback.finish();
    await leftover;
    const own = h.copy();
    const mine = clock.time(own.run);
    h.advance(5);
    own.finish();
    await mine;
    const t1 = clock.totals();
    // Only the cell's own copy: never the 30 ms the earlier cell's readback overlapped it (run would go below zero).
    expect(t1.copies - t0.copies).toBe(1);
    expect(t1.ms - t0.ms).toBe(5);
    // The earlier cell's copy is still on its own clock, whole.
    expect(clock.totals(1)).toEqual({ ms: 40, copies: 1 });
  });

  it('old units are forgotten, except one with a copy still in flight', async () => {
    let unit = 1;
    const clock = new TransferClock(() => unit);
    let finish!: () => void;
    const stuck = clock.time(() => new Promise<void>((r) => { finish = r; }));
    for (unit = 2; unit <= 30; unit++) await clock.time(async () => {});
    expect(clock.totals(2)).toEqual({ ms: 0, copies: 0 });
    expect(clock.totals(30).copies).toBe(1);
    finish();
    await stuck;
    expect(clock.totals(1).copies).toBe(1);
  });

  it('the runtime\'s clock takes the unit from the session (sessionAbort().unit), at the copy\'s start', async () => {
    const saved = sessionAbort();
    const abort = new AbortState(undefined, {});
    setSessionAbort(abort);
    const rt = createCpuRuntime();
    try {
      abort.begin(1);
      const s = rt.createStream('s', F, [1024]);
      await rt.streamRead(s, new Float32Array(1024).fill(2));
      const first = abort.unit;
      const write = rt.streamWrite(s, new Float32Array(1024));
      abort.begin(2); // the next cell begins before the copy is awaited
      await write;
      expect(rt.transfers.totals()).toEqual({ ms: 0, copies: 0 });
      expect(rt.transfers.totals(first).copies).toBe(2);
    } finally {
      rt.dispose();
      setSessionAbort(saved);
    }
  });
});
