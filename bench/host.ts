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
 * How a sample is taken, on every side (see bench/README.md, "Host group"):
 * - each side times itself (Side.selfTimedMs): the job runs once untimed, then once timed, back to
 *   back in the same process, so the timed run starts with its data in cache and its core busy,
 *   whatever the other side (another process, for gcc) did before;
 * - the Brook and JavaScript sides are settled before sampling: run (after one verified run) until V8
 *   reports optimized TurboFan code for the function and the last runs are steady, so no sample is
 *   taken from the interpreter, from on-stack-replacement code, or in a deoptimization loop;
 * - one instance of the compiled program per memory-check setting serves every row of a run, so the
 *   same Brook loop runs the same optimized code in all three rows (a fresh instance per row gave
 *   rows 2x apart: V8 specializes the first instance of a function and not the next ones).
 * The gcc side is a child process (bench/cases/host_driver.c) that does the same warm-then-timed
 * pair for each request and reports the time. Without gcc the .gcc cases are skipped with that reason.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import v8 from 'node:v8';
import { compile } from '../runtime/compiler/index.js';
import { HostLib, instantiateProgram, type ProgramModule } from '../runtime/hostlib/loader.js';
import type { BrookRuntime } from '../runtime/brt/api.js';
import { casesDir } from './brook/session.js';
import type { Check } from './reference.js';
import { median } from './results.js';
import type { BenchCase, CaseContext, Side } from './side.js';
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

// ---------------------------------------------------------------------------------------------------
// Steady state

/** V8's %GetOptimizationStatus bits: optimized code, and that it is TurboFan's. */
const V8_OPTIMIZED = 1 << 4;
const V8_TURBOFANNED = 1 << 6;

interface V8Natives {
  status(f: unknown): number;
  prepare(f: unknown): void;
  optimizeOnNextCall(f: unknown): void;
}
let natives: V8Natives | null | undefined;

/** V8's own answers about a function's code, where this Node lets us ask (undefined otherwise). */
function v8Natives(): V8Natives | undefined {
  if (natives === undefined) {
    try {
      // The flag only lets code compiled from now on use %-calls; nothing else in the process changes.
      v8.setFlagsFromString('--allow-natives-syntax');
      natives = {
        status: new Function('f', 'return %GetOptimizationStatus(f);') as (f: unknown) => number,
        prepare: new Function('f', '%PrepareFunctionForOptimization(f);') as (f: unknown) => void,
        optimizeOnNextCall: new Function('f', '%OptimizeFunctionOnNextCall(f);') as (f: unknown) => void,
      };
    } catch {
      natives = null;
    }
  }
  return natives ?? undefined;
}

/** Whether V8 runs `fn` as TurboFan code (undefined where this Node cannot say). */
function turbofanned(fn: unknown): boolean | undefined {
  const n = v8Natives();
  if (!n) return undefined;
  const bits = n.status(fn);
  return (bits & (V8_OPTIMIZED | V8_TURBOFANNED)) === (V8_OPTIMIZED | V8_TURBOFANNED);
}

interface Settled {
  runs: number;
  turbofan: boolean | undefined;
  /** Times TurboFan was asked for explicitly (see settle). */
  forced: number;
  /** Median of the last five settling runs (ms). */
  ms: number;
}

/** The last ten runs: the median of the last five within 5% of the median of the five before. */
function steady(ts: number[]): boolean {
  if (ts.length < 10) return false;
  const a = median(ts.slice(-10, -5));
  const b = median(ts.slice(-5));
  return Math.abs(a - b) <= 0.05 * Math.max(a, b);
}

/**
 * Runs `job` until V8 has TurboFan code for `fn` and the times are steady (at least 20 runs; at most
 * 400 or 4 s; `--quick`: 3 runs), so samples measure the optimized loop.
 *
 * A function that is hot only through one long loop is optimized by V8 (Node 20) while its first
 * call is still running: the statements before the loop have no type feedback yet, the optimized
 * code deoptimizes at its next call, and then the loop keeps running in its on-stack-replacement
 * code, which does not make the function hot again: it may never get TurboFan code of its own (seen
 * here on both the Brook and the plain JavaScript sides, 2-5x slower). And code V8 compiled during
 * that first call, when it does keep it, was up to 1.5x slower than code compiled later (gather_sum:
 * 2.1-2.4 ms against 1.4-1.5 ms, same process). So after 20 runs each function is optimized once
 * more explicitly (%OptimizeFunctionOnNextCall, its type feedback complete by then), in the first row
 * that runs it, and again if V8 drops that code; later rows keep that code (code compiled anew per row
 * differed by up to 1.5x from row to row, stable within each: where the loop landed in memory). The
 * note says how many times settling asked.
 */
