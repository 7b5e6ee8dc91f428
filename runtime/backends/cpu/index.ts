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
import type { Backend, BufferHandle, Launch, LaunchArg, StreamOp } from '../../brt/api.js';
import { REDUCE_CHUNK } from '../../compiler/kernels.js';
import { asCpuBuffer, CpuStorage } from './buffers.js';
import { copyWords } from './host-copy.js';
import { WorkerPool, type WorkerOptions } from './workers.js';
import { CpuKernels } from './kernels.js';
import { CpuExecutor } from './execute.js';
import { reduceAll, reduceBlocks, runMap, runVout, type CpuCore } from './launches.js';
import { gatherOp, scatterOp } from './stream-ops.js';
export { defaultCpuThreads, prestartWorkers } from './workers.js';
export type { CpuKernel } from './kernels.js';
export { VoutOverflow } from './prepare.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** Elements folded sequentially before partial results are combined in a tree (compiler/facts reduce.ts). */
export { REDUCE_CHUNK };

/** Streams of this many words or more start the worker threads when allocated (allocate). */
const PRESTART_WORDS = 1 << 16;

export interface CpuBackendOptions extends WorkerOptions {
  /** Run kernels the WebAssembly writer covers as WebAssembly (default: on unless BROOK_CPU_WASM=0).
   *  Off, every kernel runs as JavaScript; results are identical either way. */
  wasm?: boolean;
}

/**
 * The backend joins its parts: stream storage (buffers.ts, arena.ts), compiled kernels (kernels.ts),
 * the chunked runner and worker threads (execute.ts, workers.ts), the launches (launches.ts: map,
 * reductions, vout) and the stream operations (stream-ops.ts).
 */
export function createCpuBackend(options: CpuBackendOptions = {}): Backend & { readonly pool: WorkerPool | null } {
  const pool = options.workers && options.workers > 0 ? new WorkerPool(options) : null;
  const storage = new CpuStorage(pool !== null);
  const core: CpuCore = {
    pool,
    storage,
    kernels: new CpuKernels(storage, options.wasm ?? process.env.BROOK_CPU_WASM !== '0'),
    executor: new CpuExecutor(pool, storage),
  };
  const buf = asCpuBuffer;
  return {
    name: 'cpu' as const,
    description: pool ? `cpu (JavaScript, ${pool.size} worker thread${pool.size === 1 ? '' : 's'})` : 'cpu (JavaScript)',
    limits: { maxBufferBytes: 2 ** 31 - 4, maxBindingBytes: 2 ** 31 - 4 },
    pool,

    allocate(words: number): BufferHandle {
      // A stream this large will most likely be the output of a split launch: boot the workers now,
      // while the program still compiles and fills its arrays (a Node worker takes tens of ms to
      // start; started at the first launch, segmentation 512^2 x 150 on two cores lost a quarter
      // of its second thread's share to the boot).
      if (pool && words >= PRESTART_WORDS) pool.start();
      return storage.take(words);
    },
    release(h: BufferHandle): void {
      storage.give(buf(h));
    },
    // Copies between the arena and a host array that lives in it (hostMemory) are memory.copy; from
    // any other host array, a memcpy (host-copy.ts: TypedArray.set into or out of shared memory runs
    // at ~0.6x of a memmove).
    write(h: BufferHandle, wordOffset: number, data: Uint32Array | Float32Array | Int32Array): void {
      const b = buf(h);
      const from = b.block ? storage.arena!.addressOf(data) : undefined;
      if (from !== undefined) storage.arena!.copy(b.block!.at + 4 * wordOffset, from, 4 * data.length);
      else copyWords(b.U, wordOffset, new Uint32Array(data.buffer, data.byteOffset, data.length));
    },
    async read(h: BufferHandle, wordOffset: number, words: number): Promise<Uint32Array> {
      return buf(h).U.slice(wordOffset, wordOffset + words);
    },
    // streamWrite's one copy: `read` would first copy into a fresh array (its pages faulted in on the
    // first touch: a 64 MiB streamWrite ran at about a third of a plain copy's speed).
    async readInto(h: BufferHandle, wordOffset: number, words: number, dst: Uint32Array): Promise<void> {
      const b = buf(h);
      const to = b.block ? storage.arena!.addressOf(dst) : undefined;
      if (to !== undefined) storage.arena!.copy(to, b.block!.at + 4 * wordOffset, 4 * words);
      else copyWords(dst, 0, b.U.subarray(wordOffset, wordOffset + words));
    },
    copy(src: BufferHandle, srcWord: number, dst: BufferHandle, dstWord: number, words: number): void {
      const s = buf(src);
      const d = buf(dst);
      if (s.block && d.block) storage.arena!.copy(d.block.at + 4 * dstWord, s.block.at + 4 * srcWord, 4 * words);
      else if (s === d) d.U.copyWithin(dstWord, srcWord, srcWord + words);
      else d.U.set(s.U.subarray(srcWord, srcWord + words), dstWord);
    },
    hostMemory(bytes: number): { bytes: Uint8Array; release(): void } | undefined {
      const arena = storage.arena;
      const block = arena?.alloc(bytes);
      if (!arena || !block) return undefined;
      let released = false;
      return {
        bytes: new Uint8Array(arena.buffer, block.at, bytes),
        release() {
          if (!released) arena.release(block);
          released = true;
        },
      };
    },

    run: (launch: Launch) => runMap(core, launch),
    reduceAll: async (launch: Launch) => reduceAll(core, launch),
    reduceBlocks: (launch: Launch, target: StreamArg) => reduceBlocks(core, launch, target),
    runVout: async (launch: Launch) => runVout(core, launch),
    scatterOp: (dst: StreamArg, index: StreamArg, data: StreamArg, op: StreamOp) => scatterOp(core, dst, index, data, op),
    gatherOp: (dst: StreamArg, index: StreamArg, src: StreamArg, op: StreamOp) => gatherOp(core, dst, index, src, op),

    async finish(): Promise<void> {},
    buildTimes() {
      return { ...core.kernels.built };
    },
    dispose(): void {
      pool?.dispose();
    },
  };
}
