/**
 * Segment (paper 5.1, dissertation 6.2.2): seeded region growing by nonlinear diffusion, in the
 * manner of Sherbondy et al. (2003) with Perona-Malik's edge-stopping conductance.
 *
 * Every pixel is a float2: x the image intensity (never changes), y the region's level (1 inside,
 * 0 outside). One iteration, per pixel, from the pixel and its four neighbours (clamped at the edges):
 *   g_k  = exp(-K (I_k - I)^2)                       conductance: ~1 on smooth ground, ~0 across an edge
 *   u'   = u + dt (sum_k g_k (u_k - u) + r u (1 - u)) diffusion of the level plus growth (Fisher-KPP),
 *                                                    so the region's front moves at a steady speed
 *   u''  = u'  if lo <= I <= hi, else 0              only pixels in the seed's intensity window join
 * The work is counted from that kernel as written: 36 flops a pixel (4 intensity differences, 4
 * squares, 4 scalings, 4 exp, 4 level differences, a 4-term dot product (7), the growth term (3), the
 * update (2), 2 window comparisons, the mask (1); exp and comparisons count one each). The paper's
 * kernel was 32.
 *
 * The image is a synthetic slice: a head-like ellipse holding three irregular blobs; blobs A and C
 * have the same intensity but do not touch, so growing from a seed in A must never reach C (what
 * separates region growing from thresholding).
 * Small: 256 x 256; full: 2048 x 2048 (the paper's size). Figure 3 times `iterations` steps.
 */
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import { compare, type Check } from '../reference.js';
import type { Side } from '../side.js';
import { segmentWgsl } from '../wgsl/segment.js';
import { runFigure3, type AppDefinition, type BrookJob, type Figure3 } from './figure3.js';
import { kernels } from './kernels.js';
import { bySize, type AppSize } from './size.js';
import { FLOAT2 } from './streams.js';

export interface SegmentParams {
  size: AppSize;
  /** The image is n x n. */
  n: number;
  /** Iterations the notebook's picture runs (enough for the front to cross blob A). */
  pictureIterations: number;
  /** Iterations one Figure 3 run times. */
  iterations: number;
  dt: number;
  /** -K of the conductance exp(-K dI^2), passed negated so the kernel multiplies. */
  nk: number;
  /** Growth rate r. */
  rate: number;
  lo: number;
  hi: number;
}

export const SEGMENT_FLOPS_PER_PIXEL = 36;

export function segmentParams(size: AppSize): SegmentParams {
  const n = bySize(size, 256, 2048);
  // The front moves about a third of a pixel an iteration; blob A reaches 0.17 n from the seed.
  return { size, n, pictureIterations: Math.ceil((0.2 * n) / 0.33), iterations: bySize(size, 10, 20), dt: 0.2, nk: -60, rate: 1, lo: 0.5, hi: 0.7 };
}

/** Blob shapes in unit coordinates: centre, mean radius, a wobble of the radius, intensity. */
const BLOBS = [
  { name: 'A', cx: 0.37, cy: 0.42, r: 0.13, w3: 0.18, w5: 0.08, value: 0.6 },
  { name: 'B', cx: 0.64, cy: 0.6, r: 0.1, w3: 0.1, w5: 0.12, value: 0.85 },
  { name: 'C', cx: 0.62, cy: 0.27, r: 0.07, w3: 0.15, w5: 0.05, value: 0.6 },
] as const;

function inBlob(b: (typeof BLOBS)[number], u: number, v: number): boolean {
  const dx = u - b.cx;
  const dy = v - b.cy;
  const t = Math.atan2(dy, dx);
  const r = b.r * (1 + b.w3 * Math.sin(3 * t) + b.w5 * Math.cos(5 * t + 1));
  return dx * dx + dy * dy < r * r;
}

