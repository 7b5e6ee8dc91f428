/**
 * Coarsened 2-D maps (compiler/schedule/tiling.ts mapTiling, codegen/wgsl/mains.ts coarseMapMain): a
 * specialized 2-D map whose width is a multiple of 4 computes four consecutive outputs a thread and moves its
 * outputs and direct inputs as vec4. The body runs once per output as before, so every result is
 * the CPU backend's word for word; the cases that must not be coarsened are not. Partial reductions
 * whose blocks are aligned rows (schedule/tiling.ts vec4Rows) read them as vec4: sums within float rounding
 * of float64 and the same every run, max exact.
 */
import { describe, expect, it } from 'vitest';
import type { KernelIR } from '../../runtime/compiler/ir.js';
import type { Type } from '../../runtime/compiler/types.js';
import { compile } from '../../runtime/compiler/index.js';
import { planModule, writeKernelModule } from '../../runtime/compiler/codegen/wgsl/index.js';
import { shapeSpecFor } from '../../runtime/backends/webgpu/specialize.js';
import { variantFor } from '../../runtime/backends/webgpu/launch.js';
import { B, runBoth, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, streamOf } from './harness.js';
import { F, F2, I, assign, bin, call, compiled, conv, kernel, p, param, toParam, c } from './ir.js';

useBackends();

const seq = (n: number, f: (i: number) => number) => Float32Array.from({ length: n }, (_, i) => f(i));

/** The module a call of `ir` over `space` gets, its arguments' (stream shape, domain lo, domain shape). */
function moduleFor(ir: KernelIR, args: { elem: Type; shape: number[]; lo?: number[]; dom?: number[]; same?: number }[], space: number[]) {
  const k = compiled(ir);
  const bufs: object[] = [];
  const la = args.map((x, id) => {
    const buffer = x.same !== undefined ? bufs[x.same]! : {};
    bufs.push(buffer);
    return { kind: 'stream' as const, stream: { id: id + 1, name: `s${id}`, elem: x.elem, shape: x.shape, words: 1, buffer, freed: false }, lo: x.lo ?? x.shape.map(() => 0), shape: x.dom ?? x.shape };
  });
  const l = launch(k, la, space);
  const v = variantFor(l, 'map', space, 256);
  v.shapes = shapeSpecFor(l, planModule(k.ir, v), space, 'map', 65535);
  const plan = planModule(k.ir, v);
  return { plan, code: writeKernelModule(k.ir, v, k.facts).code };
}

const STENCIL = `
kernel void stencil(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = 0.5f * g[p] + 0.125f * (g[p - float2(1.0f, 0.0f)] + g[p + float2(1.0f, 0.0f)]
                            + g[p - float2(0.0f, 1.0f)] + g[p + float2(0.0f, 1.0f)]);
}
int main() { return 0; }
`;

function stencilIR(): KernelIR {
  const res = compile(STENCIL, { fileName: 'stencil.br' });
  expect(res.ok).toBe(true);
  return res.kernels.get('stencil')!.ir;
}

