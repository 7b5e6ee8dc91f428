/**
 * Inputs and float64 references for every case, written independently of the code they check.
 *
 * Each check returns the largest error divided by its tolerance scale, so `maxRelError <= 1` passes.
 * Tolerances are per element and scale with the sum of absolute values of the terms (the bound of
 * float32 rounding in any summation order), so a reordered sum passes and a dropped or doubled
 * term (an off-by-one workgroup, a missing partial) fails.
 */

/** Deterministic inputs: mulberry32, uniform in [lo, hi). */
export function randomFloats(n: number, seed: number, lo = -1, hi = 1): Float32Array {
  const out = new Float32Array(n);
  let a = seed >>> 0;
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    out[i] = lo + (hi - lo) * u;
  }
  return out;
}

export interface Check {
  ok: boolean;
  /** Largest |got - want| / (tolerance scale); ok when <= 1. */
  maxRelError: number;
  /** First failing element, for the message. */
  detail?: string;
}

function finish(worst: number, worstAt: number, got: ArrayLike<number>, want: ArrayLike<number>): Check {
  const ok = worst <= 1;
  return {
    ok,
    maxRelError: worst,
    detail: ok ? undefined : `element ${worstAt}: got ${got[worstAt]}, expected ${want[worstAt]}`,
  };
}

/** Compare element-wise: |got[i] - want[i]| <= relTol * scale[i] + absTol. */
export function compare(got: ArrayLike<number>, want: ArrayLike<number>, scale: ArrayLike<number>, relTol: number, absTol = 0): Check {
  if (got.length < want.length) return { ok: false, maxRelError: Infinity, detail: `got ${got.length} values, expected ${want.length}` };
  let worst = 0;
  let worstAt = 0;
  for (let i = 0; i < want.length; i++) {
    const tol = relTol * scale[i] + absTol;
    const err = Math.abs(got[i] - want[i]);
    const r = tol > 0 ? err / tol : err === 0 ? 0 : Infinity;
    if (!(r <= worst)) {
      // NaN lands here too and stays the worst.
      worst = Number.isNaN(r) ? Infinity : r;
      worstAt = i;
    }
  }
  return finish(worst, worstAt, got, want);
}

/** Bit-for-bit equality (transfers). */
export function compareExact(got: Float32Array, want: Float32Array): Check {
  if (got.length !== want.length) return { ok: false, maxRelError: Infinity, detail: `got ${got.length} values, expected ${want.length}` };
  const a = new Uint32Array(got.buffer, got.byteOffset, got.length);
  const b = new Uint32Array(want.buffer, want.byteOffset, want.length);
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return { ok: false, maxRelError: Infinity, detail: `word ${i}: got ${got[i]}, expected ${want[i]}` };
  }
  return { ok: true, maxRelError: 0 };
}

/**
 * Float4 inputs too large for one host array (a 2^28 float4 stream is 4 GiB): `n` elements in parts
 * of `chunk` elements (the last may be shorter), part k drawn with seed `seed + k`.
 */
export interface ChunkedFloat4 {
  n: number;
  chunk: number;
  parts: Float32Array[];
}

export function chunkedFloat4(n: number, chunk: number, seed: number): ChunkedFloat4 {
  const parts: Float32Array[] = [];
  for (let first = 0; first < n; first += chunk) parts.push(randomFloats(4 * Math.min(chunk, n - first), seed + parts.length));
  return { n, chunk, parts };
}

/** SAXPY of chunked inputs, checked part by part: `read(first, count)` gives result elements
 *  [first, first + count) (float4, flat). The worst part decides. */
export async function checkSaxpyChunks(a: number, x: ChunkedFloat4, y: ChunkedFloat4, read: (first: number, count: number) => Promise<Float32Array>): Promise<Check> {
  let worst: Check = { ok: true, maxRelError: 0 };
  for (let k = 0; k < x.parts.length; k++) {
    const first = k * x.chunk;
    const c = checkSaxpyPart(a, x.parts[k]!, y.parts[k]!, await read(first, x.parts[k]!.length / 4));
    if (!(c.maxRelError <= worst.maxRelError)) worst = { ...c, detail: c.detail && `part ${k} (from element ${first}): ${c.detail}` };
  }
  return worst;
}

/**
 * compare(got, saxpyRef(a, x, y)..., 1e-6, 1e-30) in one pass without the float64 arrays: a 4 GiB
 * stream is 64 parts, and allocating (and faulting in) 256 MiB of references per part and side took
 * most of the 2^28 case's three minutes.
 */
function checkSaxpyPart(a: number, x: Float32Array, y: Float32Array, got: Float32Array): Check {
  if (got.length < x.length) return { ok: false, maxRelError: Infinity, detail: `got ${got.length} values, expected ${x.length}` };
  let worst = 0;
  let worstAt = 0;
  for (let i = 0; i < x.length; i++) {
    const ax = a * x[i]!;
    const tol = 1e-6 * (Math.abs(ax) + Math.abs(y[i]!)) + 1e-30;
    const r = Math.abs(got[i]! - (ax + y[i]!)) / tol;
    if (!(r <= worst)) {
      worst = Number.isNaN(r) ? Infinity : r;
      worstAt = i;
    }
  }
  return finish(worst, worstAt, got, { [worstAt]: a * x[worstAt]! + y[worstAt]!, length: x.length });
}

