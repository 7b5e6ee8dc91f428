/**
 * The cases, their sizes (full and --quick), their algorithmic bytes and flops, and how each side
 * is built. Ids are stable across modes (the size is a separate field), so `--only saxpy` and the
 * JSON consumers do not depend on the mode. Full sizes are the issue's; quick sizes only prove the
 * harness works end to end (lavapipe runs everything on the CPU).
 *
 * Bytes are the job's minimum traffic (each input read once, each output written once), the same
 * number for both sides, so GB/s compares how close each side gets to the memory system.
 */
import type { BenchCase, CaseContext, Side } from './side.js';
import { Unavailable } from './side.js';
import { chunkedFloat4, randomFloats } from './reference.js';
import { saxpyWgsl } from './wgsl/saxpy.js';
import { saxpyWindowsWgsl, windowFor } from './wgsl/saxpy-huge.js';
import { sgemvWgsl } from './wgsl/sgemv.js';
import { sumWgsl } from './wgsl/reduce.js';
import { stencilWgsl } from './wgsl/stencil.js';
import { chainWgsl } from './wgsl/chain.js';
import { chain4Wgsl } from './wgsl/chain4.js';
import { saxpyLoopWgsl } from './wgsl/loop.js';
import { downloadWgsl, uploadWgsl } from './wgsl/transfer.js';
import { chain4Js, copyJs, gatherJs, saxpyJs, stencilJs, sumJs } from './jsloops.js';
import { cSide } from './cpuc.js';
import { chain4Ref, gatherRef, saxpyRef, stencilRef, sum4Ref } from './reference.js';
import { brookSession, PAGED_SESSION_BYTES } from './brook/session.js';
import * as brook from './brook/sides.js';
import type { BenchGpu } from './gpu.js';
import { hostCases, loopShapeCases } from './host.js';
import { compilerCases } from './compiler.js';
import { axpyBlas, gemmBlas, gemvBlas } from './brook/blas.js';
import { setLoopBudget } from '../runtime/backends/webgpu/loop-budget.js';
import { GEMM_TILE_CANDIDATES } from '../runtime/library/blas/natives.js';

const SAXPY_A = 2.5;
const CHAIN_A = 0.5;
const CHAIN_B = 1.0;
const CHAIN4_A = 0.5;
const CHAIN4_B = 1.0;

function needGpu(ctx: CaseContext): BenchGpu {
  if (!ctx.gpu) throw new Unavailable('no WebGPU device');
  return ctx.gpu;
}

/** The Brook session for a case's backend; webgpu cases are skipped, not failed, without an adapter. */
function session(backend: 'webgpu' | 'cpu', ctx: CaseContext) {
  if (backend === 'webgpu') needGpu(ctx);
  return brookSession(backend);
}

function pow2(e: number, what: string): string {
  return `2^${e} ${what}`;
}

/** Inputs are made on first use and shared by both sides of a case, then dropped with the case. */
function lazy<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

function saxpyCase(id: string, e: number, backend: 'webgpu' | 'cpu'): BenchCase {
  const n = 2 ** e;
  const data = lazy(() => ({ x: randomFloats(4 * n, 1), y: randomFloats(4 * n, 2) }));
  return {
    id,
    backend,
    title: backend === 'cpu' ? 'SAXPY float4, CPU backend vs JS loop' : 'SAXPY float4',
    size: pow2(e, 'float4'),
    bytes: 48 * n,
    flops: 8 * n,
    workingSetBytes: 48 * n,
    largestBufferBytes: 16 * n,
    timing: backend === 'cpu' ? 'wall' : 'gpu',
    async baseline(ctx) {
      const { x, y } = data();
      return backend === 'cpu' ? saxpyJs(SAXPY_A, x, y) : saxpyWgsl(needGpu(ctx), SAXPY_A, x, y);
    },
    async brook(ctx) {
      const { x, y } = data();
      return brook.saxpyBrook(await session(backend, ctx), SAXPY_A, x, y);
    },
  };
}

/**
 * SAXPY on streams larger than one storage binding (2^28 float4: 4 GiB a stream, 2 GiB bindings on
 * an H100): Brook splits them into pages by itself; the baseline is hand-written WGSL over one buffer
 * per window of the same size. Inputs live on the host in parts of 2^22 float4, checked part by part.
 * Quick form: 2^16 float4 in 64 KiB pages (16 a stream), so lavapipe runs the split path too.
 */
