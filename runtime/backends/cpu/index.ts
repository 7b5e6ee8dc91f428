/**
 * The CPU backend: streams are typed arrays, kernels are JavaScript compiled from the kernel IR
 * (codegen/js), cached on the CompiledKernel per addressing plan. It is the reference the WebGPU
 * backend is compared with, so it favours exactness: float32 per operation, ordered reductions.
 *
 * Contract (brt/api.ts `Backend`): every shape rule is already checked by brt; this module only
 * addresses memory and runs loops. Work is executed immediately (there is nothing to record), so
 * `finish` has nothing to wait for. Large launches are split over worker threads (workers.ts) when
 * enabled; splitting never changes a result (tests/cpu/workers.test.ts). A launch stops on an interrupt
 * or the watchdog between chunks and, for kernels with loops, inside an element (stopping.ts); the error
 * is located at the call and names the streams left with partial results.
 */
import {
  STREAM_GATHER_FETCH,
  STREAM_GATHER_INC,
  STREAM_SCATTER_ADD,
  STREAM_SCATTER_ASSIGN,
  STREAM_SCATTER_MUL,
  type Backend,
  type BufferHandle,
  type Launch,
  type LaunchArg,
  type StreamOp,
} from '../../brt/api.js';
import { compileKernelJs, planKey, SMALL_WHOLE, type CompiledJsKernel, type IterForm, type JsPlan } from '../../compiler/kernels.js';
import { generateKernelWasm, HOST_IMPORTS_SOURCE, WasmUnsupported } from '../../compiler/kernels.js';
import { flatKinds, type Kind } from '../../compiler/kernels.js';
import { gatherIndex, REDUCE_CHUNK, treeJoins } from '../../compiler/kernels.js';
import { flattenElement, narrowNumber } from '../../compiler/types.js';
import { asCpuBuffer, CpuStorage, type CpuBuffer } from './buffers.js';
import { accessOf, dimsOf, gatherData, iterData, iterDims, iterForms, pad4, streamData, wholeForm } from './launchdata.js';
import { checkAbort, whileLaunching } from '../../brt/abort.js';
import { KERNEL_STOPPED, MAIN_STOP_WORD } from '../../brt/abort-watch.js';
import { GUARD_MS, hasLoop, outputsOf, stoppable } from './stopping.js';
import { WorkerPool, type WorkerOptions } from './workers.js';
export { defaultCpuThreads } from './workers.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** Elements folded sequentially before partial results are combined in a tree (compiler/facts reduce.ts). */
export { REDUCE_CHUNK };

/** Time one chunk of a launch aims at: interrupts land within it, and threads share work finely. */
const CHUNK_MS = 5;
/** Smallest chunk handed to threads (positions x weight): below it, taking chunks costs more than it balances. */
const MIN_SHARED_CHUNK = 1024;
/** Work (positions x weight) of the first chunk of a kernel never measured (its time gives the
 *  chunk size); later probe chunks grow 4x until one takes 0.5 ms or 64 x PROBE are done. */
const PROBE = 16;

export interface CpuBackendOptions extends WorkerOptions {
  /** Run kernels the WebAssembly writer covers as WebAssembly (default: on unless BROOK_CPU_WASM=0).
   *  Off, every kernel runs as JavaScript; results are identical either way. */
  wasm?: boolean;
}

/** A compiled kernel as the backend runs it: JavaScript, or a WebAssembly module bound to the arena. */
export interface CpuKernel extends CompiledJsKernel {
  /** For worker threads: the module, the memory it imports and a key to cache the instance by. */
  wasm?: { key: string; module: WebAssembly.Module; memory: WebAssembly.Memory };
}

/** A kernel plan's WebAssembly module (memory-independent), or null when the writer does not cover it. */
interface WasmModuleRecord {
  key: string;
  module: WebAssembly.Module;
  wrapper: string;
  /** Whether the kernel body also has a vector version, its lane-by-lane operations, and whether it
   *  keeps elements as stored (tests). */
  vector: boolean;
  laneOps: number;
  asStored: boolean;
}

