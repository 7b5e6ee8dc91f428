/**
 * `runKernel(connectionFile)`: the Jupyter kernel process. Binds shell (ROUTER) here and starts the
 * worker (control-worker.ts) that owns control, heartbeat, stdin and iopub, then serves shell requests one
 * at a time against one Session.
 *
 * iopub lives on the worker so output leaves while the main thread is busy: a cell that prints progress in
 * a long synchronous loop shows it as it goes (the main thread only posts messages, the worker signs and
 * sends them); postMessage keeps their order.
 *
 * Protocol decisions (and the clients that rely on them):
 * - Every shell request is wrapped in status busy/idle on iopub with the request as parent (JupyterLab's
 *   KernelFuture resolves `done` only after the reply AND the idle status).
 * - execute: execute_input, outputs, then execute_reply; an error goes out as an `error` message and in the
 *   reply with the same ename/evalue/traceback. With stop_on_error, the requests queued behind a failed
 *   (or interrupted) cell are answered `aborted` without running (nbclient and JupyterLab's "run all"
 *   expect ipykernel's behaviour).
 * - Async output after a cell ends (timers) goes to that cell's parent header.
 * - comm_open for an unknown target is answered with comm_close (ipykernel does the same), comm_info
 *   lists no comms.
 */
import { ts } from './typescript.js';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as zmq from 'zeromq';
import { Channel } from './channel.js';
import {
  GATE_CELL_OFFSET, GATE_OFFSET, SLOT_LENGTH, SLOT_RUNNING, SLOT_STATE, STDIN_ANSWERED, STDIN_HEADER_BYTES, STDIN_INTERRUPTED, STDIN_WAITING,
  type FromWorker, type ToWorker, type WorkerInit,
} from './worker-protocol.js';
import { kernelInfoContent } from './kernel-info.js';
import type { OutputSink } from './output.js';
import { InterruptedError, Session } from './session.js';
import { BackgroundLanguageService } from './checker.js';
import { dateMicros, InterruptGate } from './interrupt-gate.js';
import { bindChannel, KernelStartError, readConnectionFile, Signer, unsignedWarning, type WireMessage } from './wire.js';

type Header = WireMessage['header'];

const originalStderrWrite = process.stderr.write.bind(process.stderr);
function log(text: string): void {
  originalStderrWrite(`[brook kernel] ${text}\n`);
}

/** The wall clock in microseconds (the clock clients date their messages with), millisecond-exact. */
function nowMicros(): number {
  return Date.now() * 1000;
}

export { dateMicros };

