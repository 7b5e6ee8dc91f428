/**
 * The CPU backend's WebAssembly kernels (codegen/wasm) give the same bits as its JavaScript kernels
 * (codegen/js), which the rest of tests/cpu checks against independent references. Each case runs one
 * Brook program's kernels on a runtime with WebAssembly on and one with it off, over edge shapes
 * (1 element, counts that are not multiples of 4 or of the reduction chunk, resized and domain
 * arguments) and edge values (NaN, infinities, -0, out-of-range gathers, integer division by zero),
 * checks that the WebAssembly path really ran, and checks a few results against hand-computed values.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import type { CompiledKernel, Stream } from '../../runtime/brt/api.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { CHAR, FLOAT, INT, vec } from '../../runtime/compiler/types.js';
import { fuseKernels } from '../../runtime/compiler/fuse/index.js';
import { generateKernelWasm } from '../../runtime/compiler/codegen/wasm/index.js';

type RT = ReturnType<typeof createCpuRuntime>;
const F2 = vec('float', 2);
const F4 = vec('float', 4);
const f = Math.fround;

function kernels(src: string): Map<string, CompiledKernel> {
  const out = compile(`${src}
int main() { return 0; }
`, { fileName: 'wasm.test.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  return out.kernels;
}

/** Whether the kernel has run as WebAssembly (a compiled module record in its cache). */
function ranAsWasm(k: CompiledKernel): boolean {
  return [...k.cache.entries()].some(([key, v]) => key.startsWith('wasm:') && v !== null);
}

/** Whether the kernel's WebAssembly has a vector version (4 positions per step). */
function ranVector(k: CompiledKernel): boolean {
  return [...k.cache.entries()].some(([key, v]) => key.startsWith('wasm:') && (v as { vector?: boolean } | null)?.vector === true);
}

async function bits(rt: RT, s: Stream): Promise<number[]> {
  const n = s.shape.reduce((a, b) => a * b, 1) * s.words;
  const o = s.elem === INT ? new Int32Array(n) : new Float32Array(n);
  await rt.streamWrite(s, o);
  return [...new Uint32Array(o.buffer)];
}

async function floats(rt: RT, s: Stream): Promise<number[]> {
  const o = new Float32Array(s.shape.reduce((a, b) => a * b, 1) * s.words);
  await rt.streamWrite(s, o);
  return [...o];
}

/**
 * Bits with every NaN written as one pattern. The sign of a NaN that a Math function (fmod, exp, ...)
 * returns is not stable even in JavaScript (0 % 0 is +NaN interpreted and -NaN once optimized), so
 * results of host functions are compared as values; arithmetic NaNs are compared bit for bit.
 */
function nanAsOne(words: number[]): number[] {
  return words.map((w) => ((w & 0x7f800000) === 0x7f800000 && (w & 0x7fffff) !== 0 ? 0x7fc00000 : w));
}

/** Values with the awkward cases in them (NaN, infinities, -0, tiny and huge, fractions). */
function awkward(n: number, seed: number): number[] {
  const special = [NaN, Infinity, -Infinity, -0, 0, 1e-40, 3e38, -2.5, 0.5, 1.5, -1.5, 2 ** 24 + 1];
  return Array.from({ length: n }, (_, i) => (i % 7 === 3 ? special[(i + seed) % special.length]! : Math.sin(i * 12.9898 + seed) * 437.5));
}

/** Runs `job` on a runtime with WebAssembly kernels and on one without; returns both results. */
async function both<T>(job: (rt: RT) => Promise<T>, workers = 0): Promise<{ wasm: T; js: T }> {
  const a = createCpuRuntime({ cpu: { workers, wasm: true, workerThresholdMs: 0 }, stdout: () => {} });
  const b = createCpuRuntime({ cpu: { workers: 0, wasm: false }, stdout: () => {} });
  try {
    return { wasm: await job(a), js: await job(b) };
  } finally {
    a.dispose();
    b.dispose();
  }
}

