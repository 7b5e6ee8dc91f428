/**
 * FFT (paper 5.1, dissertation 6.2.3): a 2-D Cooley-Tukey FFT of a 4-channel n x n complex signal.
 * Brook streams: the real and imaginary parts as float4<n, n> (one channel a component); a
 * bit-reversal kernel once, then log2 n radix-2 butterfly passes along the rows and log2 n along the
 * columns (the paper's 1 + 10 + 10 calls at 1024), twiddles from a float2 table.
 * Small: 128 x 128; full: 1024 x 1024 (the paper's size). Work: benchFFT's convention, as the paper:
 * 5 N log2 N flops per channel with N = n^2.
 * Hand versions: WGSL (bench/wgsl/fft.ts: the same passes by hand; a whole row or column in
 * workgroup memory, two passes in all).
 */
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import { compare, type Check } from '../reference.js';
import type { Side } from '../side.js';
import { fftWgsl } from '../wgsl/fft.js';
import { runFigure3, type AppDefinition, type BrookJob, type Figure3 } from './figure3.js';
import { kernels } from './kernels.js';
import { bySize, type AppSize } from './size.js';
import { FLOAT2, FLOAT4 } from './streams.js';

export interface FftParams {
  size: AppSize;
  /** The signal is n x n, n a power of two. */
  n: number;
  bits: number;
}

export function fftParams(size: AppSize): FftParams {
  const n = bySize(size, 128, 1024);
  return { size, n, bits: Math.log2(n) };
}

export interface FftInputs {
  /** n x n float4: four channels' real parts, then their imaginary parts. */
  re: Float32Array;
  im: Float32Array;
  /** exp(-2 pi i k / n), k < n / 2, as float2. */
  twiddles: Float32Array;
}

/** A picture in each of the first three channels (a disc with a grating, a checkerboard, three
 *  Gaussian spots) and a complex chirp in the fourth. */
export function fftInputs(p: FftParams): FftInputs {
  const { n } = p;
  const re = new Float32Array(4 * n * n);
  const im = new Float32Array(4 * n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const u = (x + 0.5) / n - 0.5;
      const v = (y + 0.5) / n - 0.5;
      const o = 4 * (y * n + x);
      const r2 = u * u + v * v;
      re[o] = (r2 < 0.04 ? 0.6 : 0) + (Math.abs(u) < 0.35 && Math.abs(v) < 0.35 ? 0.2 + 0.2 * Math.cos(2 * Math.PI * (14 * u + 6 * v)) : 0);
      const cu = Math.floor((u + 0.5) * 16);
      const cv = Math.floor((v + 0.5) * 16);
      re[o + 1] = Math.abs(u + v) < 0.45 && Math.abs(u - v) < 0.3 ? ((cu + cv) % 2) * 0.9 : 0.05;
      re[o + 2] = [[-0.2, -0.15, 0.08], [0.18, 0.05, 0.05], [-0.05, 0.22, 0.12]].reduce((s, [gx, gy, w]) => s + Math.exp(-((u - gx!) ** 2 + (v - gy!) ** 2) / (2 * w! * w!)), 0) * 0.8;
      const phase = 60 * Math.PI * r2;
      re[o + 3] = Math.cos(phase);
      im[o + 3] = Math.sin(phase);
    }
  }
  const twiddles = new Float32Array(n);
  for (let k = 0; k < n / 2; k++) {
    twiddles[2 * k] = Math.cos((-2 * Math.PI * k) / n);
    twiddles[2 * k + 1] = Math.sin((-2 * Math.PI * k) / n);
  }
  return { re, im, twiddles };
}

type Reals = Float64Array | Float32Array;

