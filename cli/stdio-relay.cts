/**
 * `brook run` and `brook execute` with stderr written to a file (`> log 2>&1`): the command runs in a
 * child whose stdout and stderr are one FIFO, and this process copies what arrives, in order, through
 * its own descriptors. CommonJS (.cts) like bin/brook.js, which calls it before anything else loads.
 *
 * Why: silencing Dawn's and Mesa's start-up noise (runtime/backends/webgpu/quiet.ts) points fd 2 at
 * /dev/null for the adapter request and then reopens the original by its /proc path; Node has no
 * dup/dup2 to keep the original. For a pipe or a terminal the reopened descriptor writes where the
 * old one did. For a regular file it is a new open-file description with an offset of its own: it no
 * longer shares stdout's offset (`2>&1`), so stdout wrote over stderr's lines, and a shell that
 * redirects several commands to one file lost its place too. Behind the FIFO the swap only ever
 * touches a pipe, and the file's description, shared with stdout and the shell, stays this process's
 * fd 1 and fd 2, written in the order the child wrote (one FIFO keeps the order of both streams).
 * (quiet.ts skips the swap on a regular file, so where no relay runs the noise may show, but no
 * output is lost.)
 *
 * Signals: SIGTERM and SIGHUP are passed on. SIGINT too, except when stdin is a terminal: then the
 * child is in the terminal's process group and Ctrl-C reaches it directly. The exit status is the
 * child's (128 + the signal's number when a signal ended it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, fstatSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set in the child: it runs the command itself. */
const RELAYED = 'BROOK_STDIO_RELAYED';
const COMMANDS = new Set(['run', 'execute']);

function fileId(fd: number): string | undefined {
  try {
    const st = fstatSync(fd);
    return st.isFile() ? `${st.dev}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this command line must run behind the relay: fd 2 is a regular file on Linux. */
export function relayNeeded(command: string | undefined, env: NodeJS.ProcessEnv): boolean {
  if (process.platform !== 'linux' || !command || !COMMANDS.has(command)) return false;
  if (env[RELAYED] === '1' || env.BROOK_DAWN_VERBOSE === '1' || env.BROOK_STDIO_RELAY === '0') return false;
  return fileId(2) !== undefined;
}

/** A FIFO open for reading (non-blocking) and writing, its path already removed; undefined if none. */
function makeFifo(): { read: number; write: number } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'brook-relay-'));
  try {
    const path = join(dir, 'out');
    if (spawnSync('mkfifo', ['-m', '600', path]).status !== 0) return undefined;
    const read = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const write = openSync(path, constants.O_WRONLY);
    return { read, write };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeAll(fd: number, data: Buffer): void {
  let off = 0;
  while (off < data.length) {
    try {
      off += writeSync(fd, data, off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      throw e;
    }
  }
}

/**
 * Runs `node <script> argv...` in the child behind the FIFO and resolves with its exit status;
 * undefined when no FIFO could be made (the caller then runs the command itself).
 */
export function runRelayed(script: string, argv: string[]): Promise<number> | undefined {
  const fifo = makeFifo();
  if (!fifo) return undefined;
  // stdout and stderr to one file: both through the FIFO into fd 1. Else only stderr, into fd 2.
  const together = fileId(1) === fileId(2);
  const target = together ? 1 : 2;
  const interactive = process.stdin.isTTY === true;
  const child = spawn(process.execPath, [...process.execArgv, script, ...argv], {
    stdio: ['inherit', together ? fifo.write : 'inherit', fifo.write],
    env: { ...process.env, [RELAYED]: '1' },
    detached: !interactive,
  });
  closeSync(fifo.write);
  const forwarded: NodeJS.Signals[] = interactive ? ['SIGTERM', 'SIGHUP'] : ['SIGTERM', 'SIGHUP', 'SIGINT'];
  const pass = (signal: NodeJS.Signals) => () => {
    child.kill(signal);
  };
  const handlers = forwarded.map((s) => [s, pass(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);
  if (interactive) process.on('SIGINT', ignore);

  const reader = new Socket({ fd: fifo.read, readable: true, writable: false });
  const drained = new Promise<void>((resolve) => {
    reader.on('data', (chunk: Buffer) => writeAll(target, chunk));
    reader.on('end', resolve);
    reader.on('close', resolve);
    reader.on('error', () => resolve());
  });
  const exited = new Promise<number>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? 128 + (signal ? osConstants.signals[signal] ?? 1 : 1)));
    child.on('error', (e) => {
      writeAll(2, Buffer.from(`brook: could not start the command behind the output relay: ${e.message}\n`));
      resolve(70);
    });
  });
  return exited.then(async (code) => {
    // A process the child left behind may hold the FIFO open: the output waits at most a second for it.
    await Promise.race([drained, new Promise((r) => setTimeout(r, 1000).unref())]);
    reader.destroy();
    for (const [s, h] of handlers) process.off(s, h);
    process.off('SIGINT', ignore);
    return code;
  });
}

function ignore(): void {}

