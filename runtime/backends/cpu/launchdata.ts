/**
 * Launch data for generated JavaScript kernels: turns a resolved `Launch` (brt/api.ts) into the plain
 * object `L` the code of codegen/js reads, and picks each argument's addressing (the JsPlan).
 *
 * All shapes are padded to 4 dimensions at the front (extent 1, offset 0), so dimension 3 is always
 * the fastest. For an argument of domain shape s, offset lo and stream shape S read from an iteration
 * space of shape O:
 *   stride[d] = S[d+1] * ... * S[3]
 *   r(c)      = floor(c * s[d] / O[d])                             shape resizing (resizedIndex)
 *   T[d][c]   = (lo[d] + r(c)) * stride[d]                         element index contributions
 *   X[d][c]   = r(c)                                               indexof, relative to the domain
 * 'linear' addressing (element = base + i) is used when s = O and the strides are those of O.
 */
import type { LaunchArg } from '../../brt/api.js';
import type { Access } from '../../compiler/codegen/js/index.js';
import type { CpuBuffer } from './buffers.js';

export function pad4(a: readonly number[], fill: number): number[] {
  return [...new Array<number>(4 - a.length).fill(fill), ...a];
}

export function strides4(shape: readonly number[]): number[] {
  const s = pad4(shape, 1);
  const out = [0, 0, 0, 1];
  for (let d = 2; d >= 0; d--) out[d] = out[d + 1]! * s[d + 1]!;
  return out;
}

/** Element index of a domain's first element. */
export function baseOf(arg: { stream: { shape: number[] }; lo: number[] }): number {
  const st = strides4(arg.stream.shape);
  const lo = pad4(arg.lo, 0);
  return lo.reduce((acc, l, d) => acc + l * st[d]!, 0);
}

export function accessOf(arg: { stream: { shape: number[] }; lo: number[]; shape: number[] }, space: readonly number[]): Access {
  const s = pad4(arg.shape, 1);
  const O = pad4(space, 1);
  if (s.some((x, d) => x !== O[d])) return 'table';
  const st = strides4(arg.stream.shape);
  const want = strides4(space);
  for (let d = 0; d < 4; d++) if (O[d]! > 1 && st[d] !== want[d]) return 'table';
  return 'linear';
}

/**
 * The shape-resizing rule (BROOK.md 4, the original BrookGPU): the input index read at output index
 * `outIndex` of an extent-`outExtent` dimension is floor(outIndex * inExtent / outExtent), with no
 * texel-centre offset: 123 -> 111222333, 1..10 -> 13579, 123456789 -> 12468. Exact in integers:
 * extents are at most 2^24 here, so the product stays below 2^53. The WGSL twin is `brk_resize1`
 * (codegen/wgsl/memory.ts).
 */
export function resizedIndex(outIndex: number, inExtent: number, outExtent: number): number {
  if (inExtent === outExtent) return outIndex;
  return Math.floor((outIndex * inExtent) / outExtent);
}

function resizeTable(inExtent: number, outExtent: number, f: (idx: number) => number): Int32Array {
  const t = new Int32Array(outExtent);
  for (let c = 0; c < outExtent; c++) t[c] = f(resizedIndex(c, inExtent, outExtent));
  return t;
}

/** Addressing data of a stream argument read or written at the positions of `space`. */
export function streamData(
  arg: LaunchArg & { kind: 'stream' | 'iter' },
  space: readonly number[],
  buf: CpuBuffer | undefined,
  withIndexof: boolean,
  access: Access = 'table',
) {
  const s = pad4(arg.shape, 1);
  const O = pad4(space, 1);
  const lo = pad4(arg.lo, 0);
  const st = strides4(arg.stream.shape);
  const data: Record<string, unknown> = { base: baseOf(arg) };
  if (access === 'table') data.T = [0, 1, 2, 3].map((d) => resizeTable(s[d]!, O[d]!, (x) => (lo[d]! + x) * st[d]!));
  if (withIndexof) data.X = [0, 1, 2, 3].map((d) => resizeTable(s[d]!, O[d]!, (x) => x));
  if (buf) Object.assign(data, { F: buf.F, I: buf.I, U: buf.U, words: arg.stream.words });
  return data;
}

/** Iterator data: per padded dimension the absolute iterator index, per component lo, hi - lo, n and
 *  the dimension it follows (BROOK.md 3: 1-D: every component along the stream; 2-D and more: x along
 *  the fastest dimension, y the next, ...; components past the rank stay at lo). */
export function iterData(arg: LaunchArg & { kind: 'iter' }, space: readonly number[], withIndexof: boolean) {
  const it = arg.stream.iter!;
  const s = pad4(arg.shape, 1);
  const O = pad4(space, 1);
  const lo = pad4(arg.lo, 0);
  const full = pad4(arg.stream.shape, 1);
  const dim = iterDims(arg);
  const n = dim.map((d) => (d < 0 ? 1 : full[d]!));
  const data: Record<string, unknown> = {
    A: [0, 1, 2, 3].map((d) => resizeTable(s[d]!, O[d]!, (x) => lo[d]! + x)),
    lo: it.lo.map((x) => Math.fround(x)),
    d: it.lo.map((x, c) => Math.fround(Math.fround(it.hi[c]!) - Math.fround(x))),
    n,
    dim,
  };
  if (withIndexof) data.X = [0, 1, 2, 3].map((d) => resizeTable(s[d]!, O[d]!, (x) => x));
  return data;
}

/** The padded dimension each iterator component follows (-1: none, the component stays at lo). */
export function iterDims(arg: LaunchArg & { kind: 'iter' }): number[] {
  const rank = arg.stream.shape.length;
  return arg.stream.iter!.lo.map((_, c) => (rank === 1 ? 3 : c < rank ? 3 - c : -1));
}

/** Gather data: the gathered domain's extents, offsets and the stream's strides, padded. */
export function gatherData(arg: LaunchArg & { kind: 'stream' }, buf: CpuBuffer) {
  return {
    e: pad4(arg.shape, 1),
    l: pad4(arg.lo, 0),
    s: strides4(arg.stream.shape),
    F: buf.F,
    I: buf.I,
    U: buf.U,
    words: arg.stream.words,
  };
}
