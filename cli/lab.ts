/**
 * `brook lab [--port N] [--no-browser] [NOTEBOOK]`: a JupyterLab 4 notebook page with the Brook kernel.
 *
 * In:  NOTEBOOK (default: a new Untitled.ipynb in the current folder; a missing file is created
 *      empty, with the Brook kernel in its metadata); the page that `npm run build` wrote to
 *      dist/lab/brook-lab/ (scripts/build-lab.mjs, from lab/); a Python with jupyter_server (Debian's
 *      python3-jupyter-server, which scripts/setup-system.sh installs; BROOK_LAB_PYTHON overrides).
 * Out: jupyter_server serving NOTEBOOK's folder, with dist/lab as a static path, on 127.0.0.1:N
 *      (default 8888, or the next free port when --port is not given); one line on stdout, the
 *      page's URL with its token; the browser opened on it unless --no-browser. The server's log
 *      goes to stderr. Ends when the server ends (Ctrl-C, SIGTERM), with the server's exit status.
 * Always: the kernelspec is written by `brook install --prefix` into a temporary folder that only
 *      this server sees (JUPYTER_PATH), removed at the end: the user's Jupyter setup is not touched.
 *      As root, jupyter_server gets --allow-root. The token is random, per run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIO } from './io.js';

export const LAB_USAGE = `usage: brook lab [--port N] [--no-browser] [NOTEBOOK.ipynb]

Opens NOTEBOOK (default: a new Untitled.ipynb here) in a JupyterLab notebook page with the Brook
kernel, served by jupyter_server on 127.0.0.1, and prints the page's URL with its token.

options:
  --port N       serve on port N (default 8888, or the next free one)
  --no-browser   only print the URL
environment:
  BROOK_LAB_PYTHON   the Python whose jupyter_server to use (default /usr/bin/python3, else python3)
`;

/** The page's path under the server: dist/lab is the static path, the page is its brook-lab/. */
export const LAB_PAGE = 'static/brook-lab/index.html';

export interface LabArgs {
  port?: number;
  browser: boolean;
  notebook?: string;
}

export function parseLabArgs(argv: string[]): LabArgs | 'help' | string {
  const args: LabArgs = { browser: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return 'help';
    if (a === '--no-browser') args.browser = false;
    else if (a === '--port' || a.startsWith('--port=')) {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      const n = Number(v);
      if (!v || !Number.isInteger(n) || n < 1 || n > 65535) return `lab: --port takes a port number (1-65535), not '${v ?? ''}'`;
      args.port = n;
    } else if (!a.startsWith('-') && args.notebook === undefined) args.notebook = a;
    else return `lab: unexpected argument '${a}'`;
  }
  if (args.notebook !== undefined && !args.notebook.endsWith('.ipynb')) return `lab: '${args.notebook}' is not a notebook (.ipynb)`;
  return args;
}

/** dist/lab of this installation: below the nearest folder above this module (dist/cli/ or cli/)
 *  that holds bin/brook.js. */
export function labStaticDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4 && !existsSync(join(dir, 'bin', 'brook.js')); i++) dir = dirname(dir);
  return join(dir, 'dist', 'lab');
}

/** An empty notebook that opens with the Brook kernel. */
const EMPTY_NOTEBOOK = {
  cells: [{ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source: [] }],
  metadata: {
    kernelspec: { display_name: 'Brook (TypeScript)', language: 'typescript', name: 'brook' },
    language_info: { name: 'typescript', file_extension: '.ts', mimetype: 'text/typescript' },
  },
  nbformat: 4,
  nbformat_minor: 5,
};

/** NOTEBOOK as given, or the first free Untitled[N].ipynb in the current folder. */
function notebookPath(given: string | undefined): string {
  if (given !== undefined) return resolve(given);
  for (let n = 0; ; n++) {
    const p = resolve(`Untitled${n === 0 ? '' : n}.ipynb`);
    if (!existsSync(p)) return p;
  }
}

/** The first Python that has jupyter_server. */
function findPython(env: NodeJS.ProcessEnv): string | undefined {
  const candidates = env.BROOK_LAB_PYTHON ? [env.BROOK_LAB_PYTHON] : ['/usr/bin/python3', 'python3'];
  return candidates.find((py) => spawnSync(py, ['-c', 'import jupyter_server'], { stdio: 'ignore' }).status === 0);
}

