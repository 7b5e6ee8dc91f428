import { brookSession } from '../../dist/bench/brook/session.js';
import { vec } from '../../dist/runtime/compiler/types.js';
import { planLaunch } from '../../dist/runtime/brt/launch.js';
const s = await brookSession('webgpu');
const { rt } = s;
rt.fusion.mode = 'off';
const k = (await s.load('chain.br')).get('step');
const X = rt.createStream('x', vec('float', 4), [1024]);
const Y = rt.createStream('y', vec('float', 4), [1024]);
const be = rt.backend;
const N = 20000;
const med = (a) => a.slice().sort((p, q) => p - q)[a.length >> 1];
async function t(name, f) {
  const r = [];
  for (let rep = 0; rep < 7; rep++) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) f(i);
    r.push((performance.now() - t0) * 1000 / N);
    await rt.finish();
  }
  console.log(name, med(r).toFixed(2), 'us');
}
const L = [planLaunch(be, k, [X, 0.5, 1, Y], { mode: 'map' }).launch, planLaunch(be, k, [Y, 0.5, 1, X], { mode: 'map' }).launch];
for (let rep = 0; rep < 2; rep++) {
await t('planLaunch', (i) => planLaunch(be, k, i % 2 ? [Y, 0.5, 1, X] : [X, 0.5, 1, Y], { mode: 'map' }));
await t('backend.run(prepared)', (i) => be.run(L[i & 1]));
await t('rt.call', (i) => rt.call(k, i % 2 ? [Y, 0.5, 1, X] : [X, 0.5, 1, Y]));
}
process.exit(0);
