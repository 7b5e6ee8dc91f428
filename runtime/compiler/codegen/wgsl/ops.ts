/**
 * Library shaders that do not come from a kernel: the exclusive scan behind vout, and the
 * streamScatterOp / streamGatherOp shaders with predefined operators.
 *
 * All take `U: array<vec4<u32>, N>` at binding 0 (dynamic offset) like kernel modules; U[1] is the
 * dispatch header of layout.ts (end, threads per grid row, first, total) where a shader runs one
 * invocation per position.
 *
 * Scan (exclusive, u32, s has m + 1 entries, s[m] = total) in three dispatches: `blocks` sums each
 * block of SCAN_BLOCK elements, `spine` scans the block sums in one workgroup (each thread a
 * contiguous run), `apply` scans inside each block and adds the block's offset.
 *
 * Scatter/gather index rule (as the CPU backend): the index element's component k addresses
 * dimension k counted from the fastest; a float index rounds by the gather rule (compiler/facts/gather.ts). A scatter skips targets out
 * of range; a gather clamps them. STREAM_SCATTER_ASSIGN keeps the last writer in element order
 * (an atomicMax of the position picks it); ADD and MUL combine per 32-bit component with atomics
 * (float through compare-exchange loops), so colliding floats are summed in an unspecified order.
 */
import type { ScalarName } from '../../types.js';
import { wgslRoundedIndex } from '../../facts/index.js';

export const SCAN_WG = 256;
export const SCAN_PER_THREAD = 4;
export const SCAN_BLOCK = SCAN_WG * SCAN_PER_THREAD;

export function scanShader(): string {
  return `
@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 4>;
@group(0) @binding(1) var<storage, read> a: array<u32>;
@group(0) @binding(2) var<storage, read_write> s: array<u32>;
@group(0) @binding(3) var<storage, read_write> sums: array<u32>;
var<workgroup> sh: array<u32, ${SCAN_WG}>;

fn wgScanExclusive(lid: u32, v: u32) -> u32 {
  sh[lid] = v;
  workgroupBarrier();
  for (var d = 1u; d < ${SCAN_WG}u; d = d * 2u) {
    var t = 0u;
    if (lid >= d) { t = sh[lid - d]; }
    workgroupBarrier();
    sh[lid] = sh[lid] + t;
    workgroupBarrier();
  }
  let inclusive = sh[lid];
  workgroupBarrier();
  return inclusive - v;
}

@compute @workgroup_size(${SCAN_WG})
fn blocks(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let m = U[0].x;
  let b = wid.x + wid.y * nwg.x;
  let base = b * ${SCAN_BLOCK}u + lid * ${SCAN_PER_THREAD}u;
  var t = 0u;
  for (var k = 0u; k < ${SCAN_PER_THREAD}u; k = k + 1u) {
    if (base + k < m) { t = t + a[base + k]; }
  }
  let ex = wgScanExclusive(lid, t);
  // b < nb: a 2-D grid may have a few groups past the last block; they must not write.
  if (lid == ${SCAN_WG - 1}u && b < U[0].y) { sums[b] = ex + t; }
}

@compute @workgroup_size(${SCAN_WG})
fn spine(@builtin(local_invocation_index) lid: u32) {
  let nb = U[0].y;
  let per = (nb + ${SCAN_WG - 1}u) / ${SCAN_WG}u;
  let start = lid * per;
  var t = 0u;
  for (var k = 0u; k < per; k = k + 1u) {
    if (start + k < nb) { t = t + sums[start + k]; }
  }
  var run = wgScanExclusive(lid, t);
  for (var k = 0u; k < per; k = k + 1u) {
    if (start + k < nb) {
      let v = sums[start + k];
      sums[start + k] = run;
      run = run + v;
    }
  }
}

@compute @workgroup_size(${SCAN_WG})
fn apply(@builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let m = U[0].x;
  let b = wid.x + wid.y * nwg.x;
  let base = b * ${SCAN_BLOCK}u + lid * ${SCAN_PER_THREAD}u;
  var t = 0u;
  for (var k = 0u; k < ${SCAN_PER_THREAD}u; k = k + 1u) {
    if (base + k < m) { t = t + a[base + k]; }
  }
  var run = sums[b] + wgScanExclusive(lid, t);
  for (var k = 0u; k < ${SCAN_PER_THREAD}u; k = k + 1u) {
    let e = base + k;
    if (e < m) {
      s[e] = run;
      run = run + a[e];
      if (e == m - 1u) { s[m] = run; }
    }
  }
}
`;
}