function saxpyHugeCase(quick: boolean): BenchCase {
  const e = quick ? 16 : 28;
  const n = 2 ** e;
  const data = lazy(() => ({ x: chunkedFloat4(n, 2 ** 22, 11), y: chunkedFloat4(n, 2 ** 22, 1011) }));
  return {
    id: 'saxpy.huge',
    backend: 'webgpu',
    title: 'SAXPY float4, streams split across buffers',
    size: pow2(e, 'float4') + (quick ? ` in ${PAGED_SESSION_BYTES >> 10} KiB pages` : ''),
    bytes: 48 * n,
    flops: 8 * n,
    workingSetBytes: 48 * n,
    timing: 'gpu',
    skipReason(ctx) {
      const name = `${ctx.gpu?.info.name ?? ''} ${ctx.gpu?.info.vendor ?? ''}`;
      if (!quick && /llvmpipe|lavapipe|swiftshader/i.test(name)) {
        return `needs 6 streams of ${16 * n / 2 ** 30} GiB (both sides) and ${name.trim()} is a CPU device; --quick runs the split path at 2^16 float4`;
      }
      return undefined;
    },
    async baseline(ctx) {
      const gpu = needGpu(ctx);
      const { x, y } = data();
      return saxpyWindowsWgsl(gpu, SAXPY_A, x, y, windowFor(gpu.device, quick ? PAGED_SESSION_BYTES : Infinity));
    },
    async brook(ctx) {
      needGpu(ctx);
      const { x, y } = data();
      return brook.saxpyHugeBrook(await brookSession(quick ? 'webgpu-paged' : 'webgpu'), SAXPY_A, x, y);
    },
  };
}

/** A loop as users see it: `calls` back-to-back saxpy calls and one finish, wall clock. */
function loopCase(id: string, e: number, calls: number): BenchCase {
  const n = 2 ** e;
  const data = lazy(() => ({ x: randomFloats(4 * n, 1), y: randomFloats(4 * n, 2) }));
  return {
    id,
    backend: 'webgpu',
    title: `${calls} back-to-back SAXPY calls, one finish (wall clock)`,
    size: `${calls} x ${pow2(e, 'float4')}`,
    bytes: calls * 48 * n,
    flops: calls * 8 * n,
    workingSetBytes: 48 * n,
    largestBufferBytes: 16 * n,
    timing: 'calls',
    async baseline(ctx) {
      const { x, y } = data();
      return saxpyLoopWgsl(needGpu(ctx), SAXPY_A, x, y, calls);
    },
    async brook(ctx) {
      const { x, y } = data();
      return brook.saxpyLoopBrook(await session('webgpu', ctx), SAXPY_A, x, y, calls);
    },
  };
}

/** `ordered`: the same sum as an ordered reduction (sum.br osum4), against the same baseline. */
function sumCase(id: string, e: number, backend: 'webgpu' | 'cpu', ordered = false): BenchCase {
  const n = 2 ** e;
  // Positive inputs: a dropped or doubled block shows as a relative error, not a cancellation.
  const data = lazy(() => randomFloats(4 * n, 3, 0.5, 1.5));
  return {
    id,
    backend,
    title: backend === 'cpu' ? 'sum float4, CPU backend vs JS loop' : ordered ? 'sum float4, ordered reduction (the CPU order)' : 'sum float4 (reduce to one value)',
    size: pow2(e, 'float4'),
    bytes: 16 * n,
    flops: 4 * n,
    workingSetBytes: 16 * n,
    largestBufferBytes: 16 * n,
    timing: backend === 'cpu' ? 'wall' : 'gpu',
    async baseline(ctx) {
      return backend === 'cpu' ? sumJs(data()) : sumWgsl(needGpu(ctx), data());
    },
    async brook(ctx) {
      return brook.sumBrook(await session(backend, ctx), data(), ordered ? 'osum4' : 'sum4');
    },
  };
}

const SGEMV_TITLES = {
  mulsum: "SGEMV, seeds' mul + sum form, fusion off (two launches)",
  alive: "SGEMV, seeds' mul + sum fused, T alive (deferred: never read, so never written)",
  dead: "SGEMV, seeds' mul + sum fused, T dead (never written)",
  single: 'SGEMV, single kernel',
};