/** Functions optimized explicitly once already (settle). */
const reoptimized = new WeakSet<object>();

function settle(job: () => unknown, fn: object, quick: boolean): Settled {
  const minRuns = quick ? 3 : 20;
  const maxRuns = quick ? 3 : 400;
  const budgetMs = 4000;
  const ts: number[] = [];
  let since = 0; // steady is judged on the runs after the last explicit optimization
  let forced = 0;
  const t0 = performance.now();
  const timed = () => {
    const s = performance.now();
    job();
    ts.push(performance.now() - s);
  };
  while (ts.length < maxRuns && performance.now() - t0 < budgetMs) {
    timed();
    if (ts.length < minRuns) continue;
    const tf = turbofanned(fn);
    // Once per function and process after its first runs (see above), and again while V8 drops the
    // code (at most 3 times); the later rows of a function keep its code, so they time the same code.
    if (tf !== undefined && ((forced === 0 && !reoptimized.has(fn)) || (tf === false && forced < 3))) {
      reoptimized.add(fn);
      const n = v8Natives()!;
      n.prepare(fn);
      n.optimizeOnNextCall(fn);
      forced++;
      timed();
      since = ts.length;
      continue;
    }
    if (tf !== false && ts.length - since >= 10 && steady(ts.slice(since))) break;
  }
  return { runs: ts.length, turbofan: turbofanned(fn), forced, ms: median(ts.slice(-5)) };
}

function settledText(s: Settled): string {
  const tf = s.turbofan === undefined ? 'V8 state unknown' : s.turbofan ? 'TurboFan code' : 'NOT TurboFan code';
  const forced = s.forced ? `, optimized explicitly with complete feedback ${s.forced === 1 ? 'once' : `${s.forced} times`}` : '';
  return `settled in ${s.runs} runs (${tf}${forced}, last runs ${s.ms.toFixed(3)} ms)`;
}

/** A sample: the job once untimed, then once timed, back to back. */
function pair(job: () => number): { value: number; ms: number } {
  job();
  const t0 = performance.now();
  const value = job();
  return { value, ms: performance.now() - t0 };
}

/** An in-process side: verified once, settled, then sampled in warm-then-timed pairs. */
function inProcessSide(impl: string, text: string, job: () => number, fn: object, ctx: CaseContext, check: (got: number) => Check = checkSum): Side {
  let got = job();
  const verified = check(got).ok;
  // A wrong side is not settled: the harness's own verification fails it next.
  const settled = verified ? settledText(settle(job, fn, ctx.quick)) : 'not settled: wrong result';
  let ms = NaN;
  return {
    impl,
    note: `${text}; ${settled}; each sample a warm run then a timed run`,
    plan: `${text}; ${settled}; each sample a warm run then a timed run`,
    async run() {
      const r = pair(job);
      got = r.value;
      ms = r.ms;
    },
    selfTimedMs: () => ms,
    async check() {
      return check(got);
    },
    dispose() {},
  };
}

// ---------------------------------------------------------------------------------------------------
// Sides

/** host_loops.c compiled by our compiler and instantiated once per memory-check setting (see top). */
const brookModules = new Map<boolean, ProgramModule>();

