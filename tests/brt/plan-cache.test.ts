/**
 * Reused kernel-call plans (brt/plan-cache.ts): a loop of calls on the same streams skips
 * planLaunch, but any change planning depends on plans anew. On both backends, every result is
 * checked against a float64 recurrence computed here: streams swapped (streamSwap) between calls,
 * a freed stream (the error, not a stale plan), constants that change (numbers and an array the
 * caller mutates), domains of the same stream, and an in-place call (same stream in and out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { createCpuRuntime, createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { vec } from '../../runtime/compiler/types.js';
import * as launchModule from '../../runtime/brt/launch.js';

const F4 = vec('float', 4);
const runtimes: Record<'cpu' | 'webgpu', BrookRuntimeHandle> = {} as never;
let step: CompiledKernel;
let axpb: CompiledKernel;
beforeAll(async () => {
  runtimes.cpu = createCpuRuntime({ stdout: () => {} });
  runtimes.webgpu = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
  const src = [
    'kernel void step(float4 x<>, float a, float b, out float4 y<>) { y = a * x + b; }',
    'kernel void axpb(float4 x<>, float2 ab, out float4 y<>) { y = ab.x * x + ab.y; }',
    'int main() { return 0; }',
  ].join('\n');
  const out = compile(src, { fileName: 'plans.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  step = out.kernels.get('step')!;
  axpb = out.kernels.get('axpb')!;
});
afterAll(() => {
  runtimes.cpu?.dispose();
  runtimes.webgpu?.dispose();
});

/** a * x + b in float32, both roundings (halves and small integers: exact either way). */
const f = (a: number, x: number, b: number) => Math.fround(Math.fround(a * x) + b);

async function read(rt: BrookRuntimeHandle, s: Parameters<BrookRuntimeHandle['streamWrite']>[0], n: number): Promise<Float32Array> {
  const out = new Float32Array(n);
  await rt.streamWrite(s, out);
  return out;
}

function mismatch(got: Float32Array, want: Float64Array): number {
  for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) return i;
  return -1;
}

