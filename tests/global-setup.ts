/**
 * Builds dist/ once before any test file runs (what `npm run build` does: tsc, then `brook check`'s
 * bundle and code cache, scripts/build-check-bundle.mjs), so no test file rebuilds it while another runs the built
 * CLI or kernel (a half-written dist/ gives spurious failures). Test files that call their own
 * ensureBuilt() then find dist/ fresh (BROOK_TEST_SKIP_BUILD=1 tells the conformance runners so).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  process.env.BROOK_TEST_SKIP_BUILD = '1';
}
