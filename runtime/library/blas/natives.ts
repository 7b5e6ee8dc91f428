/**
 * The native (hand-written WGSL) forms of lib/brook/blas.br's kernels, registered with brt/native.ts:
 * `blas.gemm` (blas_gemm_k). A plan is made only for launches whose arguments are exactly what the
 * Brook body reads (plain row-major float4 matrices or domains of them, sizes matching K); anything
 * else runs the body, which is the definition.
 */
import type { Launch, LaunchArg } from '../../brt/api.js';
import { registerNativeKernel, type NativeDevice, type WgslNativePlan } from '../../brt/native.js';
import { gemmWgsl, moduleKey, raggedLabel, raggedOf, tileCols, tileName, tileProblem, tileRows, tileSharedBytes, UNIFORM_FIELDS, type GemmTile } from './gemm-wgsl.js';

/**
 * The tile configs of the gemm's WGSL form; bench/cases.ts runs every entry here on the same device
 * (`bench --only blas.gemm`), and tests/library/blas.test.ts runs each on lavapipe. Measured on an H100
 * (bench --only blas, 4096^2, one run, bench/results/bench-blas-h100.json): 128x128x8 with 16x16
 * threads of 8x8: 36.8 TFLOP/s; 64x64x8 with 8x8 threads of 8x8: 35.4; 64x128x16 (4x8 a thread): 31.0;
 * 64x64x16 (4x4): 29.2; 32x32x8 (4x4): 23.5.
 *
 * H200 history, 4096^2, median ms (bench-blas-h200.json and one-call sweeps; entries no longer kept
 * are here only as numbers):
 * - 2026-12-02: 128x128x8 as 128 threads of 16x8 3.457 (39.8 TFLOP/s), of 8x16 3.498; 128x128x8 with
 *   16x16 threads of 8x8 3.748 (36.7); 64x64x8 3.909; 64x128x16 4.164; 128x256x8 4.167; 256x128x8
 *   4.287; 128x128x16 4.503; 64x64x16 4.708; 32x32x8 5.551.
 * - 2026-12-03: 64x128x8 as 16x4 threads of 16x8 3.16-3.17; as 8x8 threads of 8x16, the K loop unrolled
 *   by two (unroll2) 3.12. Not kept: L2 grouping of workgroups (within 0.5%), 32 threads (64x64x8 3.51,
 *   32x128x8 3.77), K steps of 4 (4.27), 64x256x8 (3.58), 64x128x8 as 16x8 threads of 8x8 (3.49
 *   unrolled), 128x128x8 unrolled (3.95-4.04).
 * - 2026-12-03, later (three calls, each tile beside 64x128x8/8x8/8x16/u2 at 3.15 ms in the same call): what
 *   decides is workgroup memory. Declaring 13 KiB instead of 12 for that tile made it 4.36 ms, 16 KiB
 *   4.29, 24 KiB 5.61, 36 KiB or more 10.7: the driver fits fewer workgroups on an SM past 12 KiB,
 *   which is why every 16-24 KiB tile above lost. A single buffer of each tile (`single`, two barriers
 *   a step) halves it: 64x128x8 as 16x4 threads of 16x8 in 6 KiB 3.11-3.12 ms, and 3.08 (44.6 TFLOP/s)
 *   in the committed run, the large tile since; 64x128x16 as 8x8 threads of 8x16 in 12 KiB 3.10-3.11,
 *   3.13 in the committed run (as fast as the unrolled tile there). Single buffers that lost:
 *   64x128x8 as 8x8 threads of 8x16 3.23, 64x128x16 as 16x4 threads 3.23, 128x64x8 3.26, 128x128x8
 *   3.29-3.45, 64x128x8 as 16x8 threads of 8x8 3.57, 64x64x8 3.77. Other layouts that lost (measured
 *   against the same 3.15-3.16): A's tile kept along K and read as float4 (3.39), A's rows padded
 *   against bank conflicts (3.99: it crossed the 12 KiB cliff), A turned in registers and stored as
 *   float4 (64x128x16 single 3.26), workgroup tiles as arrays of rows so Dawn's robustness clamp falls
 *   on the column only (4.27), the last steps peeled off the loop (3.62-3.70).
 * - 2026-12-04 (bench/probes/gemm-waves.mjs): the large tile runs in waves of 264 workgroups (2 an SM);
 *   4096^2 is 7.76 waves, the last 76% full (45.2-45.6 TFLOP/s at whole waves, 44.4-44.6 at 2048
 *   workgroups). Splitting the last tiles along K lost, as separate dispatches (3.53 against 3.09 ms:
 *   they do not overlap) and inside the one dispatch with a pass adding the pieces (3.14-3.16 against
 *   3.08). docs/PERFORMANCE.md has the staircase.
 * - 2026-12-04, afternoon (bench/probes/gemm-layout.mjs, text edits of the large tile's WGSL, every result
 *   bit for bit the library module's; wall clock of 20 dispatches in one pass): each warp as 8x4 threads
 *   instead of 16x2 (`warp8x4`: B's reads one wavefront instead of two) 3.062-3.071 ms against
 *   3.089-3.097 in four calls, but in the blas group's run (GPU timestamps of each dispatch alone) 3.0845
 *   against 3.0799: level, so the large tile stays as it was and warp8x4 is a candidate of the sweep.
 *   Lost: A's tile rotated against bank conflicts (3.18-3.19), padded to rows of 18 float4 (3.18, 6.25
 *   KiB), XOR-swizzled (3.29), K rows 4-7 swizzled for the stores (3.29): any extra register costs 7%.
 */
