/**
 * Launch data for generated JavaScript kernels: turns a resolved `Launch` (brt/api.ts) into the plain
 * object `L` the code of codegen/js reads, and picks each argument's addressing (the JsPlan).
 *
 * All shapes are padded to 4 dimensions at the front (extent 1, offset 0), so dimension 3 is always
 * the fastest. An argument of domain shape s, offset lo and stream shape S read from an iteration
 * space of shape O is addressed arithmetically by the generated code (codegen/js/drivers.ts):
 *   stride[d] = S[d+1] * ... * S[3]
 *   index[d]  = c (s[d] = O[d]) or the resize formula of drivers.ts `resizeIndex` (s[d] != O[d])
 *   element   = base + sum(index[d] * stride[d]),  base = sum(lo[d] * stride[d])
 * so building L costs O(1) per argument whatever the stream sizes. 'linear' addressing (element =
 * base + i) is used when s = O and the strides are those of O.
 */
import type { LaunchArg } from '../../brt/api.js';
import { SMALL_WHOLE, type Access, type IterForm } from '../../compiler/kernels.js';
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

/**
 * The shape-resizing rule (BROOK.md 4, the original BrookGPU): the input index read at output index
 * `outIndex` of an extent-`outExtent` dimension is floor(outIndex * inExtent / outExtent), with no
 * texel-centre offset: 123 -> 111222333, 1..10 -> 13579, 123456789 -> 12468. Exact in integers:
 * extents are at most 2^24 here, so the product stays below 2^53. Generated kernels compute the same
 * with `resizeIndex` (codegen/js/drivers.ts); the WGSL twin is `brk_resize1` (codegen/wgsl/memory.ts).
 */
export function resizedIndex(outIndex: number, inExtent: number, outExtent: number): number {
  if (inExtent === outExtent) return outIndex;
  return Math.floor((outIndex * inExtent) / outExtent);
}

/** Per padded dimension: 'i' where the argument's extent is the space's, 'r' where it is resized. */
export function dimsOf(shape: readonly number[], space: readonly number[]): string {
  const s = pad4(shape, 1);
  const O = pad4(space, 1);
  return s.map((x, d) => (x === O[d] ? 'i' : 'r')).join('');
}

export function accessOf(arg: { stream: { shape: number[] }; lo: number[]; shape: number[] }, space: readonly number[]): Access {
  const dims = dimsOf(arg.shape, space);
  if (dims !== 'iiii') return dims;
  const O = pad4(space, 1);
  const st = strides4(arg.stream.shape);
  const want = strides4(space);
  for (let d = 0; d < 4; d++) if (O[d]! > 1 && st[d] !== want[d]) return dims;
  return 'linear';
}

/** Addressing data of a stream argument read or written at the positions of `space`: its base
 *  element, stream strides S and domain extents s (padded). */
export function streamData(arg: LaunchArg & { kind: 'stream' | 'iter' }, buf: CpuBuffer | undefined) {
  const data: Record<string, unknown> = { base: baseOf(arg), S: strides4(arg.stream.shape), s: pad4(arg.shape, 1) };
  if (buf) Object.assign(data, { F: buf.F, I: buf.I, U: buf.U, words: arg.stream.words });
  return data;
}

/** Iterator data: the domain offsets o and extents s (padded), per component lo, hi - lo, the count n
 *  along the dimension it follows, and that dimension (BROOK.md 3: 1-D: every component along the
 *  stream; 2-D and more: x along the fastest dimension, y the next, ...; components past the rank
 *  stay at lo). A component's value at absolute index idx: compiler/facts/iterator.ts, fl(lo + fl(fl(d * idx) / n)). */
export function iterData(arg: LaunchArg & { kind: 'iter' }) {
  const it = arg.stream.iter!;
  const full = pad4(arg.stream.shape, 1);
  const dim = iterDims(arg);
  return {
    o: pad4(arg.lo, 0),
    s: pad4(arg.shape, 1),
    lo: it.lo.map((x) => Math.fround(x)),
    d: it.lo.map((x, c) => Math.fround(Math.fround(it.hi[c]!) - Math.fround(x))),
    n: dim.map((d) => (d < 0 ? 1 : full[d]!)),
    dim,
  };
}

/**
 * The form of each iterator component (codegen/js IterForm): 'e' where hi - lo equals the count n
 * and fround(n * idx) is exact for every idx < n (n a power of two up to 2^24, or n * n < 2^24), so
 * the formula gives exactly lo + idx; 'z' when moreover lo is a whole number, 's' when also
 * |lo| + n <= SMALL_WHOLE; 'g' otherwise.
 */
export function iterForms(data: ReturnType<typeof iterData>): IterForm[] {
  return data.lo.map((lo, c) => {
    const n = data.n[c]!;
    if (data.dim[c]! < 0) return wholeForm(lo);
    const exactProducts = (n <= 2 ** 24 && (n & (n - 1)) === 0) || n * n < 2 ** 24;
    if (data.d[c] !== n || !exactProducts) return 'g';
    if (!Number.isInteger(lo)) return 'e';
    return Math.abs(lo) + n <= SMALL_WHOLE ? 's' : 'z';
  });
}

/** The form of a fixed float value: 's' small whole, 'z' whole, 'g' otherwise. */
export function wholeForm(v: number): IterForm {
  if (!Number.isInteger(v)) return 'g';
  return Math.abs(v) <= SMALL_WHOLE ? 's' : 'z';
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