function sgemvCase(id: string, m: number, form: 'mulsum' | 'alive' | 'dead' | 'single'): BenchCase {
  const data = lazy(() => ({ A: randomFloats(m * m, 4), x: randomFloats(m, 5) }));
  return {
    id,
    backend: 'webgpu',
    title: SGEMV_TITLES[form],
    size: `${m}x${m}`,
    bytes: 4 * (m * m + 2 * m),
    flops: 2 * m * m,
    workingSetBytes: 4 * (m * m + 2 * m),
    // The mul + sum form also holds T<m,m>; both are one buffer each.
    largestBufferBytes: 4 * m * m,
    timing: 'gpu',
    async baseline(ctx) {
      const { A, x } = data();
      return sgemvWgsl(needGpu(ctx), A, x, m, m);
    },
    async brook(ctx) {
      const { A, x } = data();
      const s = await session('webgpu', ctx);
      if (form === 'single') return brook.sgemvSingleBrook(s, A, x, m, m);
      return brook.sgemvMulSumBrook(s, A, x, m, m, form === 'mulsum' ? 'unfused' : form);
    },
  };
}

/**
 * What the loop budgets of WGSL loops cost (compiler/codegen/wgsl/budget.ts): the single-kernel SGEMV
 * (a loop of n/4 float4 steps an element) with the counters (as users run it) against the same
 * kernel built without them (BROOK_LOOP_BUDGET=0, set in-process), in one run: ratio = off / on.
 */
function loopBudgetCase(id: string, m: number): BenchCase {
  const data = lazy(() => ({ A: randomFloats(m * m, 4), x: randomFloats(m, 5) }));
  const base = sgemvCase(id, m, 'single');
  // The budget is read when a launch picks its pipeline, so each run sets it (and restores it).
  const under = async <T>(budget: number | undefined, f: () => Promise<T>): Promise<T> => {
    setLoopBudget(budget);
    try {
      return await f();
    } finally {
      setLoopBudget(undefined);
    }
  };
  const side = async (ctx: CaseContext, budget: number | undefined): Promise<Side> => {
    const { A, x } = data();
    const s = await session('webgpu', ctx);
    const inner = await under(budget, () => brook.sgemvSingleBrook(s, A, x, m, m));
    return {
      ...inner,
      impl: budget === 0 ? `${inner.impl}, loop budget counters off` : inner.impl,
      run: () => under(budget, () => inner.run()),
      check: () => under(budget, () => inner.check()),
      dispose: () => inner.dispose(),
    };
  };
  return {
    ...base,
    title: 'SGEMV single kernel: loop budget counters off (baseline) vs on',
    baseline: async (ctx) => [await side(ctx, 0)],
    brook: (ctx) => side(ctx, undefined),
  };
}

/** Four maps in a chain (bench/cases/chain4.br), fused (t1..t3 dead) or one launch each, against
 *  one hand-written pass. Bytes: the job's minimum, x read and out written once. */
function chain4Case(id: string, e: number, fused: boolean): BenchCase {
  const n = 2 ** e;
  const data = lazy(() => randomFloats(4 * n, 11));
  return {
    id,
    backend: 'webgpu',
    title: fused ? 'chain of 4 maps, fused (intermediates dead)' : 'chain of 4 maps, fusion off (4 launches)',
    size: pow2(e, 'float4'),
    bytes: 32 * n,
    flops: 24 * n,
    workingSetBytes: 80 * n,
    largestBufferBytes: 16 * n,
    timing: 'gpu',
    async baseline(ctx) {
      return chain4Wgsl(needGpu(ctx), CHAIN4_A, CHAIN4_B, data());
    },
    async brook(ctx) {
      return brook.chain4Brook(await session('webgpu', ctx), CHAIN4_A, CHAIN4_B, data(), fused);
    },
  };
}

function stencilCase(id: string, w: number): BenchCase {
  const data = lazy(() => randomFloats(w * w, 6));
  return {
    id,
    backend: 'webgpu',
    title: '2-D 5-point stencil (float, clamped edges)',
    size: `${w}x${w}`,
    bytes: 8 * w * w,
    flops: 6 * w * w,
    workingSetBytes: 8 * w * w,
    largestBufferBytes: 4 * w * w,
    timing: 'gpu',
    async baseline(ctx) {
      return stencilWgsl(needGpu(ctx), data(), w, w);
    },
    async brook(ctx) {
      return brook.stencilBrook(await session('webgpu', ctx), data(), w, w);
    },
  };
}

