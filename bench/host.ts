/**
 * The `host` group: host C loops (bench/cases/host_loops.c) compiled by Brook's host code generator,
 * against the same C built with gcc -O2 (same machine, same run) and against a plain JavaScript loop,
 * and with memory checks on against off (what the checks cost).
 *
 * Jobs (n = 2^20 floats): `heap` fills and sums a malloc'ed block through a pointer (checks hoisted:
 * one range check per loop), `array` the same on a fixed global array (checks proven unnecessary),
 * `gather` sums the block through an index array (one check per access: nothing to prove).
 * Case ids: host.JOB.gcc, host.JOB.js, host.JOB.checks; the Brook side is the same in all three.
 *
 * The gcc side is a child process (bench/cases/host_driver.c) that times each call itself and
 * reports it (Side.selfTimedMs), so neither process start nor pipe latency is counted. Without gcc
 * the .gcc cases are skipped with that reason.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compile } from '../runtime/compiler/index.js';
import { HostLib, instantiateProgram } from '../runtime/hostlib/loader.js';
import type { BrookRuntime } from '../runtime/brt/api.js';
import { casesDir } from './brook/session.js';
import type { Check } from './reference.js';
import type { BenchCase, Side } from './side.js';
import { Unavailable } from './side.js';

const N = 1 << 20;
type Job = 'heap' | 'array' | 'gather';
const FUNCTION: Record<Job, string> = { heap: 'fill_sum_heap', array: 'fill_sum_array', gather: 'gather_sum' };

/** Every job sums the same values: (i & 1023) * 0.5 for i < n, each exact in float32. */
function reference(): number {
  let s = 0;
  for (let i = 0; i < N; i++) s += Math.fround((i & 1023) * 0.5);
  return s;
}

function checkSum(got: number): Check {
  const want = reference();
  const err = Math.abs(got - want) / Math.abs(want);
  // The sums are exact in float64 (integers and halves below 2^53): any difference is a bug.
  return { ok: err === 0, maxRelError: err === 0 ? 0 : Infinity, detail: `sum ${got}, expected ${want}` };
}

function source(): string {
  return readFileSync(join(casesDir(), 'host_loops.c'), 'utf8');
}

