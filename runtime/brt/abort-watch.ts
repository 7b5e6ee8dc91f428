/**
 * The watcher: a small thread that sets a stop word in shared memory as soon as the session's abort state
 * (abort.ts) asks work to stop, for code that cannot ask itself.
 *
 * Why: a CPU kernel polls by reading a word (compiler/codegen/loop-poll.ts), not by calling back into
 * the runtime (a call in its loops cost up to 38%), so it cannot read the clock or the interrupt slot. While the calling thread runs such a kernel, this thread compares them for it, every
 * WATCH_MS: the interrupt slot (written by the kernel's control thread) holding the current work's token,
 * or the watchdog's deadline passed. Idle between launches (blocked in Atomics.wait), it costs nothing;
 * it starts on the first watched launch.
 *
 * In: `watchWhile(word, fn)`. Out: fn's result; `word[0]` is cleared first and set to 1 if a stop was asked
 * while fn ran (the caller turns the kernel's trap into the located error with checkAbort).
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { sessionAbort } from './abort.js';

/** How often the watcher looks while armed: a stop lands within this (plus one poll of the kernel). */
const WATCH_MS = 5;

/** Control block: [ARMED, TOKEN, GEN] as Int32, the deadline (ms since the epoch, Infinity: none) as
 *  Float64. GEN counts armings: the watcher sets the word only if no new arming began while it looked (a
 *  launch ended by SIGINT never disarms, and its stale deadline must not stop the next launch). */
const ARMED = 0;
const TOKEN = 1;
const GEN = 2;
const DEADLINE_AT = 16;

const WATCHER_SOURCE = `
const { workerData, receiveMessageOnPort } = require('node:worker_threads');
const { port, control } = workerData;
const ctl = new Int32Array(control, 0, 3);
const deadline = new Float64Array(control, ${DEADLINE_AT}, 1);
let slots = null, word = null;
for (;;) {
  if (Atomics.load(ctl, ${ARMED}) === 0) {
    Atomics.wait(ctl, ${ARMED}, 0, 1000);
    continue;
  }
  for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) ({ slots, word } = m.message);
  const gen = Atomics.load(ctl, ${GEN});
  const stop = slots && word && (Atomics.load(slots, 0) === Atomics.load(ctl, ${TOKEN}) || Date.now() >= deadline[0]);
  if (stop && Atomics.load(ctl, ${ARMED}) === 1 && Atomics.load(ctl, ${GEN}) === gen) Atomics.store(word, 0, 1);
  Atomics.wait(ctl, ${ARMED}, 1, ${WATCH_MS});
}
`;

/** The calling thread's stop word for JavaScript kernels (their loops read it: codegen/loop-poll.ts). */
export const MAIN_STOP_WORD = new Int32Array(new SharedArrayBuffer(4));
/** What those kernels throw when it is set (the CPU backend turns it into the located error). */
export const KERNEL_STOPPED: unknown = Object.freeze({ kernelStopped: true });

let watcher: { worker: Worker; port: MessagePort; ctl: Int32Array; deadline: Float64Array } | null = null;
let posted: { slots: Int32Array | null; word: Int32Array | null } = { slots: null, word: null };

function start(): NonNullable<typeof watcher> {
  if (watcher) return watcher;
  const control = new SharedArrayBuffer(24);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WATCHER_SOURCE, { eval: true, workerData: { port: port2, control }, transferList: [port2] });
  worker.unref();
  port1.unref();
  watcher = { worker, port: port1, ctl: new Int32Array(control, 0, 3), deadline: new Float64Array(control, DEADLINE_AT, 1) };
  return watcher;
}

/** Runs `fn` with the watcher armed for the session's current work: it sets `word[0] = 1` on a stop request. */
export function watchWhile<T>(word: Int32Array, fn: () => T): T {
  const w = start();
  const { slots, token, deadlineEpochMs } = sessionAbort().watchData();
  // New values first, then the word cleared, then GEN: a look that began before sees GEN change and
  // stores nothing; one that reads the new GEN sees the new values.
  Atomics.store(w.ctl, ARMED, 0);
  if (posted.slots !== slots || posted.word !== word) {
    w.port.postMessage({ slots, word });
    posted = { slots, word };
  }
  Atomics.store(w.ctl, TOKEN, token);
  w.deadline[0] = deadlineEpochMs;
  Atomics.store(word, 0, 0);
  Atomics.add(w.ctl, GEN, 1);
  Atomics.store(w.ctl, ARMED, 1);
  Atomics.notify(w.ctl, ARMED);
  try {
    return fn();
  } finally {
    Atomics.store(w.ctl, ARMED, 0);
  }
}