export async function runKernel(connectionFile: string): Promise<number> {
  // The TypeScript checker builds its program in a worker thread (checker.ts), started once the first
  // kernel_info is answered: started earlier, it took CPU from the start itself (+0.4 s to the first
  // kernel_info on a loaded 2-core machine, before typescript.js had its code cache), and nothing on
  // this thread waits for it. At process start with the cache: no measurable gain (docs/DECISIONS.md).
  const checker = new BackgroundLanguageService(process.cwd(), log);
  let checkerStarted = false;
  const info = readConnectionFile(connectionFile);
  const unsigned = unsignedWarning(info);
  if (unsigned) log(unsigned);
  const sessionId = randomUUID();
  const signer = new Signer(info.key, info.signature_scheme);
  const shellSocket = new zmq.Router();
  try {
    await bindChannel(shellSocket, 'shell', info, info.shell_port);
  } catch (err) {
    shellSocket.linger = 0;
    shellSocket.close();
    throw err;
  }
  const shell = new Channel('shell', shellSocket, signer, sessionId, log);

  const stdinBuffer = new SharedArrayBuffer(STDIN_HEADER_BYTES + 1024 * 1024);
  const stdinState = new Int32Array(stdinBuffer, 0, STDIN_HEADER_BYTES / 4);
  const worker = new Worker(new URL('./control-worker.js', import.meta.url), {
    workerData: { info, session: sessionId, stdinBuffer } satisfies WorkerInit,
  });
  const toWorker = (m: ToWorker) => worker.postMessage(m);
  let exiting = false;
  const workerReady = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') resolve();
      // Rejected once the thread has ended: the process must not exit while it still tears zeromq down.
      if (m.type === 'cannot-start') {
        exiting = true;
        worker.once('exit', () => reject(new KernelStartError(m.text)));
      }
    });
  });

  // Load the TypeScript compiler now, while the worker thread starts its sockets: the load is
  // synchronous (~100 ms from its code cache, typescript.ts; ~200 ms without) and, done later, it would
  // stall whichever cell arrived during it.
  ts();

  let parent: Header | undefined;
  let parentIdentities: Buffer[] = [];
  const publish = (msgType: string, content: object, p: Header | undefined = parent) =>
    toWorker({ type: 'iopub', msgType, content, parent: p ?? {} });

  const session = new Session({
    directory: process.cwd(),
    log,
    language: checker,
    onInterrupted: () => toWorker({ type: 'interrupt-ack' }),
    gate: new InterruptGate(new Int32Array(stdinBuffer, GATE_OFFSET, 4), process.env.BROOK_KERNEL_DEBUG ? (t) => log(`debug: ${t}`) : undefined, new Float64Array(stdinBuffer, GATE_CELL_OFFSET, 2)),
    onWorkStart: (seq, timeoutMs) => toWorker({ type: 'work', seq, timeoutMs }),
    input: (prompt, password) => {
      Atomics.store(stdinState, SLOT_STATE, STDIN_WAITING);
      toWorker({ type: 'input', prompt, password, identities: parentIdentities.map((i) => new Uint8Array(i)), parent: parent ?? {} });
      Atomics.wait(stdinState, SLOT_STATE, STDIN_WAITING);
      const status = Atomics.load(stdinState, SLOT_STATE);
      if (status === STDIN_INTERRUPTED) throw new InterruptedError();
      if (status !== STDIN_ANSWERED) throw new Error('prompt(): no answer from the frontend');
      return Buffer.from(new Uint8Array(stdinBuffer, STDIN_HEADER_BYTES, stdinState[SLOT_LENGTH]!)).toString('utf8');
    },
  });

  const sinkFor = (p: Header): OutputSink => ({
    stream: (name, text) => publish('stream', { name, text }, p),
    displayData: (data, metadata, transient) => publish('display_data', { data, metadata, transient }, p),
    updateDisplayData: (data, metadata, transient) => publish('update_display_data', { data, metadata, transient }, p),
    executeResult: (execution_count, data, metadata) => publish('execute_result', { execution_count, data, metadata }, p),
    error: (ename, evalue, traceback) => publish('error', { ename, evalue, traceback }, p),
    clearOutput: (wait) => publish('clear_output', { wait }, p),
  });

  const shutdown = async (restart: boolean, request?: Header) => {
    if (exiting) return;
    exiting = true;
    if (request) publish('shutdown_reply', { status: 'ok', restart }, request);
    session.dispose();
    await Promise.race([shell.drain(), new Promise((r) => setTimeout(r, 300))]);
    shell.close();
    toWorker({ type: 'shutdown-done' });
    // The worker drains iopub, closes its sockets and ends; exiting while it tears zeromq down would crash
    // (heap corruption), so wait for it (the worker's own 1.2 s SIGKILL bounds a stuck shutdown).
    await new Promise<void>((r) => worker.on('message', (m: { type: string }) => { if (m.type === 'closed') r(); }));
    await new Promise((r) => setTimeout(r, 50));
    process.exit(0);
  };

  process.on('SIGINT', () => {
    session.interrupt();
    toWorker({ type: 'interrupt-ack' });
  });
  process.on('SIGTERM', () => void shutdown(false));

  let preloadScheduled = false;
  const queue: WireMessage[] = [];
  let wake: (() => void) | undefined;
  // Set by a failed cell with stop_on_error: the execute requests queued behind it are answered `aborted`.
  let abortQueued = false;
  let errorTime = 0;
  const aborted = new WeakSet<WireMessage>();

  const handlers: Record<string, (msg: WireMessage, reply: (type: string, content: object) => Promise<void>) => Promise<void> | void> = {
    kernel_info_request: async (_m, reply) => {
      await reply('kernel_info_reply', kernelInfoContent());
      if (!checkerStarted) {
        checkerStarted = true;
        void checker.warm();
      }
      // Load the compiler and the magics once the client has its first answer, while the user is
      // still reading the notebook: the first cell then runs without that wait.
      if (!preloadScheduled) {
        preloadScheduled = true;
        setTimeout(() => void session.preload(() => session.busy || queue.length > 0), 300).unref();
      }
    },
    connect_request: (_m, reply) => void reply('connect_reply', {
      status: 'ok', shell_port: info.shell_port, iopub_port: info.iopub_port, stdin_port: info.stdin_port,
      control_port: info.control_port, hb_port: info.hb_port,
    }),
    comm_info_request: (_m, reply) => void reply('comm_info_reply', { status: 'ok', comms: {} }),
    comm_open: (m) => publish('comm_close', { comm_id: m.content.comm_id, data: {} }, m.header),
    comm_msg: () => {},
    comm_close: () => {},
    is_complete_request: async (m, reply) => void reply('is_complete_reply', await session.isComplete(String(m.content.code ?? ''))),
    complete_request: async (m, reply) => {
      const code = String(m.content.code ?? '');
      const r = await session.complete(code, Number(m.content.cursor_pos ?? [...code].length));
      await reply('complete_reply', { status: 'ok', ...r, metadata: {} });
    },
    inspect_request: async (m, reply) => {
      const code = String(m.content.code ?? '');
      const r = await session.inspect(code, Number(m.content.cursor_pos ?? [...code].length), Number(m.content.detail_level ?? 0));
      await reply('inspect_reply', { status: 'ok', ...r, metadata: {} });
    },
    history_request: (m, reply) => void reply('history_reply', { status: 'ok', history: session.history.query(m.content) }),
    shutdown_request: async (m, reply) => {
      await reply('shutdown_reply', { status: 'ok', restart: Boolean(m.content.restart) });
      await shutdown(Boolean(m.content.restart), m.header);
    },
    execute_request: async (m, reply) => {
      const c = m.content as { code?: string; silent?: boolean; store_history?: boolean; allow_stdin?: boolean; stop_on_error?: boolean; user_expressions?: Record<string, string> };
      const code = c.code ?? '';
      if (aborted.has(m)) {
        await reply('execute_reply', { status: 'aborted', execution_count: session.executionCount });
        return;
      }
      parent = m.header;
      parentIdentities = m.identities;
      Atomics.store(stdinState, SLOT_RUNNING, 1);
      const outcome = await session.execute(
        { code, silent: c.silent, storeHistory: c.store_history, allowStdin: c.allow_stdin, sent: { date: dateMicros(String(m.header.date ?? '')), session: String(m.header.session ?? '') } },
        sinkFor(m.header),
        (count) => { if (!c.silent) publish('execute_input', { code, execution_count: count }, m.header); },
      );
      Atomics.store(stdinState, SLOT_RUNNING, 0);
      if (outcome.status === 'ok') {
        const userExpressions = await session.evaluateExpressions(c.user_expressions ?? {});
        await reply('execute_reply', { status: 'ok', execution_count: outcome.executionCount, payload: outcome.payload, user_expressions: userExpressions });
        return;
      }
      const { ename, evalue, traceback } = outcome;
      if (c.stop_on_error ?? true) {
        abortQueued = true;
        errorTime = nowMicros();
      }
      await reply('execute_reply', { status: 'error', execution_count: outcome.executionCount, ename, evalue, traceback, user_expressions: {}, payload: [] });
    },
  };

  // Own properties only: a msg_type such as "constructor" names no handler.
  const handlerFor = (type: string) => (Object.hasOwn(handlers, type) ? handlers[type] : undefined);

  const dispatch = async (msg: WireMessage) => {
    const type = msg.header.msg_type;
    const reply = (msgType: string, content: object) =>
      shell.send({ msgType, content, parent: msg.header, identities: msg.identities });
    publish('status', { execution_state: 'busy' }, msg.header);
    try {
      const h = handlerFor(type);
      if (h) await h(msg, reply);
      else log(`shell: unknown message type ${JSON.stringify(type)}, dropped`);
    } catch (err) {
      log(`error handling ${type}: ${(err as Error)?.stack ?? err}`);
      const replyType = type.replace(/_request$/, '_reply');
      if (replyType !== type) await reply(replyType, { status: 'error', ename: 'KernelError', evalue: String((err as Error)?.message ?? err), traceback: [] });
    } finally {
      publish('status', { execution_state: 'idle' }, msg.header);
    }
  };

  worker.on('message', (m: FromWorker) => {
    switch (m.type) {
      case 'log':
        log(m.text);
        break;
      case 'interrupt':
        // Stale when the cell it was meant for has ended already: then it names an older seq.
        session.interrupt(m.seq);
        toWorker({ type: 'interrupt-ack' });
        break;
      case 'shutdown':
        void shutdown(m.restart, m.parent as Header);
        break;
      case 'control': {
        const msg: WireMessage = { ...m.msg, identities: m.msg.identities.map((i) => Buffer.from(i)), buffers: [] };
        const replyType = msg.header.msg_type.replace(/_request$/, '_reply');
        // Control requests other than interrupt/shutdown/kernel_info: answered like shell ones, or refused;
        // a message type nobody knows is logged and dropped (as on shell, where ipykernel does the same).
        const handler = handlerFor(msg.header.msg_type);
        if (!handler && msg.header.msg_type !== 'debug_request') {
          log(`control: unknown message type ${JSON.stringify(msg.header.msg_type)}, dropped`);
        } else if (msg.header.msg_type === 'debug_request' || msg.header.msg_type === 'execute_request') {
          toWorker({ type: 'send-control', msgType: replyType, content: { status: 'error', ename: 'NotImplemented', evalue: `${msg.header.msg_type} is not supported on the control channel`, traceback: [] }, parent: msg.header, identities: m.msg.identities });
        } else {
          void Promise.resolve(handler!(msg, async (msgType, content) => {
            toWorker({ type: 'send-control', msgType, content, parent: msg.header, identities: m.msg.identities });
          })).catch((err: unknown) => log(`control: error handling ${msg.header.msg_type}: ${(err as Error)?.stack ?? err}`));
        }
        break;
      }
    }
  });
  worker.on('error', (err) => log(`control worker error: ${err.stack ?? err}`));
  worker.on('exit', (code) => { if (!exiting) log(`control worker exited with code ${code}`); });

  try {
    await workerReady;
  } catch (err) {
    session.dispose(); // gives stderr back, for the error's line
    shell.close();
    throw err;
  }
  publish('status', { execution_state: 'starting' }, undefined);
  log(`started (pid ${process.pid}, cwd ${process.cwd()}, connection ${connectionFile}, kernel dir ${dirname(new URL(import.meta.url).pathname)})`);

  // Receive continuously, run one request at a time: the queue lets an error abort what is already queued.
  void (async () => {
    for await (const msg of shell.messages()) {
      queue.push(msg);
      wake?.();
    }
  })().catch((err: unknown) => { if (!exiting) log(`shell receive failed: ${(err as Error)?.stack ?? err}`); });

  while (!exiting) {
    const msg = queue.shift();
    if (!msg) {
      await new Promise<void>((r) => { wake = r; });
      wake = undefined;
      continue;
    }
    await dispatch(msg);
    if (abortQueued) {
      // As ipykernel: take in what has already arrived at the socket (a few loop turns, until nothing
      // more comes), and abort those execute requests; one made after the error (by its date, to the
      // microsecond where the client gives it) was sent by a client that saw the error, and runs.
      let seen = -1;
      for (let turns = 0; turns < 50 && seen !== queue.length; turns++) {
        seen = queue.length;
        await new Promise((r) => setImmediate(r));
        await new Promise((r) => setImmediate(r));
      }
      for (const q of queue) {
        if (q.header.msg_type === 'execute_request' && !(dateMicros(String(q.header.date)) >= errorTime)) aborted.add(q);
      }
      abortQueued = false;
    }
  }
  return 0;
}