function chainCase(n: number, calls: number): BenchCase {
  const data = lazy(() => randomFloats(4 * n, 7));
  return {
    id: 'calls',
    backend: 'webgpu',
    title: `per-call cost, ${calls} small kernel calls batched`,
    size: `${calls} x ${n} float4`,
    bytes: calls * 32 * n,
    flops: calls * 8 * n,
    workingSetBytes: 32 * n,
    timing: 'calls',
    async baseline(ctx) {
      return chainWgsl(needGpu(ctx), data(), CHAIN_A, CHAIN_B, calls);
    },
    async brook(ctx) {
      return brook.chainBrook(await session('webgpu', ctx), data(), CHAIN_A, CHAIN_B, calls);
    },
  };
}

function transferCase(id: 'streamRead' | 'streamWrite', bytes: number): BenchCase {
  const data = lazy(() => randomFloats(bytes / 4, 8));
  const mib = bytes / 2 ** 20;
  return {
    id,
    backend: 'webgpu',
    title: id === 'streamRead' ? 'streamRead (host to device)' : 'streamWrite (device to host)',
    size: `${mib} MiB`,
    bytes,
    flops: 0,
    workingSetBytes: bytes,
    largestBufferBytes: bytes,
    timing: 'wall',
    async baseline(ctx): Promise<Side[]> {
      return id === 'streamRead' ? uploadWgsl(needGpu(ctx), data()) : downloadWgsl(needGpu(ctx), data());
    },
    async brook(ctx) {
      const s = await session('webgpu', ctx);
      return id === 'streamRead' ? brook.streamReadBrook(s, data()) : brook.streamWriteBrook(s, data());
    },
  };
}

/**
 * The CPU group: each job three ways, all on the CPU backend's inputs and checks.
 *   cpu.NAME          Brook on one thread      vs a plain JavaScript loop (one thread)
 *   cpu.NAME.threads  Brook on every thread    vs the same JavaScript loop
 *   cpu.NAME.c        Brook on one thread      vs the same loop in C (gcc -O2, one thread)
 * The thread count a Brook side used is in its note (the backend's description). `chain` is the
 * 4-map chain of cases/chain4.br fused (one launch, t1..t3 dead); cpu.chain.fusion[.threads] hold
 * it against the same four calls with fusion off (issue 27: at least 2x on one and on all threads).
 */
type CpuJob = 'saxpy' | 'sum' | 'stencil' | 'gather' | 'chain';

