// Per-call cost of batched small kernel calls on the Brook runtime alone (the bench's `calls` case:
// 1024 float4, fusion off): CALLS calls + finish, timed as recording (the calls) and wall (with the
// finish). PROBE_PER_SUBMIT=N sets Recorder.dispatchesPerSubmit; with BROOK_GPU_TIMING=1 also the
// GPU time per call from the runtime's timestamps (summed pass times: GPU work, not gaps).
// `node --cpu-prof --cpu-prof-dir=DIR bench/probes/calls-profile.mjs` shows where the recording goes.
// Usage: node bench/probes/calls-profile.mjs [calls=1000] [runs=30]
import { brookSession } from '../../dist/bench/brook/session.js';
import { Recorder } from '../../dist/runtime/backends/webgpu/recorder.js';
import { vec } from '../../dist/runtime/compiler/types.js';
const calls = Number(process.argv[2] ?? 1000);
const runs = Number(process.argv[3] ?? 30);
if (process.env.PROBE_PER_SUBMIT) Recorder.dispatchesPerSubmit = Number(process.env.PROBE_PER_SUBMIT);
const n = 1024;
const s = await brookSession('webgpu');
const { rt } = s;
rt.fusion.mode = 'off'; // as the bench case runs
const k = (await s.load('chain.br')).get('step');
const X = rt.createStream('x', vec('float', 4), [n]);
const Y = rt.createStream('y', vec('float', 4), [n]);
const host = new Float32Array(4 * n).map((_, i) => (i % 7) / 7);
const be = rt.backend;
const rec = [], wall = [], gpu = [];
for (let r = 0; r < runs; r++) {
  await rt.streamRead(X, host);
  await rt.finish();
  be.resetGpuTimes?.();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) rt.call(k, i % 2 === 0 ? [X, 0.5, 1, Y] : [Y, 0.5, 1, X]);
  const t1 = performance.now();
  await rt.finish();
  const t2 = performance.now();
  rec.push(((t1 - t0) * 1000) / calls);
  wall.push(((t2 - t0) * 1000) / calls);
  const g = await be.gpuTimes?.();
  if (g) gpu.push(g.gpuNs / 1000 / calls);
}
const med = (a) => (a.length ? +a.slice().sort((p, q) => p - q)[a.length >> 1].toFixed(3) : null);
const out = new Float32Array(4 * n);
await rt.streamWrite(calls % 2 === 1 ? Y : X, out);
let v = host.slice();
for (let i = 0; i < calls; i++) v = v.map((x) => Math.fround(Math.fround(0.5 * x) + 1));
let bad = 0;
for (let i = 0; i < v.length; i++) if (Math.abs(out[i] - v[i]) > 1e-5) bad++;
console.log(JSON.stringify({ calls, runs, perSubmit: Recorder.dispatchesPerSubmit, recordUsPerCall: med(rec), wallUsPerCall: med(wall), gpuUsPerCall: med(gpu), ok: bad === 0 }));
process.exit(0);
