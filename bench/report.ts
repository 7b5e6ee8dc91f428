/** The printed table, the targets from the issue, and the JSON file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { median, type BenchReport, type CaseResult, type SideResult, type TargetResult } from './results.js';

/** The issue's targets on an H100/H200; evaluated on every run, meaningful only at full size on such a GPU. */
export function evaluateTargets(cases: CaseResult[], hostMemcpyGbps?: number): TargetResult[] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const targets: TargetResult[] = [];
  const add = (name: string, caseId: string, metric: string, op: '>=' | '<', target: number, get: (c: CaseResult) => number | undefined) => {
    const c = byId.get(caseId);
    if (!c) return;
    const value = get(c);
    const met = value === undefined ? undefined : op === '>=' ? value >= target : value < target;
    targets.push({ name, caseId, metric, value, op, target, met });
  };
  add('SAXPY 2^20: Brook vs WGSL', 'saxpy.small', 'ratio', '>=', 0.95, (c) => c.ratio);
  add('SAXPY 2^24: Brook vs WGSL', 'saxpy.large', 'ratio', '>=', 0.95, (c) => c.ratio);
  add('sum 2^26 float4: Brook vs WGSL', 'sum.large', 'ratio', '>=', 0.95, (c) => c.ratio);
  add('batched kernel call', 'calls', 'brook us/call', '<', 10, (c) => c.brook.usPerCall);
  add('streamRead 256 MiB', 'streamRead', 'brook GB/s', '>=', 10, (c) => c.brook.gbps);
  // Issue 11.
  add('loop of 50 SAXPY 2^20: Brook vs hand loop (wall)', 'loop.small', 'ratio', '>=', 0.9, (c) => c.ratio);
  add('loop of 50 SAXPY 2^24: Brook vs hand loop (wall)', 'loop.large', 'ratio', '>=', 0.9, (c) => c.ratio);
  add('loop 2^20: spread of 5 runs (groups of samples) around the median', 'loop.small', 'brook spread', '<', 0.1, (c) => spread(c.brook));
  add('loop 2^24: spread of 5 runs (groups of samples) around the median', 'loop.large', 'brook spread', '<', 0.1, (c) => spread(c.brook));
  add('stencil 4096^2: Brook vs WGSL', 'stencil.large', 'ratio', '>=', 0.8, (c) => c.ratio);
  add('SGEMV 8192^2 single kernel: Brook vs WGSL', 'sgemv.large.single', 'ratio', '>=', 0.5, (c) => c.ratio);
  add('SGEMV 8192^2 mul + sum: Brook vs WGSL', 'sgemv.large.mulsum', 'ratio', '>=', 0.3, (c) => c.ratio);
  // Issue 14: brook/blas.
  add('BLAS axpy 2^26: Brook vs WGSL SAXPY', 'blas.axpy', 'ratio', '>=', 0.9, (c) => c.ratio);
  add('BLAS gemv 8192^2: Brook vs WGSL SGEMV', 'blas.gemv', 'ratio', '>=', 0.9, (c) => c.ratio);
  add('BLAS gemm 4096^2', 'blas.gemm', 'brook GFLOP/s', '>=', 25000, (c) => c.brook.gflops);
  add('SAXPY 2^28 split across buffers: Brook vs WGSL over windows', 'saxpy.huge', 'ratio', '>=', 0.9, (c) => c.ratio);
  const unsplit = byId.get('saxpy.large')?.brook.gbps;
  add('SAXPY 2^28 split across buffers: GB/s vs SAXPY 2^24 in one buffer', 'saxpy.huge', 'brook GB/s / saxpy.large brook GB/s', '>=', 0.9, (c) => (c.brook.gbps === undefined || !unsplit ? undefined : c.brook.gbps / unsplit));
  // Issue 16 (kernel fusion): the seeds' sgemv fused, and a chain of four maps.
  add('SGEMV 8192^2 mul + sum fused, T dead: Brook vs WGSL', 'sgemv.large.dead', 'ratio', '>=', 0.5, (c) => c.ratio);
  add('SGEMV 8192^2 mul + sum fused, T alive: Brook vs WGSL', 'sgemv.large.alive', 'ratio', '>=', 0.3, (c) => c.ratio);
  const single = byId.get('sgemv.large.single');
  add('SGEMV 8192^2 fused, T dead, within 10% of single kernel', 'sgemv.large.dead', 'single ms / dead ms', '>=', 1 / 1.1, (c) => ms(single) === undefined || ms(c) === undefined ? undefined : ms(single)! / ms(c)!);
  const unfused = byId.get('chain4.unfused');
  add('chain of 4 maps 2^24 float4: fused vs unfused', 'chain4.fused', 'unfused ms / fused ms', '>=', 3, (c) => ms(unfused) === undefined || ms(c) === undefined ? undefined : ms(unfused)! / ms(c)!);
  // The CPU backend within 2x of the plain JavaScript loop a programmer would write (once asserted in
  // tests/cpu/perf.test.ts; speed is measured here, not in tests).
  add('CPU saxpy 2^20 float4: Brook vs plain JS loop', 'cpu.saxpy', 'ratio', '>=', 0.5, (c) => c.ratio);
  // Issue 27: fused chains on the CPU at least 2x their calls one by one; the CPU group on one thread
  // at least the plain JavaScript loop and within 1.5x of gcc -O2.
  add('CPU chain of 4 maps 2^20 float4, one thread: fused vs unfused', 'cpu.chain.fusion', 'ratio', '>=', 2, (c) => c.ratio);
  add('CPU chain of 4 maps 2^20 float4, all threads: fused vs unfused', 'cpu.chain.fusion.threads', 'ratio', '>=', 2, (c) => c.ratio);
  for (const job of ['saxpy', 'sum', 'stencil', 'gather', 'chain']) {
    add(`CPU ${job}, one thread: Brook vs plain JS loop`, `cpu.${job}`, 'ratio', '>=', 1, (c) => c.ratio);
    add(`CPU ${job}, one thread: Brook vs gcc -O2`, `cpu.${job}.c`, 'ratio', '>=', 1 / 1.5, (c) => c.ratio);
  }
  // Issue 12: host C loops within 2x of gcc -O2, and the same Brook loop timed alike in its three rows.
  for (const job of ['heap', 'array', 'gather']) {
    add(`host ${job}: Brook vs gcc -O2`, `host.${job}.gcc`, 'ratio', '>=', 0.5, (c) => c.ratio);
    const rows = ['gcc', 'js', 'checks'].map((b) => ms(byId.get(`host.${job}.${b}`)));
    add(`host ${job}: Brook in its 3 rows`, `host.${job}.gcc`, 'max/min of the Brook medians', '<', 1.1, () => (rows.every((x) => x !== undefined) ? Math.max(...(rows as number[])) / Math.min(...(rows as number[])) : undefined));
  }
  // The front end on large inputs (bench/compiler.ts; once wall-clock limits in tests/compiler): linear in
  // the text (the whole no slower than five pieces of it, within noise), 5000 lines parsed in < 100 ms,
  // and huge arrays with short initializers no dearer than small ones.
  for (const job of ['lex', 'preprocess', 'parse']) add(`compiler ${job}: 5 pieces vs the whole text (linear)`, `compiler.${job}`, 'ratio', '>=', 0.6, (c) => c.ratio);
  add('compiler parse: 5000 lines', 'compiler.parse', 'brook ms', '<', 100, (c) => c.brook.medianMs);
  add('compiler: huge arrays with short initializers vs small arrays', 'compiler.hugeArray', 'ratio', '>=', 0.5, (c) => c.ratio);
  if (hostMemcpyGbps) {
    add('streamRead vs host memcpy', 'streamRead', 'brook GB/s / memcpy GB/s', '>=', 0.8, (c) => (c.brook.gbps === undefined ? undefined : c.brook.gbps / hostMemcpyGbps));
    add('streamWrite vs host memcpy', 'streamWrite', 'brook GB/s / memcpy GB/s', '>=', 0.8, (c) => (c.brook.gbps === undefined ? undefined : c.brook.gbps / hostMemcpyGbps));
  }
  return targets;
}

