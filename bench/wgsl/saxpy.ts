/**
 * Hand-written SAXPY on float4: r = a * x + y with vec4 loads.
 * Plans: one vec4 per thread on a 2-D grid past 65535 workgroups, or a grid-stride loop with a few
 * vec4 per thread (fewer, longer-lived threads). The harness keeps the faster verified plan.
 */
import type { BenchGpu } from '../gpu.js';
import { storageFrom, createBuffer } from '../gpu.js';
import type { Side } from '../side.js';
import { compare, saxpyRef } from '../reference.js';
import { WG, bindGroup, gridStridePlans, pipeline, u32f32, uniform } from './common.js';

export const SAXPY_SHADER = /* wgsl */ `
struct Params { a: f32, n: u32 }
@group(0) @binding(0) var<storage, read> x: array<vec4f>;
@group(0) @binding(1) var<storage, read> y: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> r: array<vec4f>;
@group(0) @binding(3) var<uniform> p: Params;

@compute @workgroup_size(${WG})
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let width = nwg.x * ${WG}u;
  let stride = width * nwg.y;
  for (var i = gid.x + gid.y * width; i < p.n; i += stride) {
    r[i] = p.a * x[i] + y[i];
  }
}
`;

/** `n` float4 elements; x and y flat (4n floats). */
export async function saxpyWgsl(gpu: BenchGpu, a: number, x: Float32Array, y: Float32Array): Promise<Side[]> {
  const { device } = gpu;
  const n = x.length / 4;
  const pipe = await pipeline(device, SAXPY_SHADER, 'saxpy-wgsl');
  const bx = storageFrom(device, x, 'x');
  const by = storageFrom(device, y, 'y');
  const br = createBuffer(device, x.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST, 'r');
  const bu = uniform(device, u32f32([{ f: a }, { u: n }]));
  const bind = bindGroup(device, pipe, [bx, by, br, bu]);
  const ref = saxpyRef(a, x, y);
  return gridStridePlans(device, pipe, bind, n, br, [bx, by, br, bu], (got) => compare(got, ref.want, ref.scale, 1e-6, 1e-30), (k) =>
    k === 1 ? `${WG} threads, 1 vec4 per thread` : `${WG} threads, grid-stride ${k} vec4 per thread`,
  );
}
