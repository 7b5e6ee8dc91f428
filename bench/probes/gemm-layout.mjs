// Does the large gemm tile lose to shared-memory wavefronts (issue 28)? The library's WGSL for the large
// tile (64x128x8, 16x4 threads of 16x8, single buffer) against text edits of it, timed alternately:
//   remap  a warp holds 8x4 threads (tx, ty from the invocation index) instead of 16x2: B's reads are 8
//          distinct float4 (one 128-byte wavefront) instead of 16 (two);
//   swz    A's tile stored with its float4 rows rotated by ty, so the 4 rows a warp reads in remap fall in
//          different banks (one wavefront instead of two);
//   both   remap and swz;
//   pad    remap, and A's tile padded instead of rotated: 2 float4 after each 8 of a K row (rows of 18),
//          so the 4 rows a warp reads fall in different banks with constant offsets (6.25 KiB);
//   xor    remap, and A's float4 rows q of a K row stored at q ^ (2 * (q / 8)): the same banks spread
//          as pad in the same 6 KiB, each thread's 4 row offsets computed once;
//   kswz   remap, and A's float4 rows of K rows 4-7 stored at q ^ 4: the stores of a K step (a warp's
//          lanes writing K rows 0-3 and 4-7 at once, 64 words apart) fall in different banks.
// Every variant's C must equal the library module's bit for bit (each accumulator sums in the same order).
//   node bench/probes/gemm-layout.mjs [N (4096)] [ROUNDS (5)]
import { createBuffer, openBenchGpu, readBack, storageFrom } from '../../dist/bench/gpu.js';
import { randomFloats } from '../../dist/bench/reference.js';
import { gemmWgsl } from '../../dist/runtime/library/blas/gemm-wgsl.js';
import { GEMM_TILES } from '../../dist/runtime/library/blas/natives.js';

const N = Number(process.argv[2] ?? 4096), ROUNDS = Number(process.argv[3] ?? 5);
const g = await openBenchGpu();
if ('error' in g) throw new Error(g.error);
const { device } = g;
console.log(`device: ${g.info.name}, N = ${N}`);
const base = gemmWgsl({ tile: GEMM_TILES.large, transA: false, transB: false, ragged: { m: false, n: false, k: false }, aliased: false });
const remap = (s) => s.replace('let tx = lid.x;', 'let tx = (li / 32u) * 8u + li % 8u;').replace('let ty = lid.y;', 'let ty = (li % 32u) / 8u;');
const swz = (s) => s
  .replaceAll('+ r / 4u; let c = r % 4u;', '+ (r / 16u) * 4u + ((r / 4u) % 4u + r / 16u) % 4u; let c = r % 4u;')
  .replace(/As\[a0b \+ (\d+)u\]/g, (_, n) => `As[a0b + ${Math.floor(n / 16) * 16}u + ((${n % 16}u + ty) % 4u)]`);
const pad = (s) => s
  .replace('var<workgroup> As: array<vec4f, 128>;', 'var<workgroup> As: array<vec4f, 144>;')
  .replaceAll('* 16u + r / 4u; let c = r % 4u;', '* 18u + r / 4u + 2u * (r / 32u); let c = r % 4u;')
  .replaceAll('As[kb + 16u][c]', 'As[kb + 18u][c]').replaceAll('As[kb + 32u][c]', 'As[kb + 36u][c]').replaceAll('As[kb + 48u][c]', 'As[kb + 54u][c]')
  .replace('let a0b = 0u * 128u + ty * 4u;', 'let a0b = ty * 4u + (ty / 2u) * 2u;')
  .replace(/As\[a0b \+ (\d+)u\]/g, (_, n) => `As[a0b + ${Math.floor(n / 16) * 18 + (n % 16)}u]`);
