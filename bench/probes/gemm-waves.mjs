// Does the 4096^2 gemm lose time to its last partial wave of workgroups (issue 28)? Times the library's
// gemm WGSL module directly (not through a session) for C<M x N> = A<M x K> B<K x N>, N = K = 4096:
//   waves   M from 64 to 4096 rows in bands of one tile's rows: ms per band shows a staircase where a
//           wave of resident workgroups fills up (flat if the GPU has no tail to lose);
//   tail    M = 4096 in one dispatch: the last TAIL tiles as S pieces along K (scratch, then a sum pass);
//   residency  the wave size of every candidate tile (K = 1024);
//   ragged  what bounds checks cost: 4096^3 with each size's checks forced on (M, N, K, all three), and
//           sizes that are not multiples of the tile (4000^3, K = 4092), each result checked against
//           float64 dot products of sampled entries. (Tiles of 72, 56, 84 and 80 rows, commit e58be64's
//           `shapes` mode, are in docs/PERFORMANCE.md.)
//   clock   M = 4096 for CLOCK_S seconds (default 10), batches of 20 dispatches, each batch's TFLOP/s with
//           its wall-clock time, to set beside `nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw
//           --format=csv -lms 100` run alongside: the fp32 peak at the clock the GPU holds is
//           SMs x 128 lanes x 2 x clocks.sm;
//   split   M = 4096: the first B1 bands with the large tile in one dispatch; the last bands split along K
//           into S dispatches writing S scratch buffers (no barrier between buffers, so they can run
//           beside the first dispatch's last wave), then one pass adds the scratch into C.
// Wall clock of REPS dispatches submitted together (3 ms each: submission overhead is noise), median of 7.
//   node bench/probes/gemm-waves.mjs [waves|split|tail|ragged|residency|all] [TILE=t64x128k8r16x8s1b]
import { openBenchGpu, readBack } from '../../dist/bench/gpu.js';
import { gemmWgsl, raggedOf, raggedLabel, tileRows, tileCols } from '../../dist/runtime/library/blas/gemm-wgsl.js';
import { GEMM_TILE_CANDIDATES } from '../../dist/runtime/library/blas/natives.js';

const [mode = 'all', tileId = 't64x128k8r16x8s1b'] = process.argv.slice(2);
const g = await openBenchGpu();
if ('error' in g) throw new Error(g.error);
const { device } = g;
console.log(`device: ${g.info.name}`);
const N = Number(process.env.GEMM_N ?? 4096), K = N, MMAX = N; // GEMM_N=256 for a quick check on lavapipe
const tile = GEMM_TILE_CANDIDATES[tileId];
const BM = tileRows(tile), BN = tileCols(tile);
const S_ = GPUBufferUsage.STORAGE, U_ = GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST;

function rand(n, seed) {
  const a = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; a[i] = s / 2 ** 32 - 0.5; }
  return a;
}
function buf(bytes, usage, data) {
  const b = device.createBuffer({ size: bytes, usage: usage | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
  if (data) device.queue.writeBuffer(b, 0, data);
  return b;
}
const hostA = rand(MMAX * K, 1), hostB = rand(K * N, 2);
const A = buf(4 * MMAX * K, S_, hostA);
const B = buf(4 * K * N, S_, hostB);
const C = buf(4 * MMAX * N, S_);

const pipes = new Map();
const NONE = { m: false, n: false, k: false };
function pipe(t, ragged = NONE) {
  const key = JSON.stringify(t) + JSON.stringify(ragged);
  if (!pipes.has(key)) {
    const code = gemmWgsl({ tile: t, transA: false, transB: false, ragged, aliased: true });
    pipes.set(key, device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } }));
  }
  return pipes.get(key);
}
const f32bits = (x) => new Uint32Array(new Float32Array([x]).buffer)[0];
/** One gemm dispatch: rows [r0, r0 + m) of C (or of `out`, from its row 0), K range [k0, k0 + kn). */
function gemmCall(t, r0, m, k0, kn, out = C, outRow0 = r0) {
  const u = new Uint32Array([m, N / 4, kn, 0, r0 * (K / 4) + k0 / 4, K / 4, k0 * (N / 4), N / 4, outRow0 * (N / 4), N / 4, outRow0 * (N / 4), N / 4, f32bits(1), f32bits(0), 0, 0]);
  const ub = buf(64, U_, u);
  const p = pipe(t, raggedOf(t, m, N, kn));
  const bg = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [ub, A, B, out].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
  return { p, bg, groups: [N / tileCols(t), Math.ceil(m / tileRows(t))] };
}
function sumCall(parts, r0, m) {
  const n4 = (m * N) / 4;
  const code = [
    ...parts.map((_, i) => `@group(0) @binding(${i}) var<storage, read> P${i}: array<vec4f>;`),
    `@group(0) @binding(${parts.length}) var<storage, read_write> C: array<vec4f>;`,
    '@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) id: vec3u) {',
    `  let i = id.x + id.y * 65535u * 256u; if (i >= ${n4}u) { return; }`,
    `  C[${(r0 * N) / 4}u + i] = ${parts.map((_, i) => `P${i}[i]`).join(' + ')};`,
    '}',
  ].join('\n');
  const p = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
  const bg = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [...parts, C].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
  const wg = Math.ceil(n4 / 256);
  return { p, bg, groups: [Math.min(wg, 65535), Math.ceil(wg / 65535)] };
}
async function time(calls, reps = 10) {
  const run = async () => {
    const enc = device.createCommandEncoder();
    for (let r = 0; r < reps; r++) {
      const pass = enc.beginComputePass();
      for (const c of calls) { pass.setPipeline(c.p); pass.setBindGroup(0, c.bg); pass.dispatchWorkgroups(...c.groups); }
      pass.end();
    }
    const t0 = performance.now();
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
    return (performance.now() - t0) / reps;
  };
  await run();
  const ts = [];
  for (let i = 0; i < 7; i++) ts.push(await run());
  ts.sort((a, b) => a - b);
  return ts[3];
}
async function readC() {
  return new Float32Array(await readBack(device, C, 4 * MMAX * N));
}
const tflops = (m, ms) => (2 * m * N * K) / ms / 1e9;