describe('a 2-D map whose width is a multiple of 4 runs four outputs a thread', () => {
  it('the stencil: vec4 stores, no division or modulo, same words as the CPU backend, float64 within rounding', async () => {
    const ir = stencilIR();
    for (const [h, w] of [[20, 68], [9, 128], [33, 256]] as [number, number][]) {
      const { plan, code } = moduleFor(ir, [{ elem: F, shape: [h, w] }, { elem: F, shape: [h, w] }], [h, w]);
      expect(plan.coarsen).toBe(4);
      expect(code).toContain('array<vec4<f32>>');
      expect(code).toContain(`if (q >= ${w / 4}u || row >= U[1].x) { return; }`);
      expect(code.replace(/\/\/[^\n]*/g, '')).not.toMatch(/[/%]/);
      const data = seq(h * w, (i) => Math.fround(Math.sin(i * 0.37) * 4));
      const r = await runBoth(ir, [{ stream: F, shape: [h, w], data }, { stream: F, shape: [h, w], out: true }], [h, w]);
      expect(r.gpuWords[0], `${h}x${w}`).toEqual(r.cpuWords[0]);
      const at = (y: number, x: number) => data[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
      let worst = 0;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
        const want = 0.5 * at(y, x) + 0.125 * (at(y, x - 1) + at(y, x + 1) + at(y - 1, x) + at(y + 1, x));
        worst = Math.max(worst, Math.abs(r.gpu[0]![y * w + x]! - want));
      }
      expect(worst).toBeLessThan(1e-5);
    }
  });

  it("the seeds' sgemv product (a direct input as vec4, x<1,n> stretched over the rows read per output)", async () => {
    const ir = kernel('mul', [param('a', 'in', F), param('b', 'in', F), param('c', 'out', F)], [assign(toParam(2, F), bin('*', p(0, F), p(1, F)))]);
    const [m, n] = [18, 96];
    const { plan, code } = moduleFor(ir, [{ elem: F, shape: [m, n] }, { elem: F, shape: [1, n] }, { elem: F, shape: [m, n] }], [m, n]);
    expect(plan.coarsen).toBe(4);
    expect([...plan.vec4Params].sort()).toEqual([0, 2]);
    expect(code).toContain('let v_0 = ld4_0(i4);');
    expect(code).toContain('let a_1 = ld_1(col);');
    const A = seq(m * n, (i) => Math.fround(Math.cos(i * 0.11) * 3));
    const x = seq(n, (i) => Math.fround(1 / (i + 3)));
    const r = await runBoth(ir, [{ stream: F, shape: [m, n], data: A }, { stream: F, shape: [1, n], data: x }, { stream: F, shape: [m, n], out: true }], [m, n]);
    expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
    for (let i = 0; i < m * n; i++) if (r.gpu[0]![i] !== Math.fround(A[i]! * x[i % n]!)) throw new Error(`element ${i}: ${r.gpu[0]![i]}`);
  });

  it('two outputs, int and float, from an int input', async () => {
    const ir = kernel('two', [param('a', 'in', I), param('r', 'out', I), param('s', 'out', F)], [
      assign(toParam(1, I), bin('*', p(0, I), c(I, 3))),
      assign(toParam(2, F), bin('*', conv(F, p(0, I)), c(F, 0.5))),
    ]);
    const [m, n] = [10, 64];
    const { plan } = moduleFor(ir, [{ elem: I, shape: [m, n] }, { elem: I, shape: [m, n] }, { elem: F, shape: [m, n] }], [m, n]);
    expect(plan.coarsen).toBe(4);
    const a = Int32Array.from({ length: m * n }, (_, i) => i * 7 - 2000);
    const r = await runBoth(ir, [{ stream: I, shape: [m, n], data: a }, { stream: I, shape: [m, n], out: true }, { stream: F, shape: [m, n], out: true }], [m, n]);
    expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
    expect(r.gpuWords[1]).toEqual(r.cpuWords[1]);
    expect(new Int32Array(r.gpuWords[0]!.buffer, r.gpuWords[0]!.byteOffset, m * n)[5]).toBe(3 * (5 * 7 - 2000));
  });

  it('an iterator and an input read through indexof, per output', async () => {
    const res = compile(`
kernel void f(iter float2 it<>, float a<>, out float r<>) {
  float2 p = indexof(a).xy;
  r = it.x + 100.0f * it.y + a + 1000.0f * p.x + 7.0f * p.y;
}
int main() { return 0; }`, { fileName: 'f.br' });
    expect(res.ok).toBe(true);
    const ir = res.kernels.get('f')!.ir;
    const [m, n] = [12, 64];
    const { plan, code } = moduleFor(ir, [{ elem: F2, shape: [m, n] }, { elem: F, shape: [m, n] }, { elem: F, shape: [m, n] }], [m, n]);
    expect(plan.coarsen).toBe(4);
    expect([...plan.vec4Params]).toEqual([2]);
    expect(code).toContain('ixu_1 = vec4<u32>(0u, 0u, row, col);');
    const r = await runBoth(ir, [
      { iter: F2, shape: [m, n], lo: [0.5, -2], hi: [8.5, 30] },
      { stream: F, shape: [m, n], data: seq(m * n, (i) => Math.fround(i / 7)) },
      { stream: F, shape: [m, n], out: true },
    ], [m, n]);
    expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
    expect(r.gpu[0]![3 * n + 5]).toBeCloseTo(0.5 + 8 * 5 / n + 100 * (-2 + 32 * 3 / m) + (3 * n + 5) / 7 + 5000 + 21, 3);
  });

  it('is not taken for a width not a multiple of 4, a float2 output, an output domain, or an output bound twice', async () => {
    const copy = (t: Type) => kernel('copy', [param('a', 'in', t), param('r', 'out', t)], [assign(toParam(1, t), p(0, t))]);
    expect(moduleFor(copy(F), [{ elem: F, shape: [12, 70] }, { elem: F, shape: [12, 70] }], [12, 70]).plan.coarsen).toBe(1);
    expect(moduleFor(copy(F2), [{ elem: F2, shape: [12, 64] }, { elem: F2, shape: [12, 64] }], [12, 64]).plan.coarsen).toBe(1);
    expect(moduleFor(copy(F), [{ elem: F, shape: [12, 64] }, { elem: F, shape: [20, 80], lo: [2, 4], dom: [12, 64] }], [12, 64]).plan.coarsen).toBe(1);
    // In place: the input and the output are one buffer, so one binding (declared as words of the input).
    const inPlace = moduleFor(copy(F), [{ elem: F, shape: [12, 64] }, { elem: F, shape: [12, 64], same: 0 }], [12, 64]);
    expect(inPlace.plan.coarsen).toBe(1);
    const r = await runBoth(copy(F2), [{ stream: F2, shape: [12, 64], data: seq(12 * 64 * 2, (i) => i) }, { stream: F2, shape: [12, 64], out: true }], [12, 64]);
    expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
  });
});

