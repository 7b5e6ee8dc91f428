/**
 * The WGSL form of `blas_gemm_k` (lib/brook/blas.br): C = alpha op(A) op(B) + beta Cin on float4
 * streams, optionally over one triangle of C. Written by hand here because it needs what Brook cannot
 * say: workgroup memory shared by a tile's threads and a block of outputs per thread.
 *
 * Schedule (a "tile config"): a workgroup of TX x TY threads computes a BM x BN block of C (BM = TY *
 * RM rows, BN = TX * RN * 4 columns); each thread keeps RM x RN float4 accumulators in registers
 * (rows ty*RM.., float4 columns tx, tx + TX, ...: neighbouring threads store neighbouring float4).
 * The K dimension goes in steps of BK: the next step's tiles of op(A) and op(B) are loaded from memory
 * into registers (vec4 loads) while the current step's are multiplied out of workgroup memory (two
 * buffers and one barrier a step, or one buffer and two barriers: `single`). op(A)'s tile is stored
 * k-major (As[k][m]) so a thread reads its RM values of A as RM/4 vec4; transposed operands are
 * transposed on their way into workgroup memory.
 *
 * The module is generated per config, transposition, raggedness (which of M, N and K are not multiples
 * of the tile: see `Ragged`) and aliasing (Cin the same buffer as C, in place: bound once). Everything else (sizes, offsets and row strides of domains, alpha,
 * beta, the triangle) is in the uniform block, so one pipeline serves every call of its kind.
 */

export interface GemmTile {
  /** Threads of a workgroup along the columns (x) and rows (y). */
  tx: number;
  ty: number;
  /** Rows and float4 columns of C a thread computes. */
  rm: number;
  rn: number;
  /** Depth of one step along K (a multiple of 4). */
  bk: number;
  /** The K loop unrolled by two, so each half's workgroup buffer is a constant (H200, 64x128x8 tiles:
   *  3.16-3.17 -> 3.12-3.13 ms; the 128x128x8 tile as 16x8 threads went 3.46 -> 3.95 ms: not for every tile). */
  unroll2?: boolean;
  /** One buffer of each tile instead of two: two barriers a step (all reads of the step done before
   *  the next step's tiles are stored, and those stored before they are read), half the workgroup
   *  memory. On an H200 the workgroups an SM holds fall off a cliff just past 12 KiB of workgroup
   *  memory (64x128x8, two buffers, 12 KiB: 3.15 ms; the same with 13 KiB declared: 4.36 ms), so a
   *  single buffer is what lets K steps of 16 run there (64x128x16 as 8x8 threads of 8x16: 3.10-3.11 ms
   *  in 12 KiB, against 4.99 ms with two buffers in 24 KiB). */
  single?: boolean;
  /** Each warp of 32 invocations holds 8 x 4 threads of the tile (tx, ty from the invocation index)
   *  instead of a row of lid: 16 x 2 for 16 threads along x. A step's reads of B's tile are then 8
   *  distinct float4 a warp (one 128-byte wavefront of workgroup memory) instead of 16. H200, 64x128x8
   *  as 16x4 threads of 16x8, one buffer: 3.062-3.071 ms against 3.089-3.097 for 20 dispatches in one
   *  pass (bench/probes/gemm-layout.mjs, results bit for bit the same), level for a dispatch alone (the
   *  bench's GPU timestamps: 3.0845 against 3.0799 ms). A candidate of the sweep, not the default. */
  warp8x4?: boolean;
}

export function tileName(t: GemmTile): string {
  return `${t.ty * t.rm}x${t.tx * t.rn * 4}x${t.bk}/${t.tx}x${t.ty}/${t.rm}x${t.rn * 4}${t.unroll2 ? '/u2' : ''}${t.single ? '/1buf' : ''}${t.warp8x4 ? '/w8x4' : ''}`;
}

