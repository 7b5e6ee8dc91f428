/**
 * Cooperative loops (codegen/wgsl/coop.ts, compiler/schedule/map.ts, backends/webgpu/coop.ts; docs/DECISIONS.md "Cooperative
 * loops"): which kernels qualify and why the others do not; which calls run cooperatively; and
 * results of qualifying kernels on the CPU backend, on WebGPU cooperatively and on WebGPU with
 * BROOK_COOP_LOOPS=0, each against a float64 reference within the summation bound, the
 * cooperative results identical run to run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Backend, CompiledKernel, Launch, LaunchArg } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
import { createRuntime } from '../../runtime/backends/index.js';
import { coopLoop } from '../../runtime/compiler/codegen/wgsl/index.js';
import { coopLanes, COOP_MAX_OUTPUTS } from '../../runtime/backends/webgpu/coop.js';
import type { Type } from '../../runtime/compiler/types.js';
import { B, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, streamOf, val } from './harness.js';

useBackends();

const F: Type = { kind: 'scalar', name: 'float' };
const F2: Type = { kind: 'vector', elem: 'float', size: 2 };
const F4: Type = { kind: 'vector', elem: 'float', size: 4 };

function kernels(src: string): Map<string, CompiledKernel> {
  const res = compile(src + '\nint main() { return 0; }\n', { fileName: 'coop.br' });
  if (!res.ok) throw new Error(JSON.stringify(res.diagnostics ?? res));
  return res.kernels as Map<string, CompiledKernel>;
}

const QUALIFY_SRC = `
// The bench's single-kernel SGEMV: float counter, bound a scalar argument.
kernel void sgemv(float4 A[][], float4 x[], float n4, out float y<>) {
  float row = indexof(y).x;
  float s = 0.0f;
  float i;
  for (i = 0.0f; i < n4; i += 1.0f) {
    s += dot(A[row][i], x[i]);
  }
  y = s;
}
// int counter from a scalar argument, a non-zero start value, -=, a float2 accumulator,
// an input stream read in the epilogue and two outputs.
kernel void band(float A[][], int lo, int hi, float bias<>, out float y<>, out float2 m<>) {
  float row = indexof(y).x;
  float s = 1000.5f;
  float d = 0.0f;
  float2 q = float2(0.0f, 0.0f);
  int i;
  for (i = lo; i < hi; i++) {
    float v = A[row][(float)i];
    s += v;
    d -= v * v;
    q += float2(v, 1.0f);
  }
  y = s * 0.5f + bias + d;
  m = q;
}
reduce void total(float a<>, reduce float r<>) { r += a; }
// continue skips the rest of an iteration (lanes go on with their next one).
kernel void pos(float A[][], float n, out float y<>) {
  float row = indexof(y).x;
  float s = 0.0f;
  float i;
  for (i = 0.0f; i < n; i += 1.0f) {
    float v = A[row][i];
    if (v < 0.0f) continue;
    s += v;
  }
  y = s;
}
// 2-D outputs; step 2 and <=; an inner loop whose counter is declared at the top (C89 style).
kernel void mm(float A[][], float B[][], float n, out float y<>) {
  float2 p = indexof(y).xy;
  float s = 0.0f;
  float k, j;
  for (k = 0.0f; k <= n - 2.0f; k += 2.0f) {
    for (j = 0.0f; j < 2.0f; j += 1.0f) {
      s += A[p.y][k + j] * B[k + j][p.x];
    }
  }
  y = s;
}
`;
const QUALIFY = kernels(QUALIFY_SRC);

const REFUSE = kernels(`
kernel void nolp(float a<>, out float y<>) { y = a * 2.0f; }
reduce void total(float a<>, reduce float r<>) { r += a; }
kernel void brk(float A[], float n, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { if (A[i] < 0.0f) break; s += A[i]; }
  y = s;
}
kernel void early(float A[], float n, out float y<>) {
  float s = 0.0f; float i;
  y = 0.0f;
  for (i = 0.0f; i < n; i += 1.0f) { if (A[i] < 0.0f) return; s += A[i]; }
  y = s;
}
kernel void writes(float A[], float n, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s += A[i]; y = s; }
}
kernel void streambound(float A[], float n<>, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s += A[i]; }
  y = s;
}
kernel void carried(float A[], float n, out float y<>) {
  float s = 0.0f; float p = 1.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { p = p * 0.5f; s += p * A[i]; }
  y = s;
}
kernel void intacc(float A[], float n, out float y<>) {
  int c = 0; float i;
  for (i = 0.0f; i < n; i += 1.0f) { c += 1; }
  y = (float)c;
}
kernel void readsacc(float A[], float n, out float y<>) {
  float s = 0.0f; float t = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s += A[i]; t += s; }
  y = t;
}
kernel void after(float A[], float n, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s += A[i]; }
  y = s + i;
}
kernel void fracstart(float A[], float n, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.5f; i < n; i += 1.0f) { s += A[i]; }
  y = s;
}
kernel void noteq(float A[], float n, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i != n; i += 1.0f) { s += A[i]; }
  y = s;
}
kernel void datastep(float A[], float n, float st, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += st) { s += A[i]; }
  y = s;
}
kernel void wide(float4 A[], float n, out float4 y<>) {
  float4 a = float4(0.0f, 0.0f, 0.0f, 0.0f); float4 b = a; float4 c = a; float4 d = a; float3 e = a.xyz; float i;
  for (i = 0.0f; i < n; i += 1.0f) { a += A[i]; b += A[i] * 2.0f; c += A[i] * 3.0f; d += A[i] * 4.0f; e += A[i].xyz; }
  y = a + b + c + d + e.xyzz;
}
kernel void rowbound(float A[], out float y<>) {
  float s = 0.0f; float i;
  float n = indexof(y).x;
  for (i = 0.0f; i < n; i += 1.0f) { s += A[i]; }
  y = s;
}
`);

describe('which kernels run cooperatively', () => {
  it('counted sum loops qualify, with their accumulators and counter type', () => {
    const got = [...QUALIFY].map(([name, k]) => {
      const c = coopLoop(k.ir);
      return c.ok ? [name, c.loop.indexType, c.loop.accumulators.map((a) => a.name)] : [name, c.reason];
    });
    expect(got).toEqual([
      ['sgemv', 'float', ['l_s']],
      ['band', 'int', ['l_s', 'l_d', 'l_q']],
      ['total', 'not a map kernel'],
      ['pos', 'float', ['l_s']],
      ['mm', 'float', ['l_s']],
    ]);
  });

  it('every other kernel is refused with the reason', () => {
    const reasons = Object.fromEntries([...REFUSE].map(([name, k]) => {
      const c = coopLoop(k.ir);
      return [name, c.ok ? 'qualifies' : c.reason];
    }));
    expect(reasons).toEqual({
      nolp: 'no loop in the body',
      total: 'not a map kernel',
      brk: 'a break out of the loop (the trip count would depend on the data)',
      early: 'a return inside the loop',
      writes: "writes the output 'y' inside the loop",
      streambound: 'the bound is not uniform (constants and scalar kernel arguments only)',
      carried: "'p' carries a value from one iteration to the next",
      intacc: "accumulates into 'c', which is not a float type (only float sums run cooperatively)",
      readsacc: 'reads an accumulator inside the loop other than in its own +=',
      after: 'the loop counter is used after the loop',
      fracstart: 'a float counter must start at a whole-number constant and step by a whole number',
      noteq: 'the loop condition is not counter < bound (or <=)',
      datastep: 'the counter is not stepped by a positive constant',
      rowbound: 'the bound is not uniform (constants and scalar kernel arguments only)',
      wide: 'accumulators of 80 bytes (at most 64)',
    });
  });

  it('a call runs cooperatively only with enough trips and few outputs', async () => {
    const k = QUALIFY.get('sgemv')!;
    const call = (n4: number, rows: number, mask = false): Launch => ({
      kernel: k,
      args: [{ kind: 'value', value: [0] }, { kind: 'value', value: [0] }, val(n4), { kind: 'value', value: [0] }] as LaunchArg[],
      outShape: [rows],
      mask: mask ? ({} as Launch['mask']) : undefined,
    });
    expect(coopLanes(call(2048, 8192), 8192)).toBe(256); // the bench's 8192^2
    expect(coopLanes(call(256, 1024), 1024)).toBe(64); // the bench's 1024^2
    expect(coopLanes(call(600, 100), 100)).toBe(128);
    expect(coopLanes(call(32, 100), 100)).toBe(0); // too few trips for a workgroup
    expect(coopLanes(call(100, 6401), 6401)).toBe(0); // more outputs than 64 a trip
    expect(coopLanes(call(1 << 20, COOP_MAX_OUTPUTS + 1), COOP_MAX_OUTPUTS + 1)).toBe(0); // a thread each fills the GPU
    expect(coopLanes(call(2048, 8192, true), 8192)).toBe(0); // write masks keep the per-element form
    process.env.BROOK_COOP_LOOPS = '0';
    await null; // the switches are read once a turn (webgpu/coop.ts)
    try {
      expect(coopLanes(call(2048, 8192), 8192)).toBe(0);
    } finally {
      delete process.env.BROOK_COOP_LOOPS;
    }
  });
});

// --- results ---------------------------------------------------------------------------------------

/** Deterministic floats in [-1, 1) (float32 values). */
function noise(n: number, seed: number): Float32Array {
  let x = seed >>> 0;
  return Float32Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return Math.fround((x / 2 ** 32) * 2 - 1);
  });
}

