#!/usr/bin/env node
/**
 * Rewrites the golden files that print what the compiler's writers produce, for when a change to a
 * writer is intended (`npm run golden:accept`), then checks them once more and shows what changed:
 * - tests/golden/NAME/: IR, WGSL, JavaScript and WebAssembly text of every conformance case
 *   (tests/golden/golden.test.ts);
 * - tests/codegen-host/golden/NAME.js: the host JavaScript of a few programs (tests/codegen-host/golden.test.ts);
 * - tests/compiler/check-cases/ir/NAME.ir: the IR the lowering gives (tests/compiler/lower.test.ts).
 * The golden tests do the writing (BROOK_ACCEPT=1), from the sources: no build, no device, the same
 * text on every machine. Read `git diff` before committing it. WGSL pinned by GPU tests
 * (tests/wgsl/validate.test.ts, tests/webgpu/specialize.test.ts) is refreshed there, with
 * BROOK_UPDATE_GOLDEN=1, since it needs a device.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = ['tests/golden/golden.test.ts', 'tests/codegen-host/golden.test.ts', 'tests/compiler/lower.test.ts'];
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

function run(accept) {
  const env = { ...process.env };
  if (accept) env.BROOK_ACCEPT = '1';
  else delete env.BROOK_ACCEPT;
  return spawnSync(process.execPath, [vitest, 'run', '--project', 'unit', ...files], { cwd: root, env, stdio: 'inherit' }).status;
}

if (run(true) !== 0) {
  console.error('golden:accept: writing the golden files failed (above)');
  process.exit(1);
}
if (run(false) !== 0) {
  console.error('golden:accept: the golden files do not pass right after being written: a writer is not deterministic (above)');
  process.exit(1);
}
const status = spawnSync('git', ['status', '--short', '--', 'tests/golden', 'tests/codegen-host/golden', 'tests/compiler/check-cases/ir'], { cwd: root, encoding: 'utf8' });
if (status.status !== 0) {
  console.log('golden:accept: done (not a git checkout: compare the files yourself)');
} else {
  const changed = status.stdout.trim();
  console.log(changed ? `golden:accept: changed (review with git diff before committing):\n${changed}` : 'golden:accept: nothing changed');
}
