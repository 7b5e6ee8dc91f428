/**
 * Staging of gathered streams through workgroup memory (compiler/schedule/stage.ts, printed by
 * codegen/wgsl/stage.ts; docs/DECISIONS.md "Staging gathered streams"): which loops qualify and why
 * the others do not; results on the CPU backend, on WebGPU staged and on WebGPU with BROOK_TILE=0,
 * each against a float64 reference, the staged bits identical to the unstaged ones. The sizes are
 * ragged on purpose: trips not a multiple of the block (the last block is partial), outputs not a
 * multiple of the workgroup (invocations past the end run masked), a step of 2 and a start from an
 * argument (trips read past the block and fall back to memory).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Backend, CompiledKernel, LaunchArg } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
import { planStage, STAGE_MAX_TRIPS, type DeviceLimits } from '../../runtime/compiler/schedule/index.js';
import type { Type } from '../../runtime/compiler/types.js';
import { B, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, streamOf, val } from './harness.js';

useBackends();

const F: Type = { kind: 'scalar', name: 'float' };
const F2: Type = { kind: 'vector', elem: 'float', size: 2 };
const F3: Type = { kind: 'vector', elem: 'float', size: 3 };
const F4: Type = { kind: 'vector', elem: 'float', size: 4 };

function kernels(src: string): Map<string, CompiledKernel> {
  const res = compile(src + '\nint main() { return 0; }\n', { fileName: 'stage.br' });
  if (!res.ok) throw new Error(JSON.stringify(res.diagnostics ?? res));
  return res.kernels as Map<string, CompiledKernel>;
}

const K = kernels(`
// The ray tracer's intersection (notebooks/raytrace.ipynb), unchanged.
kernel void intersect(float3 dir<>, float3 eye, float3 v0[], float3 e1[], float3 e2[], float ntris,
                      out float4 hit<>) {
  float4 best = float4(1.0e30f, -1.0f, 0.0f, 0.0f);
  float i;
  for (i = 0.0f; i < ntris; i += 1.0f) {
    float3 a = e1[i];
    float3 b = e2[i];
    float3 p = cross(dir, b);
    float det = dot(a, p);
    float inv = 1.0f / det;
    float3 s = eye - v0[i];
    float u = dot(s, p) * inv;
    float3 q = cross(s, a);
    float v = dot(dir, q) * inv;
    float t = dot(b, q) * inv;
    if (abs(det) > 1.0e-12f && u >= 0.0f && v >= 0.0f && u + v <= 1.0f && t > 1.0e-4f && t < best.x) {
      best = float4(t, i, u, v);
    }
  }
  hit = best;
}
// int counter from an argument, step 2; a gather at the counter and one elsewhere; a prologue and
// an epilogue; the nearest point of P to x (ties: the first).
kernel void nearest(float2 x<>, float2 P[], int lo, int hi, float scale, out float2 y<>) {
  float2 c = x * scale;
  float best = 1.0e30f;
  float at = -1.0f;
  int j;
  for (j = lo; j < hi; j += 2) {
    float2 d = P[j] - c;
    float e = dot(d, d) + P[0].x * 0.0f;
    if (e < best) { best = e; at = (float)j; }
  }
  y = float2(best, at);
}
// WGSL's uniformity rules around the barriers: a helper with an early return and a loop (budgeted,
// its exits per invocation) and a loop with a data-dependent break inside the staged loop, and a
// loop inside an if before it.
kernel float helper(float a, float b) {
  float s = 0.0f;
  float k;
  if (a > b) return a * 2.0f;
  for (k = 0.0f; k < b; k += 1.0f) { if (s > 5.0f) break; s += a; }
  return s;
}
// Direct trips past the stream's end: a whole start above 0, a step of 1, a bound past the extent
// (the last element read over and over, whole blocks of it); an int counter the same way.
kernel void tail(float x<>, float A[], float n, out float y<>) {
  float s = 0.0f;
  float i;
  for (i = 3.0f; i < n; i += 1.0f) { s = s * 0.5f + A[i] * x + i; }
  y = s;
}
kernel void tailint(float x<>, float A[], int n, out float y<>) {
  float s = 0.0f;
  int i;
  for (i = 290; i < n; i += 1) { s = s * 0.5f + A[i] * x; }
  y = s;
}
kernel void uniformity(float x<>, float w[], float n, out float y<>) {
  float s = 0.0f;
  float i;
  float t = x;
  if (x > 1.0f) { float k; for (k = 0.0f; k < x; k += 1.0f) t += 0.5f; }
  for (i = 0.0f; i < n; i += 1.0f) {
    float k;
    float v = helper(w[i] * x, t);
    for (k = 0.0f; k < x; k += 1.0f) { if (v > 3.0f) break; v += 0.5f; }
    s = max(s, v - i);
  }
  y = s;
}
`);

const REFUSE = kernels(`
kernel void brk(float A[], float n, float x<>, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { if (A[i] > x) break; s = s + A[i] * x; }
  y = s;
}
kernel void inner(float A[], float n, float x<>, out float y<>) {
  float s = 0.0f; float i; float j;
  for (i = 0.0f; i < n; i += 1.0f) { for (j = 0.0f; j < 2.0f; j += 1.0f) { if (j > x) continue; s = max(s, A[i] * x + j); } if (s > 9.0f) return; }
  y = s;
}
kernel void shifted(float A[], float n, float x<>, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s = max(s, A[i + 1.0f] * x); }
  y = s;
}
kernel void rows(float A[][], float n, float x<>, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s = max(s, A[i][i] * x); }
  y = s;
}
kernel void streambound(float A[], float n<>, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s = max(s, A[i]); }
  y = s;
}
kernel void nogather(float n, float x<>, out float y<>) {
  float s = 0.0f; float i;
  for (i = 0.0f; i < n; i += 1.0f) { s = max(s, x * i); }
  y = s;
}
`);

const LIMITS: DeviceLimits = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupsPerDimension: 65535, subgroups: false };

const consts = (m: Record<number, number>) => (k: number) => (k in m ? [m[k]!] : undefined);
const never = () => false;

describe('which loops are staged', () => {
  it('the ray tracer stages its three triangle streams in blocks of 256 (16 KiB of float3)', () => {
    const d = planStage(K.get('intersect')!.ir, false, consts({ 5: 2318 }), 256, LIMITS, never);
    // Its counter starts at 0 and steps by 1: a trip reads the block at its number (direct).
    expect(d).toEqual({ plan: { at: 2, params: [2, 3, 4], block: 256, direct: true } });
    // 12 KiB at 256: halved under a smaller limit, refused below blocks of 32.
    expect(planStage(K.get('intersect')!.ir, false, consts({ 5: 2318 }), 256, { ...LIMITS, maxComputeWorkgroupStorageSize: 8192 }, never).plan?.block).toBe(128);
    expect(planStage(K.get('intersect')!.ir, false, consts({ 5: 2318 }), 256, { ...LIMITS, maxComputeWorkgroupStorageSize: 1000 }, never).why).toBe('48 bytes an element do not fit workgroup memory in blocks of 32');
  });

  it('direct trips only from a whole start >= 0 with a step of 1, below 2^24 in all', () => {
    expect(planStage(K.get('tail')!.ir, false, consts({ 2: 600 }), 256, LIMITS, never).plan?.direct).toBe(true);
    expect(planStage(K.get('tailint')!.ir, false, consts({ 2: 600 }), 256, LIMITS, never).plan?.direct).toBe(true);
    // 3 + trips past 2^24: staged, each trip tested against the block.
    expect(planStage(K.get('tail')!.ir, false, consts({ 2: STAGE_MAX_TRIPS + 2 }), 256, LIMITS, never).plan?.direct).toBe(false);
    expect(planStage(K.get('tail')!.ir, false, consts({ 2: STAGE_MAX_TRIPS }), 256, LIMITS, never).plan?.direct).toBe(true);
    // A start from an argument and a step of 2.
    expect(planStage(K.get('nearest')!.ir, false, consts({ 2: 3, 3: 500 }), 256, LIMITS, never).plan?.direct).toBe(false);
  });

  it('a call is staged only with enough trips, a known bound, no mask, staging on and the stream unwritten', () => {
    const ir = K.get('intersect')!.ir;
    expect(planStage(ir, false, consts({ 5: 40 }), 256, LIMITS, never).why).toBe('40 trips (staging needs 64)');
    expect(planStage(ir, false, consts({ 5: STAGE_MAX_TRIPS * 2 }), 256, LIMITS, never).why).toMatch(/^33554432 trips \(more than/);
    expect(planStage(ir, false, consts({}), 256, LIMITS, never).why).toBe('the loop bounds are not known at the call');
    expect(planStage(ir, true, consts({ 5: 500 }), 256, LIMITS, never).why).toBe('a masked call');
    expect(planStage(ir, false, consts({ 5: 500 }), 256, LIMITS, never, { stage: false }).why).toBe('staging is off (BROOK_TILE=0)');
    expect(planStage(ir, false, consts({ 5: 500 }), 256, LIMITS, (k) => k === 3).plan?.params).toEqual([2, 4]);
    expect(planStage(ir, false, consts({ 5: 500 }), 256, LIMITS, () => true).why).toBe("the call writes 'v0'; the call writes 'e1'; the call writes 'e2'");
  });

  it('other loops are refused with the reason', () => {
    const why = Object.fromEntries([...REFUSE].map(([name, k]) => [name, planStage(k.ir, false, consts({ 1: 500 }), 256, LIMITS, never).why]));
    expect(why).toEqual({
      brk: 'a break inside the loop',
      inner: 'a return inside the loop',
      shifted: 'no gather indexed by the loop counter',
      rows: 'no gather indexed by the loop counter',
      streambound: 'the bound is not uniform (constants and scalar kernel arguments only)',
      nogather: 'no gathered stream',
    });
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

type Which = 'cpu' | 'staged' | 'plain';

afterEach(() => {
  delete process.env.BROOK_TILE;
});

async function on<T>(w: Which, f: (be: Backend) => Promise<T>): Promise<T> {
  if (w === 'plain') process.env.BROOK_TILE = '0';
  await null; // the switches are read once a turn (webgpu/coop.ts)
  try {
    return await f(w === 'cpu' ? B.cpu : B.gpu);
  } finally {
    delete process.env.BROOK_TILE;
  }
}

const f3 = (a: Float32Array, k: number) => [a[3 * k]!, a[3 * k + 1]!, a[3 * k + 2]!];
const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i]!);
const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];

describe('results: cpu, webgpu staged, webgpu with BROOK_TILE=0', () => {
  it('intersect: 1000 rays against 300 triangles (a partial last block, 24 invocations past the end)', async () => {
    const rays = 1000;
    const tris = 300;
    const eye = [0, 0, -3];
    // Triangles scattered in front of the eye; directions spread over the view.
    const v0 = Float32Array.from(noise(3 * tris, 5), (x, k) => (k % 3 === 2 ? x * 0.5 : x * 1.2));
    const e1 = Float32Array.from(noise(3 * tris, 6), (x) => x * 0.6);
    const e2 = Float32Array.from(noise(3 * tris, 7), (x) => x * 0.6);
    const dir = new Float32Array(3 * rays);
    const dn = noise(2 * rays, 8);
    for (let r = 0; r < rays; r++) {
      const d = [dn[2 * r]! * 0.4, dn[2 * r + 1]! * 0.4, 1];
      const l = Math.hypot(d[0]!, d[1]!, d[2]!);
      dir.set(d.map((x) => Math.fround(x / l)), 3 * r);
    }
    const run = (w: Which) =>
      on(w, async (be) => {
        const k = K.get('intersect')!;
        const s = [streamOf(be, F3, [rays], dir), streamOf(be, F3, [tris], v0), streamOf(be, F3, [tris], e1), streamOf(be, F3, [tris], e2)];
        const hit = makeStream(be, F4, [rays]);
        be.run(launch(k, [arg(s[0]!), { kind: 'value', value: eye } as LaunchArg, arg(s[1]!), arg(s[2]!), arg(s[3]!), val(tris), arg(hit)], [rays]));
        const out = await readF32(be, hit);
        for (const x of [...s, hit]) be.release(x.buffer);
        return out;
      });
    const got = { cpu: await run('cpu'), staged: await run('staged'), plain: await run('plain') };
    // The WebGPU runs used a staged pipeline and an unstaged one, with the same bits.
    const keys = B.gpu.kernelVariants(K.get('intersect')!);
    expect(keys.some((k) => /\|S2:2\.3\.4:256/.test(k))).toBe(true);
    expect(keys.some((k) => k.includes('map') && !k.includes('|S'))).toBe(true);
    expect(Buffer.from(got.staged.buffer).equals(Buffer.from(got.plain.buffer))).toBe(true);
    // Against a float64 ray caster: the same triangle and distance, except at near-ties and
    // grazing hits (float32 rounding decides those), which must be rare.
    let hits = 0;
    let differ = 0;
    for (let r = 0; r < rays; r++) {
      const d = f3(dir, r);
      let best = [1e30, -1];
      for (let t = 0; t < tris; t++) {
        const a = f3(e1, t);
        const b = f3(e2, t);
        const p = cross(d, b);
        const det = dot(a, p);
        const s = sub(eye, f3(v0, t));
        const u = dot(s, p) / det;
        const q = cross(s, a);
        const v = dot(d, q) / det;
        const tt = dot(b, q) / det;
        if (Math.abs(det) > 1e-12 && u >= 0 && v >= 0 && u + v <= 1 && tt > 1e-4 && tt < best[0]!) best = [tt, t];
      }
      if (best[1]! >= 0) hits++;
      for (const w of ['cpu', 'staged'] as const) {
        const g = got[w];
        const same = g[4 * r + 1] === best[1] && (best[1]! < 0 || Math.abs(g[4 * r]! - best[0]!) <= 1e-4 * best[0]!);
        if (!same) differ++;
      }
    }
    expect(hits).toBeGreaterThan(rays / 4);
    expect(differ).toBeLessThanOrEqual(4);
  });

  it('a staged call runs alone under fusion (Backend.runsAlone), unless BROOK_TILE=0', async () => {
    const k = K.get('intersect')!;
    const s = [streamOf(B.gpu, F3, [64], new Float32Array(192)), ...[0, 1, 2].map(() => streamOf(B.gpu, F3, [100], new Float32Array(300)))];
    const hit = makeStream(B.gpu, F4, [64]);
    const l = launch(k, [arg(s[0]!), { kind: 'value', value: [0, 0, -3] } as LaunchArg, arg(s[1]!), arg(s[2]!), arg(s[3]!), val(100), arg(hit)], [64]);
    expect(B.gpu.runsAlone!(l)).toBe(true);
    expect(B.gpu.runsAlone!({ ...l, args: l.args.map((x, i) => (i === 5 ? val(10) : x)) })).toBe(false); // 10 trips: not staged
    process.env.BROOK_TILE = '0';
    await null; // the switches are read once a turn (webgpu/coop.ts)
    expect(B.gpu.runsAlone!(l)).toBe(false);
    delete process.env.BROOK_TILE;
    for (const x of [...s, hit]) B.gpu.release(x.buffer);
  });

  it('uniformity: a helper with an early return and a loop, and a loop with a break, inside the staged loop; a loop in an if before it', async () => {
    const n = 300;
    const X = Float32Array.from({ length: n }, (_, i) => (i % 7) / 2);
    const W = Float32Array.from({ length: 100 }, (_, i) => (i % 5) / 4);
    const run = (w: Which) =>
      on(w, async (be) => {
        const x = streamOf(be, F, [n], X);
        const ws = streamOf(be, F, [100], W);
        const y = makeStream(be, F, [n]);
        be.run(launch(K.get('uniformity')!, [arg(x), arg(ws), val(100), arg(y)], [n]));
        const out = await readF32(be, y);
        for (const s of [x, ws, y]) be.release(s.buffer);
        return out;
      });
    const got = { cpu: await run('cpu'), staged: await run('staged'), plain: await run('plain') };
    expect(B.gpu.kernelVariants(K.get('uniformity')!).some((k) => /\|S\d+:1:256/.test(k))).toBe(true);
    // Halves and quarters: exact on every backend; the reference written out here.
    const helper = (a: number, b: number) => {
      if (a > b) return a * 2;
      let s = 0;
      for (let k = 0; k < b; k++) { if (s > 5) break; s += a; }
      return s;
    };
    const want = Array.from(X, (x) => {
      let t = x;
      if (x > 1) for (let k = 0; k < x; k++) t += 0.5;
      let s = 0;
      for (let i = 0; i < 100; i++) {
        let v = helper(W[i]! * x, t);
        for (let k = 0; k < x; k++) { if (v > 3) break; v += 0.5; }
        s = Math.max(s, v - i);
      }
      return s;
    });
    expect(Array.from(got.staged)).toEqual(want);
    expect(Array.from(got.plain)).toEqual(want);
    expect(Array.from(got.cpu)).toEqual(want);
  });

  it('direct trips past the end of the stream: 300 elements read from 3 to 599 (float counter) and 290 to 599 (int)', async () => {
    const n = 333;
    const m = 300;
    const X = noise(n, 41);
    const A = noise(m, 42);
    for (const [name, start] of [['tail', 3], ['tailint', 290]] as const) {
      const run = (w: Which) =>
        on(w, async (be) => {
          const x = streamOf(be, F, [n], X);
          const a = streamOf(be, F, [m], A);
          const y = makeStream(be, F, [n]);
          be.run(launch(K.get(name)!, [arg(x), arg(a), val(600), arg(y)], [n]));
          const out = await readF32(be, y);
          for (const t of [x, a, y]) be.release(t.buffer);
          return out;
        });
      const got = { cpu: await run('cpu'), staged: await run('staged'), plain: await run('plain') };
      expect(B.gpu.kernelVariants(K.get(name)!).some((k) => /\|S\d+:1:256:d/.test(k))).toBe(true);
      expect(Buffer.from(got.staged.buffer).equals(Buffer.from(got.plain.buffer))).toBe(true);
      // float64 reference: reads past the end take the last element (gathers clamp).
      for (let p = 0; p < n; p++) {
        let s = 0;
        for (let i = start; i < 600; i++) s = s * 0.5 + A[Math.min(i, m - 1)]! * X[p]! + (name === 'tail' ? i : 0);
        for (const w of ['cpu', 'staged'] as const) expect(Math.abs(got[w][p]! - s)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(s)));
      }
    }
  });

  it('nearest: int counter from an argument, step 2 (half of each block read), 777 positions', async () => {
    const n = 777;
    const pts = 517;
    const [lo, hi] = [3, 500];
    const P = noise(2 * pts, 31);
    const X = noise(2 * n, 32);
    const scale = 0.75;
    const run = (w: Which) =>
      on(w, async (be) => {
        const k = K.get('nearest')!;
        const x = streamOf(be, F2, [n], X);
        const p = streamOf(be, F2, [pts], P);
        const y = makeStream(be, F2, [n]);
        be.run(launch(k, [arg(x), arg(p), val(lo), val(hi), val(scale), arg(y)], [n]));
        const out = await readF32(be, y);
        for (const s of [x, p, y]) be.release(s.buffer);
        return out;
      });
    const got = { cpu: await run('cpu'), staged: await run('staged'), plain: await run('plain') };
    expect(B.gpu.kernelVariants(K.get('nearest')!).some((k) => /\|S4:1:256/.test(k))).toBe(true);
    expect(Buffer.from(got.staged.buffer).equals(Buffer.from(got.plain.buffer))).toBe(true);
    for (let i = 0; i < n; i++) {
      const c = [Math.fround(X[2 * i]! * scale), Math.fround(X[2 * i + 1]! * scale)];
      let best = Infinity;
      for (let j = lo; j < hi; j += 2) best = Math.min(best, (P[2 * j]! - c[0]!) ** 2 + (P[2 * j + 1]! - c[1]!) ** 2);
      for (const w of ['cpu', 'staged'] as const) {
        const g = got[w];
        expect(Math.abs(g[2 * i]! - best)).toBeLessThanOrEqual(1e-6 * (best + 1e-3));
        // The point found is one whose distance is the minimum (within rounding).
        const j = g[2 * i + 1]!;
        expect(j >= lo && j < hi && (j - lo) % 2 === 0).toBe(true);
        const dj = (P[2 * j]! - c[0]!) ** 2 + (P[2 * j + 1]! - c[1]!) ** 2;
        expect(Math.abs(dj - best)).toBeLessThanOrEqual(1e-6 * (best + 1e-3));
      }
    }
  });
});