/** Host functions of WebAssembly kernels (Math.* for transcendental built-ins), made once. */
let hostImports: Record<string, (...a: number[]) => number> | null = null;
function wasmHostImports(): Record<string, (...a: number[]) => number> {
  hostImports ??= new Function(`return ${HOST_IMPORTS_SOURCE};`)() as Record<string, (...a: number[]) => number>;
  return hostImports;
}

let wasmKeys = 0;

export function createCpuBackend(options: CpuBackendOptions = {}): Backend & { readonly pool: WorkerPool | null } {
  const pool = options.workers && options.workers > 0 ? new WorkerPool(options) : null;
  const wasmEnabled = options.wasm ?? process.env.BROOK_CPU_WASM !== '0';
  /** Instances of WebAssembly kernels bound to this backend's arena, by module record. */
  const wasmInstances = new WeakMap<WasmModuleRecord, CpuKernel>();
  const buf = (h: BufferHandle | undefined): CpuBuffer => asCpuBuffer(h);
  /** Measured cost per position of each compiled kernel (ns, all threads' time), for chunk sizes. */
  const cost = new WeakMap<CompiledJsKernel, number>();
  /** Kernels this backend compiled (JavaScript, WebAssembly) and the time it took (buildTimes). */
  const built = { built: 0, ms: 0 };

  /**
   * Runs positions [0, n) of a compiled launch: in chunks of about CHUNK_MS (aligned to `align`
   * positions), with an interrupt/timeout check (brt/abort.ts) before each chunk the calling thread
   * runs, so an interrupt lands within a chunk's time. `split` launches are shared with the worker
   * pool when their estimated time is worth it; others (vout pushes, scatters: order matters) run in
   * order on the calling thread.
   */
  function execute(c: CpuKernel, L: Record<string, unknown>, n: number, launch: Launch, opts: { align?: number; split?: boolean; weight?: number } = {}): void {
    const outputs = outputsOf(launch);
    // A stop from inside the kernel's loops is located at this call and names its outputs. A launch
    // that may spin runs under the launch guard (SIGINT in `brook run`): a kernel with loops on its first
    // launch, or when its measured cost says it takes GUARD_MS or more (the guard costs ~50 us a launch).
    const ns = cost.get(c);
    const loops = hasLoop(launch.kernel.ir);
    const mayRunLong = loops && (ns === undefined || (ns * n * (opts.weight ?? 1)) / 1e6 >= GUARD_MS);
    // A kernel with loops polls a stop word (codegen/loop-poll.ts): the arena's for WebAssembly, the
    // calling thread's for JavaScript. The watcher thread (brt/abort-watch.ts) sets it on a stop request.
    const run = () => whileLaunching(launch.span, outputs, () => executeChunks(c, L, n, launch, outputs, opts), mayRunLong);
    if (!loops) run();
    else stoppable(c.wasm ? storage.arena!.stopWord : MAIN_STOP_WORD, launch.span, outputs, run);
  }

  function executeChunks(c: CpuKernel, L: Record<string, unknown>, n: number, launch: Launch, outputs: readonly string[], opts: { align?: number; split?: boolean; weight?: number }): void {
    const align = opts.align ?? 1;
    const weight = opts.weight ?? 1; // positions of work per position (block reductions)
    const span = launch.span;
    const t0 = performance.now();
    let from = 0;
    let ns = cost.get(c);
    if (ns === undefined) {
      // Never measured: growing first chunks (from one position's worth of PROBE work) tell the cost,
      // so even the first launch of a slow kernel is interruptible. The estimate is high while V8
      // warms up, which only makes the chunks smaller.
      let size = Math.max(align, Math.ceil(Math.max(1, PROBE / weight) / align) * align);
      for (;;) {
        const hi = Math.min(n, from + size);
        checkAbort(span, outputs);
        const t = performance.now();
        c.run(L, from, hi);
        const ms = performance.now() - t;
        ns = Math.max(0.05, (ms * 1e6) / ((hi - from) * weight));
        from = hi;
        if (from >= n || ms >= 0.5 || (from - 0) * weight >= 64 * PROBE) break;
        size *= 4;
      }
    }
    const perPosition = ns! * weight;
    const rest = n - from;
    let threads = 1;
    const useThreads = pool !== null && opts.split !== false && rest > align && (rest * perPosition) / 1e6 >= pool.thresholdMs;
    // Chunks of about CHUNK_MS of one thread's time; with threads, at least 16 chunks per thread, so
    // the wait for the last chunks at the end of a launch stays a small part of it.
    let chunk = Math.max(1, Math.round((CHUNK_MS * 1e6) / perPosition));
    if (useThreads) chunk = Math.min(chunk, Math.max(Math.ceil(MIN_SHARED_CHUNK / weight), Math.ceil(rest / ((pool.size + 1) * 16))));
    chunk = Math.max(align, Math.ceil(chunk / align) * align);
    if (useThreads && chunk < rest) {
      threads = pool.size + 1;
      // Named, so profiles show kernel code V8 inlines here as the calling thread's kernel time.
      const runHere = (lo: number, hi: number) => c.run(L, lo, hi);
      const tailChunk = Math.max(align, Math.ceil(chunk / 4 / align) * align);
      pool.runChunked(c, L, from, n, chunk, tailChunk, runHere, () => checkAbort(span, outputs));
    } else {
      for (let lo = from; lo < n; lo += chunk) {
        checkAbort(span, outputs);
        c.run(L, lo, Math.min(n, lo + chunk));
      }
    }
    const ms = performance.now() - t0;
    // Positions run this launch against the time of all threads: the next launch's chunk sizes.
    if (n >= 1024 && ms > 0.2) cost.set(c, Math.max(0.05, (ms * 1e6 * threads) / (n * weight)));
  }

  function compiledJs(launch: Launch, plan: JsPlan, pk = planKey(plan)): CompiledJsKernel {
    const key = `cpu:${pk}`;
    let c = launch.kernel.cache.get(key) as CompiledJsKernel | undefined;
    if (!c) {
      const t0 = performance.now();
      c = compileKernelJs(launch.kernel.ir, plan, { word: MAIN_STOP_WORD, thrown: KERNEL_STOPPED });
      launch.kernel.cache.set(key, c);
      built.built++;
      built.ms += performance.now() - t0;
    }
    return c;
  }

  /**
   * The kernel for a launch: WebAssembly when enabled, the writer covers the plan and every stream the
   * launch touches lives in the arena; JavaScript otherwise. Same results either way (tests/cpu/wasm).
   */
  function compiled(launch: Launch, plan: JsPlan, arenaOnly: boolean): CpuKernel {
    const pk = planKey(plan); // once per launch: it walks the whole plan
    const js = compiledJs(launch, plan, pk);
    const arena = storage.arena;
    if (!wasmEnabled || !arena || !arenaOnly) return js;
    const key = `wasm:${pk}`;
    let rec = launch.kernel.cache.get(key) as WasmModuleRecord | null | undefined;
    if (rec === undefined) {
      const t0 = performance.now();
      try {
        const code = generateKernelWasm(launch.kernel.ir, plan);
        rec = { key: `${++wasmKeys}`, module: new WebAssembly.Module(code.bytes), wrapper: code.wrapper, vector: code.vector, laneOps: code.laneOps, asStored: code.asStored };
        built.built++;
      } catch (e) {
        if (!(e instanceof WasmUnsupported)) throw e;
        rec = null;
      }
      launch.kernel.cache.set(key, rec);
      built.ms += performance.now() - t0;
    }
    if (!rec) return js;
    let k = wasmInstances.get(rec);
    if (!k) {
      const instance = new WebAssembly.Instance(rec.module, { m: { mem: arena.memory, ...wasmHostImports() } });
      const run = new Function('ex', rec.wrapper)(instance.exports) as CompiledJsKernel['run'];
      k = { run, combine: js.combine, combineAt: js.combineAt, source: rec.wrapper, wasm: { key: `${rec.key}:${arena.id}`, module: rec.module, memory: arena.memory } };
      wasmInstances.set(rec, k);
    }
    return k;
  }

  /** Launch data and plan for positions of `space`: O(1) work per argument (addressing is arithmetic). */
  function prepare(launch: Launch, mode: JsPlan['mode'], space: number[]) {
    const ir = launch.kernel.ir;
    // A fused reduction (ir.ts `produce`): its input has no storage, and the producer's parameters
    // are addressed at element positions of the input (launch.outShape), whatever `space` is.
    const produce = mode === 'reduceAll' || mode === 'reduceBlocks' ? ir.produce : undefined;
    const inputIndex = ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1;
    const virtualInput = produce ? inputIndex : -1;
    const spaceOf = (k: number) => (produce && k >= produce.from ? launch.outShape : space);
    const access: JsPlan['access'] = [];
    const iterDimsOf: (number[] | null)[] = [];
    const iterFormsOf: (IterForm[] | null)[] = [];
    const constForms: (IterForm[] | null)[] = [];
    // indexof values are small when every extent is (then index arithmetic needs no fround).
    let largest = Math.max(...space);
    // Whether every stream the launch touches is in the arena (a WebAssembly kernel can address it).
    let arenaOnly = true;
    const buf = (h: BufferHandle | undefined): CpuBuffer => {
      const b = asCpuBuffer(h);
      if (!b.block) arenaOnly = false;
      return b;
    };
    const args = launch.args.map((a, k) => {
      const p = ir.params[k]!;
      access.push(null);
      iterDimsOf.push(null);
      iterFormsOf.push(null);
      constForms.push(null);
      if (a.kind === 'stream' || a.kind === 'iter') largest = Math.max(largest, ...a.shape);
      switch (p.role) {
        case 'const': {
          const value = a.kind === 'value' ? a.value : [];
          // Whole-number constants let gathers indexed by them skip rounding (a plan property).
          constForms[k] = flatKinds(p.type).map((kind, c) => (kind === 'float' ? wholeForm(Math.fround(value[c] ?? 0)) : kind === 'double' ? wholeForm(value[c] ?? 0) : 'g'));
          return { value };
        }
        case 'gather':
          return gatherData(a as StreamArg, buf((a as StreamArg).stream.buffer));
        case 'iter': {
          const it = a as LaunchArg & { kind: 'iter' };
          const d = iterData(it);
          access[k] = dimsOf(it.shape, spaceOf(k));
          iterDimsOf[k] = d.dim;
          iterFormsOf[k] = iterForms(d);
          return d;
        }
        case 'vout':
          return { pushed: [] as number[] };
        case 'reduce':
          return {};
        case 'in':
        case 'out': {
          if (a.kind === 'value') return {}; // combine-only use (gather-op updates): no stream
          const s = a as StreamArg;
          if (k === virtualInput) return streamData(s, undefined);
          if (!(mode === 'reduceBlocks' && k === inputIndex)) access[k] = accessOf(s, spaceOf(k));
          return streamData(s, buf(s.stream.buffer));
        }
      }
    });
    const E = pad4(space, 1);
    const L: Record<string, unknown> = {
      E,
      IE: pad4(launch.outShape, 1),
      args,
      overflow: (param: number) => {
        throw new VoutOverflow(param);
      },
    };
    let mask: JsPlan['mask'] = null;
    if (launch.mask) {
      mask = accessOf(launch.mask, space);
      L.mask = streamData(launch.mask, buf(launch.mask.stream.buffer));
    }
    const plan: JsPlan = { mode, access, mask, iterDims: iterDimsOf, iterForms: iterFormsOf, constForms, smallIndex: largest <= SMALL_WHOLE };
    return { L, plan, n: E.reduce((a, b) => a * b, 1), arenaOnly };
  }

  const storage = new CpuStorage(pool !== null);
  const backend = {
    name: 'cpu' as const,
    description: pool ? `cpu (JavaScript, ${pool.size} worker thread${pool.size === 1 ? '' : 's'})` : 'cpu (JavaScript)',
    limits: { maxBufferBytes: 2 ** 31 - 4, maxBindingBytes: 2 ** 31 - 4 },
    pool,

    allocate(words: number): BufferHandle {
      return storage.take(words);
    },
    release(h: BufferHandle): void {
      storage.give(buf(h));
    },
    write(h: BufferHandle, wordOffset: number, data: Uint32Array | Float32Array | Int32Array): void {
      buf(h).U.set(new Uint32Array(data.buffer, data.byteOffset, data.length), wordOffset);
    },
    async read(h: BufferHandle, wordOffset: number, words: number): Promise<Uint32Array> {
      return buf(h).U.slice(wordOffset, wordOffset + words);
    },
    // streamWrite's one copy: `read` would first copy into a fresh array (its pages faulted in on the
    // first touch: a 64 MiB streamWrite ran at about a third of a plain copy's speed).
    async readInto(h: BufferHandle, wordOffset: number, words: number, dst: Uint32Array): Promise<void> {
      dst.set(buf(h).U.subarray(wordOffset, wordOffset + words));
    },
    copy(src: BufferHandle, srcWord: number, dst: BufferHandle, dstWord: number, words: number): void {
      const s = buf(src);
      const d = buf(dst);
      if (s === d) d.U.copyWithin(dstWord, srcWord, srcWord + words);
      else d.U.set(s.U.subarray(srcWord, srcWord + words), dstWord);
    },

    run(launch: Launch): void {
      const { L, plan, n, arenaOnly } = prepare(launch, 'map', launch.outShape);
      execute(compiled(launch, plan, arenaOnly), L, n, launch);
    },

    /**
     * Whole-stream reduction. With a `combine` (accumulator and element of one type), positions are
     * folded in fixed chunks of REDUCE_CHUNK, left to right, and the chunk results are combined
     * pairwise in a tree: element order is kept, the rounding error grows with log(n) instead of n,
     * and the result is the same however the chunks are spread over workers.
     */
    async reduceAll(launch: Launch): Promise<number[]> {
      const { L, plan, n, arenaOnly } = prepare(launch, 'reduceAll', launch.outShape);
      let c = compiled(launch, plan, arenaOnly);
      const ir = launch.kernel.ir;
      const W = flatKinds(ir.params.find((p) => p.role === 'reduce')!.type).length;
      // Without combineAt (accumulator and element of different types, or indexof) one sequential fold.
      const chunk = c.combineAt ? REDUCE_CHUNK : Math.max(1, n);
      const m = Math.ceil(n / chunk);
      // A WebAssembly kernel writes the partials into the arena (a block for this launch).
      let scratch: CpuBuffer | null = c.wasm ? storage.take(m * W * 2) : null;
      if (scratch && !scratch.block) {
        storage.give(scratch);
        scratch = null;
        c = compiled(launch, plan, false);
      }
      try {
        const P = scratch
          ? new Float64Array(scratch.bytes, scratch.block!.at, m * W)
          : pool
            ? new Float64Array(new SharedArrayBuffer(m * W * 8))
            : new Float64Array(m * W);
        L.chunk = chunk;
        L.partials = P;
        // Without combineAt the fold is one sequential chunk: on the calling thread, in order.
        execute(c, L, n, launch, { align: chunk, split: c.combineAt !== null });
        // The fixed tree over the chunk partials (compiler/facts reduce.ts treeJoins). The combining
        // steps are the reduce body (JavaScript): stoppable when it has loops.
        const tree = () => {
          for (const [left, right] of treeJoins(m)) c.combineAt!(L, P, left, right);
        };
        if (m > 1 && hasLoop(ir)) stoppable(MAIN_STOP_WORD, launch.span, outputsOf(launch), tree);
        else tree();
        return Array.from(P.subarray(0, W));
      } finally {
        if (scratch) storage.give(scratch);
      }
    },

    reduceBlocks(launch: Launch, target: StreamArg): void {
      const input = launch.args.findIndex((_, k) => launch.kernel.ir.params[k]!.role === 'in');
      const inShape = pad4((launch.args[input] as StreamArg).shape, 1);
      const out = pad4(target.shape, 1);
      const { L, plan, n } = prepare(launch, 'reduceBlocks', target.shape);
      L.F = inShape.map((x, d) => (out[d] === 0 ? 0 : x / out[d]!));
      plan.target = accessOf(target, target.shape);
      L.target = streamData(target, buf(target.stream.buffer));
      const c = compiled(launch, plan, false);
      // Blocks are folded in chunks joined on a stack of partials (at most one per bit of the count).
      const W = flatKinds(launch.kernel.ir.params.find((p) => p.role === 'reduce')!.type).length;
      L.chunk = REDUCE_CHUNK;
      L.stack = new Float64Array(W * 64);
      execute(c, L, n, launch, { weight: inShape.reduce((a, b) => a * b, 1) / Math.max(1, n) });
    },

    async runVout(launch: Launch): Promise<{ counts: number[]; buffers: BufferHandle[] }> {
      const { L, plan, n } = prepare(launch, 'map', launch.outShape);
      const c = compiled(launch, plan, false);
      execute(c, L, n, launch, { split: false }); // pushes keep position order
      const counts: number[] = [];
      const buffers: BufferHandle[] = [];
      launch.kernel.ir.params.forEach((p, k) => {
        if (p.role !== 'vout') return;
        const pushed = (L.args as { pushed: number[] }[])[k]!.pushed;
        const kinds = flatKinds(p.type);
        const b = storage.take(Math.max(1, pushed.length));
        storeNumbers(b, 0, pushed, kinds);
        counts.push(pushed.length / kinds.length);
        buffers.push(b);
      });
      return { counts, buffers };
    },

    /**
     * The seeds' textbook scatter: dst[index[i]] = op(dst[index[i]], data[i]), in order of i (so ASSIGN
     * keeps the last writer). Deliberate difference from BrookGPU 0.5: its CPU code
     * (brt.cpp, __streamGatherOrScatterOp, marked "XXX: Bug") applied the index to the data stream,
     * computing dst[i] = op(dst[i], data[index[i]]), a gather-accumulate.
     */
    scatterOp(dst: StreamArg, index: StreamArg, data: StreamArg, op: StreamOp): void {
      if (typeof op !== 'number') {
        scatterWithKernel(dst, index, data, op);
        return;
      }
      const kinds = flatKinds(dst.stream.elem);
      const w = kinds.length;
      const D = buf(dst.stream.buffer);
      const X = buf(index.stream.buffer);
      const S = buf(data.stream.buffer);
      const xw = index.stream.words;
      const xKind = flatKinds(index.stream.elem)[0]!;
      forEachPosition(data.shape, (i, pos) => {
        const od = targetOffset(dst, X, offsetIn(index, pos) * xw, xw, xKind, false);
        if (od < 0) return;
        const os = offsetIn(data, pos) * w;
        for (let c = 0; c < w; c++) combineWord(D, od * w + c, S, os + c, kinds[c]!, op);
        void i;
      });
    },

    gatherOp(dst: StreamArg, index: StreamArg, src: StreamArg, op: StreamOp): void {
      const kinds = flatKinds(src.stream.elem);
      const w = kinds.length;
      const D = buf(dst.stream.buffer);
      const X = buf(index.stream.buffer);
      const S = buf(src.stream.buffer);
      const xw = index.stream.words;
      const xKind = flatKinds(index.stream.elem)[0]!;
      // A reduce kernel as the update: the new value is its body with both arguments set to the old
      // value (the original ran the kernel on two copies and kept the one that changed).
      const update = typeof op === 'number' ? null : gatherUpdate(op);
      const scalars = flattenElement(src.stream.elem).map((c) => c.scalar);
      const run = () => forEachPosition(dst.shape, (_i, pos) => {
        const os = targetOffset(src, X, offsetIn(index, pos) * xw, xw, xKind, true);
        const od = offsetIn(dst, pos) * w;
        for (let c = 0; c < w; c++) D.U[od + c] = S.U[os * w + c]!;
        if (update) {
          const old = readNumbers(S, os * w, kinds);
          // The kernel computes as int / float; an 8-bit source stores narrowed (types.ts narrowStorage).
          storeNumbers(S, os * w, update(old).map((v, c) => narrowNumber(scalars[c]!, v)), kinds);
        } else if (op === STREAM_GATHER_INC) {
          for (let c = 0; c < w; c++) {
            const o = os * w + c;
            const k = kinds[c]!;
            if (k === 'float' || k === 'double') S.F[o] = Math.fround(S.F[o]! + 1);
            else if (k === 'int') S.I[o] = (S.I[o]! + 1) | 0;
            else S.U[o] = (S.U[o]! + 1) >>> 0;
          }
        } else if (op !== STREAM_GATHER_FETCH) {
          throw new Error(`internal: unknown gather op ${op}`);
        }
      });
      // A reduce kernel with loops as the update can spin inside one element: watched like a launch
      // (brt's located() puts the call's span on the stop error).
      if (update && typeof op !== 'number' && hasLoop(op.ir)) stoppable(MAIN_STOP_WORD, undefined, [...new Set([dst.stream.name, src.stream.name])], run);
      else run();
    },

    async finish(): Promise<void> {},
    buildTimes() {
      return { ...built };
    },
    dispose(): void {
      pool?.dispose();
    },
  };

  function gatherUpdate(k: Exclude<StreamOp, number>): (old: number[]) => number[] {
    const ir = k.ir;
    const args: LaunchArg[] = ir.params.map(() => ({ kind: 'value', value: [] }));
    const launch: Launch = { kernel: k, args, outShape: [1] };
    const { L, plan } = prepare(launch, 'reduceAll', [1]);
    const c = compiled(launch, plan, false);
    if (!c.combine) throw new Error('internal: a gather-op kernel needs one element type and no indexof (checked by brt)');
    return (old) => c.combine!(L, old, old);
  }

  /** streamScatterOp with a reduce kernel: dst[index[i]] = op(dst[index[i]], data[i]) in order of i. */
  function scatterWithKernel(dst: StreamArg, index: StreamArg, data: StreamArg, k: Exclude<StreamOp, number>): void {
    const ir = k.ir;
    const args: LaunchArg[] = ir.params.map((p) => (p.role === 'in' ? data : p.role === 'reduce' ? dst : { kind: 'value', value: [] }));
    const launch: Launch = { kernel: k, args, outShape: data.shape };
    const { L, plan, n } = prepare(launch, 'scatter', data.shape);
    plan.target = accessOf(index, data.shape);
    L.index = streamData(index, buf(index.stream.buffer));
    L.indexIsFloat = flatKinds(index.stream.elem)[0] === 'float';
    L.dst = gatherData(dst, buf(dst.stream.buffer));
    execute(compiled(launch, plan, false), L, n, launch, { split: false }); // in order of i: the last writer wins
  }

  return backend;
}

