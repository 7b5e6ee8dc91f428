import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebGPUBackend, type WebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import { F, F4, assign, bin, compiled, kernel, p, param, toParam } from './ir.js';
import { arg, launch, makeStream, readF32, streamOf, val } from './harness.js';

let gpu: WebGPUBackend;
beforeAll(async () => {
  gpu = await createWebGPUBackend();
});
afterAll(() => gpu?.dispose());

describe('webgpu smoke', () => {
  it('saxpy on float4 streams', async () => {
    const ir = kernel('saxpy', [param('a', 'const', F), param('x', 'in', F4), param('y', 'in', F4), param('result', 'out', F4)], [
      assign(toParam(3, F4), bin('+', bin('*', { op: 'splat', type: F4, value: p(0, F) }, p(1, F4)), p(2, F4))),
    ]);
    const n = 1000;
    const X = Float32Array.from({ length: 4 * n }, (_, i) => i * 0.5);
    const Y = Float32Array.from({ length: 4 * n }, (_, i) => 1 - i);
    const x = streamOf(gpu, F4, [n], X);
    const y = streamOf(gpu, F4, [n], Y);
    const r = makeStream(gpu, F4, [n]);
    gpu.run(launch(compiled(ir), [val(2), arg(x), arg(y), arg(r)], [n]));
    const out = await readF32(gpu, r);
    for (let i = 0; i < 4 * n; i++) expect(out[i]).toBe(Math.fround(Math.fround(2 * X[i]!) + Y[i]!));
  });

  it('sum reduction', async () => {
    const ir = kernel('sum', [param('a', 'in', F), param('r', 'reduce', F)], [
      assign(toParam(1, F), bin('+', p(1, F), p(0, F))),
    ]);
    const n = 100001;
    const A = Float32Array.from({ length: n }, (_, i) => (i % 7) - 3);
    let ref = 0;
    for (const v of A) ref += v;
    const a = streamOf(gpu, F, [n], A);
    const got = await gpu.reduceAll(launch(compiled(ir), [arg(a), val(0)], [n]));
    expect(got).toEqual([ref]);
  });
});
