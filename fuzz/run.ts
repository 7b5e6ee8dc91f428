/**
 * `npm run fuzz -- [--minutes N | --count N] [--seed S] [--out DIR]`: mutation fuzzing of the
 * compiler (engine.ts). Runs in a worker so that an input that hangs the compiler is caught too: the
 * worker writes the index of the input it is on into shared memory, and an input that takes over
 * 30 s is reported as a hang and skipped. Each distinct crash is written to DIR (default
 * fuzz-crashes/) as NAME.br with a comment header; the exit status is 1 when anything crashed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { loadCorpus } from './corpus.js';
import { fuzz, inputAt, newStats, type Crash, type Stats } from './engine.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HANG_MS = 30_000;

interface Args {
  count: number;
  jobs: number;
  minutes?: number;
  seed: number;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { count: Infinity, jobs: 1, seed: 1, out: 'fuzz-crashes' };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case '--count': a.count = Number(v); i++; break;
      case '--minutes': a.minutes = Number(v); i++; break;
      case '--seed': a.seed = Number(v); i++; break;
      case '--jobs': a.jobs = Number(v); i++; break;
      case '--out': a.out = v!; i++; break;
      case '--help':
        console.log('usage: npm run fuzz -- [--minutes N | --count N] [--seed S] [--jobs N] [--out DIR]');
        process.exit(0);
        break;
      default:
        console.error(`fuzz: unknown argument '${argv[i]}' (try --help)`);
        process.exit(2);
    }
  }
  if (a.count === Infinity && a.minutes === undefined) a.minutes = 1;
  if (!Number.isInteger(a.jobs) || a.jobs < 1) {
    console.error('fuzz: --jobs takes a positive integer');
    process.exit(2);
  }
  if (!(a.count > 0) || (a.minutes !== undefined && !(a.minutes > 0)) || !Number.isInteger(a.seed)) {
    console.error('fuzz: --count and --minutes take positive numbers, --seed an integer');
    process.exit(2);
  }
  return a;
}

interface Job {
  seed: number;
  start: number;
  count: number;
  deadline?: number;
  progress: SharedArrayBuffer;
}

function workerMain(): void {
  const job = workerData as Job;
  const progress = new Int32Array(job.progress);
  const corpus = loadCorpus(repoRoot);
  const chunk = 2000;
  for (let at = job.start; at < job.start + job.count; at += chunk) {
    // Each chunk's counts are sent on their own; the main thread adds them up.
    const stats = fuzz(corpus, { seed: job.seed, start: at, count: Math.min(chunk, job.start + job.count - at), deadline: job.deadline, onInput: (i) => Atomics.store(progress, 0, i) });
    parentPort!.postMessage({ kind: 'stats', stats });
    if (job.deadline !== undefined && Date.now() > job.deadline) break;
  }
  parentPort!.postMessage({ kind: 'done' });
}

/** Distinct crashes are written out as soon as they are found (a long run may be stopped). */
let saveDir = 'fuzz-crashes';
const saved = new Map<string, string>();
function saveNew(total: Stats): void {
  for (const c of total.crashes) {
    if (saved.has(c.what)) continue;
    const file = save(saveDir, c, saved.size + 1);
    saved.set(c.what, file);
    process.stderr.write(`\ncrash: ${c.what}\n  saved as ${file}\n`);
  }
}

function merge(into: Stats, s: Stats): void {
  into.inputs += s.inputs;
  into.rejected += s.rejected;
  into.compiled += s.compiled;
  into.crashInputs += s.crashInputs;
  for (const [k, v] of Object.entries(s.mutations)) into.mutations[k] = (into.mutations[k] ?? 0) + v;
  for (const [k, v] of Object.entries(s.coverage)) into.coverage[k] = (into.coverage[k] ?? 0) + v;
  for (const c of s.crashes) {
    const prev = into.crashes.find((x) => x.what === c.what);
    if (!prev) into.crashes.push(c);
    else if (c.text.length < prev.text.length) into.crashes[into.crashes.indexOf(prev)] = c;
  }
}