/** The Brook side's median time of a case, when it was measured. */
function ms(c: CaseResult | undefined): number | undefined {
  return c?.brook.medianMs;
}

/** Spread over 5 runs: the samples (taken in order) cut into 5 consecutive groups, the median of
 *  each, and the largest distance of those from the overall median, relative to it. */
function spread(s: SideResult): number | undefined {
  const xs = s.samplesMs;
  if (!xs || xs.length < 5 || !s.medianMs) return undefined;
  const m = s.medianMs;
  const per = Math.floor(xs.length / 5);
  const groups = Array.from({ length: 5 }, (_, g) => median(xs.slice(g * per, (g + 1) * per)));
  return Math.max(...groups.map((x) => Math.abs(x - m) / m));
}

function fmt(x: number | undefined, digits = 3): string {
  if (x === undefined || !Number.isFinite(x)) return '-';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1000) return x.toFixed(0);
  return x.toPrecision(digits);
}

function timeCell(s: SideResult): string {
  if (s.status !== 'measured') return s.status === 'failed' ? 'FAILED' : 'skipped';
  if (s.usPerCall !== undefined) return `${fmt(s.usPerCall)} us/call${s.gpuUsPerCall !== undefined ? ` (GPU ${fmt(s.gpuUsPerCall)})` : ''}`;
  const ms = s.medianMs as number;
  const mark = s.timing === 'wall-submit' ? ' (w)' : '';
  return (ms < 1 ? `${fmt(ms * 1000)} us` : `${fmt(ms)} ms`) + mark;
}