/**
 * The tolerance: any order of summing n float32 terms t_k (each a rounded product) lies within
 * (n + 2) * 2^-24 * sum |t_k| of the exact sum (Higham's bound for recursive summation, which
 * also covers the cooperative order: per-lane sums then a tree). Both forms must meet it.
 */
function expectWithin(got: ArrayLike<number>, want: Float64Array, scale: Float64Array, terms: number): void {
  for (let i = 0; i < want.length; i++) {
    const bound = (terms + 2) * 2 ** -24 * scale[i]! + 1e-30;
    if (!(Math.abs(got[i]! - want[i]!) <= bound)) throw new Error(`element ${i}: ${got[i]} against ${want[i]} (bound ${bound})`);
  }
}

type Which = 'cpu' | 'coop' | 'plain';
const WHICH: Which[] = ['cpu', 'coop', 'plain'];

function backendOf(w: Which): Backend {
  return w === 'cpu' ? B.cpu : B.gpu;
}

/** Runs `f` with cooperative loops on (coop) or off (plain, BROOK_COOP_LOOPS=0). */
async function withMode<T>(w: Which, f: () => Promise<T>): Promise<T> {
  if (w === 'plain') process.env.BROOK_COOP_LOOPS = '0';
  await null; // the switches are read once a turn (webgpu/coop.ts)
  try {
    return await f();
  } finally {
    delete process.env.BROOK_COOP_LOOPS;
  }
}

