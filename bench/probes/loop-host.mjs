// Host time a call of two many-call loops through rt.call, as Figure 3's notebooks issue them (issue 28):
// segment (a 2-D ping-pong stencil, never tiled) and sort (a bitonic sort, its steps within a tile chained).
// Prints, per loop, the median over rounds (after two warm-up rounds) of the host time to issue the
// calls and of the wall time with finish(), both per call, the tile counts, and the calls a round
// planned anew (brt/plan-cache.ts misses: 0 once every call repeats a plan); the sort is checked.
//   node bench/probes/loop-host.mjs [segment N ITERS | sort LOG2N] [ROUNDS] [DIST (default dist)]
// BROOK_TILE=0 turns tiling off as everywhere; EARLY_CALLS, EARLY_WORK set the early-submit rule, IDLE_WORK the idle one (1: the first call alone). PROFILE=FILE writes a CPU profile of the rounds after
// warm-up. Not a gate: bench/ has those.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [what = 'segment', a1, a2] = process.argv.slice(2);
const rounds = Number((what === 'segment' ? process.argv[5] : process.argv[4]) ?? 12);
const dist = pathToFileURL(resolve((what === 'segment' ? process.argv[6] : process.argv[5]) ?? 'dist')).href;
const { createRuntime } = await import(`${dist}/runtime/backends/index.js`);
const { compile } = await import(`${dist}/runtime/compiler/index.js`);
const { FLOAT } = await import(`${dist}/runtime/compiler/types.js`);
const { FLOAT2 } = await import(`${dist}/bench/apps/streams.js`);
const launchModule = await import(`${dist}/runtime/brt/launch.js`);
const plannedSoFar = () => launchModule.plannedLaunches?.() ?? NaN; // (a build without the counter: NaN)

const SEGMENT = `kernel void grow(float2 img[][], float dt, float nk, float rate, float lo, float hi, out float2 o<>) {
  float2 p = indexof(o).xy; float2 c = img[p];
  float2 w = img[p - float2(1.0f, 0.0f)]; float2 e = img[p + float2(1.0f, 0.0f)];
  float2 s = img[p - float2(0.0f, 1.0f)]; float2 n = img[p + float2(0.0f, 1.0f)];
  float4 dI = float4(w.x - c.x, e.x - c.x, s.x - c.x, n.x - c.x);
  float4 dL = float4(w.y - c.y, e.y - c.y, s.y - c.y, n.y - c.y);
  float4 g = exp(dI * dI * nk);
  float u = c.y + dt * (dot(g, dL) + rate * c.y * (1.0f - c.y));
  o = float2(c.x, (c.x >= lo && c.x <= hi) ? u : 0.0f);
}`;
const SORT = `kernel void bitonic(float keys[], float block, float half, out float r<>) {
  float i = indexof(r).x;
  float lower = fmod(i, 2.0f * half) < half ? 1.0f : -1.0f;
  float ascending = fmod(floor(i / block), 2.0f) == 0.0f ? 1.0f : -1.0f;
  float a = keys[i];
  float b = keys[i + lower * half];
  r = (lower == ascending) ? min(a, b) : max(a, b);
}`;

// EARLY_CALLS=N / EARLY_WORK=N / IDLE_WORK=N: the recorder's submit rules (webgpu/recorder.ts) for this run.
if (process.env.EARLY_CALLS || process.env.EARLY_WORK || process.env.IDLE_WORK) {
  const { Recorder } = await import(`${dist}/runtime/backends/webgpu/recorder.js`);
  if (process.env.IDLE_WORK) Recorder.idleWork = Number(process.env.IDLE_WORK);
  if (process.env.EARLY_CALLS) Recorder.callsPerEarlySubmit = Number(process.env.EARLY_CALLS);
  if (process.env.EARLY_WORK) Recorder.earlyWork = Number(process.env.EARLY_WORK);
}
const r = compile(`${what === 'segment' ? SEGMENT : SORT}\nint main() { return 0; }`);
if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
const rt = await createRuntime({ backend: process.env.BROOK_BACKEND ?? 'webgpu' });
let calls, issue, check = () => 'unchecked';
if (what === 'segment') {
  const n = Number(a1 ?? 2048), iters = Number(a2 ?? 20);
  const k = r.kernels.get('grow');
  const init = rt.createStream('init', FLOAT2, [n, n]), x = rt.createStream('a', FLOAT2, [n, n]), y = rt.createStream('b', FLOAT2, [n, n]);
  await rt.streamRead(init, new Float32Array(2 * n * n).map((_, i) => (i % 7) / 7));
  calls = iters;
  issue = () => { let s = init; for (let it = 0; it < iters; it++) { const d = it % 2 === 0 ? y : x; rt.call(k, [s, 0.2, -60, 1, 0.5, 0.7, d]); s = d; } };
} else {
  const n = 2 ** Number(a1 ?? 20);
  const k = r.kernels.get('bitonic');
  const keys = rt.createStream('keys', FLOAT, [n]), x = rt.createStream('a', FLOAT, [n]), y = rt.createStream('b', FLOAT, [n]);
  const input = new Float32Array(n).map(() => Math.random());
  await rt.streamRead(keys, input);
  const steps = [];
  for (let block = 2; block <= n; block *= 2) for (let half = block / 2; half >= 1; half /= 2) steps.push([block, half]);
  calls = steps.length;
  issue = () => { let s = keys; steps.forEach(([block, half], i) => { const d = i % 2 === 0 ? x : y; rt.call(k, [s, block, half, d]); s = d; }); };
  check = async () => {
    const out = new Float32Array(n);
    await rt.streamWrite(steps.length % 2 === 1 ? x : y, out);
    const want = Float32Array.from(input).sort();
    return out.every((v, i) => v === want[i]) ? 'sorted' : 'NOT SORTED';
  };
}
await rt.finish();
// PROFILE=FILE: a CPU profile of the rounds after the two warm-up ones only (pipelines, plans and proofs
// made once stay out of it), for bench/probes/profile-under.mjs FILE issue 0.
const profileFile = process.env.PROFILE;
let session = null;
const host = [], wall = [];
let planned = 0;
for (let round = 0; round < rounds + 2; round++) {
  if (round === 2 && profileFile) {
    const { Session } = await import('node:inspector/promises');
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const p0 = plannedSoFar();
  const t0 = performance.now();
  issue();
  const t1 = performance.now();
  await rt.finish();
  host.push(((t1 - t0) * 1000) / calls);
  wall.push(((performance.now() - t0) * 1000) / calls);
  if (round >= 2) planned += plannedSoFar() - p0;
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(profileFile, JSON.stringify(profile));
}
const med = (xs) => xs.slice(2).sort((p, q) => p - q)[(xs.length - 2) >> 1];
const t = rt.fusion.tileStats ?? { calls: 0, chains: 0 }; // (a build from before chain tiling has none)
console.log(`${what} ${what === 'segment' ? `${a1 ?? 2048}^2 x ${a2 ?? 20}` : `2^${a1 ?? 20}`} (${calls} calls, ${rounds} rounds, BROOK_TILE=${process.env.BROOK_TILE ?? 'on'}, ${rt.backend.description}): host ${med(host).toFixed(1)} us a call, wall ${med(wall).toFixed(1)} us a call; tiled ${t.calls} calls in ${t.chains} launches; planned anew ${(planned / rounds).toFixed(1)} calls a round (plan cache misses); ${await check()}`);
rt.dispose();
