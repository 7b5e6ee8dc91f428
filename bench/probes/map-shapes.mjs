// Times variants of the WGSL the Brook writer makes for a 2-D stencil (4096^2), the sgemv `mul` map
// and the `sum` row reduction (8192^2), against the hand shaders, on the GPU-timestamp span of one
// pass (median of REPS). Each variant's output is compared with the first (generated) variant's.
// Usage: node bench/probes/map-shapes.mjs [json-out]
import { writeFileSync } from 'node:fs';
import { openBenchGpu, storageFrom, createBuffer, readBack } from '../../dist/bench/gpu.js';
import { installPassTimer, timeGpu } from '../../dist/bench/timer.js';
import { randomFloats } from '../../dist/bench/reference.js';
import { pipeline } from '../../dist/bench/wgsl/common.js';

const SMALL = !!process.env.PROBE_SMALL;
const REPS = SMALL ? 2 : 25;
const gpu = await openBenchGpu();
if (gpu.error) { console.log(gpu.error); process.exit(1); }
const { device } = gpu;
installPassTimer();
const out = { device: gpu.info.name, subgroups: gpu.hasSubgroups, results: [] };
const med = (a) => a.slice().sort((p, q) => p - q)[a.length >> 1];

const GII = 'fn brk_gii(x: i32, n: u32) -> u32 { return min(u32(max(x, 0i)), max(n, 1u) - 1u); }';

async function timeVariant(group, name, code, buffers, groups, outBuf, outBytes) {
  let pipe;
  try {
    pipe = await pipeline(device, code, name);
  } catch (e) {
    console.log(`${group} ${name}: ${e.message}`);
    out.results.push({ group, name, error: e.message });
    return null;
  }
  const bind = device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries: buffers.map((b, i) => ({ binding: i, resource: { buffer: b } })).filter((e, i) => code.includes(`@binding(${i})`)) });
  const run = async () => {
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipe);
    pass.setBindGroup(0, bind);
    pass.dispatchWorkgroups(groups[0], groups[1] ?? 1);
    pass.end();
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
  };
  for (let i = 0; i < 3; i++) await run();
  const t = [];
  for (let i = 0; i < REPS; i++) t.push((await timeGpu(run, true)).gpuMs ?? NaN);
  const got = new Float32Array(await readBack(device, outBuf, outBytes));
  const us = med(t) * 1000;
  console.log(`${group} ${name}: ${us.toFixed(1)} us (min ${(Math.min(...t) * 1000).toFixed(1)})`);
  const r = { group, name, us, minUs: Math.min(...t) * 1000 };
  out.results.push(r);
  return { r, got };
}

function compareTo(r, ref, got, exact) {
  let bad = 0, maxRel = 0;
  for (let i = 0; i < ref.length; i++) {
    if (exact) { if (!Object.is(ref[i], got[i])) bad++; }
    else maxRel = Math.max(maxRel, Math.abs(ref[i] - got[i]) / Math.max(1e-3, Math.abs(ref[i])));
  }
  r.mismatches = bad; r.maxRel = maxRel;
  console.log(`   ${exact ? `bit mismatches ${bad}` : `max rel ${maxRel.toExponential(2)}`}`);
}