export function tileRows(t: GemmTile): number {
  return t.ty * t.rm;
}
export function tileCols(t: GemmTile): number {
  return t.tx * t.rn * 4;
}

/** Buffers of each tile in workgroup memory. */
function tileBuffers(t: GemmTile): number {
  return t.single ? 1 : 2;
}

/** Workgroup memory a config needs (one or two buffers of each tile), in bytes. */
export function tileSharedBytes(t: GemmTile): number {
  return tileBuffers(t) * 4 * t.bk * (tileRows(t) + tileCols(t));
}

/** Why a config cannot be generated (loads must divide evenly among threads), or undefined. */
export function tileProblem(t: GemmTile): string | undefined {
  const threads = t.tx * t.ty;
  const a = (tileRows(t) * t.bk) / 4;
  const b = (t.bk * tileCols(t)) / 4;
  if (t.bk % 4 !== 0 || t.rm % 4 !== 0) return 'bk and rm must be multiples of 4';
  if (a % threads !== 0 || b % threads !== 0) return `the ${a} + ${b} float4 of a step do not divide among ${threads} threads`;
  if (t.single && t.unroll2) return 'single and unroll2 do not combine (one buffer needs no unrolling to name it)';
  if (t.warp8x4 && (t.tx % 8 !== 0 || t.ty % 4 !== 0)) return 'warp8x4 needs tx a multiple of 8 and ty a multiple of 4';
  return undefined;
}

/**
 * Which sizes are not multiples of the tile, so that edge tiles reach past the matrices. Each costs only
 * what it needs (H200, 4096^2, 64x128 tiles: one flag for all three, with a select and a clamp of the
 * linear index on every load, took 5.14 ms where the unchecked module takes 3.08):
 * - m (n): a row of op(A) (column of op(B)) past the matrix is read from the last one (its coordinate
 *   clamped), and outputs past it are not stored; what they computed is thrown away.
 * - k: a k past K reads 0 from both operands (clamped coordinate, then a select), since every output
 *   sums over it. Only the last step can reach past K, so the others take the unchecked loads (a
 *   branch uniform over the workgroup: 3.91 ms with a select on every step's loads, 4096^2 on an H200).
 */
export interface Ragged {
  m: boolean;
  n: boolean;
  k: boolean;
}

export function raggedOf(t: GemmTile, m: number, n: number, k: number): Ragged {
  return { m: m % tileRows(t) !== 0, n: n % tileCols(t) !== 0, k: k % t.bk !== 0 };
}

export interface GemmModuleKind {
  tile: GemmTile;
  transA: boolean;
  transB: boolean;
  ragged: Ragged;
  /** Cin is C (in place): no separate Cin binding. */
  aliased: boolean;
}

/** ' checked M,N,K': the sizes a module checks ('' for none). */
export function raggedLabel(r: Ragged): string {
  const dims = [r.m && 'M', r.n && 'N', r.k && 'K'].filter(Boolean);
  return dims.length ? ` checked ${dims.join(',')}` : '';
}

export function moduleKey(k: GemmModuleKind): string {
  return `blas.gemm ${tileName(k.tile)} ${k.transA ? 'T' : 'N'}${k.transB ? 'T' : 'N'}${raggedLabel(k.ragged)}${k.aliased ? ' inplace' : ''}`;
}

/** Uniform block layout (16 words), filled by natives.ts. */
export const UNIFORM_FIELDS = ['M', 'N4', 'K', 'tri', 'offA', 'ldA', 'offB', 'ldB', 'offCi', 'ldCi', 'offC', 'ldC', 'alpha', 'beta', 'pad0', 'pad1'] as const;

/** The numbers of one config that every part of the module uses. */
interface TileDims {
  TX: number;
  TY: number;
  RM: number;
  RN: number;
  BK: number;
  /** Rows and columns of C a workgroup computes, and the same in float4. */
  BM: number;
  BN: number;
  BM4: number;
  BN4: number;
  /** Threads of a workgroup, and the float4 of A and of B each thread moves a step. */
  NT: number;
  /** Buffers of each tile in workgroup memory (1 or 2). */
  NB: number;
  LA: number;
  LB: number;
}

