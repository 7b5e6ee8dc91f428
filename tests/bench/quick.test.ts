/**
 * The benchmark harness end to end in --quick mode: on the CPU backend, and on WebGPU under lavapipe
 * (scripts/setup-system.sh installs it; a missing adapter fails here rather than skipping).
 * Checks that the JSON names the device and has every case of the issue, each side verified against
 * its reference and timed with finite positive numbers. Timing values themselves are not checked:
 * benchmarks never gate a merge.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBench } from '../../bench/main.js';
import type { BenchReport, CaseResult, SideResult } from '../../bench/results.js';

// The case list, written out here so that a case dropped from bench/cases.ts fails the test.
const WEBGPU_CASES = [
  'saxpy.small', 'saxpy.large', 'saxpy.huge',
  'sgemv.small.mulsum', 'sgemv.small.single', 'sgemv.large.mulsum', 'sgemv.large.single',
  // Issue 16: the seeds' sgemv fused (T alive or dead) and a chain of four maps fused and not.
  'sgemv.small.alive', 'sgemv.small.dead', 'sgemv.large.alive', 'sgemv.large.dead', 'chain4.fused', 'chain4.unfused',
  'sum.small', 'sum.large', 'sum.ordered', 'stencil', 'stencil.large', 'loop.small', 'loop.large', 'calls', 'streamRead', 'streamWrite',
  // Issue 24: the single-kernel sgemv with WGSL loop budgets off (baseline) and on, in one run.
  'budget.sgemv.small', 'budget.sgemv.large',
];
/** The host group (bench/host.ts): each job against gcc -O2, a JS loop, and checks off. */
const HOST_CASES = ['heap', 'array', 'gather'].flatMap((j) => ['gcc', 'js', 'checks'].map((b) => `host.${j}.${b}`));
const HAS_GCC = spawnSync('gcc', ['--version']).status === 0;
/** The CPU group (bench/cases.ts cpuCases): each job against a JS loop (Brook on one thread and on
 *  every thread) and against the same loop in C (gcc -O2); the fused chain against its calls unfused. */
const CPU_GROUP = [
  ...['saxpy', 'sum', 'stencil', 'gather', 'chain'].flatMap((j) => [`cpu.${j}`, `cpu.${j}.threads`, `cpu.${j}.c`]),
  'cpu.chain.fusion',
  'cpu.chain.fusion.threads',
  'cpu.streamRead',
  'cpu.streamRead.hostmem',
  'cpu.streamWrite',
  'cpu.streamWrite.hostmem',
];
/** The loops group (bench/host.ts loopShapeCases): each shape against gcc -O2 (g++ -O2 for the C++ ones) and against Brook's JavaScript path. */
const LOOP_CASES = ['int_mod', 'mixed', 'nested', 'structs', 'pointer', 'early_exit', 'math', 'printf', 'cxx_class', 'cxx_vector', 'cxx_refs', 'cxx_template', 'cxx_new'].flatMap((s) => [`loops.${s}.gcc`, `loops.${s}.js`]);
/** The compiler group (bench/compiler.ts): the front end's speed, once wall-clock limits in tests/compiler. */
const COMPILER_CASES = ['compiler.lex', 'compiler.preprocess', 'compiler.parse', 'compiler.hugeArray'];
const CPU_CASES = [...CPU_GROUP, ...HOST_CASES, ...LOOP_CASES, ...COMPILER_CASES];

