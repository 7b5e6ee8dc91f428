/**
 * Pipelines specialized on a call's shapes (backends/webgpu/specialize.ts, codegen/wgsl/shapes.ts):
 * the WGSL of a 2-D stencil has no division or modulo and runs on a 2-D grid (golden file); 1-D,
 * 2-D and 3-D outputs, domains, every kind of resizing, gathers, masks and row reductions give the
 * CPU backend's results; past MAX_SPECIALIZED shape sets a kernel falls back to the generic module
 * and still computes the right thing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { planModule, writeKernelModule, type KernelVariant } from '../../runtime/compiler/codegen/wgsl/index.js';
import { shapeSpecFor, MAX_SPECIALIZED } from '../../runtime/backends/webgpu/specialize.js';
import { variantFor } from '../../runtime/backends/webgpu/launch.js';
import { B, runBoth, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, streamOf } from './harness.js';
import { F, assign, bin, c, compiled, kernel, p, param, toParam } from './ir.js';

useBackends();

const here = path.dirname(fileURLToPath(import.meta.url));
const golden = path.join(here, '..', 'wgsl', 'golden', 'stencil.map.2d.wgsl');

const STENCIL = `
kernel void stencil(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = 0.5f * g[p] + 0.125f * (g[p - float2(1.0f, 0.0f)] + g[p + float2(1.0f, 0.0f)]
                            + g[p - float2(0.0f, 1.0f)] + g[p + float2(0.0f, 1.0f)]);
}
int main() { return 0; }
`;

function stencilKernel() {
  const res = compile(STENCIL, { fileName: 'stencil.br' });
  expect(res.ok).toBe(true);
  return res.kernels.get('stencil')!;
}

/** float64 reference of the stencil with edges clamped (gathers clamp to the stream). */
function stencilRef(g: Float32Array, h: number, w: number): Float64Array {
  const at = (y: number, x: number) => g[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  const out = new Float64Array(h * w);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    out[y * w + x] = 0.5 * at(y, x) + 0.125 * (at(y, x - 1) + at(y, x + 1) + at(y - 1, x) + at(y + 1, x));
  }
  return out;
}

const seq = (n: number, f: (i: number) => number = (i) => i) => Float32Array.from({ length: n }, (_, i) => f(i));
const copyKernel = () => kernel('copy', [param('a', 'in', F), param('r', 'out', F)], [assign(toParam(1, F), p(0, F))]);

describe('the WGSL of a specialized 2-D stencil', () => {
  it('has no division or modulo, runs on a 2-D grid and reads no extents from the uniform block (golden file)', () => {
    const k = stencilKernel();
    const g = { kind: 'stream' as const, stream: { id: 1, name: 'g', elem: F, shape: [2048, 2048], words: 1, buffer: {}, freed: false }, lo: [0, 0], shape: [2048, 2048] };
    const r = { ...g, stream: { ...g.stream, id: 2, name: 'r', buffer: {} } };
    const l = launch(k, [g, r], [2048, 2048]);
    const v: KernelVariant = variantFor(l, 'map', [2048, 2048], 256);
    v.shapes = shapeSpecFor(l, planModule(k.ir, v), [2048, 2048], 'map', 65535);
    expect(v.shapes?.grid).toBe(2);
    const code = writeKernelModule(k.ir, v, k.facts).code;
    const noComments = code.replace(/\/\/[^\n]*/g, '');
    expect(noComments).not.toMatch(/[/%]/);
    expect(code).toContain('@workgroup_size(32, 8)');
    // Four outputs a thread (coarsen.test.ts): the output stored as one vec4, columns 4q .. 4q+3.
    expect(code).toContain('var<storage, read_write> bb_2: array<vec4<f32>>;');
    expect(code).toContain('let col = q * 4u + 3u;');
    expect(code).toContain('st4_1(i4, s_1);');
    expect(code).toContain('(c1 * 2048u + c0)'); // a gather's index: constants, no strides read
    expect(code).not.toMatch(/U\[[0-9]+u\]\.[xyzw] *[*/]|brk_unflatten|brk_linear/);
    if (process.env.BROOK_UPDATE_GOLDEN === '1') fs.writeFileSync(golden, code);
    expect(code).toBe(fs.readFileSync(golden, 'utf8'));
  });
});