/** Thrown by generated code when a bounded vout receives too many pushes; brt reports BRK5020. */
export class VoutOverflow extends Error {
  constructor(readonly param: number) {
    super(`vout parameter ${param} overflowed`);
  }
}

function forEachPosition(shape: number[], f: (i: number, pos: number[]) => void): void {
  const n = shape.reduce((a, b) => a * b, 1);
  const pos = shape.map(() => 0);
  for (let i = 0; i < n; i++) {
    f(i, pos);
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++pos[d]! < shape[d]!) break;
      pos[d] = 0;
    }
  }
}

/** Element index of position `pos` (relative to the domain) of a stream argument. */
function offsetIn(a: StreamArg, pos: number[]): number {
  let o = 0;
  const st = a.stream.shape.map((_, d) => a.stream.shape.slice(d + 1).reduce((x, y) => x * y, 1));
  pos.forEach((p, d) => (o += (p + a.lo[d]!) * st[d]!));
  return o;
}

/** Element index in `t` addressed by the index element at word `ow` (x fastest; the gather rule,
 *  compiler/facts gather.ts).
 *  Out of range: -1 for scatters (the write is skipped), clamped for gathers (like a gather read). */
function targetOffset(t: StreamArg, X: CpuBuffer, ow: number, xw: number, xKind: Kind, clamp: boolean): number {
  const rank = t.shape.length;
  const st = t.stream.shape.map((_, d) => t.stream.shape.slice(d + 1).reduce((x, y) => x * y, 1));
  let o = 0;
  for (let k = 0; k < rank; k++) {
    const d = rank - 1 - k;
    const raw = k < xw ? (xKind === 'float' ? X.F[ow + k]! : xKind === 'int' ? X.I[ow + k]! : X.U[ow + k]!) : 0;
    const x = gatherIndex(raw, t.shape[d]!, xKind === 'float' ? 'float' : xKind === 'uint' ? 'uint' : 'int', clamp);
    if (x < 0) return -1;
    o += (x + t.lo[d]!) * st[d]!;
  }
  return o;
}

