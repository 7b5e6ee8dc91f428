/**
 * Threads for CPU launches. Stream storage is SharedArrayBuffer when a pool exists, so a worker
 * writes outputs in place. A launch is cut into chunks of positions; the calling thread and every
 * worker take chunks from one shared counter until none is left (so a slow or late thread never holds
 * the others up), and the caller checks for an interrupt between its chunks. `Backend.run` is
 * synchronous, so the caller then blocks in Atomics.wait (allowed on Node's main thread) until the
 * workers that took chunks are done: no event-loop turn is needed.
 *
 * Splitting never changes a result: map positions are independent, and full reductions store one
 * partial per fixed chunk of REDUCE_CHUNK positions whatever thread computed it.
 */
import { availableParallelism } from 'node:os';
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { HOST_IMPORTS_SOURCE } from '../../compiler/codegen/wasm/index.js';

/** What a worker needs to run a kernel: its JavaScript source, or for a WebAssembly kernel the
 *  module, the memory it imports and the wrapper source (`source`, given the instance's exports). */
export interface PoolKernel {
  source: string;
  wasm?: { key: string; module: WebAssembly.Module; memory: WebAssembly.Memory };
}

export interface WorkerOptions {
  /** Number of worker threads besides the calling thread (0: none). */
  workers?: number;
  /** Launches whose estimated single-thread time is under this many milliseconds stay on the
   *  calling thread (default 1; 0 splits every launch, for tests). */
  workerThresholdMs?: number;
}

/**
 * Threads a CPU runtime uses by default: BROOK_CPU_THREADS when set (1: the calling thread only),
 * else every core `os.availableParallelism()` reports.
 */
export function defaultCpuThreads(env: Record<string, string | undefined> = process.env): number {
  const set = Number.parseInt(env.BROOK_CPU_THREADS ?? '', 10);
  if (Number.isFinite(set) && set >= 1) return set;
  return Math.max(1, availableParallelism());
}

/** Control words of one launch (a fresh SharedArrayBuffer per launch, so a late worker only ever
 *  sees an exhausted counter of an old launch, never the next launch's chunks). */
const NEXT = 0;
const ACTIVE = 1;
const STOP = 2;
const FAILED = 3;

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { port } = workerData;
const cache = new Map();
const hostImports = ${HOST_IMPORTS_SOURCE};
function kernelOf(m) {
  const key = m.wasm ? 'wasm:' + m.wasm.key : m.source;
  let run = cache.get(key);
  if (!run) {
    if (m.wasm) {
      const instance = new WebAssembly.Instance(m.wasm.module, { m: { mem: m.wasm.memory, ...hostImports } });
      run = new Function('ex', m.source)(instance.exports);
    } else {
      run = new Function(m.source)().run;
    }
    cache.set(key, run);
  }
  return run;
}
port.on('message', (m) => {
  const ctrl = m.ctrl;
  Atomics.add(ctrl, ${ACTIVE}, 1);
  try {
    const run = kernelOf(m);
    for (;;) {
      if (Atomics.load(ctrl, ${STOP}) !== 0) break;
      const c = Atomics.add(ctrl, ${NEXT}, 1);
      if (c >= m.chunks) break;
      run(m.L, m.from + c * m.chunk, Math.min(m.n, m.from + (c + 1) * m.chunk));
    }
  } catch (e) {
    Atomics.store(ctrl, ${STOP}, 1);
    Atomics.store(ctrl, ${FAILED}, 1);
    port.postMessage(String((e && e.stack) || e));
  }
  Atomics.sub(ctrl, ${ACTIVE}, 1);
  Atomics.notify(ctrl, ${ACTIVE});
});
`;

export class WorkerPool {
  /** Worker threads (the calling thread works too). */
  readonly size: number;
  readonly thresholdMs: number;
  /** Launches that were split (tests check the split path really ran). */
  splitLaunches = 0;
  private workers: Worker[] = [];
  private ports: MessagePort[] = [];

  constructor(options: WorkerOptions) {
    this.size = Math.max(1, options.workers ?? 1);
    this.thresholdMs = options.workerThresholdMs ?? 1;
  }

  /** Threads start on the first split launch, so a runtime that never needs them costs nothing;
   *  the caller works through the chunks meanwhile, so a launch never waits for a thread to boot. */
  private start(): void {
    if (this.workers.length > 0) return;
    for (let i = 0; i < this.size; i++) {
      const { port1, port2 } = new MessageChannel();
      const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: port2 }, transferList: [port2] });
      w.unref();
      port1.unref();
      this.workers.push(w);
      this.ports.push(port1);
    }
  }

  /**
   * Runs positions [from, n) as chunks of `chunk` positions (the last may be shorter): chunk c covers
   * [from + c * chunk, min(n, from + (c + 1) * chunk)). `local(lo, hi)` runs a chunk on the calling thread and
   * `between()` is called before each of its chunks (it may throw to stop the launch: the workers
   * stop taking chunks, and the error is rethrown once the chunks they hold are done).
   */
  runChunked(kernel: PoolKernel, L: Record<string, unknown>, from: number, n: number, chunk: number, local: (lo: number, hi: number) => void, between: () => void): void {
    const { overflow: _drop, ...data } = L; // functions cannot cross threads
    this.splitLaunches++;
    this.start();
    const chunks = Math.ceil((n - from) / chunk);
    const ctrl = new Int32Array(new SharedArrayBuffer(16));
    const message = { source: kernel.source, wasm: kernel.wasm, L: data, from, n, chunk, chunks, ctrl };
    for (const port of this.ports) port.postMessage(message);
    let stopped: unknown = null;
    try {
      for (;;) {
        between();
        if (Atomics.load(ctrl, STOP) !== 0) break;
        const c = Atomics.add(ctrl, NEXT, 1);
        if (c >= chunks) break;
        local(from + c * chunk, Math.min(n, from + (c + 1) * chunk));
      }
    } catch (e) {
      stopped = e;
      Atomics.store(ctrl, STOP, 1);
    }
    // Every chunk is taken (or the launch stopped): wait for the workers still inside one.
    for (;;) {
      const active = Atomics.load(ctrl, ACTIVE);
      if (active === 0) break;
      Atomics.wait(ctrl, ACTIVE, active, 1000);
    }
    if (stopped) throw stopped;
    if (Atomics.load(ctrl, FAILED) !== 0) {
      let why = 'unknown error';
      for (const port of this.ports) {
        const m = receiveMessageOnPort(port);
        if (m) why = String(m.message);
      }
      throw new Error(`internal: CPU worker failed: ${why}`);
    }
  }

  dispose(): void {
    for (const w of this.workers) void w.terminate();
    this.workers = [];
    this.ports = [];
  }
}
