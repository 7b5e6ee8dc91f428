/**
 * The three kernel writers agree on every gather and reduction case (issue 26: one pass decides each
 * fact, once; compiler/facts). Each case runs one kernel through the JavaScript writer (CPU backend,
 * WebAssembly off), the WebAssembly writer (CPU backend, WebAssembly on, and checked to have really
 * run as WebAssembly) and the WGSL writer (WebGPU on lavapipe), from the same host data, and:
 * - gathers and exact reductions (integers, min, max, small-integer matrix products, whole-number
 *   sums): the three results must be identical bit for bit, and equal to a float64 reference
 *   written here from BROOK.md 4 and 5 (the reference never imports the compiler);
 * - float sums of fractions: JavaScript and WebAssembly use the same chunks and join tree
 *   (compiler/facts reduce.ts), so they must be identical bit for bit; the WebGPU schedule groups
 *   differently (BROOK.md 5 allows any tree), so it must be within n * 2^-23 * sum |x| of the
 *   float64 sum, and so must the CPU result.
 * Block reductions into a stream compare the JavaScript writer with WGSL: the WebAssembly writer has
 * no block form, so the CPU runtime with WebAssembly on runs them as JavaScript.
 * These tests must not skip: CI installs lavapipe (scripts/setup-system.sh).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuRuntime, createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import type { CompiledKernel, KernelArg, Stream } from '../../runtime/brt/api.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { FLOAT, INT, vec, type Type } from '../../runtime/compiler/types.js';

const F2 = vec('float', 2);
const F4 = vec('float', 4);
const f32 = Math.fround;

const SOURCE = `
kernel void g1(float x<>, float g[], out float r<>) { r = g[x]; }
kernel void g1i(int x<>, float g[], out float r<>) { r = g[x]; }
kernel void g2(float2 p<>, float g[][], out float r<>, out float s<>) { r = g[p]; s = g[p.y][p.x]; }
kernel void g4(float4 p<>, float g[][][][], out float r<>) { r = g[p]; }
kernel void shifted(float g[], float c, out float r<>, out float s<>, out float t<>) {
  float i = indexof(r).x;
  r = g[i * 2.0f - 3.0f];
  s = g[i + c];
  t = g[floor(i * 0.5f) + 0.75f];
}
kernel void stencil(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = g[p + float2(1.0f, -1.0f)] * 3.0f + g[p - float2(2.0f, 0.0f)];
}
kernel void itergather(iter float it<>, float g[], out float r<>) { r = g[it]; }
kernel void itervalue(iter float4 it<>, out float4 r<>) { r = it; }
kernel void rounded(float x<>, float g[], out float r<>) { r = g[round(x)] + g[x * 0.5f]; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
reduce void isum(int a<>, reduce int r<>) { r += a; }
reduce void minf(float a<>, reduce float r<>) { r = min(r, a); }
reduce void matmul(float4 a<>, reduce float4 r<>) {
  r = float4(r.x * a.x + r.y * a.z, r.x * a.y + r.y * a.w, r.z * a.x + r.w * a.z, r.z * a.y + r.w * a.w);
}
int main() { return 0; }
`;

let kernels: Map<string, CompiledKernel>;
const rts: { js: BrookRuntimeHandle; wasm: BrookRuntimeHandle; wgsl: BrookRuntimeHandle } = {} as never;
type Writer = keyof typeof rts;
const WRITERS: Writer[] = ['js', 'wasm', 'wgsl'];

beforeAll(async () => {
  const out = compile(SOURCE, { fileName: 'writer-agreement.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  kernels = out.kernels;
  const quiet = { stdout: () => {}, stderr: () => {}, fusion: 'off' as const };
  rts.js = createCpuRuntime({ ...quiet, cpu: { workers: 0, wasm: false } });
  rts.wasm = createCpuRuntime({ ...quiet, cpu: { workers: 0, wasm: true } });
  rts.wgsl = await createRuntime({ ...quiet, backend: 'webgpu', requireGpu: true });
});

afterAll(() => {
  for (const w of WRITERS) rts[w]?.dispose();
});

function kernel(name: string): CompiledKernel {
  const k = kernels.get(name);
  if (!k) throw new Error(`no kernel ${name}`);
  return k;
}

/** Whether `k` has run as WebAssembly (a compiled module in its cache). */
function ranAsWasm(k: CompiledKernel): boolean {
  return [...k.cache.entries()].some(([key, v]) => key.startsWith('wasm:') && v !== null);
}

