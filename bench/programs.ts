/**
 * Whole-program wall clock on the CPU backend: bench/programs/*.br run as a user runs them,
 * `node bin/brook.js run FILE --backend cpu -- ARGS`, each in a fresh process (compile, run, print).
 *
 *   node dist/bench/programs.js [--runs N] [--threads 1,16] [--profile] [--json PATH]
 *
 * Per program and thread count (BROOK_CPU_THREADS): the median wall time of N runs (default 3) and
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

const PROGRAMS = [
  { name: 'segment', file: 'bench/programs/segment.br', args: (process.env.BENCH_SEGMENT ?? '1024 150').split(' '), what: '1024^2 float2, 150 diffusion steps' },
  { name: 'sort', file: 'bench/programs/sort.br', args: [process.env.BENCH_SORT ?? '20'], what: 'bitonic sort of 2^20 floats (210 calls)' },
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
    // Generated kernel modules have no url; runHere (backends/cpu) is where V8 inlines them.
    if (k.startsWith('run :') || k.startsWith('runHere ')) kernelMs += ms;
    else if (k.startsWith('runChunked ')) waitMs += ms;
    else if (!k.startsWith('(idle)') && !k.startsWith('(program)')) rest.push([k, ms]);
  }
  rest.sort((a, b) => b[1] - a[1]);
  return { totalMs: total, kernelMs, waitMs, top: rest.slice(0, 5).map(([name, ms]) => ({ name, ms, share: ms / total })) };
}

function main(): void {
  const runs = Number(arg('--runs') ?? 3);
  // Fewer runs for one and two threads (minutes otherwise on big inputs): --runs-few (default 1).
  const fewRuns = Number(arg('--runs-few') ?? 1);
  const threadList = (arg('--threads') ?? `1,${availableParallelism()}`).split(',').map(Number);
  const profile = process.argv.includes('--profile');
  const results: unknown[] = [];
  for (const prog of PROGRAMS) {
    for (const threads of threadList) {
      const env = { ...process.env, BROOK_CPU_THREADS: String(threads) };
      const cmd = [join(root, 'bin', 'brook.js'), 'run', prog.file, '--backend', 'cpu', '--', ...prog.args];
      const times: number[] = [];
      let output = '';
      const n = threads <= 2 ? Math.min(runs, fewRuns) : runs;
      for (let r = 0; r < n; r++) {
        const t0 = performance.now();
        const out = spawnSync(process.execPath, cmd, { cwd: root, env, encoding: 'utf8' });
        times.push(performance.now() - t0);
        if (out.status !== 0) throw new Error(`${prog.name} failed (${out.status}): ${out.stderr}`);
        output = out.stdout.trim();
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      let prof: Profile | undefined;
      if (profile && threads === Math.max(...threadList)) {
        const dir = mkdtempSync(join(tmpdir(), 'brook-prof-'));
        spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...cmd], { cwd: root, env, encoding: 'utf8' });
        prof = profileOf(dir);
        rmSync(dir, { recursive: true, force: true });
      }
      results.push({ program: prog.name, what: prog.what, threads, runs: n, medianMs: median, timesMs: times, output, profile: prof });
      const p = prof
        ? `  main thread: kernel ${((100 * prof.kernelMs) / prof.totalMs).toFixed(0)}%, waiting ${((100 * prof.waitMs) / prof.totalMs).toFixed(0)}%, largest other step ${prof.top[0]?.name} ${((100 * (prof.top[0]?.share ?? 0))).toFixed(1)}%`
        : '';
      console.log(`${prog.name.padEnd(8)} ${String(threads).padStart(2)} threads  ${(median / 1000).toFixed(2)} s  (${output})${p}`);
    }
  }
  const json = arg('--json');
  if (json) {
    writeFileSync(json, JSON.stringify({ schema: 'brook-bench-programs/1', date: new Date().toISOString(), cpu: cpus()[0]?.model, cores: availableParallelism(), node: process.version, results }, null, 2));
    console.log(`results: ${json}`);
  }
}

main();
