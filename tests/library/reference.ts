/**
 * Float64 references for the BLAS tests, written from the definitions (not from the library), and
 * tolerances from the float32 error bound: a sum of k products is within about k * 2^-24 of the
 * sum of their magnitudes, so each element is checked against `scale` = that sum of magnitudes.
 */

/** Deterministic numbers in [lo, hi) (a 32-bit LCG; the same data on every machine). */
export function randoms(n: number, seed: number, lo = -1, hi = 1): Float32Array {
  const out = new Float32Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = lo + ((hi - lo) * s) / 2 ** 32;
  }
  return out;
}

/** Element (i, j) of op(A), A rows x cols row-major. */
export function opAt(A: ArrayLike<number>, cols: number, trans: boolean, i: number, j: number): number {
  return trans ? A[j * cols + i]! : A[i * cols + j]!;
}

/** C = alpha op(A) op(B) + beta C (float64), with the per-element scale sum |alpha a b| + |beta c|. */
export function gemmRef(
  alpha: number, A: ArrayLike<number>, aCols: number, transA: boolean,
  B: ArrayLike<number>, bCols: number, transB: boolean,
  beta: number, C: ArrayLike<number>, m: number, n: number, k: number,
): { want: Float64Array; scale: Float64Array } {
  const want = new Float64Array(m * n);
  const scale = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      let mag = 0;
      for (let p = 0; p < k; p++) {
        const t = opAt(A, aCols, transA, i, p) * opAt(B, bCols, transB, p, j);
        s += t;
        mag += Math.abs(t);
      }
      const c = beta === 0 ? 0 : beta * C[i * n + j]!;
      want[i * n + j] = alpha * s + c;
      scale[i * n + j] = Math.abs(alpha) * mag + Math.abs(c);
    }
  }
  return { want, scale };
}

/** Largest |got - want| / (scale * k * 2^-24 * safety), with k the terms per element: <= 1 passes. */
export function worst(got: ArrayLike<number>, want: ArrayLike<number>, scale: ArrayLike<number> | number, terms: number, safety = 4): number {
  let w = 0;
  const eps = Math.max(1, terms) * 2 ** -24 * safety;
  for (let i = 0; i < want.length; i++) {
    const sc = typeof scale === 'number' ? scale : scale[i]!;
    const g = got[i]!;
    const e = Math.abs(g - want[i]!);
    const r = Number.isNaN(g) ? Infinity : e / (sc * eps + 1e-30);
    if (r > w) w = r;
  }
  return w;
}

/** A triangular matrix (uplo lower or upper) with a dominant diagonal: well conditioned. */
export function triangular(n: number, lower: boolean, seed: number, unitDiag: boolean): Float32Array {
  const r = randoms(n * n, seed);
  const A = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const inside = lower ? j < i : j > i;
      if (inside) A[i * n + j] = r[i * n + j]! / Math.sqrt(n);
      // The unit diagonal and the other triangle are never read: junk there proves it.
      else if (i === j) A[i * n + j] = unitDiag ? 1e6 : 2 + Math.abs(r[i * n + j]!);
      else A[i * n + j] = 1e4 * r[i * n + j]!;
    }
  }
  return A;
}

/** Solve op(A) X = B (float64) for nrhs columns of B (row-major n x nrhs); A triangular. */
export function triSolveRef(A: ArrayLike<number>, n: number, lower: boolean, trans: boolean, unitDiag: boolean, B: ArrayLike<number>, nrhs: number): Float64Array {
  const X = Float64Array.from(B as ArrayLike<number>);
  // op(A) is lower when (lower and not trans) or (upper and trans): forward, else backward.
  const down = lower !== trans;
  for (let c = 0; c < nrhs; c++) {
    for (let s = 0; s < n; s++) {
      const i = down ? s : n - 1 - s;
      let v = X[i * nrhs + c]!;
      for (let t = 0; t < s; t++) {
        const j = down ? t : n - 1 - t;
        v -= opAt(A, n, trans, i, j) * X[j * nrhs + c]!;
      }
      X[i * nrhs + c] = unitDiag ? v : v / opAt(A, n, trans, i, i);
    }
  }
  return X;
}
