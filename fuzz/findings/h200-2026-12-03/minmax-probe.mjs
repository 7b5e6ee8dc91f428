// Which WGSL forms of min(min(1 % a, -a), a) (i32) does the GPU compute right? (fuzz program 8261)
import { create, globals } from 'webgpu';
Object.assign(globalThis, globals);
const gpu = create((process.env.BROOK_DAWN_FLAGS ?? '').split(' ').filter(Boolean));
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
const device = await adapter.requestDevice();
const A = [18, -18, 3, -3, 7, -7, 1, 2, -1, 0, 5, -2147483647];
const cmod = (x, y) => (y === 0 ? 0 : x % y); // C's truncated remainder; 0 for a zero divisor (our rule)
const G = 'select(1i % select(a, 1i, a == 0i), 0i, a == 0i)';
const variants = {
  current: [`min(min(${G}, -a), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  plainMod: [`min(min(1i % a, -a), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  zeroMinus: [`min(min(${G}, 0i - a), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  notPlusOne: [`min(min(${G}, ~a + 1i), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  uNeg: [`min(min(${G}, bitcast<i32>(0u - bitcast<u32>(a))), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  divMod: [`min(min(select(1i - (1i / select(a, 1i, a == 0i)) * select(a, 1i, a == 0i), 0i, a == 0i), -a), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  selMin: [`brk_min(brk_min(${G}, -a), a)`, (a) => Math.min(cmod(1, a), -a, a)],
  maxForm: [`max(max(${G}, -a), a)`, (a) => Math.max(cmod(1, a), -a, a)],
  modThenNegOnly: [`min(${G}, -a)`, (a) => Math.min(cmod(1, a), -a)],
  modPlusNeg: [`${G} + (-a)`, (a) => cmod(1, a) - a],
  modMinA: [`min(${G}, a)`, (a) => Math.min(cmod(1, a), a)],
  fiveMod: [`min(min(select(5i % select(a, 1i, a == 0i), 0i, a == 0i), -a), a)`, (a) => Math.min(cmod(5, a), -a, a)],
  letChain: [`LET`, (a) => Math.min(cmod(1, a), -a, a)],
  letChainZeroMinus: [`LETZ`, (a) => Math.min(cmod(1, a), -a, a)],
  divForm: [`min(min(select(7i / select(a, 1i, a == 0i), 0i, a == 0i), -a), a)`, (a) => Math.min(a === 0 ? 0 : Math.trunc(7 / a), -a, a)],
};
const n = A.length;
const input = device.createBuffer({ size: 4 * n, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
device.queue.writeBuffer(input, 0, new Int32Array(A));
for (const [name, [expr, ref]] of Object.entries(variants)) {
  const body = expr === 'LET' || expr === 'LETZ'
    ? `let t_0 = ${G};\n  let t_1 = ${expr === 'LET' ? '(-a)' : '(0i - a)'};\n  let t_2 = min(t_0, t_1);\n  outp[g.x] = min(t_2, a);`
    : `outp[g.x] = ${expr};`;
  const code = `@group(0) @binding(0) var<storage, read> inp: array<i32>;
@group(0) @binding(1) var<storage, read_write> outp: array<i32>;
fn brk_min(x: i32, y: i32) -> i32 { return select(x, y, y < x); }
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  if (g.x >= ${n}u) { return; }
  let a = inp[g.x];
  ${body}
}`;
  const out = device.createBuffer({ size: 4 * n, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC });
  const read = device.createBuffer({ size: 4 * n, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
  const bind = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: input } }, { binding: 1, resource: { buffer: out } }] });
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass(); pass.setPipeline(pipeline); pass.setBindGroup(0, bind); pass.dispatchWorkgroups(1); pass.end();
  enc.copyBufferToBuffer(out, 0, read, 0, 4 * n);
  device.queue.submit([enc.finish()]);
  await read.mapAsync(GPUMapMode.READ);
  const got = Array.from(new Int32Array(read.getMappedRange().slice(0)));
  read.unmap();
  const want = A.map((a) => ref(a) | 0);
  const bad = got.map((g, i) => (g === want[i] ? null : `a=${A[i]}: ${g} (want ${want[i]})`)).filter(Boolean);
  console.log(`${bad.length ? 'WRONG' : 'right'} ${name}: ${expr}${bad.length ? `\n   ${bad.join(', ')}` : ''}`);
}
device.destroy();