function words(t: Type): number {
  return t.kind === 'vector' ? t.size : 1;
}

async function upload(rt: BrookRuntimeHandle, name: string, t: Type, shape: number[], data: number[]): Promise<Stream> {
  const s = rt.createStream(name, t, shape);
  await rt.streamRead(s, t === INT ? Int32Array.from(data) : Float32Array.from(data));
  return s;
}

async function bits(rt: BrookRuntimeHandle, s: Stream): Promise<number[]> {
  const n = s.shape.reduce((a, b) => a * b, 1) * words(s.elem);
  const o = new Float32Array(n);
  await rt.streamWrite(s, o);
  return [...new Uint32Array(o.buffer)];
}

function f32Bits(values: number[]): number[] {
  return [...new Uint32Array(Float32Array.from(values).buffer)];
}

/** The gather index rule of BROOK.md 4, in float64 here: floor of the float32 sum x + 0.25, then
 *  clamped into [0, n - 1], NaN to 0. */
function refIndex(x: number, n: number, isFloat = true): number {
  const i = isFloat ? Math.floor(f32(x + 0.25)) : x;
  if (Number.isNaN(i) || i < 0) return 0;
  return i >= n ? n - 1 : i;
}

interface Input { name: string; type: Type; shape: number[]; data: number[] }
interface Output { name: string; type: Type; shape: number[] }

/**
 * Runs `name` on every writer: inputs uploaded, `consts` passed as values, outputs read back as
 * float32 bits. `args` orders the kernel arguments (names of inputs/outputs, or numbers).
 */
async function runMap(name: string, inputs: Input[], outputs: Output[], args: (string | number | { iter: Type; shape: number[]; lo: number[]; hi: number[] })[]): Promise<Record<Writer, number[][]>> {
  const res = {} as Record<Writer, number[][]>;
  for (const w of WRITERS) {
    const rt = rts[w];
    const streams = new Map<string, Stream>();
    for (const i of inputs) streams.set(i.name, await upload(rt, i.name, i.type, i.shape, i.data));
    for (const o of outputs) streams.set(o.name, rt.createStream(o.name, o.type, o.shape));
    const kargs: KernelArg[] = args.map((a) => {
      if (typeof a === 'number') return a;
      if (typeof a === 'string') return streams.get(a)!;
      return rt.createIter('it', a.iter, a.shape, a.lo, a.hi);
    });
    await rt.call(kernel(name), kargs);
    res[w] = [];
    for (const o of outputs) res[w].push(await bits(rt, streams.get(o.name)!));
  }
  expect(ranAsWasm(kernel(name)), `${name} ran as WebAssembly`).toBe(true);
  return res;
}

/** All three writers gave the same bits, and those are the reference's. */
function expectAgreement(res: Record<Writer, number[][]>, reference: number[][]): void {
  for (const w of WRITERS) {
    res[w].forEach((out, k) => {
      const want = f32Bits(reference[k]!);
      const bad = out.findIndex((b, i) => b !== want[i]);
      expect(bad, `${w}, output ${k}: element ${bad} is ${new Float32Array(new Uint32Array([out[bad] ?? 0]).buffer)[0]}, the reference ${reference[k]![bad]}`).toBe(-1);
    });
  }
}

/** Index values on and around every edge of the rule along an extent n. */
function edgeIndices(n: number): number[] {
  const near = [0, 1, n - 1, n];
  const out = [-1e9, -5, -1, -0.75, -0.5, -0.26, -0.25, -0.24, -0, 0, NaN, Infinity, -Infinity, 2 ** 24, 2 ** 24 + 2, 1e30];
  for (const b of near) for (const d of [-0.76, -0.75, -0.74, -0.5, -0.25, 0.25, 0.5, 0.74, 0.75, 0.76]) out.push(b + d);
  for (const b of near) out.push(b);
  return out.map(f32);
}

