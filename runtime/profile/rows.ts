/**
 * A profile's table: the recorded operations (recorder.ts) grouped per kernel, per fused group and
 * per copied stream, with their time, traffic, rates, share of the profiled wall time and percent of
 * the adapter's measured peaks (peaks.ts).
 *
 * Time of a row: the device time of its operations where the backend measured one (GPU timestamps,
 * or submit-to-completion wall time without them); for the CPU backend, and for copies, the host's
 * wall time in the call (the CPU backend runs a kernel before the call returns). `clock` says which.
 */
import type { Peaks } from './peaks.js';
import type { OpKind, OpRecord, RecordedProfile } from './recorder.js';

export interface ProfileRow {
  /** Kernel name, fused group label, or `streamRead x` / `streamWrite x` / `streamPrint x`. */
  op: string;
  kind: OpKind | 'fused';
  /** Fused group label (kernel fusion), or null. */
  group: string | null;
  calls: number;
  time_ms: number;
  clock: string;
  /** Host time inside the calls (issuing them on a GPU). */
  host_ms: number;
  /** time_ms / the profile's wall time, percent. */
  share_pct: number;
  records: number;
  bytes: number;
  flops: number | null;
  /** False when a loop or if depended on data (the count is then an estimate: flops.ts). */
  flops_exact: boolean | null;
  /** flop / byte. */
  intensity: number | null;
  GB_s: number;
  GFLOP_s: number | null;
  /** GB_s against the measured copy bandwidth (copies: against the measured streamRead/streamWrite rate). */
  bw_peak_pct: number | null;
  flop_peak_pct: number | null;
  note: string | null;
  /** Staging of gathered streams through workgroup memory (the WebGPU backend's notes, distinct
   *  ones joined): what was staged, or why not; null where the backend gave none. */
  staging: string | null;
  /** Map calls: whether they ran tiled (brt/tiling.ts), and if not why not: each distinct note with
   *  its count of calls. Null for other rows. */
  tiled: string | null;
  /** Bytes of the data set a host sends and fetches for these calls (the paper's T_r). */
  inBytes: number;
  outBytes: number;
  /** Median host time of one call (the first call of a kernel also compiles it). */
  hostMedianMs: number;
  /** Records per kernel of the row (one entry, or the members of a fused group). */
  members: { kernel: string; records: number }[];
}

const CLOCK_NAMES: Record<RecordedProfile['deviceClock'], string> = {
  timestamps: 'GPU timestamps',
  completion: 'device wall (submit to done)',
  host: 'host wall (CPU backend)',
};

const isCopy = (k: OpKind) => k === 'streamRead' || k === 'streamWrite' || k === 'streamPrint';

function stagingOf(rs: OpRecord[]): string | null {
  const notes = [...new Set(rs.map((r) => r.stage).filter((n): n is string => n !== undefined))];
  return notes.length > 0 ? notes.join('; ') : null;
}

export function profileRows(p: RecordedProfile, peaks: Peaks | undefined): ProfileRow[] {
  const byKey = new Map<string, OpRecord[]>();
  const order: string[] = [];
  for (const r of p.records) {
    const key = r.group ? `fused:${r.group}` : isCopy(r.kind) ? `${r.kind} ${r.name}` : `${r.kind}:${r.name}`;
    if (!byKey.has(key)) {
      byKey.set(key, []);
      order.push(key);
    }
    byKey.get(key)!.push(r);
  }
  const rows = order.map((key) => rowOf(byKey.get(key)!, p, peaks, passedOf(byKey.get(key)![0]!, p)));
  // Where the time went first.
  return rows.sort((a, b) => b.time_ms - a.time_ms);
}

/** The streams a fused group passed between its calls in registers (empty for other rows). */
function passedOf(r: OpRecord, p: RecordedProfile): { registers: Set<string>; unwritten: Set<string> } {
  const g = r.group ? [...p.groups.values()].find((x) => x.label === r.group && x.tags.includes(r.tag)) : undefined;
  const elided = g?.passed?.elided ?? [];
  return { registers: new Set([...elided, ...(g?.passed?.written ?? [])]), unwritten: new Set(elided) };
}

/** Bytes of a call, less what a fused group passed in registers: a later call's read of a passed
 *  stream, and the write of one never written. */
function bytesOf(r: OpRecord, passed: { registers: Set<string>; unwritten: Set<string> }, first: boolean): number {
  if (!r.parts || passed.registers.size === 0) return r.bytes;
  return r.parts.reduce((n, x) => {
    if (x.role === 'in' && !first && passed.registers.has(x.stream)) return n;
    if (x.role === 'out' && passed.unwritten.has(x.stream)) return n;
    return n + x.bytes;
  }, 0);
}