function tileDims(t: GemmTile): TileDims {
  const { tx: TX, ty: TY, rm: RM, rn: RN, bk: BK } = t;
  const BM = TY * RM;
  const BN = TX * RN * 4;
  const NT = TX * TY;
  return { TX, TY, RM, RN, BK, BM, BN, BM4: BM / 4, BN4: BN / 4, NT, NB: tileBuffers(t), LA: (BM * BK) / 4 / NT, LB: (BK * BN) / 4 / NT };
}

export function gemmWgsl(k: GemmModuleKind): string {
  const d = tileDims(k.tile);
  const moves = tileMoves(k, d);
  return [...declarations(k, d), ...mainStart(k, d, moves), ...stepLoop(d, moves, k.tile), ...writeOut(k, d), '}'].join('\n');
}

/** The uniform block, the bindings and the workgroup buffers of each tile. */
function declarations(k: GemmModuleKind, d: TileDims): string[] {
  const L: string[] = [];
  const line = (s: string) => L.push(s);
  const { BK, BM4, BN4, NB } = d;
  line('struct Params {');
  line('  M: u32, N4: u32, K: u32, tri: u32,');
  line('  offA: u32, ldA: u32, offB: u32, ldB: u32,');
  line('  offCi: u32, ldCi: u32, offC: u32, ldC: u32,');
  line('  alpha: f32, beta: f32, pad0: u32, pad1: u32,');
  line('}');
  line('@group(0) @binding(0) var<uniform> U: Params;');
  line('@group(0) @binding(1) var<storage, read> A: array<vec4f>;');
  line('@group(0) @binding(2) var<storage, read> B: array<vec4f>;');
  if (k.aliased) line('@group(0) @binding(3) var<storage, read_write> C: array<vec4f>;');
  else {
    line('@group(0) @binding(3) var<storage, read> Ci: array<vec4f>;');
    line('@group(0) @binding(4) var<storage, read_write> C: array<vec4f>;');
  }
  line(`var<workgroup> As: array<vec4f, ${NB * BK * BM4}>;`);
  line(`var<workgroup> Bs: array<vec4f, ${NB * BK * BN4}>;`);
  line('');

  return L;
}

interface TileMoves {
  /** Every float4 of the step at k0 from memory into registers. */
  loadStep(): string[];
  storeA(l: number, buf: string): string[];
  storeB(l: number, buf: string): string[];
}

/** A thread's share of one K step: float4 l of the A and B tiles from memory into registers
 *  (ra0.., rb0..), and from there into workgroup buffer `buf` (transposed operands turned there). */
