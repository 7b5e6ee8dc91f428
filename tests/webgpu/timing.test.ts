/**
 * GPU timing from timestamp queries: with `timing: true` the backend sums the GPU time of the
 * compute passes it submits (lavapipe offers timestamp-query, so this runs in CI too).
 */
import { describe, expect, it } from 'vitest';
import { createWebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import { F, assign, bin, c, compiled, kernel, p, param, toParam } from './ir.js';
import { arg, launch, makeStream, readF32 } from './harness.js';

describe('GPU timing', () => {
  it('sums the GPU time of submitted passes; more work takes longer; off by default', async () => {
    const gpu = await createWebGPUBackend({ timing: true });
    const plain = await createWebGPUBackend();
    try {
      expect(await plain.gpuTimes()).toBeNull();
      expect(gpu.features.has('timestamp-query')).toBe(true);
      const ir = kernel('inc', [param('a', 'in', F), param('r', 'out', F)], [assign(toParam(1, F), bin('+', p(0, F), c(F, 1)))]);
      const k = compiled(ir);
      // Eight calls stay under the recorder's early-submit threshold (2^22 elements): one submit.
      const n = 1 << 18;
      const a = makeStream(gpu, F, [n]);
      const r = makeStream(gpu, F, [n]);
      gpu.run(launch(k, [arg(a), arg(r)], [n]));
      await gpu.finish();
      gpu.resetGpuTimes();
      gpu.run(launch(k, [arg(a), arg(r)], [n]));
      const one = await gpu.gpuTimes();
      gpu.resetGpuTimes();
      for (let i = 0; i < 8; i++) gpu.run(launch(k, i % 2 === 0 ? [arg(r), arg(a)] : [arg(a), arg(r)], [n]));
      const eight = await gpu.gpuTimes();
      expect(one!.gpuNs).toBeGreaterThan(0);
      expect(one!.passes).toBe(1);
      expect(eight!.passes).toBe(1); // eight dispatches, one pass, one submit
      expect(eight!.submits).toBe(1);
      expect(eight!.gpuNs).toBeGreaterThan(one!.gpuNs * 2);
      expect((await readF32(gpu, r))[0]).toBe(9); // and the work was done: r = 1, then a = 2, r = 3, ..., r = 9
    } finally {
      gpu.dispose();
      plain.dispose();
    }
  });
});
