/**
 * Hand-written bitonic sort of n floats (n a power of two), ascending; every run sorts the untouched
 * input again (the first pass reads it, later passes work on scratch buffers), as the Brook job does.
 * Plan "element": Brook's own algorithm written by hand: one pass per merge step (lg n (lg n + 1) / 2
 * passes), each thread writing one element from itself and its partner at distance `half`, ping-pong.
 * Plan "shared": the GPU programmer's version: a thread per compare-exchange pair, in place; every
 * step whose pairs lie within 512 elements runs inside one pass in workgroup memory (the whole of
 * stages 2..512 in the first pass, the tail of each later stage in one pass each), so 2^20 elements
 * take 78 passes instead of 210. Brook has no workgroup memory and no in-place scatter.
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, grid, readBack, storageFrom } from '../gpu.js';
import type { Check } from '../reference.js';
import type { Side } from '../side.js';
import { bindGroup, pipeline, submit, u32f32, uniform, type Dispatch } from './common.js';

const TILE = 512;

const ELEMENT = /* wgsl */ `
struct P { n: u32, block: u32, half: u32 }
@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
@group(0) @binding(2) var<uniform> p: P;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let i = gid.x + gid.y * nwg.x * 256u;
  if (i >= p.n) { return; }
  let a = src[i];
  let b = src[i ^ p.half];
  let up = (i & p.block) == 0u;
  let lower = (i & p.half) == 0u;
  dst[i] = select(max(a, b), min(a, b), lower == up);
}
`;

const PAIRS = /* wgsl */ `
struct P { n: u32, block: u32, half: u32 }
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<uniform> p: P;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3u, @builtin(num_workgroups) nwg: vec3u) {
  let t = gid.x + gid.y * nwg.x * 256u;
  if (t >= p.n / 2u) { return; }
  let h = p.half;
  let lo = ((t & ~(h - 1u)) << 1u) | (t & (h - 1u));
  let hi = lo + h;
  let a = data[lo];
  let c = data[hi];
  if ((a > c) == ((lo & p.block) == 0u)) {
    data[lo] = c;
    data[hi] = a;
  }
}
`;

/** The workgroup-memory pass: `first` sorts each 512-element tile (stages 2..512), else it runs the
 *  steps half = 256..1 of stage `block`. `fromInput`: reads the input buffer, writes the scratch one. */
function localShader(fromInput: boolean): string {
  const io = fromInput
    ? `@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;
@group(0) @binding(2) var<uniform> p: P;`
    : `@group(0) @binding(0) var<storage, read_write> dst: array<f32>;
@group(0) @binding(1) var<uniform> p: P;`;
  const src = fromInput ? 'src' : 'dst';
  return /* wgsl */ `
struct P { n: u32, block: u32, first: u32 }
${io}
var<workgroup> t: array<f32, ${TILE}>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(num_workgroups) nwg: vec3u, @builtin(local_invocation_index) li: u32) {
  let base = (wg.x + wg.y * nwg.x) * ${TILE}u;
  t[li] = ${src}[base + li];
  t[li + 256u] = ${src}[base + li + 256u];
  workgroupBarrier();
  var b = select(p.block, 2u, p.first == 1u);
  let last = select(p.block, ${TILE}u, p.first == 1u);
  loop {
    if (b > last) { break; }
    var h = min(b >> 1u, 256u);
    loop {
      if (h == 0u) { break; }
      let lo = ((li & ~(h - 1u)) << 1u) | (li & (h - 1u));
      let a = t[lo];
      let c = t[lo + h];
      if ((a > c) == (((base + lo) & b) == 0u)) {
        t[lo] = c;
        t[lo + h] = a;
      }
      workgroupBarrier();
      h = h >> 1u;
    }
    b = b << 1u;
  }
  dst[base + li] = t[li];
  dst[base + li + 256u] = t[li + 256u];
}
`;
}

/** `check` judges the sorted n floats (the caller owns the reference). */
export async function sortWgsl(gpu: BenchGpu, input: Float32Array, check: (got: Float32Array) => Check): Promise<Side[]> {
  const { device } = gpu;
  const n = input.length;
  const lg = Math.log2(n);
  if (!Number.isInteger(lg)) throw new Error(`bitonic sort needs a power of two, got ${n}`);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const bin = storageFrom(device, input, 'sort input');
  const ba = createBuffer(device, input.byteLength, usage, 'sort a');
  const bb = createBuffer(device, input.byteLength, usage, 'sort b');
  const maxDim = device.limits.maxComputeWorkgroupsPerDimension;
  const uniforms: GPUBuffer[] = [];
  const u = (words: { u: number }[]) => {
    const b = uniform(device, u32f32(words));
    uniforms.push(b);
    return b;
  };
  const sides: Side[] = [];
  let live = 0;
  const dispose = () => {
    if (--live === 0) for (const b of [bin, ba, bb, ...uniforms]) b.destroy();
  };

  // Plan "element": Brook's algorithm.
  {
    const pipe = await pipeline(device, ELEMENT, 'sort-wgsl-element');
    const g = grid(Math.ceil(n / 256), maxDim);
    const dispatches: Dispatch[] = [];
    let src = bin;
    let k = 0;
    for (let block = 2; block <= n; block *= 2) {
      for (let half = block / 2; half >= 1; half /= 2) {
        const dst = k % 2 === 0 ? ba : bb;
        dispatches.push({ pipe, bind: bindGroup(device, pipe, [src, dst, u([{ u: n }, { u: block }, { u: half }])]), grid: [g[0], g[1]] });
        src = dst;
        k++;
      }
    }
    const last = src;
    live++;
    sides.push({
      impl: 'wgsl',
      plan: `one pass a merge step (${dispatches.length} passes), a thread an element, ping-pong`,
      run: () => submit(device, dispatches),
      check: async () => check(new Float32Array(await readBack(device, last, input.byteLength))),
      dispose,
    });
  }

  // Plan "shared": local sorts and merge tails in workgroup memory, long steps in place.
  if (n >= TILE) {
    const first = await pipeline(device, localShader(true), 'sort-wgsl-local-first');
    const local = await pipeline(device, localShader(false), 'sort-wgsl-local');
    const pairs = await pipeline(device, PAIRS, 'sort-wgsl-pairs');
    const gTiles = grid(n / TILE, maxDim);
    const gPairs = grid(Math.ceil(n / 2 / 256), maxDim);
    const dispatches: Dispatch[] = [{ pipe: first, bind: bindGroup(device, first, [bin, ba, u([{ u: n }, { u: 0 }, { u: 1 }])]), grid: [gTiles[0], gTiles[1]] }];
    for (let block = 2 * TILE; block <= n; block *= 2) {
      for (let half = block / 2; half >= TILE; half /= 2) {
        dispatches.push({ pipe: pairs, bind: bindGroup(device, pairs, [ba, u([{ u: n }, { u: block }, { u: half }])]), grid: [gPairs[0], gPairs[1]] });
      }
      dispatches.push({ pipe: local, bind: bindGroup(device, local, [ba, u([{ u: n }, { u: block }, { u: 0 }])]), grid: [gTiles[0], gTiles[1]] });
    }
    live++;
    sides.push({
      impl: 'wgsl',
      plan: `compare-exchange pairs in place, steps within ${TILE} elements in workgroup memory (${dispatches.length} passes)`,
      run: () => submit(device, dispatches),
      check: async () => check(new Float32Array(await readBack(device, ba, input.byteLength))),
      dispose,
    });
  }
  return sides;
}