type Kind = 'f32' | 'i32' | 'u32';

function kindOf(s: ScalarName): Kind {
  if (s === 'float' || s === 'double') return 'f32';
  if (s === 'int' || s === 'char' || s === 'short' || s === 'long') return 'i32';
  return 'u32';
}

/** Uniform layout of scatter/gather shaders (vec4 indices). */
export const SG_UNIFORMS = {
  space: 0, // U[0]: positions (data shape for scatter, dst shape for gather)
  header: 1,
  targetLo: 2, targetShape: 3, targetStrides: 4,
  indexLo: 5, indexStrides: 6,
  valueLo: 7, valueStrides: 8,
  count: 9,
} as const;

export interface ScatterGatherSpec {
  /** Component kinds of the element type moved (dst for scatter, src for gather). */
  elem: ScalarName[];
  /** Index element: component kind and words. */
  indexKind: ScalarName;
  indexWords: number;
  /** Rank of the target (dst of a scatter, src of a gather). */
  rank: number;
}

const COMMON = `
fn brk_unflatten(i: u32, s: vec4<u32>) -> vec4<u32> {
  var r = i;
  let w = r % s.w; r = r / s.w;
  let z = r % s.z; r = r / s.z;
  let y = r % s.y; r = r / s.y;
  return vec4<u32>(r, y, z, w);
}
fn brk_linear(p: vec4<u32>, strides: vec4<u32>) -> u32 {
  return p.x * strides.x + p.y * strides.y + p.z * strides.z + p.w * strides.w;
}`;

/** Target position from the index element at element `ie`; `ok` false when out of range (scatter). */
function targetCode(spec: ScatterGatherSpec, clamp: boolean): string {
  const L: string[] = ['  var t = vec4<u32>(0u);', '  let tsh = U[3];'];
  const comps = ['w', 'z', 'y', 'x'];
  for (let k = 0; k < spec.rank; k++) {
    const c = comps[k]!;
    if (k >= spec.indexWords) continue;
    const raw = `X[ie * ${spec.indexWords}u + ${k}u]`;
    const kind = kindOf(spec.indexKind);
    if (kind === 'f32') {
      L.push(`  let f${k} = ${wgslRoundedIndex(`bitcast<f32>(${raw})`)};`);
      if (clamp) L.push(`  t.${c} = select(select(min(u32(f${k}), tsh.${c} - 1u), tsh.${c} - 1u, f${k} >= f32(tsh.${c})), 0u, !(f${k} >= 0.0));`);
      else L.push(`  if (!(f${k} >= 0.0 && f${k} < f32(tsh.${c}))) { return; }`, `  t.${c} = u32(f${k});`);
    } else if (kind === 'i32') {
      L.push(`  let v${k} = bitcast<i32>(${raw});`);
      if (clamp) L.push(`  t.${c} = select(min(u32(v${k}), tsh.${c} - 1u), 0u, v${k} < 0);`);
      else L.push(`  if (v${k} < 0 || u32(v${k}) >= tsh.${c}) { return; }`, `  t.${c} = u32(v${k});`);
    } else {
      L.push(`  let v${k} = ${raw};`);
      if (clamp) L.push(`  t.${c} = min(v${k}, tsh.${c} - 1u);`);
      else L.push(`  if (v${k} >= tsh.${c}) { return; }`, `  t.${c} = v${k};`);
    }
  }
  L.push('  let te = brk_linear(U[2] + t, U[4]);');
  return L.join('\n');
}

const POSITION = `
  let i = U[1].z + gid.x + gid.y * U[1].y;
  if (i >= U[1].x) { return; }
  let pos = brk_unflatten(i, U[0]);
  let ie = brk_linear(U[5] + pos, U[6]);
  let ve = brk_linear(U[7] + pos, U[8]);`;

function casLoop(ptr: string, update: (old: string) => string): string {
  return `  loop {
    let old = atomicLoad(${ptr});
    let r = atomicCompareExchangeWeak(${ptr}, old, ${update('old')});
    if (r.exchanged) { break; }
  }`;
}

