/**
 * The native (hand-written WGSL) forms of lib/brook/blas.br's kernels, registered with brt/native.ts:
 * `blas.gemm` (blas_gemm_k). A plan is made only for launches whose arguments are exactly what the
 * Brook body reads (plain row-major float4 matrices or domains of them, sizes matching K); anything
 * else runs the body, which is the definition.
 */
import type { Launch, LaunchArg } from '../../brt/api.js';
import { registerNativeKernel, type NativeDevice, type WgslNativePlan } from '../../brt/native.js';
import { gemmWgsl, moduleKey, tileCols, tileName, tileProblem, tileRows, tileSharedBytes, UNIFORM_FIELDS, type GemmTile } from './gemm-wgsl.js';

/**
 * The tile configs the gemm tries. `GEMM_TILES.large` serves large products; small products (fewer
 * than LARGE_MIN_TILES of its tiles) use `GEMM_TILES.small`, so a thin product still fills the GPU.
 * bench/cases.ts runs every entry of GEMM_TILE_CANDIDATES on the same device and reports each.
 */
export const GEMM_TILE_CANDIDATES: Record<string, GemmTile> = {
  't128x128k8': { tx: 16, ty: 16, rm: 8, rn: 2, bk: 8 },
  't128x128k16': { tx: 16, ty: 16, rm: 8, rn: 2, bk: 16 },
  't128x64k16': { tx: 16, ty: 16, rm: 8, rn: 1, bk: 16 },
  't64x128k16': { tx: 16, ty: 16, rm: 4, rn: 2, bk: 16 },
  't64x128k8r8': { tx: 16, ty: 8, rm: 8, rn: 2, bk: 8 },
  't64x64k16': { tx: 16, ty: 16, rm: 4, rn: 1, bk: 16 },
  't64x64k8r8': { tx: 8, ty: 8, rm: 8, rn: 2, bk: 8 },
  't64x64k16r8': { tx: 8, ty: 8, rm: 8, rn: 2, bk: 16 },
  't128x64k8r8': { tx: 8, ty: 16, rm: 8, rn: 2, bk: 8 },
  't32x32k8': { tx: 8, ty: 8, rm: 4, rn: 1, bk: 8 },
};

export const GEMM_TILES = {
  large: GEMM_TILE_CANDIDATES['t128x128k8']!,
  small: GEMM_TILE_CANDIDATES['t32x32k8']!,
};
const LARGE_MIN_TILES = 128;

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
  const large = GEMM_TILES.large;
  const tiles = Math.ceil(m / tileRows(large)) * Math.ceil((4 * n) / tileCols(large));
  if (tiles >= LARGE_MIN_TILES && fits(large)) return large;
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
  const checked = m % tileRows(tile) !== 0 || (4 * n4) % tileCols(tile) !== 0 || K % tile.bk !== 0;
  const kind = { tile, transA: tA === 1, transB: tB === 1, checked, aliased };
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
    label: `gemm ${tileName(tile)}${checked ? ' checked' : ''}`,
  };
}

export function registerBlasNatives(): void {
  registerNativeKernel({ name: 'blas.gemm', planWgsl: planGemm });
}
