// Why the first samples of loop.large are slow (bench/README.md, Probes): after an idle second,
// the Brook loop (50 saxpy calls of 2^e float4, one finish) and the hand loop alternate, no warm-up,
// each sample with its wall time, its GPU time from timestamps, the epoch time it started (to line
// up with `nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw --format=csv
// -lms 50` run beside it), and the garbage collections in it.
// Usage: node bench/probes/loop-warmup.mjs [e=24] [samples=40] [idleMs=1500]
import { PerformanceObserver } from 'node:perf_hooks';
import { brookSession } from '../../dist/bench/brook/session.js';
import { saxpyLoopBrook } from '../../dist/bench/brook/sides.js';
import { openBenchGpu } from '../../dist/bench/gpu.js';
import { saxpyLoopWgsl } from '../../dist/bench/wgsl/loop.js';
import { installPassTimer, timeGpu } from '../../dist/bench/timer.js';
import { randomFloats } from '../../dist/bench/reference.js';

const e = +(process.argv[2] ?? 24);
const samples = +(process.argv[3] ?? 40);
const idleMs = +(process.argv[4] ?? 1500);
const n = 2 ** e;
const x = randomFloats(4 * n, 1), y = randomFloats(4 * n, 2);
const gpu = await openBenchGpu();
if ('error' in gpu) throw new Error(gpu.error);
installPassTimer();
const s = await brookSession('webgpu');
const b = await saxpyLoopBrook(s, 2.5, x, y, 50);
const [h] = await saxpyLoopWgsl(gpu, 2.5, x, y, 50);
for (const side of [h, b]) {
  await side.run();
  const c = await side.check();
  if (!c.ok) throw new Error(`${side.impl}: ${c.detail}`);
}
const gcs = [];
new PerformanceObserver((list) => { for (const en of list.getEntries()) gcs.push({ at: en.startTime, ms: en.duration }); }).observe({ entryTypes: ['gc'] });
await new Promise((r) => setTimeout(r, idleMs));
const rows = [];
for (let i = 0; i < samples; i++) {
  for (const [name, side] of [['hand', h], ['brook', b]]) {
    const epoch = Date.now();
    const t0 = performance.now();
    const t = await timeGpu(() => side.run(), true);
    const gcMs = gcs.filter((g) => g.at >= t0 && g.at < t0 + t.wallMs).reduce((a, g) => a + g.ms, 0);
    rows.push({ i, side: name, epoch, wallMs: +t.wallMs.toFixed(3), gpuMs: t.gpuMs === undefined ? null : +t.gpuMs.toFixed(3), gcMs: +gcMs.toFixed(3) });
  }
}
for (const r of rows) console.log(JSON.stringify(r));
for (const side of [h, b]) {
  const c = await side.check();
  if (!c.ok) throw new Error(`${side.impl} after: ${c.detail}`);
}
console.log(JSON.stringify({ checked: true }));
process.exit(0);