/** op: 0 ASSIGN (entries `mark` and `write`), 1 ADD, 2 MUL (entry `main`). */
export function scatterShader(spec: ScatterGatherSpec, op: number): { code: string; entries: string[] } {
  const W = spec.elem.length;
  const head = `@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 10>;
@group(0) @binding(2) var<storage, read> X: array<u32>;
@group(0) @binding(3) var<storage, read> S: array<u32>;
${COMMON}`;
  if (op === 0) {
    return {
      entries: ['mark', 'write'],
      code: `${head}
@group(0) @binding(1) var<storage, read_write> D: array<u32>;
@group(0) @binding(4) var<storage, read_write> win: array<atomic<u32>>;
@compute @workgroup_size(64)
fn mark(@builtin(global_invocation_id) gid: vec3<u32>) {${POSITION}
${targetCode(spec, false)}
  atomicMax(&win[te], i + 1u);
}
@compute @workgroup_size(64)
fn write(@builtin(global_invocation_id) gid: vec3<u32>) {${POSITION}
${targetCode(spec, false)}
  if (atomicLoad(&win[te]) != i + 1u) { return; }
${Array.from({ length: W }, (_, c) => `  D[te * ${W}u + ${c}u] = S[ve * ${W}u + ${c}u];`).join('\n')}
}
`,
    };
  }
  const body = spec.elem.map((s, c) => {
    const kind = kindOf(s);
    const ptr = `&D[te * ${W}u + ${c}u]`;
    const v = `S[ve * ${W}u + ${c}u]`;
    if (kind !== 'f32' && op === 1) return `  atomicAdd(${ptr}, ${v});`;
    if (kind !== 'f32') return casLoop(ptr, (old) => `${old} * ${v}`);
    const f = op === 1 ? '+' : '*';
    return casLoop(ptr, (old) => `bitcast<u32>(bitcast<f32>(${old}) ${f} bitcast<f32>(${v}))`);
  });
  return {
    entries: ['main'],
    code: `${head}
@group(0) @binding(1) var<storage, read_write> D: array<atomic<u32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {${POSITION}
${targetCode(spec, false)}
${body.join('\n')}
}
`,
  };
}

/** op: 0 FETCH, 1 INC. dst is binding 1, index 2, src 3 (atomic for INC). Positions run over dst. */
export function gatherOpShader(spec: ScatterGatherSpec, op: number): { code: string; entries: string[] } {
  const W = spec.elem.length;
  const inc = op === 1;
  const moves = spec.elem.map((s, c) => {
    const src = `S[te * ${W}u + ${c}u]`;
    const dst = `D[ve * ${W}u + ${c}u]`;
    if (!inc) return `  ${dst} = ${src};`;
    const kind = kindOf(s);
    if (kind !== 'f32') return `  ${dst} = atomicAdd(&${src}, 1u);`;
    return `  {
    var old = atomicLoad(&${src});
    loop {
      let r = atomicCompareExchangeWeak(&${src}, old, bitcast<u32>(bitcast<f32>(old) + 1.0));
      if (r.exchanged) { break; }
      old = r.old_value;
    }
    ${dst} = old;
  }`;
  });
  return {
    entries: ['main'],
    code: `@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 10>;
@group(0) @binding(1) var<storage, read_write> D: array<u32>;
@group(0) @binding(2) var<storage, read> X: array<u32>;
@group(0) @binding(3) var<storage, ${inc ? 'read_write' : 'read'}> S: array<${inc ? 'atomic<u32>' : 'u32'}>;
${COMMON}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {${POSITION}
${targetCode(spec, true)}
${moves.join('\n')}
}
`,
  };
}

/** Lists for streamScatterOp with a reduce kernel: `count` counts data positions per destination
 *  element, `fill` (after a scan of the counts into `off`, and `cnt` cleared) lists them. */
/** Lists, per target element, the positions aiming at it (count, scan by the caller, fill). Scatter
 *  skips an index outside the target; gather (`clamp`) clamps it, as its fetch does. */
export function scatterListShader(spec: ScatterGatherSpec, clamp = false): { code: string; entries: string[] } {
  return {
    entries: ['count', 'fill'],
    code: `@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 10>;
@group(0) @binding(2) var<storage, read> X: array<u32>;
@group(0) @binding(4) var<storage, read_write> cnt: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read> off: array<u32>;
@group(0) @binding(6) var<storage, read_write> list: array<u32>;
${COMMON}
@compute @workgroup_size(64)
fn count(@builtin(global_invocation_id) gid: vec3<u32>) {${POSITION}
${targetCode(spec, clamp)}
  atomicAdd(&cnt[te], 1u);
}
@compute @workgroup_size(64)
fn fill(@builtin(global_invocation_id) gid: vec3<u32>) {${POSITION}
${targetCode(spec, clamp)}
  let k = atomicAdd(&cnt[te], 1u);
  list[off[te] + k] = i;
}
`,
  };
}