function tileMoves(k: GemmModuleKind, d: TileDims): TileMoves {
  const { BK, BM4, BN4, NT, LA, LB } = d;
  const { m: rm, n: rn, k: rk } = k.ragged;
  // A coordinate clamped to its last valid value where that size is ragged (see `Ragged`).
  const clamp = (ragged: boolean, x: string, last: string) => (ragged ? `min(${x}, ${last})` : `(${x})`);
  // pastK: the loads of a step that reaches past K (the last, where K is ragged): a k past K reads 0.
  const zeroPastK = (pastK: boolean, load: string, kIn: string) => (pastK ? `select(vec4f(0.0), ${load}, ${kIn})` : load);
  const loadA = (l: number, pastK: boolean): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transA) {
      // op(A) = A<M, K/4>: rows of the tile, BK/4 float4 along K each.
      const row = `(${lin} / ${BK / 4}u)`;
      const k4 = `(${lin} % ${BK / 4}u)`;
      const idx = `U.offA + ${clamp(rm, `m0 + ${row}`, 'U.M - 1u')} * U.ldA + ${clamp(pastK, `k0 / 4u + ${k4}`, '(U.K - 1u) / 4u')}`;
      return [`ra${l} = ${zeroPastK(pastK, `A[${idx}]`, `k0 + 4u * ${k4} < U.K`)};`];
    }
    // op(A) = A^T, A<K, M/4>: BK rows of A, BM/4 float4 along M each (already m-major).
    const kk = `(${lin} / ${BM4}u)`;
    const m4 = `(${lin} % ${BM4}u)`;
    const idx = `U.offA + ${clamp(pastK, `k0 + ${kk}`, 'U.K - 1u')} * U.ldA + ${clamp(rm, `m0 / 4u + ${m4}`, '(U.M - 1u) / 4u')}`;
    return [`ra${l} = ${zeroPastK(pastK, `A[${idx}]`, `k0 + ${kk} < U.K`)};`];
  };
  const storeA = (l: number, buf: string): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transA) {
      const row = `(${lin} / ${BK / 4}u)`;
      const k4 = `(${lin} % ${BK / 4}u)`;
      // As[kk][row]: float (kk * BM + row) of the buffer = component row % 4 of float4 (kk * BM + row) / 4.
      const out: string[] = [`{ let r = ${row}; let kb = ${buf} + 4u * ${k4} * ${BM4}u + r / 4u; let c = r % 4u;`];
      for (let q = 0; q < 4; q++) out.push(`  As[kb + ${q * BM4}u][c] = ra${l}.${'xyzw'[q]};`);
      out.push('}');
      return out;
    }
    return [`As[${buf} + ${lin}] = ra${l};`];
  };
  const loadB = (l: number, pastK: boolean): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transB) {
      // op(B) = B<K, N4>: BK rows of B, BN/4 float4 each.
      const kk = `(${lin} / ${BN4}u)`;
      const n4 = `(${lin} % ${BN4}u)`;
      const idx = `U.offB + ${clamp(pastK, `k0 + ${kk}`, 'U.K - 1u')} * U.ldB + ${clamp(rn, `n0 / 4u + ${n4}`, 'U.N4 - 1u')}`;
      return [`rb${l} = ${zeroPastK(pastK, `B[${idx}]`, `k0 + ${kk} < U.K`)};`];
    }
    // op(B) = B^T, B<N, K/4>: BN rows of B, BK/4 float4 along K each.
    const row = `(${lin} / ${BK / 4}u)`;
    const k4 = `(${lin} % ${BK / 4}u)`;
    const idx = `U.offB + ${clamp(rn, `n0 + ${row}`, '4u * U.N4 - 1u')} * U.ldB + ${clamp(pastK, `k0 / 4u + ${k4}`, '(U.K - 1u) / 4u')}`;
    return [`rb${l} = ${zeroPastK(pastK, `B[${idx}]`, `k0 + 4u * ${k4} < U.K`)};`];
  };
  const storeB = (l: number, buf: string): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transB) return [`Bs[${buf} + ${lin}] = rb${l};`];
    const row = `(${lin} / ${BK / 4}u)`;
    const k4 = `(${lin} % ${BK / 4}u)`;
    const out: string[] = [`{ let r = ${row}; let kb = ${buf} + 4u * ${k4} * ${BN4}u + r / 4u; let c = r % 4u;`];
    for (let q = 0; q < 4; q++) out.push(`  Bs[kb + ${q * BN4}u][c] = rb${l}.${'xyzw'[q]};`);
    out.push('}');
    return out;
  };

  const loadAll = (pastK: boolean) => [...Array.from({ length: LA }, (_, l) => loadA(l, pastK)), ...Array.from({ length: LB }, (_, l) => loadB(l, pastK))].flat();
  // Only the last step can reach past K: the others keep the unchecked loads (a branch uniform over the workgroup).
  const loadStep = (): string[] =>
    rk ? [`if (k0 + ${BK}u <= U.K) {`, ...loadAll(false).map((x) => '  ' + x), '} else {', ...loadAll(true).map((x) => '  ' + x), '}'] : loadAll(false);
  return { loadStep, storeA, storeB };
}

