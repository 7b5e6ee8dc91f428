/**
 * Running a compiled launch's positions on the CPU: in chunks of about CHUNK_MS, each after an
 * interrupt/timeout check (brt/abort.ts), shared with the worker pool (workers.ts) when the estimated
 * time is worth it. The first launch of a kernel measures its cost per position with growing probe
 * chunks; later launches size their chunks from it. Kernels with loops poll a stop word inside an
 * element (stopping.ts).
 */
import type { Launch } from '../../brt/api.js';
import type { CompiledJsKernel } from '../../compiler/kernels.js';
import { checkAbort, whileLaunching } from '../../brt/abort.js';
import { MAIN_STOP_WORD } from '../../brt/abort-watch.js';
import type { CpuStorage } from './buffers.js';
import { GUARD_MS, hasLoop, outputsOf, stoppable } from './stopping.js';
import type { WorkerPool } from './workers.js';
import type { CpuKernel } from './kernels.js';

/** Time one chunk of a launch aims at: interrupts land within it, and threads share work finely. */
const CHUNK_MS = 5;
/** Smallest chunk handed to threads (positions x weight): below it, taking chunks costs more than it balances. */
const MIN_SHARED_CHUNK = 1024;
/** Work (positions x weight) of the first chunk of a kernel never measured (its time gives the
 *  chunk size); later probe chunks grow 4x until one takes 0.5 ms or 64 x PROBE are done. */
const PROBE = 16;

export interface ExecuteOptions {
  /** Chunks start at multiples of this many positions (reductions: their chunk). */
  align?: number;
  /** false: run in order on the calling thread (vout pushes, scatters: order matters). */
  split?: boolean;
  /** Positions of work per position (block reductions). */
  weight?: number;
}

export class CpuExecutor {
  /** Measured cost per position of each compiled kernel (ns, all threads' time), for chunk sizes. */
  private readonly cost = new WeakMap<CompiledJsKernel, number>();

  /** `now`: the clock chunk sizes are measured with, in ms (a test gives its own to count calls exactly). */
  constructor(
    private readonly pool: WorkerPool | null,
    private readonly storage: CpuStorage,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Runs positions [0, n) of a compiled launch: in chunks of about CHUNK_MS (aligned to `align`
   * positions), with an interrupt/timeout check (brt/abort.ts) before each chunk the calling thread
   * runs, so an interrupt lands within a chunk's time. `split` launches are shared with the worker
   * pool when their estimated time is worth it; others (vout pushes, scatters: order matters) run in
   * order on the calling thread.
   */
  execute(c: CpuKernel, L: Record<string, unknown>, n: number, launch: Launch, opts: ExecuteOptions = {}): void {
    const outputs = outputsOf(launch);
    // A stop from inside the kernel's loops is located at this call and names its outputs. A launch
    // that may spin runs under the launch guard (SIGINT in `brook run`): a kernel with loops on its first
    // launch, or when its measured cost says it takes GUARD_MS or more (the guard costs ~50 us a launch).
    const ns = this.cost.get(c);
    const loops = hasLoop(launch.kernel.ir);
    const mayRunLong = loops && (ns === undefined || (ns * n * (opts.weight ?? 1)) / 1e6 >= GUARD_MS);
    // A kernel with loops polls a stop word (codegen/loop-poll.ts): the arena's for WebAssembly, the
    // calling thread's for JavaScript. The watcher thread (brt/abort-watch.ts) sets it on a stop request.
    const run = () => whileLaunching(launch.span, outputs, () => this.executeChunks(c, L, n, launch, outputs, opts), mayRunLong);
    if (!loops) run();
    else stoppable(c.wasm ? this.storage.arena!.stopWord : MAIN_STOP_WORD, launch.span, outputs, run);
  }

  private executeChunks(c: CpuKernel, L: Record<string, unknown>, n: number, launch: Launch, outputs: readonly string[], opts: ExecuteOptions): void {
    const align = opts.align ?? 1;
    const weight = opts.weight ?? 1; // positions of work per position (block reductions)
    const span = launch.span;
    const t0 = this.now();
    let from = 0;
    let ns = this.cost.get(c);
    if (ns === undefined) {
      // Never measured: growing first chunks (from one position's worth of PROBE work) tell the cost,
      // so even the first launch of a slow kernel is interruptible. The estimate is high while V8
      // warms up, which only makes the chunks smaller.
      // The first call also compiles (WebAssembly functions are compiled on their first call): its
      // time says nothing of the kernel's, so a slow first chunk is measured again at the same size.
      // Trusted, it made segmentation's first launch 13,000 chunks of 20 positions (40 ms, not 3).
      let size = Math.max(align, Math.ceil(Math.max(1, PROBE / weight) / align) * align);
      for (let probe = 0; ; probe++) {
        const hi = Math.min(n, from + size);
        checkAbort(span, outputs);
        const t = this.now();
        c.run(L, from, hi);
        const ms = this.now() - t;
        ns = Math.max(0.05, (ms * 1e6) / ((hi - from) * weight));
        from = hi;
        if (from >= n || (from - 0) * weight >= 64 * PROBE) break;
        if (ms >= 0.5) {
          if (probe > 0) break;
          continue;
        }
        size *= 4;
      }
    }
    const perPosition = ns! * weight;
    const rest = n - from;
    let threads = 1;
    const pool = this.pool;
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
    const ms = this.now() - t0;
    // Positions run this launch against the time of all threads: the next launch's chunk sizes.
    if (n >= 1024 && ms > 0.2) this.cost.set(c, Math.max(0.05, (ms * 1e6 * threads) / (n * weight)));
  }
}
