/**
 * The shape of a benchmark run's results, as written to JSON and printed as a table.
 *
 * One `CaseResult` per case; each case has up to two sides measured in the same process:
 * the baseline (hand-written WGSL on WebGPU, a plain JavaScript loop on the CPU) and Brook
 * (the same job compiled from bench/cases/*.br and run through `createRuntime`). A side is either
 * measured (verified against a float64 reference first: an unverified side carries no timings)
 * or skipped with a reason. `ratio` = baseline time / Brook time (1.0 = Brook as fast as the
 * baseline; above 1 = faster), computed only when both sides were measured in this run.
 */

/** How a side's time was taken. */
export type TimingMethod =
  /** GPU timestamps written at the start of the first compute pass and the end of the last one. */
  | 'gpu-timestamp'
  /** Wall clock around submit + onSubmittedWorkDone (the adapter has no timestamp-query). */
  | 'wall-submit'
  /** Wall clock of CPU work (CPU backend, plain JavaScript, host transfers, per-call cost). */
  | 'wall';

export interface SideResult {
  /** 'wgsl', 'js', 'brook'. */
  impl: string;
  status: 'measured' | 'failed' | 'skipped';
  /** Why a side failed or was skipped. */
  reason?: string;
  verified: boolean;
  /** Largest error seen in verification, relative to the tolerance's scale (0 = exact). */
  maxRelError?: number;
  timing?: TimingMethod;
  medianMs?: number;
  minMs?: number;
  maxMs?: number;
  /** First and third quartile of the samples (ms): (q3 - q1) / median is the spread. */
  q1Ms?: number;
  q3Ms?: number;
  samples?: number;
  /** Every sample, in the order taken (ms), so the spread can be read. */
  samplesMs?: number[];
  /** Effective bandwidth: the job's algorithmic bytes (not the implementation's) / median time. */
  gbps?: number;
  gflops?: number;
  /** Per-call cost in microseconds (the batched-calls case only). */
  usPerCall?: number;
  /** GPU time per call from timestamps, when offered (the batched-calls case only). */
  gpuUsPerCall?: number;
  /** Schedule the baseline used (the fastest of the plans it tried), for the reader. */
  plan?: string;
  /** Brook side: how the timed work was issued ('batched in one finish()', ...). */
  note?: string;
}

export interface CaseResult {
  id: string;
  /** 'webgpu' or 'cpu': the backend the Brook side runs on. */
  backend: 'webgpu' | 'cpu';
  title: string;
  /** Problem size in words ("2^24 float4", "8192x8192"). */
  size: string;
  /** Algorithmic bytes moved and floating-point operations of one execution of the job. */
  bytes: number;
  flops: number;
  /** Bytes the job touches; below the GPU's last-level cache it may run from cache. */
  workingSetBytes: number;
  baseline: SideResult;
  brook: SideResult;
  /** baseline median / Brook median (same run). */
  ratio?: number;
}

export interface DeviceInfo {
  backend: 'webgpu' | 'cpu';
  /** A human name: the adapter's description or the CPU model. */
  name: string;
  vendor?: string;
  architecture?: string;
  /** The adapter's device string (GPUAdapterInfo.device). */
  device?: string;
  features?: string[];
  limits?: Record<string, number>;
  timing: TimingMethod;
  /** Dawn toggles passed to create(). */
  dawnFlags?: string[];
  /** Why this backend could not be used, when it could not. */
  unavailable?: string;
}

export interface TargetResult {
  name: string;
  caseId: string;
  metric: string;
  value?: number;
  op: '>=' | '<';
  target: number;
  met?: boolean;
}

export interface BenchReport {
  schema: 'brook-bench/1';
  date: string;
  quick: boolean;
  node: string;
  host: string;
  devices: DeviceInfo[];
  /** Host memory copy bandwidth (Float32Array.set of the transfer size, median): context for transfers. */
  hostMemcpyGbps?: number;
  methodology: string[];
  cases: CaseResult[];
  targets: TargetResult[];
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Fill a measured side's derived numbers from its samples (ms). */
export function summarize(side: SideResult, samplesMs: number[], bytes: number, flops: number): SideResult {
  const med = median(samplesMs);
  side.medianMs = med;
  side.minMs = Math.min(...samplesMs);
  side.maxMs = Math.max(...samplesMs);
  const sorted = [...samplesMs].sort((a, b) => a - b);
  side.q1Ms = sorted[Math.floor((sorted.length - 1) / 4)];
  side.q3Ms = sorted[Math.ceil((3 * (sorted.length - 1)) / 4)];
  side.samples = samplesMs.length;
  side.samplesMs = samplesMs.map((x) => Number(x.toPrecision(6)));
  if (bytes > 0) side.gbps = bytes / (med * 1e-3) / 1e9;
  if (flops > 0) side.gflops = flops / (med * 1e-3) / 1e9;
  return side;
}
