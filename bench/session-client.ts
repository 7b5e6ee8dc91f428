/**
 * A minimal Jupyter client for the session benchmarks (bench/session.ts): it starts
 * `node bin/brook.js kernel --connection-file F` as a child process with a generated connection file on
 * 127.0.0.1 and a random key, and speaks to it over real zeromq sockets (DEALER for shell and control with
 * one identity, as jupyter_client does; SUB for iopub), signing every message with the key.
 *
 * It is written here rather than imported from tests/kernel/client.ts because bench/ is compiled into
 * dist/ and run without vitest; tests/ is not part of the build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import * as zmq from 'zeromq';
import { decode, encode, Signer, type WireMessage } from '../kernel/wire.js';

/** bin/brook.js from dist/bench/ (built) or bench/ (vitest runs the sources). */
export function brookBin(): string {
  const here = import.meta.dirname;
  const up = here.split(/[\\/]/).includes('dist') ? ['..', '..'] : ['..'];
  return resolve(here, ...up, 'bin', 'brook.js');
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

export interface ConnectionFile {
  file: string;
  info: { shell_port: number; iopub_port: number; stdin_port: number; control_port: number; hb_port: number; ip: string; key: string };
}

export async function writeConnectionFile(dir: string): Promise<ConnectionFile> {
  const ports: number[] = [];
  for (let i = 0; i < 5; i++) ports.push(await freePort());
  const [shell_port, iopub_port, stdin_port, control_port, hb_port] = ports as [number, number, number, number, number];
  const info = { shell_port, iopub_port, stdin_port, control_port, hb_port, ip: '127.0.0.1', key: randomUUID(), transport: 'tcp', signature_scheme: 'hmac-sha256', kernel_name: 'brook' };
  const file = join(dir, 'connection.json');
  writeFileSync(file, JSON.stringify(info));
  return { file, info };
}

type Channel = 'shell' | 'control' | 'iopub';
const parentId = (m: WireMessage) => (m.parent_header as { msg_id?: string }).msg_id;

export class BenchKernel {
  readonly received: Record<Channel, WireMessage[]> = { shell: [], control: [], iopub: [] };
  stderr = '';
  private readonly session = randomUUID();
  private readonly signer: Signer;
  private readonly sockets: { shell: zmq.Dealer; control: zmq.Dealer; iopub: zmq.Subscriber };
  private waiters: (() => void)[] = [];
  private exitedAt?: number;

  private constructor(readonly child: ChildProcess, conn: ConnectionFile, readonly spawnedAt: number) {
    this.signer = new Signer(conn.info.key);
    const at = (port: number) => `tcp://127.0.0.1:${port}`;
    const id = this.session;
    this.sockets = { shell: new zmq.Dealer({ routingId: id }), control: new zmq.Dealer({ routingId: id }), iopub: new zmq.Subscriber() };
    this.sockets.shell.connect(at(conn.info.shell_port));
    this.sockets.control.connect(at(conn.info.control_port));
    this.sockets.iopub.connect(at(conn.info.iopub_port));
    this.sockets.iopub.subscribe();
    for (const name of ['shell', 'control', 'iopub'] as const) void this.pump(name);
    child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    child.once('exit', () => {
      this.exitedAt = performance.now();
      this.wake();
    });
  }

  /**
   * Spawns the kernel; `spawnedAt` is taken just before spawn(), so start times include Node's own start.
   * `nodeArgs` go before the script (`--cpu-prof` for profiling a run).
   */
  static start(conn: ConnectionFile, cwd: string, nodeArgs: string[] = [], env: NodeJS.ProcessEnv = process.env): BenchKernel {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, brookBin(), 'kernel', '--connection-file', conn.file], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    return new BenchKernel(child, conn, t0);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private async pump(name: Channel): Promise<void> {
    try {
      for await (const frames of this.sockets[name] as AsyncIterable<Buffer[]>) {
        this.received[name].push(decode(frames, this.signer));
        this.wake();
      }
    } catch {
      // closed
    }
  }

  send(channel: 'shell' | 'control', msgType: string, content: object): string {
    const frames = encode({ msgType, content }, this.session, this.signer);
    const header = JSON.parse(frames[2]!.toString()) as { msg_id: string };
    void this.sockets[channel].send(frames);
    return header.msg_id;
  }

  async waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; kernel stderr:\n${this.stderr}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  reply(channel: 'shell' | 'control', msgId: string, timeoutMs = 30_000): Promise<WireMessage> {
    return this.waitFor(() => this.received[channel].find((m) => parentId(m) === msgId && m.header.msg_type.endsWith('_reply')), timeoutMs, `the reply to ${msgId}`);
  }

  /** The request's iopub messages once its idle status arrived. */
  async iopubOf(msgId: string, timeoutMs = 30_000): Promise<WireMessage[]> {
    const mine = () => this.received.iopub.filter((m) => parentId(m) === msgId);
    await this.waitFor(() => mine().find((m) => m.header.msg_type === 'status' && m.content.execution_state === 'idle'), timeoutMs, `idle after ${msgId}`);
    return mine();
  }

  /**
   * Time from spawn to the first kernel_info reply on shell: asks every 20 ms until one is answered
   * (zeromq drops nothing sent before the kernel binds, but a DEALER may queue on a peer not yet up).
   */
  async firstKernelInfo(timeoutMs = 20_000): Promise<number> {
    const ids: string[] = [];
    const ask = () => ids.push(this.send('shell', 'kernel_info_request', {}));
    ask();
    const timer = setInterval(ask, 20);
    try {
      const r = await this.waitFor(() => this.received.shell.find((m) => ids.includes(parentId(m) ?? '')) ?? (this.exitedAt ? null : undefined), timeoutMs, 'the first kernel_info reply');
      if (r === null) throw new Error(`kernel exited before answering kernel_info:\n${this.stderr}`);
      return performance.now() - this.spawnedAt;
    } finally {
      clearInterval(timer);
    }
  }

  /** Waits until iopub delivers (PUB drops messages sent before the subscription reached it). */
  async iopubReady(timeoutMs = 20_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const id = this.send('shell', 'kernel_info_request', {});
      try {
        await this.iopubOf(id, 200);
        return;
      } catch (e) {
        if (performance.now() > deadline) throw e;
      }
    }
  }

  /** Runs a cell; `ms` is execute_request sent to execute_reply received. */
  async execute(code: string, timeoutMs = 60_000): Promise<{ ms: number; reply: WireMessage; iopub: WireMessage[] }> {
    const t0 = performance.now();
    const id = this.send('shell', 'execute_request', { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    const reply = await this.reply('shell', id, timeoutMs);
    const ms = performance.now() - t0;
    return { ms, reply, iopub: await this.iopubOf(id, timeoutMs) };
  }

  /**
   * Starts a cell that never ends by itself, lets it run `runningMs` after its execute_input, then sends
   * interrupt_request on control; resolves with the time from that request to the cell's execute_reply
   * (ms); the reply must be the Interrupted error.
   */
  async interruptRunning(code: string, runningMs: number, timeoutMs = 30_000): Promise<number> {
    const id = this.send('shell', 'execute_request', { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: false });
    await this.waitFor(() => this.received.iopub.find((m) => parentId(m) === id && m.header.msg_type === 'execute_input'), timeoutMs, `the execute_input of ${id}`);
    await new Promise((r) => setTimeout(r, runningMs));
    const t0 = performance.now();
    this.send('control', 'interrupt_request', {});
    const reply = await this.reply('shell', id, timeoutMs);
    const ms = performance.now() - t0;
    const c = reply.content as { status?: string; ename?: string; evalue?: string };
    if (c.status !== 'error' || c.ename !== 'Interrupted') throw new Error(`interrupting ${JSON.stringify(code.split('\n')[0])} replied ${c.status} ${c.ename ?? ''}: ${c.evalue ?? ''}`);
    await this.iopubOf(id, timeoutMs);
    return ms;
  }

  /** Sends shutdown_request on control; resolves with the time to the process's exit (ms). */
  async shutdown(restart: boolean, timeoutMs = 10_000): Promise<number> {
    const t0 = performance.now();
    this.send('control', 'shutdown_request', { restart });
    await this.waitFor(() => this.exitedAt, timeoutMs, 'the kernel process to exit after shutdown_request');
    return (this.exitedAt as number) - t0;
  }

  get exitCode(): number | null {
    return this.child.exitCode;
  }

  close(): void {
    for (const s of Object.values(this.sockets)) {
      s.linger = 0;
      s.close();
    }
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
