/**
 * Splitting a launch over worker threads never changes a result: the same launches on a runtime
 * without workers and on one with 3 workers and a tiny threshold must give identical bits.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/brt/index.js';
import type { Stream } from '../../runtime/brt/api.js';
import { F, F2, add, assign, builtin, cst, gat, gather, inp, itr, k, kernel, mul, out, p, P, red, splat, swz } from '../brt/ir.js';

type RT = ReturnType<typeof createCpuRuntime>;

async function words(rt: RT, s: Stream): Promise<number[]> {
  const o = new Float32Array(s.shape.reduce((a, b) => a * b, 1) * s.words);
  await rt.streamWrite(s, o);
  return [...new Uint32Array(o.buffer)];
}

async function scenario(rt: RT) {
  const n = 5000;
  const vals = Array.from({ length: n }, (_, i) => Math.sin(i) * 1000);
  const a = rt.createStream('a', F, [50, 100]);
  await rt.streamRead(a, vals);
  // map: resized input, gather, iterator, constant
  const kk = kernel('k', 'map', [cst('c', F), inp('a', F), gat('g', F, 2), itr('it', F2), out('r', F)], () => [
    assign(P(4), add(mul(p(0), p(1)), add(gather(2, mul(swz(p(3), 0), splat(F, p(0))), mul(swz(p(3), 1), k(F, 20))), swz(p(3), 1)))),
  ]);
  const it = rt.createIter('it', F2, [100, 60], [0, 0], [17, 3]);
  const r = rt.createStream('r', F, [100, 60]);
  rt.call(kk, [0.37, a, a, it, r]);
  const sum = kernel('sum', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(p(1), p(0)))]);
  const total = await rt.reduceToValue(sum, [r, 0]);
  const blocks = rt.createStream('b', F, [10, 6]);
  rt.reduceToStream(sum, [r, blocks]);
  const one = rt.createStream('one', F, [2, 1]);
  rt.reduceToStream(sum, [r, one]); // blocks of 3000: the chunked fold with its stack of partials
  const mx = kernel('mx', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), builtin('max', F, p(1), p(0)))]);
  const big = await rt.reduceToValue(mx, [a, 0]);
  return { r: await words(rt, r), total, blocks: await words(rt, blocks), one: await words(rt, one), big };
}

describe('worker threads', () => {
  it('give bit-identical results to the single-thread run (map, full and partial reductions)', async () => {
    const plain = createCpuRuntime({ cpu: {} });
    const split = createCpuRuntime({ cpu: { workers: 3, workerThresholdMs: 0 } });
    expect(split.backend.description).toContain('3 worker threads');
    const [a, b] = [await scenario(plain), await scenario(split)];
    expect(b.r).toEqual(a.r);
    expect(b.total).toBe(a.total);
    expect(b.blocks).toEqual(a.blocks);
    expect(b.one).toEqual(a.one);
    expect(b.big).toBe(a.big);
    const pool = (split.backend as unknown as { pool: { splitLaunches: number } }).pool;
    // The map, the full reductions and the 10 x 6 blocks; the 2 blocks of 3000 are two positions (no split).
    expect(pool.splitLaunches).toBeGreaterThanOrEqual(3);
    split.dispose();
    plain.dispose();
  });
});