export async function labCommand(argv: string[], io: CliIO): Promise<number> {
  const out = (s: string) => io.stdout(Buffer.from(s, 'utf8'));
  const err = (s: string) => io.stderr(Buffer.from(s, 'utf8'));
  const parsed = parseLabArgs(argv);
  if (parsed === 'help') {
    out(LAB_USAGE);
    return 0;
  }
  if (typeof parsed === 'string') {
    err(`brook: ${parsed}\n`);
    return 2;
  }
  const staticDir = labStaticDir();
  if (!existsSync(join(staticDir, 'brook-lab', 'index.html'))) {
    err(`brook: lab: the page is not built (${join(staticDir, 'brook-lab')}); run \`npm run build\` with the devDependencies installed\n`);
    return 1;
  }
  const env = { ...process.env, ...io.env } as NodeJS.ProcessEnv;
  const python = findPython(env);
  if (!python) {
    err('brook: lab: no Python with jupyter_server found; on Debian or Ubuntu: sudo apt-get install python3-jupyter-server (scripts/setup-system.sh does), elsewhere: pip install jupyter_server; or set BROOK_LAB_PYTHON\n');
    return 1;
  }
  const nb = notebookPath(parsed.notebook);
  if (!existsSync(nb)) {
    if (!existsSync(dirname(nb))) {
      err(`brook: lab: the folder ${dirname(nb)} does not exist\n`);
      return 1;
    }
    writeFileSync(nb, JSON.stringify(EMPTY_NOTEBOOK, null, 1) + '\n');
    err(`brook lab: created ${nb}\n`);
  } else if (!statSync(nb).isFile()) {
    err(`brook: lab: ${nb} is not a file\n`);
    return 1;
  }

  // The kernelspec, where only this server looks.
  const prefix = mkdtempSync(join(tmpdir(), 'brook-lab-'));
  const cleanUp = () => rmSync(prefix, { recursive: true, force: true });
  try {
    const { installKernelspec } = await import('../kernel/install.js');
    installKernelspec({ prefix });
  } catch (e) {
    cleanUp();
    err(`brook: lab: ${(e as Error).message}\n`);
    return 1;
  }
  const jupyterPath = [join(prefix, 'share', 'jupyter'), env.JUPYTER_PATH].filter(Boolean).join(delimiter);
  const token = randomBytes(24).toString('hex');
  const serverArgs = [
    '-m', 'jupyter_server',
    '--no-browser',
    '--ServerApp.ip=127.0.0.1',
    `--ServerApp.port=${parsed.port ?? 8888}`,
    // An explicit --port is that port or an error (jupyter_server would move on to the next free one).
    ...(parsed.port !== undefined ? ['--ServerApp.port_retries=0'] : []),
    `--ServerApp.token=${token}`,
    `--ServerApp.root_dir=${dirname(nb)}`,
    `--ServerApp.extra_static_paths=${staticDir}`,
    ...(process.getuid?.() === 0 ? ['--allow-root'] : []),
  ];
  const server = spawn(python, serverArgs, { env: { ...env, JUPYTER_PATH: jupyterPath }, stdio: ['ignore', 'inherit', 'pipe'] });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // The server's log passes through; its "is running at" lines give the port it got.
  let announced = false;
  let pending = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    io.stderr(chunk);
    if (announced) return;
    pending += chunk.toString('utf8');
    const m = /is running at:[\s\S]*?https?:\/\/[^\s/:]+:(\d+)\//.exec(pending);
    if (!m) return;
    announced = true;
    pending = '';
    const url = `http://127.0.0.1:${m[1]}/${LAB_PAGE}?path=${encodeURIComponent(basename(nb))}&token=${token}`;
    out(`${url}\n`);
    if (parsed.browser) openBrowser(python, url);
  });

  const code = await new Promise<number>((done) => server.on('exit', (c, signal) => done(c ?? (signal === 'SIGTERM' ? 0 : 1))));
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  cleanUp();
  if (!announced) err('brook: lab: jupyter_server stopped before it served the page (its log is above)\n');
  return announced ? code : code || 1;
}

/** As jupyter_server itself does: Python's webbrowser module (it honours $BROWSER). A failure only
 *  means the user opens the printed URL by hand. */
function openBrowser(python: string, url: string): void {
  const child = spawn(python, ['-m', 'webbrowser', '-t', url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}