describe('writers agree on gathers (JavaScript, WebAssembly, WGSL on lavapipe)', () => {
  it('1-D float index: negative, .25, .5, .75, out of range, NaN and infinities', async () => {
    const n = 7;
    const G = Array.from({ length: n }, (_, i) => 10 + i);
    const X = edgeIndices(n);
    const res = await runMap('g1', [{ name: 'x', type: FLOAT, shape: [X.length], data: X }, { name: 'g', type: FLOAT, shape: [n], data: G }], [{ name: 'r', type: FLOAT, shape: [X.length] }], ['x', 'g', 'r']);
    expectAgreement(res, [X.map((x) => G[refIndex(x, n)]!)]);
  });

  it('1-D int index: negative and out of range, no rounding', async () => {
    const n = 5;
    const G = Array.from({ length: n }, (_, i) => 1 + 2 * i);
    const X = [-2147483648, -7, -1, 0, 1, 4, 5, 6, 99, 2147483647];
    const res = await runMap('g1i', [{ name: 'x', type: INT, shape: [X.length], data: X }, { name: 'g', type: FLOAT, shape: [n], data: G }], [{ name: 'r', type: FLOAT, shape: [X.length] }], ['x', 'g', 'r']);
    expectAgreement(res, [X.map((x) => G[refIndex(x, n, false)]!)]);
  });

  it('2-D index, as g[float2] and as g[y][x], per dimension', async () => {
    const [h, w] = [3, 5];
    const G = Array.from({ length: h * w }, (_, i) => 100 * Math.floor(i / w) + (i % w));
    const xs = edgeIndices(w);
    const ys = edgeIndices(h);
    const P: number[] = [];
    for (let i = 0; i < xs.length; i++) P.push(xs[i]!, ys[(i * 7) % ys.length]!);
    const m = xs.length;
    const res = await runMap('g2', [{ name: 'p', type: F2, shape: [m], data: P }, { name: 'g', type: FLOAT, shape: [h, w], data: G }], [{ name: 'r', type: FLOAT, shape: [m] }, { name: 's', type: FLOAT, shape: [m] }], ['p', 'g', 'r', 's']);
    const ref = Array.from({ length: m }, (_, i) => G[refIndex(P[2 * i + 1]!, h) * w + refIndex(P[2 * i]!, w)]!);
    expectAgreement(res, [ref, ref]);
  });

  it('4-D index over a 4-D stream (x fastest)', async () => {
    const ext = [2, 3, 2, 3]; // slowest first
    const G = Array.from({ length: 36 }, (_, i) => i + 0.5);
    const vals = [-1, -0.25, -0.26, 0.5, 0.74, 0.75, 1.25, 1.75, 2.5, 2.75, 9, NaN, Infinity, -Infinity].map(f32);
    const P: number[] = [];
    const m = 40;
    for (let i = 0; i < m; i++) for (let c = 0; c < 4; c++) P.push(vals[(i * (c + 3) + c * 5) % vals.length]!);
    const res = await runMap('g4', [{ name: 'p', type: F4, shape: [m], data: P }, { name: 'g', type: FLOAT, shape: ext, data: G }], [{ name: 'r', type: FLOAT, shape: [m] }], ['p', 'g', 'r']);
    const ref = Array.from({ length: m }, (_, i) => {
      // component c (x = 0) addresses dimension 3 - c
      let o = 0;
      for (let d = 0; d < 4; d++) o = o * ext[d]! + refIndex(P[4 * i + 3 - d]!, ext[d]!);
      return G[o]!;
    });
    expectAgreement(res, [ref]);
  });

  it('whole-number float indices (indexof arithmetic, a whole launch constant, floor) and a non-whole one', async () => {
    const n = 9;
    const G = Array.from({ length: n }, (_, i) => i * i + 1);
    const m = 12;
    for (const c of [3, -2, 2.5, -0.25]) {
      const res = await runMap('shifted', [{ name: 'g', type: FLOAT, shape: [n], data: G }], ['r', 's', 't'].map((name) => ({ name, type: FLOAT, shape: [m] })), ['g', c, 'r', 's', 't']);
      const idx = Array.from({ length: m }, (_, i) => i);
      expectAgreement(res, [
        idx.map((i) => G[refIndex(2 * i - 3, n)]!),
        idx.map((i) => G[refIndex(f32(i + c), n)]!),
        idx.map((i) => G[refIndex(Math.floor(i * 0.5) + 0.75, n)]!),
      ]);
    }
  });

  it('2-D stencil with shifted whole coordinates (the exact integer form of WGSL)', async () => {
    const [h, w] = [4, 6];
    const G = Array.from({ length: h * w }, (_, i) => i + 1);
    const res = await runMap('stencil', [{ name: 'g', type: FLOAT, shape: [h, w], data: G }], [{ name: 'r', type: FLOAT, shape: [h, w] }], ['g', 'r']);
    const ref = Array.from({ length: h * w }, (_, i) => {
      const [y, x] = [Math.floor(i / w), i % w];
      const a = G[refIndex(y - 1, h) * w + refIndex(x + 1, w)]!;
      const b = G[refIndex(y, h) * w + refIndex(x - 2, w)]!;
      return f32(f32(a * 3) + b);
    });
    expectAgreement(res, [ref]);
  });

  it('iterator indices: whole and fractional steps, into and past the ends', async () => {
    const n = 6;
    const G = Array.from({ length: n }, (_, i) => 7 * i - 2);
    for (const [lo, hi, m] of [[-3, 9, 12], [-1.5, 7.5, 12], [0.25, 6.25, 8], [-0.75, 8.25, 9]] as const) {
      const res = await runMap('itergather', [{ name: 'g', type: FLOAT, shape: [n], data: G }], [{ name: 'r', type: FLOAT, shape: [m] }], [{ iter: FLOAT, shape: [m], lo: [lo], hi: [hi] }, 'g', 'r']);
      // Element i of a 1-D iterator is lo + (hi - lo) * i / m (docs/DECISIONS.md "Iterators"), in float32.
      const it = Array.from({ length: m }, (_, i) => f32(lo + f32(f32(f32(hi - lo) * i) / m)));
      expectAgreement(res, [it.map((x) => G[refIndex(x, n)]!)]);
    }
  });

  it('iterator values: the same bits on every writer (the H200 read iter(0, 238) over 119 at 3 as 6.0000005)', async () => {
    for (const [m, lo, hi] of [[119, [0, -1, 0.1, -3.7], [238, 118, 2.3, 1e3]], [997, [1e-3, 5, -7.25, 0], [-0.3, -3, 1e5, 1]]] as const) {
      const res = await runMap('itervalue', [], [{ name: 'r', type: F4, shape: [m] }], [{ iter: F4, shape: [m], lo: [...lo], hi: [...hi] }, 'r']);
      // fl(lo + fl(fl((hi - lo) * i) / m)), each step rounded to float32 (docs/DECISIONS.md "Iterators").
      const ref: number[] = [];
      for (let i = 0; i < m; i++) for (let c = 0; c < 4; c++) ref.push(f32(f32(lo[c]) + f32(f32(f32(f32(hi[c]) - f32(lo[c])) * i) / m)));
      expectAgreement(res, [ref]);
    }
  });

  it('round() gives a whole index; x * 0.5 does not', async () => {
    const n = 8;
    const G = Array.from({ length: n }, (_, i) => 2 ** i);
    const X = edgeIndices(n);
    const res = await runMap('rounded', [{ name: 'x', type: FLOAT, shape: [X.length], data: X }, { name: 'g', type: FLOAT, shape: [n], data: G }], [{ name: 'r', type: FLOAT, shape: [X.length] }], ['x', 'g', 'r']);
    // Cg's round: halves away from zero.
    const round = (x: number) => (Number.isFinite(x) ? Math.sign(x) * Math.floor(Math.abs(x) + 0.5) : x);
    expectAgreement(res, [X.map((x) => f32(G[refIndex(round(x), n)]! + G[refIndex(f32(x * 0.5), n)]!))]);
  });
});

