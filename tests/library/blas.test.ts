/**
 * brook/blas on both backends (cpu, and webgpu on lavapipe here or a GPU elsewhere), every routine
 * against a float64 reference computed in this file (reference.ts), at sizes that are not multiples
 * of 4 (padding) and span several triangular blocks. On WebGPU the gemm runs as the library's WGSL
 * form: a third runtime with natives off runs the Brook body instead, and every tile config is
 * forced once, so both forms and every generated module are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuRuntime, createRuntime } from '../../runtime/backends/index.js';
import { Blas, type BlasMatrix } from '../../runtime/library/blas/index.js';
import { forceGemmTile, GEMM_TILE_CANDIDATES, GEMM_TILES } from '../../runtime/library/blas/natives.js';
import { gemmWgsl, tileName, tileProblem, tileSharedBytes } from '../../runtime/library/blas/gemm-wgsl.js';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { gemmRef, opAt, randoms, triangular, triSolveRef, worst } from './reference.js';

const blases: Record<'cpu' | 'webgpu' | 'webgpu-body', Blas> = {} as never;

beforeAll(async () => {
  blases.cpu = await Blas.open({ rt: createCpuRuntime({ cpu: { workers: 0 }, stdout: () => {} }) });
  blases.webgpu = await Blas.open({ rt: await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} }) });
  blases['webgpu-body'] = await Blas.open({ rt: await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {}, webgpu: { natives: false } }) });
});

afterAll(() => {
  for (const b of Object.values(blases)) {
    b?.rt.dispose();
  }
});

function expectClose(got: ArrayLike<number>, want: ArrayLike<number>, scale: ArrayLike<number> | number, terms: number): void {
  expect(got.length).toBe(want.length);
  const w = worst(got, want, scale, terms);
  expect(w, `worst error is ${w.toFixed(2)} x the float32 bound`).toBeLessThanOrEqual(1);
}

describe.each(['cpu', 'webgpu'] as const)('level 1 on %s', (backend) => {
  const n = 1003;
  const xs = randoms(n, 1);
  const ys = randoms(n, 2);

  it('axpy, scal, copy, swap chain on the device and match float64', async () => {
    const b = blases[backend];
    const x = await b.vector(xs);
    const y = await b.vector(ys);
    const z = await b.vector(n);
    await b.axpy(2.5, x, y); // y = 2.5 x + y
    await b.scal(-0.5, y); // y = -0.5 y
    await b.copy(y, z); // z = y
    await b.swap(x, z); // x = old z, z = old x
    const want = Array.from(ys, (v, i) => -0.5 * (2.5 * xs[i]! + v));
    const scale = Array.from(ys, (v, i) => 0.5 * (2.5 * Math.abs(xs[i]!) + Math.abs(v)));
    expectClose(await x.toArray(), want, scale, 2);
    expect(Array.from(await z.toArray())).toEqual(Array.from(xs));
  });

  it('dot, asum, nrm2, iamax', async () => {
    const b = blases[backend];
    const x = await b.vector(xs);
    const y = await b.vector(ys);
    let dot = 0;
    let mag = 0;
    let asum = 0;
    let sq = 0;
    let best = 0;
    for (let i = 0; i < n; i++) {
      dot += xs[i]! * ys[i]!;
      mag += Math.abs(xs[i]! * ys[i]!);
      asum += Math.abs(xs[i]!);
      sq += xs[i]! * xs[i]!;
      if (Math.abs(xs[i]!) > Math.abs(xs[best]!)) best = i;
    }
    expectClose([await b.dot(x, y)], [dot], mag, n);
    expectClose([await b.asum(x)], [asum], asum, n);
    expectClose([await b.nrm2(x)], [Math.sqrt(sq)], Math.sqrt(sq), n);
    expect(await b.iamax(x)).toBe(best);
  });

  it('nrm2 neither overflows nor underflows; iamax takes the first of equal magnitudes', async () => {
    const b = blases[backend];
    const big = await b.vector([3e30, -4e30, 0, 1e30, 0]);
    expect((await b.nrm2(big)) / Math.sqrt(26e60)).toBeCloseTo(1, 5);
    const tiny = await b.vector([3e-30, 4e-30]);
    expect((await b.nrm2(tiny)) / 5e-30).toBeCloseTo(1, 5);
    expect(await b.nrm2(await b.vector(9))).toBe(0);
    const ties = await b.vector([1, -7, 3, 7, -7, 2, 0, 7, 1]);
    expect(await b.iamax(ties)).toBe(1);
  });

  it('a level 1 call on vectors of different lengths is a located BRK5201 error, not a crash', async () => {
    const b = blases[backend];
    const x = await b.vector(5);
    const y = await b.vector(6);
    const e = await b.axpy(1, x, y).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(BrookRuntimeError);
    expect((e as BrookRuntimeError).code).toBe('BRK5201');
    expect((e as BrookRuntimeError).message).toContain('x has 5 numbers and y 6');
  });
});

describe.each(['cpu', 'webgpu'] as const)('level 2 on %s', (backend) => {
  const m = 37;
  const n = 53;
  const A = randoms(m * n, 3);

  it.each(['N', 'T'] as const)('gemv (trans %s), beta 0 ignoring a NaN y, and beta 0.5', async (trans) => {
    const b = blases[backend];
    const [rows, cols] = trans === 'N' ? [m, n] : [n, m];
    const xs = randoms(cols, 4);
    const ys = randoms(rows, 5);
    const dA = await b.matrix(A, m, n);
    const x = await b.vector(xs);
    const y = await b.vector(new Float32Array(rows).fill(NaN));
    await b.gemv(1.5, dA, x, 0, y, { trans });
    const y2 = await b.vector(ys);
    await b.gemv(-1, dA, x, 0.5, y2, { trans });
    const r1 = gemmRef(1.5, A, n, trans === 'T', xs, 1, false, 0, [], rows, 1, cols);
    const r2 = gemmRef(-1, A, n, trans === 'T', xs, 1, false, 0.5, ys, rows, 1, cols);
    expectClose(await y.toArray(), r1.want, r1.scale, cols);
    expectClose(await y2.toArray(), r2.want, r2.scale, cols);
  });

  it('gemv of a long row (the split sum of partial dot products)', async () => {
    const b = blases[backend];
    const cols = 1500;
    const M = randoms(9 * cols, 6);
    const xs = randoms(cols, 7);
    const dA = await b.matrix(M, 9, cols);
    const y = await b.vector(9);
    await b.gemv(1, dA, await b.vector(xs), 0, y);
    const r = gemmRef(1, M, cols, false, xs, 1, false, 0, [], 9, 1, cols);
    expectClose(await y.toArray(), r.want, r.scale, cols);
  });

  it('ger', async () => {
    const b = blases[backend];
    const xs = randoms(m, 8);
    const ys = randoms(n, 9);
    const dA = await b.matrix(A, m, n);
    await b.ger(0.75, await b.vector(xs), await b.vector(ys), dA);
    const want = Array.from(A, (a, k) => a + 0.75 * xs[Math.floor(k / n)]! * ys[k % n]!);
    const scale = Array.from(A, (a, k) => Math.abs(a) + 0.75 * Math.abs(xs[Math.floor(k / n)]! * ys[k % n]!));
    expectClose(await dA.toArray(), want, scale, 2);
  });

  const cases = (['L', 'U'] as const).flatMap((uplo) => (['N', 'T'] as const).flatMap((trans) => (['N', 'U'] as const).map((diag) => ({ uplo, trans, diag }))));
  it.each(cases)('trsv uplo $uplo trans $trans diag $diag over 3 blocks', async ({ uplo, trans, diag }) => {
    const b = blases[backend];
    const size = 70;
    const T = triangular(size, uplo === 'L', 11, diag === 'U');
    const rhs = randoms(size, 12);
    const dA = await b.matrix(T, size, size);
    const x = await b.vector(rhs);
    await b.trsv(dA, x, { uplo, trans, diag });
    const want = triSolveRef(T, size, uplo === 'L', trans === 'T', diag === 'U', rhs, 1);
    const got = await x.toArray();
    // The residual op(A) x - b, relative to |op(A)| |x| + |b|: what a backward-stable solve bounds.
    const res = new Float64Array(size);
    const mag = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      let r = -rhs[i]!;
      let s = Math.abs(rhs[i]!);
      for (let j = 0; j < size; j++) {
        const inside = uplo === 'L' ? (trans === 'N' ? j < i : j > i) : trans === 'N' ? j > i : j < i;
        const a = i === j ? (diag === 'U' ? 1 : opAt(T, size, trans === 'T', i, i)) : inside ? opAt(T, size, trans === 'T', i, j) : 0;
        r += a * got[j]!;
        s += Math.abs(a * got[j]!);
      }
      res[i] = r;
      mag[i] = s;
    }
    expectClose(res, new Float64Array(size), mag, 4 * size);
    expectClose(got, want, Array.from(want, (v) => Math.abs(v) + 1), 4 * size);
  });
});

describe.each(['cpu', 'webgpu', 'webgpu-body'] as const)('level 3 on %s', (backend) => {
  // webgpu-body: the gemm from its Brook body on the GPU (natives off); syrk and trsm call the same kernel.
  const skipOnBody = backend === 'webgpu-body' ? it.skip : it;
  const combos = (['N', 'T'] as const).flatMap((transA) => (['N', 'T'] as const).map((transB) => ({ transA, transB })));
  it.each(combos)('gemm transA $transA transB $transB, 37x29 from k = 53, beta 0 over NaN then beta -1', async ({ transA, transB }) => {
    const b = blases[backend];
    const [m, n, k] = [37, 29, 53];
    const A = randoms(m * k, 21);
    const B = randoms(k * n, 22);
    const C0 = randoms(m * n, 23);
    const [ar, ac] = transA === 'N' ? [m, k] : [k, m];
    const [br, bc] = transB === 'N' ? [k, n] : [n, k];
    const dA = await b.matrix(A, ar, ac);
    const dB = await b.matrix(B, br, bc);
    const C = await b.matrix(new Float32Array(m * n).fill(NaN), m, n);
    await b.gemm(0.5, dA, dB, 0, C, { transA, transB });
    const r1 = gemmRef(0.5, A, ac, transA === 'T', B, bc, transB === 'T', 0, [], m, n, k);
    expectClose(await C.toArray(), r1.want, r1.scale, k);
    const C2 = await b.matrix(C0, m, n);
    await b.gemm(2, dA, dB, -1, C2, { transA, transB });
    const r2 = gemmRef(2, A, ac, transA === 'T', B, bc, transB === 'T', -1, C0, m, n, k);
    expectClose(await C2.toArray(), r2.want, r2.scale, k);
  });

  skipOnBody.each([
    { uplo: 'L', trans: 'N' },
    { uplo: 'U', trans: 'N' },
    { uplo: 'L', trans: 'T' },
    { uplo: 'U', trans: 'T' },
  ] as const)('syrk uplo $uplo trans $trans writes its triangle only', async ({ uplo, trans }) => {
    const b = blases[backend];
    const [n, k] = [45, 22];
    const A = randoms(n * k, 31);
    const C0 = randoms(n * n, 32);
    const dA = trans === 'N' ? await b.matrix(A, n, k) : await b.matrix(A, k, n);
    const C = await b.matrix(C0, n, n);
    await b.syrk(1.25, dA, 0.5, C, { uplo, trans });
    // op(A) op(A)^T: op(A) is n x k; as gemm: A (trans N) times A^T, or A^T times A.
    const r = gemmRef(1.25, A, trans === 'N' ? k : n, trans === 'T', A, trans === 'N' ? k : n, trans === 'N', 0.5, C0, n, n, k);
    const got = await C.toArray();
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const inside = uplo === 'L' ? j <= i : j >= i;
        if (!inside) {
          r.want[i * n + j] = C0[i * n + j]!;
          r.scale[i * n + j] = Math.abs(C0[i * n + j]!);
        }
      }
    }
    expectClose(got, r.want, r.scale, k);
  });

  const cases = (['L', 'U'] as const).flatMap((uplo) => (['N', 'T'] as const).flatMap((trans) => (['N', 'U'] as const).map((diag) => ({ uplo, trans, diag }))));
  skipOnBody.each(cases)('trsm uplo $uplo trans $trans diag $diag, 70 x 9 over 3 blocks', async ({ uplo, trans, diag }) => {
    const b = blases[backend];
    const [m, n] = [70, 9];
    const T = triangular(m, uplo === 'L', 41, diag === 'U');
    const B0 = randoms(m * n, 42);
    const dA = await b.matrix(T, m, m);
    const dB = await b.matrix(B0, m, n);
    await b.trsm(-2, dA, dB, { uplo, trans, diag });
    const want = triSolveRef(T, m, uplo === 'L', trans === 'T', diag === 'U', Array.from(B0, (v) => -2 * v), n);
    expectClose(await dB.toArray(), want, Array.from(want, (v) => Math.abs(v) + 1), 4 * m);
  });
});

describe('the gemm WGSL form on webgpu', () => {
  afterAll(() => forceGemmTile(undefined));

  it('runs natively (the body only where it declines), and a large product uses the large tile', async () => {
    const b = blases.webgpu;
    // 16 x 16 tiles of 64 x 128: enough for the large tile (MIN_TILES); K two steps of 8 (unchecked).
    const [m, n, k] = [1024, 2048, 16];
    const A0 = randoms(m * k, 51);
    const B0 = randoms(k * n, 52);
    const A = await b.matrix(A0, m, k);
    const B = await b.matrix(B0, k, n);
    const C = await b.matrix(null, m, n);
    const before = b.nativeUse()?.['blas.gemm']?.native ?? 0;
    await b.gemm(1, A, B, 0, C);
    const r = gemmRef(1, A0, k, false, B0, n, false, 0, [], m, n, k);
    expectClose(await C.toArray(), r.want, r.scale, k);
    const use = b.nativeUse()!['blas.gemm']!;
    expect(use.native).toBe(before + 1);
    expect(use.plan).toBe(`gemm ${tileName(GEMM_TILES.large)}`);
    expect(use.plan).toBe('gemm 64x128x8/16x4/16x8/1buf');
    expect(blases['webgpu-body'].nativeUse()?.['blas.gemm']?.native ?? 0).toBe(0);
  });

  it('a single-buffered tile declares half the workgroup memory and waits twice a step', () => {
    const tile = { tx: 16, ty: 4, rm: 16, rn: 2, bk: 8 };
    const single = { ...tile, single: true };
    // 64 x 128 tiles, K steps of 8: 4 bytes x 8 x (64 + 128) a buffer.
    expect(tileSharedBytes(tile)).toBe(2 * 6144);
    expect(tileSharedBytes(single)).toBe(6144);
    const kind = { transA: false, transB: false, ragged: { m: false, n: false, k: false }, aliased: false };
    const barriers = (src: string) => src.split('workgroupBarrier()').length - 1;
    // One before the loop, then one a step (two buffers) or two a step (one buffer).
    expect(barriers(gemmWgsl({ tile, ...kind }))).toBe(2);
    expect(barriers(gemmWgsl({ tile: single, ...kind }))).toBe(3);
    expect(gemmWgsl({ tile: single, ...kind })).toContain('var<workgroup> As: array<vec4f, 128>;');
    expect(tileProblem({ ...single, unroll2: true })).toMatch(/do not combine/);
  });

  /**
   * C = A B + 0.25 C on the webgpu backend with the forced tile, op(A) and op(B) both `trans`, inputs
   * from seeds `seed`, seed + 1, seed + 2, against the float64 reference.
   */
  async function raggedProduct(m: number, n: number, k: number, trans: 'N' | 'T', seed: number): Promise<void> {
    const b = blases.webgpu;
    const t = trans === 'T';
    const A = randoms(m * k, seed);
    const B = randoms(k * n, seed + 1);
    const C0 = randoms(m * n, seed + 2);
    const dA = t ? await b.matrix(A, k, m) : await b.matrix(A, m, k);
    const dB = t ? await b.matrix(B, n, k) : await b.matrix(B, k, n);
    const C = await b.matrix(C0, m, n);
    await b.gemm(1, dA, dB, 0.25, C, { transA: trans, transB: trans });
    const r = gemmRef(1, A, t ? m : k, t, B, t ? k : n, t, 0.25, C0, m, n, k);
    expectClose(await C.toArray(), r.want, r.scale, k);
    for (const d of [dA, dB, C] as BlasMatrix[]) d.free();
  }

  // Every tile config: ragged products (the bounds-checked module), with both operands transposed (the
  // transposing loads) and with neither (the scalar stores that turn A's tile). Aligned products run
  // above with the configs chosen by size, and the benchmark's --quick test runs every config aligned.
  const tiles = Object.keys(GEMM_TILE_CANDIDATES);
  const cases = tiles.flatMap((name) => [[name, 'T'] as const, [name, 'N'] as const]);
  it.each(cases)('tile %s: ragged sizes, op = %s on both operands, beta 0.25', async (name, trans) => {
    forceGemmTile(GEMM_TILE_CANDIDATES[name]);
    await raggedProduct(70, 52, 36, trans, 61);
    expect(blases.webgpu.nativeUse()!['blas.gemm']!.plan).toBe(`gemm ${tileName(GEMM_TILE_CANDIDATES[name]!)} checked M,N,K`);
  }, 300_000);

  // warp8x4 where the tile has two rows of warps (16 x 8 threads): the general form of the thread
  // mapping, which no candidate uses (the large tile's 16 x 4 threads are one row of warps).
  it.each(['N', 'T'] as const)('warp8x4 with two rows of warps (16x8 threads of 8x8): ragged sizes, op = %s', async (trans) => {
    const tile = { tx: 16, ty: 8, rm: 8, rn: 2, bk: 8, warp8x4: true };
    forceGemmTile(tile);
    await raggedProduct(70, 132, 36, trans, 67);
    expect(blases.webgpu.nativeUse()!['blas.gemm']!.plan).toBe(`gemm ${tileName(tile)} checked M,N,K`);
  }, 300_000);

  // One size ragged at a time with the large tile (64 x 128 x 8): the module checks only that size
  // (rows clamped and their outputs dropped, or k past K read as 0), the others run unchecked.
  const oneRagged = [
    ['M', [70, 128, 16]],
    ['N', [64, 132, 16]],
    ['K', [64, 128, 12]],
  ] as const;
  const oneRaggedCases = oneRagged.flatMap(([dim, size]) => [[dim, size, 'N'] as const, [dim, size, 'T'] as const]);
  it.each(oneRaggedCases)('the large tile with only %s ragged (%j), op = %s, beta 0.25', async (dim, [m, n, k], trans) => {
    forceGemmTile(GEMM_TILES.large);
    await raggedProduct(m, n, k, trans, 71);
    expect(blases.webgpu.nativeUse()!['blas.gemm']!.plan).toBe(`gemm ${tileName(GEMM_TILES.large)} checked ${dim}`);
  }, 300_000);
});
