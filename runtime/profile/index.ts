/**
 * Profiles of Brook work: where the time of a cell or program goes, per kernel and per copy, against
 * this adapter's measured peaks, with the Brook paper's cost model (section 5.2) filled in.
 *
 * In: a runtime and the work to run on it:
 *   const rec = new ProfileRecorder(rt); rec.start();
 *   ... run the work through rec.runtime ...
 *   const profile = await finishProfile(await rec.stop(), rt);
 * (`profileWork(rt, (prt) => work(prt))` does the three steps.)
 * Out: a Profile (profile.ts): `table` and `model` (Arquero), `roofline` (a plot), `text()`, and the
 * notebook display.
 * Always: the work runs exactly as without a profile (same results; the profile only ends compute
 * passes per operation and waits for the device before readbacks). Peaks are measured (or read from
 * the cache) and K_cpu sampled after the profiled work, never inside its time.
 *
 * Parts: recorder.ts (tags and times operations), traffic.ts and flops.ts (bytes and flops of a call),
 * peaks.ts (the adapter's roofs, cached on disk), cpu-sample.ts (K_cpu), rows.ts (the table),
 * model.ts (the paper's model), profile.ts (display), ../results/roofline.ts (the chart).
 */
import type { BrookRuntime } from '../brt/api.js';
import { createCpuRuntime } from '../backends/index.js';
import { sampleOnCpu, type CpuSample } from './cpu-sample.js';
import { modelRows } from './model.js';
import { adapterPeaks, type Peaks } from './peaks.js';
import { Profile } from './profile.js';
import { ProfileRecorder, type RecordedProfile } from './recorder.js';
import { profileRows, profileSummary } from './rows.js';

export { ProfileRecorder, type RecordedProfile, type OpRecord } from './recorder.js';
export { Profile } from './profile.js';
export { adapterPeaks, measurePeaks, profileCacheDir, type Peaks } from './peaks.js';
export { countFlops, type FlopCount } from './flops.js';
export type { ProfileRow, ProfileSummary } from './rows.js';
export type { ModelRow } from './model.js';

export interface FinishOptions {
  title?: string;
  /** The adapter's peaks; default: from the cache, else measured now. false: none (no roofs, no model). */
  peaks?: (Peaks & { cached: boolean }) | false;
  /** Time each kernel on the CPU backend for K_cpu (default true). */
  cpuSample?: boolean;
  /** Measure the peaks again even if the cache has them. */
  remeasurePeaks?: boolean;
  env?: Record<string, string | undefined>;
}

/** The CPU runtime K_cpu samples run on: one per process, so its worker threads boot once (they do
 *  not keep the process alive). */
let sampler: BrookRuntime | undefined;
function samplingRuntime(): BrookRuntime {
  sampler ??= createCpuRuntime();
  return sampler;
}

/** Turn a recorded profile into tables, the model and the roofline. `rt` is the runtime that ran the
 *  work (not the recorder's wrapper): peaks are measured and samples read through it. */
export async function finishProfile(recorded: RecordedProfile, rt: BrookRuntime, options: FinishOptions = {}): Promise<Profile> {
  const title = options.title ?? 'profile';
  const peaks = options.peaks === false ? undefined : options.peaks ?? (await adapterPeaks(rt, { env: options.env, remeasure: options.remeasurePeaks }));
  const rows = profileRows(recorded, peaks);
  const samples = new Map<string, CpuSample | { skipped: string }>();
  if (options.cpuSample !== false && recorded.samples.size > 0) {
    const cpu = samplingRuntime();
    for (const [name, call] of recorded.samples) {
      try {
        samples.set(name, await sampleOnCpu(call, rt, cpu));
      } catch (e) {
        samples.set(name, { skipped: `the CPU run failed: ${(e as Error).message.split('\n')[0]}` });
      }
    }
  }
  // A fused group on the CPU: its kernels one after the other, per record of the group.
  for (const r of rows) {
    if (r.kind !== 'fused' || samples.has(r.op)) continue;
    const parts = r.members.map((m) => ({ m, s: samples.get(m.kernel) }));
    const missing = parts.find((x) => !x.s || !('nsPerRecord' in x.s));
    if (missing || r.records === 0) {
      samples.set(r.op, { skipped: `kernel '${missing?.m.kernel ?? r.op}' of the group was not sampled` });
      continue;
    }
    const ns = parts.reduce((n, x) => n + (x.s as CpuSample).nsPerRecord * x.m.records, 0) / r.records;
    samples.set(r.op, { nsPerRecord: ns, records: r.records, note: "is the group's kernels run one after the other" });
  }
  const model = peaks ? modelRows(rows, peaks, samples, recorded.backend) : [];
  let roofline;
  if (peaks) {
    const { roofAt, rooflinePlot } = await import('../results/roofline.js');
    const roofs = { bandwidthGBs: peaks.bandwidthGBs, gflops: peaks.gflops, adapter: peaks.backend === 'cpu' ? peaks.key : peaks.adapter };
    const kernels = rows.filter((r) => r.kind === 'kernel' || r.kind === 'reduction' || r.kind === 'fused');
    const shown = kernels.filter((r) => r.flops !== null && r.flops > 0 && r.bytes > 0 && r.time_ms > 0);
    const leftOut = kernels.filter((r) => !shown.includes(r)).map((r) => r.op);
    const points = shown.map((r) => ({ name: r.op, intensity: r.intensity!, gflops: r.GFLOP_s!, gbs: r.GB_s, pctOfRoof: (100 * r.GFLOP_s!) / roofAt(roofs, r.intensity!) }));
    if (points.length > 0) roofline = await rooflinePlot(points, roofs, `roofline: ${title}`, leftOut);
  }
  return new Profile(title, rows, model, profileSummary(recorded, rows), peaks, roofline);
}

/** Run `work` under a profile on `rt` and finish it. */
export async function profileWork(rt: BrookRuntime, work: (profiled: BrookRuntime) => Promise<unknown>, options: FinishOptions = {}): Promise<Profile> {
  const rec = new ProfileRecorder(rt);
  rec.start();
  let recorded: RecordedProfile;
  try {
    await work(rec.runtime);
  } finally {
    recorded = await rec.stop();
  }
  return finishProfile(recorded, rt, options);
}