function rateCell(s: SideResult): string {
  if (s.status !== 'measured') return '';
  const parts = [];
  if (s.gbps !== undefined) parts.push(`${fmt(s.gbps)} GB/s`);
  if (s.gflops !== undefined && s.usPerCall === undefined) parts.push(`${fmt(s.gflops)} GF/s`);
  return parts.join(' ');
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function renderTable(r: BenchReport): string {
  const lines: string[] = [];
  lines.push(`Brook benchmarks${r.quick ? ' (--quick: small sizes, a smoke run, not a measurement)' : ''}  ${r.date}`);
  for (const d of r.devices) {
    if (d.unavailable) lines.push(`  ${d.backend}: unavailable (${d.unavailable})`);
    else lines.push(`  ${d.backend}: ${d.name}${d.vendor ? ` [${d.vendor}${d.architecture ? ', ' + d.architecture : ''}]` : ''}; timing: ${d.timing}`);
  }
  lines.push('');
  const header = ['case', 'size', 'baseline', 'baseline rate', 'brook', 'brook rate', 'brook/base'];
  const rows: string[][] = [];
  for (const c of r.cases) {
    const ratio = c.ratio !== undefined ? `${fmt(c.ratio)}x` : '-';
    rows.push([c.id, c.size, timeCell(c.baseline), rateCell(c.baseline), timeCell(c.brook), rateCell(c.brook), ratio]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  lines.push(header.map((h, i) => pad(h, widths[i])).join('  '));
  lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) lines.push(row.map((v, i) => pad(v, widths[i])).join('  ').trimEnd());
  lines.push('');
  lines.push('brook/base = baseline time / Brook time (1 = as fast as the hand-written baseline).');
  lines.push('Kernel cases: median GPU time (timestamps); calls, streamRead/streamWrite and cpu.*: median wall time.');
  if (r.hostMemcpyGbps !== undefined) lines.push(`Host memcpy (Float32Array.set, transfer size): ${fmt(r.hostMemcpyGbps)} GB/s.`);
  const methods = new Set(r.cases.flatMap((c) => [c.baseline.timing, c.brook.timing]).filter(Boolean));
  if (methods.has('wall-submit')) lines.push('(w): no GPU timestamps for this case; wall time around submit + onSubmittedWorkDone on both sides.');
  const notes: string[] = [];
  for (const c of r.cases) {
    for (const [label, s] of [['baseline', c.baseline], ['brook', c.brook]] as const) {
      if (s.reason) notes.push(`  ${c.id} ${label}: ${s.reason}`);
    }
    if (c.backend === 'webgpu' && c.workingSetBytes < 128 * 2 ** 20 && !r.quick && c.id !== 'calls') {
      notes.push(`  ${c.id}: working set ${(c.workingSetBytes / 2 ** 20).toFixed(0)} MiB, small enough for the GPU's L2 (50 MB on H100/H200) to absorb part of its traffic`);
    }
  }
  if (notes.length) lines.push('Notes:', ...notes);
  if (!r.targets.length) return lines.join('\n');
  lines.push('');
  lines.push(r.quick ? 'Targets (H100/H200 at full sizes; a --quick run does not measure them):' : 'Targets (H100/H200, full sizes):');
  for (const t of r.targets) {
    const v = t.value === undefined ? 'n/a' : fmt(t.value);
    const verdict = t.met === undefined ? 'not measured' : t.met ? 'met' : 'NOT met';
    lines.push(`  ${pad(t.name, 34)} ${t.metric} = ${v} (target ${t.op} ${t.target}): ${verdict}`);
  }
  return lines.join('\n');
}

export function writeJson(path: string, r: BenchReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(r, null, 2) + '\n');
}
