/**
 * The notebook-session benchmarks (`node dist/bench/run.js --only session`): what a notebook user waits
 * for, measured on real kernel processes over real zeromq sockets (bench/session-client.ts).
 *
 * One run:
 *   1. spawn `node bin/brook.js kernel` (kernel A) -> first kernel_info reply           start
 *   2. at once (as "Restart & Run All" and nbclient do) a first %%brook cell: saxpy on
 *      small streams, execute_request -> execute_reply                                   firstCell.immediate
 *   3. the same cell again, unchanged, several times                                      rerun
 *   4. a TypeScript cell reads `result` back; compared with a float64 reference here     (not timed)
 *   5. 10 s idle: utime+stime of the kernel process from /proc/PID/stat                  idleCpu
 *   6. shutdown_request {restart: true} -> exit, spawn kernel B with the same
 *      connection file -> first kernel_info reply (what jupyter_client's restart does)    restart
 *   7. on B, 2 s after its spawn (the kernel preloads while the user reads): the cell     firstCell.settled
 *   8. shutdown_request {restart: false} on B (GPU device open) -> process exit          shutdown
 *   9. spawn kernel C -> first kernel_info; at once a TypeScript cell (its type check
 *      needs the checker that kernel/checker.ts warms in a worker from kernel start)     firstTsCell
 *  10. on C, the %%brook cell, then 3 s after it `await result.plot()`: the first
 *      plot of the kernel (Vega, vega-lite, resvg warmed while idle)                     firstPlot
 *  11. on A, after step 4: an unchanged TypeScript cell run again (its type check is a
 *      cache hit)                                                                        rerunTs
 *  12. on A: interrupt_request -> execute_reply of a cell that never ends: a TypeScript
 *      busy loop, a %%brook host loop, a CPU kernel's launch (`--backend cpu`)           interrupt.ts,
 *                                                                                        interrupt.host,
 *                                                                                        interrupt.cpuKernel
 * Steps 11 and 12 hold what the kernel tests once asserted with tight clocks (tests/kernel: kernel-process,
 * server-e2e, cpu-interrupt, display, abort): the tests now keep generous bounds and print their value.
 * Each number is the median over the runs (rerun: over every re-run of every run). The backend is the
 * one the cell's badge display_data names (`[brook: webgpu: <adapter>]`); the kernel chooses it (auto).
 *
 * Opt-in: the group runs only when `--only session` (or `session.<id>`) names it, because it starts kernel
 * processes and idles 10 s per run; `--quick` makes 2 runs with 2 s idle (a smoke run, no measurement).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, hostname, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
// session-client loads zeromq (a native addon): imported when the session group runs, so the other
// groups run where only the GPU packages were shipped.
import type { BenchKernel, ConnectionFile } from './session-client.js';
import { median, type TargetResult } from './results.js';
import type { WireMessage } from '../kernel/wire.js';

export const SESSION_GROUP = 'session';

export interface SessionSettings {
  runs: number;
  reruns: number;
  idleSeconds: number;
  /** Wait after spawn before the "settled" first cell (the kernel preloads 300 ms after kernel_info). */
  settleMs: number;
  quick: boolean;
  /** BROOK_BACKEND for the kernels (`--backend cpu|webgpu`); unset: the kernel chooses (auto). */
  backend?: 'cpu' | 'webgpu';
  log: (line: string) => void;
}

export interface SessionMetric {
  id: string;
  name: string;
  unit: 'ms' | '% of a core';
  value?: number;
  samples: number[];
  op: '<';
  target?: number;
  met?: boolean;
  note?: string;
}

export interface SessionReport {
  schema: 'brook-bench-session/1';
  date: string;
  quick: boolean;
  node: string;
  host: string;
  cpu: string;
  /** What the badge of the first %%brook cell named, e.g. "webgpu: llvmpipe (LLVM 15.0.7, 256 bits)". */
  backend?: string;
  cell: string;
  methodology: string[];
  metrics: SessionMetric[];
  targets: TargetResult[];
  error?: string;
}

const N = 1024; // floats per input: 256 float4
const A = 2.5;

