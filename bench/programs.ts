/**
 * Whole-program wall clock: bench/programs/*.br run as a user runs them,
 * `node bin/brook.js run FILE --backend B -- ARGS`, each in a fresh process (compile, run, print).
 *
 *   node dist/bench/programs.js [--backends cpu,webgpu] [--only NAME,...] [--small] [--runs N]
 *                               [--large] [--threads 1,16] [--profile] [--no-shares] [--phases-timed]
 *                               [--json PATH]
 *
 * Per program, backend and (cpu) thread count (BROOK_CPU_THREADS): the median wall time of N runs
 * (default 3; in rounds that run each of the program's configurations once in turn), and for webgpu the speed-up over the cpu backend at its largest thread count. `--small`
 * runs every program at a size that takes a second or two (a smoke run: proves the harness, measures
 * nothing). Each program checks its own result and exits non-zero when it is wrong; its output line
 * says so. The median wall time of N runs (default 3) and
 * the program's output line (a checksum, so a wrong result shows). With --profile, one more run under
 * --cpu-prof (at the largest thread count) gives the calling thread's time by function: kernel code ('run' of the generated
 * module), waiting for workers (WorkerPool.runChunked), and the largest other step (the issue's
 * "no main-thread step over 5% of the profile").
 * Shares (unless --no-shares): one more run per row with `brook run --phases-out` (cli/phases.ts)
 * splits that process's wall time into Node start + module loading, compiling, device start,
 * pipeline creation, host code, transfers, kernels and the rest (releasing the device, exiting); see
 * sharesOf. That run is under the profiler's recorder, so its wall time is a little above the median.
 * --phases-timed: no run more; every timed run writes its phases, the median run's are the shares.
 * --large: the large sizes (PROGRAMS), for where the GPU matters; the full sizes stay the default.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { PhaseTimes } from '../cli/phases.js';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/**
 * Programs at full size (`args`, the sizes of the history in bench/results), smoke size (`small`) and
 * large size (`large`, --large: where the device's fixed costs, ~0.5 s a process on an H100, stop
 * hiding the kernels; the same program and size on both backends, checked the same way). The GPU
 * ones are issue 12's list.
 */
