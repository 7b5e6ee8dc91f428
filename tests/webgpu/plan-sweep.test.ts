/**
 * The plan sweep (compiler/schedule; docs/DECISIONS.md "Schedules"): Halide's rule, a schedule never
 * changes a result. For a map, a 2-D gather stencil, full reductions (commutative: strided lanes;
 * ordered: leaves), partial reductions (a thread per block; a workgroup per block, scalar and vec4
 * rows), a vout filter and a matrix-vector product (the cooperative form), every plan the planner
 * offers on this device (scheduleChoices: each workgroup size, the 1-D grid, no coarsening, no
 * cooperative form, no staging, pieces of a few positions) runs on lavapipe, and
 * - every plan gives the planner's own bits (the one exception, the cooperative form of a float sum
 *   loop, is part of the sum's order: plans are grouped by it and each group must agree);
 * - the reductions give exactly the bits of the order written out here in float32 (leaves of 256
 *   left to right, then the fixed tree), which for ordered reductions are the CPU backend's too;
 * - every result is within the float32 rounding bound of a float64 reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledKernel, LaunchArg } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
import { coopLanes, REDUCE_LEAF, scheduleChoices, stridedLanes, type ScheduleForce } from '../../runtime/compiler/kernels.js';
import { createCpuBackend } from '../../runtime/backends/cpu/index.js';
import { createWebGPUBackend, type WebGPUBackend } from '../../runtime/backends/webgpu/index.js';
import type { Backend } from '../../runtime/brt/api.js';
import type { Type } from '../../runtime/compiler/types.js';
import { arg, launch, makeStream, readF32, streamOf, val } from './harness.js';

const F: Type = { kind: 'scalar', name: 'float' };
const F4: Type = { kind: 'vector', elem: 'float', size: 4 };

const SRC = `
kernel void saxpy(float a, float x<>, float y<>, out float r<>) { r = a * x + y; }
kernel void stencil(float g[][], out float r<>) {
  float2 p = indexof(r).xy;
  r = (g[p] + g[p + float2(1.0f, 0.0f)] + g[p - float2(1.0f, 0.0f)] + g[p + float2(0.0f, 1.0f)] + g[p - float2(0.0f, 1.0f)]) * 0.2f;
}
reduce void sum(float a<>, reduce float r<>) { r += a; }
// Not of the form r = r op a: the ordered form (leaves), though it adds as sum does (a * 1 is exact).
reduce void osum(float a<>, reduce float r<>) { r = r + a * 1.0f; }
kernel void keep(float a<>, vout [1] float o<>) {
  if (a > 0.0f) {
    o = a * 3.0f;
    push(o);
  }
}
kernel void sgemv(float4 A[][], float4 x[], float n4, out float y<>) {
  float row = indexof(y).x;
  float s = 0.0f;
  float i;
  for (i = 0.0f; i < n4; i += 1.0f) {
    s += dot(A[row][i], x[i]);
  }
  y = s;
}
// A loop gathering P at its counter: staged through workgroup memory in blocks of the workgroup size.
kernel void reach(float n, float2 x<>, float2 P[], out float r<>) {
  float best = 1.0e30f;
  float i;
  for (i = 0.0f; i < n; i += 1.0f) {
    float2 d = P[i] - x;
    best = min(best, dot(d, d));
  }
  r = best;
}
int main() { return 0; }
`;

function kernels(): Map<string, CompiledKernel> {
  const res = compile(SRC, { fileName: 'plan-sweep.br' });
  if (!res.ok) throw new Error(JSON.stringify(res.diagnostics));
  return res.kernels as Map<string, CompiledKernel>;
}
const K = kernels();
const k = (name: string) => K.get(name)!;

/** Deterministic float32 values in [-1, 1), not whole numbers: any change of order shows in the bits. */
function noise(n: number, seed: number): Float32Array {
  let x = seed >>> 0;
  return Float32Array.from({ length: n }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return Math.fround((x / 2 ** 32) * 2 - 1);
  });
}

const bits = (a: ArrayLike<number>) => Array.from(new Uint32Array(Float32Array.from(a).buffer));
const f = Math.fround;

