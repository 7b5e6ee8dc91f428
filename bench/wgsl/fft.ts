/**
 * Hand-written 2-D FFT of a 4-channel n x n complex signal held as vec4f real and imaginary planes
 * (bench/apps/fft.ts has the job), twiddles from the same float2 table the Brook job reads.
 * Plan "passes": the Brook job's structure by hand: a bit-reversal pass, then one radix-2 butterfly
 * pass per stage along the rows and along the columns, a thread an output element, ping-pong.
 * Plan "workgroup": one workgroup transforms a whole row (then, in a second pass, a whole column)
 * in workgroup memory: loaded in bit-reversed order, every stage done there with barriers between,
 * written once. Two passes in all; needs 32 n bytes of workgroup memory (32 KiB at n = 1024).
 */
import type { BenchGpu } from '../gpu.js';
import { createBuffer, readBack, storageFrom } from '../gpu.js';
import type { Check } from '../reference.js';
import type { Side } from '../side.js';
import { bindGroup, pipeline, submit, u32f32, uniform, type Dispatch } from './common.js';

const BITREV = /* wgsl */ `
struct P { n: u32, bits: u32 }
@group(0) @binding(0) var<storage, read> re: array<vec4f>;
@group(0) @binding(1) var<storage, read> im: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> ore: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> oim: array<vec4f>;
@group(0) @binding(4) var<uniform> p: P;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x >= p.n || g.y >= p.n) { return; }
  let sx = reverseBits(g.x) >> (32u - p.bits);
  let sy = reverseBits(g.y) >> (32u - p.bits);
  let o = g.y * p.n + g.x;
  let s = sy * p.n + sx;
  ore[o] = re[s];
  oim[o] = im[s];
}
`;

const BUTTERFLY = /* wgsl */ `
struct P { n: u32, half: u32, rows: u32 }
@group(0) @binding(0) var<storage, read> re: array<vec4f>;
@group(0) @binding(1) var<storage, read> im: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> ore: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> oim: array<vec4f>;
@group(0) @binding(4) var<storage, read> tw: array<vec2f>;
@group(0) @binding(5) var<uniform> p: P;
@compute @workgroup_size(16, 16)
fn main(@builtin(global_invocation_id) g: vec3u) {
  if (g.x >= p.n || g.y >= p.n) { return; }
  let k = select(g.y, g.x, p.rows == 1u);
  let j = k & (2u * p.half - 1u);
  let lower = j < p.half;
  let jj = select(j - p.half, j, lower);
  let ka = select(k - p.half, k, lower);
  let step = select(p.n, 1u, p.rows == 1u);
  let o = g.y * p.n + g.x;
  let a = o - (k - ka) * step;
  let b = a + p.half * step;
  let w = tw[jj * (p.n / (2u * p.half))];
  let br = re[b];
  let bi = im[b];
  let tr = w.x * br - w.y * bi;
  let ti = w.x * bi + w.y * br;
  let s = select(-1.0, 1.0, lower);
  ore[o] = re[a] + s * tr;
  oim[o] = im[a] + s * ti;
}
`;

/** One workgroup a line (row or column), the whole 1-D transform in workgroup memory. */
function lineShader(n: number): string {
  return /* wgsl */ `
struct P { n: u32, bits: u32, rows: u32 }
@group(0) @binding(0) var<storage, read> re: array<vec4f>;
@group(0) @binding(1) var<storage, read> im: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> ore: array<vec4f>;
@group(0) @binding(3) var<storage, read_write> oim: array<vec4f>;
@group(0) @binding(4) var<storage, read> tw: array<vec2f>;
@group(0) @binding(5) var<uniform> p: P;
var<workgroup> sr: array<vec4f, ${n}>;
var<workgroup> si: array<vec4f, ${n}>;
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) li: u32) {
  let line = wg.x;
  // Element k of this line lies at base + k * step.
  let base = select(line, line * p.n, p.rows == 1u);
  let step = select(p.n, 1u, p.rows == 1u);
  for (var k = li; k < p.n; k += 256u) {
    let src = base + (reverseBits(k) >> (32u - p.bits)) * step;
    sr[k] = re[src];
    si[k] = im[src];
  }
  workgroupBarrier();
  for (var half = 1u; half < p.n; half *= 2u) {
    for (var t = li; t < p.n / 2u; t += 256u) {
      let j = t & (half - 1u);
      let a = (t - j) * 2u + j;
      let b = a + half;
      let w = tw[j * (p.n / (2u * half))];
      let tr = w.x * sr[b] - w.y * si[b];
      let ti = w.x * si[b] + w.y * sr[b];
      let ar = sr[a];
      let ai = si[a];
      sr[a] = ar + tr;
      si[a] = ai + ti;
      sr[b] = ar - tr;
      si[b] = ai - ti;
    }
    workgroupBarrier();
  }
  for (var k = li; k < p.n; k += 256u) {
    ore[base + k * step] = sr[k];
    oim[base + k * step] = si[k];
  }
}
`;
}