/** Runs a reduction into a host value on every writer; results as float32 bits. */
async function reduceValue(name: string, type: Type, shape: number[], data: number[]): Promise<Record<Writer, number[]>> {
  const res = {} as Record<Writer, number[]>;
  for (const w of WRITERS) {
    const rt = rts[w];
    const a = await upload(rt, 'a', type, shape, data);
    const v = await rt.reduceToValue(kernel(name), [a, 0]);
    const vals = Array.isArray(v) ? v : [v];
    res[w] = type === INT ? [...new Uint32Array(Int32Array.from(vals).buffer)] : f32Bits(vals);
  }
  expect(ranAsWasm(kernel(name)), `${name} ran as WebAssembly`).toBe(true);
  return res;
}

async function reduceStream(name: string, type: Type, shape: number[], outShape: number[], data: number[]): Promise<Record<Writer, number[]>> {
  const res = {} as Record<Writer, number[]>;
  for (const w of WRITERS) {
    const rt = rts[w];
    const a = await upload(rt, 'a', type, shape, data);
    const t = rt.createStream('t', type, outShape);
    rt.reduceToStream(kernel(name), [a, t]);
    res[w] = await bits(rt, t);
  }
  return res;
}

function sameBits(res: Record<Writer, number[]>, want: number[], label: string): void {
  for (const w of WRITERS) expect(res[w], `${label}: ${w}`).toEqual(want);
}