/** The entry point up to the first step's tiles in workgroup memory: a tile outside the triangle
 *  copies Cin and stops; registers and accumulators declared. */
function mainStart(k: GemmModuleKind, d: TileDims, m: TileMoves): string[] {
  const { TX, TY, RM, RN, BK, BM, BN, LA, LB } = d;
  const L: string[] = [];
  const line = (s: string) => L.push(s);
  line(`@compute @workgroup_size(${TX}, ${TY}, 1)`);
  line('fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) lid: vec3u, @builtin(local_invocation_index) li: u32) {');
  line(`  let m0 = wg.y * ${BM}u;`);
  line(`  let n0 = wg.x * ${BN}u;`);
  if (k.tile.warp8x4) {
    // Warp w: threads 8 (w % perRow) .. + 7 along x, rows 4 (w / perRow) .. + 3 (perRow warps a row of the tile).
    const perRow = TX / 8;
    if (TY === 4) {
      // One row of warps: the general form with its identity division and modulo left out (the text measured).
      line('  let tx = (li / 32u) * 8u + li % 8u;');
      line('  let ty = (li % 32u) / 8u;');
    } else {
      line(`  let tx = ((li / 32u) % ${perRow}u) * 8u + li % 8u;`);
      line(`  let ty = (li / 32u / ${perRow}u) * 4u + (li % 32u) / 8u;`);
    }
  } else {
    line('  let tx = lid.x;');
    line('  let ty = lid.y;');
  }
  // A tile wholly outside the triangle keeps Cin: copy it (unless in place) and stop. Uniform per workgroup.
  line(`  let outside = (U.tri == 1u && n0 > m0 + ${BM - 1}u) || (U.tri == 2u && n0 + ${BN - 1}u < m0);`);
  line('  if (outside) {');
  if (!k.aliased) {
    for (let r = 0; r < RM; r++) {
      for (let c = 0; c < RN; c++) {
        line(`    { let i = m0 + ty * ${RM}u + ${r}u; let j4 = n0 / 4u + tx + ${c * TX}u;`);
        line(`      if (i < U.M && j4 < U.N4) { C[U.offC + i * U.ldC + j4] = Ci[U.offCi + i * U.ldCi + j4]; } }`);
      }
    }
  }
  line('    return;');
  line('  }');
  for (let l = 0; l < LA; l++) line(`  var ra${l}: vec4f;`);
  for (let l = 0; l < LB; l++) line(`  var rb${l}: vec4f;`);
  for (let r = 0; r < RM; r++) for (let c = 0; c < RN; c++) line(`  var acc${r}_${c} = vec4f(0.0);`);
  line(`  let steps = (U.K + ${BK - 1}u) / ${BK}u;`);
  line('  if (steps > 0u) {');
  line('    var k0 = 0u;');
  L.push(...m.loadStep().map((s) => '    ' + s));
  for (let l = 0; l < LA; l++) L.push(...m.storeA(l, '0u').map((s) => '    ' + s));
  for (let l = 0; l < LB; l++) L.push(...m.storeB(l, '0u').map((s) => '    ' + s));
  line('  }');
  return L;
}

/** The K steps: the next step's tiles loaded into registers while this step's are multiplied out of
 *  workgroup memory, then stored into the other buffer; one barrier a step. `unroll2`: two steps a
 *  trip (buffers 0 and 1 as constants), leaving after the first when the steps are odd. `single`:
 *  stored into the same buffer, after a barrier that ends the step's reads. */
