/**
 * Hand-written 2-D 5-point stencil on a w x h float grid (w a multiple of 4):
 * out = 0.5 c + 0.125 (left + right + up + down), neighbours clamped to the edge (Brook's gather rule).
 * Each thread makes 4 consecutive outputs of a row from vec4 loads of its row, the rows above and
 * below, and one vec4 each side; 2-D dispatch of (64, 4) workgroups.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, readBack, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import { compare, stencilRef } from '../reference.js';
import { bindGroup, pipeline, submit, u32f32, uniform } from './common.js';

const SHADER = /* wgsl */ `
struct Params { w4: u32, h: u32 }
@group(0) @binding(0) var<storage, read> src: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4f>;
@group(0) @binding(2) var<uniform> p: Params;

@compute @workgroup_size(64, 4)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let q = gid.x;
  let yy = gid.y;
  if (q >= p.w4 || yy >= p.h) { return; }
  let row = yy * p.w4;
  let c = src[row + q];
  let up = src[(max(yy, 1u) - 1u) * p.w4 + q];
  let dn = src[min(yy + 1u, p.h - 1u) * p.w4 + q];
  let lq = src[row + max(q, 1u) - 1u].w;
  let rq = src[row + min(q + 1u, p.w4 - 1u)].x;
  let l = select(lq, c.x, q == 0u);
  let r = select(rq, c.w, q == p.w4 - 1u);
  let left = vec4f(l, c.x, c.y, c.z);
  let right = vec4f(c.y, c.z, c.w, r);
  dst[row + q] = 0.5 * c + 0.125 * (left + right + up + dn);
}
`;

export async function stencilWgsl(gpu: BenchGpu, src: Float32Array, w: number, h: number): Promise<Side[]> {
  const { device } = gpu;
  const pipe = await pipeline(device, SHADER, 'stencil-wgsl');
  const bs = storageFrom(device, src, 'src');
  const bd = createBuffer(device, src.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, 'dst');
  const bu = uniform(device, u32f32([{ u: w / 4 }, { u: h }]));
  const bind = bindGroup(device, pipe, [bs, bd, bu]);
  const ref = stencilRef(src, w, h);
  return [
    {
      impl: 'wgsl',
      plan: '4 outputs per thread from vec4 loads, (64,4) workgroups, 2-D grid',
      run: () => submit(device, [{ pipe, bind, grid: [Math.ceil(w / 4 / 64), Math.ceil(h / 4)] }]),
      async check() {
        const got = new Float32Array(await readBack(device, bd, src.byteLength));
        return compare(got, ref.want, ref.scale, 1e-6, 1e-30);
      },
      dispose() {
        for (const b of [bs, bd, bu]) b.destroy();
      },
    },
  ];
}
