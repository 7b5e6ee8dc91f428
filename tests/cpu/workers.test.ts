/**
 * Splitting a launch over worker threads never changes a result: the same launches on a runtime
 * without workers and on one with 3 workers and a tiny threshold must give identical bits.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import type { Stream } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
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
    expect(createCpuRuntime({ cpu: { workers: 1 } }).backend.description).toBe('cpu (JavaScript, 1 worker thread)');
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

/** Two kernels alternating over many launches (a 5-point stencil with exp, and a scaled copy). */
const PINGPONG = `
kernel void diffuse(float2 img[][], float strength, out float2 o<>) {
  float2 p = indexof(o).xy;
  float2 c = img[p];
  float2 w = img[p - float2(1.0f, 0.0f)];
  float2 e = img[p + float2(1.0f, 0.0f)];
  float2 s = img[p - float2(0.0f, 1.0f)];
  float2 n = img[p + float2(0.0f, 1.0f)];
  float4 dI = float4(w.x - c.x, e.x - c.x, s.x - c.x, n.x - c.x);
  float4 dL = float4(w.y - c.y, e.y - c.y, s.y - c.y, n.y - c.y);
  o = float2(c.x, c.y + strength * dot(exp(-(dI * dI) * 20.0f), dL));
}
kernel void scaled(float2 a<>, float k, out float2 o<>) { o = float2(a.x, a.y * k); }
int main() { return 0; }
`;

describe('launches reach the workers through the control block', () => {
  it('many launches of alternating kernels, WebAssembly (values in the block) and JavaScript (data by message), match one thread bit for bit', async () => {
    const c = compile(PINGPONG);
    if (!c.ok) throw new Error(JSON.stringify(c.diagnostics));
    const diffuse = c.kernels.get('diffuse')!;
    const scaled = c.kernels.get('scaled')!;
    const [h, w] = [61, 130];
    const img = Array.from({ length: 2 * h * w }, (_, i) => (i % 2 === 0 ? Math.sin(i * 0.01) : i % 97 === 1 ? 1 : 0));
    const job = async (rt: RT) => {
      const a = rt.createStream('a', F2, [h, w]);
      const b = rt.createStream('b', F2, [h, w]);
      await rt.streamRead(a, img);
      for (let i = 0; i < 30; i++) {
        rt.call(diffuse, [a, 0.2, b]);
        rt.call(i % 3 === 0 ? scaled : diffuse, i % 3 === 0 ? [b, 1.0009765625, a] : [b, 0.2, a]);
      }
      return words(rt, a);
    };
    const one = createCpuRuntime({ cpu: {} });
    const want = await job(one);
    one.dispose();
    for (const wasm of [true, false]) {
      const rt = createCpuRuntime({ cpu: { workers: 3, workerThresholdMs: 0, wasm } });
      expect(await job(rt)).toEqual(want);
      const pool = (rt.backend as unknown as { pool: { splitLaunches: number; launchesByMessage: number; kernelsPosted: number } }).pool;
      expect(pool.splitLaunches).toBeGreaterThanOrEqual(60);
      // Each kernel went to the workers once; WebAssembly launches carried no message.
      expect(pool.kernelsPosted).toBe(2);
      if (wasm) expect(pool.launchesByMessage).toBe(0);
      else expect(pool.launchesByMessage).toBe(pool.splitLaunches);
      rt.dispose();
    }
  });

  it('a stream large enough to be split starts the threads when it is allocated; a small one does not', () => {
    const rt = createCpuRuntime({ cpu: { workers: 1 } });
    const pool = (rt.backend as unknown as { pool: { started: boolean } }).pool;
    rt.createStream('small', F, [1000]);
    expect(pool.started).toBe(false);
    rt.createStream('large', F2, [256, 256]);
    expect(pool.started).toBe(true);
    rt.dispose();
  });
});