// ---------- stencil 4096^2 ----------
{
  const W = SMALL ? 512 : 4096, H = SMALL ? 256 : 4096;
  const src = randomFloats(W * H, 7);
  const bU = storageFrom(device, new Uint32Array(64), 'U', GPUBufferUsage.UNIFORM);
  device.queue.writeBuffer(bU, 16, new Uint32Array([H, 0, 0, H]));
  const bS = storageFrom(device, src, 'src');
  const bD = createBuffer(device, W * H * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST, 'dst');
  // One output's expression, exactly as the writer writes it (c, r: u32 column and row).
  const expr = (g, c, r) => `((0.5f * ${g}(brk_gii(i32(${c}), ${W}u), brk_gii(i32(${r}), ${H}u))) + (0.125f * (((${g}(brk_gii((i32(${c}) - 1i), ${W}u), brk_gii((i32(${r}) - 0i), ${H}u)) + ${g}(brk_gii((i32(${c}) + 1i), ${W}u), brk_gii((i32(${r}) + 0i), ${H}u))) + ${g}(brk_gii((i32(${c}) - 0i), ${W}u), brk_gii((i32(${r}) - 1i), ${H}u))) + ${g}(brk_gii((i32(${c}) + 0i), ${W}u), brk_gii((i32(${r}) + 1i), ${H}u)))))`;
  const head = (srcType, dstType) => `@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 9>;
@group(0) @binding(1) var<storage, read> bb_1: array<${srcType}>;
@group(0) @binding(2) var<storage, read_write> bb_2: array<${dstType}>;
${GII}
`;
  const gen = `${head('f32', 'f32')}
var<private> ix_1: vec4<f32>;
var<private> ixu_1: vec4<u32>;
fn brk_pos(p: vec4<u32>) -> vec4<f32> { return vec4<f32>(f32(p.w), f32(p.z), f32(p.y), f32(p.x)); }
fn g_0(c0: u32, c1: u32) -> f32 { return bb_1[c1 * ${W}u + c0]; }
fn kbody(a_1: ptr<function, f32>) {
  var l_p: vec2<f32> = ix_1.xy;
  (*a_1) = ${expr('g_0', 'ixu_1.w', 'ixu_1.z')};
}
@compute @workgroup_size(32, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let col = gid.x;
  let row = U[1].z + gid.y;
  if (col >= ${W}u || row >= U[1].x) { return; }
  let i = row * ${W}u + col;
  var a_1: f32;
  ix_1 = brk_pos(vec4<u32>(0u, 0u, row, col));
  ixu_1 = vec4<u32>(0u, 0u, row, col);
  kbody(&a_1);
  bb_2[i] = a_1;
}`;
  // k outputs per thread; consecutive (col = k*gid.x + j) or strided (col = gid.x + j*wgx within a k*wgx block).
  const coarse = ({ k, wg, strided = false, vload = false, vstore = false }) => {
    const g = vload ? `fn g_0(c0: u32, c1: u32) -> f32 { let e = c1 * ${W}u + c0; return bb_1[e >> 2u][e & 3u]; }` : `fn g_0(c0: u32, c1: u32) -> f32 { return bb_1[c1 * ${W}u + c0]; }`;
    const vt = k === 4 ? 'vec4<f32>' : k === 2 ? 'vec2<f32>' : 'f32';
    let body = '';
    const cols = [];
    for (let j = 0; j < k; j++) {
      const c = strided ? `(q0 + ${j * wg[0]}u)` : `(q * ${k}u + ${j}u)`;
      cols.push(c);
      body += `  let c_${j} = ${c};\n  let o_${j}: f32 = ${expr('g_0', `c_${j}`, 'row')};\n`;
    }
    const store = vstore ? `  bb_2[(row * ${W}u) / ${k}u + q] = ${vt}(${cols.map((_, j) => `o_${j}`).join(', ')});\n` : cols.map((_, j) => `  bb_2[row * ${W}u + c_${j}] = o_${j};\n`).join('');
    const qdef = strided ? `let q0 = (gid.x / ${wg[0]}u) * ${k * wg[0]}u + gid.x % ${wg[0]}u;` : 'let q = gid.x;';
    return `${head(vload ? 'vec4<f32>' : 'f32', vstore ? vt : 'f32')}
${g}
@compute @workgroup_size(${wg[0]}, ${wg[1]})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  ${qdef}
  let row = U[1].z + gid.y;
  if (gid.x >= ${W / k}u || row >= U[1].x) { return; }
${body}${store}}`;
  };
  const hand = `struct Params { w4: u32, h: u32 }
@group(0) @binding(1) var<storage, read> src: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> dst: array<vec4f>;
const p = Params(${W / 4}u, ${H}u);
@compute @workgroup_size(64, 4)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let q = gid.x;
  let yy = gid.y;
  if (q >= p.w4 || yy >= p.h) { return; }
  let row = yy * p.w4;
  let c = src[row + q];
  let up = src[(max(yy, 1u) - 1u) * p.w4 + q];
  let dn = src[min(yy + 1u, p.h - 1u) * p.w4 + q];
  let lq = src[row + max(q, 1u) - 1u].w;
  let rq = src[row + min(q + 1u, p.w4 - 1u)].x;
  let l = select(lq, c.x, q == 0u);
  let r = select(rq, c.w, q == p.w4 - 1u);
  let left = vec4f(l, c.x, c.y, c.z);
  let right = vec4f(c.y, c.z, c.w, r);
  dst[row + q] = 0.5 * c + 0.125 * (left + right + up + dn);
}`;
  const bufs = [bU, bS, bD];
  const variants = [
    ['gen 32x8 k1', gen, [W / 32, H / 8]],
    ['k1 64x4', coarse({ k: 1, wg: [64, 4] }), [W / 64, H / 4]],
    ['k1 32x8 no private', coarse({ k: 1, wg: [32, 8] }), [W / 32, H / 8]],
    ['k4 consec scalar 32x8', coarse({ k: 4, wg: [32, 8] }), [W / 128, H / 8]],
    ['k4 consec vstore 32x8', coarse({ k: 4, wg: [32, 8], vstore: true }), [W / 128, H / 8]],
    ['k4 consec vstore 64x4', coarse({ k: 4, wg: [64, 4], vstore: true }), [W / 256, H / 4]],
    ['k4 consec vload+vstore 64x4', coarse({ k: 4, wg: [64, 4], vload: true, vstore: true }), [W / 256, H / 4]],
    ['k4 consec vload+vstore 32x8', coarse({ k: 4, wg: [32, 8], vload: true, vstore: true }), [W / 128, H / 8]],
    ['k2 consec vstore 32x8', coarse({ k: 2, wg: [32, 8], vstore: true }), [W / 64, H / 8]],
    ['k4 strided 32x8', coarse({ k: 4, wg: [32, 8], strided: true }), [W / 128, H / 8]],
    ['k4 strided 64x4', coarse({ k: 4, wg: [64, 4], strided: true }), [W / 256, H / 4]],
    ['hand 64x4', hand, [W / 256, H / 4]],
  ];
  let ref = null;
  for (const [name, code, groups] of variants) {
    const v = await timeVariant('stencil4096', name, code, bufs, groups, bD, W * H * 4);
    if (!v) continue;
    if (!ref) ref = v.got; else compareTo(v.r, ref, v.got, !name.startsWith('hand'));
    device.queue.writeBuffer(bD, 0, new Float32Array(Math.min(W * H, 1 << 20))); // scribble a little between variants
  }
  for (const b of [bS, bD, bU]) b.destroy();
}