for (const backend of ['cpu', 'webgpu'] as const) {
  describe(`plan reuse (${backend})`, () => {
    it('ping-pong, then streamSwap with larger streams, and constants that change', async () => {
      const rt = runtimes[backend];
      const n = 24;
      const m = 64;
      const X = rt.createStream('x', F4, [n]);
      const Y = rt.createStream('y', F4, [n]);
      const Xs = rt.createStream('xs', F4, [m]);
      const Ys = rt.createStream('ys', F4, [m]);
      const hx = Float32Array.from({ length: 4 * n }, (_, i) => (i % 16) - 8);
      const hs = Float32Array.from({ length: 4 * m }, (_, i) => (i % 5) + 100);
      await rt.streamRead(X, hx);
      await rt.streamRead(Y, new Float32Array(4 * n));
      await rt.streamRead(Xs, hs);
      await rt.streamRead(Ys, new Float32Array(4 * m));
      let wx = Float64Array.from(hx);
      let wy = new Float64Array(4 * n);
      const call = (a: number, b: number, fwd: boolean) => {
        rt.call(step, fwd ? [X, a, b, Y] : [Y, a, b, X]);
        const [src, dst] = fwd ? [wx, wy] : [wy, wx];
        for (let i = 0; i < dst.length; i++) dst[i] = f(a, src[i]!, b);
      };
      for (let c = 0; c < 6; c++) call(0.5, 1, c % 2 === 0);
      // X and Y now name the larger streams' storage: a stale plan would run over 24 elements only.
      rt.streamSwap(X, Xs);
      rt.streamSwap(Y, Ys);
      const big = [wx, wy];
      wx = Float64Array.from(hs);
      wy = new Float64Array(4 * m);
      for (let c = 0; c < 6; c++) call(c < 3 ? 0.5 : 2, c === 4 ? -1 : 1, c % 2 === 0);
      expect(mismatch(await read(rt, X, 4 * m), wx)).toBe(-1);
      expect(mismatch(await read(rt, Y, 4 * m), wy)).toBe(-1);
      expect(mismatch(await read(rt, Xs, 4 * n), big[0]!)).toBe(-1);
      expect(mismatch(await read(rt, Ys, 4 * n), big[1]!)).toBe(-1);
      for (const s of [X, Y, Xs, Ys]) rt.free(s);
    });

    it('a constant array the caller changes between calls, and an in-place call', async () => {
      const rt = runtimes[backend];
      const n = 32;
      const X = rt.createStream('x', F4, [n]);
      const hx = Float32Array.from({ length: 4 * n }, (_, i) => i - 60);
      await rt.streamRead(X, hx);
      const w = Float64Array.from(hx);
      const ab = [0.5, 1];
      for (let c = 0; c < 5; c++) {
        if (c === 2) ab[1] = 3; // same array object, new value
        rt.call(axpb, [X, ab, X]);
        for (let i = 0; i < w.length; i++) w[i] = f(ab[0]!, w[i]!, ab[1]!);
      }
      expect(mismatch(await read(rt, X, 4 * n), w)).toBe(-1);
      rt.free(X);
    });

    it('domains of one stream are planned per call; a freed stream is an error, not a stale plan', async () => {
      const rt = runtimes[backend];
      const n = 40;
      const X = rt.createStream('x', F4, [n]);
      const Y = rt.createStream('y', F4, [n]);
      const hx = Float32Array.from({ length: 4 * n }, (_, i) => i);
      await rt.streamRead(X, hx);
      await rt.streamRead(Y, new Float32Array(4 * n));
      const w = new Float64Array(4 * n);
      for (const [lo, hi] of [[0, 20], [20, 40], [0, 20]] as const) {
        rt.call(step, [rt.domain(X, [lo], [hi]), 2, 0.5, rt.domain(Y, [lo], [hi])]);
        for (let i = 4 * lo; i < 4 * hi; i++) w[i] = f(2, hx[i]!, 0.5);
      }
      expect(mismatch(await read(rt, Y, 4 * n), w)).toBe(-1);
      rt.call(step, [X, 1, 0, Y]);
      rt.free(Y);
      let err: unknown;
      try {
        rt.call(step, [X, 1, 0, Y]);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(BrookRuntimeError);
      expect((err as BrookRuntimeError).code).toBe('BRK5011');
      rt.free(X);
    });
  });
}

it('a repeated call is planned once (the cache is on)', async () => {
  const rt = createCpuRuntime({ stdout: () => {} });
  const X = rt.createStream('x', F4, [8]);
  const Y = rt.createStream('y', F4, [8]);
  await rt.streamRead(X, new Float32Array(32));
  // planLaunch is imported by the runtime as a live binding: count its calls through the module.
  const before = plannedCount();
  for (let c = 0; c < 10; c++) rt.call(step, c % 2 === 0 ? [X, 0.5, 1, Y] : [Y, 0.5, 1, X]);
  await rt.finish();
  expect(plannedCount() - before).toBe(2);
  rt.dispose();
});

/** Plans made so far, read from the planner's counter. */
function plannedCount(): number {
  return launchModule.plannedLaunches();
}

it('a loop of calls whose constants differ but repeat every round (a bitonic sort) plans each call once', async () => {
  const rt = createCpuRuntime({ stdout: () => {} });
  const n = 8;
  const X = rt.createStream('x', F4, [n]);
  const Y = rt.createStream('y', F4, [n]);
  const hx = Float32Array.from({ length: 4 * n }, (_, i) => i - 13);
  await rt.streamRead(X, hx);
  const steps: [number, number][] = [];
  for (let s = 0; s < 20; s++) steps.push([s % 2 === 0 ? 0.5 : 1, s - 10]); // 20 distinct (a, b)
  const w = [Float64Array.from(hx), new Float64Array(4 * n)];
  const before = plannedCount();
  for (let round = 0; round < 3; round++) {
    steps.forEach(([a, b], s) => {
      rt.call(step, s % 2 === 0 ? [X, a, b, Y] : [Y, a, b, X]);
      const [src, dst] = s % 2 === 0 ? [w[0]!, w[1]!] : [w[1]!, w[0]!];
      for (let i = 0; i < dst.length; i++) dst[i] = f(a, src[i]!, b);
    });
  }
  expect(plannedCount() - before).toBe(steps.length);
  expect(mismatch(await read(rt, X, 4 * n), w[0]!)).toBe(-1);
  rt.dispose();
});

it('a kept plan does not keep its streams alive once they are freed', async () => {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const rt = createCpuRuntime({ stdout: () => {} });
  const refs = await (async () => {
    const X = rt.createStream('x', F4, [8]);
    const Y = rt.createStream('y', F4, [8]);
    await rt.streamRead(X, new Float32Array(32));
    for (let c = 0; c < 4; c++) rt.call(step, c % 2 === 0 ? [X, 0.5, 1, Y] : [Y, 0.5, 1, X]);
    await rt.finish();
    rt.free(X);
    rt.free(Y);
    return [new WeakRef(X), new WeakRef(Y)];
  })();
  for (let i = 0; i < 10 && refs.some((r) => r.deref() !== undefined); i++) {
    await new Promise((res) => setTimeout(res, 10));
    gc();
  }
  expect(refs.map((r) => r.deref() === undefined)).toEqual([true, true]);
  rt.dispose();
});