function combineWord(D: CpuBuffer, od: number, S: CpuBuffer, os: number, kind: Kind, op: number): void {
  if (op === STREAM_SCATTER_ASSIGN) {
    D.U[od] = S.U[os]!;
    return;
  }
  if (op !== STREAM_SCATTER_ADD && op !== STREAM_SCATTER_MUL) throw new Error(`internal: unknown scatter op ${op}`);
  const add = op === STREAM_SCATTER_ADD;
  if (kind === 'float' || kind === 'double') D.F[od] = Math.fround(add ? D.F[od]! + S.F[os]! : D.F[od]! * S.F[os]!);
  else if (kind === 'int') D.I[od] = add ? (D.I[od]! + S.I[os]!) | 0 : Math.imul(D.I[od]!, S.I[os]!);
  else D.U[od] = (add ? D.U[od]! + S.U[os]! : Math.imul(D.U[od]!, S.U[os]!)) >>> 0;
}

function readNumbers(b: CpuBuffer, wordOffset: number, kinds: Kind[]): number[] {
  return kinds.map((k, c) => (k === 'float' || k === 'double' ? b.F[wordOffset + c]! : k === 'int' ? b.I[wordOffset + c]! : b.U[wordOffset + c]!));
}

/** Pushed JS numbers into words of the element's component kinds. */
function storeNumbers(b: CpuBuffer, wordOffset: number, values: number[], kinds: Kind[]): void {
  const w = kinds.length;
  for (let i = 0; i < values.length; i++) {
    const k = kinds[i % w]!;
    if (k === 'float' || k === 'double') b.F[wordOffset + i] = values[i]!;
    else if (k === 'int') b.I[wordOffset + i] = values[i]!;
    else b.U[wordOffset + i] = values[i]!;
  }
}
