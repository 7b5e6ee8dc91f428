/**
 * Argument parsing of the `kernel`, `install` and `execute` subcommands, so cli/main.ts only dispatches:
 *
 *   brook kernel --connection-file FILE        (what kernel.json runs; `-f FILE` as ipykernel accepts)
 *   brook install [--user | --sys-prefix | --prefix DIR] [--name NAME]
 *   brook execute NOTEBOOK.ipynb [--output OUT.ipynb] [--html [OUT.html]]
 *
 * Exit status: 0 done, 1 a cell failed (execute) or the operation failed, 2 a usage error (one line).
 * Modules load lazily: `brook install` never loads zeromq or the compiler.
 */

export interface CommandIO {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** stderr's own write, taken before any Session replaces it (execute's progress must not become output). */
const realStderrWrite = process.stderr.write.bind(process.stderr);

const defaultIO: CommandIO = {
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
};

export const KERNEL_USAGE = `  kernel   run the Jupyter kernel: brook kernel --connection-file FILE (Jupyter starts it)
  install  register the "Brook (TypeScript)" kernel with Jupyter: brook install [--user | --sys-prefix | --prefix DIR]
  execute  run a notebook headlessly and save its outputs: brook execute NB.ipynb [--output OUT.ipynb] [--html [OUT.html]]
`;

/** `brook NAME --help`: each subcommand's own usage, printed on stdout with exit status 0. */
export const COMMAND_USAGE = {
  kernel: `usage: brook kernel --connection-file FILE   (or -f FILE, as ipykernel accepts)

Runs the Jupyter kernel on the connection file Jupyter writes. Jupyter starts it through the kernelspec
that \`brook install\` registers; there is no need to run it by hand.
`,
  install: `usage: brook install [--user | --sys-prefix | --prefix DIR] [--name NAME]

Registers the "Brook (TypeScript)" kernel with Jupyter (writes kernels/NAME/kernel.json and its logos):
  --user         in your Jupyter data folder (the default; JUPYTER_DATA_DIR, else ~/.local/share/jupyter)
  --sys-prefix   in the active Python environment (VIRTUAL_ENV, CONDA_PREFIX, else the jupyter on PATH)
  --prefix DIR   in DIR/share/jupyter (then run Jupyter with JUPYTER_PATH=DIR/share/jupyter)
  --name NAME    the kernel's folder name (default brook)
`,
  execute: `usage: brook execute NOTEBOOK.ipynb [--output OUT.ipynb] [--html [OUT.html]]

Runs every code cell of the notebook headlessly, in order, on the Brook kernel, and saves the notebook
with its outputs: to OUT.ipynb (-o for short), else back into NOTEBOOK.ipynb. --html also writes a
standalone HTML page (default: the output's name with .html). Stops at the first failing cell that is not
tagged raises-exception (exit status 1), saving what ran.
`,
} as const;

/** Whether the arguments ask for the command's usage (`--help` or `-h` anywhere). */
function asksForHelp(argv: string[]): boolean {
  return argv.some((a) => a === '--help' || a === '-h');
}

function usage(io: CommandIO, message: string): number {
  io.stderr(`brook: ${message}\n`);
  return 2;
}

export async function kernelCommand(argv: string[], io: CommandIO = defaultIO): Promise<number> {
  if (asksForHelp(argv)) return void io.stdout(COMMAND_USAGE.kernel), 0;
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--connection-file' || a === '-f') file = argv[++i];
    else if (a.startsWith('--connection-file=')) file = a.slice('--connection-file='.length);
    else if (!a.startsWith('-') && file === undefined) file = a;
    else return usage(io, `kernel: unknown option '${a}'`);
  }
  if (!file) return usage(io, 'kernel: --connection-file FILE is required (Jupyter passes it; see `brook install`)');
  const [{ runKernel }, { KernelStartError }] = await Promise.all([import('./kernel.js'), import('./wire.js')]);
  try {
    return await runKernel(file);
  } catch (err) {
    if (!(err instanceof KernelStartError)) throw err;
    io.stderr(`brook kernel: ${err.message}\n`);
    return 1;
  }
}

export async function installCommand(argv: string[], io: CommandIO = defaultIO): Promise<number> {
  if (asksForHelp(argv)) return void io.stdout(COMMAND_USAGE.install), 0;
  const options: { user?: boolean; sysPrefix?: boolean; prefix?: string; name?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--user') options.user = true;
    else if (a === '--sys-prefix') options.sysPrefix = true;
    else if (a === '--prefix' || a.startsWith('--prefix=')) options.prefix = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
    else if (a === '--name' || a.startsWith('--name=')) options.name = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
    else return usage(io, `install: unknown option '${a}'`);
  }
  if ('prefix' in options && !options.prefix) return usage(io, 'install: --prefix needs a directory');
  if ('name' in options && !/^[A-Za-z0-9._-]+$/.test(options.name ?? '')) return usage(io, 'install: --name takes letters, digits, ".", "_" and "-"');
  const { installKernelspec } = await import('./install.js');
  try {
    const r = installKernelspec(options);
    io.stdout(`Installed kernelspec ${options.name ?? 'brook'} in ${r.directory}\n`);
    return 0;
  } catch (err) {
    io.stderr(`brook: install: ${(err as Error).message}\n`);
    return 1;
  }
}

export async function executeCommand(argv: string[], io: CommandIO = defaultIO): Promise<number> {
  if (asksForHelp(argv)) return void io.stdout(COMMAND_USAGE.execute), 0;
  let notebook: string | undefined;
  const options: { output?: string; html?: string | boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--output' || a === '-o') options.output = argv[++i];
    else if (a.startsWith('--output=')) options.output = a.slice('--output='.length);
    else if (a === '--html') options.html = argv[i + 1]?.endsWith('.html') ? argv[++i]! : true;
    else if (a.startsWith('--html=')) options.html = a.slice('--html='.length);
    else if (!a.startsWith('-') && notebook === undefined) notebook = a;
    else return usage(io, `execute: unexpected argument '${a}'`);
  }
  if (!notebook) return usage(io, 'execute: which notebook? brook execute NB.ipynb');
  if ('output' in options && !options.output) return usage(io, 'execute: --output needs a path');
  const { executeNotebook } = await import('./execute-notebook.js');
  try {
    // Progress goes to the real stderr: while cells run, the session owns process.stdout and stderr.
    const r = await executeNotebook(notebook, { ...options, progress: (t) => void realStderrWrite(t) });
    if (r.status === 'error' && r.error) {
      io.stderr(`brook: execute: cell ${r.error.cell + 1} failed:\n${r.error.traceback.join('\n')}\n`);
      io.stderr(`(outputs so far written to ${r.output})\n`);
      return 1;
    }
    io.stdout(`Executed ${r.executed} code cells; wrote ${r.output}${r.html ? ` and ${r.html}` : ''}\n`);
    return 0;
  } catch (err) {
    io.stderr(`brook: execute: ${(err as Error).message}\n`);
    return 1;
  } finally {
    // As nbclient stops its kernel, end the process once the notebook is written, even when a cell left a
    // timer or a device open; only when run as the `brook` command (never inside a test runner). The
    // timer is unref'd: a process with nothing left open ends by itself first, with its exit status.
    if (/[\\/]brook(\.js)?$/.test(process.argv[1] ?? '')) setTimeout(() => process.exit(), 2000).unref();
  }
}