// --- the orders, written out in float32 ------------------------------------------------------------

/** The fixed tree over partials: (0,1) (2,3) ..., then (0,2) (4,6) ..., a missing right side carried up. */
function fixedTree(p: number[]): number {
  const q = p.slice();
  for (let s = 1; s < q.length; s *= 2) for (let i = 0; i + s < q.length; i += 2 * s) q[i] = f(q[i]! + q[i + s]!);
  return q[0]!;
}
/** Ordered: leaves of REDUCE_LEAF elements left to right, then the fixed tree. */
function leavesOrder(a: ArrayLike<number>, lo = 0, hi = a.length): number {
  const p: number[] = [];
  for (let s = lo; s < hi; s += REDUCE_LEAF) {
    let x = a[s]!;
    for (let e = s + 1; e < Math.min(s + REDUCE_LEAF, hi); e++) x = f(x + a[e]!);
    p.push(x);
  }
  return fixedTree(p);
}
/** Commutative full reduction: lane t of L folds t, t + L, ..., then the fixed tree over the lanes. */
function stridedOrder(a: ArrayLike<number>): number {
  const L = stridedLanes(a.length);
  const p: number[] = [];
  for (let t = 0; t < Math.min(L, a.length); t++) {
    let x = a[t]!;
    for (let e = t + L; e < a.length; e += L) x = f(x + a[e]!);
    p.push(x);
  }
  return fixedTree(p);
}
/** A commutative block's workgroup: lane l of `lanes` folds its elements (`lane(l)`), then a halving tree. */
function halvingOrder(lanes: number, lane: (l: number) => number): number {
  const p = Array.from({ length: lanes }, (_, l) => lane(l));
  for (let s = lanes >> 1; s > 0; s >>= 1) for (let l = 0; l < s; l++) p[l] = f(p[l]! + p[l + s]!);
  return p[0]!;
}
/** Scalar rows: 256 lanes, lane l takes elements l, l + 256, ... */
function stridedBlock(a: ArrayLike<number>, lo: number, n: number): number {
  return halvingOrder(256, (l) => {
    let x = a[lo + l]!;
    for (let j = l + 256; j < n; j += 256) x = f(x + a[lo + j]!);
    return x;
  });
}
/** Rows read as vec4: 128 lanes, lane l takes vec4s l, l + 128, ..., each vec4's words in order. */
function vec4Block(a: ArrayLike<number>, lo: number, n: number): number {
  return halvingOrder(128, (l) => {
    let x = a[lo + 4 * l]!;
    for (let w = 1; w < 4; w++) x = f(x + a[lo + 4 * l + w]!);
    for (let q = l + 128; q < n / 4; q += 128) for (let w = 0; w < 4; w++) x = f(x + a[lo + 4 * q + w]!);
    return x;
  });
}

/** |got - want| within (terms + 2) 2^-24 sum|t| (any order of a float32 sum: Higham). */
function expectWithin(got: ArrayLike<number>, want: ArrayLike<number>, scale: ArrayLike<number>, terms: number): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const bound = (terms + 2) * 2 ** -24 * scale[i]! + 1e-30;
    if (!(Math.abs(got[i]! - want[i]!) <= bound)) throw new Error(`element ${i}: ${got[i]} against ${want[i]} (bound ${bound})`);
  }
}

// --- the cases -------------------------------------------------------------------------------------

interface Case {
  name: string;
  /** The results (float32 values) of the case on `be`. */
  run(be: Backend): Promise<number[]>;
  /** The float64 reference and the bound's scale and terms. */
  reference(): { want: number[]; scale: number[]; terms: number };
  /** Exact bits every plan must give (the order written out), where the case has one. */
  exact?(): number[];
  /** What fixes the order beyond the IR and the call (the cooperative lanes), per plan. */
  order?(force: ScheduleForce, be: WebGPUBackend): string;
}