/** The first %%brook cell: inputs made by host C code (no TypeScript cell runs before it), then saxpy. */
export const SAXPY_CELL = `%%brook
kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>) { result = a * x + y; }
float4 x<${N / 4}>, y<${N / 4}>, result<${N / 4}>;
float xs[${N}], ys[${N}];
int i;
for (i = 0; i < ${N}; i++) { xs[i] = (float)i * 0.25f; ys[i] = 1.0f - (float)(i % 7); }
streamRead(x, xs);
streamRead(y, ys);
saxpy(${A.toFixed(1)}f, x, y, result);`;

/** The float64 reference of SAXPY_CELL's `result`, written separately from the Brook code. */
export function saxpyReference(): number[] {
  const out: number[] = [];
  for (let i = 0; i < N; i++) out.push(A * (i * 0.25) + (1 - (i % 7)));
  return out;
}

const READBACK_CELL = 'console.log(JSON.stringify(Array.from(await result.toArray())));';

/** The first TypeScript cell of a kernel: type-checked before it runs, so it waits for the checker. */
export const FIRST_TS_CELL = 'const squares = [1, 2, 3].map((v) => v * v);\nsquares.reduce((a, b) => a + b, 0)';

/** An unchanged TypeScript cell run twice: the second type check is answered from the checker's cache. */
export const RERUN_TS_CELL = 'const probe = [1, 2, 3].map((v) => v + 1);\nprobe.length';

/** Cells that never end by themselves, for the interrupt figures (each defines what it spins on). */
export const SPIN_CELLS = {
  'interrupt.ts': 'let spins = 0;\nwhile (true) { spins++ }',
  'interrupt.host': '%%brook\nint turns = 0;\nwhile (1) { turns++; }',
  // 2^20 elements of 20000 steps each: seconds of launch on any CPU; the chunks check for a stop.
  'interrupt.cpuKernel': `%%brook --backend cpu
kernel void spin(float a<>, out float b<>) { float x = a; int i; for (i = 0; i < 20000; i++) { x = x * 0.999f + 0.001f; } b = x; }
float sa<1048576>, sb<1048576>;
spin(sa, sb);`,
} as const;

/** How long each spinning cell runs before the interrupt (the CPU kernel's launch must have begun). */
const SPIN_MS = 400;

/** The first plot of a kernel: a line chart of saxpy's float4 result (one readback, Vega, resvg). */
const PLOT_CELL = 'await result.plot()';

const METHODOLOGY = [
  'Each kernel is a child process `node bin/brook.js kernel --connection-file F` (127.0.0.1, HMAC-SHA256 signed messages), spoken to over zeromq DEALER/SUB sockets.',
  'start: spawn() to the first kernel_info_reply on shell (asked every 20 ms until answered).',
  'firstCell.immediate: the first %%brook cell of a new kernel sent as soon as iopub delivers (Run All); firstCell.settled: the same 2 s after spawn, after the kernel\'s idle preload. Both: execute_request sent to execute_reply received.',
  'rerun: the unchanged cell run again (same kernel, same streams re-declared); the median over every re-run.',
  'The result is read back by a TypeScript cell and compared with a float64 reference before any number is kept.',
  'idleCpu: (utime + stime) of the kernel process from /proc/PID/stat over an idle window starting 3 s after the cells ran (one-time background loads done), as % of one core.',
  'restart: shutdown_request {restart: true} on control to exit, then spawn with the same connection file to the first kernel_info_reply.',
  'shutdown: shutdown_request {restart: false} on control to process exit, on a kernel whose %%brook cell opened the device.',
  'firstTsCell: on a third kernel, a TypeScript cell (checked by the TypeScript checker before it runs) sent as soon as iopub delivers after the first kernel_info reply; execute_request to execute_reply; its value (14) is checked.',
  'firstPlot: on that kernel, after the %%brook cell, `await result.plot()` sent 3 s after that cell\'s reply (the kernel warms its plot renderer once a first cell ran and 1 s passed with none); execute_request to execute_reply; the reply must carry a PNG and a Vega-Lite spec.',
  'rerunTs: on kernel A, a TypeScript cell run once, then again unchanged (its type check a cache hit); execute_request to execute_reply of the second run.',
  `interrupt.*: on kernel A, a cell that never ends (a TypeScript busy loop, a %%brook host loop, a CPU kernel's launch of 2^20 elements under \`%%brook --backend cpu\`) runs ${SPIN_MS} ms past its execute_input, then interrupt_request on control; to the execute_reply, which must be the Interrupted error.`,
  'Every number is the median over the runs; every sample is in `samples`.',
];

