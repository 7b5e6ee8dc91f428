/**
 * The cost model of the Brook paper (Buck et al., SIGGRAPH 2004, section 5.2 "Modeling Performance"),
 * filled in with measured numbers for each kernel of a profile. For n records,
 *   T_gpu = n (T_r + K_gpu),  T_cpu = n K_cpu,
 * so the GPU wins when T_r < K_cpu - K_gpu; with the speedup s = K_cpu / K_gpu and the computational
 * intensity gamma = K_gpu / T_r, that is gamma > 1 / (s - 1), i.e. s > 1 + 1/gamma.
 *
 * Measured here (docs/PROFILE.md):
 * - K_gpu: the kernel's device time per record (profile rows.ts; a record is an output position, or an
 *   input element of a reduction);
 * - T_r: the time to send the call's inputs (whole boxes, gathers included) to the device and fetch its
 *   outputs back, per record, at this adapter's measured streamRead / streamWrite rates (peaks.ts);
 * - K_cpu: the same kernel on the CPU backend on a sample of its domain, per record (cpu-sample.ts).
 */
import type { CpuSample } from './cpu-sample.js';
import type { Peaks } from './peaks.js';
import type { ProfileRow } from './rows.js';

export interface ModelRow {
  kernel: string;
  records_per_call: number;
  /** Nanoseconds per record. */
  T_r_ns: number;
  K_gpu_ns: number;
  K_cpu_ns: number | null;
  /** K_gpu / T_r. */
  gamma: number;
  /** K_cpu / K_gpu. */
  s: number | null;
  /** The speedup the kernel needs to beat the CPU with its transfers: 1 + 1/gamma. */
  s_needed: number;
  /** T_r < K_cpu - K_gpu (null when K_cpu is unknown). */
  gpu_wins: boolean | null;
  advice: string;
}

const g3 = (v: number) => (Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : Number(v.toPrecision(3)).toString());

export function modelRows(rows: ProfileRow[], peaks: Peaks, cpu: Map<string, CpuSample | { skipped: string }>, backend: string): ModelRow[] {
  const out: ModelRow[] = [];
  for (const r of rows) {
    if (r.kind !== 'kernel' && r.kind !== 'reduction' && r.kind !== 'fused') continue;
    if (r.records === 0 || r.time_ms <= 0) continue;
    const K_gpu = (r.time_ms * 1e6) / r.records;
    const T_r = (r.inBytes / peaks.uploadGBs + r.outBytes / peaks.downloadGBs) / r.records;
    const sample = cpu.get(r.op);
    const K_cpu = sample && 'nsPerRecord' in sample ? sample.nsPerRecord : null;
    const gamma = T_r > 0 ? K_gpu / T_r : Infinity;
    const s = K_cpu === null ? null : K_cpu / K_gpu;
    const sNeeded = 1 + T_r / K_gpu;
    const wins = K_cpu === null ? null : T_r < K_cpu - K_gpu;
    out.push({
      kernel: r.op,
      records_per_call: r.records / r.calls,
      T_r_ns: T_r,
      K_gpu_ns: K_gpu,
      K_cpu_ns: K_cpu,
      gamma,
      s,
      s_needed: sNeeded,
      gpu_wins: wins,
      advice: advice(r, { K_gpu, T_r, K_cpu, s, sNeeded, wins, skipped: sample && 'skipped' in sample ? sample.skipped : undefined, sampleNote: sample && 'note' in sample ? sample.note : undefined, backend }),
    });
  }
  return out;
}

interface Terms {
  K_gpu: number;
  T_r: number;
  K_cpu: number | null;
  s: number | null;
  sNeeded: number;
  wins: boolean | null;
  skipped?: string;
  sampleNote?: string;
  backend: string;
}

/** The sentence the model implies for one kernel. */
function advice(r: ProfileRow, t: Terms): string {
  const need = `would need s > ${g3(t.sNeeded)} to beat the CPU with its transfers (T_r = ${g3(t.T_r)} ns, K_gpu = ${g3(t.K_gpu)} ns per record)`;
  const parts: string[] = [];
  if (t.backend === 'cpu') parts.push('this session runs on the CPU backend, so K_gpu is the CPU backend\'s own time and s is about 1; run on webgpu to compare a GPU;');
  if (t.s === null) parts.push(`${r.op} ${need}; K_cpu not measured${t.skipped ? ` (${t.skipped})` : ''}`);
  else if (t.wins) {
    parts.push(`${r.op}: s = ${g3(t.s)} > ${g3(t.sNeeded)} needed, so it beats the CPU even with streamRead/streamWrite of its data (T_r ${g3(t.T_r)} ns < K_cpu - K_gpu = ${g3(t.K_cpu! - t.K_gpu)} ns per record)`);
  } else if (t.s > 1) {
    parts.push(`${r.op} ${need}; measured s = ${g3(t.s)}: the GPU saves ${g3(t.K_cpu! - t.K_gpu)} ns per record, less than T_r, so it pays only when its data stays on the device across kernels`);
  } else {
    parts.push(`${r.op} ${need}; measured s = ${g3(t.s)}: the CPU backend runs it at least as fast`);
  }
  // The paper's other lesson (5.2, Figure 4): a call must carry enough work to hide its issue cost.
  const devicePerCall = r.time_ms / r.calls;
  const hostPerCall = r.hostMedianMs;
  if (t.backend !== 'cpu' && hostPerCall > devicePerCall && r.calls > 1) {
    parts.push(`; issue-bound: a call costs ${g3(hostPerCall * 1000)} us of host time (median) against ${g3(devicePerCall * 1000)} us on the device, so give each call more records`);
  }
  if (t.sampleNote) parts.push(`; K_cpu ${t.sampleNote}`);
  return parts.join(' ').replace(/ ;/g, ';');
}