async function mapOn(be: Backend, name: string, args: { t: Type; shape: number[]; data: Float32Array }[], values: number[][], outShape: number[]): Promise<number[]> {
  const streams = args.map((a) => streamOf(be, a.t, a.shape, a.data));
  const out = makeStream(be, F, outShape);
  const largs: LaunchArg[] = [...values.map((v) => val(...v)), ...streams.map((s) => arg(s)), arg(out)];
  be.run(launch(k(name), largs, outShape));
  const r = Array.from(await readF32(be, out));
  for (const s of [...streams, out]) be.release(s.buffer);
  return r;
}

const R = 48;
const C = 80;
const X = noise(R * C, 1);
const Y = noise(R * C, 2);
const G = noise(R * C, 3);
const NA = 1_000_003;
const A = noise(NA, 4);
const BR = 6;
const BC = 3000; // rows of 3000 floats: 4k long, read as vec4
const BC1 = 3001; // rows that are not: scalar strided lanes
const NB = noise(BR * BC1, 5);
const SR = 40;
const SC = 30; // narrow blocks (one leaf, a thread each)
const V = noise(5000, 6);
const GR = 96;
const GN4 = 300; // 300 float4 trips: the cooperative form (64 lanes here)
const GA = noise(GR * GN4 * 4, 7);
const GX = noise(GN4 * 4, 8);

const clampAt = (r: number, c: number) => G[Math.min(R - 1, Math.max(0, r)) * C + Math.min(C - 1, Math.max(0, c))]!;

async function reduceAllOn(be: Backend, name: string, data: Float32Array): Promise<number[]> {
  const s = streamOf(be, F, [data.length], data);
  const out = await be.reduceAll(launch(k(name), [arg(s), val()], [data.length]));
  be.release(s.buffer);
  return out;
}
async function reduceBlocksOn(be: Backend, name: string, data: Float32Array, rows: number, cols: number): Promise<number[]> {
  const s = streamOf(be, F, [rows, cols], data.subarray(0, rows * cols));
  const t = makeStream(be, F, [rows, 1]);
  be.reduceBlocks(launch(k(name), [arg(s), arg(t)], [rows, cols]), arg(t));
  const r = Array.from(await readF32(be, t));
  be.release(s.buffer);
  be.release(t.buffer);
  return r;
}
function rowSums(data: Float32Array, rows: number, cols: number) {
  const want: number[] = [];
  const scale: number[] = [];
  for (let r = 0; r < rows; r++) {
    let s = 0;
    let m = 0;
    for (let c = 0; c < cols; c++) (s += data[r * cols + c]!), (m += Math.abs(data[r * cols + c]!));
    want.push(s);
    scale.push(m);
  }
  return { want, scale, terms: cols };
}
const whole = (data: Float32Array) => rowSums(data, 1, data.length);

const RN = 1000;
const RP = 300; // 300 trips: blocks of 32 to 256, the last one partial
const RX = noise(2 * RN, 9);
const RPS = noise(2 * RP, 10);