function cpuCases(quick: boolean): BenchCase[] {
  const e = quick ? 16 : 20;
  const n = 2 ** e;
  const w = quick ? 256 : 2048;
  const m = 1 << 16;
  const saxpyData = lazy(() => ({ x: randomFloats(4 * n, 1), y: randomFloats(4 * n, 2) }));
  const sumData = lazy(() => randomFloats(4 * n, 3, 0.5, 1.5));
  const stencilData = lazy(() => randomFloats(w * w, 6));
  // Indices over the table and a little past both ends (clamped), with fractions.
  const gatherData = lazy(() => ({ table: randomFloats(4 * m, 9), idx: randomFloats(n, 10, -2, m + 2) }));
  const chainData = lazy(() => randomFloats(4 * n, 11));
  const jobs: Record<CpuJob, { title: string; size: string; bytes: number; flops: number }> = {
    saxpy: { title: 'SAXPY float4', size: pow2(e, 'float4'), bytes: 48 * n, flops: 8 * n },
    sum: { title: 'sum float4', size: pow2(e, 'float4'), bytes: 16 * n, flops: 4 * n },
    stencil: { title: '5-point stencil (float, clamped edges)', size: `${w}x${w}`, bytes: 8 * w * w, flops: 6 * w * w },
    gather: { title: 'gather float4 rows by float index', size: `${pow2(e, 'indices')} into 2^16 float4`, bytes: 20 * n, flops: 0 },
    chain: { title: 'chain of 4 float4 maps, fused', size: pow2(e, 'float4'), bytes: 32 * n, flops: 24 * n },
  };
  const jsSide = (job: CpuJob): Side[] => {
    switch (job) {
      case 'saxpy': return saxpyJs(SAXPY_A, saxpyData().x, saxpyData().y);
      case 'sum': return sumJs(sumData());
      case 'stencil': return stencilJs(stencilData(), w);
      case 'gather': return gatherJs(gatherData().table, gatherData().idx);
      case 'chain': return chain4Js(CHAIN4_A, CHAIN4_B, chainData());
    }
  };
  const cSideOf = (job: CpuJob): Side[] => {
    switch (job) {
      case 'saxpy': {
        const { x, y } = saxpyData();
        const both = new Float32Array(8 * n);
        both.set(x);
        both.set(y, 4 * n);
        return cSide('saxpy', both, n, 0, 4 * n, saxpyRef(SAXPY_A, x, y), 1e-6);
      }
      case 'sum': return cSide('sum', sumData(), n, 0, 4, sum4Ref(sumData()), 1e-5);
      case 'stencil': return cSide('stencil', stencilData(), 0, w, w * w, stencilRef(stencilData(), w, w), 1e-6);
      case 'gather': {
        const { table, idx } = gatherData();
        const both = new Float32Array(table.length + idx.length);
        both.set(table);
        both.set(idx, table.length);
        return cSide('gather', both, n, m, 4 * n, gatherRef(table, idx), 0);
      }
      case 'chain': return cSide('chain', chainData(), n, 0, 4 * n, chain4Ref(CHAIN4_A, CHAIN4_B, chainData()), 1e-5);
    }
  };
  const brookSide = async (job: CpuJob, threads: 'cpu' | 'cpu1', fused = true) => {
    const s = await brookSession(threads);
    switch (job) {
      case 'saxpy': return brook.saxpyBrook(s, SAXPY_A, saxpyData().x, saxpyData().y);
      case 'sum': return brook.sumBrook(s, sumData());
      case 'stencil': return brook.stencilBrook(s, stencilData(), w, w);
      case 'gather': return brook.gatherBrook(s, gatherData().table, gatherData().idx);
      case 'chain': return brook.chain4Brook(s, CHAIN4_A, CHAIN4_B, chainData(), fused);
    }
  };
  const out: BenchCase[] = [];
  for (const job of ['saxpy', 'sum', 'stencil', 'gather', 'chain'] as const) {
    const j = jobs[job];
    const common = { backend: 'cpu' as const, size: j.size, bytes: j.bytes, flops: j.flops, workingSetBytes: j.bytes, timing: 'wall' as const };
    out.push({ ...common, id: `cpu.${job}`, title: `${j.title}: Brook one thread vs JS loop`, baseline: async () => jsSide(job), brook: () => brookSide(job, 'cpu1') });
    out.push({ ...common, id: `cpu.${job}.threads`, title: `${j.title}: Brook all threads vs JS loop`, baseline: async () => jsSide(job), brook: () => brookSide(job, 'cpu') });
    out.push({ ...common, id: `cpu.${job}.c`, title: `${j.title}: Brook one thread vs gcc -O2`, baseline: async () => cSideOf(job), brook: () => brookSide(job, 'cpu1') });
  }
  const chain = { ...jobs.chain, backend: 'cpu' as const, workingSetBytes: 80 * n, timing: 'wall' as const };
  for (const threads of ['cpu1', 'cpu'] as const) {
    const id = threads === 'cpu1' ? 'cpu.chain.fusion' : 'cpu.chain.fusion.threads';
    const title = `chain of 4 float4 maps: fused vs fusion off (4 launches), Brook ${threads === 'cpu1' ? 'one thread' : 'all threads'}`;
    out.push({ ...chain, id, title, baseline: async () => [await brookSide('chain', threads, false)], brook: () => brookSide('chain', threads, true) });
  }
  out.push(...cpuTransferCases(quick));
  return out;
}

/** cpu.streamRead / cpu.streamWrite: the CPU backend's host copies of a 256 MiB float4 stream, one
 *  thread, against the host memcpy (copyJs); issue 27 asks for at least 0.8x of it. `.hostmem`: the
 *  host array in the backend's host memory (Backend.hostMemory), copied with memory.copy; the plain
 *  cases copy a JavaScript array into or out of shared memory with one memcpy (cpu/host-copy.ts;
 *  TypedArray.set did it at ~0.6x of a memmove). */
