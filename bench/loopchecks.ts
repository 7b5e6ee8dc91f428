/**
 * The cost of loop polls (runtime/compiler/codegen/loop-poll.ts) on the bench's loop-heavy CPU kernels:
 * a same-run A/B. Each kernel is compiled twice in one process, once with BROOK_LOOP_CHECKS=0 (no polls)
 * and once with them, and the two launches alternate (off, on, on, off, ...) so drift and neighbours'
 * load hit both alike; the ratio of the medians is the cost (and of the minima: on a loaded machine the
 * fastest sample is the one least disturbed). A sample is enough launches to take ~100 ms.
 *
 *   node dist/bench/loopchecks.js [--rounds 21] [--threads 1] [--only sgemv,trace,spin] [--writers js,wasm]
 *                                 [--json bench/results/bench-cpu-loopchecks-2core.json]
 *
 * Kernels: `sgemv` of bench/cases/sgemv_single.br (a gather loop, 256 iterations an element), `trace` of
 * bench/programs/raytrace.br (128^2 rays, 256 triangles a ray: the heaviest loop body) and `spin` (a one-operation
 * body: the worst case, where a back edge is most of the work). Each on both CPU writers (JavaScript and
 * WebAssembly) with one thread (the calling thread; the workers run the same code). Results are checked
 * equal between the two sides.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { createCpuRuntime } from '../runtime/backends/index.js';
import type { CompiledKernel, Stream } from '../runtime/brt/api.js';
import { compile } from '../runtime/compiler/index.js';
import { LOOP_POLL_EVERY } from '../runtime/compiler/codegen/loop-poll.js';
import { FLOAT, vec } from '../runtime/compiler/types.js';

const root = resolve(import.meta.dirname, '..', '..');
const FLOAT2 = vec('float', 2);
const FLOAT3 = vec('float', 3);
const FLOAT4 = vec('float', 4);

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const SPIN = `kernel void spin(float a<>, float n, out float r<>) {
  float s = a;
  float i;
  for (i = 0.0f; i < n; i += 1.0f) s = s * 0.999f + 1.0f;
  r = s;
}
int main() { return 0; }`;

function kernelsOf(source: string): Map<string, CompiledKernel> {
  const c = compile(source);
  if (!c.ok) throw new Error(`does not compile: ${JSON.stringify(c.diagnostics[0])}`);
  return c.kernels;
}

interface Case {
  name: string;
  what: string;
  source: string;
  kernel: string;
  /** Streams and arguments for one launch, and the output to compare. */
  setup(rt: ReturnType<typeof createCpuRuntime>): Promise<{ args: (Stream | number)[]; out: Stream; floats: number }>;
}

function seeded(n: number, seed: number): Float32Array {
  const a = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    a[i] = (s / 2 ** 32) * 2 - 1;
  }
  return a;
}

