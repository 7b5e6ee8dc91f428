import { create, globals } from 'webgpu';
Object.assign(globalThis, globals);
const gpu = create([]);
const adapter = await gpu.requestAdapter();
const device = await adapter.requestDevice();
const code = `@group(0) @binding(0) var<uniform> U: vec4u; @group(0) @binding(1) var<storage, read_write> b: array<f32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) { if (g.x < U.x) { b[g.x] = b[g.x] * 0.5 + 1.0; } }`;
const m = device.createShaderModule({ code });
const layout = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, buffer: { type: 'uniform', hasDynamicOffset: true } }, { binding: 1, visibility: 4, buffer: { type: 'storage' } }] });
const layout2 = device.createBindGroupLayout({ entries: [{ binding: 0, visibility: 4, buffer: { type: 'uniform', hasDynamicOffset: false } }, { binding: 1, visibility: 4, buffer: { type: 'storage' } }] });
const pipe = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module: m, entryPoint: 'main' } });
const pipe2 = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout2] }), compute: { module: m, entryPoint: 'main' } });
const u = device.createBuffer({ size: 1 << 18, usage: 0x40 | 0x08 });
const sb = device.createBuffer({ size: 16384, usage: 0x80 });
const bg = device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer: u, size: 16 } }, { binding: 1, resource: { buffer: sb } }] });
const bg2 = device.createBindGroup({ layout: layout2, entries: [{ binding: 0, resource: { buffer: u, size: 16 } }, { binding: 1, resource: { buffer: sb } }] });
const offs = new Uint32Array(1);
const arr = [0];
const N = 50000;
for (let rep = 0; rep < 4; rep++)
for (const what of ['typed', 'array', 'plain']) {
  const enc = device.createCommandEncoder(); const pass = enc.beginComputePass(); pass.setPipeline(what === 'plain' ? pipe2 : pipe);
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    if (what === 'typed') { offs[0] = (i & 63) * 256; pass.setBindGroup(0, bg, offs, 0, 1); }
    else if (what === 'plain') { pass.setBindGroup(0, bg2); }
    else { arr[0] = (i & 63) * 256; pass.setBindGroup(0, bg, arr); }
  }
  const t1 = performance.now();
  pass.end(); enc.finish();
  console.log(what, ((t1 - t0) * 1000 / N).toFixed(2), 'us each');
}
process.exit(0);