async function brookModule(memoryChecks: boolean): Promise<ProgramModule> {
  const have = brookModules.get(memoryChecks);
  if (have) return have;
  const r = compile(source(), { fileName: 'host_loops.c', memoryChecks });
  if (!r.ok || !r.hostJs) throw new Error(`host_loops.c does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  const lib = new HostLib({ io: { write() {} } });
  // Host code that calls no kernel never touches the runtime.
  const mod = instantiateProgram(r.hostJs, { rt: {} as BrookRuntime, lib, K: {} });
  await mod.init();
  await mod.main!(0, 0);
  brookModules.set(memoryChecks, mod);
  return mod;
}

/** The Brook side: the C function called in-process. */
async function brookHost(job: Job, memoryChecks: boolean, ctx: CaseContext): Promise<Side> {
  const mod = await brookModule(memoryChecks);
  const fn = mod.functions[FUNCTION[job]] as (n: number) => number;
  const text = memoryChecks ? 'host C compiled by Brook, memory checks on' : 'host C compiled by Brook with memoryChecks: false';
  return inProcessSide(memoryChecks ? 'brook' : 'brook (memory checks off)', text, () => fn(N), fn, ctx);
}

/** The gcc -O2 side: a child process answering one job per line with its own timing. */
function gccHost(job: Job): Side {
  return gccSide({ source: 'host_loops.c', driver: 'host_driver.c', mainAs: 'host_main', prebuiltVar: 'BROOK_BENCH_GCC_HOST' }, job, checkSum);
}

/** A C file of jobs built with gcc -O2 and linked with its driver (main renamed `mainAs`). */
interface GccProgram {
  /** gcc for C, g++ for the C++ shapes. */
  compiler?: 'gcc' | 'g++';
  source: string;
  driver: string;
  mainAs: string;
  /** The variable naming a driver already built from these two files (gcc -O2 -static) for a machine
   *  without gcc; it still runs on the machine measured. */
  prebuiltVar: string;
}

/** The gcc -O2 side: a child process answering one job per line with its own timing. */
function gccSide(program: GccProgram, job: string, check: (got: number) => Check): Side {
  const dir = mkdtempSync(join(tmpdir(), 'brook-bench-host-'));
  const prebuilt = process.env[program.prebuiltVar];
  const exe = prebuilt ? resolve(prebuilt) : join(dir, 'host');
  if (!prebuilt) try {
    const cc = program.compiler ?? 'gcc';
    execFileSync(cc, ['-O2', '-w', '-c', `-Dmain=${program.mainAs}`, '-o', join(dir, 'loops.o'), join(casesDir(), program.source)], { stdio: 'pipe' });
    execFileSync(cc, ['-O2', '-w', '-o', exe, join(casesDir(), program.driver), join(dir, 'loops.o'), '-lm'], { stdio: 'pipe' });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const err = e as { code?: string; stderr?: Buffer };
    const cc = program.compiler ?? 'gcc';
    throw new Unavailable(err.code === 'ENOENT' ? `${cc} not found: the ${cc} -O2 baseline needs ${cc} on this machine` : `${cc} failed: ${err.stderr?.toString().slice(0, 200)}`);
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
  const how = 'timed inside the process, each sample a warm run then a timed run';
  const cc = program.compiler ?? 'gcc';
  const lang = cc === 'g++' ? 'C++' : 'C';
  return {
    impl: `${cc} -O2`,
    plan: prebuilt ? `the same ${lang} (${program.source}) built with ${cc} -O2 -static elsewhere (${prebuilt}), ${how}` : `the same ${lang} (${program.source}) built with ${cc} -O2, ${how}`,
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
      return check(got);
    },
    dispose() {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The plain JavaScript loops a programmer would write for the jobs, over a Float32Array passed in:
 * one function per loop for the whole run (a closure over the arrays, made anew per row, ran 3x
 * slower in its second row: V8 embeds closure variables as constants only in the first closure of a
 * function it optimizes).
 */
function jsFillSum(a: Float32Array): number {
  const n = a.length;
  for (let i = 0; i < n; i++) a[i] = (i & 1023) * 0.5;
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i]!;
  return s;
}

function jsGatherSum(a: Float32Array, perm: Int32Array): number {
  const n = perm.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += a[perm[i]!]!;
  return s;
}

function jsHost(job: Job, ctx: CaseContext): Side {
  const a = new Float32Array(N);
  const perm = new Int32Array(N);
  for (let i = 0; i < N; i++) {
    perm[i] = (i & ~1023) | ((i * 7) & 1023);
    a[i] = (i & 1023) * 0.5;
  }
  const run = job === 'gather' ? () => jsGatherSum(a, perm) : () => jsFillSum(a);
  return inProcessSide('js', 'for loops over a Float32Array, one thread', run, job === 'gather' ? jsGatherSum : jsFillSum, ctx);
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
    out.push({ ...base, id: `host.${job}.gcc`, title: `${TITLE[job]}, vs gcc -O2`, baseline: async () => [gccHost(job)], brook: (ctx) => brookHost(job, true, ctx) });
    out.push({ ...base, id: `host.${job}.js`, title: `${TITLE[job]}, vs a JS loop`, baseline: async (ctx) => [jsHost(job, ctx)], brook: (ctx) => brookHost(job, true, ctx) });
    out.push({ ...base, id: `host.${job}.checks`, title: `${TITLE[job]}, checks off vs on`, baseline: async (ctx) => [await brookHost(job, false, ctx)], brook: (ctx) => brookHost(job, true, ctx) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The `loops` group (issue 27): ordinary loop shapes (bench/cases/host_shapes.c), Brook's default host
// path (loops in WebAssembly where the compiler takes them) against gcc -O2 (`loops.SHAPE.gcc`: within
// 2x is the target) and against Brook's JavaScript path (`loops.SHAPE.js`: BROOK_HOST_WASM=0; the
// WebAssembly path should never be slower).

type Shape = 'int_mod' | 'mixed' | 'nested' | 'structs' | 'pointer' | 'early_exit' | 'math' | 'printf'
  | 'cxx_class' | 'cxx_vector' | 'cxx_refs' | 'cxx_template' | 'cxx_new';

/** The C shapes (against gcc -O2) and the C++ ones (bench/cases/host_shapes_cxx.cpp, against g++ -O2). */
const SHAPE_PROGRAMS = {
  c: { source: 'host_shapes.c', driver: 'host_shapes_driver.c', mainAs: 'shapes_main', prebuiltVar: 'BROOK_BENCH_GCC_LOOPS', compiler: 'gcc' },
  cxx: { source: 'host_shapes_cxx.cpp', driver: 'host_shapes_cxx_driver.cpp', mainAs: 'shapes_cxx_main', prebuiltVar: 'BROOK_BENCH_GXX_LOOPS', compiler: 'g++' },
} satisfies Record<string, GccProgram>;
type ShapeProgram = keyof typeof SHAPE_PROGRAMS;
const programOf = (shape: Shape): ShapeProgram => (shape.startsWith('cxx_') ? 'cxx' : 'c');

/** Each shape's value, computed here in float64 apart from the C (Math.fround where C rounds to float). */
const SHAPES: Record<Shape, { title: string; reference: (n: number) => number }> = {
  int_mod: {
    title: 'integer modulo: fill (i*7+3) % 1000, sum % 17',
    reference: (n) => { let s = 0; for (let i = 0; i < n; i++) s += ((i * 7 + 3) % 1000) % 17; return s; },
  },
  mixed: {
    title: 'float values, float squares summed into a double',
    reference: (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) { const a = Math.fround(((i * 7 + 3) % 1000) * Math.fround(0.001)); s += Math.fround(a * a); }
      return s;
    },
  },
  nested: {
    title: 'nested loops over a 1024x1024 float array',
    reference: () => { let s = 0; for (let r = 0; r < 1024; r++) for (let c = 0; c < 1024; c++) s += ((r * 3 + c) & 255) * (r & 7); return s; },
  },
  structs: {
    title: 'an array of structs {float x, y; int k}',
    reference: (n) => { let s = 0; for (let i = 0; i < n / 4; i++) s += (i & 255) * (i & 3) + ((i >> 8) & 255); return s; },
  },
  pointer: {
    title: 'a pointer walk (fill, then sum through *p++)',
    reference: (n) => { let s = 0; for (let i = 0; i < n; i++) s += i & 1023; return s; },
  },
  early_exit: {
    title: 'early exits: eight linear searches ending in break',
    reference: (n) => { let s = 0; for (let j = 0; j < 8; j++) s += n - 1 - j * 4099; return s; },
  },
  math: {
    title: 'math.h calls: sqrt, fabs, floor in a double sum',
    reference: (n) => { let s = 0; for (let i = 0; i < n; i++) s += Math.sqrt(i) + Math.abs((i & 15) - 7.5) + Math.floor(i * 0.3); return s; },
  },
  printf: {
    title: 'a histogram, printf outside the loop',
    reference: (n) => {
      const h = new Array<number>(16).fill(0);
      for (let i = 0; i < n; i++) h[(i * 7 + (i >> 4)) & 15]!++;
      return h.reduce((s, v, i) => s + v * (i + 1), 0);
    },
  },
  cxx_class: {
    title: 'C++: a class with a constructor, operator+ and a const method on temporaries (n/8 iterations)',
    reference: (n) => { let s = 0; for (let i = 0; i < n / 8; i++) s += ((i & 15) + 1) + 2 * (((i >> 4) & 15) + 2) + 3 * ((i & 7) + 3); return s; },
  },
  cxx_vector: {
    title: 'C++: std::vector<int> push_back, then a sum through []',
    reference: (n) => { let s = 0; for (let i = 0; i < n; i++) s += (i * 7 + 3) % 1000; return s; },
  },
  cxx_refs: {
    title: 'C++: a helper with reference parameters accumulating into its caller',
    reference: (n) => { let s = 0; let c = 0; for (let i = 0; i < n; i++) { const v = (i * 13) % 1000; s += v; if (v > 500) c++; } return s + c; },
  },
  cxx_template: {
    title: 'C++: a function template for int and float',
    reference: (n) => {
      const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
      let s = 0;
      for (let i = 0; i < n; i++) s += clamp((i * 7) % 1000, 100, 900) + clamp(i & 255, 16, 240);
      return s;
    },
  },
  cxx_new: {
    title: 'C++: new float[n], fill, sum, delete[]',
    reference: (n) => { let s = 0; for (let i = 0; i < n; i++) s += (i & 1023) * 0.5; return s; },
  },
};

const shapeReferences = new Map<Shape, number>();

function checkShape(shape: Shape): (got: number) => Check {
  return (got) => {
    if (!shapeReferences.has(shape)) shapeReferences.set(shape, SHAPES[shape].reference(N));
    const want = shapeReferences.get(shape)!;
    // Every shape is exact in float64 by construction (bench/cases/host_shapes.c): any difference is a bug.
    return { ok: got === want, maxRelError: got === want ? 0 : Infinity, detail: `${shape} ${got}, expected ${want}` };
  };
}

/** Each shape program compiled once per host path (WebAssembly loops on or off). */
const shapeModules = new Map<string, ProgramModule>();

async function shapeModule(program: ShapeProgram, hostWasm: boolean): Promise<ProgramModule> {
  const key = `${program} ${hostWasm}`;
  const have = shapeModules.get(key);
  if (have) return have;
  const file = SHAPE_PROGRAMS[program].source;
  const text = readFileSync(join(casesDir(), file), 'utf8');
  const r = compile(text, { fileName: file, hostWasm });
  if (!r.ok || !r.hostJs) throw new Error(`${file} does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  const lib = new HostLib({ io: { write() {} } });
  const mod = instantiateProgram(r.hostJs, { rt: {} as BrookRuntime, lib, K: {} });
  await mod.init();
  shapeModules.set(key, mod);
  return mod;
}

async function brookShape(shape: Shape, hostWasm: boolean, ctx: CaseContext): Promise<Side> {
  const program = programOf(shape);
  const mod = await shapeModule(program, hostWasm);
  const fn = mod.functions[`shape_${shape}`] as (n: number) => number;
  const lang = program === 'cxx' ? 'C++' : 'C';
  const text = hostWasm ? `host ${lang} compiled by Brook (loops in WebAssembly where taken)` : `host ${lang} compiled by Brook with hostWasm: false (BROOK_HOST_WASM=0)`;
  return inProcessSide(hostWasm ? 'brook' : 'brook (JavaScript path)', text, () => fn(N), fn, ctx, checkShape(shape));
}

export function loopShapeCases(): BenchCase[] {
  const out: BenchCase[] = [];
  for (const shape of Object.keys(SHAPES) as Shape[]) {
    const program: GccProgram = SHAPE_PROGRAMS[programOf(shape)];
    const base = { backend: 'cpu' as const, size: '2^20 elements', bytes: 0, flops: 0, workingSetBytes: 4 * N, timing: 'wall' as const, samples: 31 };
    const title = `host loop, ${SHAPES[shape].title}`;
    out.push({ ...base, id: `loops.${shape}.gcc`, title: `${title}: Brook vs ${program.compiler} -O2`, baseline: async () => [gccSide(program, shape, checkShape(shape))], brook: (ctx) => brookShape(shape, true, ctx) });
    out.push({ ...base, id: `loops.${shape}.js`, title: `${title}: Brook vs its JavaScript path`, baseline: async (ctx) => [await brookShape(shape, false, ctx)], brook: (ctx) => brookShape(shape, true, ctx) });
  }
  return out;
}
