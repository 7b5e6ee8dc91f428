/**
 * The WGSL form of `blas_gemm_k` (lib/brook/blas.br): C = alpha op(A) op(B) + beta Cin on float4
 * streams, optionally over one triangle of C. Written by hand here because it needs what Brook cannot
 * say: workgroup memory shared by a tile's threads and a block of outputs per thread.
 *
 * Schedule (a "tile config"): a workgroup of TX x TY threads computes a BM x BN block of C (BM = TY *
 * RM rows, BN = TX * RN * 4 columns); each thread keeps RM x RN float4 accumulators in registers
 * (rows ty*RM.., float4 columns tx, tx + TX, ...: neighbouring threads store neighbouring float4).
 * RM need not be a multiple of 4 (72-row tiles: 4096 rows are 57 bands of them, 6.91 waves of an
 * H200's 264 resident workgroups where 64-row tiles make 7.76): each thread's rows then sit in a
 * chunk of A's tile padded to a multiple of 4 floats, so its reads stay whole vec4, and the float4 of
 * a step that do not divide among the threads are moved by the first threads only.
 * The K dimension goes in steps of BK: the next step's tiles of op(A) and op(B) are loaded from memory
 * into registers (vec4 loads) while the current step's are multiplied out of workgroup memory (two
 * buffers and one barrier a step, or one buffer and two barriers: `single`). op(A)'s tile is stored
 * k-major (As[k][m]) so a thread reads its RM values of A as RM/4 vec4; transposed operands are
 * transposed on their way into workgroup memory.
 *
 * The module is generated per config, transposition, "checked" (sizes not multiples of the tile:
 * loads outside the matrices give 0, stores outside are skipped) and aliasing (Cin the same buffer
 * as C, in place: bound once). Everything else (sizes, offsets and row strides of domains, alpha,
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
}

export function tileName(t: GemmTile): string {
  return `${t.ty * t.rm}x${t.tx * t.rn * 4}x${t.bk}/${t.tx}x${t.ty}/${t.rm}x${t.rn * 4}${t.unroll2 ? '/u2' : ''}${t.single ? '/1buf' : ''}`;
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

/** Why a config cannot be generated, or undefined. */
export function tileProblem(t: GemmTile): string | undefined {
  // Loads move whole float4: along K in A's rows (and B's when transposed), along M and N otherwise.
  if (t.bk % 4 !== 0 || tileRows(t) % 4 !== 0) return 'bk and the tile rows (ty x rm) must be multiples of 4';
  if (t.single && t.unroll2) return 'single and unroll2 do not combine (one buffer needs no unrolling to name it)';
  return undefined;
}

export interface GemmModuleKind {
  tile: GemmTile;
  transA: boolean;
  transB: boolean;
  /** Sizes not multiples of the tile: bounds-checked loads and stores. */
  checked: boolean;
  /** Cin is C (in place): no separate Cin binding. */
  aliased: boolean;
}

export function moduleKey(k: GemmModuleKind): string {
  return `blas.gemm ${tileName(k.tile)} ${k.transA ? 'T' : 'N'}${k.transB ? 'T' : 'N'}${k.checked ? ' checked' : ''}${k.aliased ? ' inplace' : ''}`;
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
  /** A thread's rows padded to whole float4 (RM when RM is a multiple of 4), and the float4 of one
   *  k of A's tile in workgroup memory (TY chunks of RMP floats). */
  RMP: number;
  AS4: number;
  /** Threads of a workgroup, and the float4 of A and of B each thread moves a step (rounded up). */
  NT: number;
  /** Buffers of each tile in workgroup memory (1 or 2). */
  NB: number;
  LA: number;
  LB: number;
  /** Threads that move float4 LA - 1 (LB - 1): NT when the step's float4 divide evenly. */
  lastA: number;
  lastB: number;
}

function tileDims(t: GemmTile): TileDims {
  const { tx: TX, ty: TY, rm: RM, rn: RN, bk: BK } = t;
  const BM = TY * RM;
  const BN = TX * RN * 4;
  const NT = TX * TY;
  const RMP = 4 * Math.ceil(RM / 4);
  const a4 = (BM * BK) / 4;
  const b4 = (BK * BN) / 4;
  const LA = Math.ceil(a4 / NT);
  const LB = Math.ceil(b4 / NT);
  return { TX, TY, RM, RN, BK, BM, BN, BM4: BM / 4, BN4: BN / 4, RMP, AS4: (TY * RMP) / 4, NT, NB: tileBuffers(t), LA, LB, lastA: a4 - (LA - 1) * NT, lastB: b4 - (LB - 1) * NT };
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
  const { BK, AS4, BN4, NB } = d;
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
  line(`var<workgroup> As: array<vec4f, ${NB * BK * AS4}>;`);
  line(`var<workgroup> Bs: array<vec4f, ${NB * BK * BN4}>;`);
  line('');

  return L;
}

