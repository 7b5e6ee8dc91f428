/**
 * Hand-written chain of four maps in one pass (the ideal a fused Brook chain aims at):
 * t1 = a x + b; t2 = t1 * t1; t3 = t2 * 0.5 - 1; out = t3 + x, on float4 with vec4 loads. Plans as
 * SAXPY's: one vec4 per thread on a 2-D grid, or a grid-stride loop of 4; the faster verified one is kept.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { chain4Ref, compare } from '../reference.js';
import { WG, bindGroup, gridStridePlans, pipeline, u32f32, uniform } from './common.js';

const SHADER = /* wgsl */ `
struct Params { a: f32, b: f32, n: u32 }
@group(0) @binding(0) var<storage, read> x: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> r: array<vec4f>;
@group(0) @binding(2) var<uniform> p: Params;

@compute @workgroup_size(${WG})
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let width = nwg.x * ${WG}u;
  let stride = width * nwg.y;
  for (var i = gid.x + gid.y * width; i < p.n; i += stride) {
    let v = x[i];
    let t1 = p.a * v + p.b;
    let t2 = t1 * t1;
    let t3 = t2 * 0.5 - 1.0;
    r[i] = t3 + v;
  }
}
`;

/** `n` float4 elements; x flat (4n floats). */
export async function chain4Wgsl(gpu: BenchGpu, a: number, b: number, x: Float32Array): Promise<Side[]> {
  const { device } = gpu;
  const n = x.length / 4;
  const pipe = await pipeline(device, SHADER, 'chain4-wgsl');
  const bx = storageFrom(device, x, 'x');
  const br = createBuffer(device, x.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST, 'r');
  const bu = uniform(device, u32f32([{ f: a }, { f: b }, { u: n }]));
  const bind = bindGroup(device, pipe, [bx, br, bu]);
  const ref = chain4Ref(a, b, x);
  return gridStridePlans(device, pipe, bind, n, br, [bx, br, bu], (got) => compare(got, ref.want, ref.scale, 1e-5, 1e-30), (k) =>
    k === 1 ? `one pass, ${WG} threads, 1 vec4 per thread` : `one pass, ${WG} threads, grid-stride ${k} vec4 per thread`,
  );
}
