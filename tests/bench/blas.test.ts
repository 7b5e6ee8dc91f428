/**
 * The BLAS group of the benchmark (`--only blas`, opt-in) end to end in --quick mode on WebGPU
 * (lavapipe here): every case's Brook side verified against float64 and timed; axpy and gemv next to
 * their hand-written WGSL; the gemm cases with no baseline (skipped, with the reason), each tile
 * config actually used by the case that forces it, and a ragged size through the bounds-checked module. A plain run leaves the group out.
 * Timing values are not checked: benchmarks never gate a merge.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench } from '../../bench/main.js';
import { allCases, selectCases } from '../../bench/cases.js';
import type { BenchReport } from '../../bench/results.js';
import { GEMM_TILE_CANDIDATES } from '../../runtime/library/blas/natives.js';
import { tileName } from '../../runtime/library/blas/gemm-wgsl.js';

const TILES = Object.keys(GEMM_TILE_CANDIDATES);
const IDS = ['blas.gemm', ...TILES.map((t) => `blas.gemm.${t}`), 'blas.gemm.ragged', 'blas.gemv', 'blas.gemv.split64', 'blas.gemv.split128', 'blas.gemv.split512', 'blas.gemv.split1024', 'blas.axpy'];

describe('bench --only blas', () => {
  it('is opt-in: a plain run has no blas case, --only blas has every one', () => {
    const cases = allCases(true);
    expect(selectCases(cases, undefined, ['webgpu', 'cpu']).filter((c) => c.id.startsWith('blas'))).toEqual([]);
    expect(selectCases(cases, ['blas'], ['webgpu', 'cpu']).map((c) => c.id)).toEqual(IDS);
  });

  it('--quick on webgpu: every Brook side verified and timed, the tile sweep uses each tile', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'brook-bench-blas-')), 'out.json');
    const printed: string[] = [];
    const run = await runBench(['--quick', '--backend', 'webgpu', '--only', 'blas', '--json', json], (t) => printed.push(t), () => {});
    expect(run.code, printed.join('')).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as BenchReport;
    expect(report.cases.map((c) => c.id)).toEqual(IDS);
    for (const c of report.cases) {
      expect(c.brook.status, `${c.id}: ${c.brook.reason}`).toBe('measured');
      expect(c.brook.verified).toBe(true);
      expect(c.brook.maxRelError!).toBeLessThanOrEqual(1);
      expect(c.brook.medianMs!).toBeGreaterThan(0);
      if (c.id.startsWith('blas.gemm')) {
        expect(c.baseline.status).toBe('skipped');
        expect(c.baseline.reason).toContain('no hand-written WGSL GEMM');
        expect(c.brook.gflops!).toBeGreaterThan(0);
      } else {
        expect(c.baseline.status, `${c.id}: ${c.baseline.reason}`).toBe('measured');
        expect(c.ratio!).toBeGreaterThan(0);
      }
    }
    for (const t of TILES) expect(report.cases.find((c) => c.id === `blas.gemm.${t}`)!.brook.note).toContain(`native WGSL gemm ${tileName(GEMM_TILE_CANDIDATES[t]!)}`);
    // 250 x 250, padded to 252: the small tile (32 x 32 x 8) by size, so rows, columns and K (4 past a step) ragged.
    expect(report.cases.find((c) => c.id === 'blas.gemm.ragged')!.brook.note).toContain('native WGSL gemm 32x32x8/8x8/4x4 checked M,N,K');
    expect(report.targets.map((t) => t.caseId).sort()).toEqual(['blas.axpy', 'blas.gemm', 'blas.gemv']);
  }, 600_000);
});