/** In-place radix-2 FFT of `len` complex values at `off`, `stride` apart (float64 or float32 arrays). */
function fft1d(re: Reals, im: Reals, off: number, stride: number, len: number, cos: Reals, sin: Reals): void {
  for (let i = 1, j = 0; i < len; i++) {
    let bit = len >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const a = off + i * stride;
      const b = off + j * stride;
      const tr = re[a]!;
      const ti = im[a]!;
      re[a] = re[b]!;
      im[a] = im[b]!;
      re[b] = tr;
      im[b] = ti;
    }
  }
  for (let size = 2; size <= len; size *= 2) {
    const half = size / 2;
    const step = len / size;
    for (let s = 0; s < len; s += size) {
      for (let k = 0; k < half; k++) {
        const a = off + (s + k) * stride;
        const b = a + half * stride;
        const wr = cos[k * step]!;
        const wi = sin[k * step]!;
        const tr = wr * re[b]! - wi * im[b]!;
        const ti = wr * im[b]! + wi * re[b]!;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/** The 2-D DFT of every channel in float64 (rows, then columns), interleaved like the input. */
export function fftReference(p: FftParams, inp: Pick<FftInputs, 're' | 'im'>): { re: Float64Array; im: Float64Array } {
  const { n } = p;
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) {
    cos[k] = Math.cos((-2 * Math.PI * k) / n);
    sin[k] = Math.sin((-2 * Math.PI * k) / n);
  }
  const re = Float64Array.from(inp.re);
  const im = Float64Array.from(inp.im);
  for (let c = 0; c < 4; c++) {
    for (let y = 0; y < n; y++) fft1d(re, im, 4 * y * n + c, 4, n, cos, sin);
    for (let x = 0; x < n; x++) fft1d(re, im, 4 * x + c, 4 * n, n, cos, sin);
  }
  return { re, im };
}

/**
 * Real and imaginary parts against the float64 transform. A float32 FFT's rounding grows like
 * eps log2 N: relative to the output itself for large outputs (the DC term of a 1024^2 image is the
 * sum of a million values), and relative to the channel's L2 norm for the many small ones. So each
 * element's scale is (|X_k| + ||x||_2) * 2 log2 n, with a tolerance of 1e-6 of it: a wrong twiddle or
 * sign is off by the order of |X_k| itself and fails by orders of magnitude.
 */
export function fftCheck(p: FftParams, inp: Pick<FftInputs, 're' | 'im'>, want: { re: Float64Array; im: Float64Array }, gotRe: ArrayLike<number>, gotIm: ArrayLike<number>): Check {
  const norm = [0, 0, 0, 0];
  for (let i = 0; i < inp.re.length; i++) norm[i & 3] += inp.re[i]! ** 2 + inp.im[i]! ** 2;
  const bound = 2 * p.bits;
  const scale = new Float64Array(want.re.length);
  for (let i = 0; i < scale.length; i++) scale[i] = (Math.hypot(want.re[i]!, want.im[i]!) + Math.sqrt(norm[i & 3]!)) * bound;
  const r = compare(gotRe, want.re, scale, 1e-6, 1e-30);
  if (!r.ok) return { ...r, detail: `real part, ${r.detail}` };
  const i = compare(gotIm, want.im, scale, 1e-6, 1e-30);
  if (!i.ok) return { ...i, detail: `imaginary part, ${i.detail}` };
  return { ok: true, maxRelError: Math.max(r.maxRelError, i.maxRelError) };
}

/** The calls of one transform: (kernel, stage half-size, direction) after the bit reversal. */
export function fftPasses(n: number): { half: number; dir: [number, number] }[] {
  const passes: { half: number; dir: [number, number] }[] = [];
  for (const dir of [[1, 0], [0, 1]] as [number, number][]) for (let half = 1; half < n; half *= 2) passes.push({ half, dir });
  return passes;
}

/** The same radix-2 FFT over Float32Arrays on one thread (the paper's CPU side was FFTW). */
function fftJs(p: FftParams, inp: FftInputs, want: () => { re: Float64Array; im: Float64Array }): Side[] {
  const { n } = p;
  const re = new Float32Array(inp.re.length);
  const im = new Float32Array(inp.im.length);
  const cos = new Float32Array(n / 2);
  const sin = new Float32Array(n / 2);
  for (let k = 0; k < n / 2; k++) {
    cos[k] = inp.twiddles[2 * k]!;
    sin[k] = inp.twiddles[2 * k + 1]!;
  }
  return [
    {
      impl: 'js',
      plan: 'iterative radix-2 over Float32Arrays, rows then columns, one thread',
      async run() {
        re.set(inp.re);
        im.set(inp.im);
        for (let c = 0; c < 4; c++) {
          for (let y = 0; y < n; y++) fft1d(re, im, 4 * y * n + c, 4, n, cos, sin);
          for (let x = 0; x < n; x++) fft1d(re, im, 4 * x + c, 4 * n, n, cos, sin);
        }
      },
      check: async () => fftCheck(p, inp, want(), re, im),
      dispose() {},
    },
  ];
}

/** `ref`: the float64 transform, when the caller computed it already. */
export function fftApp(given: { bitrev: unknown; butterfly: unknown }, p: FftParams, inp = fftInputs(p), ref?: { re: Float64Array; im: Float64Array }): AppDefinition {
  const k = kernels(given, ['bitrev', 'butterfly']);
  const { n } = p;
  const passes = fftPasses(n);
  const want = () => (ref ??= fftReference(p, inp));
  const plane = 16 * n * n;
  return {
    id: 'fft',
    title: 'FFT',
    size: `${n} x ${n}, 4 complex channels, ${1 + passes.length} passes`,
    unit: 'MFLOPS',
    work: 5 * n * n * 4 * Math.log2(n * n),
    workNote: "5 N log2 N flops a channel, N = n^2 (benchFFT's count, as the paper)",
    bytes: 2 * 2 * plane * (1 + passes.length),
    largestBufferBytes: plane,
    brook(rt: BrookRuntimeHandle): BrookJob {
      const make = (name: string) => rt.createStream(name, FLOAT4, [n, n]);
      const [inRe, inIm, aRe, aIm, bRe, bIm] = ['re', 'im', 'aRe', 'aIm', 'bRe', 'bIm'].map(make) as [ReturnType<typeof make>, ReturnType<typeof make>, ReturnType<typeof make>, ReturnType<typeof make>, ReturnType<typeof make>, ReturnType<typeof make>];
      const tw = rt.createStream('tw', FLOAT2, [n / 2]);
      const outRe = new Float32Array(4 * n * n);
      const outIm = new Float32Array(4 * n * n);
      const [lastRe, lastIm] = passes.length % 2 === 0 ? [aRe, aIm] : [bRe, bIm];
      return {
        bytesIn: 2 * plane + 4 * n,
        bytesOut: 2 * plane,
        async upload() {
          await rt.streamRead(inRe, inp.re);
          await rt.streamRead(inIm, inp.im);
          await rt.streamRead(tw, inp.twiddles);
          await rt.finish();
        },
        run() {
          rt.call(k.bitrev, [inRe, inIm, p.bits, aRe, aIm]);
          passes.forEach((s, i) => {
            const [sr, si, dr, di] = i % 2 === 0 ? [aRe, aIm, bRe, bIm] : [bRe, bIm, aRe, aIm];
            rt.call(k.butterfly, [sr, si, tw, s.half, n, s.dir, dr, di]);
          });
        },
        async download() {
          await rt.streamWrite(lastRe, outRe);
          await rt.streamWrite(lastIm, outIm);
        },
        check: () => fftCheck(p, inp, want(), outRe, outIm),
        dispose() {
          for (const s of [inRe, inIm, aRe, aIm, bRe, bIm, tw]) rt.free(s);
        },
      };
    },
    wgsl: (gpu) => fftWgsl(gpu, n, inp, (re, im) => fftCheck(p, inp, want(), re, im)),
    js: () => fftJs(p, inp, want),
  };
}

/** Figure 3 for the FFT with the notebook's `bitrev` and `butterfly` kernels. */
export function fftFigure3(given: { bitrev: unknown; butterfly: unknown }, p: FftParams, inp = fftInputs(p), ref?: { re: Float64Array; im: Float64Array }): Promise<Figure3> {
  return runFigure3(fftApp(given, p, inp, ref), p.size);
}
