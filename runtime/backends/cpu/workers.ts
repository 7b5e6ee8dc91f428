/**
 * Threads for CPU launches. Stream storage is SharedArrayBuffer when a pool exists, so a worker
 * writes outputs in place. A launch is cut into chunks of positions; the calling thread and every
 * worker take chunks from one shared counter until none is left (so a slow or late thread never holds
 * the others up), and the caller checks for an interrupt between its chunks. `Backend.run` is
 * synchronous, so the caller then blocks in Atomics.wait (allowed on Node's main thread) until the
 * workers that took chunks are done: no event-loop turn is needed.
 *
 * A launch reaches the workers without a message: the caller writes it into one shared control block
 * (kernel id, range, chunk size and, for a WebAssembly kernel, its launch values as doubles) and wakes
 * them with Atomics.notify; workers sleep in Atomics.wait between launches. Posting a message per
 * worker per launch cost the calling thread a structured clone of the launch data (typed-array views,
 * the module and the memory) 15 times per launch on a 16-core machine, and each worker an event-loop
 * turn and the clones' deserialization before it could start. Messages now carry only what is new: a
 * kernel the first time it runs, and the launch data of JavaScript kernels (which read it from an
 * object, not from numbers); a worker takes them with receiveMessageOnPort when the control block
 * names them.
 *
 * Splitting never changes a result: map positions are independent, and full reductions store one
 * partial per fixed chunk of REDUCE_CHUNK positions whatever thread computed it.
 *
 * Stopping (interrupt, watchdog): the calling thread decides (brt/abort.ts), in its own chunks' loop
 * polls and between chunks, and while it waits for the workers (in slices of WAIT_SLICE_MS). It then sets
 * the block's STOP word; a worker's kernel loops poll that word (codegen/loop-poll.ts) and leave the
 * chunk, so an endless loop in a worker ends as quickly as one on the calling thread. A launch the
 * calling thread left without closing (its script was terminated by SIGINT mid-launch) is stopped and
 * closed before the next one starts, so a stuck worker never corrupts the next launch's count.
 */
import { availableParallelism } from 'node:os';
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { HOST_IMPORTS_SOURCE, STOP_NAME, STOP_WORD_ADDRESS, STOP_WORD_NAME } from '../../compiler/kernels.js';

/** What a worker needs to run a kernel: its JavaScript source, or for a WebAssembly kernel the
 *  module, the memory it imports and the wrapper source (`source`, given the instance's exports). */
export interface PoolKernel {
  source: string;
  wasm?: { key: string; module: WebAssembly.Module; memory: WebAssembly.Memory };
}

/** The calling thread's kernel function; a WebAssembly kernel's also writes its launch values. */
type RunFn = ((L: Record<string, unknown>, lo: number, hi: number) => void) & { values?: (L: Record<string, unknown>, V: Float64Array) => void; valueCount?: number };

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

/**
 * The control block (Int32 words). STATE holds a launch number and the count of workers inside the
 * launch: (launch << 8) | active. An even launch number is open (workers may join it), odd closed. The
 * caller publishes launch g (even) after writing the block, and when its chunks are done waits for
 * active to reach 0 and closes the launch (g + 1) in one compare-and-swap, so no worker can join a
 * launch whose block the caller is about to rewrite. A worker joins with a compare-and-swap of the
 * same word (active + 1, only while the launch number is unchanged), so it never reads a half-written
 * block. GEN repeats the open launch number: workers wait on it (the caller waits on STATE).
 */
const STATE = 0;
const GEN = 1;
const NEXT = 2;
const STOP = 3;
const FAILED = 4;
const KERNEL = 5;
const FROM = 6;
const END = 7;
const CHUNK = 8;
const CHUNKS = 9;
/** Chunks of CHUNK positions before the launch's tail, and the tail's (smaller) chunk size. */
const HEAD_CHUNKS = 12;
const TAIL_CHUNK = 13;
/** 1: a WebAssembly kernel run from the values in the block; 0: a JavaScript kernel (data by message). */
const BY_VALUES = 10;
const SHUTDOWN = 11;
const WORDS = 16;
/** Launch values the block holds (doubles after the words); a kernel with more sends them by message. */
const MAX_VALUES = 1024;
/** Launch numbers wrap here (STATE keeps them in bits 8 to 30). */
const LAUNCH_MASK = 0x7fffff;
/**
 * How long a worker keeps polling for the next launch after finishing one, before it sleeps in
 * Atomics.wait. Iterative programs launch back to back (segmentation: 150 launches of ~3 ms on 16
 * threads); a sleeping worker takes tens to hundreds of microseconds to wake (more in a VM), which the
 * calling thread spent waiting at the end of each launch (9-10% of its profile on the H100 host).
 * Polling costs at most this much CPU per launch and worker.
 */