const CASES: Case[] = [
  {
    name: 'staged gathers: 1000 positions against 300 points (blocks of the workgroup size, or unstaged)',
    run: (be) => mapOn(be, 'reach', [{ t: { kind: 'vector', elem: 'float', size: 2 }, shape: [RN], data: RX }, { t: { kind: 'vector', elem: 'float', size: 2 }, shape: [RP], data: RPS }], [[RP]], [RN]),
    reference: () => {
      const want: number[] = [];
      for (let i = 0; i < RN; i++) {
        let best = Infinity;
        for (let j = 0; j < RP; j++) best = Math.min(best, (RPS[2 * j]! - RX[2 * i]!) ** 2 + (RPS[2 * j + 1]! - RX[2 * i + 1]!) ** 2);
        want.push(best);
      }
      return { want, scale: want, terms: 3 };
    },
  },
  {
    name: 'map: saxpy over a 48 x 80 domain (2-D grid, coarsened, or 1-D)',
    run: (be) => mapOn(be, 'saxpy', [{ t: F, shape: [R, C], data: X }, { t: F, shape: [R, C], data: Y }], [[1.7]], [R, C]),
    reference: () => ({ want: Array.from(X, (x, i) => 1.7 * x + Y[i]!), scale: Array.from(X, (x, i) => 1.7 * Math.abs(x) + Math.abs(Y[i]!)), terms: 2 }),
  },
  {
    name: 'gather: a 5-point stencil over a 48 x 80 grid, clamped at the edges',
    run: async (be) => {
      const g = streamOf(be, F, [R, C], G);
      const out = makeStream(be, F, [R, C]);
      be.run(launch(k('stencil'), [arg(g), arg(out)], [R, C]));
      const r = Array.from(await readF32(be, out));
      be.release(g.buffer);
      be.release(out.buffer);
      return r;
    },
    reference: () => {
      const want: number[] = [];
      const scale: number[] = [];
      for (let r = 0; r < R; r++) {
        for (let c = 0; c < C; c++) {
          const t = [clampAt(r, c), clampAt(r, c + 1), clampAt(r, c - 1), clampAt(r + 1, c), clampAt(r - 1, c)];
          want.push(t.reduce((x, y) => x + y, 0) * 0.2);
          scale.push(t.reduce((x, y) => x + Math.abs(y), 0) * 0.2);
        }
      }
      return { want, scale, terms: 6 };
    },
  },
  {
    name: 'reduce-all: a commutative sum of 1000003 floats (strided lanes)',
    run: (be) => reduceAllOn(be, 'sum', A),
    reference: () => whole(A),
    exact: () => [stridedOrder(A)],
  },
  {
    name: 'reduce-all: an ordered sum of 1000003 floats (leaves, the CPU order)',
    run: (be) => reduceAllOn(be, 'osum', A),
    reference: () => whole(A),
    exact: () => [leavesOrder(A)],
  },
  {
    name: 'reduce into blocks: 6 ordered rows of 3001 (a workgroup per row, leaves)',
    run: (be) => reduceBlocksOn(be, 'osum', NB, BR, BC1),
    reference: () => rowSums(NB, BR, BC1),
    exact: () => Array.from({ length: BR }, (_, r) => leavesOrder(NB, r * BC1, (r + 1) * BC1)),
  },
  {
    name: 'reduce into blocks: 6 commutative rows of 3001 (256 strided lanes)',
    run: (be) => reduceBlocksOn(be, 'sum', NB, BR, BC1),
    reference: () => rowSums(NB, BR, BC1),
    exact: () => Array.from({ length: BR }, (_, r) => stridedBlock(NB, r * BC1, BC1)),
  },
  {
    name: 'reduce into blocks: 6 commutative rows of 3000 (read as vec4, 128 lanes)',
    run: (be) => reduceBlocksOn(be, 'sum', NB, BR, BC),
    reference: () => rowSums(NB, BR, BC),
    exact: () => Array.from({ length: BR }, (_, r) => vec4Block(NB, r * BC, BC)),
  },
  {
    name: 'reduce into blocks: 40 ordered blocks of 30 (a thread per block, one leaf)',
    run: (be) => reduceBlocksOn(be, 'osum', NB, SR, SC),
    reference: () => rowSums(NB, SR, SC),
    exact: () => Array.from({ length: SR }, (_, r) => leavesOrder(NB, r * SC, (r + 1) * SC)),
  },
  {
    name: 'vout: the positive elements of 5000, times 3, in order',
    run: async (be) => {
      const a = streamOf(be, F, [V.length], V);
      const o = makeStream(be, F, [V.length]);
      const res = await be.runVout(launch(k('keep'), [arg(a), arg(o)], [V.length]));
      const words = await be.read(res.buffers[0]!, 0, res.counts[0]!);
      be.release(a.buffer);
      be.release(o.buffer);
      for (const b of res.buffers) be.release(b);
      return Array.from(new Float32Array(words.buffer, words.byteOffset, words.length));
    },
    reference: () => {
      const kept = Array.from(V).filter((x) => x > 0);
      return { want: kept.map((x) => 3 * x), scale: kept.map((x) => 3 * x), terms: 1 };
    },
  },
  {
    name: 'sgemv: 96 rows of 300 float4 (a sum loop: cooperative lanes, or a thread per row)',
    run: async (be) => {
      const a = streamOf(be, F4, [GR, GN4], GA);
      const x = streamOf(be, F4, [GN4], GX);
      const y = makeStream(be, F, [GR]);
      be.run(launch(k('sgemv'), [arg(a), arg(x), val(GN4), arg(y)], [GR]));
      const r = Array.from(await readF32(be, y));
      for (const s of [a, x, y]) be.release(s.buffer);
      return r;
    },
    reference: () => {
      const want: number[] = [];
      const scale: number[] = [];
      for (let r = 0; r < GR; r++) {
        let s = 0;
        let m = 0;
        for (let c = 0; c < GN4 * 4; c++) (s += GA[r * GN4 * 4 + c]! * GX[c]!), (m += Math.abs(GA[r * GN4 * 4 + c]! * GX[c]!));
        want.push(s);
        scale.push(m);
      }
      return { want, scale, terms: GN4 * 4 };
    },
    // The cooperative lanes split the loop's sum: their count is the sum's order (DECISIONS "Schedules").
    order: (force) => `coop ${coopLanes(k('sgemv').ir, GR, false, (p) => (p === 2 ? [GN4] : undefined), force)}`,
  },
];