function cpuTransferCases(quick: boolean): BenchCase[] {
  const bytes = quick ? 16 << 20 : 256 << 20;
  const data = lazy(() => randomFloats(bytes / 4, 8));
  const jobs = (['streamRead', 'streamWrite'] as const).flatMap((id) => [{ id, hostMemory: false }, { id, hostMemory: true }]);
  return jobs.map(({ id, hostMemory }) => ({
    id: `cpu.${id}${hostMemory ? '.hostmem' : ''}`,
    backend: 'cpu' as const,
    title: `${id === 'streamRead' ? 'streamRead (host to stream)' : 'streamWrite (stream to host)'}${hostMemory ? ', host array in hostMemory' : ''}: Brook one thread vs host memcpy`,
    size: `${bytes / 2 ** 20} MiB`,
    bytes, // the stream's size, as in the webgpu streamRead/streamWrite cases
    flops: 0,
    workingSetBytes: 2 * bytes,
    timing: 'wall' as const,
    baseline: async () => copyJs(data()),
    async brook() {
      const s = await brookSession('cpu1');
      return id === 'streamRead' ? brook.streamReadBrook(s, data(), hostMemory) : brook.streamWriteBrook(s, data(), hostMemory);
    },
  }));
}

/**
 * brook/blas, one case per level (issue 14), level 3 first (its tile sweep is what a short GPU run
 * must not miss): blas.axpy (level 1) against the hand-written SAXPY,
 * blas.gemv (level 2) against the hand-written SGEMV, blas.gemm (level 3) in GFLOP/s. The gemv and
 * gemm cases also sweep their schedules (blas.gemv.splitN, blas.gemm.TILE) so one run on a GPU shows
 * which to make the default.
 */
function blasCases(quick: boolean): BenchCase[] {
  const out: BenchCase[] = [];
  const push = (c: BenchCase) => out.push({ ...c, optIn: true });
  const g = quick ? 256 : 4096;
  /** A gemm case: C := A B of n x n random matrices (seeds `seeds`), with `tile` or the tile by size. */
  const gemmCase = (id: string, title: string, n: number, seeds: [number, number], unavailable: string, tile?: string): BenchCase => {
    const data = lazy(() => ({ A: randomFloats(n * n, seeds[0]), B: randomFloats(n * n, seeds[1]) }));
    return {
      id,
      backend: 'webgpu',
      title,
      size: `${n}x${n}`,
      bytes: 12 * n * n,
      flops: 2 * n * n * n,
      workingSetBytes: 12 * n * n,
      largestBufferBytes: 4 * n * n,
      timing: 'gpu',
      async baseline() {
        throw new Unavailable(unavailable);
      },
      async brook(ctx) {
        const { A, B } = data();
        return gemmBlas(await session('webgpu', ctx), A, B, n, tile);
      },
    };
  };
  const noGemmBaseline = 'no hand-written WGSL GEMM besides the library\'s own';
  for (const tile of [undefined, ...Object.keys(GEMM_TILE_CANDIDATES)]) {
    const id = tile === undefined ? 'blas.gemm' : `blas.gemm.${tile}`;
    const title = `BLAS level 3: C := A B (blas.gemm${tile === undefined ? ', tile by size' : `, tile ${tile}`}), sampled float64 check`;
    push(gemmCase(id, title, g, [6, 7], `${noGemmBaseline} (compare with the issue's figures: tfjs 15.2, jax-js 22.4, torch 49.7 TFLOP/s on an H100)`, tile));
  }
  // Sizes that are not multiples of any tile: the edge tiles check M and N (clamped rows, dropped outputs).
  const r = quick ? 250 : 4000;
  push(gemmCase('blas.gemm.ragged', 'BLAS level 3: C := A B at a size that is no multiple of the tile (blas.gemm, bounds-checked edges), sampled float64 check', r, [8, 9], `${noGemmBaseline} (compare with blas.gemm at ${g}x${g})`));
  const m = quick ? 512 : 8192;
  const gemvData = lazy(() => ({ A: randomFloats(m * m, 4), x: randomFloats(m, 5) }));
  for (const split of [undefined, 64, 128, 512, 1024]) {
    push({
      id: split === undefined ? 'blas.gemv' : `blas.gemv.split${split}`,
      backend: 'webgpu',
      title: `BLAS level 2: y := A x (blas.gemv${split === undefined ? '' : `, split ${split}`}) vs hand-written SGEMV`,
      size: `${m}x${m}`,
      bytes: 4 * (m * m + 2 * m),
      flops: 2 * m * m,
      workingSetBytes: 4 * (m * m + 2 * m),
      largestBufferBytes: 4 * m * m,
      timing: 'gpu',
      async baseline(ctx) {
        const { A, x } = gemvData();
        return sgemvWgsl(needGpu(ctx), A, x, m, m);
      },
      async brook(ctx) {
        const { A, x } = gemvData();
        return gemvBlas(await session('webgpu', ctx), A, x, m, m, split);
      },
    });
  }
  const e = quick ? 16 : 24;
  const n = 2 ** e;
  const axpyData = lazy(() => ({ x: randomFloats(4 * n, 1), y: randomFloats(4 * n, 2) }));
  push({
    id: 'blas.axpy',
    backend: 'webgpu',
    title: 'BLAS level 1: y := a x + y (blas.axpy) vs hand-written SAXPY',
    size: pow2(e + 2, 'floats'),
    bytes: 48 * n,
    flops: 8 * n,
    workingSetBytes: 48 * n,
    largestBufferBytes: 16 * n,
    timing: 'gpu',
    async baseline(ctx) {
      const { x, y } = axpyData();
      return saxpyWgsl(needGpu(ctx), SAXPY_A, x, y);
    },
    async brook(ctx) {
      const { x, y } = axpyData();
      return axpyBlas(await session('webgpu', ctx), SAXPY_A, x, y);
    },
  });
  return out;
}

