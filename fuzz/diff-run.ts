/**
 * `npm run fuzz:diff -- [--count N | --minutes M] [--seed S] [--start I] [--jobs J] [--backends LIST]
 * [--out DIR] [--no-minimize]`: the differential fuzzer (differential.ts). Programs [start, start + count)
 * of the seed are handed out in chunks to J worker processes (each starts its backends once: a WebGPU
 * device per process); a worker silent for 120 s on one program is killed, the program counted as a
 * crash (a hang), and a fresh worker carries on after it. Each distinct difference or crash is written
 * to DIR (default fuzz-differences/) as a minimized .br reproducer with the seed and program number;
 * the exit status is 1 when anything differed or crashed. The same seed gives the same programs
 * whatever --jobs.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_BACKENDS, BACKENDS, Backends, type BackendName } from './execute.js';
import { generateProgram } from './generate.js';
import { findingFile, fuzzDifferential, mergeDiffStats, newDiffStats, type DiffStats, type Finding } from './differential.js';

/** Silence after which a worker is taken as hung (BROOK_FUZZ_HANG_S overrides the 120 s). */
const HANG_MS = (Number(process.env.BROOK_FUZZ_HANG_S) || 120) * 1000;
const CHUNK = 25;

interface Args {
  seed: number;
  start: number;
  count: number;
  minutes?: number;
  jobs: number;
  backends: BackendName[];
  out: string;
  minimize: boolean;
}

function usage(): string {
  return 'usage: node dist/fuzz/diff-run.js [--count N | --minutes M] [--seed S] [--start I] [--jobs J] [--backends js,wasm,webgpu (also wasm-fused, webgpu-fused)] [--out DIR] [--no-minimize]';
}

function parseArgs(argv: string[]): Args {
  const a: Args = { seed: 1, start: 0, count: Infinity, jobs: 1, backends: [...BACKENDS], out: 'fuzz-differences', minimize: true };
  const fail = (m: string): never => {
    console.error(`fuzz:diff: ${m} (${usage()})`);
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    const num = () => {
      i++;
      const n = Number(v);
      if (v === undefined || !Number.isFinite(n)) fail(`${argv[i - 1]} takes a number`);
      return n;
    };
    switch (argv[i]) {
      case '--seed': a.seed = num(); break;
      case '--start': a.start = num(); break;
      case '--count': a.count = num(); break;
      case '--minutes': a.minutes = num(); break;
      case '--jobs': a.jobs = num(); break;
      case '--out': a.out = v ?? fail('--out takes a folder'); i++; break;
      case '--no-minimize': a.minimize = false; break;
      case '--backends': {
        const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
        const bad = list.filter((b) => !(ALL_BACKENDS as readonly string[]).includes(b));
        if (bad.length > 0 || list.length < 2) fail(`--backends takes two or more of ${ALL_BACKENDS.join(', ')}`);
        a.backends = list as BackendName[];
        i++;
        break;
      }
      case '--help': console.log(usage()); process.exit(0); break;
      default: fail(`unknown argument '${argv[i]}'`);
    }
  }
  if (a.count === Infinity && a.minutes === undefined) a.count = 1000;
  if (!Number.isInteger(a.jobs) || a.jobs < 1) fail('--jobs takes a positive integer');
  if (!Number.isInteger(a.seed) || !Number.isInteger(a.start) || a.start < 0) fail('--seed and --start take integers');
  if (!(a.count > 0) || (a.minutes !== undefined && !(a.minutes > 0))) fail('--count and --minutes take positive numbers');
  return a;
}

type ToWorker = { kind: 'chunk'; start: number; count: number } | { kind: 'stop' };
type FromWorker = { kind: 'ready' } | { kind: 'beat' } | { kind: 'program'; index: number } | { kind: 'stats'; stats: DiffStats; index: number } | { kind: 'shrinking'; finding: Finding } | { kind: 'chunkDone' } | { kind: 'failed'; message: string };

