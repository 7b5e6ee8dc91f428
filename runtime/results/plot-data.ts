/**
 * The numbers behind a plot, computed on our side so the browser never receives millions of points:
 * components of a stream as columns, min/max per pixel column for lines, histogram bins, a stratified
 * sample for scatter plots, block means for 2-D fields too large for the output budget.
 *
 * Non-finite values (NaN, +-Infinity) never enter a min, max, bin or mean; callers report how many
 * there were.
 */
import { flattenElement, wordKind } from '../compiler/types.js';
import { componentColumnNames, type StreamData } from './table.js';

export type Column = ArrayLike<number>;

/** A stream's components as columns of numbers (a view, not a copy, for a scalar float stream). */
export function streamColumns(data: StreamData): { names: string[]; columns: Column[]; count: number } {
  const comps = flattenElement(data.elem);
  const n = data.shape.reduce((a, b) => a * b, 1);
  const stride = comps.length;
  if (data.words.length < n * stride) throw new Error(`stream '${data.name}' has ${data.words.length} words, expected ${n * stride}`);
  const { buffer, byteOffset } = data.words;
  const views = {
    f32: new Float32Array(buffer, byteOffset, n * stride),
    i32: new Int32Array(buffer, byteOffset, n * stride),
    u32: new Uint32Array(buffer, byteOffset, n * stride),
  };
  const columns = comps.map((c, ci) => {
    const k = wordKind(c.scalar);
    const src = k === 'float' ? views.f32 : k === 'int' || k === 'bool' ? views.i32 : views.u32;
    if (stride === 1) return src;
    const col = new Float32Array(n);
    for (let e = 0; e < n; e++) col[e] = src[e * stride + ci]!;
    return col;
  });
  return { names: componentColumnNames(data.elem, data.shape.length), columns, count: n };
}

export interface Extent {
  lo: number;
  hi: number;
  /** Values that were NaN or infinite and so left out. */
  nonFinite: number;
}

export function extent(values: Column): Extent {
  let lo = Infinity;
  let hi = -Infinity;
  let nonFinite = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) {
      nonFinite++;
      continue;
    }
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return { lo, hi, nonFinite };
}

export function joinExtents(list: Extent[]): Extent {
  return list.reduce((a, b) => ({ lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi), nonFinite: a.nonFinite + b.nonFinite }), { lo: Infinity, hi: -Infinity, nonFinite: 0 });
}

/**
 * Min and max of `y` in each of `columns` equal slices of the x range (x = the row index when `x` is
 * null): what a line of many points looks like at one pixel a column. Empty columns hold NaN.
 */
export function minMaxColumns(x: Column | null, y: Column, xlo: number, xhi: number, columns: number): { min: Float64Array; max: Float64Array } {
  const min = new Float64Array(columns).fill(Infinity);
  const max = new Float64Array(columns).fill(-Infinity);
  const span = xhi - xlo || 1;
  const n = y.length;
  for (let i = 0; i < n; i++) {
    const v = y[i]!;
    if (!Number.isFinite(v)) continue;
    const xv = x ? x[i]! : i;
    if (!Number.isFinite(xv)) continue;
    let c = Math.floor(((xv - xlo) / span) * columns);
    if (c >= columns) c = columns - 1;
    if (c < 0) c = 0;
    if (v < min[c]!) min[c] = v;
    if (v > max[c]!) max[c] = v;
  }
  for (let c = 0; c < columns; c++) {
    if (min[c] === Infinity) {
      min[c] = NaN;
      max[c] = NaN;
    }
  }
  return { min, max };
}

export interface Bins {
  /** Bin edges: bins.length + 1 of them, evenly spaced, nice numbers. */
  edges: number[];
  /** One count array per column given. */
  counts: Uint32Array[];
}

/** Histogram of each column over shared nice bin edges covering every finite value (~`target` bins). */
export function histogram(columns: Column[], target: number, ext: Extent): Bins {
  let { lo, hi } = ext;
  if (!(lo <= hi)) {
    lo = 0;
    hi = 1;
  }
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const step = niceStep((hi - lo) / target);
  const first = Math.floor(lo / step) * step;
  let nb = Math.max(1, Math.ceil((hi - first) / step));
  if (first + nb * step <= hi) nb++; // the maximum belongs to the last bin, never past it
  const edges = Array.from({ length: nb + 1 }, (_, k) => roundTo(first + k * step, step));
  const counts = columns.map((col) => {
    const c = new Uint32Array(nb);
    for (let i = 0; i < col.length; i++) {
      const v = col[i]!;
      if (!Number.isFinite(v)) continue;
      let b = Math.floor((v - first) / step);
      if (b >= nb) b = nb - 1;
      if (b < 0) b = 0;
      c[b]!++;
    }
    return c;
  });
  return { edges, counts };
}

/** A nice step (1, 2 or 5 times a power of ten) close to `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const f = raw / p;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

/** `v` rounded to the decimals of `step` (so 0.1 + 0.2 prints as 0.3). */
export function roundTo(v: number, step: number): number {
  const d = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  return d > 15 ? v : Number(v.toFixed(d));
}

/**
 * `m` row indices out of `n`, one drawn at random from each of `m` equal strata (fixed seed: the same
 * stream always gives the same sample). Stratified, so periodic data does not alias as a stride would.
 */
export function sampleIndices(n: number, m: number, seed = 12345): Uint32Array {
  if (m >= n) return Uint32Array.from({ length: n }, (_, i) => i);
  let s = seed >>> 0;
  const out = new Uint32Array(m);
  for (let k = 0; k < m; k++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const lo = Math.floor((k * n) / m);
    const hi = Math.floor(((k + 1) * n) / m);
    out[k] = lo + Math.floor((s / 2 ** 32) * (hi - lo));
  }
  return out;
}

/** Means of `f`x`f` blocks of a row-major `height`x`width` field (NaN where a block has no finite value). */
export function blockMeans(values: Column, width: number, height: number, f: number): { values: Float32Array; width: number; height: number } {
  const w = Math.ceil(width / f);
  const h = Math.ceil(height / f);
  const sum = new Float64Array(w * h);
  const cnt = new Uint32Array(w * h);
  const colBlock = new Int32Array(width);
  for (let c = 0; c < width; c++) colBlock[c] = (c / f) | 0;
  for (let r = 0; r < height; r++) {
    const br = ((r / f) | 0) * w;
    const rowStart = r * width;
    for (let c = 0; c < width; c++) {
      const v = values[rowStart + c]!;
      if (v - v !== 0) continue; // NaN or infinite
      const b = br + colBlock[c]!;
      sum[b] += v;
      cnt[b]++;
    }
  }
  const out = new Float32Array(w * h);
  for (let b = 0; b < w * h; b++) out[b] = cnt[b] ? sum[b]! / cnt[b]! : NaN;
  return { values: out, width: w, height: h };
}

/** 1,048,576 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
