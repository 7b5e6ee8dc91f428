/**
 * Hand-written Segment iterations (bench/apps/segment.ts has the algorithm): n x n vec2f pixels,
 * `iterations` passes in one submit, the first reading the untouched input, then ping-ponging two
 * buffers, as the Brook job does.
 * Plan "global": one thread a pixel, (16, 16) workgroups, the five vec2 loads straight from memory.
 * Plan "tile": the workgroup first copies its 16 x 16 pixels and a one-pixel halo into workgroup
 * memory (each pixel is read by five threads), then computes from there: what Brook, which has no
 * workgroup memory, cannot write.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, readBack, storageFrom } from '../gpu.js';
import type { Side } from '../side.js';
import type { Check } from '../reference.js';
import { bindGroup, clear, pipeline, submit, u32f32, uniform, type Dispatch } from './common.js';

const HEAD = /* wgsl */ `
struct Params { n: u32, dt: f32, nk: f32, rate: f32, lo: f32, hi: f32 }
@group(0) @binding(0) var<storage, read> src: array<vec2f>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2f>;
@group(0) @binding(2) var<uniform> p: Params;

fn update(c: vec2f, w: vec2f, e: vec2f, s: vec2f, n: vec2f) -> vec2f {
  let dI = vec4f(w.x, e.x, s.x, n.x) - c.x;
  let g = exp(dI * dI * p.nk);
  let dL = vec4f(w.y, e.y, s.y, n.y) - c.y;
  let u = c.y + p.dt * (dot(g, dL) + p.rate * c.y * (1.0 - c.y));
  return vec2f(c.x, select(0.0, u, c.x >= p.lo && c.x <= p.hi));
}
`;

const GLOBAL = /* wgsl */ `${HEAD}
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let x = g.x;
  let y = g.y;
  if (x >= p.n || y >= p.n) { return; }
  let row = y * p.n;
  let c = src[row + x];
  let w = src[row + max(x, 1u) - 1u];
  let e = src[row + min(x + 1u, p.n - 1u)];
  let s = src[(max(y, 1u) - 1u) * p.n + x];
  let n = src[min(y + 1u, p.n - 1u) * p.n + x];
  dst[row + x] = update(c, w, e, s, n);
}
`;

const TILE = /* wgsl */ `${HEAD}
var<workgroup> t: array<vec2f, 324>; // 18 x 18: the block and its halo

fn load(ix: i32, iy: i32) -> vec2f {
  let n = i32(p.n);
  let x = u32(clamp(ix, 0, n - 1));
  let y = u32(clamp(iy, 0, n - 1));
  return src[y * p.n + x];
}

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) l: vec3u) {
  let x0 = i32(wg.x * 16u) - 1;
  let y0 = i32(wg.y * 16u) - 1;
  let li = l.y * 16u + l.x;
  // 324 halo cells by 256 threads: two rounds.
  for (var k = li; k < 324u; k += 256u) {
    t[k] = load(x0 + i32(k % 18u), y0 + i32(k / 18u));
  }
  workgroupBarrier();
  let x = wg.x * 16u + l.x;
  let y = wg.y * 16u + l.y;
  if (x >= p.n || y >= p.n) { return; }
  let at = (l.y + 1u) * 18u + l.x + 1u;
  dst[y * p.n + x] = update(t[at], t[at - 1u], t[at + 1u], t[at - 18u], t[at + 18u]);
}
`;

/** The kernel's constants (bench/apps/segment.ts SegmentParams has them all). */
export interface SegmentConstants {
  n: number;
  iterations: number;
  dt: number;
  nk: number;
  rate: number;
  lo: number;
  hi: number;
}

/** `check` judges the final n x n float2 buffer (the caller owns the reference). */
export async function segmentWgsl(gpu: BenchGpu, prm: SegmentConstants, init: Float32Array, check: (got: Float32Array) => Check): Promise<Side[]> {
  const { device } = gpu;
  const { n, iterations } = prm;
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const bi = storageFrom(device, init, 'segment init');
  const ba = createBuffer(device, init.byteLength, usage, 'segment a');
  const bb = createBuffer(device, init.byteLength, usage, 'segment b');
  const bu = uniform(device, u32f32([{ u: n }, { f: prm.dt }, { f: prm.nk }, { f: prm.rate }, { f: prm.lo }, { f: prm.hi }]));
  const last = iterations % 2 === 1 ? bb : ba;
  const groups = Math.ceil(n / 16);
  const plans = [
    { code: GLOBAL, plan: 'one thread a pixel, (16,16) workgroups, loads from memory' },
    { code: TILE, plan: 'one thread a pixel, 18x18 tile with halo in workgroup memory' },
  ];
  let live = plans.length;
  const sides: Side[] = [];
  for (const [i, v] of plans.entries()) {
    const pipe = await pipeline(device, v.code, `segment-wgsl-${i}`);
    const first = bindGroup(device, pipe, [bi, bb, bu]);
    const toA = bindGroup(device, pipe, [bb, ba, bu]);
    const toB = bindGroup(device, pipe, [ba, bb, bu]);
    const dispatches: Dispatch[] = [];
    for (let it = 0; it < iterations; it++) {
      dispatches.push({ pipe, bind: it === 0 ? first : it % 2 === 1 ? toA : toB, grid: [groups, groups] });
    }
    sides.push({
      impl: 'wgsl',
      plan: `${v.plan}, ${iterations} passes in one submit`,
      run: () => submit(device, dispatches),
      reset: () => clear(device, last),
      async check() {
        return check(new Float32Array(await readBack(device, last, init.byteLength)));
      },
      dispose() {
        if (--live === 0) for (const b of [bi, ba, bb, bu]) b.destroy();
      },
    });
  }
  return sides;
}
