/**
 * Hand-written SGEMV, y = A x with A row-major m x n (n a multiple of 4).
 * One workgroup per row (2-D grid past 65535 rows): its threads read the row as vec4 with
 * consecutive threads on consecutive vec4 (coalesced), dot with x, then combine through subgroupAdd
 * (when offered) or a shared-memory tree. Plans differ in workgroup size.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, grid, readBack, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { compare, sgemvRef } from '../reference.js';
import { bindGroup, pipeline, submit, u32f32, uniform } from './common.js';

function shader(wg: number, subgroups: boolean): string {
  const combine = subgroups
    ? /* wgsl */ `
  let t = subgroupAdd(s);
  if (sid == 0u) { part[atomicAdd(&slots, 1u)] = t; }
  workgroupBarrier();
  if (li == 0u) {
    var total = 0.0;
    let used = atomicLoad(&slots);
    for (var k = 0u; k < used; k++) { total += part[k]; }
    y[row] = total;
  }`
    : /* wgsl */ `
  part[li] = s;
  workgroupBarrier();
  for (var w = ${wg / 2}u; w > 0u; w >>= 1u) {
    if (li < w) { part[li] += part[li + w]; }
    workgroupBarrier();
  }
  if (li == 0u) { y[row] = part[0]; }`;
  return /* wgsl */ `${subgroups ? 'enable subgroups;' : ''}
struct Params { m: u32, n4: u32 }
@group(0) @binding(0) var<storage, read> A: array<vec4f>;
@group(0) @binding(1) var<storage, read> x: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@group(0) @binding(3) var<uniform> p: Params;
var<workgroup> part: array<f32, ${subgroups ? wg / 4 : wg}>;
${subgroups ? 'var<workgroup> slots: atomic<u32>;' : ''}

@compute @workgroup_size(${wg})
fn main(@builtin(workgroup_id) wgid: vec3u, @builtin(num_workgroups) nwg: vec3u,
        @builtin(local_invocation_index) li: u32${subgroups ? ', @builtin(subgroup_invocation_id) sid: u32' : ''}) {
  let row = wgid.x + wgid.y * nwg.x;
  if (row >= p.m) { return; }
  let base = row * p.n4;
  var s = 0.0;
  for (var j = li; j < p.n4; j += ${wg}u) {
    s += dot(A[base + j], x[j]);
  }
  ${combine}
}
`;
}

export async function sgemvWgsl(gpu: BenchGpu, A: Float32Array, x: Float32Array, m: number, n: number): Promise<Side[]> {
  const { device } = gpu;
  const bA = storageFrom(device, A, 'A');
  const bx = storageFrom(device, x, 'x');
  const by = createBuffer(device, m * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, 'y');
  const bu = uniform(device, u32f32([{ u: m }, { u: n / 4 }]));
  const ref = sgemvRef(A, x, m, n);
  const g = grid(m, device.limits.maxComputeWorkgroupsPerDimension);
  const sizes = [128, 256];
  let live = sizes.length;
  const sides: Side[] = [];
  for (const wg of sizes) {
    const pipe = await pipeline(device, shader(wg, gpu.hasSubgroups), `sgemv-wgsl-${wg}`);
    const bind = bindGroup(device, pipe, [bA, bx, by, bu]);
    sides.push({
      impl: 'wgsl',
      plan: `1 workgroup of ${wg} per row, vec4 dot, ${gpu.hasSubgroups ? 'subgroupAdd' : 'shared-memory tree'}`,
      run: () => submit(device, [{ pipe, bind, grid: [g[0], g[1]] }]),
      async check() {
        const got = new Float32Array(await readBack(device, by, m * 4));
        return compare(got, ref.want, ref.scale, 1e-4, 1e-30);
      },
      dispose() {
        if (--live === 0) for (const b of [bA, bx, by, bu]) b.destroy();
      },
    });
  }
  return sides;
}