// BENCH_SEGMENT="SIZE STEPS" and BENCH_SORT=LOG2 change the default sizes (the 2-core figures use 512 150);
// the descriptions follow them.
const [segSize = '1024', segSteps = '150'] = (process.env.BENCH_SEGMENT ?? '1024 150').split(' ');
const sortLog = process.env.BENCH_SORT ?? '20';
const sortCalls = (e: number) => (e * (e + 1)) / 2;
const PROGRAMS = [
  { name: 'segment', file: 'bench/programs/segment.br', args: [segSize, segSteps], small: ['128', '10'], large: ['2048', '150'], what: `${segSize}^2 float2, ${segSteps} diffusion steps`, whatLarge: '2048^2 float2, 150 diffusion steps' },
  { name: 'sort', file: 'bench/programs/sort.br', args: [sortLog], small: ['12'], large: ['23'], what: `bitonic sort of 2^${sortLog} floats (${sortCalls(Number(sortLog))} calls)`, whatLarge: 'bitonic sort of 2^23 floats (276 calls)' },
  { name: 'saxpy', file: 'bench/programs/saxpy_loop.br', args: ['22', '100'], small: ['14', '10'], large: ['22', '1000'], what: '100 saxpy calls on 2^22 float4, one reduction', whatLarge: '1000 saxpy calls on 2^22 float4, one reduction' },
  { name: 'sgemv', file: 'bench/programs/sgemv_power.br', args: ['4096', '50'], small: ['256', '5'], large: ['8192', '400'], what: 'power iteration, 50 sgemv of 4096^2, the loop on the device', whatLarge: 'power iteration, 400 sgemv of 8192^2, the loop on the device' },
  { name: 'fft2d', file: 'bench/programs/fft2d.br', args: ['1024'], small: ['64', '1'], large: ['2048', '8'], what: '2-D FFT of 1024^2 complex, 20 radix-2 passes', whatLarge: '2-D FFT of 2048^2 complex and 8 inverse+forward round trips, 374 radix-2 passes' },
  { name: 'raytrace', file: 'bench/programs/raytrace.br', args: ['1024', '256'], small: ['64', '32'], large: ['2048', '512'], what: '1024^2 rays x 256 triangles, nearest hit', whatLarge: '2048^2 rays x 512 triangles, nearest hit' },
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Profile {
  totalMs: number;
  kernelMs: number;
  waitMs: number;
  top: { name: string; ms: number; share: number }[];
}

function profileOf(dir: string): Profile {
  const f = readdirSync(dir).find((x) => x.endsWith('.cpuprofile'))!;
  const p = JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((s, i) => {
    const n = byId.get(s)!;
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  let kernelMs = 0;
  let waitMs = 0;
  const rest: [string, number][] = [];
  for (const [k, ms] of self) {
    // Generated kernel modules have no url; runHere (backends/cpu) is where V8 inlines them; a
    // WebAssembly kernel is its wasm function and the engine's call into it.
    if (k.startsWith('run :') || k.startsWith('runHere ') || k.startsWith('wasm-function[') || k.startsWith('GenericJSToWasmWrapper ') || k.startsWith('js-to-wasm:')) kernelMs += ms;
    else if (k.startsWith('runChunked ')) waitMs += ms;
    else if (!k.startsWith('(idle)') && !k.startsWith('(program)')) rest.push([k, ms]);
  }
  rest.sort((a, b) => b[1] - a[1]);
  return { totalMs: total, kernelMs, waitMs, top: rest.slice(0, 5).map(([name, ms]) => ({ name, ms, share: ms / total })) };
}

/** Where one process's wall time went, in ms (they add up to wallMs) and as shares of wallMs. */
interface Shares {
  /** Wall time of the measured process (spawn to exit, as the harness saw it). */
  wallMs: number;
  ms: Record<ShareName, number>;
  share: Record<ShareName, number>;
  pipelinesBuilt: number;
  deviceClock: string;
}

const SHARE_NAMES = ['start', 'compile', 'device', 'pipelines', 'host', 'transfers', 'kernels', 'exit'] as const;
type ShareName = (typeof SHARE_NAMES)[number];

/**
 * The phases of one run (cli/phases.ts) as shares of its wall time `wallMs` (spawn to exit):
 * start = Node's start and module loading, compile, device (start), pipelines, host, transfers,
 * kernels, and exit = the rest (releasing streams and the device, the process ending, spawning).
 */
function sharesOf(p: PhaseTimes, wallMs: number): Shares {
  const ms: Record<ShareName, number> = {
    start: p.nodeMs + p.loadMs,
    compile: p.compileMs,
    device: p.deviceMs,
    pipelines: p.pipelinesMs,
    host: p.hostMs,
    transfers: p.copiesMs,
    kernels: p.kernelsMs,
    exit: 0,
  };
  const measured = SHARE_NAMES.reduce((n, k) => n + ms[k], 0);
  ms.exit = Math.max(0, wallMs - measured);
  const share = Object.fromEntries(SHARE_NAMES.map((k) => [k, ms[k] / wallMs])) as Record<ShareName, number>;
  return { wallMs, ms, share, pipelinesBuilt: p.pipelinesBuilt, deviceClock: p.deviceClock };
}

function sharesLine(s: Shares): string {
  const pct = (k: ShareName) => `${k} ${(100 * s.share[k]).toFixed(0)}%`;
  return `    shares of ${(s.wallMs / 1000).toFixed(2)} s: ${SHARE_NAMES.map(pct).join(', ')} (${s.pipelinesBuilt} pipelines, kernels by ${s.deviceClock})`;
}

interface Row {
  program: string;
  what: string;
  /** The program's arguments (its size). */
  args: string[];
  backend: 'cpu' | 'webgpu';
  threads?: number;
  runs: number;
  medianMs: number;
  timesMs: number[];
  output: string;
  /** webgpu rows: the cpu row's median (largest thread count) over this one's. */
  speedupOverCpu?: number;
  profile?: Profile;
  /** Where the wall time of one more run went (--phases-out). */
  shares?: Shares;
}

/** One configuration of a program (backend, thread count) and its timed runs so far. */
interface Timed {
  backend: 'cpu' | 'webgpu';
  threads?: number;
  env: NodeJS.ProcessEnv;
  cmd: string[];
  /** The same command writing its phases to phasesFile. */
  withPhases: string[];
  phasesFile: string;
  /** Timed runs it gets. */
  n: number;
  times: number[];
  phasesOf: { ms: number; phases: PhaseTimes }[];
  /** Its last output line (a checksum), or why it failed. */
  output: string;
  failed: boolean;
}

function main(): void {
  const runs = Number(arg('--runs') ?? 3);
  // Fewer runs for one and two threads (minutes otherwise on big inputs): --runs-few (default 1).
  const fewRuns = Number(arg('--runs-few') ?? 1);
  const threadList = (arg('--threads') ?? `1,${availableParallelism()}`).split(',').map(Number);
  const backends = (arg('--backends') ?? 'cpu').split(',') as ('cpu' | 'webgpu')[];
  const only = arg('--only')?.split(',');
  const small = process.argv.includes('--small');
  const large = process.argv.includes('--large');
  // --phases-timed: every timed run writes its phases and the median run's give the shares (no run
  // more; on WebGPU the timed runs then go through the profiler's recorder, a little slower).
  const phasesTimed = process.argv.includes('--phases-timed');
  const profile = process.argv.includes('--profile');
  const withShares = !process.argv.includes('--no-shares');
  const results: Row[] = [];
  let failed = 0;
  for (const prog of PROGRAMS.filter((p) => !only || only.includes(p.name))) {
    const progArgs = small ? prog.small : large ? prog.large : prog.args;
    const what = large ? prog.whatLarge : prog.what;
    const configs: Timed[] = [];
    for (const backend of backends) {
      for (const threads of backend === 'cpu' ? threadList : [undefined]) {
        const env = { ...process.env, ...(threads ? { BROOK_CPU_THREADS: String(threads) } : {}) };
        const cmd = [join(root, 'bin', 'brook.js'), 'run', prog.file, '--backend', backend, '--', ...progArgs];
        const phasesFile = join(mkdtempSync(join(tmpdir(), 'brook-phases-')), 'phases.json');
        const withPhases = [cmd[0]!, cmd[1]!, cmd[2]!, '--phases-out', phasesFile, ...cmd.slice(3)];
        const n = threads !== undefined && threads <= 2 ? Math.min(runs, fewRuns) : runs;
        configs.push({ backend, threads, env, cmd, withPhases, phasesFile, n, times: [], phasesOf: [], output: '', failed: false });
      }
    }
    // Round r runs every configuration once, one after another: a machine whose speed drifts from
    // minute to minute (a shared VM moves by a third) then slows every configuration alike, where
    // N runs of one and then N of the next put the drift into their ratio.
    for (let r = 0; r < Math.max(...configs.map((c) => c.n)); r++) {
      for (const c of configs) {
        if (r >= c.n || c.failed) continue;
        const t0 = performance.now();
        const out = spawnSync(process.execPath, phasesTimed && withShares ? c.withPhases : c.cmd, { cwd: root, env: c.env, encoding: 'utf8' });
        const ms = performance.now() - t0;
        c.times.push(ms);
        if (phasesTimed && withShares && out.status === 0) c.phasesOf.push({ ms, phases: JSON.parse(readFileSync(c.phasesFile, 'utf8')) as PhaseTimes });
        c.output = (out.stdout.trim() || out.stderr.trim()).split('\n').pop() ?? '';
        if (out.status !== 0) {
          failed++;
          c.failed = true;
          c.output = `FAILED (exit ${out.status}): ${out.stderr.trim().split('\n')[0] ?? ''} ${c.output}`;
        }
      }
    }
    let cpuBest: number | undefined;
    for (const { backend, threads, env, cmd, withPhases, phasesFile, times, phasesOf, n, ...rest } of configs) {
      let output = rest.output;
      times.sort((x, y) => x - y);
      const median = times[Math.floor(times.length / 2)]!;
      let prof: Profile | undefined;
      if (profile && backend === 'cpu' && threads === Math.max(...threadList)) {
        const dir = mkdtempSync(join(tmpdir(), 'brook-prof-'));
        spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...cmd], { cwd: root, env, encoding: 'utf8' });
        prof = profileOf(dir);
        rmSync(dir, { recursive: true, force: true });
      }
      let shares: Shares | undefined;
      if (withShares && phasesTimed && phasesOf.length === n) {
        const mid = phasesOf.find((x) => x.ms === median)!;
        shares = sharesOf(mid.phases, mid.ms);
      } else if (withShares && !output.startsWith('FAILED')) {
        const t0 = performance.now();
        const out = spawnSync(process.execPath, withPhases, { cwd: root, env, encoding: 'utf8' });
        const wall = performance.now() - t0;
        if (out.status === 0) shares = sharesOf(JSON.parse(readFileSync(phasesFile, 'utf8')) as PhaseTimes, wall);
        else {
          failed++;
          output = `FAILED with --phases-out (exit ${out.status}): ${out.stderr.trim().split('\n')[0] ?? ''}`;
        }
      }
      rmSync(dirname(phasesFile), { recursive: true, force: true });
      if (backend === 'cpu' && threads === Math.max(...threadList)) cpuBest = median;
      const speedup = backend === 'webgpu' && cpuBest !== undefined ? cpuBest / median : undefined;
      results.push({ program: prog.name, what, args: progArgs, backend, threads, runs: times.length, medianMs: median, timesMs: times, output, speedupOverCpu: speedup, profile: prof, shares });
      const p = prof
        ? `  main thread: kernel ${((100 * prof.kernelMs) / prof.totalMs).toFixed(0)}%, waiting ${((100 * prof.waitMs) / prof.totalMs).toFixed(0)}%, largest other step ${prof.top[0]?.name} ${((100 * (prof.top[0]?.share ?? 0))).toFixed(1)}%`
        : '';
      const who = backend === 'cpu' ? `cpu ${String(threads).padStart(2)} threads` : 'webgpu         ';
      const sp = speedup !== undefined ? `  ${speedup.toFixed(2)}x the cpu backend` : '';
      console.log(`${prog.name.padEnd(8)} ${who}  ${(median / 1000).toFixed(2)} s${sp}  (${output})${p}`);
      if (shares) console.log(sharesLine(shares));
    }
  }
  const json = arg('--json');
  if (json) {
    writeFileSync(json, JSON.stringify({ schema: 'brook-bench-programs/3', date: new Date().toISOString(), small, large, phasesTimed, cpu: cpus()[0]?.model, cores: availableParallelism(), node: process.version, results }, null, 2));
    console.log(`results: ${json}`);
  }
  if (failed > 0) process.exitCode = 1;
}

main();
