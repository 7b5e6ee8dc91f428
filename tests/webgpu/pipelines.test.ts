/**
 * The device-wide pipeline cache (pipelines.ts): a pipeline is keyed by the hash of its WGSL and
 * layout, so a program compiled again (new CompiledKernel objects from the same source: a re-run
 * cell, a second `brook run` in one process) creates no pipeline anew, while a changed kernel does.
 * Results are checked against a float64 reference each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { vec } from '../../runtime/compiler/types.js';
import type { WebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import { pipelineHash } from '../../runtime/backends/webgpu/pipelines.js';

const F4 = vec('float', 4);
let rt: BrookRuntimeHandle;
let gpu: WebGPUBackend;
beforeAll(async () => {
  rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
  gpu = rt.backend as WebGPUBackend;
});
afterAll(() => rt?.dispose());

function kernelOf(src: string, name: string): CompiledKernel {
  const out = compile(src, { fileName: 'pipelines.br' });
  if (!out.ok) throw new Error(`pipelines.br does not compile:\n${out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n')}`);
  return out.kernels.get(name)!;
}

const SAXPY = 'kernel void saxpy(float4 x<>, float4 y<>, float a, out float4 r<>) { r = a * x + y; }\nint main() { return 0; }\n';

/** One run of the "program": r = a*x + y over n elements, checked against float64 (values exact in f32). */
async function runSaxpy(k: CompiledKernel, n: number, a: number): Promise<void> {
  const X = rt.createStream('x', F4, [n]);
  const Y = rt.createStream('y', F4, [n]);
  const R = rt.createStream('r', F4, [n]);
  const hx = Float32Array.from({ length: 4 * n }, (_, i) => (i % 32) - 16);
  const hy = Float32Array.from({ length: 4 * n }, (_, i) => i % 7);
  await rt.streamRead(X, hx);
  await rt.streamRead(Y, hy);
  rt.call(k, [X, Y, a, R]);
  const out = new Float32Array(4 * n);
  await rt.streamWrite(R, out);
  for (let i = 0; i < out.length; i++) expect(out[i]).toBe(a * hx[i]! + hy[i]!);
  rt.free(X);
  rt.free(Y);
  rt.free(R);
}

describe('pipeline cache', () => {
  it('a program compiled again creates no pipeline anew', async () => {
    await runSaxpy(kernelOf(SAXPY, 'saxpy'), 1000, 2);
    const first = gpu.pipelineCounts();
    expect(first.created).toBeGreaterThan(0);
    // A fresh compile: new CompiledKernel, empty per-kernel caches, same source and shapes.
    await runSaxpy(kernelOf(SAXPY, 'saxpy'), 1000, 3);
    const second = gpu.pipelineCounts();
    expect(second.created).toBe(first.created);
    expect(second.reused).toBeGreaterThan(first.reused);
  });

  it('a changed kernel creates its own pipeline', async () => {
    const before = gpu.pipelineCounts().created;
    await runSaxpy(kernelOf(SAXPY.replace('a * x + y', 'y + a * x'), 'saxpy'), 1000, 2);
    expect(gpu.pipelineCounts().created).toBeGreaterThan(before);
  });

  it('one compiled kernel runs on two WebGPU runtimes, each device with its own pipeline', async () => {
    // A notebook's kernels also run on the bench harness's runtimes (bench/apps/figure3.ts): a pipeline
    // made on one device must never be handed to another.
    const k = kernelOf(SAXPY, 'saxpy');
    await runSaxpy(k, 500, 2);
    const other = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
    try {
      const n = 500;
      const X = other.createStream('x', F4, [n]);
      const Y = other.createStream('y', F4, [n]);
      const R = other.createStream('r', F4, [n]);
      const hx = Float32Array.from({ length: 4 * n }, (_, i) => (i % 32) - 16);
      const hy = Float32Array.from({ length: 4 * n }, (_, i) => i % 7);
      await other.streamRead(X, hx);
      await other.streamRead(Y, hy);
      other.call(k, [X, Y, 3, R]);
      const out = new Float32Array(4 * n);
      await other.streamWrite(R, out);
      for (let i = 0; i < out.length; i++) expect(out[i]).toBe(3 * hx[i]! + hy[i]!);
      expect((other.backend as WebGPUBackend).kernelVariants(k).length).toBeGreaterThan(0);
    } finally {
      other.dispose();
    }
    // The first runtime still runs it.
    await runSaxpy(k, 500, 4);
  });

  it('the key covers code, entry points and layout', () => {
    const src = { label: 'a', code: 'x', entries: ['main'], uniformBytes: 64, bindings: [{ binding: 1, writable: true }] };
    const h = pipelineHash(src);
    expect(pipelineHash({ ...src, label: 'b' })).toBe(h);
    expect(pipelineHash({ ...src, code: 'y' })).not.toBe(h);
    expect(pipelineHash({ ...src, entries: ['other'] })).not.toBe(h);
    expect(pipelineHash({ ...src, uniformBytes: 80 })).not.toBe(h);
    expect(pipelineHash({ ...src, bindings: [{ binding: 1, writable: false }] })).not.toBe(h);
  });
});
