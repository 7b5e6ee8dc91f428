/**
 * Shared by the conformance and error runners: build dist/ once per test run, then run the real CLI
 * (`node bin/brook.js run FILE --backend B`) as a child process and capture stdout, stderr and status.
 *
 * Both runners (separate vitest worker processes) may start at once, so the build is guarded by a lock
 * directory: the first process builds; a process that had to wait for the lock finds a fresh stamp and
 * skips its own build. Set BROOK_TEST_SKIP_BUILD=1 to use the dist/ already there.
 */
import { execFile, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const lockDir = path.join(repoRoot, 'dist', '.brook-test-build.lock');
const stampFile = path.join(repoRoot, 'dist', '.brook-test-build.stamp');

export interface BuildResult {
  ok: boolean;
  /** tsc output when the build reported errors (tsc still emits JavaScript unless noEmitOnError). */
  log: string;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Runs `npm run build` once for all test files of this run (see the module comment). */
export async function ensureBuilt(): Promise<BuildResult> {
  if (process.env.BROOK_TEST_SKIP_BUILD === '1') return checkDist('');
  fs.mkdirSync(path.join(repoRoot, 'dist'), { recursive: true });
  const waitStart = Date.now();
  let waited = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      waited = true;
      // A lock older than 10 minutes belongs to a killed run.
      try {
        if (Date.now() - fs.statSync(lockDir).mtimeMs > 600_000) fs.rmSync(lockDir, { recursive: true, force: true });
      } catch {
        /* removed meanwhile */
      }
      await sleep(250);
    }
  }
  try {
    if (waited && fs.existsSync(stampFile) && fs.statSync(stampFile).mtimeMs >= waitStart - 1000) {
      return checkDist(fs.readFileSync(stampFile, 'utf8'));
    }
    const r = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, encoding: 'utf8', timeout: 300_000 });
    const log = r.status === 0 ? '' : `npm run build exited ${r.status}\n${r.stdout}\n${r.stderr}`;
    fs.writeFileSync(stampFile, log);
    return checkDist(log);
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * BROOK_TEST_CLI names another script to run instead of bin/brook.js (same arguments). It exists to
 * test these runners themselves, e.g. with a stand-in that runs the C references; never set it in CI.
 */
const cliOverride = process.env.BROOK_TEST_CLI;

function checkDist(log: string): BuildResult {
  if (cliOverride) return { ok: true, log };
  const ok = fs.existsSync(path.join(repoRoot, 'dist', 'cli', 'main.js'));
  return { ok, log: ok ? log : `${log}\ndist/cli/main.js is missing after the build` };
}

export interface RunResult {
  stdout: string;
  stderr: string;
  /** Exit status; null when killed by a signal or the timeout. */
  code: number | null;
  timedOut: boolean;
}

/**
 * Runs `node bin/brook.js run <file> --backend <backend>` from the repository root; program arguments,
 * when there are any, follow a `--` separator (`... --backend cpu -- 5 2.5 word`) so the CLI can never
 * mistake them for its own options. `extraEnv` is added to the environment (BROOK_FUSE, ...).
 */
export function runBrook(file: string, backend: 'cpu' | 'webgpu', args: string[] = [], timeoutMs = 50_000, extraEnv: Record<string, string> = {}): Promise<RunResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  delete env.BROOK_BACKEND;
  delete env.BRT_RUNTIME;
  // Dawn/Mesa write warnings to native stderr unless XDG_RUNTIME_DIR is a usable private folder.
  env.XDG_RUNTIME_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'brook-xdg-'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliOverride ?? path.join(repoRoot, 'bin', 'brook.js'), 'run', file, '--backend', backend, ...(args.length > 0 ? ['--', ...args] : [])],
      { cwd: repoRoot, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null;
        const code = e ? (typeof e.code === 'number' ? e.code : null) : 0;
        resolve({ stdout, stderr, code, timedOut: Boolean(e?.killed) });
      },
    );
  });
}

/** The backends a `brook run` test runs on: cpu always; webgpu unless BROOK_TEST_WEBGPU=0 or no adapter. */
export function cliBackends(): ('cpu' | 'webgpu')[] {
  return process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['cpu', 'webgpu'] : ['cpu'];
}

/**
 * Whether a WebGPU adapter can be had here, asked in a child process so a crashing driver cannot take
 * the test worker down. Uses the `webgpu` package directly, not our backend, so a backend that silently
 * falls back to the CPU cannot make this say yes.
 */
export function webgpuAdapterAvailable(): boolean {
  const script = `
    import('webgpu').then(async ({ create, globals }) => {
      Object.assign(globalThis, globals);
      const gpu = create([]);
      const a = await gpu.requestAdapter();
      process.stdout.write(a ? 'adapter-yes' : 'adapter-no');
      process.exit(0);
    }).catch(() => { process.stdout.write('adapter-no'); process.exit(0); });`;
  const xdg = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-xdg-'));
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, XDG_RUNTIME_DIR: xdg },
  });
  return r.stdout.includes('adapter-yes');
}
