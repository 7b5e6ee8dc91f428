// Brook loop alone, then with the bench's second device alive, then alternating with the hand loop.
import { brookSession } from '../../dist/bench/brook/session.js';
import { saxpyLoopBrook } from '../../dist/bench/brook/sides.js';
import { openBenchGpu } from '../../dist/bench/gpu.js';
import { saxpyLoopWgsl } from '../../dist/bench/wgsl/loop.js';
import { installPassTimer, timeGpu } from '../../dist/bench/timer.js';
import { randomFloats } from '../../dist/bench/reference.js';
import { Recorder } from '../../dist/runtime/backends/webgpu/recorder.js';
const e = +(process.argv[2] ?? 20);
const n = 2 ** e;
const x = randomFloats(4 * n, 1), y = randomFloats(4 * n, 2);
const s = await brookSession('webgpu');
const b = await saxpyLoopBrook(s, 2.5, x, y, 50);
const med = (a) => a.slice().sort((p, q) => p - q)[a.length >> 1];
async function time(side, reps = 15) { const t = []; for (let i = 0; i < reps + 3; i++) { const t0 = performance.now(); await side.run(); if (i >= 3) t.push(performance.now() - t0); } return `${(med(t) * 20).toFixed(1)} us/call (min ${(Math.min(...t) * 20).toFixed(1)}, max ${(Math.max(...t) * 20).toFixed(1)})`; }
console.log(`2^${e} brook alone: ${await time(b)}`);
const gpu = await openBenchGpu();
console.log(`2^${e} brook, bench device open: ${await time(b)}`);
const [h1, h2] = await saxpyLoopWgsl(gpu, 2.5, x, y, 50);
console.log(`2^${e} hand one submit: ${await time(h1)}; hand submit each: ${await time(h2)}`);
console.log(`2^${e} brook after hand: ${await time(b)}`);
installPassTimer();
const alt = { b: [], h: [] };
for (let i = 0; i < 15; i++) {
  alt.h.push((await timeGpu(() => h1.run(), false)).wallMs);
  alt.b.push((await timeGpu(() => b.run(), false)).wallMs);
}
console.log(`2^${e} alternating under timeGpu: hand ${(med(alt.h) * 20).toFixed(1)}, brook ${(med(alt.b) * 20).toFixed(1)} us/call`);
for (const early of [2 ** 22, 2 ** 24, 2 ** 26]) {
  Recorder.earlyWork = early;
  const t = { b: [], h: [] };
  for (let i = 0; i < 15; i++) { t.h.push((await timeGpu(() => h1.run(), false)).wallMs); t.b.push((await timeGpu(() => b.run(), false)).wallMs); }
  console.log(`2^${e} early 2^${Math.log2(early)} alternating: hand ${(med(t.h) * 20).toFixed(1)}, brook ${(med(t.b) * 20).toFixed(1)} us/call; brook spread ${Math.max(...t.b.map((v) => Math.abs(v - med(t.b)) / med(t.b))).toFixed(2)}`);
}
process.exit(0);