/** The Brook side: host_loops.c compiled by our compiler, its function called in-process. */
async function brookHost(job: Job, memoryChecks: boolean): Promise<Side> {
  const r = compile(source(), { fileName: 'host_loops.c', memoryChecks });
  if (!r.ok || !r.hostJs) throw new Error(`host_loops.c does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  const lib = new HostLib({ io: { write() {} } });
  // Host code that calls no kernel never touches the runtime.
  const mod = instantiateProgram(r.hostJs, { rt: {} as BrookRuntime, lib, K: {} });
  await mod.init();
  await mod.main!(0, 0);
  const fn = mod.functions[FUNCTION[job]] as (n: number) => number | Promise<number>;
  let got = NaN;
  return {
    impl: memoryChecks ? 'brook' : 'brook (memory checks off)',
    note: memoryChecks ? 'host C compiled by Brook, memory checks on' : 'host C compiled by Brook with memoryChecks: false',
    async run() {
      got = await fn(N);
    },
    async check() {
      return checkSum(got);
    },
    dispose() {},
  };
}

/** The gcc -O2 side: a child process answering one job per line with its own timing. */
function gccHost(job: Job): Side {
  const dir = mkdtempSync(join(tmpdir(), 'brook-bench-host-'));
  // BROOK_BENCH_GCC_HOST: the driver already built (gcc -O2 -static, same two files) for a machine
  // without gcc; it still runs on the machine measured.
  const prebuilt = process.env.BROOK_BENCH_GCC_HOST;
  const exe = prebuilt ? resolve(prebuilt) : join(dir, 'host');
  if (!prebuilt) try {
    execFileSync('gcc', ['-O2', '-w', '-c', '-Dmain=host_main', '-o', join(dir, 'loops.o'), join(casesDir(), 'host_loops.c')], { stdio: 'pipe' });
    execFileSync('gcc', ['-O2', '-w', '-o', exe, join(casesDir(), 'host_driver.c'), join(dir, 'loops.o')], { stdio: 'pipe' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { code?: string; stderr?: Buffer };
    throw new Unavailable(err.code === 'ENOENT' ? 'gcc not found: the gcc -O2 baseline needs gcc on this machine' : `gcc failed: ${err.stderr?.toString().slice(0, 200)}`);
  }
  const child: ChildProcessWithoutNullStreams = spawn(exe, [], { stdio: 'pipe' });
  let buffered = '';
  let waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | undefined;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    buffered += d;
    const nl = buffered.indexOf('\n');
    if (nl >= 0 && waiting) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      const w = waiting;
      waiting = undefined;
      w.resolve(line);
    }
  });
  child.on('exit', (code) => waiting?.reject(new Error(`gcc side exited (${code})`)));
  let got = NaN;
  let ms = NaN;
  return {
    impl: 'gcc -O2',
    plan: prebuilt ? `the same C (host_loops.c) built with gcc -O2 -static elsewhere (${prebuilt}), timed inside the process` : 'the same C (host_loops.c) built with gcc -O2, timed inside the process',
    async run() {
      const line = await new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject };
        child.stdin.write(job + '\n');
      });
      const [s, t] = line.split(' ').map(Number);
      got = s!;
      ms = t!;
    },
    selfTimedMs: () => ms,
    async check() {
      return checkSum(got);
    },
    dispose() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The plain JavaScript loop a programmer would write for the job, over a Float32Array. */
function jsHost(job: Job): Side {
  const a = new Float32Array(N);
  const perm = new Int32Array(N);
  for (let i = 0; i < N; i++) {
    perm[i] = (i & ~1023) | ((i * 7) & 1023);
    a[i] = (i & 1023) * 0.5;
  }
  let got = NaN;
  const run: Record<Job, () => number> = {
    heap: () => {
      for (let i = 0; i < N; i++) a[i] = (i & 1023) * 0.5;
      let s = 0;
      for (let i = 0; i < N; i++) s += a[i]!;
      return s;
    },
    array: () => run.heap(),
    gather: () => {
      let s = 0;
      for (let i = 0; i < N; i++) s += a[perm[i]!]!;
      return s;
    },
  };
  return {
    impl: 'js',
    plan: 'for loops over a Float32Array, one thread',
    async run() {
      got = run[job]();
    },
    async check() {
      return checkSum(got);
    },
    dispose() {},
  };
}

const TITLE: Record<Job, string> = {
  heap: 'host C: fill + sum a malloc\'ed float block',
  array: 'host C: fill + sum a fixed float array',
  gather: 'host C: sum a float block through an index array',
};

export function hostCases(): BenchCase[] {
  const out: BenchCase[] = [];
  for (const job of ['heap', 'array', 'gather'] as Job[]) {
    const bytes = 8 * N; // heap/array: write + read 4 bytes each; gather: read 4 + 4 (index, value)
    const base = { backend: 'cpu' as const, size: `2^20 float`, bytes, flops: N, workingSetBytes: 4 * N, timing: 'wall' as const, samples: 61 };
    out.push({ ...base, id: `host.${job}.gcc`, title: `${TITLE[job]}, vs gcc -O2`, baseline: async () => [gccHost(job)], brook: () => brookHost(job, true) });
    out.push({ ...base, id: `host.${job}.js`, title: `${TITLE[job]}, vs a JS loop`, baseline: async () => [jsHost(job)], brook: () => brookHost(job, true) });
    out.push({ ...base, id: `host.${job}.checks`, title: `${TITLE[job]}, checks off vs on`, baseline: async () => [await brookHost(job, false)], brook: () => brookHost(job, true) });
  }
  return out;
}
