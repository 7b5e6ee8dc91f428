// Probe (not a test): time of the first launch of a program's three kernels (calls + one read back),
// then of the same program compiled again in the same process. Usage: node first-launch-probe.mjs ROOT SALT
// (ROOT: a built checkout; a new SALT gives new WGSL, the same SALT again a second process run).
const [root, salt] = process.argv.slice(2);
const { createRuntime } = await import(`${root}/dist/runtime/backends/index.js`);
const { compile } = await import(`${root}/dist/runtime/compiler/index.js`);
const { vec } = await import(`${root}/dist/runtime/compiler/types.js`);
const F4 = vec('float', 4);
const s = Number(salt);
const src = `
kernel void k1(float4 x<>, float4 y<>, float a, out float4 r<>) { r = a * x + y + ${s}.0; }
kernel void k2(float4 x<>, out float4 r<>) { float4 t = x; int i; for (i = 0; i < 8; i++) { t = sin(t) * 0.5 + cos(t * ${s % 97}.0); } r = t; }
kernel void k3(float4 x<>, float4 t[], out float4 r<>) { r = t[indexof(r).x] * ${s % 89}.0 + x; }
int main() { return 0; }`;
const rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
const n = 4096;
async function once() {
  const out = compile(src, { fileName: 'p.br' });
  if (!out.ok) throw new Error('compile failed');
  const K = (m) => out.kernels.get(m);
  const X = rt.createStream('x', F4, [n]), Y = rt.createStream('y', F4, [n]), R = rt.createStream('r', F4, [n]);
  await rt.streamRead(X, new Float32Array(4 * n).fill(1));
  await rt.streamRead(Y, new Float32Array(4 * n).fill(2));
  const t0 = performance.now();
  rt.call(K('k1'), [X, Y, 2, R]);
  rt.call(K('k2'), [R, Y]);
  rt.call(K('k3'), [Y, X, R]);
  const o = new Float32Array(4 * n);
  await rt.streamWrite(R, o);
  const ms = performance.now() - t0;
  rt.free(X); rt.free(Y); rt.free(R);
  return ms;
}
const a = await once();
const b = await once();
const c = rt.backend.pipelineCounts?.();
console.log(JSON.stringify({ first: +a.toFixed(2), recompiled: +b.toFixed(2), counts: c ?? null }));
rt.dispose();