function rowOf(rs: OpRecord[], p: RecordedProfile, peaks: Peaks | undefined, passed: { registers: Set<string>; unwritten: Set<string> }): ProfileRow {
  const first = rs[0]!;
  const copy = isCopy(first.kind);
  const deviceTimed = !copy && rs.every((r) => r.deviceMs !== undefined);
  const time = rs.reduce((n, r) => n + (copy || r.deviceMs === undefined ? r.hostMs : r.deviceMs), 0);
  const sum = (f: (r: OpRecord) => number) => rs.reduce((n, r) => n + f(r), 0);
  // In a fused group, the first call of each launch reads its inputs from memory; later calls read
  // what earlier ones passed in registers.
  const firstOfLaunch = new Set(first.group ? [...p.groups.values()].filter((g) => g.label === first.group).map((g) => Math.min(...g.tags)) : []);
  const bytes = rs.reduce((n, r) => n + bytesOf(r, passed, !first.group || firstOfLaunch.has(r.tag)), 0);
  const flops = rs.some((r) => r.flops === null) ? null : sum((r) => r.flops!);
  const exact = flops === null ? null : rs.every((r) => r.flopsExact);
  const gbs = time > 0 ? bytes / (time * 1e6) : 0;
  const gflops = flops === null || time <= 0 ? null : flops / (time * 1e6);
  const untimed = rs.reduce((n, r) => n + (r.untimedPasses ?? 0), 0);
  const clock = copy
    ? 'host wall'
    : deviceTimed || p.deviceClock === 'host'
      ? `${CLOCK_NAMES[p.deviceClock]}${untimed > 0 ? ` (${untimed} passes untimed: at least this)` : ''}`
      : 'host wall (no device time)';
  const bwPeak = !peaks ? undefined : first.kind === 'streamRead' ? peaks.uploadGBs : copy ? peaks.downloadGBs : peaks.bandwidthGBs;
  const notes = [...new Set(rs.map((r) => r.flopsNote).filter((n): n is string => n !== undefined))];
  return {
    op: first.group ?? (copy ? `${first.kind} ${first.name}` : first.name),
    kind: first.group ? 'fused' : first.kind,
    group: first.group ?? null,
    calls: rs.length,
    time_ms: time,
    clock,
    host_ms: sum((r) => r.hostMs),
    share_pct: p.wallMs > 0 ? (100 * time) / p.wallMs : 0,
    records: sum((r) => r.records),
    bytes,
    flops,
    flops_exact: exact,
    intensity: flops === null || bytes === 0 ? null : flops / bytes,
    GB_s: gbs,
    GFLOP_s: gflops,
    bw_peak_pct: bwPeak ? (100 * gbs) / bwPeak : null,
    flop_peak_pct: peaks && gflops !== null ? (100 * gflops) / peaks.gflops : null,
    note: notes.length > 0 ? notes.join('; ') : null,
    staging: stagingOf(rs),
    tiled: tileSummary(rs),
    inBytes: sum((r) => r.inBytes),
    outBytes: sum((r) => r.outBytes),
    hostMedianMs: median(rs.map((r) => r.hostMs)),
    members: [...rs.reduce((m, r) => m.set(r.name, (m.get(r.name) ?? 0) + r.records), new Map<string, number>())].map(([kernel, records]) => ({ kernel, records })),
  };
}

/** The distinct tile notes of a row's calls, most frequent first, with their counts. */
function tileSummary(rs: OpRecord[]): string | null {
  const counts = new Map<string, number>();
  for (const r of rs) if (r.tile !== undefined) counts.set(r.tile, (counts.get(r.tile) ?? 0) + 1);
  if (counts.size === 0) return null;
  return [...counts].sort((a, b) => b[1] - a[1]).map(([note, n]) => (n === rs.length && counts.size === 1 ? note : `${n} of ${rs.length} calls ${note}`)).join('; ');
}

/** Where the profiled wall time went: kernels, copies and the rest (compile, host code, issue). */
export interface ProfileSummary {
  wallMs: number;
  kernelsMs: number;
  copiesMs: number;
  /** Waits for the device before readbacks (the profile lets recorded work finish first): mostly
   *  kernel time already counted, so not a term of the sum. */
  waitMs: number;
  /** wall - kernels - copies: host code, compiling, issuing calls, the device idle. */
  otherMs: number;
  deviceClock: RecordedProfile['deviceClock'];
  backend: string;
  adapter: string;
}

export function profileSummary(p: RecordedProfile, rows: ProfileRow[]): ProfileSummary {
  const kernelsMs = rows.filter((r) => !isCopy(r.kind as OpKind)).reduce((n, r) => n + r.time_ms, 0);
  const copiesMs = rows.filter((r) => isCopy(r.kind as OpKind)).reduce((n, r) => n + r.time_ms, 0);
  return {
    wallMs: p.wallMs,
    kernelsMs,
    copiesMs,
    waitMs: p.waitMs,
    otherMs: Math.max(0, p.wallMs - kernelsMs - copiesMs),
    deviceClock: p.deviceClock,
    backend: p.backend,
    adapter: p.adapter,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
