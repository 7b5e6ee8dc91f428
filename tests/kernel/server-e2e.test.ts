/**
 * End to end through a real Jupyter server (Debian's jupyter-server) with @jupyterlab/services as the
 * client, the path JupyterLab takes: start the Brook kernel from the kernelspec installKernelspec wrote,
 * execute a cell, interrupt a spinning one (the server sends interrupt_request: interrupt_mode "message"),
 * restart (under 2 s, state gone), shut down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KernelManager, ServerConnection, type Kernel, type KernelMessage } from '@jupyterlab/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.js';
import { freePort } from './client.js';
import { testKernelspec } from './kernelspec.js';

let server: ChildProcess;
let serverLog = '';
let manager: KernelManager;
let kernel: Kernel.IKernelConnection;

beforeAll(async () => {
  await ensureBuilt();
  const { jupyterPath } = testKernelspec();
  const root = mkdtempSync(join(tmpdir(), 'brook-server-'));
  for (const d of ['config', 'data', 'runtime']) mkdirSync(join(root, d));
  const port = await freePort();
  const token = randomUUID();
  server = spawn('/usr/bin/python3', ['-m', 'jupyter_server', '--no-browser', '--ip=127.0.0.1', `--port=${port}`, '--port-retries=0',
    `--ServerApp.token=${token}`, `--ServerApp.root_dir=${root}`, ...(process.getuid?.() === 0 ? ['--allow-root'] : [])], {
    cwd: root,
    env: { ...process.env, JUPYTER_PATH: jupyterPath, JUPYTER_CONFIG_DIR: join(root, 'config'), JUPYTER_DATA_DIR: join(root, 'data'), JUPYTER_RUNTIME_DIR: join(root, 'runtime') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => { serverLog += d.toString(); });
  server.stderr!.on('data', (d: Buffer) => { serverLog += d.toString(); });
  const base = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`${base}api/status`, { headers: { Authorization: `token ${token}` } });
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (i > 300 || server.exitCode !== null) throw new Error(`jupyter server did not start:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const serverSettings = ServerConnection.makeSettings({ baseUrl: base, wsUrl: `ws://127.0.0.1:${port}/`, token });
  manager = new KernelManager({ serverSettings });
  await manager.ready;
  kernel = await manager.startNew({ name: 'brook' });
}, 120_000);

afterAll(async () => {
  try {
    await kernel?.shutdown();
  } finally {
    manager?.dispose();
    server?.kill('SIGTERM');
  }
});

async function execute(code: string) {
  const future = kernel.requestExecute({ code });
  const iopub: KernelMessage.IIOPubMessage[] = [];
  future.onIOPub = (m) => { iopub.push(m); };
  const reply = await future.done;
  return { reply: reply.content as KernelMessage.IExecuteReplyMsg['content'], iopub };
}

describe('through jupyter server and @jupyterlab/services', () => {
  it('starts the kernel from the kernelspec and answers kernel_info', async () => {
    const info = await kernel.info;
    expect(info.implementation).toBe('brook');
    expect(info.language_info.name).toBe('typescript');
  });

  it('executes a cell with a stream and a result', async () => {
    const { reply, iopub } = await execute('const who: string = "server";\nconsole.log(`hello ${who}`);\n2 ** 10');
    expect(reply.status).toBe('ok');
    const stream = iopub.find((m) => m.header.msg_type === 'stream');
    expect((stream?.content as { text: string }).text).toBe('hello server\n');
    const result = iopub.find((m) => m.header.msg_type === 'execute_result');
    expect((result?.content as { data: Record<string, unknown> }).data['text/plain']).toBe('1024');
  });

  it('runs a %%brook cell and reuses its stream and kernel in a TypeScript cell', async () => {
    const brook = await execute(
      '%%brook\nkernel void scale(float a, float x<>, out float r<>) { r = a * x; }\n' +
        'iter float it<8> = iter(0.0f, 8.0f);\nfloat r<8>;\nscale(2.0f, it, r);\nr',
    );
    expect(brook.reply.status).toBe('ok');
    const shown = brook.iopub.find((m) => m.header.msg_type === 'execute_result');
    // The stream's table caption names its type, shape and backend.
    expect(String((shown?.content as { data: Record<string, unknown> }).data['text/plain'])).toMatch(/float<8>, 8 elements, (webgpu|cpu)/);
    const ts = await execute('await scale(3, r, r);\nArray.from(await r.toArray()).join(",")');
    expect(ts.reply.status).toBe('ok');
    // r = 2 * i, then r = 3 * r in place: 6 * i, computed here separately.
    const want = Array.from({ length: 8 }, (_, i) => 6 * i).join(',');
    expect((ts.iopub.find((m) => m.header.msg_type === 'execute_result')?.content as { data: Record<string, unknown> }).data['text/plain']).toBe(`'${want}'`);
  });

  it('interrupts a spinning cell through the server, and the next cell runs', async () => {
    const future = kernel.requestExecute({ code: 'let turns = 0;\nwhile (true) { turns++ }' });
    await new Promise((r) => setTimeout(r, 700));
    const t0 = performance.now();
    await kernel.interrupt();
    const reply = await future.done;
    const stopMs = performance.now() - t0;
    console.log(`server: interrupt to the TypeScript cell's reply ${stopMs.toFixed(0)} ms`);
    expect(stopMs).toBeLessThan(5000); // speed: the bench's session.interrupt.ts
    expect(reply.content).toMatchObject({ status: 'error', ename: 'Interrupted' });
    const after = await execute('turns > 0');
    expect(after.reply.status).toBe('ok');
    expect((after.iopub.find((m) => m.header.msg_type === 'execute_result')?.content as { data: Record<string, unknown> }).data['text/plain']).toBe('true');
  });

  it('interrupts a spinning %%brook cell, and its streams survive', async () => {
    const future = kernel.requestExecute({ code: '%%brook\nint spins = 0;\nwhile (1) { spins++; }' });
    await new Promise((r) => setTimeout(r, 700));
    const t0 = performance.now();
    await kernel.interrupt();
    const reply = await future.done;
    const stopMs = performance.now() - t0;
    console.log(`server: interrupt to the %%brook cell's reply ${stopMs.toFixed(0)} ms`);
    expect(stopMs).toBeLessThan(5000); // speed: the bench's session.interrupt.host
    expect(reply.content).toMatchObject({ status: 'error' });
    const after = await execute('Array.from(await r.toArray()).slice(0, 3).join(",")');
    expect(after.reply.status).toBe('ok');
    expect((after.iopub.find((m) => m.header.msg_type === 'execute_result')?.content as { data: Record<string, unknown> }).data['text/plain']).toBe("'0,6,12'");
  });

  it('restarts (kernel back and answering) with fresh state', async () => {
    const t0 = performance.now();
    await kernel.restart();
    await kernel.requestKernelInfo();
    const elapsed = performance.now() - t0;
    const { reply, iopub } = await execute('typeof who');
    expect(reply.status).toBe('ok');
    expect((iopub.find((m) => m.header.msg_type === 'execute_result')?.content as { data: Record<string, unknown> }).data['text/plain']).toBe("'undefined'");
    console.log(`server: restart to kernel_info ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(10_000); // speed: the bench's session.restart (target 2 s)
  });
});
