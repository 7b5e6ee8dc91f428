import { brookSession } from '../../dist/bench/brook/session.js';
import { vec } from '../../dist/runtime/compiler/types.js';
import { planLaunch } from '../../dist/runtime/brt/launch.js';
import { Recorder } from '../../dist/runtime/backends/webgpu/recorder.js';
const acc = {};
function wrap(name) {
  const f = Recorder.prototype[name];
  acc[name] = 0;
  Recorder.prototype[name] = function (...a) { const t0 = performance.now(); try { return f.apply(this, a); } finally { acc[name] += performance.now() - t0; } };
}
wrap('submitRecorded'); wrap('dispatch'); wrap('uniformSlot');
const s = await brookSession('webgpu');
const { rt } = s;
rt.fusion.mode = 'off';
const k = (await s.load('chain.br')).get('step');
const X = rt.createStream('x', vec('float', 4), [1024]);
const Y = rt.createStream('y', vec('float', 4), [1024]);
const be = rt.backend;
const N = 20000;
const L = [planLaunch(be, k, [X, 0.5, 1, Y], { mode: 'map' }).launch, planLaunch(be, k, [Y, 0.5, 1, X], { mode: 'map' }).launch];
for (let rep = 0; rep < 5; rep++) {
  for (const k of Object.keys(acc)) acc[k] = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) be.run(L[i & 1]);
  const tot = (performance.now() - t0) * 1000 / N;
  await rt.finish();
  console.log('run', tot.toFixed(2), Object.entries(acc).map(([k, v]) => `${k} ${(v * 1000 / N).toFixed(2)}`).join(' '));
}
process.exit(0);