const SPIN_MS = 0.5;
/**
 * How long the calling thread polls for the workers' last chunks at the end of a launch before it
 * sleeps in Atomics.wait: they are most often a fraction of a chunk behind (the tail chunks are
 * small), and a sleeping thread's wake-up costs tens of microseconds (more in a VM) a launch.
 */
const CLOSE_SPIN_MS = 0.1;
/** Workers per pool at most (the active count is the low 8 bits of STATE). */
const MAX_WORKERS = 255;
/** How long the calling thread sleeps at most while workers finish, between two checks for a stop. */
const WAIT_SLICE_MS = 10;

const WORKER_SOURCE = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const { port, control } = workerData;
const ctl = new Int32Array(control, 0, ${WORDS});
const V = new Float64Array(control, ${WORDS * 4}, ${MAX_VALUES});
/** A stop the calling thread asked for (not a failure: it knows why and reports it). */
const STOPPED = { stopped: true };
/** JavaScript kernels' loops read this (the STOP word) and throw STOPPED when it is set (codegen/loop-poll.ts). */
const stopWord = new Int32Array(control, ${STOP * 4}, 1);
const hostImports = ${HOST_IMPORTS_SOURCE};
/** WebAssembly kernels' stop words by kernel id (they poll it and trap: codegen/loop-poll.ts). */
const stopWords = new Map();
/** Kernels by id (registered by message before their first launch). */
const kernels = new Map();
/** JavaScript kernels' launch data by launch number (only the newest is kept). */
let data = null;
function take() {
  const got = receiveMessageOnPort(port);
  if (!got) return false;
  const m = got.message;
  if (m.kernel !== undefined) {
    if (m.wasm) {
      const instance = new WebAssembly.Instance(m.wasm.module, { m: { mem: m.wasm.memory, ...hostImports } });
      kernels.set(m.kernel, new Function('ex', m.source)(instance.exports));
      stopWords.set(m.kernel, new Int32Array(m.wasm.memory.buffer, ${STOP_WORD_ADDRESS}, 1));
    } else {
      kernels.set(m.kernel, new Function('${STOP_WORD_NAME}', '${STOP_NAME}', m.source)(stopWord, STOPPED).run);
    }
  } else {
    data = m;
  }
  return true;
}
/** Blocks until the caller has posted what the launch needs (it posts before it publishes). */
function need(have) {
  while (!have()) {
    if (Atomics.load(ctl, ${SHUTDOWN}) !== 0) throw new Error('pool disposed');
    if (!take()) Atomics.wait(ctl, ${GEN}, Atomics.load(ctl, ${GEN}), 1);
  }
}
let last = -1;
/** When this worker last finished a launch: it polls for the next one until SPIN_MS later. */
let doneAt = 0;
for (;;) {
  if (Atomics.load(ctl, ${SHUTDOWN}) !== 0) break;
  const gen = Atomics.load(ctl, ${GEN});
  if (gen === last) {
    if (performance.now() - doneAt < ${SPIN_MS}) continue;
    Atomics.wait(ctl, ${GEN}, gen, 1000);
    continue;
  }
  const s = Atomics.load(ctl, ${STATE});
  if ((s >>> 8) !== gen) {
    // Closed already (or not yet published): nothing to join.
    if (((s >>> 8) & 1) === 1 && ((s >>> 8) - 1 | 0) === gen) last = gen;
    continue;
  }
  if (Atomics.compareExchange(ctl, ${STATE}, s, s + 1) !== s) continue;
  last = gen;
  try {
    const id = ctl[${KERNEL}];
    need(() => kernels.has(id));
    const run = kernels.get(id);
    const byValues = ctl[${BY_VALUES}] === 1;
    if (!byValues) need(() => data !== null && data.gen === gen);
    const from = ctl[${FROM}], end = ctl[${END}], chunk = ctl[${CHUNK}], chunks = ctl[${CHUNKS}];
    const headChunks = ctl[${HEAD_CHUNKS}], tailChunk = ctl[${TAIL_CHUNK}], tail = from + headChunks * chunk;
    for (;;) {
      if (Atomics.load(ctl, ${STOP}) !== 0) break;
      const c = Atomics.add(ctl, ${NEXT}, 1);
      if (c >= chunks) break;
      const lo = c < headChunks ? from + c * chunk : tail + (c - headChunks) * tailChunk;
      const hi = Math.min(end, lo + (c < headChunks ? chunk : tailChunk));
      if (byValues) run.runValues(V, lo, hi);
      else run(data.L, lo, hi);
    }
  } catch (e) {
    // A WebAssembly kernel traps when its stop word is set (the calling thread stops the launch).
    const word = stopWords.get(ctl[${KERNEL}]);
    const wasmStop = e instanceof WebAssembly.RuntimeError && word !== undefined && Atomics.load(word, 0) !== 0;
    if (e !== STOPPED && !wasmStop) {
      Atomics.store(ctl, ${STOP}, 1);
      Atomics.store(ctl, ${FAILED}, 1);
      port.postMessage(String((e && e.stack) || e));
    }
  }
  Atomics.sub(ctl, ${STATE}, 1);
  Atomics.notify(ctl, ${STATE});
  doneAt = performance.now();
}
`;

/** A fresh control block: launch 1 (closed), nothing published. */
function newControl(): SharedArrayBuffer {
  const control = new SharedArrayBuffer(WORDS * 4 + MAX_VALUES * 8);
  const ctl = new Int32Array(control, 0, WORDS);
  Atomics.store(ctl, STATE, 1 << 8);
  Atomics.store(ctl, GEN, -1);
  return control;
}

/** Worker threads on `control`, unref'd (they never keep the process alive), with their ports. */
function spawnWorkers(control: SharedArrayBuffer, count: number): { workers: Worker[]; ports: MessagePort[] } {
  const workers: Worker[] = [];
  const ports: MessagePort[] = [];
  for (let i = 0; i < count; i++) {
    const { port1, port2 } = new MessageChannel();
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: port2, control }, transferList: [port2] });
    w.unref();
    port1.unref();
    workers.push(w);
    ports.push(port1);
  }
  return { workers, ports };
}

/** Threads started ahead of their pool (prestartWorkers), until a pool of their number adopts them. */
let prestarted: { control: SharedArrayBuffer; workers: Worker[]; ports: MessagePort[] } | null = null;

/**
 * Starts `count` worker threads now, for the next pool of that many workers to adopt. `brook run`
 * calls it before it compiles a program for the CPU backend: a Node worker takes 30-60 ms to boot
 * (more under load), and started at the program's first large stream it missed the first launches
 * (segmentation 512^2 x 150 on two cores: ~15 of 150 ran on the calling thread alone). Threads no pool
 * adopts cost their boot, on another core, and never hold the process (unref'd).
 */
export function prestartWorkers(count: number): void {
  if (prestarted || count < 1) return;
  const control = newControl();
  prestarted = { control, ...spawnWorkers(control, Math.min(MAX_WORKERS, count)) };
}

export class WorkerPool {
  /** Worker threads (the calling thread works too). */
  readonly size: number;
  readonly thresholdMs: number;
  /** Launches that were split (tests check the split path really ran). */
  splitLaunches = 0;
  /** Split launches whose data went to the workers by message (JavaScript kernels; tests). */
  launchesByMessage = 0;
  /** Chunks of split launches, and those the calling thread ran (the split's balance: bench/probes/cpu-threads.mjs). */
  chunksSplit = 0;
  chunksHere = 0;
  private workers: Worker[] = [];
  private ports: MessagePort[] = [];
  private readonly control: SharedArrayBuffer;
  private readonly ctl: Int32Array;
  private readonly values: Float64Array;
  /** Kernel ids the workers know, by key (a WebAssembly kernel's module key, or a JavaScript source). */
  private readonly kernelIds = new Map<string, number>();
  /** The last launch number (odd: closed). */
  private launch = 1;
  /** A launch is published and not closed yet (true after a terminated caller left it: see stopOpenLaunch). */
  private open = false;
  /** Tells the workers of the open launch to leave it (STOP, and the WebAssembly stop word). */
  private stopLaunch: () => void = () => Atomics.store(this.ctl, STOP, 1);

  constructor(options: WorkerOptions) {
    this.size = Math.min(MAX_WORKERS, Math.max(1, options.workers ?? 1));
    this.thresholdMs = options.workerThresholdMs ?? 1;
    // Threads prestarted for a pool of this size are adopted: started, on their control block.
    const crew = prestarted?.workers.length === this.size ? prestarted : null;
    if (crew) {
      prestarted = null;
      this.workers = crew.workers;
      this.ports = crew.ports;
    }
    this.control = crew?.control ?? newControl();
    this.ctl = new Int32Array(this.control, 0, WORDS);
    this.values = new Float64Array(this.control, WORDS * 4, MAX_VALUES);
  }

  /** Threads start on the first split launch (or `start()` by the backend when a stream large enough
   *  to be split is allocated: see cpu/index.ts allocate), so a runtime that never needs them costs
   *  nothing; the caller works through the chunks meanwhile, so a launch never waits for a thread to
   *  boot. After dispose the pool starts none again (its launches run on the calling thread). */
  start(): void {
    if (Atomics.load(this.ctl, SHUTDOWN) !== 0) return;
    if (this.workers.length > 0) return;
    ({ workers: this.workers, ports: this.ports } = spawnWorkers(this.control, this.size));
  }

  /** Whether the worker threads were started (tests). */
  get started(): boolean {
    return this.workers.length > 0;
  }

  /** Kernels posted to the workers (each once, whatever the number of its launches; tests). */
  get kernelsPosted(): number {
    return this.kernelIds.size;
  }

  /** The id workers know `kernel` by, posting it to them the first time. */
  private kernelId(kernel: PoolKernel): number {
    const key = kernel.wasm ? `wasm:${kernel.wasm.key}` : kernel.source;
    let id = this.kernelIds.get(key);
    if (id === undefined) {
      id = this.kernelIds.size;
      this.kernelIds.set(key, id);
      const message = { kernel: id, source: kernel.source, wasm: kernel.wasm };
      for (const port of this.ports) port.postMessage(message);
    }
    return id;
  }

  /**
   * Runs positions [from, n) as chunks of `chunk` positions, except the last (threads x chunk) or so
   * positions, cut in chunks of `tailChunk` (both multiples of any alignment the caller needs): the
   * threads finish within a small chunk of each other, so the caller waits less for the last ones.
   * `local(lo, hi)` runs a chunk on the calling thread and
   * `between()` is called before each of its chunks and every WAIT_SLICE_MS while it waits for the
   * workers (it may throw to stop the launch: the workers stop taking chunks and leave the ones they
   * hold at their next loop poll, and the error is rethrown once they have left).
   */
  runChunked(kernel: PoolKernel & { run: RunFn }, L: Record<string, unknown>, from: number, n: number, chunk: number, tailChunk: number, local: (lo: number, hi: number) => void, between: () => void): void {
    this.splitLaunches++;
    this.stopOpenLaunch();
    this.start();
    const ctl = this.ctl;
    const headChunks = Math.max(0, Math.floor((n - from) / chunk) - (this.size + 1));
    const tail = from + headChunks * chunk;
    const chunks = headChunks + Math.ceil((n - tail) / tailChunk);
    this.chunksSplit += chunks;
    const id = this.kernelId(kernel);
    const gen = (this.launch + 1) & LAUNCH_MASK;
    const byValues = kernel.wasm !== undefined && kernel.run.values !== undefined && (kernel.run.valueCount ?? Infinity) <= MAX_VALUES;
    if (byValues) {
      kernel.run.values!(L, this.values);
    } else {
      this.launchesByMessage++;
      const { overflow: _drop, ...data } = L; // functions cannot cross threads
      const message = { gen, L: data };
      for (const port of this.ports) port.postMessage(message);
    }
    ctl[KERNEL] = id;
    ctl[FROM] = from;
    ctl[END] = n;
    ctl[CHUNK] = chunk;
    ctl[CHUNKS] = chunks;
    ctl[HEAD_CHUNKS] = headChunks;
    ctl[TAIL_CHUNK] = tailChunk;
    ctl[BY_VALUES] = byValues ? 1 : 0;
    ctl[NEXT] = 0;
    ctl[STOP] = 0;
    ctl[FAILED] = 0;
    // Publish: the block's plain writes above are visible to a worker that sees the new STATE.
    this.open = true;
    Atomics.store(ctl, STATE, gen << 8);
    Atomics.store(ctl, GEN, gen);
    Atomics.notify(ctl, GEN);
    // Stopping: workers' JavaScript kernels poll STOP, their WebAssembly kernels the memory's stop word.
    const word = kernel.wasm ? new Int32Array(kernel.wasm.memory.buffer, STOP_WORD_ADDRESS, 1) : null;
    this.stopLaunch = () => {
      Atomics.store(ctl, STOP, 1);
      if (word) Atomics.store(word, 0, 1);
    };
    let stopped: unknown = null;
    try {
      for (;;) {
        between();
        if (Atomics.load(ctl, STOP) !== 0) break;
        const c = Atomics.add(ctl, NEXT, 1);
        if (c >= chunks) break;
        const lo = c < headChunks ? from + c * chunk : tail + (c - headChunks) * tailChunk;
        local(lo, Math.min(n, lo + (c < headChunks ? chunk : tailChunk)));
        this.chunksHere++;
      }
    } catch (e) {
      stopped = e;
      this.stopLaunch();
    }
    // Every chunk is taken (or the launch stopped): wait for the workers still inside one, checking for a
    // stop meanwhile (a worker's chunk may never end by itself), then close the launch.
    stopped = this.closeLaunch(stopped === null ? between : null) ?? stopped;
    if (stopped) throw stopped;
    if (Atomics.load(ctl, FAILED) !== 0) {
      let why = 'unknown error';
      for (const port of this.ports) {
        const m = receiveMessageOnPort(port);
        if (m) why = String(m.message);
      }
      throw new Error(`internal: CPU worker failed: ${why}`);
    }
  }

  /**
   * Waits until no worker is inside the open launch and closes it, so none joins it late. `between`
   * (when given) runs every WAIT_SLICE_MS while workers are busy; if it throws, the workers are told to
   * stop (STOP) and its error is returned once they have left.
   */
  private closeLaunch(between: (() => void) | null): unknown {
    const ctl = this.ctl;
    let stopped: unknown = null;
    const spinUntil = performance.now() + CLOSE_SPIN_MS;
    for (;;) {
      const s = Atomics.load(ctl, STATE);
      if ((s & 0xff) === 0) {
        if (Atomics.compareExchange(ctl, STATE, s, s + 0x100) === s) break;
        continue;
      }
      if (performance.now() < spinUntil) continue;
      if (Atomics.wait(ctl, STATE, s, WAIT_SLICE_MS) === 'timed-out' && between && stopped === null) {
        try {
          between();
        } catch (e) {
          stopped = e;
          this.stopLaunch();
        }
      }
    }
    this.launch = ((Atomics.load(ctl, STATE) >>> 8) & LAUNCH_MASK) | 1;
    this.open = false;
    return stopped;
  }

  /** A launch its caller never closed (terminated mid-launch): its workers are told to stop, and it is closed. */
  private stopOpenLaunch(): void {
    if (!this.open) return;
    this.stopLaunch();
    this.closeLaunch(null);
  }

  /**
   * Ends the workers: told to stop, each leaves its loop and its thread ends on its own, all of them
   * at once (a process that exits next then has no thread left to stop one by one, each ending its
   * own engine instance, at exit). A worker still there a second later is terminated.
   */
  dispose(): void {
    this.stopLaunch(); // a launch left open (terminated caller): its workers leave their loops
    Atomics.store(this.ctl, SHUTDOWN, 1);
    Atomics.notify(this.ctl, GEN);
    const left = this.workers;
    if (left.length > 0) setTimeout(() => left.forEach((w) => void w.terminate()), 1000).unref();
    this.workers = [];
    this.ports = [];
    this.kernelIds.clear();
  }
}
