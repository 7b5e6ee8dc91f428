/**
 * The planning layer on its own (compiler/schedule; no device): what it chooses from a device's
 * limits and a kernel's IR, that its choices never move the reduction order (lanes and leaves are
 * functions of the element count, every workgroup size divides them), and what it refuses.
 * tests/webgpu/plan-sweep.test.ts runs the plans themselves.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import {
  combineRun,
  MAP_WORKGROUP,
  planMap,
  planPieces,
  planReduceAll,
  planReduceBlocks,
  planVout,
  REDUCE_LEAF,
  scheduleChoices,
  SHORT_RUN,
  stridedLanes,
  type DeviceLimits,
} from '../../runtime/compiler/kernels.js';

/** WebGPU's guaranteed minimums, and an H200's (as Dawn reports them). */
const MIN: DeviceLimits = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupsPerDimension: 65535, subgroups: false };
const H200: DeviceLimits = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupsPerDimension: 65535, subgroups: true };

function kernels(src: string): Map<string, CompiledKernel> {
  const res = compile(src + '\nint main() { return 0; }\n', { fileName: 'schedule.br' });
  if (!res.ok) throw new Error(JSON.stringify(res.diagnostics));
  return res.kernels as Map<string, CompiledKernel>;
}
const K = kernels(`
reduce void sum(float a<>, reduce float r<>) { r += a; }
reduce void osum(float a<>, reduce float r<>) { r = r + a * 1.0f; }
typedef struct { float4 a; float4 b; float4 c; float4 d; } Big;
reduce void big(Big a<>, reduce Big r<>) { r.a += a.a; r.b = r.b * a.b; r.c += a.c; r.d += a.d; }
kernel void saxpy(float a, float x<>, float y<>, out float r<>) { r = a * x + y; }
kernel void sgemv(float4 A[][], float4 x[], float n4, out float y<>) {
  float row = indexof(y).x;
  float s = 0.0f;
  float i;
  for (i = 0.0f; i < n4; i += 1.0f) {
    s += dot(A[row][i], x[i]);
  }
  y = s;
}
`);
const ir = (name: string) => K.get(name)!.ir;

describe('full reductions', () => {
  it('a commutative body takes strided lanes, a function of n alone; every workgroup size divides them', () => {
    for (const n of [1, 1000, 1 << 20, 1_000_003, 1 << 26]) {
      const lanes = stridedLanes(n);
      expect(lanes % 256).toBe(0);
      expect(lanes).toBeLessThanOrEqual(1 << 18);
      for (const wg of [32, 64, 128, 256]) {
        const s = planReduceAll(ir('sum'), n, MIN, { workgroupSize: wg });
        expect(s).toEqual({ order: 'strided', workgroupSize: wg, chunk: REDUCE_LEAF, lanes, groups: lanes / wg, combineRun: combineRun(lanes / wg, wg) });
      }
    }
    // The H200's plan of the bench's 2^26 float4 sum: 1024 workgroups of 256 (one resident wave).
    expect(planReduceAll(ir('sum'), 1 << 26, H200)).toMatchObject({ workgroupSize: 256, groups: 1024 });
  });

  it('an ordered body folds leaves of REDUCE_LEAF (the CPU chunk); workgroups only cover them', () => {
    for (const wg of [32, 256]) {
      const s = planReduceAll(ir('osum'), 1_000_003, MIN, { workgroupSize: wg });
      expect(s.order).toBe('leaves');
      expect(s.chunk).toBe(256);
      expect(s.lanes).toBe(Math.ceil(1_000_003 / 256));
      expect(s.groups).toBe(Math.ceil(s.lanes / wg));
    }
  });

  it('combine: a lane folds an aligned power-of-two run of partials; every default plan takes the short form', () => {
    expect([combineRun(1, 256), combineRun(256, 256), combineRun(257, 256), combineRun(977, 256), combineRun(1024, 256), combineRun(1025, 256)]).toEqual([1, 1, 2, 4, 4, 8]);
    expect(combineRun(2048, 32)).toBe(64);
    // The default workgroup (256) with the most strided lanes, and ordered leaves up to 2^26 elements:
    // at most 1024 partials, a run of SHORT_RUN or less (the straight-line combine, no stack).
    for (const n of [1, 1 << 14, 1 << 20, 1_000_003, 1 << 26, 1 << 28]) {
      expect(planReduceAll(ir('sum'), n, H200).combineRun, `sum of ${n}`).toBeLessThanOrEqual(SHORT_RUN);
    }
    for (const n of [1 << 20, 1 << 26]) expect(planReduceAll(ir('osum'), n, H200).combineRun, `osum of ${n}`).toBeLessThanOrEqual(SHORT_RUN);
    // Small forced workgroups and larger ordered reductions take the stack form.
    expect(planReduceAll(ir('sum'), 1 << 20, MIN, { workgroupSize: 32 }).combineRun).toBeGreaterThan(SHORT_RUN);
    expect(planReduceAll(ir('osum'), 1 << 28, H200).combineRun).toBeGreaterThan(SHORT_RUN);
  });

  it('a large accumulator gets a workgroup whose shared arrays fit the device', () => {
    // 16 words a lane plus a flag: 256 lanes need 17 KiB, more than WebGPU's minimum 16 KiB.
    expect(planReduceAll(ir('big'), 5000, MIN).workgroupSize).toBe(128);
    expect(planReduceAll(ir('big'), 5000, H200).workgroupSize).toBe(256);
    expect(() => planReduceAll(ir('big'), 5000, MIN, { workgroupSize: 256 })).toThrow(/power of two up to 128/);
    expect(() => planReduceAll(ir('sum'), 5000, MIN, { workgroupSize: 48 })).toThrow(/power of two/);
  });
});