export const GEMM_TILE_CANDIDATES: Record<string, GemmTile> = {
  't128x128k8': { tx: 16, ty: 16, rm: 8, rn: 2, bk: 8 },
  't64x64k8r8': { tx: 8, ty: 8, rm: 8, rn: 2, bk: 8 },
  't32x32k8': { tx: 8, ty: 8, rm: 4, rn: 1, bk: 8 },
  't128x128k8r16x8': { tx: 16, ty: 8, rm: 16, rn: 2, bk: 8 },
  't64x128k8r8x16u2': { tx: 8, ty: 8, rm: 8, rn: 4, bk: 8, unroll2: true },
  't64x128k8r16x8s1b': { tx: 16, ty: 4, rm: 16, rn: 2, bk: 8, single: true },
  't64x128k16r8x16s1b': { tx: 8, ty: 8, rm: 8, rn: 4, bk: 16, single: true },
  't64x128k8r16x8s1bw': { tx: 16, ty: 4, rm: 16, rn: 2, bk: 8, single: true, warp8x4: true },
};

/** By size: the largest tile of which a product has at least MIN_TILES (an H100 has 132 SMs), so a
 *  smaller product still fills the GPU; the smallest tile otherwise. */
export const GEMM_TILES = {
  large: GEMM_TILE_CANDIDATES['t64x128k8r16x8s1b']!,
  medium: GEMM_TILE_CANDIDATES['t64x64k8r8']!,
  small: GEMM_TILE_CANDIDATES['t32x32k8']!,
};
const MIN_TILES = 128;

let forcedTile: GemmTile | undefined;

/** Use `tile` for every gemm (the benchmark's tile sweep); undefined restores the choice by size. */
export function forceGemmTile(tile: GemmTile | undefined): void {
  const why = tile && tileProblem(tile);
  if (why) throw new Error(`gemm tile ${tileName(tile!)}: ${why}`);
  forcedTile = tile;
}

function chooseTile(m: number, n: number, device: NativeDevice): GemmTile | string {
  const fits = (t: GemmTile) =>
    tileSharedBytes(t) <= (device.limits.maxComputeWorkgroupStorageSize ?? 16384) && t.tx * t.ty <= (device.limits.maxComputeInvocationsPerWorkgroup ?? 256);
  if (forcedTile) return fits(forcedTile) ? forcedTile : `the forced tile ${tileName(forcedTile)} does not fit this device's workgroup limits`;
  for (const t of [GEMM_TILES.large, GEMM_TILES.medium]) {
    const tiles = Math.ceil(m / tileRows(t)) * Math.ceil((4 * n) / tileCols(t));
    if (tiles >= MIN_TILES && fits(t)) return t;
  }
  return fits(GEMM_TILES.small) ? GEMM_TILES.small : "the device's workgroup limits are below the smallest gemm tile";
}

type StreamArg = LaunchArg & { kind: 'stream' };

function streamArg(a: LaunchArg | undefined): StreamArg | undefined {
  return a && a.kind === 'stream' && a.stream.words === 4 && a.shape.length === 2 ? a : undefined;
}