/** Runs [start, start + count) in a worker; resolves with the index after the last input done. */
function runWorker(job: Omit<Job, 'progress'>, total: Stats, onHang: (index: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const progress = new SharedArrayBuffer(4);
    const view = new Int32Array(progress);
    Atomics.store(view, 0, job.start);
    const w = new Worker(fileURLToPath(import.meta.url), { workerData: { ...job, progress } });
    let last = job.start;
    let lastChange = Date.now();
    let finished = false;
    const timer = setInterval(() => {
      const now = Atomics.load(view, 0);
      if (now !== last) { last = now; lastChange = Date.now(); return; }
      if (Date.now() - lastChange > HANG_MS) {
        clearInterval(timer);
        finished = true;
        void w.terminate();
        onHang(now);
        resolve(now + 1);
      }
    }, 1000);
    w.on('message', (m: { kind: string; stats?: Stats }) => {
      if (m.kind === 'stats') {
        merge(total, m.stats!);
        saveNew(total);
        report(total, false);
      } else if (m.kind === 'done' && !finished) {
        finished = true;
        clearInterval(timer);
        resolve(job.start + job.count);
      }
    });
    w.on('error', (e) => {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      const at = Atomics.load(view, 0);
      onHang(at);
      console.error(`fuzz: worker died at input ${at}: ${e.message}`);
      resolve(at + 1);
    });
  });
}

let started = Date.now();
function report(s: Stats, final: boolean): void {
  const secs = (Date.now() - started) / 1000;
  const line = `${s.inputs} inputs in ${secs.toFixed(0)} s (${(s.inputs / Math.max(secs, 1e-3)).toFixed(0)}/s): ${s.compiled} compiled, ${s.rejected} rejected with diagnostics, ${s.crashInputs} crashed (${s.crashes.length} distinct)`;
  if (final) console.log(line);
  else process.stderr.write(`\r${line}   `);
}

function save(dir: string, c: Crash, n: number): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `crash-${n}.br`);
  const header = [`// fuzz crash: ${c.what}`, `// input ${c.index}, from ${c.seed}.br by ${c.applied.join(', ')}`, ...c.detail.split('\n').slice(0, 12).map((l) => `// ${l}`)];
  fs.writeFileSync(file, header.join('\n') + '\n' + c.text);
  return file;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  saveDir = args.out;
  started = Date.now();
  const deadline = args.minutes !== undefined ? started + args.minutes * 60_000 : undefined;
  const total = newStats();
  const corpus = loadCorpus(repoRoot);
  console.log(`fuzz: seed ${args.seed}, ${corpus.seeds.length} seed programs, ${Number.isFinite(args.count) ? `${args.count} inputs` : `${args.minutes} min`}, ${args.jobs} worker(s)`);
  const onHang = (index: number) => {
    const m = inputAt(corpus, args.seed, index);
    total.inputs++;
    total.crashInputs++;
    total.crashes.push({ index, what: `hang: input ${index} took over ${HANG_MS / 1000} s`, detail: '', text: m.text, seed: m.seed, applied: m.applied });
  };
  // Job k takes inputs [k * span, (k + 1) * span): the same seed gives the same inputs whatever --jobs.
  const span = Number.isFinite(args.count) ? Math.ceil(args.count / args.jobs) : 1_000_000_000;
  const jobs = Array.from({ length: args.jobs }, async (_, k) => {
    let at = k * span;
    const end = Math.min(Number.isFinite(args.count) ? args.count : Infinity, (k + 1) * span);
    while (at < end && (deadline === undefined || Date.now() < deadline)) {
      at = await runWorker({ seed: args.seed, start: at, count: end - at, deadline }, total, onHang);
    }
  });
  await Promise.all(jobs);
  process.stderr.write('\n');
  report(total, true);
  saveNew(total);
  total.crashes.forEach((c, i) => console.log(`crash ${i + 1}: ${c.what}\n  saved as ${saved.get(c.what)}`));
  process.exitCode = total.crashes.length > 0 ? 1 : 0;
}

if (isMainThread) void main();
else workerMain();