/** `check(re, im)` judges the transform (the caller owns the reference). */
export async function fftWgsl(gpu: BenchGpu, n: number, inp: { re: Float32Array; im: Float32Array; twiddles: Float32Array }, check: (re: Float32Array, im: Float32Array) => Check): Promise<Side[]> {
  const { device } = gpu;
  const bits = Math.log2(n);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const bytes = inp.re.byteLength;
  const inRe = storageFrom(device, inp.re, 'fft re');
  const inIm = storageFrom(device, inp.im, 'fft im');
  const tw = storageFrom(device, inp.twiddles, 'fft twiddles');
  const [aRe, aIm, bRe, bIm] = ['a re', 'a im', 'b re', 'b im'].map((l) => createBuffer(device, bytes, usage, `fft ${l}`)) as [GPUBuffer, GPUBuffer, GPUBuffer, GPUBuffer];
  const uniforms: GPUBuffer[] = [];
  const u = (words: number[]) => {
    const b = uniform(device, u32f32(words.map((w) => ({ u: w }))));
    uniforms.push(b);
    return b;
  };
  const sides: Side[] = [];
  let live = 0;
  const dispose = () => {
    if (--live === 0) for (const b of [inRe, inIm, tw, aRe, aIm, bRe, bIm, ...uniforms]) b.destroy();
  };
  const result = (re: GPUBuffer, im: GPUBuffer) => async () => check(new Float32Array(await readBack(device, re, bytes)), new Float32Array(await readBack(device, im, bytes)));
  const g = Math.ceil(n / 16);

  {
    const bitrev = await pipeline(device, BITREV, 'fft-wgsl-bitrev');
    const fly = await pipeline(device, BUTTERFLY, 'fft-wgsl-butterfly');
    const dispatches: Dispatch[] = [{ pipe: bitrev, bind: bindGroup(device, bitrev, [inRe, inIm, aRe, aIm, u([n, bits])]), grid: [g, g] }];
    let [sr, si, dr, di] = [aRe, aIm, bRe, bIm];
    for (const rows of [1, 0]) {
      for (let half = 1; half < n; half *= 2) {
        dispatches.push({ pipe: fly, bind: bindGroup(device, fly, [sr, si, dr, di, tw, u([n, half, rows])]), grid: [g, g] });
        [sr, si, dr, di] = [dr, di, sr, si];
      }
    }
    live++;
    sides.push({ impl: 'wgsl', plan: `bit reversal + ${dispatches.length - 1} butterfly passes, a thread an element`, run: () => submit(device, dispatches), check: result(sr, si), dispose });
  }

  if (32 * n <= device.limits.maxComputeWorkgroupStorageSize) {
    const line = await pipeline(device, lineShader(n), 'fft-wgsl-line');
    const dispatches: Dispatch[] = [
      { pipe: line, bind: bindGroup(device, line, [inRe, inIm, bRe, bIm, tw, u([n, bits, 1])]), grid: [n, 1] },
      { pipe: line, bind: bindGroup(device, line, [bRe, bIm, aRe, aIm, tw, u([n, bits, 0])]), grid: [n, 1] },
    ];
    live++;
    sides.push({ impl: 'wgsl', plan: 'a row, then a column, a workgroup, every stage in workgroup memory (2 passes)', run: () => submit(device, dispatches), check: result(aRe, aIm), dispose });
  }
  return sides;
}
