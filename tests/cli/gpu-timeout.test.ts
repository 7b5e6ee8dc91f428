/**
 * `brook run` on webgpu (lavapipe) with a kernel whose loop never ends for one element: the watchdog
 * (BROOK_KERNEL_TIMEOUT) and the loop budget (BROOK_LOOP_BUDGET) each end the program with exit
 * status 1 and a located message, no stack (docs/DECISIONS.md "Endless GPU kernels"). A real process:
 * the watchdog is armed by cli/run.ts from the environment.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'brook-gpu-timeout-'));
const prog = join(dir, 'endless.br');
writeFileSync(prog, `kernel void k(float a<>, out float b<>) {
  float x = a;
  while (x > 0.0) {
    x = x + 1.0;
  }
  b = x;
}
int main() {
  float a<512, 512>, b<512, 512>;
  float x[262144];
  float y[262144];
  int i;
  for (i = 0; i < 262144; i++) x[i] = (i == 1000) ? 1.0 : -1.0;
  streamRead(a, x);
  k(a, b);
  streamWrite(b, y);
  printf("%f\\n", y[0]);
  return 0;
}
`);

function run(env: Record<string, string>) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(root, 'bin/brook.js'), 'run', '--backend', 'webgpu', prog], {
    env: { ...process.env, BROOK_RUN_LOADER: 'modules', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, seconds: (performance.now() - t0) / 1000 };
}

it('BROOK_KERNEL_TIMEOUT=2 stops an endless GPU kernel: exit 1, BRK5051 at the loop, no stack', () => {
  const r = run({ BROOK_KERNEL_TIMEOUT: '2' });
  console.log(`brook run, endless kernel, BROOK_KERNEL_TIMEOUT=2: exit ${r.status} after ${r.seconds.toFixed(2)} s (start-up included)`);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain(`${prog}:3:3: error: BRK5051: stopped by the watchdog after 2 seconds`);
  expect(r.stderr).toContain('while (x > 0.0) {');
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stdout).toBe('');
  expect(r.seconds).toBeLessThan(2 + 2 + 10); // the bound: 2 s past the limit; slack for start-up on a loaded machine
}, 130_000);

it('BROOK_LOOP_BUDGET stops it without a watchdog: exit 1, BRK5070 at the loop', () => {
  const r = run({ BROOK_LOOP_BUDGET: '100000' });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain(`${prog}:3:3: error: BRK5070: kernel 'k': this loop ran more than 100000 iterations for 1 element, and was stopped`);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}, 130_000);
