import { brookSession } from '/work/wt/xfer/dist/bench/brook/session.js';
import { vec } from '/work/wt/xfer/dist/runtime/compiler/types.js';
const s = await brookSession('webgpu');
const { rt } = s;
rt.fusion.mode = 'off';
const k = (await s.load('chain.br')).get('step');
const X = rt.createStream('x', vec('float', 4), [1024]);
const Y = rt.createStream('y', vec('float', 4), [1024]);
const P = globalThis.GPUComputePassEncoder.prototype;
P.setBindGroup = function () {}; P.dispatchWorkgroups = function () {};
const N = 20000;
const med = (a) => a.slice().sort((p, q) => p - q)[a.length >> 1];
const r = [];
for (let rep = 0; rep < 15; rep++) {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) rt.call(k, i % 2 ? [Y, 0.5, 1, X] : [X, 0.5, 1, Y]);
  r.push((performance.now() - t0) * 1000 / N);
  await rt.finish();
}
console.log('js-only us/call', med(r).toFixed(2), 'min', Math.min(...r).toFixed(2));
process.exit(0);
