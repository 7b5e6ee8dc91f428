/**
 * A small Jupyter client over real zeromq sockets, for tests that start the kernel as a child process:
 * DEALER sockets for shell, control and stdin (with one identity, as jupyter_client does), SUB for iopub,
 * REQ for heartbeat. Messages are collected as they arrive; tests wait for the ones they need.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zmq from 'zeromq';
import { decode, encode, Signer, type WireMessage } from '../../kernel/wire.js';
import { BROOK_BIN } from './build.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function writeConnectionFile(dir: string, key = randomUUID()) {
  const [shell_port, iopub_port, stdin_port, control_port, hb_port] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const info = { shell_port, iopub_port, stdin_port, control_port, hb_port, ip: '127.0.0.1', key, transport: 'tcp', signature_scheme: 'hmac-sha256', kernel_name: 'brook' };
  const file = join(dir, 'connection.json');
  writeFileSync(file, JSON.stringify(info));
  return { file, info };
}

type Channel = 'shell' | 'control' | 'stdin' | 'iopub';

export class KernelClient {
  readonly received: Record<Channel, WireMessage[]> = { shell: [], control: [], stdin: [], iopub: [] };
  private readonly session = randomUUID();
  private readonly signer: Signer;
  private readonly sockets: { shell: zmq.Dealer; control: zmq.Dealer; stdin: zmq.Dealer; iopub: zmq.Subscriber; hb: zmq.Request };
  private waiters: (() => void)[] = [];
  stderr = '';

  private constructor(readonly child: ChildProcess, readonly info: { key: string; [k: string]: unknown }, readonly startedAt: number) {
    this.signer = new Signer(info.key);
    const identity = Buffer.from(this.session);
    const at = (port: unknown) => `tcp://127.0.0.1:${port}`;
    this.sockets = {
      shell: new zmq.Dealer({ routingId: identity.toString() }),
      control: new zmq.Dealer({ routingId: identity.toString() }),
      stdin: new zmq.Dealer({ routingId: identity.toString() }),
      iopub: new zmq.Subscriber(),
      hb: new zmq.Request(),
    };
    this.sockets.shell.connect(at(info.shell_port));
    this.sockets.control.connect(at(info.control_port));
    this.sockets.stdin.connect(at(info.stdin_port));
    this.sockets.iopub.connect(at(info.iopub_port));
    this.sockets.iopub.subscribe();
    this.sockets.hb.connect(at(info.hb_port));
    for (const name of ['shell', 'control', 'stdin', 'iopub'] as const) void this.pump(name);
    child.stderr?.on('data', (d: Buffer) => { this.stderr += d.toString(); });
  }

  /**
   * Starts `node bin/brook.js kernel --connection-file F` in `cwd`, and waits until it has bound its
   * sockets. A kernel that could not bind a port (another process took it after freePort closed it: test
   * files run in parallel, and every client connection takes an ephemeral port) exits with "cannot listen
   * for the ... channel"; it is started again on new ports, as jupyter_client's restarter does
   * (random_ports_until_alive).
   */
  static async start(cwd = mkdtempSync(join(tmpdir(), 'brook-kernel-')), key?: string, env: Record<string, string> = {}): Promise<KernelClient> {
    for (let attempt = 1; ; attempt++) {
      const { file, info } = await writeConnectionFile(cwd, key);
      const startedAt = performance.now();
      // webgpu unless asked otherwise: left to itself the kernel passes a software adapter (lavapipe, CI's)
      // by for the CPU backend; these tests ran on it and still do (BROOK_BACKEND: '' restores the default).
      const backend = { BROOK_BACKEND: process.env.BROOK_BACKEND || 'webgpu' };
      const child = spawn(process.execPath, [BROOK_BIN, 'kernel', '--connection-file', file], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...backend, ...env } });
      const client = new KernelClient(child, info, startedAt);
      const bound = await client.untilBound();
      if (bound || attempt === 5 || !client.stderr.includes('cannot listen for the')) return client;
      client.close();
    }
  }

  /** True once the kernel logs that it started (every socket bound); false if it exits first. */
  private untilBound(timeoutMs = 60_000): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.stderr.includes('[brook kernel] started (pid')) done(true);
      };
      let settled = false;
      const done = (result: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.child.stderr?.off('data', check);
        this.child.off('exit', onExit);
        resolve(result);
      };
      const onExit = () => setTimeout(() => done(this.stderr.includes('[brook kernel] started (pid')), 50); // the last stderr chunk
      const timer = setTimeout(() => done(false), timeoutMs);
      this.child.stderr?.on('data', check);
      this.child.once('exit', onExit);
      if (this.child.exitCode !== null) onExit();
      check();
    });
  }

  private async pump(name: Channel): Promise<void> {
    try {
      for await (const frames of this.sockets[name] as AsyncIterable<Buffer[]>) {
        this.received[name].push(decode(frames, this.signer));
        const w = this.waiters;
        this.waiters = [];
        for (const f of w) f();
      }
    } catch {
      // closed
    }
  }

  send(channel: 'shell' | 'control' | 'stdin', msgType: string, content: object, parent: object = {}): string {
    const frames = encode({ msgType, content, parent: parent as never }, this.session, this.signer);
    const header = JSON.parse(frames[2]!.toString()) as { msg_id: string };
    void (this.sockets[channel] as zmq.Dealer).send(frames);
    return header.msg_id;
  }

  /** Sends raw frames (for malformed-message tests). */
  sendRaw(channel: 'shell' | 'control', frames: Buffer[]): void {
    void this.sockets[channel].send(frames);
  }

  async waitFor<T>(find: () => T | undefined, timeoutMs = 20_000, what = 'a message'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; kernel stderr:\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  reply(channel: Channel, msgId: string, timeoutMs?: number): Promise<WireMessage> {
    return this.waitFor(() => this.received[channel].find((m) => (m.parent_header as { msg_id?: string }).msg_id === msgId && m.header.msg_type.endsWith('_reply')), timeoutMs, `the reply to ${msgId} on ${channel}`);
  }

  /** All iopub messages of a request, once its idle status has arrived. */
  async iopubOf(msgId: string, timeoutMs?: number): Promise<WireMessage[]> {
    const mine = () => this.received.iopub.filter((m) => (m.parent_header as { msg_id?: string }).msg_id === msgId);
    await this.waitFor(() => mine().find((m) => m.header.msg_type === 'status' && m.content.execution_state === 'idle'), timeoutMs, `idle after ${msgId}`);
    return mine();
  }

  /**
   * Waits until iopub carries the idle of a kernel_info request: ZeroMQ's PUB drops what it sends before
   * our subscription reaches it, so a test must not start before this.
   */
  async untilIopubReady(maxTries = 120): Promise<void> {
    for (let tries = 0; ; tries++) {
      const id = this.send('shell', 'kernel_info_request', {});
      try {
        await this.iopubOf(id, 250);
        return;
      } catch (err) {
        if (tries > maxTries) throw err;
      }
    }
  }

  async execute(code: string, extra: object = {}, timeoutMs?: number) {
    const id = this.send('shell', 'execute_request', { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true, ...extra });
    const reply = await this.reply('shell', id, timeoutMs);
    const iopub = await this.iopubOf(id, timeoutMs);
    return { id, reply, iopub };
  }

  async heartbeat(timeoutMs = 5000): Promise<string> {
    await this.sockets.hb.send('ping');
    const r = await Promise.race([this.sockets.hb.receive(), new Promise<never>((_, rej) => setTimeout(() => rej(new Error('no heartbeat')), timeoutMs))]);
    return r[0]!.toString();
  }

  /** Resolves with the exit code once the kernel process has exited. */
  exited(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  close(): void {
    for (const s of Object.values(this.sockets)) { s.linger = 0; s.close(); }
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