const MAPS = kernels(`
kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 r<>) { r = a * x + y; }
kernel void scale(float a, float x<>, out float r<>) { r = a * x - 1.0f; }
kernel void stencil(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = 0.5f * g[p] + 0.125f * (g[p - float2(1.0f, 0.0f)] + g[p + float2(1.0f, 0.0f)]
                            + g[p - float2(0.0f, 1.0f)] + g[p + float2(0.0f, 1.0f)]);
}
kernel void wide(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = g[p + float2(3.0f, 0.0f)] - g[p - float2(2.0f, 1.0f)];
}
kernel void vmix(float x<>, float y<>, int n<>, out float r<>, out int q<>, out float c<>) {
  float t = x > y ? x - y : y * 0.5f;
  r = min(t, 3.0f) + sqrt(abs(x)) + exp(y * 0.01f) + floor(x) - frac(y) + fmod(x, 7.0f);
  q = n / 3 + (n % 5) + (n << 2) - (n >> 1) + (int)x + (n >> n);
  c = (x < 0.0f && y > 0.0f) ? 1.0f : ((x == y || n > 2) ? 2.0f : (float)n);
}
kernel void lookup(float t[][], float x<>, out float r<>) {
  float2 p = indexof(r).xy;
  r = t[float2(x, p.y)] + t[p + float2(1.0f, 0.0f)] * 2.0f;
}
kernel void gather4(float4 table[], float idx<>, out float4 r<>) { r = table[idx]; }
kernel void diffuse(float2 img[][], float strength, float cutoff, out float2 o<>) {
  float2 p = indexof(o).xy;
  float2 c = img[p];
  float2 w = img[p - float2(1.0f, 0.0f)];
  float2 e = img[p + float2(1.0f, 0.0f)];
  float2 s = img[p - float2(0.0f, 1.0f)];
  float2 n = img[p + float2(0.0f, 1.0f)];
  float4 dI = float4(w.x - c.x, e.x - c.x, s.x - c.x, n.x - c.x);
  float4 dL = float4(w.y - c.y, e.y - c.y, s.y - c.y, n.y - c.y);
  float4 g = exp(-(dI * dI) * cutoff);
  o = float2(c.x, c.y + strength * dot(g, dL));
}
kernel void swap4(float4 a<>, float4 t[], out float4 r<>, out float2 q<>) {
  float2 p = indexof(r).xy;
  r = a.wzyx * 2.0f - t[p.x + 1.0f];
  q = a.xy + t[p.x].zw;
}
kernel void gatheri(float table[], int idx<>, out float r<>) { r = table[idx]; }
kernel void pos(float x<>, out float2 r<>) { r = indexof(x).xy * 2.0f - float2(3.0f, 1.0f); }
kernel void ints(int a<>, int b<>, out int q<>, out int m<>, out int s<>, out int c<>) {
  q = a / b; m = a % b; s = (a << 3) ^ (b >> 1); c = a < b ? a * b : a - b;
}
kernel void conv(float x<>, out int i<>, out float back<>, out float frac<>) {
  i = (int)x; back = (float)i + 0.25f; frac = x - floor(x);
}
kernel void math(float x<>, float y<>, out float4 a<>, out float4 b<>, out float4 c<>) {
  a = float4(sqrt(x), abs(y), min(x, y), max(x, y));
  b = float4(exp(y * 0.01f), fmod(x, y), rsqrt(abs(x) + 1.0f), round(x));
  c = float4(clamp(x, -1.0f, 2.0f), lerp(x, y, 0.25f), step(0.0f, x), sign(y));
}
kernel float sq(float v) { return v * v; }
kernel void loops(float x<>, out float r<>) {
  float acc = 0.0f;
  int i;
  for (i = 0; i < 10; i++) {
    if (i == 7) break;
    if (i % 2 == 1) continue;
    acc += sq(x + (float)i);
  }
  r = acc > 1000.0f ? 1000.0f : acc;
}
`);

const REDUCE = kernels(`
reduce void sum4(float4 a<>, reduce float4 r<>) { r += a; }
reduce void sum1(float a<>, reduce float r<>) { r += a; }
reduce void isum(int a<>, reduce int r<>) { r += a; }
reduce void fmax(float a<>, reduce float r<>) { r = max(r, a); }
`);

