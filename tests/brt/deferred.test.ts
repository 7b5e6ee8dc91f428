/**
 * Deferred intermediates of fused groups (runtime/brt/deferred.ts): an intermediate the program may
 * still read is left unwritten with the call that made it, which runs again only if something may
 * read it or change that call's inputs. On the CPU and the WebGPU backend (lavapipe here), fusion on
 * against fusion off: the streams the host reads must be identical word for word, whatever happened
 * in between (inputs overwritten by copies, by kernels, swapped), and match a float64 reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend, CompiledKernel, Launch, Stream } from '../../runtime/brt/api.js';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { compile } from '../../runtime/compiler/index.js';
import { FLOAT } from '../../runtime/compiler/types.js';

const SOURCE = `
kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
kernel void add1(float x<>, out float y<>) { y = x + 1.0f; }
kernel void corner(float g[][], float z<>, out float y<>) { y = g[float2(1.0f, 2.0f)] + z; }
int main() { return 0; }
`;

const runtimes = new Map<string, { rt: BrookRuntimeHandle; k: Map<string, CompiledKernel> }>();

beforeAll(async () => {
  for (const backend of ['cpu', 'webgpu'] as const) {
    for (const mode of ['on', 'off'] as const) {
      const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', fusion: mode, stdout: () => {}, cpu: { workers: 0 } });
      const out = compile(SOURCE, { fileName: 'deferred.br' });
      if (!out.ok) throw new Error('compile');
      runtimes.set(`${backend}:${mode}`, { rt, k: out.kernels });
    }
  }
}, 60_000);
afterAll(() => {
  for (const { rt } of runtimes.values()) rt.dispose();
});

/** Quarters: products and short sums stay exact in float32. */
function data(n: number, seed: number): Float32Array {
  let x = seed * 7919 + 1;
  return Float32Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return Math.round((-4 + (8 * x) / 2147483648) * 4) / 4;
  });
}

async function stream(rt: BrookRuntimeHandle, name: string, shape: number[], init?: Float32Array): Promise<Stream> {
  const s = rt.createStream(name, FLOAT, shape);
  await rt.streamRead(s, init ?? new Float32Array(shape.reduce((a, b) => a * b, 1)));
  return s;
}

async function host(rt: BrookRuntimeHandle, s: Stream): Promise<number[]> {
  const out = new Float32Array(s.shape.reduce((a, b) => a * b, 1));
  await rt.streamWrite(s, out);
  return Array.from(out);
}

type Scenario = (rt: BrookRuntimeHandle, k: (name: string) => CompiledKernel) => Promise<Record<string, number[]>>;

/** Runs `scenario` with fusion on and off; the results must be identical. Returns the fused run's
 *  results, the kernels its backend ran (by name) and the deferral counts. */
async function bothWays(backend: 'cpu' | 'webgpu', scenario: Scenario) {
  const ran: string[] = [];
  const results: Record<string, number[]>[] = [];
  let stats = { deferred: 0, materialized: 0, dropped: 0 };
  for (const mode of ['on', 'off'] as const) {
    const { rt, k } = runtimes.get(`${backend}:${mode}`)!;
    const be = rt.backend as Backend;
    const saved = { run: be.run, reduceBlocks: be.reduceBlocks };
    if (mode === 'on') {
      be.run = (l: Launch) => (ran.push(l.kernel.ir.name), saved.run.call(be, l));
      be.reduceBlocks = (l: Launch, t) => (ran.push(l.kernel.ir.name), saved.reduceBlocks.call(be, l, t));
    }
    const before = { ...rt.fusion.deferred.stats };
    try {
      results.push(await scenario(rt, (name) => k.get(name)!));
      await rt.finish();
    } finally {
      Object.assign(be, saved);
    }
    if (mode === 'on') {
      const s = rt.fusion.deferred.stats;
      stats = { deferred: s.deferred - before.deferred, materialized: s.materialized - before.materialized, dropped: s.dropped - before.dropped };
      expect(rt.fusion.deferred.pending).toBe(0);
    }
  }
  expect(results[0]).toEqual(results[1]);
  return { out: results[0]!, ran, stats };
}

const m = 6;
const n = 40;
const A = data(m * n, 1);
const X = data(n, 2);
const X2 = data(n, 3);
const rowSums = (a: Float32Array, x: Float32Array) => Array.from({ length: m }, (_, i) => Math.fround(x.reduce((s, v, j) => s + a[i * n + j]! * v, 0)));
const products = (a: Float32Array, x: Float32Array) => Array.from(a, (v, i) => Math.fround(v * x[i % n]!));