const xor = (s) => s
  .replaceAll('+ r / 4u; let c = r % 4u;', '+ ((r / 4u) ^ ((r / 32u) * 2u)); let c = r % 4u;')
  .replace('let a0b = 0u * 128u + ty * 4u;', 'let a0b = ty * 4u; let ax = (ty / 2u) * 2u; let aj0 = a0b + (0u ^ ax); let aj1 = a0b + (1u ^ ax); let aj2 = a0b + (2u ^ ax); let aj3 = a0b + (3u ^ ax);')
  .replace(/As\[a0b \+ (\d+)u\]/g, (_, n) => `As[aj${n % 16} + ${Math.floor(n / 16) * 16}u]`);
const kswz = (s) => s
  .replaceAll('+ r / 4u; let c = r % 4u;', '+ ((r / 4u) ^ ((li % 2u) * 4u)); let c = r % 4u;')
  .replace('let a0b = 0u * 128u + ty * 4u;', 'let a0b = ty * 4u; let a4b = a0b ^ 4u;')
  .replace(/As\[a0b \+ (\d+)u\]/g, (_, n) => (n >= 64 ? `As[a4b + ${n}u]` : `As[a0b + ${n}u]`));
const variants = { base, kswz: kswz(remap(base)), remap: remap(base), swz: swz(base), both: swz(remap(base)), pad: pad(remap(base)), xor: xor(remap(base)) };
for (const [k, v] of Object.entries(variants)) if (k !== 'base' && v === base) throw new Error(`${k}: no edit applied`);

const A = storageFrom(device, randomFloats(N * N, 1, -0.5, 0.5), 'A');
const B = storageFrom(device, randomFloats(N * N, 2, -0.5, 0.5), 'B');
const Ci = storageFrom(device, new Float32Array(N * N), 'Ci');
const S_ = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
const f32bits = (x) => new Uint32Array(new Float32Array([x]).buffer)[0];
const u = new Uint32Array([N, N / 4, N, 0, 0, N / 4, 0, N / 4, 0, N / 4, 0, N / 4, f32bits(1), f32bits(0), 0, 0]);
const U = createBuffer(device, 64, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, 'U');
device.queue.writeBuffer(U, 0, u);
const calls = {};
for (const [k, code] of Object.entries(variants)) {
  const module = device.createShaderModule({ code });
  const p = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const C = createBuffer(device, 4 * N * N, S_, `C ${k}`);
  const bg = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries: [U, A, B, Ci, C].map((b, i) => ({ binding: i, resource: { buffer: b } })) });
  calls[k] = { p, bg, C };
}
async function time(c, reps) {
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  for (let r = 0; r < reps; r++) { pass.setPipeline(c.p); pass.setBindGroup(0, c.bg); pass.dispatchWorkgroups(N / 128, N / 64); }
  pass.end();
  const t0 = performance.now();
  device.queue.submit([enc.finish()]);
  await device.queue.onSubmittedWorkDone();
  return (performance.now() - t0) / reps;
}
const reps = N >= 2048 ? 20 : 2;
const ts = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
for (const k of Object.keys(calls)) await time(calls[k], reps);
for (let r = 0; r < ROUNDS; r++) for (const k of Object.keys(calls)) ts[k].push(await time(calls[k], reps));
const read = async (b) => new Uint32Array(await readBack(device, b, 4 * N * N));
const ref = await read(calls.base.C);
if (!ref.some((x) => x !== 0)) throw new Error('the library module wrote no C: nothing to compare');
for (const k of Object.keys(calls)) {
  const got = await read(calls[k].C);
  let diff = 0;
  for (let i = 0; i < got.length; i++) if (got[i] !== ref[i]) diff++;
  const t = ts[k].sort((p, q) => p - q);
  const ms = t[t.length >> 1];
  console.log(`${k.padEnd(6)} ${ms.toFixed(3)} ms (${t.map((x) => x.toFixed(3)).join(' ')}) ${((2 * N ** 3) / ms / 1e9).toFixed(1)} TFLOP/s; ${diff} of ${got.length} values differ from base`);
}
console.log(`uncaptured errors: ${g.uncaptured.length ? g.uncaptured.join('; ') : 'none'}`);
