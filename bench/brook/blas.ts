/**
 * The Brook side of the BLAS cases: brook/blas (runtime/library/blas) called as a TypeScript user
 * calls it, on the bench's Brook runtime. Each run is one library call, which records its kernels and
 * waits for the device (the call's compute time in the library's own breakdown); data stays on the
 * device between runs, as in the seeds' cascading model.
 */
import type { Side } from '../side.js';
import { compare, saxpyRef, sgemvRef, type Check } from '../reference.js';
import { Blas, type BlasMatrix, type BlasVector } from '../../runtime/library/blas/index.js';
import { forceGemmTile, GEMM_TILE_CANDIDATES } from '../../runtime/library/blas/natives.js';
import type { BrookSession } from './session.js';

const opened = new WeakMap<BrookSession, Promise<Blas>>();

/** One Blas per bench session (the library is compiled once, as a notebook would). */
export function blasOf(s: BrookSession): Promise<Blas> {
  let b = opened.get(s);
  if (!b) opened.set(s, (b = Blas.open({ rt: s.rt })));
  return b;
}

function freeAll(...xs: (BlasVector | BlasMatrix)[]): () => void {
  return () => {
    for (const x of xs) x.free();
  };
}

/** y := a x + y in place, `runs` times so far: y = y0 + runs a x (float64), within runs roundings. */
export async function axpyBlas(s: BrookSession, a: number, xs: Float32Array, ys: Float32Array): Promise<Side> {
  const b = await blasOf(s);
  const x = await b.vector(xs);
  const y = await b.vector(ys);
  let runs = 0;
  return {
    impl: 'brook',
    note: `blas.axpy(a, x, y): y := a x + y in place (blas_saxpy) [${b.backend}]`,
    async run() {
      await b.axpy(a, x, y);
      runs++;
    },
    async check(): Promise<Check> {
      const ref = saxpyRef(a * runs, xs, ys);
      // Each run rounds the product and the sum: allow twice that, `runs` times, of the largest value.
      return compare(await y.toArray(), ref.want, ref.scale, 2 ** -22 * Math.max(1, runs), 1e-30);
    },
    dispose: freeAll(x, y),
  };
}

/** y := A x (beta 0, so every run writes the same y); `split` sets blas_gemv_split for this side. */
export async function gemvBlas(s: BrookSession, A: Float32Array, xs: Float32Array, m: number, n: number, split?: number): Promise<Side> {
  const b = await blasOf(s);
  const dA = await b.matrix(A, m, n);
  const x = await b.vector(xs);
  const y = await b.vector(m);
  const ref = sgemvRef(A, xs, m, n);
  const chosen = split ?? b.gemvSplit;
  return {
    impl: 'brook',
    note: `blas.gemv(1, A, x, 0, y): partial dot products (split ${chosen}), a reduction, alpha/beta [${b.backend}]`,
    async run() {
      const keep = b.gemvSplit;
      b.gemvSplit = chosen;
      try {
        await b.gemv(1, dA, x, 0, y);
      } finally {
        b.gemvSplit = keep;
      }
    },
    async check() {
      return compare(await y.toArray(), ref.want, ref.scale, 1e-4, 1e-30);
    },
    dispose: freeAll(dA, x, y),
  };
}

/**
 * C := A B (n x n), checked on `samples` elements against float64 dot products (a full float64
 * reference of 4096^3 would take minutes of JavaScript; a wrong tile or index shows on a sample).
 * `tile` forces one of GEMM_TILE_CANDIDATES for this side (the tile sweep); undefined: the library's choice.
 */
export async function gemmBlas(s: BrookSession, A: Float32Array, B: Float32Array, n: number, tile?: string, samples = 2048): Promise<Side> {
  const b = await blasOf(s);
  const dA = await b.matrix(A, n, n);
  const dB = await b.matrix(B, n, n);
  const C = await b.matrix(null, n, n);
  const force = () => forceGemmTile(tile ? GEMM_TILE_CANDIDATES[tile] : undefined);
  return {
    impl: 'brook',
    get note() {
      const use = b.nativeUse()?.['blas.gemm'];
      const how = use ? (use.native > 0 ? `native WGSL ${use.plan}` : `the Brook body (${use.why})`) : 'the Brook body';
      return `blas.gemm(1, A, B, 0, C) as ${how} [${b.backend}]`;
    },
    async run() {
      force();
      try {
        await b.gemm(1, dA, dB, 0, C);
      } finally {
        forceGemmTile(undefined);
      }
    },
    async check() {
      const got = await C.toArray();
      const want = new Float64Array(samples);
      const scale = new Float64Array(samples);
      const picked = new Float32Array(samples);
      // Every row and column is reachable; the corners (the tiles' edges) always included.
      let seed = 12345;
      for (let k = 0; k < samples; k++) {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        const i = k < 4 ? (k & 1) * (n - 1) : seed % n;
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        const j = k < 4 ? (k >> 1) * (n - 1) : seed % n;
        let acc = 0;
        let mag = 0;
        for (let p = 0; p < n; p++) {
          const t = A[i * n + p]! * B[p * n + j]!;
          acc += t;
          mag += Math.abs(t);
        }
        want[k] = acc;
        scale[k] = mag;
        picked[k] = got[i * n + j]!;
      }
      return compare(picked, want, scale, n * 2 ** -22, 1e-30);
    },
    dispose: freeAll(dA, dB, C),
  };
}