/** A worker process: starts the backends, then runs the chunks it is sent. */
async function workerMain(): Promise<void> {
  const cfg = JSON.parse(process.env.BROOK_FUZZ_WORKER!) as { seed: number; backends: BackendName[]; minimize: boolean; deadline?: number };
  const send = (m: FromWorker) => process.send!(m);
  let backends: Backends;
  try {
    backends = await Backends.start(cfg.backends);
  } catch (e) {
    send({ kind: 'failed', message: (e as Error).message.split('\n')[0]! });
    process.exit(1);
  }
  const known = new Set<string>();
  process.on('message', (m: ToWorker) => {
    if (m.kind === 'stop') {
      backends.dispose();
      process.exit(0);
    }
    // Counts go back after every program, so a worker killed on a hang loses none of the chunk's.
    void (async () => {
      for (let i = m.start; i < m.start + m.count; i++) {
        send({ kind: 'program', index: i });
        const stats = await fuzzDifferential(backends, { seed: cfg.seed, start: i, count: 1, minimize: cfg.minimize, deadline: cfg.deadline, known, onTrial: () => send({ kind: 'beat' }), onShrink: (finding) => send({ kind: 'shrinking', finding }) });
        if (stats.generated > 0) send({ kind: 'stats', stats, index: i });
      }
      send({ kind: 'chunkDone' });
    })();
  });
  send({ kind: 'ready' });
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const deadline = args.minutes !== undefined ? started + args.minutes * 60_000 : undefined;
  const end = Number.isFinite(args.count) ? args.start + args.count : Infinity;
  const total = newDiffStats();
  const saved = new Map<string, string>();
  /** Programs done (for the resume point of a run stopped by --minutes). */
  const completed = new Set<number>();
  let next = args.start;
  /** Programs given back by a worker killed on a hang (the rest of its chunk). */
  const requeued: { start: number; count: number }[] = [];
  let startFailure: string | undefined;
  console.log(`fuzz:diff: seed ${args.seed}, programs ${args.start}..${Number.isFinite(end) ? end - 1 : '(until time)'}${deadline ? `, ${args.minutes} min` : ''}, backends ${args.backends.join(', ')}, ${args.jobs} worker process(es)`);

  const save = (f: Finding) => {
    if (saved.has(f.signature)) return;
    fs.mkdirSync(args.out, { recursive: true });
    const file = path.join(args.out, `${f.kind}-${saved.size + 1}.br`);
    fs.writeFileSync(file, findingFile(f) + '\n');
    saved.set(f.signature, file);
    process.stderr.write(`\n${f.what}\n  seed ${f.seed}, program ${f.index}; saved as ${file}\n`);
  };
  const progress = () => {
    const secs = (Date.now() - started) / 1000;
    process.stderr.write(`\r${total.generated} programs in ${secs.toFixed(0)} s (${(total.generated / Math.max(secs, 1e-3)).toFixed(1)}/s): ${total.differences} differences, ${total.crashes} crashes   `);
  };
  const take = (): { start: number; count: number } | undefined => {
    if (deadline !== undefined && Date.now() > deadline) return undefined;
    if (requeued.length > 0) return requeued.pop();
    if (next >= end || (deadline !== undefined && Date.now() > deadline)) return undefined;
    const c = { start: next, count: Math.min(CHUNK, end - next) };
    next += c.count;
    return c;
  };

  const runWorker = (): Promise<void> =>
    new Promise((resolve) => {
      const env = { ...process.env, BROOK_FUZZ_WORKER: JSON.stringify({ seed: args.seed, backends: args.backends, minimize: args.minimize, deadline }) };
      const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      let chunk: { start: number; count: number } | undefined;
      let at = -1;
      /** The difference being shrunk (unminimized), if the worker is shrinking. */
      let shrinking: Finding | undefined;
      let lastBeat = Date.now();
      let done = false;
      const finish = (restart: boolean) => {
        if (done) return;
        done = true;
        clearInterval(timer);
        if (restart) void runWorker().then(resolve);
        else resolve();
      };
      const give = () => {
        chunk = take();
        if (chunk) child.send({ kind: 'chunk', ...chunk } satisfies ToWorker);
        else {
          child.send({ kind: 'stop' } satisfies ToWorker);
          finish(false);
        }
      };
      const timer = setInterval(() => {
        if (Date.now() - lastBeat < HANG_MS || at < 0 || !chunk) return;
        // A hang: count it, save it, skip the program, and give the rest of the chunk back.
        child.kill('SIGKILL');
        total.generated++;
        total.crashes++;
        completed.add(at);
        const p = generateProgram(args.seed, at);
        // A hang while shrinking is the shrinker's (a trial that does not end), and the program's
        // difference is kept, unminimized; otherwise the program itself ran over the limit.
        const what = shrinking ? `hang: a shrink trial of program ${at} ran over ${HANG_MS / 1000} s` : `hang: program ${at} ran over ${HANG_MS / 1000} s`;
        const findings: Finding[] = [{ kind: 'crash', seed: args.seed, index: at, what, signature: what, text: p.text, classes: p.classes }];
        if (shrinking) {
          total.differences++;
          findings.push(shrinking);
        }
        mergeDiffStats(total, { ...newDiffStats(), findings });
        for (const f of total.findings) save(f);
        const rest = chunk.start + chunk.count - (at + 1);
        if (rest > 0) requeued.push({ start: at + 1, count: rest });
        finish(true);
      }, 1000);
      child.stderr?.on('data', () => undefined);
      child.on('message', (m: FromWorker) => {
        lastBeat = Date.now();
        if (m.kind === 'ready') give();
        else if (m.kind === 'program') {
          at = m.index;
          shrinking = undefined;
        } else if (m.kind === 'shrinking') shrinking = m.finding;
        else if (m.kind === 'failed') {
          startFailure = m.message;
          finish(false);
        } else if (m.kind === 'stats') {
          mergeDiffStats(total, m.stats);
          completed.add(m.index);
          for (const f of total.findings) save(f);
          progress();
        } else if (m.kind === 'chunkDone') give();
      });
      child.on('exit', (code) => {
        if (done) return;
        total.crashes++;
        const what = `worker process exited (${code}) at program ${at}`;
        if (chunk && at >= 0 && at + 1 < chunk.start + chunk.count) requeued.push({ start: at + 1, count: chunk.start + chunk.count - (at + 1) });
        mergeDiffStats(total, { ...newDiffStats(), findings: [{ kind: 'crash', seed: args.seed, index: at, what, signature: what, text: '(regenerate it with --start and --count 1)', classes: {} }] });
        for (const f of total.findings) save(f);
        finish(true);
      });
    });

  await Promise.all(Array.from({ length: args.jobs }, () => runWorker()));
  process.stderr.write('\n');
  if (startFailure) {
    console.error(`fuzz:diff: a backend did not start: ${startFailure}`);
    process.exitCode = 2;
    return;
  }
  const secs = (Date.now() - started) / 1000;
  console.log(`programs: ${total.generated} generated, ${total.compiled} compiled, ${total.run} run on ${args.backends.join(' + ')}; ${total.differences} differences, ${total.crashes} crashes (${secs.toFixed(0)} s)`);
  console.log(`constructs: ${Object.entries(total.features).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const per = (v: number) => (v / Math.max(total.generated, 1)).toFixed(1);
  console.log(`worker time per program (ms): ${Object.entries(total.ms).map(([k, v]) => `${k} ${per(v)}`).join(', ')}; ${(total.generated / Math.max(secs, 1e-3)).toFixed(1)} programs/s with ${args.jobs} job(s)`);
  for (const f of total.findings) console.log(`${f.what}\n  seed ${f.seed}, program ${f.index}: ${saved.get(f.signature)}`);
  let firstUndone = args.start;
  while (completed.has(firstUndone)) firstUndone++;
  if (firstUndone < end) console.log(`stopped by --minutes: programs ${args.start}..${firstUndone - 1} all ran; go on with --start ${firstUndone}`);
  process.exitCode = total.differences + total.crashes > 0 ? 1 : 0;
}

if (process.env.BROOK_FUZZ_WORKER) void workerMain();
else void main();
