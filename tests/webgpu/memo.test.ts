/**
 * The per-kernel launch memo (memo.ts) and the periodic submit of long runs of calls
 * (recorder.ts callRecorded): a memo entry may only be reused for the same buffers addressed the
 * same way. Calls alternate between streams, switch to a domain of the same buffer (not direct
 * addressing: another variant) and to a resized input, more than 128 calls in a row; every result is
 * checked against a float64 recurrence computed here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { vec } from '../../runtime/compiler/types.js';

const F4 = vec('float', 4);
let rt: BrookRuntimeHandle;
let step: CompiledKernel;
let sum: CompiledKernel;
beforeAll(async () => {
  rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
  const src = 'kernel void step(float4 x<>, float a, float b, out float4 y<>) { y = a * x + b; }\n' +
    'reduce void sum(float x<>, reduce float r<>) { r += x; }\nint main() { return 0; }\n';
  const out = compile(src, { fileName: 'memo.br' });
  if (!out.ok) throw new Error(`memo.br does not compile:\n${out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n')}`);
  step = out.kernels.get('step')!;
  sum = out.kernels.get('sum')!;
});
afterAll(() => rt?.dispose());

/** float32 a * x + b as WGSL computes it (a product and a sum, each rounded; no fused multiply-add
 *  assumed: values are chosen so both roundings agree, halves and small integers). */
const f = (a: number, x: number, b: number) => Math.fround(Math.fround(a * x) + b);

describe('launch memo', () => {
  it('ping-pong over 300 calls (several submits) gives the recurrence', async () => {
    const n = 1000;
    const X = rt.createStream('x', F4, [n]);
    const Y = rt.createStream('y', F4, [n]);
    const host = Float32Array.from({ length: 4 * n }, (_, i) => (i % 64) - 32);
    await rt.streamRead(X, host);
    const want = Float64Array.from(host);
    for (let c = 0; c < 300; c++) {
      rt.call(step, c % 2 === 0 ? [X, 0.5, 1, Y] : [Y, 0.5, 1, X]);
      for (let i = 0; i < want.length; i++) want[i] = f(0.5, want[i]!, 1);
    }
    const out = new Float32Array(4 * n);
    await rt.streamWrite(X, out); // 300 calls: the last wrote X
    for (let i = 0; i < out.length; i++) expect(out[i]).toBe(want[i]);
    rt.free(X);
    rt.free(Y);
  });

  it('same buffers through a domain, then whole again: each addressed as its call says', async () => {
    const n = 64;
    const X = rt.createStream('x', F4, [n]);
    const Y = rt.createStream('y', F4, [n]);
    const host = Float32Array.from({ length: 4 * n }, (_, i) => i);
    await rt.streamRead(X, host);
    await rt.streamRead(Y, new Float32Array(4 * n).fill(-7));
    rt.call(step, [X, 2, 0, Y]); // whole: y = 2x
    rt.call(step, [rt.domain(X, [8], [24]), 1, 100, rt.domain(Y, [40], [56])]); // y[40..56) = x[8..24) + 100
    const out = new Float32Array(4 * n);
    await rt.streamWrite(Y, out);
    for (let e = 0; e < n; e++) {
      for (let c = 0; c < 4; c++) {
        const w = e >= 40 && e < 56 ? host[(e - 32) * 4 + c]! + 100 : 2 * host[e * 4 + c]!;
        expect(out[e * 4 + c]).toBe(w);
      }
    }
    rt.call(step, [X, 3, 0, Y]); // whole again after the domain call
    await rt.streamWrite(Y, out);
    for (let i = 0; i < out.length; i++) expect(out[i]).toBe(3 * host[i]!);
    rt.free(X);
    rt.free(Y);
  });

  it('a freed stream and a new one of the same size never reuse the old bind group', async () => {
    const n = 128;
    const X = rt.createStream('x', F4, [n]);
    let Y = rt.createStream('y', F4, [n]);
    await rt.streamRead(X, Float32Array.from({ length: 4 * n }, (_, i) => i));
    rt.call(step, [X, 1, 1, Y]);
    await rt.finish();
    rt.free(Y);
    Y = rt.createStream('y2', F4, [n]);
    rt.call(step, [X, 1, 2, Y]);
    const out = new Float32Array(4 * n);
    await rt.streamWrite(Y, out);
    for (let i = 0; i < out.length; i++) expect(out[i]).toBe(i + 2);
    rt.free(X);
    rt.free(Y);
  });

  it('partial reductions remembered per buffers: new data, other targets and a domain each give their own sums', async () => {
    const n = 1024;
    const X = rt.createStream('x', { kind: 'scalar', name: 'float' }, [n]);
    const one = rt.createStream('one', { kind: 'scalar', name: 'float' }, [1]);
    const four = rt.createStream('four', { kind: 'scalar', name: 'float' }, [4]);
    const many = rt.createStream('many', { kind: 'scalar', name: 'float' }, [32]); // blocks of 32: a thread each
    const blocks = (host: Float32Array, parts: number, lo = 0, len = n) =>
      Array.from({ length: parts }, (_, p) => {
        let s = 0;
        for (let i = lo + (p * len) / parts; i < lo + ((p + 1) * len) / parts; i++) s += host[i]!;
        return s; // small integers: exact in float32 in any order
      });
    for (let round = 0; round < 3; round++) {
      const host = Float32Array.from({ length: n }, (_, i) => ((i * (round + 3)) % 17) - 8);
      await rt.streamRead(X, host);
      for (let c = 0; c < 3; c++) rt.reduceToStream(sum, [X, one]); // the same call again: remembered
      rt.reduceToStream(sum, [X, four]);
      for (let c = 0; c < 2; c++) rt.reduceToStream(sum, [X, many]);
      const got1 = new Float32Array(1);
      const got4 = new Float32Array(4);
      const got32 = new Float32Array(32);
      await rt.streamWrite(one, got1);
      await rt.streamWrite(four, got4);
      await rt.streamWrite(many, got32);
      expect(Array.from(got1)).toEqual(blocks(host, 1));
      expect(Array.from(got4)).toEqual(blocks(host, 4));
      expect(Array.from(got32)).toEqual(blocks(host, 32));
      // A domain of the same buffer: the second half only.
      rt.reduceToStream(sum, [rt.domain(X, [n / 2], [n]), one]);
      await rt.streamWrite(one, got1);
      expect(Array.from(got1)).toEqual(blocks(host, 1, n / 2, n / 2));
    }
    for (const s of [X, one, four, many]) rt.free(s);
  });
});