function stepLoop(d: TileDims, m: TileMoves, t: GemmTile): string[] {
  const { TX, RM, RN, BK, BM4, BN4, LA, LB } = d;
  const L: string[] = [];
  const line = (s: string) => L.push(s);
  const body = (cur: string, sExpr: string) => {
    line(`    { let s1 = ${sExpr};`);
    line(`    let a0b = ${cur} * ${BK * BM4}u + ty * ${RM / 4}u;`);
    line(`    let b0b = ${cur} * ${BK * BN4}u + tx;`);
    line('    let more = s1 + 1u < steps;');
    line('    if (more) {');
    line(`      let k0 = (s1 + 1u) * ${BK}u;`);
    L.push(...m.loadStep().map((x) => '      ' + x));
    line('    }');
    for (let kk = 0; kk < BK; kk++) {
      for (let q = 0; q < RM / 4; q++) line(`    let a${kk}_${q} = As[a0b + ${kk * BM4 + q}u];`);
      for (let c = 0; c < RN; c++) line(`    let b${kk}_${c} = Bs[b0b + ${kk * BN4 + c * TX}u];`);
      for (let r = 0; r < RM; r++) {
        const a = `a${kk}_${r >> 2}.${'xyzw'[r & 3]}`;
        for (let c = 0; c < RN; c++) line(`    acc${r}_${c} = fma(vec4f(${a}), b${kk}_${c}, acc${r}_${c});`);
      }
    }
    if (t.single) line('    workgroupBarrier();');
    line('    if (more) {');
    line(`      let nxt = ${t.single ? '0u' : `(1u - ${cur})`};`);
    for (let l = 0; l < LA; l++) L.push(...m.storeA(l, `nxt * ${BK * BM4}u`).map((x) => '      ' + x));
    for (let l = 0; l < LB; l++) L.push(...m.storeB(l, `nxt * ${BK * BN4}u`).map((x) => '      ' + x));
    line('    }');
    line('    workgroupBarrier(); }');
  };
  line('  workgroupBarrier();');
  if (!t.unroll2) {
    line('  for (var s = 0u; s < steps; s++) {');
    body(t.single ? '0u' : '(s % 2u)', 's');
    line('  }');
  } else {
    line('  for (var s = 0u; s < steps; s += 2u) {');
    body('0u', 's');
    line('    if (s + 1u >= steps) { break; }');
    body('1u', 's + 1u');
    line('  }');
  }
  return L;
}

/** alpha acc + beta Cin into C (bounds-checked when `checked`), keeping Cin outside the triangle. */
function writeOut(k: GemmModuleKind, d: TileDims): string[] {
  const { TX, RM, RN } = d;
  const CIN = k.aliased ? 'C' : 'Ci';
  const L: string[] = [];
  const line = (s: string) => L.push(s);
  line('  let alpha = U.alpha;');
  line('  let beta = U.beta;');
  line('  let useCin = beta != 0.0 || U.tri != 0u;');
  for (let r = 0; r < RM; r++) {
    line(`  { let i = m0 + ty * ${RM}u + ${r}u;`);
    for (let c = 0; c < RN; c++) {
      line(`    { let j4 = n0 / 4u + tx + ${c * TX}u;`);
      const body = [
        `var v = alpha * acc${r}_${c};`,
        `if (useCin) {`,
        `  let cin = ${CIN}[U.offCi + i * U.ldCi + j4];`,
        `  if (beta != 0.0) { v = v + beta * cin; }`,
        `  if (U.tri != 0u) {`,
        `    let jj = vec4u(4u * j4) + vec4u(0u, 1u, 2u, 3u);`,
        `    let keep = select(jj >= vec4u(i), jj <= vec4u(i), U.tri == 1u);`,
        `    v = select(cin, v, keep);`,
        `  }`,
        `}`,
        `C[U.offC + i * U.ldC + j4] = v;`,
      ];
      const inside = [k.ragged.m && 'i < U.M', k.ragged.n && 'j4 < U.N4'].filter(Boolean).join(' && ');
      if (inside) {
        line(`      if (${inside}) {`);
        for (const b of body) line('        ' + b);
        line('      }');
      } else for (const b of body) line('      ' + b);
      line('    }');
    }
    line('  }');
  }
  return L;
}
