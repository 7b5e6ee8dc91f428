/**
 * Builds what the running vitest project needs before any of its test files run (tests/projects.ts:
 * unit nothing, gpu tsc, bench tsc and the CLI bundles, jupyter also the `brook lab` page), so no test
 * file rebuilds dist/ while another runs the built CLI or kernel (a half-written dist/ gives spurious
 * failures). Each project runs this once; a level already built in this run is not built again
 * (BROOK_TEST_BUILT). Test files that call their own ensureBuilt() then find dist/ fresh
 * (BROOK_TEST_SKIP_BUILD=1 tells the conformance runners so).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILD_LEVELS, PROJECT_BUILD, type BuildLevel, type ProjectName } from './projects.js';

export default function setup(project: TestProject): void {
  const want = PROJECT_BUILD[project.name as ProjectName];
  if (want === undefined) throw new Error(`tests/global-setup.ts: no build level for vitest project '${project.name}' (tests/projects.ts)`);
  const done = (process.env.BROOK_TEST_BUILT ?? 'none') as BuildLevel;
  if (BUILD_LEVELS.indexOf(want) <= BUILD_LEVELS.indexOf(done)) return;
  build(resolve(import.meta.dirname, '..'), done, want);
  process.env.BROOK_TEST_BUILT = want;
  process.env.BROOK_TEST_SKIP_BUILD = '1';
}

/** The steps after `done` up to `want`: tsc, then the CLI bundles, then the lab page. */
function build(root: string, done: BuildLevel, want: BuildLevel): void {
  const step = (level: BuildLevel) => BUILD_LEVELS.indexOf(level) > BUILD_LEVELS.indexOf(done) && BUILD_LEVELS.indexOf(level) <= BUILD_LEVELS.indexOf(want);
  if (step('tsc')) tsc(root);
  if (step('bundles')) {
    const b = spawnSync(process.execPath, [join(root, 'scripts', 'build-check-bundle.mjs')], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    if (b.status !== 0) throw new Error(`the check bundle's build failed (exit ${b.status}):\n${b.stdout}\n${b.stderr}`);
  }
  if (step('lab') && labPageStale(root)) {
    const l = spawnSync(process.execPath, [join(root, 'scripts', 'build-lab.mjs')], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    if (l.status !== 0) throw new Error(`the lab page's build failed (exit ${l.status}):\n${l.stdout}\n${l.stderr}`);
  }
}

function tsc(root: string): void {
  const r = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.json')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0 || !existsSync(join(root, 'dist', 'cli', 'main.js'))) {
    throw new Error(`the build failed (tsc exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
}

/** The page (about 10 s to build) is rebuilt only when its sources or the packages changed. */
function labPageStale(root: string): boolean {
  const page = join(root, 'dist', 'lab', 'brook-lab', 'index.js');
  if (!existsSync(page)) return true;
  const sources = [join(root, 'npm-shrinkwrap.json'), join(root, 'scripts', 'build-lab.mjs'), ...readdirSync(join(root, 'lab')).map((f) => join(root, 'lab', f))];
  const built = statSync(page).mtimeMs;
  return sources.some((f) => statSync(f).mtimeMs > built);
}