afterEach(() => {
  delete process.env.BROOK_COOP_LOOPS;
});

async function sgemvOn(w: Which, A: Float32Array, x: Float32Array, rows: number, n4: number): Promise<Float32Array> {
  const be = backendOf(w);
  const k = QUALIFY.get('sgemv')!;
  return withMode(w, async () => {
    const a = streamOf(be, F4, [rows, n4], A);
    const xs = streamOf(be, F4, [n4], x);
    const y = makeStream(be, F, [rows]);
    be.run(launch(k, [arg(a), arg(xs), val(n4), arg(y)], [rows]));
    const out = await readF32(be, y);
    for (const s of [a, xs, y]) be.release(s.buffer);
    return out;
  });
}

describe('results against float64: cpu, webgpu cooperative, webgpu per element', () => {
  it('sgemv 300 x 1024 (256 trips of float4)', async () => {
    const rows = 300;
    const n4 = 256;
    const A = noise(rows * n4 * 4, 7);
    const x = noise(n4 * 4, 11);
    const want = new Float64Array(rows);
    const scale = new Float64Array(rows);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < n4 * 4; c++) {
        const t = A[r * n4 * 4 + c]! * x[c]!;
        want[r] += t;
        scale[r] += Math.abs(t);
      }
    }
    const got: Record<string, Float32Array> = {};
    for (const w of WHICH) {
      got[w] = await sgemvOn(w, A, x, rows, n4);
      expectWithin(got[w]!, want, scale, n4 * 4);
    }
    // The cooperative sums really run in another order (else this test would show nothing), and
    // the same order every run.
    expect(Buffer.from(got.coop!.buffer).equals(Buffer.from(got.plain!.buffer))).toBe(false);
    const again = await sgemvOn('coop', A, x, rows, n4);
    expect(Buffer.from(again.buffer).equals(Buffer.from(got.coop!.buffer))).toBe(true);
    // The WebGPU runs used a cooperative pipeline and a per-element one.
    const keys = B.gpu.kernelVariants(QUALIFY.get('sgemv')!);
    expect(keys.some((k) => k.includes('C'))).toBe(true);
    expect(keys.some((k) => !k.includes('C'))).toBe(true);
  });

  it('sgemv with 16 trips stays per element and is still right', async () => {
    const rows = 64;
    const n4 = 16;
    const A = noise(rows * n4 * 4, 3);
    const x = noise(n4 * 4, 5);
    const before = B.gpu.kernelVariants(QUALIFY.get('sgemv')!).length;
    const got = await sgemvOn('coop', A, x, rows, n4);
    for (let r = 0; r < rows; r++) {
      let s = 0;
      for (let c = 0; c < n4 * 4; c++) s += A[r * n4 * 4 + c]! * x[c]!;
      expect(Math.abs(got[r]! - s)).toBeLessThan(1e-4);
    }
    const keys = B.gpu.kernelVariants(QUALIFY.get('sgemv')!).slice(before);
    expect(keys.every((k) => !k.includes('C'))).toBe(true);
  });

  it('band: int counter from an argument, start value, -=, float2 accumulator, epilogue, two outputs', async () => {
    const rows = 50;
    const cols = 256;
    const lo = 3;
    const hi = 203; // 200 trips: 64 lanes take 3 or 4 each
    const A = noise(rows * cols, 21);
    const bias = noise(rows, 22);
    const wantY = new Float64Array(rows);
    const scaleY = new Float64Array(rows);
    const wantM = new Float64Array(rows * 2);
    for (let r = 0; r < rows; r++) {
      let s = 1000.5;
      let d = 0;
      let sa = 1000.5;
      let m = 0;
      for (let i = lo; i < hi; i++) {
        const v = A[r * cols + i]!;
        s += v;
        d -= v * v;
        sa += Math.abs(v) + v * v;
        m += v;
      }
      wantY[r] = s * 0.5 + bias[r]! + d;
      scaleY[r] = sa + Math.abs(bias[r]!);
      wantM[2 * r] = m;
      wantM[2 * r + 1] = hi - lo;
    }
    const k = QUALIFY.get('band')!;
    for (const w of WHICH) {
      const be = backendOf(w);
      const [y, m] = await withMode(w, async () => {
        const a = streamOf(be, F, [rows, cols], A);
        const b = streamOf(be, F, [rows], bias);
        const ys = makeStream(be, F, [rows]);
        const ms = makeStream(be, F2, [rows]);
        be.run(launch(k, [arg(a), val(lo), val(hi), arg(b), arg(ys), arg(ms)], [rows]));
        const out = [await readF32(be, ys), await readF32(be, ms)] as const;
        for (const s of [a, b, ys, ms]) be.release(s.buffer);
        return out;
      });
      expectWithin(y, wantY, scaleY, 2 * (hi - lo) + 4);
      const mScale = new Float64Array(rows * 2).map((_, i) => (i % 2 ? hi - lo : (() => { let t = 0; for (let c = lo; c < hi; c++) t += Math.abs(A[(i >> 1) * cols + c]!); return t; })()));
      expectWithin(m, wantM, mScale, hi - lo);
      expect(Array.from(m).filter((_, i) => i % 2 === 1)).toEqual(new Array(rows).fill(hi - lo)); // counts are exact
    }
    expect(B.gpu.kernelVariants(k).some((key) => key.includes('C'))).toBe(true);
  });

  it('pos: continue inside the loop', async () => {
    const rows = 40;
    const n = 300;
    const A = noise(rows * n, 51);
    const want = new Float64Array(rows);
    for (let r = 0; r < rows; r++) for (let i = 0; i < n; i++) if (A[r * n + i]! >= 0) want[r] += A[r * n + i]!;
    const k = QUALIFY.get('pos')!;
    for (const which of WHICH) {
      const be = backendOf(which);
      const got = await withMode(which, async () => {
        const a = streamOf(be, F, [rows, n], A);
        const y = makeStream(be, F, [rows]);
        be.run(launch(k, [arg(a), val(n), arg(y)], [rows]));
        const out = await readF32(be, y);
        for (const s of [a, y]) be.release(s.buffer);
        return out;
      });
      expectWithin(got, want, want, n); // every term is positive: the sum is its own scale
    }
    expect(B.gpu.kernelVariants(k).some((key) => key.includes('C'))).toBe(true);
  });

  it('mm: 2-D outputs, step 2 with <=, an inner loop (C89 counter)', async () => {
    const h = 8;
    const w = 9;
    const n = 256; // k = 0, 2, ..., 254: 128 trips
    const A = noise(h * n, 31);
    const Bm = noise(n * w, 32);
    const want = new Float64Array(h * w);
    const scale = new Float64Array(h * w);
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
      for (let k = 0; k < n; k++) {
        const t = A[r * n + k]! * Bm[k * w + c]!;
        want[r * w + c] += t;
        scale[r * w + c] += Math.abs(t);
      }
    }
    const k = QUALIFY.get('mm')!;
    for (const which of WHICH) {
      const be = backendOf(which);
      const got = await withMode(which, async () => {
        const a = streamOf(be, F, [h, n], A);
        const b = streamOf(be, F, [n, w], Bm);
        const y = makeStream(be, F, [h, w]);
        be.run(launch(k, [arg(a), arg(b), val(n), arg(y)], [h, w]));
        const out = await readF32(be, y);
        for (const s of [a, b, y]) be.release(s.buffer);
        return out;
      });
      expectWithin(got, want, scale, n);
    }
    expect(B.gpu.kernelVariants(k).some((key) => key.includes('C'))).toBe(true);
  });
});