describe('WebAssembly kernels match the JavaScript kernels bit for bit', () => {
  it('float4 saxpy over 1, 3, 5 and 1000 elements', async () => {
    const k = MAPS.get('saxpy')!;
    for (const n of [1, 3, 5, 1000]) {
      const x = awkward(4 * n, 1);
      const y = awkward(4 * n, 2);
      const { wasm, js } = await both(async (rt) => {
        const [X, Y, R] = ['x', 'y', 'r'].map((s) => rt.createStream(s, F4, [n]));
        await rt.streamRead(X!, x);
        await rt.streamRead(Y!, y);
        rt.call(k, [2.5, X!, Y!, R!]);
        return { bits: await bits(rt, R!), values: await floats(rt, R!) };
      });
      expect(wasm.bits).toEqual(js.bits);
      // Independent: each component is fround(fround(a * x) + y).
      const want = x.map((v, i) => f(f(2.5 * f(v)) + f(y[i]!)));
      expect(wasm.values).toEqual(want);
    }
    expect(ranAsWasm(k)).toBe(true);
  });

  it('resized inputs (non-integer ratios) and domains of a larger stream', async () => {
    const k = MAPS.get('scale')!;
    const src = awkward(35, 3);
    const { wasm, js } = await both(async (rt) => {
      const a = rt.createStream('a', FLOAT, [5, 7]);
      await rt.streamRead(a, src);
      const up = rt.createStream('up', FLOAT, [7, 11]); // 5x7 read at 7x11 positions
      const down = rt.createStream('down', FLOAT, [2, 3]);
      rt.call(k, [1.5, a, up]);
      rt.call(k, [1.5, a, down]);
      // A 2x3 window of a into a 3x4 window of a bigger output (both domains).
      const big = rt.createStream('big', FLOAT, [6, 9]);
      rt.call(k, [-0.5, rt.domain(a, [1, 2], [3, 5]), rt.domain(big, [2, 3], [5, 7])]);
      return [await bits(rt, up), await bits(rt, down), await bits(rt, big)];
    });
    expect(wasm).toEqual(js);
    expect(ranAsWasm(k)).toBe(true);
    // Hand check of the resize rule: output (6, 10) of 7x11 reads input (floor(6*5/7), floor(10*7/11)) = (4, 6).
    const up = new Float32Array(new Uint32Array(wasm[0]!).buffer);
    expect(Object.is(up[6 * 11 + 10], f(f(1.5 * f(src[4 * 7 + 6]!)) - 1))).toBe(true);
  });

  it('a clamped 5-point stencil over 1x1, 1x7, 5x3 and 33x17 grids (indexof, 2-D gathers)', async () => {
    const k = MAPS.get('stencil')!;
    for (const [h, w] of [[1, 1], [1, 7], [5, 3], [33, 17]] as const) {
      const g = awkward(h * w, 4);
      const { wasm, js } = await both(async (rt) => {
        const G = rt.createStream('g', FLOAT, [h, w]);
        const R = rt.createStream('r', FLOAT, [h, w]);
        await rt.streamRead(G, g);
        rt.call(k, [G, R]);
        return { bits: await bits(rt, R), values: await floats(rt, R) };
      });
      expect(wasm.bits).toEqual(js.bits);
      // Independent float32 reference with clamped neighbours.
      const at = (y: number, x: number) => f(g[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!);
      const want: number[] = [];
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const s = f(f(f(at(y, x - 1) + at(y, x + 1)) + at(y - 1, x)) + at(y + 1, x));
          want.push(f(f(0.5 * at(y, x)) + f(0.125 * s)));
        }
      expect(wasm.values).toEqual(want);
    }
    expect(ranAsWasm(k)).toBe(true);
  });

  it('4 positions at a time (vector version): selects, built-ins, integer division, shifts, rows of 1 to 13', async () => {
    const k = MAPS.get('vmix')!;
    const kl = MAPS.get('lookup')!;
    for (const shape of [[1], [3], [4], [5], [13], [3, 5], [2, 7], [4, 9]]) {
      const n = shape.reduce((a, b) => a * b, 1);
      const x = awkward(n, 13);
      const y = awkward(n, 14).map((v, i) => (i % 5 === 0 ? x[i]! : v));
      const ns = new Int32Array(Array.from({ length: n }, (_, i) => (i * 7919) % 41 - 20));
      const { wasm, js } = await both(async (rt) => {
        const X = rt.createStream('x', FLOAT, shape);
        const Y = rt.createStream('y', FLOAT, shape);
        const N = rt.createStream('n', INT, shape);
        await rt.streamRead(X, x);
        await rt.streamRead(Y, y);
        await rt.streamRead(N, ns);
        const outs = [rt.createStream('r', FLOAT, shape), rt.createStream('q', INT, shape), rt.createStream('c', FLOAT, shape)];
        rt.call(k, [X, Y, N, ...outs]);
        const T = rt.createStream('t', FLOAT, [shape[0]!, 6]);
        await rt.streamRead(T, awkward(shape[0]! * 6, 15));
        const L = rt.createStream('l', FLOAT, shape);
        rt.call(kl, [T, X, L]);
        return Promise.all([...outs, L].map((o) => bits(rt, o)));
      });
      expect(nanAsOne(wasm[0]!)).toEqual(nanAsOne(js[0]!)); // exp, fmod: host functions
      expect(wasm.slice(1)).toEqual(js.slice(1));
    }
    expect(ranAsWasm(k) && ranAsWasm(kl)).toBe(true);
    expect(ranVector(k) && ranVector(kl)).toBe(true);
  });

  it('vector versions over 2- and 4-word elements (float2 stencil with exp, float4 swizzles and gathers)', async () => {
    const kd = MAPS.get('diffuse')!;
    const ks = MAPS.get('swap4')!;
    for (const [h, w] of [[1, 1], [2, 5], [7, 9], [16, 33]] as const) {
      const img = awkward(2 * h * w, 18).map((v) => (Number.isFinite(v) ? v / 500 : 0.5));
      const a4 = awkward(4 * w, 19);
      const { wasm, js } = await both(async (rt) => {
        const I = rt.createStream('img', vec('float', 2), [h, w]);
        const O = rt.createStream('o', vec('float', 2), [h, w]);
        await rt.streamRead(I, img);
        rt.call(kd, [I, 0.2, 50, O]);
        const A = rt.createStream('a', F4, [w]);
        const T = rt.createStream('t', F4, [w]);
        await rt.streamRead(A, a4);
        await rt.streamRead(T, a4.slice().reverse());
        const R = rt.createStream('r', F4, [w]);
        const Q = rt.createStream('q', F2, [w]);
        rt.call(ks, [A, T, R, Q]);
        return [await bits(rt, O), await bits(rt, R), await bits(rt, Q)];
      });
      expect(nanAsOne(wasm[0]!)).toEqual(nanAsOne(js[0]!)); // exp: a host function
      expect(wasm.slice(1)).toEqual(js.slice(1));
    }
    expect(ranVector(kd) && ranVector(ks)).toBe(true);
  });

  it('stencil offsets wider than the grid (no position is interior) and just inside it', async () => {
    const k = MAPS.get('wide')!;
    for (const [h, w] of [[2, 1], [3, 4], [4, 5], [3, 6], [2, 9]] as const) {
      const g = awkward(h * w, 11);
      const { wasm, js } = await both(async (rt) => {
        const G = rt.createStream('g', FLOAT, [h, w]);
        const R = rt.createStream('r', FLOAT, [h, w]);
        await rt.streamRead(G, g);
        rt.call(k, [G, R]);
        return { bits: await bits(rt, R), values: await floats(rt, R) };
      });
      expect(wasm.bits).toEqual(js.bits);
      const at = (y: number, x: number) => f(g[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!);
      const want: number[] = [];
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) want.push(f(at(y, x + 3) - at(y - 1, x - 2)));
      expect(wasm.values).toEqual(want);
    }
    expect(ranAsWasm(k)).toBe(true);
  });

  it('gathers by float index round floor(x + 0.25) and clamp (fractions, negatives, NaN, infinities); int indices', async () => {
    const k4 = MAPS.get('gather4')!;
    const ki = MAPS.get('gatheri')!;
    const table = awkward(4 * 9, 5);
    const idx = [0, 0.74, 0.75, 1.5, -0.3, -7, 8.76, 9, 100, NaN, Infinity, -Infinity, 3.7499998, 2 ** 31, -0];
    const ints = [0, 1, -1, 8, 9, -2147483648, 2147483647, 4];
    const { wasm, js } = await both(async (rt) => {
      const T = rt.createStream('t', F4, [9]);
      const X = rt.createStream('x', FLOAT, [idx.length]);
      const R = rt.createStream('r', F4, [idx.length]);
      await rt.streamRead(T, table);
      await rt.streamRead(X, idx);
      rt.call(k4, [T, X, R]);
      const T1 = rt.createStream('t1', FLOAT, [9]);
      const XI = rt.createStream('xi', INT, [ints.length]);
      const RI = rt.createStream('ri', FLOAT, [ints.length]);
      await rt.streamRead(T1, table.slice(0, 9));
      await rt.streamRead(XI, new Int32Array(ints));
      rt.call(ki, [T1, XI, RI]);
      return [await bits(rt, R), await bits(rt, RI)];
    });
    expect(wasm).toEqual(js);
    expect(ranAsWasm(k4) && ranAsWasm(ki)).toBe(true);
    // Hand check: index 0.74 -> row 0 (0.99 floors to 0), 0.75 -> row 1, -7 -> row 0, 100 and inf -> row 8, NaN -> row 0.
    const rows = new Float32Array(new Uint32Array(wasm[0]!).buffer);
    const row = (i: number) => [...rows.slice(4 * i, 4 * i + 4)];
    const t = (r: number) => table.slice(4 * r, 4 * r + 4).map(f);
    expect(row(1)).toEqual(t(0));
    expect(row(2)).toEqual(t(1));
    expect(row(5)).toEqual(t(0));
    expect(row(8)).toEqual(t(8));
    expect(row(9)).toEqual(t(0));
    expect(row(10)).toEqual(t(8));
  });

  it('indexof arithmetic in whole numbers (x * 2 - 3 is exact, negative results included)', async () => {
    const k = MAPS.get('pos')!;
    const { wasm, js } = await both(async (rt) => {
      const X = rt.createStream('x', FLOAT, [3, 4]);
      const R = rt.createStream('r', F2, [3, 4]);
      rt.call(k, [X, R]);
      return floats(rt, R);
    });
    expect(wasm).toEqual(js);
    const want: number[] = [];
    for (let y = 0; y < 3; y++) for (let x = 0; x < 4; x++) want.push(2 * x - 3, 2 * y - 1);
    expect(wasm).toEqual(want);
    expect(ranAsWasm(k)).toBe(true);
  });

  it('int arithmetic: division and remainder by zero give 0, INT_MIN / -1 wraps, shifts, selects', async () => {
    const k = MAPS.get('ints')!;
    const a = [7, -7, 7, -2147483648, -2147483648, 5, 0, 2147483647, 123456789];
    const b = [2, 2, 0, -1, 0, -3, 0, -2147483648, 1000];
    const { wasm, js } = await both(async (rt) => {
      const A = rt.createStream('a', INT, [a.length]);
      const B = rt.createStream('b', INT, [a.length]);
      const outs = ['q', 'm', 's', 'c'].map((s) => rt.createStream(s, INT, [a.length]));
      await rt.streamRead(A, new Int32Array(a));
      await rt.streamRead(B, new Int32Array(b));
      rt.call(k, [A, B, ...outs]);
      return Promise.all(outs.map((o) => bits(rt, o)));
    });
    expect(wasm).toEqual(js);
    const q = new Int32Array(new Uint32Array(wasm[0]!).buffer);
    expect([...q]).toEqual([3, -3, 0, -2147483648, 0, -1, 0, 0, 123456]);
    expect(ranAsWasm(k)).toBe(true);
  });

  it('conversions saturate (NaN -> 0) and float built-ins agree, NaN, infinities and -0 included', async () => {
    const kc = MAPS.get('conv')!;
    const km = MAPS.get('math')!;
    const x = [...awkward(40, 6), 3e9, -3e9, 2147483520, -2147483904, 0.9999999];
    const y = [...awkward(40, 7).reverse(), 1, -1, 0, -0, 2];
    const { wasm, js } = await both(async (rt) => {
      const X = rt.createStream('x', FLOAT, [x.length]);
      const Y = rt.createStream('y', FLOAT, [y.length]);
      await rt.streamRead(X, x);
      await rt.streamRead(Y, y);
      const I = rt.createStream('i', INT, [x.length]);
      const back = rt.createStream('back', FLOAT, [x.length]);
      const frac = rt.createStream('frac', FLOAT, [x.length]);
      rt.call(kc, [X, I, back, frac]);
      const m = ['a', 'b', 'c'].map((s) => rt.createStream(s, F4, [x.length]));
      rt.call(km, [X, Y, ...m]);
      return Promise.all([I, back, frac, ...m].map((s) => bits(rt, s)));
    });
    expect(wasm.slice(0, 3)).toEqual(js.slice(0, 3));
    expect(wasm[3]).toEqual(js[3]);
    expect(nanAsOne(wasm[4]!)).toEqual(nanAsOne(js[4]!)); // exp, fmod: host functions
    expect(wasm[5]).toEqual(js[5]);
    const ints = new Int32Array(new Uint32Array(wasm[0]!).buffer);
    expect([...ints.slice(40)]).toEqual([2147483647, -2147483648, 2147483520, -2147483648, 0]);
    expect(ranAsWasm(kc) && ranAsWasm(km)).toBe(true);
  });

  it('loops with break and continue, branches and an inlined helper kernel', async () => {
    const k = MAPS.get('loops')!;
    const x = awkward(29, 8);
    const { wasm, js } = await both(async (rt) => {
      const X = rt.createStream('x', FLOAT, [x.length]);
      const R = rt.createStream('r', FLOAT, [x.length]);
      await rt.streamRead(X, x);
      rt.call(k, [X, R]);
      return floats(rt, R);
    });
    expect(wasm).toEqual(js);
    // i = 0, 2, 4, 6 (odd ones skipped, stop at 7): sum of (x + i)^2, capped at 1000.
    const want = x.map((v) => {
      let acc = 0;
      for (const i of [0, 2, 4, 6]) acc = f(acc + f(f(f(v) + i) * f(f(v) + i)));
      return acc > 1000 ? 1000 : acc;
    });
    expect(wasm).toEqual(want);
    expect(ranAsWasm(k)).toBe(true);
  });

  it('full reductions over 1, 255, 256, 257 and 5000 elements (float4, float, int, max)', async () => {
    for (const n of [1, 255, 256, 257, 5000]) {
      const x = awkward(4 * n, 9).map((v) => (Number.isFinite(v) ? v : 1));
      const ints = new Int32Array(x.slice(0, n).map((v) => Math.trunc(v) * 1000));
      const { wasm, js } = await both(async (rt) => {
        const X4 = rt.createStream('x4', F4, [n]);
        const X = rt.createStream('x', FLOAT, [n]);
        const XI = rt.createStream('xi', INT, [n]);
        await rt.streamRead(X4, x);
        await rt.streamRead(X, x.slice(0, n));
        await rt.streamRead(XI, ints);
        return [
          await rt.reduceToValue(REDUCE.get('sum4')!, [X4, [0, 0, 0, 0]]),
          await rt.reduceToValue(REDUCE.get('sum1')!, [X, 0]),
          await rt.reduceToValue(REDUCE.get('isum')!, [XI, 0]),
          await rt.reduceToValue(REDUCE.get('fmax')!, [X, 0]),
        ];
      });
      expect(wasm).toEqual(js);
      expect(wasm[2]).toBe(ints.reduce((s, v) => (s + v) | 0, 0));
      expect(wasm[3]).toBe(Math.max(...x.slice(0, n).map(f)));
    }
    for (const name of ['sum4', 'sum1', 'isum', 'fmax']) expect(ranAsWasm(REDUCE.get(name)!)).toBe(true);
  });

  it('split over worker threads: the same bits as one thread', async () => {
    const k = MAPS.get('stencil')!;
    const g = awkward(64 * 80, 10);
    const { wasm, js } = await both(async (rt) => {
      const G = rt.createStream('g', FLOAT, [64, 80]);
      const R = rt.createStream('r', FLOAT, [64, 80]);
      await rt.streamRead(G, g);
      rt.call(k, [G, R]);
      await rt.finish(); // run now, not fused into the reduction
      const sum = await rt.reduceToValue(REDUCE.get('sum1')!, [R, 0]);
      const pool = (rt.backend as unknown as { pool: { splitLaunches: number } | null }).pool;
      return { r: await bits(rt, R), sum, split: pool?.splitLaunches ?? 0 };
    }, 2);
    expect(wasm.split).toBeGreaterThanOrEqual(2);
    expect(wasm.r).toEqual(js.r);
    expect(wasm.sum).toBe(js.sum);
  });

  it('fused calls (a map feeding a map, a map feeding a reduction) give the same bits', async () => {
    const ks = kernels(`
kernel void sq(float a<>, out float b<>) { b = a * a - 0.5f; }
kernel void mix(float b<>, float c<>, out float r<>) { r = b * 0.25f + c; }
reduce void total(float a<>, reduce float r<>) { r += a; }
`);
    const x = awkward(777, 12).map((v) => (Number.isFinite(v) ? v : 2));
    const { wasm, js } = await both(async (rt) => {
      const a = rt.createStream('a', FLOAT, [777]);
      const b = rt.createStream('b', FLOAT, [777]);
      const r = rt.createStream('r', FLOAT, [777]);
      await rt.streamRead(a, x);
      rt.call(ks.get('sq')!, [a, b]);
      rt.call(ks.get('mix')!, [b, a, r]);
      const sum = await rt.reduceToValue(ks.get('total')!, [r, 0]);
      return { b: await bits(rt, b), r: await bits(rt, r), sum };
    });
    expect(wasm).toEqual(js);
    // The fused reduction (the producer computing the reduction's input) is one WebAssembly module.
    const fused = fuseKernels(ks.get('mix')!.ir, ks.get('total')!.ir, { reads: [2], keep: [false, false, true], tag: 1 });
    if ('refused' in fused) throw new Error(fused.refused);
    expect(fused.ir.produce).toBeDefined();
    const plan = { mode: 'reduceAll' as const, access: fused.ir.params.map((q) => (q.role === 'in' || q.role === 'out' ? 'linear' : null)), mask: null, smallIndex: true };
    expect(generateKernelWasm(fused.ir, plan, fused.facts).bytes.length).toBeGreaterThan(0);
    const want = x.map((v) => f(f(f(f(v) * f(v)) - 0.5) * 0.25) + f(v)).map(f);
    expect(new Float32Array(new Uint32Array(wasm.r).buffer)).toEqual(new Float32Array(want));
  });

  it('iterators (the bitonic sort step: fmod, floor, computed gathers) and their edge forms', async () => {
    const ks = kernels(`
kernel void step(iter float i<>, float data[], float width, float offset, out float r<>) {
  float lower = fmod(i, 2.0f * offset) < offset ? 1.0f : -1.0f;
  float up = fmod(floor(i / width), 2.0f) == 0.0f ? 1.0f : -1.0f;
  float a = data[i];
  float b = data[i + lower * offset];
  r = (lower == up) ? min(a, b) : max(a, b);
}
kernel void it2(iter float2 i<>, float x<>, out float r<>) { r = i.x * 3.0f - i.y + x; }
`);
    const n = 64;
    const data = awkward(n, 16);
    const { wasm, js } = await both(async (rt) => {
      const D = rt.createStream('d', FLOAT, [n]);
      await rt.streamRead(D, data);
      const outs: number[][] = [];
      const it = rt.createIter('i', FLOAT, [n], [0], [n]);
      for (const [width, offset] of [[2, 1], [8, 4], [8, 1], [64, 16], [4, 0]]) {
        const R = rt.createStream('r', FLOAT, [n]);
        rt.call(ks.get('step')!, [it, D, width, offset, R]);
        outs.push(await bits(rt, R));
      }
      // 2-D iterators: steps of one (exact), fractional steps, negative and -0 starts, resized.
      const X = rt.createStream('x', FLOAT, [3, 5]);
      await rt.streamRead(X, awkward(15, 17));
      for (const [lo, hi] of [[[0, 0], [5, 3]], [[-0, 2.5], [1, 7]], [[-3, -1], [2, 2]], [[0.1, 1e7], [0.7, 3e7]]]) {
        const R = rt.createStream('r2', FLOAT, [3, 5]);
        rt.call(ks.get('it2')!, [rt.createIter('i2', vec('float', 2), [3, 5], lo!, hi!), X, R]);
        outs.push(await bits(rt, R));
        const big = rt.createStream('big', FLOAT, [6, 10]); // the same iterator resized to 6x10
        rt.call(ks.get('it2')!, [rt.createIter('i3', vec('float', 2), [3, 5], lo!, hi!), rt.createStream('x6', FLOAT, [6, 10]), big]);
        outs.push(await bits(rt, big));
      }
      return outs;
    });
    expect(nanAsOne(wasm.flat())).toEqual(nanAsOne(js.flat()));
    expect(ranAsWasm(ks.get('step')!) && ranAsWasm(ks.get('it2')!)).toBe(true);
  });

  it('write masks: 0 and -0 skip an element, NaN and others run it (1-D, 2-D, a domain of the output)', async () => {
    const k = MAPS.get('scale')!;
    const x = awkward(24, 21);
    const m = [1, 0, -0, NaN, 2, 0, Infinity, -1, 0, 0, 1, 1, 0, 5, -0, 3, 0, 0, 1, 0, 1, 1, 0, 7];
    const { wasm, js } = await both(async (rt) => {
      const out: number[][] = [];
      for (const shape of [[24], [4, 6]]) {
        const X = rt.createStream('x', FLOAT, shape);
        const R = rt.createStream('r', FLOAT, shape);
        const M = rt.createStream('m', FLOAT, shape);
        await rt.streamRead(X, x);
        await rt.streamRead(R, x.map((v) => -v));
        await rt.streamRead(M, m);
        rt.setWriteMask(M);
        rt.enableWriteMask();
        rt.call(k, [0.5, X, R]);
        rt.disableWriteMask();
        await rt.finish();
        out.push(await bits(rt, R));
      }
      const X = rt.createStream('x2', FLOAT, [2, 3]);
      await rt.streamRead(X, x.slice(0, 6));
      const R = rt.createStream('r2', FLOAT, [4, 6]);
      const M = rt.createStream('m2', FLOAT, [2, 3]);
      await rt.streamRead(M, m.slice(0, 6));
      rt.setWriteMask(M);
      rt.enableWriteMask();
      rt.call(k, [0.5, X, rt.domain(R, [1, 2], [3, 5])]);
      rt.disableWriteMask();
      await rt.finish();
      out.push(await bits(rt, R));
      return out;
    });
    expect(wasm).toEqual(js);
    const first = new Float32Array(new Uint32Array(wasm[0]!).buffer);
    expect(first[1]).toBe(-f(x[1]!)); // mask 0: untouched
    expect(first[3]).toBe(f(f(0.5 * f(x[3]!)) - 1)); // mask NaN: written
    // The masked plan is written as WebAssembly (not left to JavaScript).
    expect(generateKernelWasm(k.ir, { mode: 'map', access: [null, 'linear', 'linear'], mask: 'linear', smallIndex: true }, k.facts).bytes.length).toBeGreaterThan(0);
  });

  it('8-bit outputs wrap when stored (read back as int by the next kernel)', async () => {
    const ks = kernels(`
kernel void add_char(char a<>, char b<>, out char c<>) { c = a + b; }
kernel void widen(char c<>, out int r<>) { r = c * 2; }
`);
    const a = new Int8Array([127, -128, 100, -100, 5, 0, 127, 64, -1]);
    const b = new Int8Array([1, -1, 100, -100, -5, 0, 127, 64, -1]);
    const { wasm, js } = await both(async (rt) => {
      const A = rt.createStream('a', CHAR, [a.length]);
      const B = rt.createStream('b', CHAR, [a.length]);
      const C = rt.createStream('c', CHAR, [a.length]);
      const R = rt.createStream('r', INT, [a.length]);
      await rt.streamRead(A, a);
      await rt.streamRead(B, b);
      rt.call(ks.get('add_char')!, [A, B, C]);
      await rt.finish(); // stored to C, not fused into widen
      rt.call(ks.get('widen')!, [C, R]);
      return bits(rt, R);
    });
    expect(wasm).toEqual(js);
    const wrap = (v: number) => ((v << 24) >> 24);
    expect([...new Int32Array(new Uint32Array(wasm).buffer)]).toEqual([...a].map((v, i) => 2 * wrap(v + b[i]!)));
    expect(ranAsWasm(ks.get('add_char')!)).toBe(true);
  });

  it('a long kernel body (3000 statements) compiles and agrees', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `  acc = acc * 0.999f + x * ${(i % 7) + 1}.0f;`).join('\n');
    const ks = kernels(`kernel void longbody(float x<>, out float r<>) {\n  float acc = 0.0f;\n${lines}\n  r = acc;\n}`);
    const x = awkward(9, 20).map((v) => (Number.isFinite(v) ? v : 1));
    const { wasm, js } = await both(async (rt) => {
      const X = rt.createStream('x', FLOAT, [9]);
      const R = rt.createStream('r', FLOAT, [9]);
      await rt.streamRead(X, x);
      rt.call(ks.get('longbody')!, [X, R]);
      return bits(rt, R);
    });
    expect(wasm).toEqual(js);
    expect(ranAsWasm(ks.get('longbody')!)).toBe(true);
  });

  it('kernels the WebAssembly writer does not cover run as JavaScript (vout)', async () => {
    const ks = kernels(`kernel void keep(float x<>, vout[1] float r<>) { if (x > 0.0f) { r = x; push(r); } }`);
    const rt = createCpuRuntime({ cpu: { workers: 0, wasm: true }, stdout: () => {} });
    const x = rt.createStream('x', FLOAT, [6]);
    await rt.streamRead(x, [1, -2, 3, 0, 5, -6]);
    const r = rt.createStream('r', FLOAT, [6]);
    await rt.call(ks.get('keep')!, [x, r]);
    expect(await floats(rt, r)).toEqual([1, 3, 5]);
    expect(ranAsWasm(ks.get('keep')!)).toBe(false);
    rt.dispose();
  });
});