if (mode === 'waves' || mode === 'all') {
  const tilesPerBand = N / BN;
  console.log(`waves: tile ${tileId} (${BM}x${BN}), ${tilesPerBand} workgroups a band of ${BM} rows`);
  const bands = [];
  for (let b = 1; b <= MMAX / BM; b++) bands.push(b);
  let prev = 0;
  for (const b of bands) {
    const ms = await time([gemmCall(tile, 0, b * BM, 0, K)], b < 16 ? 20 : 6);
    console.log(`  bands ${String(b).padStart(3)} workgroups ${String(b * tilesPerBand).padStart(5)}  ${ms.toFixed(3)} ms  +${(ms - prev).toFixed(3)}  ${tflops(b * BM, ms).toFixed(1)} TFLOP/s`);
    prev = ms;
  }
}
if (mode === 'split' || mode === 'all') {
  const full = await time([gemmCall(tile, 0, MMAX, 0, K)]);
  const want = await readC();
  console.log(`split: whole ${MMAX} rows in one dispatch ${full.toFixed(3)} ms ${tflops(MMAX, full).toFixed(1)} TFLOP/s`);
  const scratch = [];
  for (const tailBands of [1, 2, 3, 4, 6, 8]) {
    for (const S of [2, 4, 8]) {
      if (S + 1 > device.limits.maxStorageBuffersPerShaderStage || tailBands * BM >= MMAX) continue;
      const r0 = MMAX - tailBands * BM, m = tailBands * BM;
      while (scratch.length < S) scratch.push(buf(4 * 8 * BM * N, S_));
      const calls = [gemmCall(tile, 0, r0, 0, K)];
      for (let s = 0; s < S; s++) calls.push(gemmCall(tile, r0, m, (s * K) / S, K / S, scratch[s], 0));
      calls.push(sumCall(scratch.slice(0, S), r0, m));
      const ms = await time(calls);
      const got = await readC();
      let err = 0;
      for (let i = 0; i < got.length; i += 7) err = Math.max(err, Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i])));
      console.log(`  tail ${tailBands} bands (${m} rows) in ${S} K-parts: ${ms.toFixed(3)} ms ${tflops(MMAX, ms).toFixed(1)} TFLOP/s, max diff ${err.toExponential(1)}`);
    }
  }
}
if (mode === 'tail' || mode === 'all') {
  // One dispatch: the first F tiles whole, the last TAIL tiles as S pieces along K each, written to a
  // scratch buffer; then one pass adds each tail tile's pieces into C. Pieces are small, so they fill
  // the last wave's idle SMs (a text transform of the library's module; a probe, not the product).
  const GX = N / BN, T = (MMAX / BM) * GX, PIECE = (BM * BN) / 4;
  const full = await time([gemmCall(tile, 0, MMAX, 0, K)]);
  const want = await readC();
  console.log(`tail: one dispatch of ${T} tiles ${full.toFixed(3)} ms ${tflops(MMAX, full).toFixed(1)} TFLOP/s`);
  const base = gemmWgsl({ tile, transA: false, transB: false, ragged: NONE, aliased: true });
  const tails = (process.env.GEMM_TAILS ?? '200,264,300,400,464,528').split(',').map(Number).filter((t) => t <= T);
  // PIECE float4 a piece; the scratch holds the most pieces a run asks for, up to the binding limit.
  const maxPieces = Math.min(8 * Math.max(...tails), Math.floor(device.limits.maxStorageBufferBindingSize / (16 * PIECE)));
  const scratchTail = buf(16 * PIECE * maxPieces, S_);
  for (const tail of tails) {
    for (const S of [2, 4, 8]) {
      if (tail * S > maxPieces) continue;
      const F = T - tail, total = F + tail * S;
      let body = base.replaceAll('U.K', 'kn').replaceAll('U.offA', '(U.offA + kb / 4u)').replaceAll('U.offB', '(U.offB + kb * U.ldB)');
      body = body.replaceAll('C[U.offC + i * U.ldC + j4] = v;', `if (piece == 0xffffffffu) { C[U.offC + i * U.ldC + j4] = v; } else { Sc[piece * ${PIECE}u + (i - m0) * ${BN / 4}u + (j4 - n0 / 4u)] = v; }`);
      body = body.replace('fn main(@builtin(workgroup_id) wg: vec3u,', 'fn main(@builtin(workgroup_id) wgIn: vec3u,');
      body = body.replace(/(fn main\([^\n]*\{\n)/, `$1  let g = wgIn.x + wgIn.y * ${GX}u;
  if (g >= ${total}u) { return; }
  var wg = vec3u(0u);
  var kb = 0u;
  var kn = U.K;
  var piece = 0xffffffffu;
  if (g < ${F}u) { wg = vec3u(g % ${GX}u, g / ${GX}u, 0u); }
  else { let q = g - ${F}u; let t = ${F}u + q / ${S}u; wg = vec3u(t % ${GX}u, t / ${GX}u, 0u); kn = U.K / ${S}u; kb = (q % ${S}u) * kn; piece = q; }
`);
      body = body.replace('@group(0) @binding(3) var<storage, read_write> C: array<vec4f>;', '@group(0) @binding(3) var<storage, read_write> C: array<vec4f>;\n@group(0) @binding(4) var<storage, read_write> Sc: array<vec4f>;');
      const p1 = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: body }), entryPoint: 'main' } });
      const u = new Uint32Array([MMAX, N / 4, K, 0, 0, K / 4, 0, N / 4, 0, N / 4, 0, N / 4, f32bits(1), f32bits(0), 0, 0]);
      const bg1 = device.createBindGroup({ layout: p1.getBindGroupLayout(0), entries: [buf(64, U_, u), A, B, C, scratchTail].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
      const nOut = tail * PIECE;
      const fix = [
        '@group(0) @binding(0) var<storage, read> Sc: array<vec4f>;',
        '@group(0) @binding(1) var<storage, read_write> C: array<vec4f>;',
        '@compute @workgroup_size(256) fn main(@builtin(global_invocation_id) id: vec3u) {',
        `  let o = id.x; if (o >= ${nOut}u) { return; }`,
        `  let tt = o / ${PIECE}u; let w = o % ${PIECE}u; let t = ${F}u + tt;`,
        `  let r = (t / ${GX}u) * ${BM}u + w / ${BN / 4}u; let c4 = (t % ${GX}u) * ${BN / 4}u + w % ${BN / 4}u;`,
        `  var acc = Sc[(tt * ${S}u) * ${PIECE}u + w];`,
        `  for (var p = 1u; p < ${S}u; p++) { acc = acc + Sc[(tt * ${S}u + p) * ${PIECE}u + w]; }`,
        `  C[r * ${N / 4}u + c4] = acc;`,
        '}',
      ].join('\n');
      const p2 = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: fix }), entryPoint: 'main' } });
      const bg2 = device.createBindGroup({ layout: p2.getBindGroupLayout(0), entries: [scratchTail, C].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
      const ms = await time([{ p: p1, bg: bg1, groups: [GX, Math.ceil(total / GX)] }, { p: p2, bg: bg2, groups: [Math.ceil(nOut / 256), 1] }]);
      const got = await readC();
      let err = 0;
      for (let i = 0; i < got.length; i += 7) err = Math.max(err, Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i])));
      console.log(`  tail ${tail} tiles in ${S} K-pieces (${total} workgroups): ${ms.toFixed(3)} ms ${tflops(MMAX, ms).toFixed(1)} TFLOP/s, max diff ${err.toExponential(1)}`);
    }
  }
}
if (mode === 'ragged' || mode === 'all') {
  // C<m x n> = A<m x k> B<k x n>, the top-left blocks of the 4096^2 operands (row strides kept).
  const call = (m, n, k, ragged) => {
    const u = new Uint32Array([m, n / 4, k, 0, 0, K / 4, 0, N / 4, 0, N / 4, 0, N / 4, f32bits(1), f32bits(0), 0, 0]);
    const p = pipe(tile, ragged);
    const bg = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [buf(64, U_, u), A, B, C].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
    return { p, bg, groups: [Math.ceil(n / BN), Math.ceil(m / BM)] };
  };
  // Largest relative error of 256 sampled entries of C's m x n block against float64 dot products.
  const check = (got, m, n, k) => {
    let err = 0, s = 7;
    for (let q = 0; q < 256; q++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      const i = s % m, j = (s >>> 12) % n;
      let want = 0;
      for (let kk = 0; kk < k; kk++) want += hostA[i * K + kk] * hostB[kk * N + j];
      err = Math.max(err, Math.abs(got[i * N + j] - want) / (1 + Math.abs(want)));
    }
    return err;
  };
  const S = MMAX, T = MMAX - (MMAX >= 4096 ? 96 : 12); // 4096 and 4000 (not multiples of 64 or 128)
  const runs = [
    [S, S, S, NONE], [S, S, S, { ...NONE, m: true }], [S, S, S, { ...NONE, n: true }], [S, S, S, { ...NONE, k: true }],
    [S, S, S, { m: true, n: true, k: true }], [T, T, T, null], [S, S, S - 4, null], [T, T, S - 4, null],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [m, n, k, forced] of runs) {
      const ragged = forced ?? raggedOf(tile, m, n, k);
      const ms = await time([call(m, n, k, ragged)], 10);
      const err = round === 0 ? `, max error ${check(await readC(), m, n, k).toExponential(1)}` : '';
      const label = raggedLabel(ragged) || ' unchecked';
      console.log(`ragged: ${m}x${n}x${k}${label}${forced ? ' (forced)' : ''}: ${ms.toFixed(3)} ms ${((2 * m * n * k) / ms / 1e9).toFixed(1)} TFLOP/s${err}`);
    }
  }
}
if (mode === 'residency') {
  // Workgroups an SM holds, for every candidate tile: K = 1024, 33 workgroups a band (a quarter of an
  // H200's 132 SMs), 1..RB bands; the time steps up where a wave of resident workgroups fills.
  const KR = 1024, RB = Number(process.env.GEMM_RB ?? 48);
  for (const [id, t] of Object.entries(GEMM_TILE_CANDIDATES)) {
    const nr = 33 * tileCols(t), mr = RB * tileRows(t);
    const a = buf(4 * mr * KR, S_, rand(mr * KR, 3)), b = buf(4 * KR * nr, S_, rand(KR * nr, 4)), c = buf(4 * mr * nr, S_);
    const line = [];
    let prev = 0;
    for (let bands = 1; bands <= RB; bands++) {
      const m = bands * tileRows(t);
      const u = new Uint32Array([m, nr / 4, KR, 0, 0, KR / 4, 0, nr / 4, 0, nr / 4, 0, nr / 4, f32bits(1), f32bits(0), 0, 0]);
      const p = pipe(t);
      const bg = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [buf(64, U_, u), a, b, c].map((x, i) => ({ binding: i, resource: { buffer: x } })) });
      const ms = await time([{ p, bg, groups: [33, bands] }], 8);
      if (bands > 1 && ms > prev * 1.15) line.push(`${(bands - 1) * 33}|${bands * 33}`);
      prev = ms;
    }
    console.log(`residency ${id}: steps after|at workgroups ${line.join(' ')}  (last ${prev.toFixed(3)} ms)`);
    a.destroy(); b.destroy(); c.destroy();
  }
}
if (mode === 'clock') {
  const call = gemmCall(tile, 0, MMAX, 0, K);
  const until = performance.now() + 1000 * Number(process.env.CLOCK_S ?? 10);
  while (performance.now() < until) {
    const ms = await time([call], 20);
    console.log(`clock ${new Date().toISOString()} ${ms.toFixed(3)} ms ${tflops(MMAX, ms).toFixed(1)} TFLOP/s`);
  }
}
console.log(`uncaptured errors: ${g.uncaptured.length ? g.uncaptured.join('; ') : 'none'}`);