const CASES: Case[] = [
  {
    name: 'sgemv',
    what: 'bench/cases/sgemv_single.br: y = A x, 1024 x 1024, a 256-iteration gather loop per element',
    source: readFileSync(join(root, 'bench/cases/sgemv_single.br'), 'utf8'),
    kernel: 'sgemv',
    async setup(rt) {
      const m = 1024, n4 = 256;
      const A = rt.createStream('A', FLOAT4, [m, n4]);
      const x = rt.createStream('x', FLOAT4, [n4]);
      const y = rt.createStream('y', FLOAT, [m]);
      await rt.streamRead(A, seeded(m * n4 * 4, 1));
      await rt.streamRead(x, seeded(n4 * 4, 2));
      return { args: [A, x, n4, y], out: y, floats: m };
    },
  },
  {
    name: 'trace',
    what: 'bench/programs/raytrace.br: 128^2 rays x 256 triangles, nearest hit',
    source: readFileSync(join(root, 'bench/programs/raytrace.br'), 'utf8'),
    kernel: 'trace',
    async setup(rt) {
      const w = 128, ntri = 256;
      const pix = rt.createIter('pix', FLOAT2, [w, w], [0, 0], [w, w]);
      const v0 = rt.createStream('v0', FLOAT3, [ntri]);
      const e1 = rt.createStream('e1', FLOAT3, [ntri]);
      const e2 = rt.createStream('e2', FLOAT3, [ntri]);
      const depth = rt.createStream('depth', FLOAT, [w, w]);
      await rt.streamRead(v0, seeded(ntri * 3, 3));
      await rt.streamRead(e1, seeded(ntri * 3, 4).map((v) => v * 0.5));
      await rt.streamRead(e2, seeded(ntri * 3, 5).map((v) => v * 0.5));
      return { args: [pix, v0, e1, e2, ntri, w, depth], out: depth, floats: w * w };
    },
  },
  {
    name: 'spin',
    what: 'a one-operation loop body (s = s * 0.999 + 1), 2^14 elements x 2000 iterations: the worst case',
    source: SPIN,
    kernel: 'spin',
    async setup(rt) {
      const n = 1 << 14;
      const a = rt.createStream('a', FLOAT, [n]);
      const r = rt.createStream('r', FLOAT, [n]);
      await rt.streamRead(a, seeded(n, 6));
      return { args: [a, 2000, r], out: r, floats: n };
    },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const rounds = Number(arg('--rounds') ?? 15);
  const threads = Number(arg('--threads') ?? 1);
  const jsonPath = arg('--json');
  const only = arg('--only')?.split(',');
  const writers = (arg('--writers') ?? 'js,wasm').split(',');
  const rows: Record<string, unknown>[] = [];
  for (const wasm of [false, true]) {
    if (!writers.includes(wasm ? 'wasm' : 'js')) continue;
    for (const c of CASES) {
      if (only && !only.includes(c.name)) continue;
      const rt = createCpuRuntime({ cpu: { workers: threads - 1, wasm } });
      const { args, out, floats } = await c.setup(rt);
      // Two copies of the kernel, each with its own code cache: one written without polls, one with.
      const sides = { off: kernelsOf(c.source).get(c.kernel)!, on: kernelsOf(c.source).get(c.kernel)! };
      const results: Record<string, Float32Array> = {};
      for (const [side, k] of Object.entries(sides)) {
        if (side === 'off') process.env.BROOK_LOOP_CHECKS = '0';
        else delete process.env.BROOK_LOOP_CHECKS;
        for (let w = 0; w < 10; w++) { // the writer runs at the first launch; later ones warm V8 up
          rt.call(k, args);
          await rt.finish();
        }
        const r = new Float32Array(floats);
        await rt.streamWrite(out, r);
        results[side] = r;
      }
      delete process.env.BROOK_LOOP_CHECKS;
      const same = results.off!.every((v, i) => Object.is(v, results.on![i]));
      // A sample is `reps` launches, at least ~100 ms, so timer and scheduling noise stay small.
      const probe = performance.now();
      rt.call(sides.on, args);
      await rt.finish();
      const reps = Math.max(1, Math.ceil(100 / Math.max(0.01, performance.now() - probe)));
      const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const side of order) {
          const t0 = performance.now();
          for (let q = 0; q < reps; q++) {
            rt.call(sides[side], args);
            await rt.finish();
          }
          times[side].push((performance.now() - t0) / reps);
        }
      }
      rt.dispose();
      const offMs = median(times.off), onMs = median(times.on);
      const offMin = Math.min(...times.off), onMin = Math.min(...times.on);
      const row = { case: c.name, writer: wasm ? 'wasm' : 'js', what: c.what, threads, rounds, launchesPerSample: reps, offMs, onMs, ratio: onMs / offMs, offMinMs: offMin, onMinMs: onMin, ratioOfMins: onMin / offMin, sameResults: same, offTimesMs: times.off, onTimesMs: times.on };
      rows.push(row);
      console.log(`${c.name.padEnd(6)} ${row.writer.padEnd(4)} x${String(reps).padEnd(3)} checks off ${offMs.toFixed(2).padStart(8)} ms, on ${onMs.toFixed(2).padStart(8)} ms: median ratio ${row.ratio.toFixed(3)}, ratio of minima ${row.ratioOfMins.toFixed(3)}${same ? '' : '  RESULTS DIFFER'}`);
      if (!same) process.exitCode = 1;
    }
  }
  let commit = '';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const report = {
    what: 'loop polls (BROOK_LOOP_CHECKS) on vs off, same process, alternating launches; ratio = median on / median off',
    pollEvery: LOOP_POLL_EVERY,
    machine: { host: hostname(), cpu: cpus()[0]?.model, cores: cpus().length, node: process.version },
    commit,
    date: new Date().toISOString(),
    rows,
  };
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify(report, null, 1) + '\n');
}

await main();
