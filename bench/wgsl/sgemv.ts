/**
 * Hand-written SGEMV, y = A x with A row-major m x n (n a multiple of 4).
 * Plan "row per workgroup": one workgroup per row (2-D grid past 65535 rows): its threads read the
 * row as vec4 with consecutive threads on consecutive vec4 (coalesced), dot with x, then combine
 * through subgroupAdd (when offered) or a shared-memory tree; workgroups of 128 or 256.
 * Plan "rows per workgroup": 256 threads as 8 rows x 32 threads, each group of 32 reading its row
 * coalesced and combining in a shared-memory tree: better when rows are short (few vec4 per thread).
 * With `axpby` (the BLAS form the paper measured, y = alpha A x + beta y0) the row's total is scaled
 * and y0 added where it is stored; without it the shaders are exactly y = A x.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, grid, readBack, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { compare, sgemvAxpbyRef, sgemvRef } from '../reference.js';
import { bindGroup, clear, pipeline, submit, u32f32, uniform } from './common.js';

export interface Axpby {
  alpha: number;
  beta: number;
  y0: Float32Array;
}

/** The store of a row's total: plain, or alpha * total + beta * y0[row]. */
function store(total: string, axpby: boolean): string {
  return axpby ? `p.alpha * ${total} + p.beta * y0[row]` : total;
}

function header(axpby: boolean): string {
  return axpby
    ? `struct Params { m: u32, n4: u32, alpha: f32, beta: f32 }
@group(0) @binding(4) var<storage, read> y0: array<f32>;`
    : 'struct Params { m: u32, n4: u32 }';
}

function shader(wg: number, subgroups: boolean, axpby: boolean): string {
  const combine = subgroups
    ? /* wgsl */ `
  let t = subgroupAdd(s);
  if (sid == 0u) { part[atomicAdd(&slots, 1u)] = t; }
  workgroupBarrier();
  if (li == 0u) {
    var total = 0.0;
    let used = atomicLoad(&slots);
    for (var k = 0u; k < used; k++) { total += part[k]; }
    y[row] = ${store('total', axpby)};
  }`
    : /* wgsl */ `
  part[li] = s;
  workgroupBarrier();
  for (var w = ${wg / 2}u; w > 0u; w >>= 1u) {
    if (li < w) { part[li] += part[li + w]; }
    workgroupBarrier();
  }
  if (li == 0u) { y[row] = ${store('part[0]', axpby)}; }`;
  return /* wgsl */ `${subgroups ? 'enable subgroups;' : ''}
${header(axpby)}
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

/** 8 rows per workgroup, 32 threads per row, shared-memory tree within each row's 32 slots. */
const multiRow = (axpby: boolean) => /* wgsl */ `
${header(axpby)}
@group(0) @binding(0) var<storage, read> A: array<vec4f>;
@group(0) @binding(1) var<storage, read> x: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@group(0) @binding(3) var<uniform> p: Params;
var<workgroup> part: array<f32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wgid: vec3u, @builtin(num_workgroups) nwg: vec3u,
        @builtin(local_invocation_index) li: u32) {
  let lane = li & 31u;
  let row = (wgid.x + wgid.y * nwg.x) * 8u + (li >> 5u);
  var s = 0.0;
  if (row < p.m) {
    let base = row * p.n4;
    for (var j = lane; j < p.n4; j += 32u) { s += dot(A[base + j], x[j]); }
  }
  part[li] = s;
  workgroupBarrier();
  for (var w = 16u; w > 0u; w >>= 1u) {
    if (lane < w) { part[li] += part[li + w]; }
    workgroupBarrier();
  }
  if (lane == 0u && row < p.m) { y[row] = ${store('part[li]', axpby)}; }
}
`;

export async function sgemvWgsl(gpu: BenchGpu, A: Float32Array, x: Float32Array, m: number, n: number, axpby?: Axpby): Promise<Side[]> {
  const { device } = gpu;
  const bA = storageFrom(device, A, 'A');
  const bx = storageFrom(device, x, 'x');
  const by = createBuffer(device, m * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST, 'y');
  const bu = uniform(device, u32f32(axpby ? [{ u: m }, { u: n / 4 }, { f: axpby.alpha }, { f: axpby.beta }] : [{ u: m }, { u: n / 4 }]));
  const by0 = axpby ? storageFrom(device, axpby.y0, 'y0') : undefined;
  const buffers = by0 ? [bA, bx, by, bu, by0] : [bA, bx, by, bu];
  const ref = axpby ? sgemvAxpbyRef(A, x, m, n, axpby) : sgemvRef(A, x, m, n);
  const ax = !!axpby;
  const maxDim = device.limits.maxComputeWorkgroupsPerDimension;
  const variants = [
    { code: shader(128, gpu.hasSubgroups, ax), g: grid(m, maxDim), plan: `1 workgroup of 128 per row, vec4 dot, ${gpu.hasSubgroups ? 'subgroupAdd' : 'shared-memory tree'}` },
    { code: shader(256, gpu.hasSubgroups, ax), g: grid(m, maxDim), plan: `1 workgroup of 256 per row, vec4 dot, ${gpu.hasSubgroups ? 'subgroupAdd' : 'shared-memory tree'}` },
    { code: multiRow(ax), g: grid(Math.ceil(m / 8), maxDim), plan: '8 rows per workgroup of 256, 32 threads per row, vec4 dot, shared-memory tree' },
  ];
  let live = variants.length;
  const sides: Side[] = [];
  for (const [i, v] of variants.entries()) {
    const pipe = await pipeline(device, v.code, `sgemv-wgsl-${i}`);
    const bind = bindGroup(device, pipe, buffers);
    sides.push({
      impl: 'wgsl',
      plan: v.plan,
      run: () => submit(device, [{ pipe, bind, grid: [v.g[0], v.g[1]] }]),
      reset: () => clear(device, by),
      async check() {
        const got = new Float32Array(await readBack(device, by, m * 4));
        return compare(got, ref.want, ref.scale, 1e-4, 1e-30);
      },
      dispose() {
        if (--live === 0) for (const b of buffers) b.destroy();
      },
    });
  }
  return sides;
}