const TARGETS: Record<string, { name: string; unit: SessionMetric['unit']; target: number }> = {
  start: { name: 'kernel start to first kernel_info', unit: 'ms', target: 1000 },
  'firstCell.immediate': { name: 'first %%brook cell, sent at once', unit: 'ms', target: 200 },
  'firstCell.settled': { name: 'first %%brook cell, 2 s after start', unit: 'ms', target: 200 },
  rerun: { name: 'unchanged re-run of the cell', unit: 'ms', target: 20 },
  idleCpu: { name: 'idle CPU after the cell ran', unit: '% of a core', target: 2 },
  shutdown: { name: 'shutdown_request to exit', unit: 'ms', target: 2000 },
  restart: { name: 'restart to first kernel_info', unit: 'ms', target: 2000 },
  firstTsCell: { name: 'first TypeScript cell, sent at once after ready', unit: 'ms', target: 1000 },
  firstPlot: { name: 'first plot (a float4 line chart), 3 s after a cell', unit: 'ms', target: 300 },
  rerunTs: { name: 'unchanged re-run of a TypeScript cell (check from the cache)', unit: 'ms', target: 20 },
  'interrupt.ts': { name: 'interrupt of a TypeScript busy loop', unit: 'ms', target: 1000 },
  'interrupt.host': { name: 'interrupt of a %%brook host loop', unit: 'ms', target: 1000 },
  'interrupt.cpuKernel': { name: 'interrupt of a CPU kernel launch', unit: 'ms', target: 100 },
};