// ---------- sgemv mul + sum, 8192^2 ----------
{
  const M = SMALL ? 512 : 8192, N = SMALL ? 1024 : 8192;
  const A = randomFloats(M * N, 3);
  const x = randomFloats(N, 4);
  const bU = storageFrom(device, new Uint32Array(64), 'U', GPUBufferUsage.UNIFORM);
  device.queue.writeBuffer(bU, 16, new Uint32Array([M, 0, 0, M]));
  const bA = storageFrom(device, A, 'A');
  const bx = storageFrom(device, x, 'x');
  const bT = createBuffer(device, M * N * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, 'T');
  const by = createBuffer(device, M * 4, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC, 'y');
  const mulGen = `@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 12>;
@group(0) @binding(1) var<storage, read> bb_1: array<f32>;
@group(0) @binding(2) var<storage, read> bb_2: array<f32>;
@group(0) @binding(3) var<storage, read_write> bb_3: array<f32>;
fn kbody(a_0: f32, a_1: f32, a_2: ptr<function, f32>) { (*a_2) = (a_0 * a_1); }
@compute @workgroup_size(32, 8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let col = gid.x;
  let row = U[1].z + gid.y;
  if (col >= ${N}u || row >= U[1].x) { return; }
  let i = row * ${N}u + col;
  let a_0 = bb_1[i];
  let a_1 = bb_2[col];
  var a_2: f32;
  kbody(a_0, a_1, &a_2);
  bb_3[i] = a_2;
}`;
  const mulK = ({ k, wg, vload, vstore, strided = false }) => {
    const vt = k === 4 ? 'vec4<f32>' : 'vec2<f32>';
    let body = '';
    if (vload) body += `  let va = bb_1[(row * ${N}u) / ${k}u + q];\n  let vx = bb_2[q];\n`;
    const cols = [];
    for (let j = 0; j < k; j++) {
      const c = strided ? `(q0 + ${j * wg[0]}u)` : `(q * ${k}u + ${j}u)`;
      cols.push(c);
      body += vload ? `  var o_${j}: f32; kbody(va[${j}], vx[${j}], &o_${j});\n` : `  let c_${j} = ${c};\n  var o_${j}: f32; kbody(bb_1[row * ${N}u + c_${j}], bb_2[c_${j}], &o_${j});\n`;
    }
    const store = vstore ? `  bb_3[(row * ${N}u) / ${k}u + q] = ${vt}(${cols.map((_, j) => `o_${j}`).join(', ')});\n` : cols.map((c, j) => `  bb_3[row * ${N}u + ${c}] = o_${j};\n`).join('');
    const qdef = strided ? `let q0 = (gid.x / ${wg[0]}u) * ${k * wg[0]}u + gid.x % ${wg[0]}u;` : 'let q = gid.x;';
    return `@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 12>;
@group(0) @binding(1) var<storage, read> bb_1: array<${vload ? vt : 'f32'}>;
@group(0) @binding(2) var<storage, read> bb_2: array<${vload ? vt : 'f32'}>;
@group(0) @binding(3) var<storage, read_write> bb_3: array<${vstore ? vt : 'f32'}>;
fn kbody(a_0: f32, a_1: f32, a_2: ptr<function, f32>) { (*a_2) = (a_0 * a_1); }
@compute @workgroup_size(${wg[0]}, ${wg[1]})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  ${qdef}
  let row = U[1].z + gid.y;
  if (gid.x >= ${N / k}u || row >= U[1].x) { return; }
${body}${store}}`;
  };
  const mulBufs = [bU, bA, bx, bT];
  let ref = null;
  for (const [name, code, groups] of [
    ['gen 32x8 k1', mulGen, [N / 32, M / 8]],
    ['k4 consec scalar, vstore 32x8', mulK({ k: 4, wg: [32, 8], vstore: true }), [N / 128, M / 8]],
    ['k4 consec vload vstore 32x8', mulK({ k: 4, wg: [32, 8], vload: true, vstore: true }), [N / 128, M / 8]],
    ['k4 consec vload vstore 64x4', mulK({ k: 4, wg: [64, 4], vload: true, vstore: true }), [N / 256, M / 4]],
    ['k2 consec vload vstore 32x8', mulK({ k: 2, wg: [32, 8], vload: true, vstore: true }), [N / 64, M / 8]],
    ['k4 strided 32x8', mulK({ k: 4, wg: [32, 8], strided: true }), [N / 128, M / 8]],
  ]) {
    const v = await timeVariant('mul8192', name, code, mulBufs, groups, bT, Math.min(M * N, 1 << 20) * 4);
    if (!v) continue;
    if (!ref) ref = v.got; else compareTo(v.r, ref, v.got, true);
  }
  // sum of each row of T into y (T as the generated mul left it).
  const sumGen = (wg, { vec = false, sg = false, unroll = 4 } = {}) => {
    const n = vec ? N / 4 : N;
    const ld = (e) => (vec ? `dot(bb_1[${e}], vec4<f32>(1.0))` : `bb_1[${e}]`);
    // (vec: the four lanes are added left to right, not through dot, to keep a fixed order)
    const ldv = (e) => (vec ? `hsum(bb_1[${e}])` : `bb_1[${e}]`);
    let loop = '';
    for (let u = 0; u < unroll; u++) loop += `      let x${u} = ${ldv(`i * ${n}u + j + ${u * wg}u`)};\n`;
    for (let u = 0; u < unroll; u++) loop += `      kbody(x${u}, &acc);\n`;
    const combine = sg
      ? `  let t = subgroupAdd(acc);
  if (sid == 0u) { sh[lid / ssz] = t; }
  workgroupBarrier();
  if (lid == 0u) {
    var tot = sh[0];
    for (var k = 1u; k < ${wg}u / ssz; k++) { kbody(sh[k], &tot); }
    bb_2[i] = tot;
  }`
      : `  sh[lid] = acc;
  workgroupBarrier();
  for (var s = ${wg / 2}u; s > 0u; s = s >> 1u) {
    if (lid < s) { var x = sh[lid]; kbody(sh[lid + s], &x); sh[lid] = x; }
    workgroupBarrier();
  }
  if (lid == 0u) { bb_2[i] = sh[0]; }`;
    return `${sg ? 'enable subgroups;\n' : ''}@group(0) @binding(0) var<uniform> U: array<vec4<u32>, 9>;
@group(0) @binding(1) var<storage, read> bb_1: array<${vec ? 'vec4<f32>' : 'f32'}>;
@group(0) @binding(2) var<storage, read_write> bb_2: array<f32>;
fn kbody(a_0: f32, a_1: ptr<function, f32>) { (*a_1) = ((*a_1) + a_0); }
fn hsum(v: vec4<f32>) -> f32 { return ((v.x + v.y) + v.z) + v.w; }
var<workgroup> sh: array<f32, ${wg}>;
@compute @workgroup_size(${wg})
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>${sg ? ', @builtin(subgroup_invocation_id) sid: u32, @builtin(subgroup_size) ssz: u32' : ''}) {
  let i = wid.x + wid.y * nwg.x;
  if (i >= U[1].x) { return; }
  let n = ${n}u;
  var acc: f32 = 0.0;
  if (lid < n) {
  acc = ${ldv(`i * ${n}u + lid`)};
  var j = lid + ${wg}u;
  loop {
    if (j + ${(unroll - 1) * wg}u >= n) { break; }
${loop}      j = j + ${unroll * wg}u;
  }
  for (; j < n; j = j + ${wg}u) { kbody(${ldv(`i * ${n}u + j`)}, &acc); }
  }
${combine}
}`;
  };
  const sumBufs = [bU, bT, by];
  const yRef = new Float64Array(M);
  {
    const T = new Float32Array(await readBack(device, bT, M * N * 4));
    for (let r = 0; r < M; r++) { let s = 0; for (let c = 0; c < N; c++) s += T[r * N + c]; yRef[r] = s; }
  }
  const variants = [
    ['gen 256 scalar tree', sumGen(256)],
    ['256 scalar unroll8 tree', sumGen(256, { unroll: 8 })],
    ['256 vec4 tree', sumGen(256, { vec: true })],
    ['128 vec4 tree', sumGen(128, { vec: true })],
    ['512 vec4 tree', sumGen(512, { vec: true, unroll: 2 })],
  ];
  if (gpu.hasSubgroups) variants.push(
    ['256 scalar subgroup', sumGen(256, { sg: true })],
    ['256 vec4 subgroup', sumGen(256, { vec: true, sg: true })],
    ['128 vec4 subgroup', sumGen(128, { vec: true, sg: true })],
  );
  for (const [name, code] of variants) {
    const v = await timeVariant('sum8192', name, code, sumBufs, [M, 1], by, M * 4);
    if (!v) continue;
    compareTo(v.r, Float32Array.from(yRef), v.got, false);
  }
  for (const b of [bA, bx, bT, by, bU]) b.destroy();
}
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(out, null, 1));
process.exit(0);