interface TileMoves {
  loadA(l: number): string[];
  storeA(l: number, buf: string): string[];
  loadB(l: number): string[];
  storeB(l: number, buf: string): string[];
}

/** A thread's share of one K step: float4 l of the A and B tiles from memory into registers
 *  (ra0.., rb0..), and from there into workgroup buffer `buf` (transposed operands turned there). */
function tileMoves(k: GemmModuleKind, d: TileDims): TileMoves {
  const { RM, RMP, BK, BM4, AS4, BN4, NT, LA, LB, lastA, lastB } = d;
  // Float4 l of A's (B's) tile is moved by threads li < last when the step's float4 do not divide evenly.
  const share = (l: number, moves: number, last: number, lines: string[]): string[] =>
    l === moves - 1 && last < NT ? [`if (li < ${last}u) {`, ...lines.map((x) => '  ' + x), '}'] : lines;
  // Row r of A's tile sits at float p of one k of its buffer: r itself, or r's place in its thread's padded chunk.
  const padded = RMP !== RM;
  const place = (r: string) => (padded ? `(${r} / ${RM}u) * ${RMP}u + ${r} % ${RM}u` : r);
  const loadA = (l: number): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transA) {
      // op(A) = A<M, K/4>: rows of the tile, BK/4 float4 along K each.
      const row = `(${lin} / ${BK / 4}u)`;
      const k4 = `(${lin} % ${BK / 4}u)`;
      const idx = `U.offA + (m0 + ${row}) * U.ldA + (k0 / 4u + ${k4})`;
      const cond = `(m0 + ${row} < U.M) && (k0 + 4u * ${k4} < U.K)`;
      return share(l, LA, lastA, [k.checked ? `ra${l} = select(vec4f(0.0), A[min(${idx}, arrayLength(&A) - 1u)], ${cond});` : `ra${l} = A[${idx}];`]);
    }
    // op(A) = A^T, A<K, M/4>: BK rows of A, BM/4 float4 along M each (already m-major).
    const kk = `(${lin} / ${BM4}u)`;
    const m4 = `(${lin} % ${BM4}u)`;
    const idx = `U.offA + (k0 + ${kk}) * U.ldA + (m0 / 4u + ${m4})`;
    const cond = `(k0 + ${kk} < U.K) && (m0 + 4u * ${m4} < U.M)`;
    return share(l, LA, lastA, [k.checked ? `ra${l} = select(vec4f(0.0), A[min(${idx}, arrayLength(&A) - 1u)], ${cond});` : `ra${l} = A[${idx}];`]);
  };
  const storeA = (l: number, buf: string): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transA) {
      const row = `(${lin} / ${BK / 4}u)`;
      const k4 = `(${lin} % ${BK / 4}u)`;
      // As[kk][row]: float (kk * BM + row) of the buffer = component row % 4 of float4 (kk * BM + row) / 4;
      // padded: row's place p in its thread's chunk instead of row, and AS4 float4 a k.
      const at = padded ? `let r = ${row}; let p = ${place('r')}; let kb = ${buf} + 4u * ${k4} * ${AS4}u + p / 4u; let c = p % 4u;` : `let r = ${row}; let kb = ${buf} + 4u * ${k4} * ${BM4}u + r / 4u; let c = r % 4u;`;
      const out: string[] = [`{ ${at}`];
      for (let q = 0; q < 4; q++) out.push(`  As[kb + ${q * AS4}u][c] = ra${l}.${'xyzw'[q]};`);
      out.push('}');
      return share(l, LA, lastA, out);
    }
    if (!padded) return share(l, LA, lastA, [`As[${buf} + ${lin}] = ra${l};`]);
    // Already m-major, but 4 rows can straddle two threads' chunks: component by component.
    const out: string[] = [`{ let kb = ${buf} + (${lin} / ${BM4}u) * ${AS4}u; let r0 = 4u * (${lin} % ${BM4}u);`];
    for (let q = 0; q < 4; q++) out.push(`  { let r = r0 + ${q}u; let p = ${place('r')}; As[kb + p / 4u][p % 4u] = ra${l}.${'xyzw'[q]}; }`);
    out.push('}');
    return share(l, LA, lastA, out);
  };
  const loadB = (l: number): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transB) {
      // op(B) = B<K, N4>: BK rows of B, BN/4 float4 each.
      const kk = `(${lin} / ${BN4}u)`;
      const n4 = `(${lin} % ${BN4}u)`;
      const idx = `U.offB + (k0 + ${kk}) * U.ldB + (n0 / 4u + ${n4})`;
      const cond = `(k0 + ${kk} < U.K) && (n0 / 4u + ${n4} < U.N4)`;
      return share(l, LB, lastB, [k.checked ? `rb${l} = select(vec4f(0.0), B[min(${idx}, arrayLength(&B) - 1u)], ${cond});` : `rb${l} = B[${idx}];`]);
    }
    // op(B) = B^T, B<N, K/4>: BN rows of B, BK/4 float4 along K each.
    const row = `(${lin} / ${BK / 4}u)`;
    const k4 = `(${lin} % ${BK / 4}u)`;
    const idx = `U.offB + (n0 + ${row}) * U.ldB + (k0 / 4u + ${k4})`;
    const cond = `(n0 + ${row} < 4u * U.N4) && (k0 + 4u * ${k4} < U.K)`;
    return share(l, LB, lastB, [k.checked ? `rb${l} = select(vec4f(0.0), B[min(${idx}, arrayLength(&B) - 1u)], ${cond});` : `rb${l} = B[${idx}];`]);
  };
  const storeB = (l: number, buf: string): string[] => {
    const lin = `(li + ${l * NT}u)`;
    if (!k.transB) return share(l, LB, lastB, [`Bs[${buf} + ${lin}] = rb${l};`]);
    const row = `(${lin} / ${BK / 4}u)`;
    const k4 = `(${lin} % ${BK / 4}u)`;
    const out: string[] = [`{ let r = ${row}; let kb = ${buf} + 4u * ${k4} * ${BN4}u + r / 4u; let c = r % 4u;`];
    for (let q = 0; q < 4; q++) out.push(`  Bs[kb + ${q * BN4}u][c] = rb${l}.${'xyzw'[q]};`);
    out.push('}');
    return share(l, LB, lastB, out);
  };

  return { loadA, storeA, loadB, storeB };
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
  line('  let tx = lid.x;');
  line('  let ty = lid.y;');
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
  for (let l = 0; l < LA; l++) L.push(...m.loadA(l).map((s) => '    ' + s));
  for (let l = 0; l < LB; l++) L.push(...m.loadB(l).map((s) => '    ' + s));
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
  const { TX, RM, RMP, RN, BK, AS4, BN4, LA, LB } = d;
  const L: string[] = [];
  const line = (s: string) => L.push(s);
  const body = (cur: string, sExpr: string) => {
    line(`    { let s1 = ${sExpr};`);
    line(`    let a0b = ${cur} * ${BK * AS4}u + ty * ${RMP / 4}u;`);
    line(`    let b0b = ${cur} * ${BK * BN4}u + tx;`);
    line('    let more = s1 + 1u < steps;');
    line('    if (more) {');
    line(`      let k0 = (s1 + 1u) * ${BK}u;`);
    for (let l = 0; l < LA; l++) L.push(...m.loadA(l).map((x) => '      ' + x));
    for (let l = 0; l < LB; l++) L.push(...m.loadB(l).map((x) => '      ' + x));
    line('    }');
    for (let kk = 0; kk < BK; kk++) {
      for (let q = 0; q < RMP / 4; q++) line(`    let a${kk}_${q} = As[a0b + ${kk * AS4 + q}u];`);
      for (let c = 0; c < RN; c++) line(`    let b${kk}_${c} = Bs[b0b + ${kk * BN4 + c * TX}u];`);
      for (let r = 0; r < RM; r++) {
        const a = `a${kk}_${r >> 2}.${'xyzw'[r & 3]}`;
        for (let c = 0; c < RN; c++) line(`    acc${r}_${c} = fma(vec4f(${a}), b${kk}_${c}, acc${r}_${c});`);
      }
    }
    if (t.single) line('    workgroupBarrier();');
    line('    if (more) {');
    line(`      let nxt = ${t.single ? '0u' : `(1u - ${cur})`};`);
    for (let l = 0; l < LA; l++) L.push(...m.storeA(l, `nxt * ${BK * AS4}u`).map((x) => '      ' + x));
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
      if (k.checked) {
        line('      if (i < U.M && j4 < U.N4) {');
        for (const b of body) line('        ' + b);
        line('      }');
      } else for (const b of body) line('      ' + b);
      line('    }');
    }
    line('  }');
  }
  return L;
}