for (const backend of ['cpu', 'webgpu'] as const) {
  describe(`deferred intermediates on ${backend}`, () => {
    it("Figure 3's loop: mul(A, x, T); sum(T, y); finish() three times, then free(T): T is never written", async () => {
      const r = await bothWays(backend, async (rt, k) => {
        const [a, x, t, y] = [await stream(rt, 'A', [m, n], A), await stream(rt, 'x', [1, n], X), await stream(rt, 'T', [m, n]), await stream(rt, 'y', [m, 1])];
        for (let i = 0; i < 3; i++) {
          rt.call(k('mul'), [a, x, t]);
          rt.reduceToStream(k('sum'), [t, y]);
          await rt.finish();
        }
        const out = { y: await host(rt, y) };
        rt.free(t);
        for (const s of [a, x, y]) rt.free(s);
        return out;
      });
      expect(r.ran).toEqual(['mul+sum', 'mul+sum', 'mul+sum']);
      expect(r.stats).toEqual({ deferred: 3, materialized: 0, dropped: 3 });
      expect(r.out.y).toEqual(rowSums(A, X));
    });

    it('reading T runs mul then; a whole copy into x, an in-place kernel on A and a swap run it first, with the old inputs', async () => {
      const r = await bothWays(backend, async (rt, k) => {
        const [a, x, x2, t, y] = [await stream(rt, 'A', [m, n], A), await stream(rt, 'x', [1, n], X), await stream(rt, 'x2', [1, n], X2), await stream(rt, 'T', [m, n]), await stream(rt, 'y', [m, 1])];
        const out: Record<string, number[]> = {};
        // A print of y leaves T waiting; a read of T runs mul.
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        await rt.streamPrint(y);
        out.T1 = await host(rt, t);
        // A copy over x (an input of the recipe): T is made from the old x first.
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        await rt.finish();
        await rt.streamRead(x, X2);
        out.T2 = await host(rt, t);
        // A kernel writing A in place: T is made from the old A first.
        rt.call(k('mul'), [a, x2, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        rt.call(k('add1'), [a, a]);
        out.T3 = await host(rt, t);
        out.A = await host(rt, a);
        // A swap of x (X2 now) and x2 (X again): T is made from x as it was.
        await rt.streamRead(x2, X);
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        rt.streamSwap(x, x2);
        out.T4 = await host(rt, t);
        out.y = await host(rt, y);
        for (const s of [a, x, x2, t, y]) rt.free(s);
        return out;
      });
      expect(r.stats).toEqual({ deferred: 4, materialized: 4, dropped: 0 });
      const A1 = Float32Array.from(A, (v) => v + 1);
      expect(r.out.T1).toEqual(products(A, X));
      expect(r.out.T2).toEqual(products(A, X));
      expect(r.out.T3).toEqual(products(A, X2));
      expect(r.out.A).toEqual(Array.from(A1));
      expect(r.out.T4).toEqual(products(A1, X2));
      expect(r.out.y).toEqual(rowSums(A1, X2));
    });

    it('a gather of T and a reduction of T to a value run mul first', async () => {
      const r = await bothWays(backend, async (rt, k) => {
        const [a, x, t, y, z] = [await stream(rt, 'A', [m, n], A), await stream(rt, 'x', [1, n], X), await stream(rt, 'T', [m, n]), await stream(rt, 'y', [m, 1]), await stream(rt, 'z', [4])];
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        await rt.finish();
        rt.call(k('corner'), [t, z, z]);
        const out: Record<string, number[]> = { z: await host(rt, z) };
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        await rt.finish();
        const total = await rt.reduceToValue(k('sum'), [t, 0]);
        out.total = Array.isArray(total) ? total : [total];
        for (const s of [a, x, t, y, z]) rt.free(s);
        return out;
      });
      expect(r.stats).toEqual({ deferred: 2, materialized: 2, dropped: 0 });
      expect(r.out.z).toEqual(new Array(4).fill(Math.fround(A[2 * n + 1]! * X[1]!)));
      expect(r.out.total![0]).toBeCloseTo(products(A, X).reduce((p, q) => p + q, 0), 3);
    });
  });
}