describe('partial reductions', () => {
  it('blocks under WIDE_BLOCK are one leaf a thread; larger ones a workgroup', () => {
    expect(planReduceBlocks(ir('osum'), 100, MIN)).toMatchObject({ wide: false, strided: false, workgroupSize: 64 });
    expect(planReduceBlocks(ir('osum'), 100, MIN, { workgroupSize: 32 }).workgroupSize).toBe(32);
    expect(planReduceBlocks(ir('osum'), 3000, MIN, { workgroupSize: 32 })).toMatchObject({ wide: true, strided: false, workgroupSize: 32 });
  });

  it("a commutative wide block's 256 strided lanes are the order: a forced size does not move them", () => {
    expect(planReduceBlocks(ir('sum'), 3000, MIN, { workgroupSize: 32 })).toMatchObject({ wide: true, strided: true, workgroupSize: 256, vec4WorkgroupSize: 128 });
  });
});

describe('maps, vout, pieces', () => {
  const noArgs = () => undefined;
  it('a map takes MAP_WORKGROUP threads (or a forced size) and may use a 2-D grid and tiling', () => {
    expect(planMap(ir('saxpy'), 1 << 20, false, noArgs, H200)).toEqual({ workgroupSize: MAP_WORKGROUP, coopLanes: 0, grid2d: true, tiling: true, stage: null, stageWhy: 'no gathered stream' });
    expect(planMap(ir('saxpy'), 1 << 20, false, noArgs, H200, { workgroupSize: 64, grid2d: false, tiling: false })).toEqual({ workgroupSize: 64, coopLanes: 0, grid2d: false, tiling: false, stage: null, stageWhy: 'no gathered stream' });
    expect(() => planMap(ir('saxpy'), 10, false, noArgs, MIN, { workgroupSize: 512 })).toThrow(/power of two up to 256/);
  });

  it('a sum loop over few outputs runs cooperatively, its lanes from the trip count, unless forced off', () => {
    const trips = (n4: number) => (p: number) => (p === 2 ? [n4] : undefined);
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), H200)).toEqual({ workgroupSize: 256, coopLanes: 256, grid2d: false, tiling: false, stage: null, stageWhy: 'runs cooperatively (a workgroup per output element)' });
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), MIN, { workgroupSize: 32 }).coopLanes).toBe(256);
    expect(planMap(ir('sgemv'), 100, false, trips(300), H200).coopLanes).toBe(64);
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), H200, { coop: false }).coopLanes).toBe(0);
    expect(planMap(ir('sgemv'), 8192, true, trips(2048), H200).coopLanes).toBe(0); // masked
  });

  it('a loop gathering at its counter is staged (a 1-D grid, no coarsening) when the call leaves the stream unwritten', () => {
    const trips = (n4: number) => (p: number) => (p === 2 ? [n4] : undefined);
    // Per element, sgemv stages x (gathered at the counter), not A (two coordinates).
    const unwritten = () => false;
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), H200, { coop: false }, unwritten)).toEqual({ workgroupSize: 256, coopLanes: 0, grid2d: false, tiling: false, stage: { at: 3, params: [1], block: 256, direct: true } });
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), MIN, { coop: false, workgroupSize: 64 }, unwritten).stage).toEqual({ at: 3, params: [1], block: 64, direct: true });
    // Unknown writes (the default) and a forced stage false leave the per-element form.
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), H200, { coop: false })).toMatchObject({ stage: null, stageWhy: "the call writes 'x'", grid2d: true });
    expect(planMap(ir('sgemv'), 8192, false, trips(2048), H200, { coop: false, stage: false }, unwritten).stageWhy).toBe('staging is off (BROOK_TILE=0)');
  });

  it('vout passes and pieces', () => {
    expect(planVout(H200)).toEqual({ workgroupSize: 64 });
    expect(planVout(H200, { workgroupSize: 128 })).toEqual({ workgroupSize: 128 });
    expect(planPieces()).toEqual({ wholeAtMost: 1 << 18, first: 1 << 16, targetMs: 100 });
    expect(planPieces({ pieceMin: 1, firstPiece: 64 })).toMatchObject({ wholeAtMost: 1, first: 64 });
  });

  it('the plans a sweep runs: every workgroup size the device allows from 32, and each forced form', () => {
    const sizes = (l: DeviceLimits) => scheduleChoices(l).flatMap((f) => (Object.keys(f).length === 1 && f.workgroupSize ? [f.workgroupSize] : []));
    expect(sizes(MIN)).toEqual([32, 64, 128, 256]);
    expect(sizes({ ...MIN, maxComputeInvocationsPerWorkgroup: 128 })).toEqual([32, 64, 128]);
    expect(scheduleChoices(MIN)).toEqual(expect.arrayContaining([{}, { grid2d: false }, { tiling: false }, { coop: false }, { pieceMin: 1, firstPiece: 64 }]));
  });
});