function positive(x: number | undefined): boolean {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

function expectMeasured(c: CaseResult, side: SideResult, label: string): void {
  const where = `${c.id} ${label}`;
  expect(side.reason, where).toBeUndefined();
  expect(side.status, where).toBe('measured');
  expect(side.verified, where).toBe(true);
  expect(side.maxRelError !== undefined && side.maxRelError <= 1, `${where} maxRelError ${side.maxRelError}`).toBe(true);
  for (const k of ['medianMs', 'minMs', 'maxMs'] as const) expect(positive(side[k]), `${where} ${k} = ${side[k]}`).toBe(true);
  expect(side.samples, where).toBeGreaterThanOrEqual(3);
  if (c.bytes > 0) expect(positive(side.gbps), `${where} gbps`).toBe(true);
  if (c.flops > 0) expect(positive(side.gflops), `${where} gflops`).toBe(true);
  if (c.id === 'calls') expect(positive(side.usPerCall), `${where} usPerCall`).toBe(true);
  expect(side.timing, where).toBeDefined();
}

async function quickRun(backend: 'cpu' | 'webgpu'): Promise<BenchReport> {
  const json = join(mkdtempSync(join(tmpdir(), 'brook-bench-test-')), 'out.json');
  const printed: string[] = [];
  const run = await runBench(['--quick', '--backend', backend, '--json', json], (t) => printed.push(t), () => {});
  const text = printed.join('');
  expect(run.code, text).toBe(0);
  const report = JSON.parse(readFileSync(json, 'utf8')) as BenchReport;
  expect(report.schema).toBe('brook-bench/1');
  expect(report.quick).toBe(true);
  // The table names the device too.
  const dev = report.devices.find((d) => d.backend === backend);
  expect(dev?.unavailable, text).toBeUndefined();
  expect(dev?.name.length).toBeGreaterThan(0);
  expect(text).toContain(dev!.name);
  return report;
}

function expectCases(report: BenchReport, ids: string[]): void {
  expect(report.cases.map((c) => c.id).sort()).toEqual([...ids].sort());
  for (const c of report.cases) {
    if (!HAS_GCC && (c.id.endsWith('.gcc') || (c.id.startsWith('cpu.') && c.id.endsWith('.c')))) {
      // Without gcc the gcc -O2 baseline is skipped with that reason, not failed.
      expect(c.baseline.status, c.id).toBe('skipped');
      continue;
    }
    // calls and the loop shapes are timed as calls, not as bytes moved (no rate column).
    expect(positive(c.bytes) || c.id === 'calls' || c.id.startsWith('loops.'), c.id).toBe(true);
    expectMeasured(c, c.baseline, 'baseline');
    expectMeasured(c, c.brook, 'brook');
    expect(c.baseline.timing, c.id).toBe(c.brook.timing);
    expect(positive(c.ratio), `${c.id} ratio`).toBe(true);
    // The ratio is the two medians of this run.
    expect(c.ratio).toBeCloseTo((c.baseline.medianMs as number) / (c.brook.medianMs as number), 10);
  }
}

describe('npm run bench -- --quick', () => {
  it('cpu: the CPU backend next to plain JavaScript loops, every case verified', async () => {
    const report = await quickRun('cpu');
    expectCases(report, CPU_CASES);
    for (const c of report.cases) expect(c.baseline.timing).toBe('wall');
  }, 120_000);

  it('webgpu (lavapipe): Brook next to hand-written WGSL, every case verified', async () => {
    const report = await quickRun('webgpu');
    expectCases(report, WEBGPU_CASES);
    const dev = report.devices.find((d) => d.backend === 'webgpu')!;
    // GPU cases are timed on the GPU when the adapter offers timestamps (lavapipe does).
    const gpuCase = report.cases.find((c) => c.id === 'saxpy.large')!;
    expect(gpuCase.baseline.timing).toBe(dev.features?.includes('timestamp-query') ? 'gpu-timestamp' : 'wall-submit');
    expect(report.targets.map((t) => t.caseId)).toEqual([
      'saxpy.small', 'saxpy.large', 'sum.large', 'calls', 'streamRead',
      'loop.small', 'loop.large', 'loop.small', 'loop.large', 'stencil.large', 'sgemv.large.single', 'sgemv.large.mulsum',
      'saxpy.huge', 'saxpy.huge', 'sgemv.large.dead', 'sgemv.large.alive', 'sgemv.large.dead', 'chain4.fused',
      'streamRead', 'streamWrite',
    ]);
  }, 120_000);
});