export function allCases(quick: boolean): BenchCase[] {
  const q = quick;
  return [
    saxpyCase('saxpy.small', q ? 14 : 20, 'webgpu'),
    saxpyCase('saxpy.large', q ? 16 : 24, 'webgpu'),
    saxpyHugeCase(q),
    sgemvCase('sgemv.small.mulsum', q ? 128 : 1024, 'mulsum'),
    sgemvCase('sgemv.small.single', q ? 128 : 1024, 'single'),
    sgemvCase('sgemv.large.mulsum', q ? 512 : 8192, 'mulsum'),
    sgemvCase('sgemv.large.single', q ? 512 : 8192, 'single'),
    loopBudgetCase('budget.sgemv.small', q ? 128 : 1024),
    loopBudgetCase('budget.sgemv.large', q ? 512 : 8192),
    sgemvCase('sgemv.small.alive', q ? 128 : 1024, 'alive'),
    sgemvCase('sgemv.small.dead', q ? 128 : 1024, 'dead'),
    sgemvCase('sgemv.large.alive', q ? 512 : 8192, 'alive'),
    sgemvCase('sgemv.large.dead', q ? 512 : 8192, 'dead'),
    chain4Case('chain4.fused', q ? 16 : 24, true),
    chain4Case('chain4.unfused', q ? 16 : 24, false),
    sumCase('sum.small', q ? 14 : 20, 'webgpu'),
    sumCase('sum.large', q ? 18 : 26, 'webgpu'),
    sumCase('sum.ordered', q ? 14 : 20, 'webgpu', true),
    stencilCase('stencil', q ? 256 : 2048),
    stencilCase('stencil.large', q ? 512 : 4096),
    loopCase('loop.small', q ? 14 : 20, 50),
    loopCase('loop.large', q ? 16 : 24, 50),
    chainCase(q ? 64 : 1024, 1000),
    transferCase('streamRead', q ? 16 << 20 : 256 << 20),
    transferCase('streamWrite', q ? 16 << 20 : 256 << 20),
    ...cpuCases(q),
    ...hostCases(),
    ...loopShapeCases(),
    ...compilerCases(q),
    ...blasCases(q),
  ];
}

/** `--only a,b`: a case runs when its id equals, or starts with `NAME.`, one of the names. Opt-in
 *  cases (the BLAS group) run only when named so. */
export function selectCases(cases: BenchCase[], only: string[] | undefined, backends: ('webgpu' | 'cpu')[]): BenchCase[] {
  return cases.filter(
    (c) => backends.includes(c.backend) && (only ? only.some((o) => c.id === o || c.id.startsWith(o + '.')) : !c.optIn),
  );
}