// --- references (float64) ---------------------------------------------------------------------

/** r = a * x + y over flat components. */
export function saxpyRef(a: number, x: Float32Array, y: Float32Array): { want: Float64Array; scale: Float64Array } {
  const want = new Float64Array(x.length);
  const scale = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    want[i] = a * x[i] + y[i];
    scale[i] = Math.abs(a * x[i]) + Math.abs(y[i]);
  }
  return { want, scale };
}

/** y = A x, A row-major m x n. */
export function sgemvRef(A: Float32Array, x: Float32Array, m: number, n: number): { want: Float64Array; scale: Float64Array } {
  const want = new Float64Array(m);
  const scale = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    let s = 0;
    let sa = 0;
    const base = r * n;
    for (let c = 0; c < n; c++) {
      const t = A[base + c] * x[c];
      s += t;
      sa += Math.abs(t);
    }
    want[r] = s;
    scale[r] = sa;
  }
  return { want, scale };
}

/** y = alpha A x + beta y0 (the BLAS SGEMV the paper measured), A row-major m x n. */
export function sgemvAxpbyRef(A: Float32Array, x: Float32Array, m: number, n: number, p: { alpha: number; beta: number; y0: Float32Array }): { want: Float64Array; scale: Float64Array } {
  const ax = sgemvRef(A, x, m, n);
  const want = new Float64Array(m);
  const scale = new Float64Array(m);
  for (let r = 0; r < m; r++) {
    want[r] = p.alpha * ax.want[r] + p.beta * p.y0[r];
    scale[r] = Math.abs(p.alpha) * ax.scale[r] + Math.abs(p.beta * p.y0[r]);
  }
  return { want, scale };
}

/** Component-wise sum of a float4 stream. */
export function sum4Ref(x: Float32Array): { want: Float64Array; scale: Float64Array } {
  const want = new Float64Array(4);
  const scale = new Float64Array(4);
  for (let i = 0; i < x.length; i++) {
    want[i & 3] += x[i];
    scale[i & 3] += Math.abs(x[i]);
  }
  return { want, scale };
}

/** out = 0.5 c + 0.125 (n + s + e + w), neighbours clamped to the edge (Brook's gather rule). */
export function stencilRef(src: Float32Array, w: number, h: number): { want: Float64Array; scale: Float64Array } {
  const want = new Float64Array(w * h);
  const scale = new Float64Array(w * h);
  const at = (x: number, y: number) => src[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = at(x, y);
      const nb = [at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)];
      want[y * w + x] = 0.5 * c + 0.125 * (nb[0] + nb[1] + nb[2] + nb[3]);
      scale[y * w + x] = 0.5 * Math.abs(c) + 0.125 * nb.reduce((s, v) => s + Math.abs(v), 0);
    }
  }
  return { want, scale };
}

/** `calls` alternate x -> y -> x ... through v = a * v + b; returns the last stream's value. */
export function chainRef(x: Float32Array, a: number, b: number, calls: number): { want: Float64Array; scale: Float64Array } {
  const want = Float64Array.from(x);
  for (let k = 0; k < calls; k++) for (let i = 0; i < want.length; i++) want[i] = a * want[i] + b;
  // |a| < 1: each step contracts earlier rounding errors, so the scale is that of one step.
  const scale = want.map((v) => Math.abs(v) + Math.abs(b));
  return { want, scale };
}

/** The chain of four maps of bench/cases/chain4.br: out = (a x + b)^2 / 2 - 1 + x, per component. */
export function chain4Ref(a: number, b: number, x: Float32Array): { want: Float64Array; scale: Float64Array } {
  const want = new Float64Array(x.length);
  const scale = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const t1 = a * x[i]! + b;
    want[i] = t1 * t1 * 0.5 - 1 + x[i]!;
    scale[i] = t1 * t1 * 0.5 + 1 + Math.abs(x[i]!);
  }
  return { want, scale };
}

/** r[i] = table[clamp(floor(idx[i] + 0.25))], float4 elements (Brook's gather rule). */
export function gatherRef(table: Float32Array, idx: Float32Array): { want: Float64Array; scale: Float64Array } {
  const m = table.length / 4;
  const want = new Float64Array(4 * idx.length);
  for (let i = 0; i < idx.length; i++) {
    const k = Math.min(m - 1, Math.max(0, Math.floor(idx[i]! + 0.25)));
    for (let c = 0; c < 4; c++) want[4 * i + c] = table[4 * k + c]!;
  }
  return { want, scale: want.map((v) => Math.abs(v)) };
}