/** utime + stime of a process, in seconds (fields 14 and 15 of /proc/PID/stat, after the comm field). */
export function cpuSeconds(pid: number, ticksPerSecond: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

function textOf(iopub: WireMessage[], type: string): string[] {
  return iopub.filter((m) => m.header.msg_type === type).map((m) => {
    const c = m.content as { text?: string; data?: Record<string, string> };
    return c.text ?? c.data?.['text/plain'] ?? '';
  });
}

/** Throws with the cell's error when the reply is not ok. */
function expectOk(what: string, r: { reply: WireMessage; iopub: WireMessage[] }): void {
  if (r.reply.content.status === 'ok') return;
  const c = r.reply.content as { ename?: string; evalue?: string; traceback?: string[] };
  throw new Error(`${what} failed: ${c.ename}: ${c.evalue}\n${(c.traceback ?? []).join('\n')}`);
}

function badgeOf(iopub: WireMessage[]): string | undefined {
  const t = textOf(iopub, 'display_data').find((s) => s.startsWith('[brook: '));
  return t?.slice('[brook: '.length, -1);
}

/** Reads `result` back through a TypeScript cell and compares it with the float64 reference. */
async function verify(k: BenchKernel): Promise<void> {
  const r = await k.execute(READBACK_CELL);
  expectOk('reading result back', r);
  const got = JSON.parse(textOf(r.iopub, 'stream').join('')) as number[];
  const want = saxpyReference();
  if (got.length !== want.length) throw new Error(`result has ${got.length} floats, expected ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    // float32 inputs are exact (multiples of 1/4 below 2^22); one rounding of a*x + y.
    if (Math.abs(got[i]! - want[i]!) > 1e-6 * Math.max(1, Math.abs(want[i]!))) throw new Error(`result[${i}] = ${got[i]}, expected ${want[i]}`);
  }
}

interface RunSamples {
  start: number;
  firstImmediate: number;
  reruns: number[];
  idleCpu: number;
  restart: number;
  firstSettled: number;
  shutdown: number;
  firstTsCell: number;
  firstPlot: number;
  rerunTs: number;
  interrupts: Record<keyof typeof SPIN_CELLS, number>;
  backend?: string;
}

/** Kernel A, after its cells: the TypeScript re-run, then each spinning cell interrupted (steps 11, 12). */
async function rerunTsAndInterrupts(k: BenchKernel): Promise<Pick<RunSamples, 'rerunTs' | 'interrupts'>> {
  expectOk('the TypeScript cell', await k.execute(RERUN_TS_CELL));
  const again = await k.execute(RERUN_TS_CELL);
  expectOk('the TypeScript cell run again', again);
  const interrupts = {} as RunSamples['interrupts'];
  for (const [id, code] of Object.entries(SPIN_CELLS) as [keyof typeof SPIN_CELLS, string][]) interrupts[id] = await k.interruptRunning(code, SPIN_MS);
  return { rerunTs: again.ms, interrupts };
}

/** Kernel C: the first TypeScript cell at once after ready, then the first plot once the kernel settled. */
async function firstTsCellAndPlot(s: SessionSettings, conn: ConnectionFile, dir: string, env: NodeJS.ProcessEnv): Promise<{ firstTsCell: number; firstPlot: number }> {
  const { BenchKernel } = await import('./session-client.js');
  const c = BenchKernel.start(conn, dir, [], env);
  try {
    await c.firstKernelInfo();
    await c.iopubReady();
    const ts = await c.execute(FIRST_TS_CELL);
    expectOk('the first TypeScript cell', ts);
    const value = (ts.iopub.find((m) => m.header.msg_type === 'execute_result')?.content as { data?: Record<string, string> } | undefined)?.data?.['text/plain'];
    if (value !== '14') throw new Error(`the first TypeScript cell gave ${value}, expected 14`);
    expectOk('the %%brook cell before the plot', await c.execute(SAXPY_CELL));
    // The user looks at the cell's output before asking for a plot (the kernel warms its renderer then).
    await new Promise((r) => setTimeout(r, s.settleMs + 1000));
    const plot = await c.execute(PLOT_CELL);
    expectOk('the first plot', plot);
    const data = (plot.iopub.find((m) => m.header.msg_type === 'execute_result')?.content as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    if (typeof data['image/png'] !== 'string' || !data['application/vnd.vegalite.v5+json']) throw new Error(`the first plot has no PNG and Vega-Lite spec: ${Object.keys(data).join(', ')}`);
    await c.shutdown(false);
    return { firstTsCell: ts.ms, firstPlot: plot.ms };
  } finally {
    c.close();
  }
}

async function oneRun(s: SessionSettings, ticks: number): Promise<RunSamples> {
  const dir = mkdtempSync(join(tmpdir(), 'brook-bench-session-'));
  const { BenchKernel, writeConnectionFile } = await import('./session-client.js');
  const conn: ConnectionFile = await writeConnectionFile(dir);
  let a: BenchKernel | undefined;
  let b: BenchKernel | undefined;
  const env = s.backend ? { ...process.env, BROOK_BACKEND: s.backend } : process.env;
  try {
    a = BenchKernel.start(conn, dir, [], env);
    const start = await a.firstKernelInfo();
    await a.iopubReady();
    const first = await a.execute(SAXPY_CELL);
    expectOk('the first %%brook cell', first);
    const backend = badgeOf(first.iopub);
    const reruns: number[] = [];
    for (let i = 0; i < s.reruns; i++) {
      const r = await a.execute(SAXPY_CELL);
      expectOk('the re-run', r);
      reruns.push(r.ms);
    }
    await verify(a);
    const { rerunTs, interrupts } = await rerunTsAndInterrupts(a);
    // One-time background work (the kernel's preload, the magics' deferred plot module) ends within
    // ~2 s of the first cell; the window measures what an idle kernel keeps doing (a spinning event loop).
    await new Promise((r) => setTimeout(r, s.quick ? 500 : 3000));
    const c0 = cpuSeconds(a.pid, ticks);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, s.idleSeconds * 1000));
    const idleCpu = ((cpuSeconds(a.pid, ticks) - c0) / ((performance.now() - t0) / 1000)) * 100;

    const exitMs = await a.shutdown(true);
    a.close();
    a = undefined;
    b = BenchKernel.start(conn, dir, [], env);
    const restart = exitMs + (await b.firstKernelInfo());
    await b.iopubReady();
    const wait = s.settleMs - (performance.now() - b.spawnedAt);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const settled = await b.execute(SAXPY_CELL);
    expectOk('the first %%brook cell after restart', settled);
    const shutdown = await b.shutdown(false);
    if (b.exitCode !== 0) throw new Error(`kernel exited with ${b.exitCode} after shutdown_request:\n${b.stderr}`);
    b.close();
    b = undefined;
    const { firstTsCell, firstPlot } = await firstTsCellAndPlot(s, conn, dir, env);
    return { start, firstImmediate: first.ms, reruns, idleCpu, restart, firstSettled: settled.ms, shutdown, firstTsCell, firstPlot, rerunTs, interrupts, backend };
  } finally {
    a?.close();
    b?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function metric(id: string, samples: number[], note?: string): SessionMetric {
  const t = TARGETS[id]!;
  const value = samples.length ? median(samples) : undefined;
  return { id, name: t.name, unit: t.unit, value, samples: samples.map((x) => Number(x.toPrecision(5))), op: '<', target: t.target, met: value === undefined ? undefined : value < t.target, note };
}

export async function measureSession(s: SessionSettings): Promise<SessionReport> {
  const c = cpus();
  const report: SessionReport = {
    schema: 'brook-bench-session/1',
    date: new Date().toISOString(),
    quick: s.quick,
    node: process.version,
    host: hostname(),
    cpu: `${c[0]?.model?.trim() ?? 'unknown CPU'} x ${c.length}`,
    cell: SAXPY_CELL,
    methodology: METHODOLOGY,
    metrics: [],
    targets: [],
  };
  const ticks = clockTicks();
  const runs: RunSamples[] = [];
  try {
    for (let i = 0, retries = 0; i < s.runs; i++) {
      s.log(`bench: session run ${i + 1}/${s.runs} ...`);
      let r: RunSamples;
      try {
        r = await oneRun(s, ticks);
      } catch (e) {
        // The ports are picked free, then bound by the kernel: another process may take one in between.
        if (!/EADDRINUSE|Address already in use/.test(String(e)) || ++retries > 2) throw e;
        s.log(`bench: session run ${i + 1}: a port was taken before the kernel bound it; running it again`);
        i--;
        continue;
      }
      s.log(`bench: session run ${i + 1}: start ${r.start.toFixed(0)} ms, first cell ${r.firstImmediate.toFixed(0)} ms (${r.backend}), re-run ${median(r.reruns).toFixed(1)} ms, idle ${r.idleCpu.toFixed(2)}%, restart ${r.restart.toFixed(0)} ms, settled first cell ${r.firstSettled.toFixed(0)} ms, shutdown ${r.shutdown.toFixed(0)} ms, first TypeScript cell ${r.firstTsCell.toFixed(0)} ms, first plot ${r.firstPlot.toFixed(0)} ms, TypeScript re-run ${r.rerunTs.toFixed(1)} ms, interrupts ${Object.entries(r.interrupts).map(([id, ms]) => `${id.slice('interrupt.'.length)} ${ms.toFixed(0)} ms`).join(', ')}`);
      runs.push(r);
    }
  } catch (e) {
    report.error = e instanceof Error ? e.message : String(e);
    s.log(`bench: session failed: ${report.error}`);
  }
  const backends = [...new Set(runs.map((r) => r.backend ?? 'unknown'))];
  report.backend = backends.join(' / ') || undefined;
  const onGpu = backends.every((b) => b.startsWith('webgpu'));
  report.metrics = [
    metric('start', runs.map((r) => r.start)),
    metric('firstCell.immediate', runs.map((r) => r.firstImmediate)),
    metric('firstCell.settled', runs.map((r) => r.firstSettled)),
    metric('rerun', runs.flatMap((r) => r.reruns)),
    metric('idleCpu', runs.map((r) => r.idleCpu), onGpu ? `over ${s.idleSeconds} s, WebGPU device open` : `over ${s.idleSeconds} s; no WebGPU device was open (backend ${report.backend})`),
    metric('restart', runs.map((r) => r.restart)),
    metric('shutdown', runs.map((r) => r.shutdown)),
    metric('firstTsCell', runs.map((r) => r.firstTsCell)),
    metric('firstPlot', runs.map((r) => r.firstPlot), `backend ${report.backend}`),
    metric('rerunTs', runs.map((r) => r.rerunTs)),
    ...(Object.keys(SPIN_CELLS) as (keyof typeof SPIN_CELLS)[]).map((id) => metric(id, runs.map((r) => r.interrupts[id]))),
  ];
  report.targets = report.metrics.map((m) => ({ name: m.name, caseId: `session.${m.id}`, metric: m.unit === 'ms' ? 'median ms' : 'median % of a core', value: m.value, op: m.op, target: m.target as number, met: m.met }));
  return report;
}

function fmt(x: number | undefined): string {
  if (x === undefined) return '-';
  return Math.abs(x) >= 100 ? x.toFixed(0) : x.toPrecision(3);
}

export function renderSessionTable(r: SessionReport): string {
  const lines = [`Brook notebook session${r.quick ? ' (--quick: 2 runs, a smoke run, not a measurement)' : ''}  ${r.date}`];
  lines.push(`  backend (the cell's badge): ${r.backend ?? 'none'}; host CPU: ${r.cpu}; node ${r.node}`, '');
  const rows = r.metrics.map((m) => [`session.${m.id}`, m.name, `${fmt(m.value)} ${m.unit === 'ms' ? 'ms' : '%'}`, m.samples.length ? `${fmt(Math.min(...m.samples))}..${fmt(Math.max(...m.samples))}` : '-', String(m.samples.length), `< ${m.target} ${m.unit === 'ms' ? 'ms' : '%'}`, m.met === undefined ? 'not measured' : m.met ? 'met' : 'NOT met']);
  const header = ['case', 'what', 'median', 'range', 'n', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  lines.push(line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line));
  const notes = r.metrics.filter((m) => m.note).map((m) => `  session.${m.id}: ${m.note}`);
  if (notes.length) lines.push('Notes:', ...notes);
  if (r.error) lines.push(`FAILED: ${r.error}`);
  return lines.join('\n');
}

/** Whether `--only` names the session group, and the argv for the other cases (undefined: none left). */
export function splitSessionArgs(argv: string[]): { session: boolean; rest?: string[] } {
  const out: string[] = [];
  let session = false;
  let hadOthers = true;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const inline = a.startsWith('--only=');
    if (a !== '--only' && !inline) {
      out.push(a);
      continue;
    }
    const v = inline ? a.slice('--only='.length) : argv[++i];
    const names = (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
    const others = names.filter((n) => n !== SESSION_GROUP && !n.startsWith(SESSION_GROUP + '.'));
    if (others.length < names.length) session = true;
    if (others.length) out.push('--only', others.join(','));
    else if (names.length) hadOthers = false;
    else out.push(a); // `--only` with nothing: let the harness report it
  }
  return { session, rest: session && !hadOthers ? undefined : out };
}

/** Runs the session group; `json` is where the report goes. Exit code 0 when every run completed and verified. */
export async function runSessionBench(
  argv: string[],
  json: string,
  out: (text: string) => void = (t) => process.stdout.write(t),
  log: (line: string) => void = (line) => process.stderr.write(line + '\n'),
  overrides: Partial<SessionSettings> = {},
): Promise<{ code: number; report: SessionReport }> {
  const quick = argv.includes('--quick');
  // --backend cpu|webgpu pins the kernels' backend (BROOK_BACKEND); both (the default): the kernel's choice.
  const at = argv.findIndex((a) => a === '--backend' || a.startsWith('--backend='));
  const value = at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.slice('--backend='.length) : argv[at + 1];
  const backend = value === 'cpu' || value === 'webgpu' ? value : undefined;
  const settings: SessionSettings = {
    backend,
    ...(quick ? { runs: 2, reruns: 3, idleSeconds: 2, settleMs: 2000, quick, log } : { runs: 5, reruns: 5, idleSeconds: 10, settleMs: 2000, quick, log }),
    ...overrides,
  };
  const report = await measureSession(settings);
  mkdirSync(dirname(json), { recursive: true });
  writeFileSync(json, JSON.stringify(report, null, 2) + '\n');
  out(renderSessionTable(report) + '\n');
  out(`results: ${json}\n`);
  return { code: report.error ? 1 : 0, report };
}

/** `--json PATH` (PATH-session.json when other cases share the run), else bench/results/last-session.json. */
export function sessionJsonPath(argv: string[], withOtherCases: boolean): string {
  const i = argv.findIndex((a) => a === '--json' || a.startsWith('--json='));
  const given = i < 0 ? undefined : argv[i]!.startsWith('--json=') ? argv[i]!.slice('--json='.length) : argv[i + 1];
  if (given) return resolve(withOtherCases ? given.replace(/(\.json)?$/, '-session.json') : given);
  const dir = resolve(import.meta.dirname, ...(import.meta.dirname.split(/[\\/]/).includes('dist') ? ['..', '..'] : ['..']), 'bench', 'results');
  return join(dir, `last-session${argv.includes('--quick') ? '-quick' : ''}.json`);
}