describe('fusion keeps a cooperative call alone', () => {
  it('sgemv then a sum of its output: sgemv runs cooperatively, the sum alone; the CPU fuses both, same value', async () => {
    const rows = 128;
    const n4 = 128;
    // Quarters: every product and partial sum is exact in float32, so all forms agree bit for bit.
    const A = noise(rows * n4 * 4, 41).map((v) => Math.round(v * 8) / 4);
    const x = noise(n4 * 4, 42).map((v) => Math.round(v * 8) / 4);
    let want = 0;
    for (let r = 0; r < rows; r++) for (let c = 0; c < n4 * 4; c++) want += A[r * n4 * 4 + c]! * x[c]!;
    const results: Record<string, { v: number; launches: Launch[] }> = {};
    for (const backend of ['cpu', 'webgpu'] as const) {
      const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', fusion: 'on', stdout: () => {}, cpu: { workers: 0 } });
      try {
        const ks = kernels(QUALIFY_SRC);
        const be = rt.backend as Backend & Record<string, unknown>;
        const launches: Launch[] = [];
        const saved = { run: be.run, reduceAll: be.reduceAll };
        be.run = (l: Launch) => (launches.push(l), saved.run.call(be, l));
        be.reduceAll = (l: Launch) => (launches.push(l), saved.reduceAll.call(be, l));
        const a = rt.createStream('a', F4, [rows, n4]);
        const xs = rt.createStream('x', F4, [n4]);
        const y = rt.createStream('y', F, [rows]);
        await rt.streamRead(a, A);
        await rt.streamRead(xs, x);
        rt.call(ks.get('sgemv')!, [a, xs, n4, y]);
        const v = (await rt.reduceToValue(ks.get('total')!, [y, 0], undefined, { dead: [y] })) as number | number[];
        await rt.finish();
        Object.assign(be, saved);
        results[backend] = { v: typeof v === 'number' ? v : v[0]!, launches };
      } finally {
        rt.dispose();
      }
    }
    expect(results.cpu!.v).toBe(want);
    expect(results.webgpu!.v).toBe(want);
    expect(results.cpu!.launches.map((l) => l.kernel.ir.name)).toEqual(['sgemv+total']);
    expect(results.webgpu!.launches.map((l) => l.kernel.ir.name)).toEqual(['sgemv', 'total']);
  });
});
