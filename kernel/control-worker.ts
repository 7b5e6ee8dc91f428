/**
 * The kernel's second thread: control, heartbeat, stdin and iopub sockets. They must work while the main
 * thread is busy running a cell, which is the whole point of running them here (iopub: the main thread
 * posts its messages, so a cell's output leaves even while the cell spins).
 *
 * - Heartbeat: echoes every ping (clients declare the kernel dead when this stops).
 * - interrupt_request: raises SIGINT in the process. A cell's synchronous code, and each step of its top
 *   level between awaits, runs under vm's `breakOnSigint`, so even `await x; while (true) {}` stops; when the
 *   main thread is awaiting, its SIGINT handler interrupts the session. Either way the main thread
 *   acknowledges. Code spinning in a promise continuation inside a user's async function cannot be reached
 *   (V8's Runtime.terminateExecution can, but it drops the pending microtasks of zeromq's sends too, which
 *   leaves the kernel deaf); the worker logs that case after a second.
 * - shutdown_request: replied to at once; the main thread is told to close and exit; if it cannot (stuck
 *   in native code), the process is killed after a second, so shutdown and restart stay under 2 s.
 * - kernel_info_request is answered here; other control messages go to the main thread.
 * - stdin: the main thread, blocked in prompt(), waits on a SharedArrayBuffer; this thread sends the
 *   input_request, and writes the input_reply's value (or "interrupted") into shared memory.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import * as zmq from 'zeromq';
import { Channel } from './channel.js';
import { dateMicros, InterruptGate, type RequestStamp } from './interrupt-gate.js';
import { kernelInfoContent } from './kernel-info.js';
import { bindChannel, Signer, type WireMessage } from './wire.js';
import {
  GATE_CELL_OFFSET, GATE_OFFSET, STDIN_ANSWERED, STDIN_HEADER_BYTES, STDIN_INTERRUPTED, type FromWorker, type ToWorker, type WorkerInit,
} from './worker-protocol.js';

async function main(): Promise<void> {
  const init = workerData as WorkerInit;
  const port = parentPort!;
  const signer = new Signer(init.info.key, init.info.signature_scheme);
  const post = (m: FromWorker) => port.postMessage(m);
  const log = (text: string) => post({ type: 'log', text });

  const controlSocket = new zmq.Router();
  const stdinSocket = new zmq.Router();
  const hbSocket = new zmq.Reply();
  const iopubSocket = new zmq.Publisher();
  try {
    await Promise.all([
      bindChannel(iopubSocket, 'iopub', init.info, init.info.iopub_port),
      bindChannel(controlSocket, 'control', init.info, init.info.control_port),
      bindChannel(stdinSocket, 'stdin', init.info, init.info.stdin_port),
      bindChannel(hbSocket, 'heartbeat', init.info, init.info.hb_port),
    ]);
  } catch (err) {
    // Closed here, and the thread left to end by itself: a worker that exits holding zeromq sockets
    // aborts the whole process (zeromq.js#411), which is how a port taken by another process used to
    // show: "terminate called after throwing an instance of 'Napi::Error'".
    for (const s of [iopubSocket, controlSocket, stdinSocket, hbSocket]) {
      s.linger = 0;
      s.close();
    }
    post({ type: 'cannot-start', text: (err as Error).message });
    return;
  }
  const control = new Channel('control', controlSocket, signer, init.session, log);
  const stdin = new Channel('stdin', stdinSocket, signer, init.session, log);
  const iopub = new Channel('iopub', iopubSocket, signer, init.session, log);
  const state = new Int32Array(init.stdinBuffer, 0, STDIN_HEADER_BYTES / 4);
  const gateSlots = new Int32Array(init.stdinBuffer, GATE_OFFSET, 4);
  const gateCell = new Float64Array(init.stdinBuffer, GATE_CELL_OFFSET, 2);
  const bytes = new Uint8Array(init.stdinBuffer, STDIN_HEADER_BYTES);
  let inputPending = false;
  let ackTimer: NodeJS.Timeout | undefined;
  const wakeInput = (status: number, answer = '') => {
    if (!inputPending) return;
    inputPending = false;
    const encoded = Buffer.from(answer, 'utf8').subarray(0, bytes.length);
    bytes.set(encoded);
    state[1] = encoded.length;
    Atomics.store(state, 0, status);
    Atomics.notify(state, 0);
  };

  // An interrupt (or the watchdog's stop, `timedOut`) for the work running now; dropped while idle.
  const interrupt = (options: { timedOut?: boolean; forSeq?: number; sent?: RequestStamp } = {}) => {
    wakeInput(STDIN_INTERRUPTED);
    // SIGINT only into running cell code (interrupt-gate.ts says why); otherwise the main thread is told.
    const outcome = InterruptGate.request(gateSlots, { ...options, cell: gateCell });
    const seq = Atomics.load(gateSlots, 1);
    if (process.env.BROOK_KERNEL_DEBUG) log(`debug: worker interrupt${options.timedOut ? ' (watchdog)' : ''}: ${outcome} (seq ${seq})`);
    if (outcome === 'idle' || outcome === 'older') return;
    if (outcome === 'signal') process.kill(process.pid, 'SIGINT');
    else post({ type: 'interrupt', seq });
    // Still pending for the same work after 300 ms (the signal's termination landed where it ended no
    // await, or the message came while the main thread spun): tell the main thread (again).
    setTimeout(() => {
      if (InterruptGate.stillPending(gateSlots, seq)) post({ type: 'interrupt', seq });
    }, 300);
    clearTimeout(ackTimer);
    ackTimer = setTimeout(() => {
      if (InterruptGate.stillPending(gateSlots, seq)) {
        log('kernel: interrupt not acknowledged in 1 s: the cell spins where SIGINT cannot reach (after an await inside a function); restart the kernel to stop it');
      }
    }, 1000);
  };
  // The watchdog of the running work: at its deadline, stop it as an interrupt would (reported as a timeout).
  let watchdog: NodeJS.Timeout | undefined;

  port.on('message', (m: ToWorker) => {
    switch (m.type) {
      case 'interrupt-ack':
        clearTimeout(ackTimer);
        ackTimer = undefined;
        break;
      case 'work':
        clearTimeout(watchdog);
        watchdog = m.timeoutMs === Infinity ? undefined : setTimeout(() => interrupt({ timedOut: true, forSeq: m.seq }), Math.min(m.timeoutMs, 2 ** 31 - 1));
        break;
      case 'input':
        inputPending = true;
        void stdin.send({
          msgType: 'input_request',
          content: { prompt: m.prompt, password: m.password },
          parent: m.parent as WireMessage['header'],
          identities: m.identities.map((i) => Buffer.from(i)),
        });
        break;
      case 'iopub':
        void iopub.send({ msgType: m.msgType, content: m.content, parent: m.parent as WireMessage['header'] });
        break;
      case 'send-control':
        void control.send({ msgType: m.msgType, content: m.content, parent: m.parent as WireMessage['header'], identities: m.identities.map((i) => Buffer.from(i)) });
        break;
      case 'shutdown-done':
        void Promise.all([control.drain(), iopub.drain()]).then(() => {
          iopub.close();
          control.close();
          stdin.close();
          hbSocket.linger = 0;
          hbSocket.close();
          port.postMessage({ type: 'closed' });
        });
        break;
    }
  });

  void (async () => {
    for await (const [ping] of hbSocket) await hbSocket.send(ping!);
  })().catch(() => {});

  void (async () => {
    for await (const msg of stdin.messages()) {
      if (msg.header.msg_type === 'input_reply') wakeInput(STDIN_ANSWERED, String(msg.content.value ?? ''));
    }
  })();

  post({ type: 'ready' });

  for await (const msg of control.messages()) {
    // Nothing a client sends ends this loop: an exception here would end the worker and the kernel.
    try {
      await handleControl(msg);
    } catch (err) {
      log(`control: error handling ${msg.header.msg_type}: ${(err as Error)?.stack ?? err}`);
    }
  }

  async function handleControl(msg: WireMessage): Promise<void> {
    const reply = (msgType: string, content: object) =>
      control.send({ msgType, content, parent: msg.header, identities: msg.identities });
    switch (msg.header.msg_type) {
      case 'kernel_info_request':
        void reply('kernel_info_reply', kernelInfoContent());
        break;
      case 'interrupt_request':
        interrupt({ sent: { date: dateMicros(String(msg.header.date ?? '')), session: String(msg.header.session ?? '') } });
        void reply('interrupt_reply', { status: 'ok' });
        break;
      case 'shutdown_request': {
        const restart = Boolean(msg.content.restart);
        await reply('shutdown_reply', { status: 'ok', restart });
        // If a cell is running, stop it so the main thread can close its sockets cleanly.
        interrupt();
        post({ type: 'shutdown', restart, parent: msg.header });
        setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1200).unref();
        break;
      }
      default:
        post({ type: 'control', msg: { ...msg, identities: msg.identities.map((i) => new Uint8Array(i)) } });
    }
  }
}

if (!isMainThread) main().catch((err: unknown) => {
  parentPort?.postMessage({ type: 'log', text: `control worker failed: ${(err as Error)?.stack ?? err}` } satisfies FromWorker);
  process.exit(1);
});