/** A 2x2 matrix (row-major float4) product, in float64. */
function mul(a: number[], b: number[]): number[] {
  return [a[0]! * b[0]! + a[1]! * b[2]!, a[0]! * b[1]! + a[1]! * b[3]!, a[2]! * b[0]! + a[3]! * b[2]!, a[2]! * b[1]! + a[3]! * b[3]!];
}

/** Affine maps as 2x2 matrices [[s, b], [0, 1]], s = +-1, b small: products stay small integers, and
 *  the order matters ([[1,1],[0,1]] [[-1,0],[0,1]] != [[-1,0],[0,1]] [[1,1],[0,1]]). */
function affine(n: number, seed: number): number[][] {
  return Array.from({ length: n }, (_, i) => [((i * 7 + seed) % 3 === 0 ? -1 : 1), ((i * 13 + seed) % 9) - 4, 0, 1]);
}

describe('writers agree on reductions (order: r earlier, a later; BROOK.md 5)', () => {
  for (const n of [1, 3, 256, 257, 1000, 4099]) {
    it(`exact reductions of ${n} elements: whole-number sum, int sum, min, ordered 2x2 matrix product`, async () => {
      const whole = Array.from({ length: n }, (_, i) => ((i * 37) % 101) - 50);
      sameBits(await reduceValue('sum', FLOAT, [n], whole), f32Bits([whole.reduce((a, b) => a + b, 0)]), 'sum');
      const ints = Array.from({ length: n }, (_, i) => ((i * 7919) % 200003) - 100000);
      const isum = ints.reduce((a, b) => (a + b) | 0, 0);
      sameBits(await reduceValue('isum', INT, [n], ints), [isum >>> 0], 'int sum');
      const fr = Array.from({ length: n }, (_, i) => f32(Math.sin(i * 1.7) * 1000));
      sameBits(await reduceValue('minf', FLOAT, [n], fr), f32Bits([Math.min(...fr)]), 'min');
      const ms = affine(n, n);
      const prod = ms.reduce((acc, m) => mul(acc, m));
      sameBits(await reduceValue('matmul', F4, [n], ms.flat()), f32Bits(prod), 'matrix product');
    });
  }

  it('a float sum of fractions: JavaScript and WebAssembly bit for bit, all within n * 2^-23 * sum |x|', async () => {
    const n = 100003;
    const xs = Array.from({ length: n }, (_, i) => f32(Math.sin(i * 12.9898) * 437.5));
    const res = await reduceValue('sum', FLOAT, [n], xs);
    expect(res.wasm).toEqual(res.js);
    const exact = xs.reduce((a, b) => a + b, 0);
    const bound = n * 2 ** -23 * xs.reduce((a, b) => a + Math.abs(b), 0);
    for (const w of WRITERS) {
      const got = new Float32Array(new Uint32Array(res[w]).buffer)[0]!;
      expect(Math.abs(got - exact), `${w}: ${got} vs ${exact}`).toBeLessThanOrEqual(bound);
    }
  });

  it('block reductions into a stream: whole sums and ordered matrix products per block, blocks over the chunk size', async () => {
    const [H, W] = [6, 1200];
    const [h, w] = [2, 3]; // blocks of 3 x 400 = 1200 elements
    const A = Array.from({ length: H * W }, (_, i) => ((i * 31) % 17) - 8);
    const res = await reduceStream('sum', FLOAT, [H, W], [h, w], A);
    const ref: number[] = [];
    const blocks: number[][][] = [];
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        let s = 0;
        const block: number[][] = [];
        for (let y = r * (H / h); y < (r + 1) * (H / h); y++) {
          for (let x = c * (W / w); x < (c + 1) * (W / w); x++) {
            s += A[y * W + x]!;
            block.push([y, x]);
          }
        }
        ref.push(s);
        blocks.push(block);
      }
    }
    sameBits(res, f32Bits(ref), 'block sums');
    const M = affine(H * W, 5);
    const mres = await reduceStream('matmul', F4, [H, W], [h, w], M.flat());
    // Row-major order inside each block.
    const mref = blocks.flatMap((block) => block.map(([y, x]) => M[y! * W + x!]!).reduce((acc, m) => mul(acc, m)));
    sameBits(mres, f32Bits(mref), 'block matrix products');
  });
});
