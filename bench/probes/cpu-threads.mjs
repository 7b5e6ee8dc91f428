// The CPU backend's threads, measured in ways a loaded machine does not hide (issue 27): per launch,
// the wall time, the calling thread's CPU time and the other threads' (from /proc/self/task/*/schedstat,
// nanoseconds on a CPU, so time spent waiting for a core is not counted), and the split's balance (the
// share of chunks the calling thread ran). Two launch shapes, each with 1 thread (no pool) and with
// THREADS threads (the calling thread and THREADS-1 workers):
//   tiny:    a map over 4096 floats, split anyway (workerThresholdMs 0): the hand-off's cost a launch;
//   segment: segmentation's diffusion step on SIZE^2 float2 (bench/programs/segment.br), ping-pong.
// Medians over ROUNDS rounds after one warm-up round. Not a gate: bench/ has those.
//   node bench/probes/cpu-threads.mjs [THREADS (2)] [SIZE (512)] [ROUNDS (7)] [DIST (dist)]
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const threads = Number(process.argv[2] ?? 2);
const size = Number(process.argv[3] ?? 512);
const rounds = Number(process.argv[4] ?? 7);
const dist = pathToFileURL(resolve(process.argv[5] ?? 'dist')).href;
const { createRuntime } = await import(`${dist}/runtime/backends/index.js`);
const { compile } = await import(`${dist}/runtime/compiler/index.js`);
const { FLOAT } = await import(`${dist}/runtime/compiler/types.js`);
const { FLOAT2 } = await import(`${dist}/bench/apps/streams.js`);

/** Compiles a Brook program; its kernels by name. */
function kernelsOf(source) {
  const r = compile(source);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.kernels;
}
const tinyKernels = kernelsOf('kernel void tiny(float a<>, out float b<>) { b = a * 2.0f + 1.0f; }\nint main() { return 0; }');
// The bench's own segmentation program, so the probe measures the kernel the bench runs.
const segmentKernels = kernelsOf(readFileSync(new URL('../programs/segment.br', import.meta.url), 'utf8'));

/** On-CPU nanoseconds of the calling thread and of every other thread of the process. */
function cpuNs() {
  let main = 0, others = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    let ns;
    try {
      ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      continue; // ended meanwhile
    }
    if (Number(tid) === process.pid) main += ns;
    else others += ns;
  }
  return { main, others };
}

const med = (xs) => [...xs].sort((p, q) => p - q)[xs.length >> 1];

async function measure(workers, shape) {
  const rt = await createRuntime({ backend: 'cpu', cpu: { workers, workerThresholdMs: shape === 'tiny' ? 0 : 1 } });
  const pool = rt.backend.pool;
  let issue, calls;
  if (shape === 'tiny') {
    const n = 4096;
    const a = rt.createStream('a', FLOAT, [n]), b = rt.createStream('b', FLOAT, [n]);
    await rt.streamRead(a, new Float32Array(n).map((_, i) => i));
    calls = 2000;
    const k = tinyKernels.get('tiny');
    issue = () => { for (let i = 0; i < calls; i++) rt.call(k, i % 2 ? [b, a] : [a, b]); };
  } else {
    const a = rt.createStream('a', FLOAT2, [size, size]), b = rt.createStream('b', FLOAT2, [size, size]);
    await rt.streamRead(a, new Float32Array(2 * size * size).map((_, i) => (i % 7) / 7));
    calls = 150;
    const k = segmentKernels.get('diffuse');
    issue = () => { for (let i = 0; i < calls; i++) rt.call(k, i % 2 ? [b, 0.2, 50, a] : [a, 0.2, 50, b]); };
  }
  const wall = [], main = [], others = [], here = [];
  for (let round = 0; round <= rounds; round++) {
    const c0 = cpuNs(), h0 = pool?.chunksHere ?? 0, s0 = pool?.chunksSplit ?? 0;
    const t0 = performance.now();
    issue();
    await rt.finish();
    const t1 = performance.now();
    const c1 = cpuNs();
    if (round === 0) continue; // warm-up: kernel builds, tier-up
    wall.push(((t1 - t0) * 1e3) / calls);
    main.push((c1.main - c0.main) / 1e3 / calls);
    others.push((c1.others - c0.others) / 1e3 / calls);
    const split = (pool?.chunksSplit ?? 0) - s0;
    here.push(split ? ((pool.chunksHere - h0) / split) * 100 : 100);
  }
  rt.dispose();
  return { wall: med(wall), main: med(main), others: med(others), here: med(here) };
}

const uptime = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`cpu-threads: ${threads} threads against 1, segment ${size}^2, ${rounds} rounds, load ${uptime}`);
for (const shape of ['tiny', 'segment']) {
  const one = await measure(0, shape);
  const many = await measure(threads - 1, shape);
  for (const [label, m] of [['1 thread', one], [`${threads} threads`, many]]) {
    console.log(`${shape.padEnd(8)} ${label.padEnd(10)} wall ${m.wall.toFixed(1).padStart(8)} us a launch, calling thread CPU ${m.main.toFixed(1).padStart(8)} us, other threads CPU ${m.others.toFixed(1).padStart(8)} us, chunks on the calling thread ${m.here.toFixed(0)}%`);
  }
  console.log(`${shape.padEnd(8)} ${threads} threads against 1: wall ${(one.wall / many.wall).toFixed(2)}x; calling thread CPU ${(one.main / many.main).toFixed(2)}x less; all threads' CPU ${((many.main + many.others) / (one.main + one.others)).toFixed(2)}x of one`);
}