describe('row reductions read as vec4', () => {
  const sum = kernel('sum', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), bin('+', p(1, F), p(0, F)))]);
  const max = kernel('mx', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), call('max', F, p(1, F), p(0, F)))]);

  async function rows(ir: KernelIR, inS: number[], outS: number[], data: Float32Array, lo?: number[], hi?: number[]) {
    const outs: Float32Array[] = [];
    const k = compiled(ir);
    for (const be of [B.gpu, B.gpu, B.cpu]) {
      const full = lo ? [inS[0]! + lo[0]!, inS[1]! + lo[1]! + 4] : inS;
      const a = streamOf(be, F, full, lo ? seqPad(data, inS, full, lo) : data);
      const t = makeStream(be, F, outS);
      const ia = lo ? arg(a, lo, hi) : arg(a);
      be.reduceBlocks(launch(k, [ia, arg(t)], inS), arg(t));
      outs.push(await readF32(be, t));
      be.release(a.buffer);
      be.release(t.buffer);
    }
    // The variant key ends its mode part with the workgroup size: 128 for vec4 rows, 256 per word (s: strided).
    return { outs, vec4: B.gpu.kernelVariants(k).map((key) => /\|-128s/.test(key)) };
  }
  function seqPad(data: Float32Array, inS: number[], full: number[], lo: number[]): Float32Array {
    const out = new Float32Array(full[0]! * full[1]!).fill(1e30);
    for (let y = 0; y < inS[0]!; y++) for (let x = 0; x < inS[1]!; x++) out[(y + lo[0]!) * full[1]! + x + lo[1]!] = data[y * inS[1]! + x]!;
    return out;
  }

  it('sums rows of 4096 (and of 2052, a tail of single vec4s) within rounding of float64, the same words every run; max exactly', async () => {
    for (const [m, n] of [[6, 4096], [5, 2052]] as [number, number][]) {
      const data = seq(m * n, (i) => Math.fround(Math.sin(i * 0.013) * 2 + 0.25));
      const r1 = await rows(sum, [m, n], [m, 1], data);
      expect(r1.vec4).toEqual([true]);
      const [g1, g2, cpu] = r1.outs;
      expect(g1).toEqual(g2);
      for (let r = 0; r < m; r++) {
        let want = 0;
        let scale = 0;
        for (let k = 0; k < n; k++) { want += data[r * n + k]!; scale += Math.abs(data[r * n + k]!); }
        expect(Math.abs(g1![r]! - want) / scale, `row ${r} of ${m}x${n}`).toBeLessThan(1e-6);
        expect(Math.abs(cpu![r]! - want) / scale).toBeLessThan(1e-6);
      }
      const [x1, , xc] = (await rows(max, [m, n], [m, 1], data)).outs;
      expect(x1).toEqual(xc);
    }
  });

  it('a row domain that starts off a 16-byte boundary is read per word, with the same result', async () => {
    const [m, n] = [4, 1024];
    const data = seq(m * n, (i) => ((i * 37) % 101) - 50);
    const r1 = await rows(sum, [m, n], [m, 1], data, [1, 1], [1 + m, 1 + n]);
    expect(r1.vec4).toEqual([false]);
    const [g, , cpu] = r1.outs;
    expect(g).toEqual(cpu);
    for (let r = 0; r < m; r++) expect(g![r]).toBe(data.slice(r * n, r * n + n).reduce((x, y) => x + y, 0));
  });
});
