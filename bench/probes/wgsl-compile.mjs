// Compile time of WGSL modules (e.g. dumped with BROOK_WGSL_DUMP) on the first adapter: createComputePipelineAsync, then the first
// dispatch (drivers that compile lazily, lavapipe's, pay there) and a second one (for contrast).
//   node bench/probes/wgsl-compile.mjs "$PWD/node_modules/webgpu" FILE.wgsl...
import { readFileSync } from 'node:fs';
const [modDir, ...files] = process.argv.slice(2);
const { create, globals } = await import(`${modDir}/index.js`);
Object.assign(globalThis, globals);
const gpu = create(['disable-dawn-features=timestamp_quantization']);
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
const device = await adapter.requestDevice({ requiredLimits: { maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupStorageSize: Math.min(32768, adapter.limits.maxComputeWorkgroupStorageSize), maxStorageBuffersPerShaderStage: Math.min(10, adapter.limits.maxStorageBuffersPerShaderStage) } });
console.log(adapter.info?.description ?? adapter.info?.device);
async function run(pipe, bg) {
  const t = performance.now();
  const enc = device.createCommandEncoder();
  const p = enc.beginComputePass(); p.setPipeline(pipe); p.setBindGroup(0, bg); p.dispatchWorkgroups(1); p.end();
  device.queue.submit([enc.finish()]);
  await device.queue.onSubmittedWorkDone();
  return performance.now() - t;
}
for (const f of files) {
  const code = readFileSync(f, 'utf8');
  const t0 = performance.now();
  const pipe = await device.createComputePipelineAsync({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
  const t1 = performance.now();
  const entries = [];
  for (const m of code.matchAll(/@binding\((\d+)\)\s*var<(uniform|storage)[^>]*>/g)) {
    const usage = m[2] === 'uniform' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE;
    entries.push({ binding: Number(m[1]), resource: { buffer: device.createBuffer({ size: m[2] === "uniform" ? 65536 : 1 << 22, usage }) } });
  }
  let bg;
  try { bg = device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries }); } catch (e) { console.log(f, 'bind group:', e.message); continue; }
  const d1 = await run(pipe, bg), d2 = await run(pipe, bg);
  console.log(`${f.split('/').pop()}: ${code.split('\n').length} lines, pipeline ${(t1 - t0).toFixed(0)} ms, first dispatch ${d1.toFixed(0)} ms, second ${d2.toFixed(1)} ms`);
}
process.exit(0);
