/**
 * Which launches the WebGPU backend records whole instead of in pieces (backends/webgpu/bounded.ts):
 * loop-free kernels (body and helpers) of bounded work; a loop anywhere, in a helper too, means pieces.
 * And a long loop-free launch recorded whole still gives every element (2^20 + 17 positions, 2-D too).
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { SourceSet } from '../../runtime/compiler/source.js';
import { kernelWork, recordWhole, wholeWorkFor, WHOLE_WORK, WHOLE_WORK_GPU } from '../../runtime/backends/webgpu/bounded.js';
import { createRuntime } from '../../runtime/backends/index.js';
import { FLOAT } from '../../runtime/compiler/types.js';

function kernels(text: string) {
  const sources = new SourceSet();
  sources.add('k.br', `${text}\nint main() { return 0; }\n`);
  const r = compile(sources);
  expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  return r.kernels;
}

describe('bounded work per element', () => {
  const ks = kernels(`
kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 r<>) { r = a * x + y; }
kernel float twice(float v) { return 2.0f * v; }
kernel float spin(float v) { int i; for (i = 0; i < 3; i++) v = v * 0.5f; return v; }
kernel void usesTwice(float a<>, out float b<>) { b = twice(a) + 1.0f; }
kernel void usesSpin(float a<>, out float b<>) { b = spin(a); }
kernel void loops(float a<>, out float b<>) { float x = a; while (x > 1.0f) x = x * 0.5f; b = x; }
kernel void branches(float a<>, out float b<>) { if (a > 0.0f) b = a; else b = -a; }
`);
  const ir = (name: string) => ks.get(name)!.ir;

  it('counts IR nodes of loop-free kernels, helpers included; a loop anywhere is unbounded', () => {
    expect(kernelWork(ir('saxpy'))).toBeGreaterThan(0);
    expect(kernelWork(ir('saxpy'))).toBeLessThan(20);
    expect(kernelWork(ir('usesTwice'))).toBeGreaterThan(kernelWork(ir('branches')) / 4);
    expect(Number.isFinite(kernelWork(ir('branches')))).toBe(true);
    expect(kernelWork(ir('loops'))).toBe(Infinity);
    expect(kernelWork(ir('usesSpin'))).toBe(Infinity);
  });

  it('a loop-free launch is recorded whole up to WHOLE_WORK, a looping one never', () => {
    const w = kernelWork(ir('saxpy'));
    expect(recordWhole(ir('saxpy'), 2 ** 24)).toBe(true);
    expect(recordWhole(ir('saxpy'), Math.floor(WHOLE_WORK / w))).toBe(true);
    expect(recordWhole(ir('saxpy'), Math.floor(WHOLE_WORK / w) + 1)).toBe(false);
    expect(recordWhole(ir('loops'), 1)).toBe(false);
  });

  it('hardware GPUs record 16x more work whole than software adapters (a 2^28 float4 SAXPY at once on an H100)', () => {
    expect(wholeWorkFor('llvmpipe (LLVM 15.0.7, 256 bits) (vulkan)')).toBe(WHOLE_WORK);
    expect(wholeWorkFor('SwiftShader Device (Subzero)')).toBe(WHOLE_WORK);
    expect(wholeWorkFor('NVIDIA: 580.159.04 580.159.4.0 (vulkan)')).toBe(WHOLE_WORK_GPU);
    expect(WHOLE_WORK_GPU).toBe(16 * WHOLE_WORK);
    expect(recordWhole(ir('saxpy'), 2 ** 28, WHOLE_WORK_GPU)).toBe(true);
    expect(recordWhole(ir('saxpy'), 2 ** 28, WHOLE_WORK)).toBe(false);
    expect(recordWhole(ir('loops'), 1, WHOLE_WORK_GPU)).toBe(false);
  });

  it('a long loop-free launch recorded whole gives every element (1-D and a 2-D grid)', async () => {
    const k = kernels(`kernel void lin(float a<>, out float b<>) { b = 2.0f * a + 1.0f; }`).get('lin')!;
    const rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
    try {
      for (const shape of [[2 ** 20 + 17], [1100, 1000]]) {
        const n = shape.reduce((a, b) => a * b, 1);
        const a = rt.createStream('a', FLOAT, shape);
        const b = rt.createStream('b', FLOAT, shape);
        const h = Float32Array.from({ length: n }, (_, i) => i % 4096);
        await rt.streamRead(a, h);
        rt.call(k, [a, b]);
        const o = new Float32Array(n);
        await rt.streamWrite(b, o);
        let bad = 0;
        for (let i = 0; i < n; i++) if (o[i] !== 2 * (i % 4096) + 1) bad++;
        expect(bad).toBe(0);
        rt.free(a);
        rt.free(b);
      }
    } finally {
      rt.dispose();
    }
  }, 120_000);
});
