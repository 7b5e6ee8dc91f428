/**
 * Builds dist/ once before any test file runs (what `npm run build` does: tsc, then `brook check`'s
 * bundle and code cache, scripts/build-check-bundle.mjs, then the `brook lab` page,
 * scripts/build-lab.mjs, when lab/ or the lockfile is newer than it), so no test file rebuilds it while another runs the built
 * CLI or kernel (a half-written dist/ gives spurious failures). Test files that call their own
 * ensureBuilt() then find dist/ fresh (BROOK_TEST_SKIP_BUILD=1 tells the conformance runners so).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export default function setup(): void {
  const root = resolve(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0 || !existsSync(join(root, 'dist', 'cli', 'main.js'))) {
    throw new Error(`the build failed (tsc exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  const b = spawnSync(process.execPath, [join(root, 'scripts', 'build-check-bundle.mjs')], { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (b.status !== 0) throw new Error(`the check bundle's build failed (exit ${b.status}):\n${b.stdout}\n${b.stderr}`);
  if (labPageStale(root)) {
    const l = spawnSync(process.execPath, [join(root, 'scripts', 'build-lab.mjs')], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    if (l.status !== 0) throw new Error(`the lab page's build failed (exit ${l.status}):\n${l.stdout}\n${l.stderr}`);
  }
  process.env.BROOK_TEST_SKIP_BUILD = '1';
}

/** The page (about 10 s to build) is rebuilt only when its sources or the packages changed. */
function labPageStale(root: string): boolean {
  const page = join(root, 'dist', 'lab', 'brook-lab', 'index.js');
  if (!existsSync(page)) return true;
  const sources = [join(root, 'npm-shrinkwrap.json'), join(root, 'scripts', 'build-lab.mjs'), ...readdirSync(join(root, 'lab')).map((f) => join(root, 'lab', f))];
  const built = statSync(page).mtimeMs;
  return sources.some((f) => statSync(f).mtimeMs > built);
}
