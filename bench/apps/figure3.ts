/**
 * Figure 3 of the Brook paper, for one application, measured with the bench harness's rules:
 * the same Brook kernels (compiled once, in the notebook) on the WebGPU backend and on the CPU
 * backend, next to a hand-written WGSL version where one exists (and a plain JavaScript one where
 * one exists), each verified against a float64 reference before it is timed.
 *
 * In: an AppDefinition (how to set the job up on a runtime, its hand-written versions, how much work
 * one execution does) and the size. Out: a Figure3 (rows of rates, transfers, the raw CaseResults),
 * which shows itself as a table and draws the bar chart through the results layer.
 *
 * What always holds (the paper's rules and the bench's):
 * - Rates exclude streamRead and streamWrite, as the paper's did; those are timed separately (median
 *   of 3 wall-clock runs each: streamRead ends with finish(), streamWrite with the data in host memory)
 *   and shown beside the rates, with the rate a user would see if they were included.
 * - A side that gives a wrong answer is not timed (measure.ts); a side that cannot exist here (no
 *   GPU, no hand-written version) is "skipped" with the reason, never drawn as zero.
 * - The Brook sides run on runtimes made by createRuntime (bench/brook/session.ts), not on the
 *   notebook's own session: so both backends are measured in one cell, whatever the session uses.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import { tableBundle } from '../../magics/report.js';
import type { PlotDisplay } from '../../runtime/results/plot.js';
import { brookSession } from '../brook/session.js';
import type { BenchGpu } from '../gpu.js';
import { GPU_WARMUP_MS, measureCase, type MeasureSettings } from '../measure.js';
import type { Check } from '../reference.js';
import { median, type CaseResult, type SideResult, type TimingMethod } from '../results.js';
import { Unavailable, type BenchCase, type Side } from '../side.js';
import { createFlusher, type Flusher } from '../wgsl/flush.js';
import { harnessGpu } from './device.js';
import type { AppSize } from './size.js';

/** The Brook version of a job on one runtime: streams made, inputs copied in by upload(). */
export interface BrookJob {
  /** streamRead of every input, then finish(): the transfer the paper left out of its rates. */
  upload(): Promise<void>;
  /** One execution's kernel calls, recorded on the runtime; the runner submits them with finish(). */
  run(): void | Promise<void>;
  /** streamWrite of the result into host memory: the other transfer. */
  download(): Promise<void>;
  /** The last download against the float64 reference. */
  check(): Check;
  /** Bytes upload() and download() move. */
  bytesIn: number;
  bytesOut: number;
  dispose(): void;
}

export interface AppDefinition {
  id: string;
  title: string;
  /** The problem size in words ("2048 x 2048 image, 20 iterations"). */
  size: string;
  /** The rate's unit: 'MFLOPS', or what the paper used instead (ray-triangle tests per second). */
  unit: string;
  /** How much of the unit's work one execution does (flops, tests, keys); rates are work / s / 1e6. */
  work: number;
  /** How `work` was counted, for the reader. */
  workNote: string;
  /** What every side's answer is checked against (default: a float64 reference). */
  checkedAgainst?: string;
  /** The job's algorithmic bytes (inputs read once, outputs written once). */
  bytes: number;
  /** Largest single buffer a hand-written version needs (checked against the adapter's limits). */
  largestBufferBytes?: number;
  brook(rt: BrookRuntimeHandle): BrookJob;
  /** Hand-written WGSL plans (the harness keeps the fastest verified one); absent: `noWgsl` says why. */
  wgsl?(gpu: BenchGpu): Promise<Side[]>;
  noWgsl?: string;
  /** A plain JavaScript version on one thread, where one is worth showing. */
  js?(): Side[];
}

export const LABELS = {
  wgsl: 'hand-written WGSL',
  brookGpu: 'Brook on WebGPU',
  brookCpu: 'Brook on CPU',
  js: 'plain JavaScript',
} as const;

export interface Figure3Row {
  label: string;
  impl: string;
  backend: 'webgpu' | 'cpu';
  device: string;
  status: SideResult['status'];
  reason?: string;
  verified: boolean;
  medianMs?: number;
  /** work / median seconds / 1e6, in the app's unit. */
  rate?: number;
  /** rate / the Brook-on-CPU rate (the paper normalised by the CPU). */
  vsCpu?: number;
  timing?: TimingMethod;
  /** The baseline's schedule, or how the Brook side issued its work. */
  plan?: string;
  samples?: number;
}

export interface TransferRow {
  backend: 'webgpu' | 'cpu';
  device: string;
  streamReadMs: number;
  streamWriteMs: number;
  bytesIn: number;
  bytesOut: number;
}

