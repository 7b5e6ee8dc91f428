// Where starting Dawn and building pipelines goes, on this machine's adapter (issue 12, docs/DECISIONS.md
// "Whole programs: fixed costs"). One JSON line on stdout:
//   node bench/probes/dawn-start.mjs sync|async|none [SALT]
// - the device start split into the webgpu module load, create(), requestAdapter and requestDevice,
//   each as time blocked in the call (sync) and time until its promise settled (async): a step that
//   blocks cannot overlap compiling on the same thread;
// - sync: each of the program kernels' WGSL (bench/probes/wgsl, as `brook run` generated them) made
//   with createShaderModule + createComputePipeline, timed one by one;
//   async: all made with createComputePipelineAsync at once: the time the calls block, then the time
//   until all resolved (Dawn builds them on its worker threads when the calls return at once);
// - SALT (a number) is written into each module as a constant the kernel adds 0 * SALT to, so the
//   SPIR-V differs and no driver cache (NVIDIA's disk cache is per SPIR-V) can answer;
// - device.destroy() time; the caller times the process to see its exit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
const mode = process.argv[2] ?? 'sync';
const salt = process.argv[3];
const here = dirname(fileURLToPath(import.meta.url));
const out = { mode, salt: salt ?? null, startedAtMs: performance.now() };
let t = performance.now();
const mod = await import('webgpu');
out.importMs = performance.now() - t;
for (const [k, v] of Object.entries(mod.globals)) if (!(k in globalThis)) globalThis[k] = v;
t = performance.now();
const gpu = mod.create([]);
out.createMs = performance.now() - t;
t = performance.now();
const pa = gpu.requestAdapter({ powerPreference: 'high-performance' });
out.adapterBlockedMs = performance.now() - t;
const adapter = await pa;
out.adapterMs = performance.now() - t;
const requiredLimits = {};
for (const k of ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxStorageBuffersPerShaderStage', 'maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupsPerDimension', 'maxUniformBufferBindingSize']) requiredLimits[k] = adapter.limits[k];
const features = ['timestamp-query', 'subgroups', 'shader-f16'].filter((f) => adapter.features.has(f));
t = performance.now();
const pd = adapter.requestDevice({ requiredFeatures: features, requiredLimits });
out.deviceBlockedMs = performance.now() - t;
const device = await pd;
out.deviceMs = performance.now() - t;
out.adapter = adapter.info.description || adapter.info.device;
const dir = join(here, 'wgsl');
const files = readdirSync(dir).filter((f) => f.endsWith('.wgsl')).sort();
const saltIt = (code) => (salt === undefined ? code : code.replace(/(@compute[^{]*\{)/g, `$1\n  _ = ${salt}u;`));
const entriesOf = (code) => [...code.matchAll(/@compute[^f]*fn\s+(\w+)/g)].map((m) => m[1]);
out.pipelines = [];
if (mode === 'sync') {
  for (const f of files) {
    const code = saltIt(readFileSync(join(dir, f), 'utf8'));
    const t0 = performance.now();
    const module = device.createShaderModule({ code });
    const t1 = performance.now();
    for (const entryPoint of entriesOf(code)) device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint } });
    const t2 = performance.now();
    out.pipelines.push({ file: f, moduleMs: t1 - t0, pipelineMs: t2 - t1 });
  }
} else if (mode === 'async') {
  const t0 = performance.now();
  const ps = [];
  for (const f of files) {
    const code = saltIt(readFileSync(join(dir, f), 'utf8'));
    const module = device.createShaderModule({ code });
    for (const entryPoint of entriesOf(code)) ps.push(device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint } }));
  }
  out.asyncBlockedMs = performance.now() - t0;
  await Promise.all(ps);
  out.asyncAllMs = performance.now() - t0;
  out.asyncCount = ps.length;
}
t = performance.now();
device.destroy();
out.destroyMs = performance.now() - t;
out.endMs = performance.now();
console.log(JSON.stringify(out));
