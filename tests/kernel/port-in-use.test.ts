/**
 * A kernel whose port another process holds says which channel and endpoint, and exits with status 1: no
 * abort. (It used to abort with "terminate called after throwing an instance of 'Napi::Error'" when one
 * of the worker's ports was taken: a worker thread that exits holding zeromq sockets takes the process
 * down, zeromq.js#411.) Jupyter's restarter then starts it on new ports (random_ports_until_alive).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROOK_BIN, ensureBuilt } from './build.js';
import { writeConnectionFile } from './client.js';

let holder: Server | undefined;
afterEach(() => {
  holder?.close();
  holder = undefined;
});

function hold(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

function runKernel(file: string, cwd: string): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BROOK_BIN, 'kernel', '--connection-file', file], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BROOK_BACKEND: 'cpu' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
  });
}

describe('a kernel whose port is taken', () => {
  const channels = [['shell', 'shell_port'], ['iopub', 'iopub_port'], ['control', 'control_port'], ['stdin', 'stdin_port'], ['heartbeat', 'hb_port']] as const;
  for (const [channel, field] of channels) {
    it(`names the ${channel} channel and its endpoint, and exits with status 1`, async () => {
      await ensureBuilt();
      const cwd = mkdtempSync(join(tmpdir(), 'brook-port-'));
      const { file, info } = await writeConnectionFile(cwd);
      holder = await hold(info[field]);
      const run = await runKernel(file, cwd);
      expect(run.stderr).not.toContain('terminate called');
      expect(run.signal).toBeNull();
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`brook kernel: cannot listen for the ${channel} channel on tcp://127.0.0.1:${info[field]}: Address already in use`);
      expect(run.stderr).toContain('start the kernel again');
      expect(run.stderr).not.toContain('internal error');
    }, 60_000);
  }
});