function settings(size: AppSize, log: (line: string) => void): MeasureSettings {
  return size === 'full'
    ? // The GPU's clock ramps up first, as in the bench (GPU_WARMUP_MS): without it, nvidia-smi logged an
      // H200's SM clock at its idle 345 MHz through most of the 2026-12-03 morning's figure3 run.
      { warmup: 2, samples: 7, planSamples: 3, flushBytes: 256 << 20, gpuWarmupMs: GPU_WARMUP_MS, log }
    : { warmup: 1, samples: 3, planSamples: 1, flushBytes: 1 << 20, log };
}

// One cache flusher per size, on the shared harness device (device.ts).
const flushers = new Map<number, Promise<Flusher>>();

function flusherFor(gpu: BenchGpu, bytes: number): Promise<Flusher> {
  let f = flushers.get(bytes);
  if (!f) {
    f = createFlusher(gpu, bytes);
    flushers.set(bytes, f);
  }
  return f;
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message.split('\n')[0]! : String(e);
}

function cpuName(): string {
  const c = cpus();
  return `${c[0]?.model?.trim() ?? 'CPU'} x ${c.length}`;
}

async function wallMs(fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Measure one application as Figure 3 did. */
export async function runFigure3(app: AppDefinition, size: AppSize, log: (line: string) => void = () => {}): Promise<Figure3> {
  const st = settings(size, log);
  const { gpu, reason: gpuReason } = await harnessGpu();
  const transfers: TransferRow[] = [];
  const devices = new Map<'webgpu' | 'cpu', string>([['cpu', cpuName()]]);
  if (gpu) devices.set('webgpu', gpu.info.name);

  const brookSide = async (backend: 'webgpu' | 'cpu'): Promise<Side> => {
    if (backend === 'webgpu' && !gpu) throw new Unavailable(`no WebGPU device (${gpuReason})`);
    let rt: BrookRuntimeHandle;
    try {
      rt = (await brookSession(backend)).rt;
    } catch (e) {
      throw new Unavailable(`the ${backend} runtime did not start: ${errText(e)}`);
    }
    const job = app.brook(rt);
    try {
      // Transfers, timed apart from the kernels (the paper's rates leave them out).
      const up: number[] = [];
      for (let i = 0; i < 3; i++) up.push(await wallMs(() => job.upload()));
      await job.run();
      await rt.finish();
      const down: number[] = [];
      for (let i = 0; i < 3; i++) down.push(await wallMs(() => job.download()));
      transfers.push({ backend, device: rt.backend.description, streamReadMs: median(up), streamWriteMs: median(down), bytesIn: job.bytesIn, bytesOut: job.bytesOut });
    } catch (e) {
      job.dispose();
      throw e;
    }
    return {
      impl: 'brook',
      note: `the notebook's kernels on the ${backend} backend, one finish() per run [${rt.backend.description}]`,
      async run() {
        await job.run();
        await rt.finish();
      },
      async check() {
        await job.download();
        return job.check();
      },
      dispose: () => job.dispose(),
    };
  };

  const common = { title: app.title, size: app.size, bytes: app.bytes, flops: app.unit === 'MFLOPS' ? app.work : 0, workingSetBytes: app.bytes };
  const webCase: BenchCase = {
    ...common,
    id: `${app.id}.webgpu`,
    backend: 'webgpu',
    timing: 'gpu',
    largestBufferBytes: app.largestBufferBytes,
    async baseline(ctx) {
      if (!ctx.gpu) throw new Unavailable(`no WebGPU device (${gpuReason})`);
      if (!app.wgsl) throw new Unavailable(app.noWgsl ?? 'no hand-written WGSL version');
      return app.wgsl(ctx.gpu);
    },
    brook: () => brookSide('webgpu'),
  };
  // BROOK_FIGURE3_GPU_ONLY=1 skips the CPU sides (bench/probes/fig3-app.mjs comparing GPU builds).
  const gpuOnly = process.env.BROOK_FIGURE3_GPU_ONLY === '1';
  const cpuCase: BenchCase = {
    ...common,
    id: `${app.id}.cpu`,
    backend: 'cpu',
    timing: 'wall',
    async baseline() {
      if (gpuOnly) throw new Unavailable('BROOK_FIGURE3_GPU_ONLY=1');
      if (!app.js) throw new Unavailable('no plain JavaScript version');
      return app.js();
    },
    brook: () => (gpuOnly ? Promise.reject(new Unavailable('BROOK_FIGURE3_GPU_ONLY=1')) : brookSide('cpu')),
  };
  const flusher = gpu ? await flusherFor(gpu, st.flushBytes) : undefined;
  const web = await measureCase(webCase, { quick: size === 'small', gpu }, st, flusher);
  if (gpu?.uncaptured.length) {
    const first = [...new Set(gpu.uncaptured.splice(0).map((m) => m.split('\n')[0]))].slice(0, 3);
    Object.assign(web.baseline, { status: 'failed', verified: false, reason: `WebGPU error: ${first.join('; ')}` });
  }
  const cpu = await measureCase(cpuCase, { quick: size === 'small' }, st);

  const row = (label: string, s: SideResult, backend: 'webgpu' | 'cpu'): Figure3Row => ({
    label,
    impl: s.impl,
    backend,
    device: devices.get(backend) ?? 'none',
    status: s.status,
    reason: s.reason,
    verified: s.verified,
    medianMs: s.medianMs,
    rate: s.status === 'measured' && s.medianMs ? app.work / (s.medianMs * 1e-3) / 1e6 : undefined,
    timing: s.timing,
    plan: s.plan ?? s.note,
    samples: s.samples,
  });
  const rows = [row(LABELS.wgsl, web.baseline, 'webgpu'), row(LABELS.brookGpu, web.brook, 'webgpu'), row(LABELS.brookCpu, cpu.brook, 'cpu')];
  if (app.js) rows.push(row(LABELS.js, cpu.baseline, 'cpu'));
  const ref = rows.find((r) => r.label === LABELS.brookCpu)?.rate;
  for (const r of rows) if (r.rate !== undefined && ref) r.vsCpu = r.rate / ref;
  const fig = new Figure3(app, size, rows, transfers, [web, cpu]);
  // scripts/run-notebooks-full.sh collects every notebook's figure for its summary.
  const dir = process.env.BROOK_FIGURE3_JSON_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${app.id}.json`), JSON.stringify({ date: new Date().toISOString(), ...fig.toJSON() }, null, 1) + '\n');
  }
  return fig;
}

const DISPLAY = Symbol.for('Jupyter.display');

function fmt(v: number | undefined, digits = 3): string {
  if (v === undefined || !Number.isFinite(v)) return '-';
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  return Number(v.toPrecision(digits)).toString();
}

export class Figure3 {
  constructor(
    readonly app: Pick<AppDefinition, 'id' | 'title' | 'size' | 'unit' | 'work' | 'workNote' | 'checkedAgainst'>,
    readonly sizeName: AppSize,
    readonly rows: Figure3Row[],
    readonly transfers: TransferRow[],
    /** The harness's own results (samples, plans, errors), as `npm run bench` writes them. */
    readonly cases: CaseResult[],
  ) {}

  row(label: string): Figure3Row | undefined {
    return this.rows.find((r) => r.label === label);
  }

  /** Sides that failed (a wrong answer or an error); skipped sides are not failures. */
  failures(): string[] {
    return this.rows.filter((r) => r.status === 'failed').map((r) => `${r.label}: ${r.reason ?? 'failed'}`);
  }

  /** The rate with the Brook side's streamRead and streamWrite counted in. */
  rateWithTransfers(r: Figure3Row): number | undefined {
    const t = r.impl === 'brook' ? this.transfers.find((x) => x.backend === r.backend) : undefined;
    if (!t || r.medianMs === undefined) return undefined;
    return this.app.work / ((r.medianMs + t.streamReadMs + t.streamWriteMs) * 1e-3) / 1e6;
  }

  /** The table: one row per implementation, rates without transfers, then the transfers. */
  bundle(): Record<string, unknown> {
    const u = this.app.unit;
    const head = ['implementation', 'device', 'time ms', u, 'x Brook on CPU', 'streamRead ms', 'streamWrite ms', `${u} incl. transfers`, 'timing', 'how'];
    const body = this.rows.map((r) => {
      const t = r.impl === 'brook' ? this.transfers.find((x) => x.backend === r.backend) : undefined;
      if (r.status !== 'measured') return [r.label, r.device, '-', '-', '-', '-', '-', '-', r.status, r.reason ?? ''];
      return [r.label, r.device, fmt(r.medianMs), fmt(r.rate), fmt(r.vsCpu), fmt(t?.streamReadMs), fmt(t?.streamWriteMs), fmt(this.rateWithTransfers(r)), `${r.timing}, median of ${r.samples}`, r.plan ?? ''];
    });
    const caption = `${this.app.title}: ${this.app.size} (BROOK_SIZE=${this.sizeName}); ${this.app.workNote}; every side checked against ${this.app.checkedAgainst ?? 'a float64 reference'} before it was timed`;
    return tableBundle(caption, head, body);
  }

  [DISPLAY](): Record<string, unknown> {
    return this.bundle();
  }

  /** Figure 3's bar chart: each implementation's rate over Brook on the CPU. */
  async chart(): Promise<PlotDisplay> {
    const { plotComparison } = await import('../../runtime/results/plot-compare.js');
    const gpuName = this.rows.find((r) => r.backend === 'webgpu')?.device ?? 'no GPU';
    return plotComparison(
      this.rows.map((r) => ({ label: r.label, rate: r.rate, missing: r.status === 'measured' ? undefined : `${r.status}: ${r.reason ?? ''}` })),
      { title: `${this.app.title}, relative to Brook on the CPU`, unit: this.app.unit, reference: LABELS.brookCpu, about: `${this.app.size}; ${gpuName}; transfers excluded` },
    );
  }

  toJSON(): object {
    return { app: this.app, size: this.sizeName, rows: this.rows, transfers: this.transfers, cases: this.cases };
  }
}
