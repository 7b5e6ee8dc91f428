/**
 * Worker threads for large CPU launches. Stream storage is SharedArrayBuffer when a pool exists, so a
 * worker writes outputs in place; each worker runs the same generated module on a contiguous range of
 * positions. `Backend.run` is synchronous, so the caller blocks in Atomics.wait (allowed on Node's
 * main thread) and collects replies with receiveMessageOnPort: no event-loop turn is needed.
 *
 * Splitting never changes a result: map positions are independent, and reductions return per-range
 * partials that the caller combines left to right with the kernel's own body.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

export interface WorkerOptions {
  /** Number of worker threads (0 or 1: none). */
  workers?: number;
  /** Launches with fewer positions run on the calling thread. */
  workerThreshold?: number;
}

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { port, signal } = workerData;
const cache = new Map();
port.on('message', (m) => {
  let reply;
  try {
    let k = cache.get(m.source);
    if (!k) { k = new Function(m.source)(); cache.set(m.source, k); }
    const value = k.run(m.L, m.start, m.end);
    reply = { ok: true, value: value === undefined ? null : value };
  } catch (e) {
    reply = { ok: false, error: String((e && e.stack) || e) };
  }
  port.postMessage(reply);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

export class WorkerPool {
  readonly size: number;
  readonly threshold: number;
  /** Launches that were split (tests check the split path really ran). */
  splitLaunches = 0;
  private workers: Worker[] = [];
  private ports: MessagePort[] = [];
  private signal = new Int32Array(new SharedArrayBuffer(4));

  constructor(options: WorkerOptions) {
    this.size = Math.max(2, options.workers ?? 2);
    this.threshold = options.workerThreshold ?? 1 << 18;
  }

  /** Threads start on the first large launch, so a runtime that never needs them costs nothing. */
  private start(): void {
    if (this.workers.length > 0) return;
    for (let i = 0; i < this.size; i++) {
      const { port1, port2 } = new MessageChannel();
      const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: port2, signal: this.signal }, transferList: [port2] });
      w.unref();
      port1.unref();
      this.workers.push(w);
      this.ports.push(port1);
    }
  }

  worthSplitting(n: number): boolean {
    return n >= this.threshold;
  }

  /**
   * Run positions [0, n) in `size` contiguous ranges; returns each range's result in order. With
   * `chunk`, ranges start at multiples of it (reductions: the per-chunk partials then do not depend
   * on the split).
   */
  runSync(source: string, L: Record<string, unknown>, n: number, chunk = 0): unknown[] {
    const { overflow: _drop, ...data } = L; // functions cannot cross threads
    this.splitLaunches++;
    this.start();
    const pieces = this.size;
    const align = (x: number) => (chunk > 0 ? Math.min(n, Math.ceil(x / chunk) * chunk) : x);
    Atomics.store(this.signal, 0, 0);
    for (let k = 0; k < pieces; k++) {
      const start = align(Math.floor((n * k) / pieces));
      const end = align(Math.floor((n * (k + 1)) / pieces));
      this.ports[k]!.postMessage({ source, L: data, start, end });
    }
    for (;;) {
      const done = Atomics.load(this.signal, 0);
      if (done >= pieces) break;
      Atomics.wait(this.signal, 0, done);
    }
    const results: unknown[] = [];
    for (let k = 0; k < pieces; k++) {
      const m = receiveMessageOnPort(this.ports[k]!)?.message as { ok: boolean; value?: unknown; error?: string } | undefined;
      if (!m) throw new Error('internal: a CPU worker finished without a reply');
      if (!m.ok) throw new Error(`internal: CPU worker failed: ${m.error}`);
      results.push(m.value);
    }
    return results;
  }

  dispose(): void {
    for (const w of this.workers) void w.terminate();
    this.workers = [];
  }
}