describe('specialized launches give the CPU backend\'s results', () => {
  it('the stencil on a 2-D grid (columns not a multiple of the workgroup) matches float64', async () => {
    const k = stencilKernel();
    const h = 37;
    const w = 45;
    const data = seq(h * w, (i) => Math.fround(Math.sin(i * 0.37) * 4));
    const ref = stencilRef(data, h, w);
    for (const be of [B.gpu, B.cpu]) {
      const g = streamOf(be, F, [h, w], data);
      const r = makeStream(be, F, [h, w]);
      be.run(launch(k, [arg(g), arg(r)], [h, w]));
      const got = await readF32(be, r);
      let worst = 0;
      for (let i = 0; i < h * w; i++) worst = Math.max(worst, Math.abs(got[i]! - ref[i]!));
      expect(worst).toBeLessThan(1e-5);
      be.release(g.buffer);
      be.release(r.buffer);
    }
  });

  it('gathers at exact integer offsets (integer clamps) and at others (float rounding) agree with the CPU backend', async () => {
    const src = `
kernel void mix(float g[][], float a<>, out float r<>) {
  float2 p = indexof(r).xy;
  float2 q = p + float2(-2.0f, 3.0f);       // exact: integer clamp
  float2 h = p + float2(0.5f, -0.75f);      // not an integer: float rounding
  float2 s = indexof(a).xy * 2.0f;          // a product: whole, not exact in i32: float clamp, no rounding
  r = g[q] + 10.0f * g[h] + 100.0f * g[s] + 1000.0f * g[float2(p.x - 40.0f, 2.0f)] + g[p.yx];
}
int main() { return 0; }`;
    const res = compile(src, { fileName: 'mix.br' });
    expect(res.ok).toBe(true);
    const k = res.kernels.get('mix')!;
    const code = (() => {
      const g = { kind: 'stream' as const, stream: { id: 1, name: 'g', elem: F, shape: [30, 50], words: 1, buffer: {}, freed: false }, lo: [0, 0], shape: [30, 50] };
      const a = { ...g, stream: { ...g.stream, id: 2, shape: [20, 40], buffer: {} }, shape: [20, 40] };
      const r = { ...a, stream: { ...a.stream, id: 3, buffer: {} } };
      const l = launch(k, [g, a, r], [20, 40]);
      const v = variantFor(l, 'map', [20, 40], 256);
      v.shapes = shapeSpecFor(l, planModule(k.ir, v), [20, 40], 'map', 65535);
      return writeKernelModule(k.ir, v, k.facts).code;
    })();
    expect(code).toContain('brk_gii((i32(ixu_');
    expect(code).toContain('brk_gi(');
    expect(code).toContain('brk_giz(');
    const outs: Float32Array[] = [];
    for (const be of [B.gpu, B.cpu]) {
      const g = streamOf(be, F, [30, 50], seq(1500, (i) => (i * 13) % 97));
      const a = streamOf(be, F, [20, 40], seq(800));
      const r = makeStream(be, F, [20, 40]);
      be.run(launch(k, [arg(g), arg(a), arg(r)], [20, 40]));
      outs.push(await readF32(be, r));
    }
    expect(outs[0]).toEqual(outs[1]);
  });

  it('domains on inputs and outputs of a 2-D grid', async () => {
    const r = await runBoth(copyKernel(), [
      { stream: F, shape: [40, 50], data: seq(2000), lo: [3, 5], hi: [23, 38] },
      { stream: F, shape: [30, 40], data: seq(1200, () => -1), lo: [7, 2], hi: [27, 35], out: true },
    ], [20, 33]);
    expect(r.gpu[0]).toEqual(r.cpu[0]);
    expect(r.gpu[0]![7 * 40 + 2]).toBe(3 * 50 + 5);
    expect(r.gpu[0]![26 * 40 + 34]).toBe(22 * 50 + 37);
    expect(r.gpu[0]![0]).toBe(-1);
  });

  it('resizing: stretch (x<1,n> over <m,n>), shrink by a whole factor, by a power of two, and by neither', async () => {
    const cases: [number[], number[]][] = [
      [[1, 40], [16, 40]], // a row repeated over the rows (the seeds' SGEMV)
      [[48, 120], [16, 40]], // shrink by 3: multiply-add
      [[32, 80], [16, 40]], // shrink by 2
      [[4, 10], [16, 40]], // stretch by 4: a shift
      [[3, 5], [16, 45]], // stretch by 16/3 and 9: a division and brk_resize1
      [[7, 13], [16, 40]], // neither
      [[1, 1], [16, 40]],
    ];
    for (const [inS, outS] of cases) {
      const n = inS[0]! * inS[1]!;
      const r = await runBoth(copyKernel(), [{ stream: F, shape: inS, data: seq(n, (i) => i + 1) }, { stream: F, shape: outS, out: true }], outS);
      expect(r.gpu[0], `${inS} -> ${outS}`).toEqual(r.cpu[0]);
    }
  });

  it('1-D, a column, 3-D and 4-D outputs (1-D grids, constant unflattening)', async () => {
    for (const shape of [[1000], [300, 1], [1, 300], [5, 6, 7], [2, 3, 4, 5], [4, 1, 30]]) {
      const n = shape.reduce((a, b) => a * b, 1);
      const r = await runBoth(copyKernel(), [{ stream: F, shape: shape.map((e) => e * 2), data: seq(n * 2 ** shape.length) }, { stream: F, shape, out: true }], shape);
      expect(r.gpu[0], `${shape}`).toEqual(r.cpu[0]);
    }
  });

  it('a write mask on a 2-D grid', async () => {
    const ir = kernel('triple', [param('a', 'in', F), param('r', 'out', F)], [assign(toParam(1, F), bin('*', p(0, F), c(F, 3)))]);
    const outs: Float32Array[] = [];
    for (const be of [B.gpu, B.cpu]) {
      const a = streamOf(be, F, [24, 40], seq(960, (i) => i + 1));
      const r = streamOf(be, F, [24, 40], seq(960, () => -7));
      const m = streamOf(be, F, [24, 40], seq(960, (i) => ((i * 7) % 3 === 0 ? 1 : 0)));
      be.run(launch(compiled(ir), [arg(a), arg(r)], [24, 40], arg(m)));
      outs.push(await readF32(be, r));
    }
    expect(outs[0]).toEqual(outs[1]);
    expect(outs[0]![3]).toBe(12);
    expect(outs[0]![1]).toBe(-7);
  });

  it('row and column reductions into streams, commutative (coalesced) and ordered', async () => {
    const sum = kernel('sum', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), bin('+', p(1, F), p(0, F)))]);
    const last = kernel('last', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), p(0, F))]);
    // Rows of 3000 (a workgroup per row), rows of 20 (a thread per row), columns.
    for (const [inS, outS] of [[[12, 3000], [12, 1]], [[50, 20], [50, 1]], [[600, 7], [1, 7]], [[40, 30], [10, 3]]] as [number[], number[]][]) {
      for (const ir of [sum, last]) {
        const outs: Float32Array[] = [];
        const n = inS[0]! * inS[1]!;
        for (const be of [B.gpu, B.cpu]) {
          // Small integers: sums are exact in any order, so the CPU's result is the float64 one.
          const a = streamOf(be, F, inS, seq(n, (i) => ((i * 37) % 101) - 50));
          const t = makeStream(be, F, outS);
          be.reduceBlocks(launch(compiled(ir), [arg(a), arg(t)], inS), arg(t));
          outs.push(await readF32(be, t));
        }
        expect(outs[0], `${ir.name} ${inS} -> ${outS}`).toEqual(outs[1]);
      }
    }
  });

  it(`past ${MAX_SPECIALIZED} shape sets a kernel uses the generic module, with the same results`, async () => {
    const k = compiled(copyKernel());
    for (let w = 16; w < 16 + MAX_SPECIALIZED + 6; w++) {
      const r: Float32Array[] = [];
      for (const be of [B.gpu, B.cpu]) {
        const a = streamOf(be, F, [9, w], seq(9 * w, (i) => i * 0.5));
        const o = makeStream(be, F, [9, w]);
        be.run(launch(k, [arg(a), arg(o)], [9, w]));
        r.push(await readF32(be, o));
      }
      expect(r[0], `width ${w}`).toEqual(r[1]);
    }
    const pipelines = B.gpu.kernelVariants(k).filter((key) => key.startsWith('map'));
    expect(pipelines.length).toBe(MAX_SPECIALIZED + 1);
  });
});
