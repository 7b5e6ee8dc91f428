/**
 * Narrow streams (char, fixed: types.ts narrowStorage) split across buffers (backends/webgpu/paging.ts):
 * with 256-byte pages (64 words) a char stream of 300 elements spans five pages, and every store goes
 * through the paged store functions, which must wrap and round like the unsplit ones (a second kernel
 * reads the stored values back: the host copy alone would wrap and round them too). Expectations are
 * written out here from C's rules (8-bit wrap) and the fixed code rule on whole codes (no ties).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuRuntime, createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { asGpuBuf } from '../../runtime/backends/webgpu/buffers.js';
import { compile } from '../../runtime/compiler/index.js';
import { builtinTypeByName } from '../../runtime/compiler/types.js';

const SOURCE = `
kernel void add(char a<>, char b<>, out char c<>) { c = a + b; }
kernel void blend(fixed4 a<>, fixed4 b<>, out fixed4 c<>) { c = a * 0.5f + b; }
kernel void twice(char c<>, out int d<>) { d = c * 2; }
kernel void codes(fixed4 c<>, out float4 f<>) { f = c * 255.0f; }
int main() { return 0; }
`;
const N = 300;

let kernels: Map<string, CompiledKernel>;
let gpu: BrookRuntimeHandle;
let cpu: BrookRuntimeHandle;

beforeAll(async () => {
  const out = compile(SOURCE, { fileName: 'narrow-paged.br' });
  expect(out.ok, out.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  kernels = out.kernels;
  gpu = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {}, webgpu: { pageBytes: 256 } });
  cpu = createCpuRuntime({ cpu: { workers: 0 }, stdout: () => {} });
});
afterAll(() => {
  gpu?.dispose();
  cpu?.dispose();
});

describe('narrow streams split across pages', () => {
  it('char: a + b wraps to 8 bits in every page (C bytes in and out)', async () => {
    const a = Int8Array.from({ length: N }, (_, i) => ((i * 7) % 256) - 128);
    const b = Int8Array.from({ length: N }, (_, i) => (i % 100) + 20);
    const want = Int8Array.from({ length: N }, (_, i) => a[i]! + b[i]!); // Int8Array wraps like C's (char)
    for (const rt of [gpu, cpu]) {
      const char = builtinTypeByName('char')!;
      const [A, B, C] = ['a', 'b', 'c'].map((n) => rt.createStream(n, char, [N]));
      if (rt === gpu) expect(asGpuBuf(C!.buffer).pages.length).toBeGreaterThan(4);
      await rt.streamRead(A!, a);
      await rt.streamRead(B!, b);
      rt.call(kernels.get('add')!, [A!, B!, C!]);
      const got = new Int8Array(N);
      await rt.streamWrite(C!, got);
      expect([...got], rt.backend.name).toEqual([...want]);
      const D = rt.createStream('d', builtinTypeByName('int')!, [N]);
      rt.call(kernels.get('twice')!, [C!, D]);
      const doubled = new Int32Array(N);
      await rt.streamWrite(D, doubled);
      expect([...doubled], `${rt.backend.name}: what a kernel reads`).toEqual([...want].map((v) => 2 * v));
    }
  });

  it('fixed4: a * 0.5 + b saturates at code 255 and keeps whole codes (codes in and out)', async () => {
    const a = Uint8Array.from({ length: 4 * N }, (_, i) => (i * 6) % 256); // even codes: a / 2 is whole
    const b = Uint8Array.from({ length: 4 * N }, (_, i) => (i * 5) % 200);
    const want = Uint8Array.from({ length: 4 * N }, (_, i) => Math.min(255, a[i]! / 2 + b[i]!));
    for (const rt of [gpu, cpu]) {
      const fixed4 = builtinTypeByName('fixed4')!;
      const [A, B, C] = ['a', 'b', 'c'].map((n) => rt.createStream(n, fixed4, [N]));
      await rt.streamRead(A!, a);
      await rt.streamRead(B!, b);
      rt.call(kernels.get('blend')!, [A!, B!, C!]);
      const got = new Uint8Array(4 * N);
      await rt.streamWrite(C!, got);
      expect([...got], rt.backend.name).toEqual([...want]);
      const F = rt.createStream('f', builtinTypeByName('float4')!, [N]);
      rt.call(kernels.get('codes')!, [C!, F]);
      const read = new Float32Array(4 * N);
      await rt.streamWrite(F, read);
      expect([...read].map(Math.round), `${rt.backend.name}: what a kernel reads`).toEqual([...want]);
      expect(Math.max(...read.map((v, i) => Math.abs(v - want[i]!))), rt.backend.name).toBeLessThan(1e-4);
    }
  });
});
