/**
 * The `brook` command (bin/brook.js calls `main(process.argv.slice(2))`).
 *
 *   brook run FILE.br [MORE.br ...] [--backend cpu|webgpu] [-I DIR] [--profile] [--profile-out PREFIX] [--phases-out FILE] [-- ARGS...]
 *   brook check FILE.br [MORE.br ...] [-I DIR]
 *   brook kernel | install | execute ...   (the Jupyter side: kernel/commands.ts parses those)
 *   brook lab [--port N] [--no-browser] [NOTEBOOK]   (a JupyterLab page with the kernel: cli/lab.ts)
 *   brook --help | --version
 *
 * Behaviour a script can rely on:
 * - stdout carries exactly the bytes the program prints (buffered, flushed at exit and on
 *   fflush(stdout)); stderr is written as it happens (C's stderr is unbuffered). Each stream keeps its
 *   own order.
 * - Compile errors: `FILE:LINE:COL: error: BRKnnnn: message`, the line, a caret, a hint; exit status 1.
 *   Warnings print the same way and do not change the status.
 * - Runtime errors: the same form at the statement that failed; exit status 1.
 * - Otherwise the exit status is main's return value or exit(n), modulo 256.
 * - Usage errors and an explicitly requested but unavailable backend: one line, exit status 2.
 * - Backend: `--backend` (required: no fallback), else BROOK_BACKEND / BRT_RUNTIME (cpu means cpu,
 *   any GPU name webgpu; a failure falls back to cpu with one line on stderr), else webgpu where an
 *   adapter exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, USAGE } from './args.js';
import { checkCommand } from './check.js';
import { defaultIO, type CliIO } from './io.js';
import { PhaseClock } from './phases.js';
import { runCommand } from './run.js';

export type { CliIO } from './io.js';

function version(): string {
  // dist/cli/main.js and cli/main.ts sit at different depths below the package root.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const p = resolve(dir, 'package.json');
    if (existsSync(p)) {
      const pkg = JSON.parse(readFileSync(p, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'brook-notebook') return pkg.version ?? '0.0.0';
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

const utf8 = (s: string) => Buffer.from(s, 'utf8');

/** The notebook commands live with the kernel; loaded only when used (no zeromq for `brook run`). */
const NOTEBOOK_COMMANDS = new Set(['kernel', 'install', 'execute']);

async function notebookCommand(name: string, argv: string[], io: CliIO): Promise<number> {
  const cmds = await import('../kernel/commands.js');
  const cio = { stdout: (t: string) => io.stdout(utf8(t)), stderr: (t: string) => io.stderr(utf8(t)) };
  if (name === 'kernel') return cmds.kernelCommand(argv, cio);
  if (name === 'install') return cmds.installCommand(argv, cio);
  return cmds.executeCommand(argv, cio);
}

async function helpText(): Promise<string> {
  try {
    const cmds = await import('../kernel/commands.js');
    return USAGE.replace('\noptions:', `${cmds.KERNEL_USAGE}\noptions:`);
  } catch {
    return USAGE; // the kernel is not built: run and check still work
  }
}

export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  const phases = new PhaseClock();
  const err = (s: string) => io.stderr(utf8(s));
  if (argv[0] && NOTEBOOK_COMMANDS.has(argv[0])) return notebookCommand(argv[0], argv.slice(1), io);
  if (argv[0] === 'lab') return (await import('./lab.js')).labCommand(argv.slice(1), io);
  const parsed = parseArgs(argv);
  if (typeof parsed === 'string') {
    err(`brook: ${parsed}\n${USAGE}`);
    return 2;
  }
  if (parsed.command === 'help') {
    io.stdout(utf8(await helpText()));
    return 0;
  }
  if (parsed.command === 'version') {
    io.stdout(utf8(`brook ${version()}\n`));
    return 0;
  }

  if (parsed.command === 'check') return checkCommand(parsed, err);
  return runCommand(parsed, io, phases);
}