// --- the sweep -------------------------------------------------------------------------------------

const results = new Map<string, { plan: string; order: string; values: number[] }[]>();
const cpuResults = new Map<string, number[]>();
let plans: ScheduleForce[] = [];

beforeAll(async () => {
  const cpu = createCpuBackend();
  for (const c of CASES) cpuResults.set(c.name, await c.run(cpu));
  cpu.dispose();
  const probe = await createWebGPUBackend();
  plans = scheduleChoices(probe.scheduleLimits);
  probe.dispose();
  for (const force of plans) {
    const gpu = await createWebGPUBackend({ schedule: force });
    try {
      for (const c of CASES) {
        const list = results.get(c.name) ?? [];
        list.push({ plan: JSON.stringify(force), order: c.order?.(force, gpu) ?? '', values: await c.run(gpu) });
        results.set(c.name, list);
      }
    } finally {
      gpu.dispose();
    }
  }
}, 600_000);

afterAll(() => results.clear());

describe('plan sweep: every schedule the planner offers gives the same bits', () => {
  it('the planner offers several workgroup sizes and the other forced choices here', () => {
    const sizes = plans.map((p) => p.workgroupSize).filter((w) => w !== undefined);
    expect(sizes).toEqual(expect.arrayContaining([32, 64, 128, 256]));
    expect(plans.some((p) => p.grid2d === false) && plans.some((p) => p.tiling === false) && plans.some((p) => p.coop === false) && plans.some((p) => p.stage === false) && plans.some((p) => p.pieceMin !== undefined)).toBe(true);
  });

  for (const c of CASES) {
    it(c.name, () => {
      const runs = results.get(c.name)!;
      expect(runs.length).toBe(plans.length);
      const { want, scale, terms } = c.reference();
      for (const r of runs) expectWithin(r.values, want, scale, terms);
      // Plans of one order give identical bits.
      const byOrder = new Map<string, typeof runs>();
      for (const r of runs) byOrder.set(r.order, [...(byOrder.get(r.order) ?? []), r]);
      for (const [order, group] of byOrder) {
        for (const r of group) expect(bits(r.values), `${c.name}: plan ${r.plan} (${order || 'one order'}) against ${group[0]!.plan}`).toEqual(bits(group[0]!.values));
      }
      if (c.exact) {
        const exact = bits(c.exact());
        expect(bits(runs[0]!.values), `${c.name}: the order written out`).toEqual(exact);
      }
      if (!c.order) expect(byOrder.size).toBe(1);
    });
  }

  it('the ordered reductions give the CPU backend\'s bits', () => {
    for (const c of CASES.filter((c) => c.name.includes('ordered'))) {
      expect(bits(results.get(c.name)![0]!.values), c.name).toEqual(bits(cpuResults.get(c.name)!));
    }
  });

  it('the cooperative form is the one choice that changes a float sum: its groups differ, each agrees within', () => {
    const runs = results.get(CASES[CASES.length - 1]!.name)!;
    const orders = new Set(runs.map((r) => r.order));
    expect(orders).toEqual(new Set(['coop 64', 'coop 0']));
  });
});
