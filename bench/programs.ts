/**
 * Whole-program wall clock: bench/programs/*.br run as a user runs them,
 * `node bin/brook.js run FILE --backend B -- ARGS`, each in a fresh process (compile, run, print).
 *
 *   node dist/bench/programs.js [--backends cpu,webgpu] [--only NAME,...] [--small] [--runs N]
 *                               [--threads 1,16] [--profile] [--json PATH]
 *
 * Per program, backend and (cpu) thread count (BROOK_CPU_THREADS): the median wall time of N runs
 * (default 3), and for webgpu the speed-up over the cpu backend at its largest thread count. `--small`
 * runs every program at a size that takes a second or two (a smoke run: proves the harness, measures
 * nothing). Each program checks its own result and exits non-zero when it is wrong; its output line
 * says so. The median wall time of N runs (default 3) and
 * the program's output line (a checksum, so a wrong result shows). With --profile, one more run under
 * --cpu-prof (at the largest thread count) gives the calling thread's time by function: kernel code ('run' of the generated
 * module), waiting for workers (WorkerPool.runChunked), and the largest other step (the issue's
 * "no main-thread step over 5% of the profile").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** Programs at full size (`args`) and smoke size (`small`); the GPU ones are issue 12's list. */
const PROGRAMS = [
  { name: 'segment', file: 'bench/programs/segment.br', args: (process.env.BENCH_SEGMENT ?? '1024 150').split(' '), small: ['128', '10'], what: '1024^2 float2, 150 diffusion steps' },
  { name: 'sort', file: 'bench/programs/sort.br', args: [process.env.BENCH_SORT ?? '20'], small: ['12'], what: 'bitonic sort of 2^20 floats (210 calls)' },
  { name: 'saxpy', file: 'bench/programs/saxpy_loop.br', args: ['22', '100'], small: ['14', '10'], what: '100 saxpy calls on 2^22 float4, one reduction' },
  { name: 'sgemv', file: 'bench/programs/sgemv_power.br', args: ['4096', '50'], small: ['256', '5'], what: 'power iteration, 50 sgemv of 4096^2 with a norm read back each' },
  { name: 'fft2d', file: 'bench/programs/fft2d.br', args: ['1024'], small: ['64'], what: '2-D FFT of 1024^2 complex, 20 radix-2 passes' },
  { name: 'raytrace', file: 'bench/programs/raytrace.br', args: ['1024', '256'], small: ['64', '32'], what: '1024^2 rays x 256 triangles, nearest hit' },
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

interface Row {
  program: string;
  what: string;
  backend: 'cpu' | 'webgpu';
  threads?: number;
  runs: number;
  medianMs: number;
  timesMs: number[];
  output: string;
  /** webgpu rows: the cpu row's median (largest thread count) over this one's. */
  speedupOverCpu?: number;
  profile?: Profile;
}

function main(): void {
  const runs = Number(arg('--runs') ?? 3);
  // Fewer runs for one and two threads (minutes otherwise on big inputs): --runs-few (default 1).
  const fewRuns = Number(arg('--runs-few') ?? 1);
  const threadList = (arg('--threads') ?? `1,${availableParallelism()}`).split(',').map(Number);
  const backends = (arg('--backends') ?? 'cpu').split(',') as ('cpu' | 'webgpu')[];
  const only = arg('--only')?.split(',');
  const small = process.argv.includes('--small');
  const profile = process.argv.includes('--profile');
  const results: Row[] = [];
  let failed = 0;
  for (const prog of PROGRAMS.filter((p) => !only || only.includes(p.name))) {
    const progArgs = small ? prog.small : prog.args;
    let cpuBest: number | undefined;
    for (const backend of backends) {
      for (const threads of backend === 'cpu' ? threadList : [undefined]) {
        const env = { ...process.env, ...(threads ? { BROOK_CPU_THREADS: String(threads) } : {}) };
        const cmd = [join(root, 'bin', 'brook.js'), 'run', prog.file, '--backend', backend, '--', ...progArgs];
        const times: number[] = [];
        let output = '';
        const n = threads !== undefined && threads <= 2 ? Math.min(runs, fewRuns) : runs;
        for (let r = 0; r < n; r++) {
          const t0 = performance.now();
          const out = spawnSync(process.execPath, cmd, { cwd: root, env, encoding: 'utf8' });
          times.push(performance.now() - t0);
          output = (out.stdout.trim() || out.stderr.trim()).split('\n').pop() ?? '';
          if (out.status !== 0) {
            failed++;
            output = `FAILED (exit ${out.status}): ${out.stderr.trim().split('\n')[0] ?? ''} ${output}`;
            break;
          }
        }
        times.sort((x, y) => x - y);
        const median = times[Math.floor(times.length / 2)]!;
        let prof: Profile | undefined;
        if (profile && backend === 'cpu' && threads === Math.max(...threadList)) {
          const dir = mkdtempSync(join(tmpdir(), 'brook-prof-'));
          spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...cmd], { cwd: root, env, encoding: 'utf8' });
          prof = profileOf(dir);
          rmSync(dir, { recursive: true, force: true });
        }
        if (backend === 'cpu' && threads === Math.max(...threadList)) cpuBest = median;
        const speedup = backend === 'webgpu' && cpuBest !== undefined ? cpuBest / median : undefined;
        results.push({ program: prog.name, what: prog.what, backend, threads, runs: n, medianMs: median, timesMs: times, output, speedupOverCpu: speedup, profile: prof });
        const p = prof
          ? `  main thread: kernel ${((100 * prof.kernelMs) / prof.totalMs).toFixed(0)}%, waiting ${((100 * prof.waitMs) / prof.totalMs).toFixed(0)}%, largest other step ${prof.top[0]?.name} ${((100 * (prof.top[0]?.share ?? 0))).toFixed(1)}%`
          : '';
        const who = backend === 'cpu' ? `cpu ${String(threads).padStart(2)} threads` : 'webgpu         ';
        const sp = speedup !== undefined ? `  ${speedup.toFixed(2)}x the cpu backend` : '';
        console.log(`${prog.name.padEnd(8)} ${who}  ${(median / 1000).toFixed(2)} s${sp}  (${output})${p}`);
      }
    }
  }
  const json = arg('--json');
  if (json) {
    writeFileSync(json, JSON.stringify({ schema: 'brook-bench-programs/2', date: new Date().toISOString(), small, cpu: cpus()[0]?.model, cores: availableParallelism(), node: process.version, results }, null, 2));
    console.log(`results: ${json}`);
  }
  if (failed > 0) process.exitCode = 1;
}

main();
