/**
 * Builds dist/ (what the kernelspec starts) before tests that run the kernel as a process. tsc emits even
 * when other people's files have type errors mid-work, so the build is checked by the files it must
 * produce, not by its exit status. One build at a time across vitest's forks (a lock directory), and none
 * when dist/ is newer than every source of the kernel, the CLI and the magics.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BROOK_BIN = join(ROOT, 'bin', 'brook.js');

function newest(dir: string): number {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.name.endsWith('.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

const REQUIRED = ['dist/kernel/kernel.js', 'dist/kernel/control-worker.js', 'dist/kernel/commands.js', 'dist/cli/main.js'];

function fresh(): boolean {
  if (!REQUIRED.every((f) => existsSync(join(ROOT, f)))) return false;
  const built = Math.min(...REQUIRED.map((f) => statSync(join(ROOT, f)).mtimeMs));
  return ['kernel', 'cli', 'magics'].every((d) => newest(join(ROOT, d)) <= built);
}

export async function ensureBuilt(): Promise<void> {
  const lock = join(tmpdir(), 'brook-kernel-tests-build.lock');
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if ((statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) < Date.now() - 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for the build lock ${lock}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    if (fresh()) return;
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.json')], {
      cwd: ROOT, encoding: 'utf8', timeout: 240_000,
    });
    for (const f of REQUIRED) {
      if (!existsSync(join(ROOT, f))) throw new Error(`build did not produce ${f}:\n${r.stdout}\n${r.stderr}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
