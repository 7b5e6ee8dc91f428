/**
 * The whole-program bench (bench/programs.ts) at smoke size on both backends: every program of issue
 * 12's list runs through `brook run` as a user runs it, checks its own answer (each prints "ok" or
 * "sorted" only when its result matches a reference it computes in double on the host), and the JSON
 * has a row per program and backend with a positive time and, for webgpu, a speed-up over cpu.
 * Each row also carries the shares of one more run's wall time (`brook run --phases-out`): every
 * share is a measured, non-negative time, and together they fit within that run's wall time.
 * Times are not checked: benchmarks never gate a merge.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const PROGRAMS = ['segment', 'sort', 'saxpy', 'sgemv', 'fft2d', 'raytrace'];

interface Row {
  program: string;
  backend: string;
  medianMs: number;
  output: string;
  speedupOverCpu?: number;
  shares?: { wallMs: number; ms: Record<string, number>; share: Record<string, number>; pipelinesBuilt: number; deviceClock: string };
}

const SHARES = ['start', 'compile', 'device', 'pipelines', 'host', 'transfers', 'kernels', 'exit'];

describe('bench programs --small', () => {
  it('runs every program on cpu and webgpu with a checked result', () => {
    const json = join(mkdtempSync(join(tmpdir(), 'brook-programs-')), 'out.json');
    const r = spawnSync(process.execPath, [join(root, 'dist', 'bench', 'programs.js'), '--backends', 'cpu,webgpu', '--small', '--runs', '1', '--threads', '1', '--json', json], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BROOK_REQUIRE_GPU: '1' },
      timeout: 240_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { schema: string; small: boolean; results: Row[] };
    expect(report.schema).toBe('brook-bench-programs/3');
    expect(report.small).toBe(true);
    for (const program of PROGRAMS) {
      for (const backend of ['cpu', 'webgpu']) {
        const row = report.results.find((x) => x.program === program && x.backend === backend);
        expect(row, `${program} on ${backend}`).toBeDefined();
        expect(row!.medianMs).toBeGreaterThan(0);
        expect(row!.output, `${program} on ${backend}`).toMatch(program === 'sort' ? /: sorted,/ : program === 'segment' ? /total level/ : /: ok$/);
        if (backend === 'webgpu') expect(row!.speedupOverCpu).toBeGreaterThan(0);
        const sh = row!.shares!;
        expect(sh, `${program} on ${backend}: shares`).toBeDefined();
        expect(Object.keys(sh.ms).sort()).toEqual([...SHARES].sort());
        for (const k of SHARES) {
          expect(sh.ms[k], `${program} on ${backend}: ${k}`).toBeGreaterThanOrEqual(0);
          expect(sh.share[k]).toBeCloseTo(sh.ms[k]! / sh.wallMs, 9);
        }
        // Measured phases: a process starts Node and compiles; every program builds kernels and runs them.
        for (const k of ['start', 'compile', 'pipelines', 'kernels']) expect(sh.ms[k], `${program} on ${backend}: ${k}`).toBeGreaterThan(0);
        expect(sh.pipelinesBuilt).toBeGreaterThan(0);
        if (backend === 'webgpu') expect(sh.ms.device).toBeGreaterThan(0);
        // The phases follow each other inside the process, so they fit within its wall time (1% for
        // the clocks: the process's own against the harness's).
        const sum = SHARES.reduce((n, k) => n + sh.ms[k]!, 0);
        expect(sum, `${program} on ${backend}: ${JSON.stringify(sh.ms)}`).toBeLessThanOrEqual(sh.wallMs * 1.01);
        expect(sum).toBeGreaterThanOrEqual(sh.wallMs * 0.99);
      }
      // Both backends compute the same thing: their checksums agree to the digits printed, except
      // where float rounding of a different summation order shows (fft2d's error value).
      const cpu = report.results.find((x) => x.program === program && x.backend === 'cpu')!.output;
      const gpu = report.results.find((x) => x.program === program && x.backend === 'webgpu')!.output;
      if (program !== 'fft2d') expect(gpu, program).toBe(cpu);
    }
  }, 300_000);

  it('--phases-timed: the shares come from the timed (median) run itself, with the same checks', () => {
    const json = join(mkdtempSync(join(tmpdir(), 'brook-programs-')), 'out.json');
    const r = spawnSync(process.execPath, [join(root, 'dist', 'bench', 'programs.js'), '--backends', 'cpu,webgpu', '--small', '--only', 'raytrace', '--runs', '1', '--threads', '1', '--phases-timed', '--json', json], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BROOK_REQUIRE_GPU: '1' },
      timeout: 120_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { phasesTimed: boolean; results: (Row & { args: string[] })[] };
    expect(report.phasesTimed).toBe(true);
    expect(report.results.map((x) => x.backend)).toEqual(['cpu', 'webgpu']);
    for (const row of report.results) {
      expect(row.args).toEqual(['64', '32']);
      expect(row.output).toMatch(/: ok$/);
      // One run, so its wall time is the median and the shares' wall time.
      expect(row.shares!.wallMs).toBe(row.medianMs);
      const sum = SHARES.reduce((n, k) => n + row.shares!.ms[k]!, 0);
      expect(sum).toBeLessThanOrEqual(row.medianMs * 1.01);
      for (const k of SHARES) expect(row.shares!.ms[k]).toBeGreaterThanOrEqual(0);
    }
  }, 150_000);
});