/** A hash of the pixel index to [0, 1): the image's noise, the same on every machine. */
function noise(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export interface SegmentInputs {
  /** n x n float2, interleaved (intensity, level): the level is 1 on a small disc in blob A. */
  init: Float32Array;
  /** Which blob each pixel belongs to (0 none, 1 A, 2 B, 3 C): for the notebook's summary. */
  blob: Uint8Array;
}

export function segmentInputs(p: SegmentParams): SegmentInputs {
  const { n } = p;
  const init = new Float32Array(2 * n * n);
  const blob = new Uint8Array(n * n);
  const seed = BLOBS[0];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const u = (x + 0.5) / n;
      const v = (y + 0.5) / n;
      const hx = (u - 0.5) / 0.44;
      const hy = (v - 0.5) / 0.47;
      let value = hx * hx + hy * hy < 1 ? 0.25 + 0.06 * v : 0.04;
      BLOBS.forEach((b, k) => {
        if (inBlob(b, u, v)) {
          value = b.value;
          blob[i] = k + 1;
        }
      });
      init[2 * i] = value + 0.08 * (noise(i) - 0.5);
      const sx = u - seed.cx;
      const sy = v - seed.cy;
      init[2 * i + 1] = sx * sx + sy * sy < (0.02 * 0.02) ? 1 : 0;
    }
  }
  return { init, blob };
}

/** `iterations` steps in float64 from `init`; returns the level of every pixel. */
export function segmentReference(p: SegmentParams, init: Float32Array, iterations: number): Float64Array {
  const { n, dt, nk, rate } = p;
  // Window bounds and constants as the float32 the kernels see, so the window test decides alike.
  const lo = Math.fround(p.lo);
  const hi = Math.fround(p.hi);
  const I = new Float64Array(n * n);
  let u = new Float64Array(n * n);
  let next = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) {
    I[i] = init[2 * i]!;
    u[i] = init[2 * i + 1]!;
  }
  const K = Math.fround(nk);
  const DT = Math.fround(dt);
  for (let it = 0; it < iterations; it++) {
    for (let y = 0; y < n; y++) {
      const up = (y > 0 ? y - 1 : 0) * n;
      const dn = (y < n - 1 ? y + 1 : n - 1) * n;
      const row = y * n;
      for (let x = 0; x < n; x++) {
        const l = x > 0 ? x - 1 : 0;
        const r = x < n - 1 ? x + 1 : n - 1;
        const c = I[row + x]!;
        const uc = u[row + x]!;
        const dw = I[row + l]! - c, de = I[row + r]! - c, ds = I[up + x]! - c, dn2 = I[dn + x]! - c;
        const sum =
          Math.exp(dw * dw * K) * (u[row + l]! - uc) +
          Math.exp(de * de * K) * (u[row + r]! - uc) +
          Math.exp(ds * ds * K) * (u[up + x]! - uc) +
          Math.exp(dn2 * dn2 * K) * (u[dn + x]! - uc);
        const grown = uc + DT * (sum + rate * uc * (1 - uc));
        next[row + x] = c >= lo && c <= hi ? grown : 0;
      }
    }
    [u, next] = [next, u];
  }
  return u;
}

/** The level of a float2 result (every other float) against the float64 reference. */
export function segmentCheck(got: ArrayLike<number>, want: Float64Array): Check {
  const level = new Float64Array(want.length);
  for (let i = 0; i < want.length; i++) level[i] = got[2 * i + 1]!;
  // The level lies in [0, 1]; float32 rounding over the iterations stays far below 1e-3.
  return compare(level, want, new Float64Array(want.length).fill(1), 1e-3, 0);
}

export interface SegmentSummary {
  /** Pixels with level > 0.5. */
  region: number;
  /** Share of blob A inside the region. */
  coverA: number;
  /** Region pixels outside blob A (the growth must not leak). */
  outsideA: number;
  /** Region pixels in blob C, which has A's intensity but does not touch it. */
  inC: number;
}

export function segmentSummary(inp: SegmentInputs, result: ArrayLike<number>): SegmentSummary {
  let region = 0, inA = 0, sizeA = 0, outsideA = 0, inC = 0;
  for (let i = 0; i < inp.blob.length; i++) {
    const inside = result[2 * i + 1]! > 0.5;
    if (inp.blob[i] === 1) sizeA++;
    if (!inside) continue;
    region++;
    if (inp.blob[i] === 1) inA++;
    else outsideA++;
    if (inp.blob[i] === 3) inC++;
  }
  return { region, coverA: inA / sizeA, outsideA, inC };
}

