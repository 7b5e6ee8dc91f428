/**
 * The benchmark run behind `npm run bench` (bench/run.ts is its command line): Brook-compiled
 * kernels next to hand-written WGSL (WebGPU backend) and next to plain JavaScript loops (CPU
 * backend), measured in one process, printed as a table and written as JSON.
 *
 * Exit status: 0 when every side that ran was verified, 1 when a side failed (a wrong result or an
 * error), 2 for bad options. Skipped sides (no adapter, a buffer over the adapter's limit, the Brook
 * pipeline not built) do not fail the run; their reason is printed and written. Benchmarks never gate
 * a merge; the status is for the smoke test and the person reading the log.
 */
import { cpus, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, USAGE } from './cli.js';
import { allCases, selectCases } from './cases.js';
import { GPU_WARMUP_MS, measureCase, type MeasureSettings } from './measure.js';
import { createFlusher } from './wgsl/flush.js';
import { openBenchGpu, type BenchGpu } from './gpu.js';
import { installPassTimer } from './timer.js';
import { closeSessions, casesDir } from './brook/session.js';
import { cleanupC } from './cpuc.js';
import { evaluateTargets, renderTable, writeJson } from './report.js';
import { median, type BenchReport, type CaseResult, type DeviceInfo } from './results.js';
import type { CaseContext } from './side.js';

const METHODOLOGY = [
  'Each side is run once and checked against a float64 JavaScript reference before any timing; a side that fails is not timed.',
  'Baselines with several schedules (plans) are each verified and briefly timed; the fastest is kept.',
  'After warm-up runs, samples alternate baseline and Brook; the reported time is the median. GPU cases warm up (alternating sides) for at least 1 s: an idle NVIDIA GPU runs at its idle clock for the first few hundred ms of load (345-480 MHz, then 1980 MHz on an H100).',
  'GPU cases: before each sample a separate submit writes a scratch buffer larger than the GPU cache (outside the timing).',
  'GPU time: timestamps at the beginning and end of every compute pass the job issues; time = last end - first beginning. Without timestamp-query: wall time around submit + onSubmittedWorkDone (wall-submit).',
  'Per-call cost (calls): wall time of all calls plus the final submit and wait, divided by the number of calls.',
  'Transfers and CPU cases: wall time. streamRead includes finish(); streamWrite includes the copy into the host array.',
  'GB/s and GFLOP/s use the job\'s algorithmic bytes and flops (inputs read once, outputs written once), the same for both sides.',
  'ratio = baseline median / Brook median, both from this run (1 = Brook as fast as the baseline).',
];

function cpuInfo(): DeviceInfo {
  const c = cpus();
  return { backend: 'cpu', name: `${c[0]?.model?.trim() ?? 'unknown CPU'} x ${c.length}`, timing: 'wall' };
}

/** Median bandwidth of a plain host copy of `bytes`: what a transfer cannot beat on the host side. */
function hostMemcpy(bytes: number): number {
  const src = new Float32Array(bytes / 4).fill(1);
  const dst = new Float32Array(bytes / 4);
  const ms: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    dst.set(src);
    ms.push(performance.now() - t0);
  }
  return bytes / (median(ms.slice(1)) * 1e-3) / 1e9;
}

export interface BenchRun {
  code: number;
  report?: BenchReport;
  jsonPath?: string;
}

/** Runs the benchmarks for command-line `argv`; prints the table to `out`, progress to `log`. */
export async function runBench(
  argv: string[],
  out: (text: string) => void = (t) => process.stdout.write(t),
  log: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): Promise<BenchRun> {
  const opts = parseArgs(argv);
  if ('error' in opts) {
    log(`bench: ${opts.error}\n${USAGE}`);
    return { code: 2 };
  }
  if (opts.help) {
    out(USAGE + '\n');
    return { code: 0 };
  }
  const cases = selectCases(allCases(opts.quick), opts.only, opts.backends);
  if (!cases.length) {
    const ids = allCases(opts.quick).map((c) => c.id).join(', ');
    log(`bench: no case matches --only ${opts.only?.join(',')} for backend ${opts.backends.join('+')} (cases: ${ids})`);
    return { code: 2 };
  }
  const devices: DeviceInfo[] = [];
  let gpu: BenchGpu | undefined;
  if (opts.backends.includes('webgpu')) {
    const g = await openBenchGpu();
    if ('error' in g) {
      devices.push({ backend: 'webgpu', name: 'none', timing: 'wall-submit', unavailable: g.error });
      log(`bench: webgpu unavailable: ${g.error}`);
    } else {
      gpu = g;
      devices.push(g.info);
      installPassTimer();
    }
  }
  if (opts.backends.includes('cpu')) devices.push(cpuInfo());
  for (const d of devices) if (!d.unavailable) log(`bench: ${d.backend}: ${d.name} (timing: ${d.timing})`);

  const settings: MeasureSettings = opts.quick
    ? { warmup: 1, samples: 3, planSamples: 1, flushBytes: 1 << 20, gpuWarmupMs: 0, log }
    : { warmup: 3, samples: 15, planSamples: 5, flushBytes: 256 << 20, gpuWarmupMs: GPU_WARMUP_MS, log };
  const flusher = gpu ? await createFlusher(gpu, settings.flushBytes) : undefined;
  const ctx: CaseContext = { quick: opts.quick, gpu };
  const started = new Date();
  // Without --json, one scratch file that each run replaces (ignored by git); committed results are named
  // GROUP-MACHINE.json (bench/README.md, "Results").
  const jsonPath = opts.json ? resolve(opts.json) : join(casesDir(), '..', 'results', `last-run${opts.quick ? '-quick' : ''}.json`);
  const results: CaseResult[] = [];
  const report: BenchReport = {
    schema: 'brook-bench/1',
    date: started.toISOString(),
    quick: opts.quick,
    node: process.version,
    host: hostname(),
    devices,
    methodology: METHODOLOGY,
    cases: results,
    targets: [],
  };
  if (cases.some((c) => c.id === 'streamRead' || c.id === 'streamWrite')) report.hostMemcpyGbps = hostMemcpy(opts.quick ? 16 << 20 : 256 << 20);
  for (const c of cases) {
    const t0 = performance.now();
    log(`bench: ${c.id} (${c.size}) ...`);
    const r = await measureCase(c, ctx, settings, flusher);
    if (gpu?.uncaptured.length) {
      // The bench's device runs only the baselines (the Brook runtime has its own device).
      const first = [...new Set(gpu.uncaptured.splice(0).map((m) => m.split('\n')[0]))].slice(0, 3);
      Object.assign(r.baseline, { status: 'failed', verified: false, reason: `WebGPU error: ${first.join('; ')}` });
      r.ratio = undefined;
    }
    results.push(r);
    // Written after every case: a run cut short (a hang, a time limit) still leaves its results.
    report.targets = evaluateTargets(results, report.hostMemcpyGbps);
    writeJson(jsonPath, report);
    log(`bench: ${c.id} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  flusher?.dispose();
  await closeSessions();
  cleanupC();
  out(renderTable(report) + '\n');
  out(`results: ${jsonPath}\n`);
  gpu?.device.destroy();
  const failed = results.some((r) => r.baseline.status === 'failed' || r.brook.status === 'failed');
  return { code: failed ? 1 : 0, report, jsonPath };
}

