/**
 * Hand-written sum of a float4 stream: two passes.
 * Pass 1: G workgroups; each thread accumulates a grid-stride share in registers (two independent
 * accumulators for load-level parallelism), then the workgroup combines with subgroupAdd (when the
 * device offers subgroups) or a shared-memory tree, writing one vec4 per workgroup.
 * Pass 2: one workgroup reduces the G partials with the same shader.
 * Plans differ in G (how many workgroups share the stream). Each run maps the result to the host,
 * as Brook's reduction into a host value must.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { compare, sum4Ref } from '../reference.js';
import { WG, bindGroup, pipeline, u32f32, uniform } from './common.js';

function shader(subgroups: boolean): string {
  const combine = subgroups
    ? /* wgsl */ `
  // Subgroup leaders claim slots: WGSL does not promise subgroups are contiguous in local index.
  let t = subgroupAdd(acc);
  if (sid == 0u) { part[atomicAdd(&slots, 1u)] = t; }
  workgroupBarrier();
  if (li == 0u) {
    var s = vec4f(0.0);
    let used = atomicLoad(&slots);
    for (var k = 0u; k < used; k++) { s += part[k]; }
    out[wg.x] = s;
  }`
    : /* wgsl */ `
  part[li] = acc;
  workgroupBarrier();
  for (var w = ${WG / 2}u; w > 0u; w >>= 1u) {
    if (li < w) { part[li] += part[li + w]; }
    workgroupBarrier();
  }
  if (li == 0u) { out[wg.x] = part[0]; }`;
  return /* wgsl */ `${subgroups ? 'enable subgroups;' : ''}
struct Params { n: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(2) var<uniform> p: Params;
var<workgroup> part: array<vec4f, ${subgroups ? WG / 4 : WG}>;
${subgroups ? 'var<workgroup> slots: atomic<u32>;' : ''}

@compute @workgroup_size(${WG})
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) nwg: vec3u,
        @builtin(local_invocation_index) li: u32${subgroups ? ', @builtin(subgroup_invocation_id) sid: u32' : ''}) {
  let stride = nwg.x * ${WG}u;
  var a0 = vec4f(0.0);
  var a1 = vec4f(0.0);
  var i = wg.x * ${WG}u + li;
  for (; i + stride < p.n; i += 2u * stride) {
    a0 += src[i];
    a1 += src[i + stride];
  }
  if (i < p.n) { a0 += src[i]; }
  let acc = a0 + a1;
  ${combine}
}
`;
}

export async function sumWgsl(gpu: BenchGpu, x: Float32Array): Promise<Side[]> {
  const { device } = gpu;
  const n = x.length / 4;
  const pipe = await pipeline(device, shader(gpu.hasSubgroups), 'sum-wgsl');
  const bx = storageFrom(device, x, 'x');
  const ref = sum4Ref(x);
  const sides: Side[] = [];
  const cap = (groups: number) => Math.max(1, Math.min(groups, Math.ceil(n / WG), device.limits.maxComputeWorkgroupsPerDimension));
  const plans = [...new Set([256, 1024, 4096].map(cap))];
  let live = plans.length;
  for (const g of plans) {
    const partial = createBuffer(device, g * 16, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, 'partials');
    const result = createBuffer(device, 16, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, 'sum');
    const host = createBuffer(device, 16, GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, 'sum-host');
    let got: number[] = [];
    const u1 = uniform(device, u32f32([{ u: n }]));
    const u2 = uniform(device, u32f32([{ u: g }]));
    const pass1 = { pipe, bind: bindGroup(device, pipe, [bx, partial, u1]), grid: [g, 1] as [number, number] };
    const pass2 = { pipe, bind: bindGroup(device, pipe, [partial, result, u2]), grid: [1, 1] as [number, number] };
    sides.push({
      impl: 'wgsl',
      plan: `two passes, ${g} workgroups of ${WG}, ${gpu.hasSubgroups ? 'subgroupAdd' : 'shared-memory tree'}`,
      // Like a reduction into a host variable, each run ends with the value on the host.
      async run() {
        const enc = device.createCommandEncoder();
        for (const d of [pass1, pass2]) {
          const pass = enc.beginComputePass();
          pass.setPipeline(d.pipe);
          pass.setBindGroup(0, d.bind);
          pass.dispatchWorkgroups(d.grid[0], d.grid[1]);
          pass.end();
        }
        enc.copyBufferToBuffer(result, 0, host, 0, 16);
        device.queue.submit([enc.finish()]);
        await host.mapAsync(GPUMapMode.READ);
        got = Array.from(new Float32Array(host.getMappedRange()));
        host.unmap();
      },
      async check() {
        return compare(got, ref.want, ref.scale, 1e-5, 1e-30);
      },
      dispose() {
        for (const b of [partial, result, u1, u2, host]) b.destroy();
        if (--live === 0) bx.destroy();
      },
    });
  }
  return sides;
}