/** One thread, Float32Arrays, the loop a programmer would write. */
function segmentJs(p: SegmentParams, init: Float32Array, want: () => Float64Array): Side[] {
  const { n } = p;
  const a = new Float32Array(init.length);
  const b = new Float32Array(init.length);
  let out = a;
  return [
    {
      impl: 'js',
      plan: 'nested loops over Float32Arrays, clamped neighbours, one thread',
      async run() {
        let src = init;
        let dst = b;
        for (let it = 0; it < p.iterations; it++) {
          for (let y = 0; y < n; y++) {
            const up = (y > 0 ? y - 1 : 0) * n;
            const dn = (y < n - 1 ? y + 1 : n - 1) * n;
            const row = y * n;
            for (let x = 0; x < n; x++) {
              const i = row + x;
              const l = row + (x > 0 ? x - 1 : 0);
              const r = row + (x < n - 1 ? x + 1 : n - 1);
              const c = src[2 * i]!;
              const uc = src[2 * i + 1]!;
              const dw = src[2 * l]! - c, de = src[2 * r]! - c, ds = src[2 * (up + x)]! - c, dn2 = src[2 * (dn + x)]! - c;
              const sum =
                Math.exp(dw * dw * p.nk) * (src[2 * l + 1]! - uc) +
                Math.exp(de * de * p.nk) * (src[2 * r + 1]! - uc) +
                Math.exp(ds * ds * p.nk) * (src[2 * (up + x) + 1]! - uc) +
                Math.exp(dn2 * dn2 * p.nk) * (src[2 * (dn + x) + 1]! - uc);
              dst[2 * i] = c;
              dst[2 * i + 1] = c >= p.lo && c <= p.hi ? uc + p.dt * (sum + p.rate * uc * (1 - uc)) : 0;
            }
          }
          out = dst;
          src = dst;
          dst = dst === b ? a : b;
        }
      },
      check: async () => segmentCheck(out, want()),
      dispose() {},
    },
  ];
}

export function segmentApp(given: { grow: unknown }, p: SegmentParams, inp = segmentInputs(p)): AppDefinition {
  const k = kernels(given, ['grow']);
  const { n } = p;
  let ref: Float64Array | undefined;
  const want = () => (ref ??= segmentReference(p, inp.init, p.iterations));
  const bytes = 8 * n * n;
  return {
    id: 'segment',
    title: 'Segment',
    size: `${n} x ${n} image, ${p.iterations} iterations`,
    unit: 'MFLOPS',
    work: SEGMENT_FLOPS_PER_PIXEL * n * n * p.iterations,
    workNote: `${SEGMENT_FLOPS_PER_PIXEL} flops a pixel an iteration (the kernel as written; the paper's had 32)`,
    bytes: 2 * bytes * p.iterations,
    largestBufferBytes: bytes,
    brook(rt: BrookRuntimeHandle): BrookJob {
      const init = rt.createStream('init', FLOAT2, [n, n]);
      const a = rt.createStream('a', FLOAT2, [n, n]);
      const b = rt.createStream('b', FLOAT2, [n, n]);
      const out = new Float32Array(2 * n * n);
      const last = p.iterations % 2 === 1 ? b : a;
      return {
        bytesIn: bytes,
        bytesOut: bytes,
        async upload() {
          await rt.streamRead(init, inp.init);
          await rt.finish();
        },
        run() {
          // From the untouched input every run, ping-ponging a and b: the same iterations each time.
          let src = init;
          for (let it = 0; it < p.iterations; it++) {
            const dst = it % 2 === 0 ? b : a;
            rt.call(k.grow, [src, p.dt, p.nk, p.rate, p.lo, p.hi, dst]);
            src = dst;
          }
        },
        download: () => rt.streamWrite(last, out),
        check: () => segmentCheck(out, want()),
        dispose() {
          for (const s of [init, a, b]) rt.free(s);
        },
      };
    },
    wgsl: (gpu) => segmentWgsl(gpu, p, inp.init, (got) => segmentCheck(got, want())),
    js: () => segmentJs(p, inp.init, want),
  };
}

/** Figure 3 for Segment with the notebook's `grow` kernel. */
export function segmentFigure3(given: { grow: unknown }, p: SegmentParams, inp = segmentInputs(p)): Promise<Figure3> {
  return runFigure3(segmentApp(given, p, inp), p.size);
}