function value(a: LaunchArg | undefined): number | undefined {
  return a && a.kind === 'value' && a.value.length === 1 ? a.value[0] : undefined;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function f32Bits(x: number): number {
  f32[0] = x;
  return u32[0]!;
}

/** Offset (in float4) of a box's first element, and its row stride: the stream's own width. */
function place(a: StreamArg): { off: number; ld: number } {
  const ld = a.stream.shape[1]!;
  return { off: a.lo[0]! * ld + a.lo[1]!, ld };
}

/** blas_gemm_k(A[][], B[][], K, transA, transB, alpha, beta, tri, Cin<>, out C<>): the parameter order. */
export function planGemm(launch: Launch, device: NativeDevice): WgslNativePlan | string {
  const [aA, aB, aK, aTA, aTB, aAlpha, aBeta, aTri, aCin, aC] = launch.args;
  const A = streamArg(aA);
  const B = streamArg(aB);
  const Cin = streamArg(aCin);
  const C = streamArg(aC);
  const K = value(aK);
  const tA = value(aTA);
  const tB = value(aTB);
  const alpha = value(aAlpha);
  const beta = value(aBeta);
  const tri = value(aTri);
  if (!A || !B || !Cin || !C || K === undefined || tA === undefined || tB === undefined || alpha === undefined || beta === undefined || tri === undefined) {
    return 'the arguments are not float4 matrices and scalars';
  }
  if (launch.mask) return 'a write mask is set';
  if ((tA !== 0 && tA !== 1) || (tB !== 0 && tB !== 1) || (tri !== 0 && tri !== 1 && tri !== 2)) return 'transA, transB or tri is not one of its values';
  const [m, n4] = launch.outShape as [number, number];
  if (!Number.isInteger(K) || K < 0 || K % 4 !== 0) return `K = ${K} is not a multiple of 4`;
  if (tA === 1 && m % 4 !== 0) return `op(A) = A^T needs m (${m}) a multiple of 4`;
  // The shapes the body reads exactly (otherwise its gathers clamp, and only the body says what that gives).
  const wantA = tA === 0 ? [m, K / 4] : [K, m / 4];
  const wantB = tB === 0 ? [K, n4] : [4 * n4, K / 4];
  const same = (s: number[], w: number[]) => s[0] === w[0] && s[1] === w[1];
  if (!same(A.shape, wantA) || !same(B.shape, wantB)) {
    return `A is <${A.shape.join(', ')}> and B <${B.shape.join(', ')}>; the product wants <${wantA.join(', ')}> and <${wantB.join(', ')}>`;
  }
  if (!same(Cin.shape, [m, n4])) return 'Cin is resized to C (its shape differs)';
  const tile = chooseTile(m, n4, device);
  if (typeof tile === 'string') return tile;
  const groups: [number, number] = [Math.ceil((4 * n4) / tileCols(tile)), Math.ceil(m / tileRows(tile))];
  const maxGroups = device.limits.maxComputeWorkgroupsPerDimension ?? 65535;
  if (groups[0] > maxGroups || groups[1] > maxGroups) return `${groups.join(' x ')} workgroups exceed the per-dimension limit`;
  const aliased = Cin.stream.buffer === C.stream.buffer;
  const ragged = raggedOf(tile, m, 4 * n4, K);
  const kind = { tile, transA: tA === 1, transB: tB === 1, ragged, aliased };
  const pa = place(A);
  const pb = place(B);
  const pci = place(Cin);
  const pc = place(C);
  const fields: Record<(typeof UNIFORM_FIELDS)[number], number> = {
    M: m, N4: n4, K, tri,
    offA: pa.off, ldA: pa.ld, offB: pb.off, ldB: pb.ld,
    offCi: pci.off, ldCi: pci.ld, offC: pc.off, ldC: pc.ld,
    alpha: f32Bits(alpha), beta: f32Bits(beta), pad0: 0, pad1: 0,
  };
  const uniforms = new Uint32Array(UNIFORM_FIELDS.map((f) => fields[f] >>> 0));
  const bindings = aliased
    ? [{ arg: 0, writable: false }, { arg: 1, writable: false }, { arg: 9, writable: true }]
    : [{ arg: 0, writable: false }, { arg: 1, writable: false }, { arg: 8, writable: false }, { arg: 9, writable: true }];
  return {
    key: moduleKey(kind),
    code: () => gemmWgsl(kind),
    entry: 'main',
    bindings,
    uniforms,
    groups,
    label: `gemm ${tileName(tile)}${raggedLabel(ragged)}`,
  };
}

export function registerBlasNatives(): void {
  registerNativeKernel({ name: 'blas.gemm', planWgsl: planGemm });
}
