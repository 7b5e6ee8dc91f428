/**
 * Runs jupyter_kernel_test's suite (tests/jupyter/test_brook_kernel.py) with Debian's /usr/bin/python3
 * against the kernelspec installKernelspec writes. Every test of the suite must run and pass; a skipped
 * one fails this wrapper (the samples in the .py file are filled in so none is skipped).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../kernel/build.js';
import { testKernelspec } from '../kernel/kernelspec.js';

const PYTHON = '/usr/bin/python3';

beforeAll(async () => {
  await ensureBuilt();
});

describe('jupyter_kernel_test', () => {
  it('has its Python tools (scripts/setup-system.sh installs them)', () => {
    expect(existsSync(PYTHON)).toBe(true);
    const r = spawnSync(PYTHON, ['-c', 'import jupyter_kernel_test, jupyter_client; print(jupyter_kernel_test.__version__)'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  });

  it('passes every test of the suite against the Brook kernel', () => {
    const { jupyterPath } = testKernelspec();
    const r = spawnSync(PYTHON, ['-m', 'unittest', '-v', 'test_brook_kernel'], {
      cwd: import.meta.dirname,
      encoding: 'utf8',
      timeout: 240_000,
      // webgpu asked for explicitly: left to itself the kernel takes the CPU on a software adapter and says
      // so in the first %%brook cell's outputs, before the ones the suite inspects.
      env: { ...process.env, BROOK_BACKEND: process.env.BROOK_BACKEND || 'webgpu', JUPYTER_PATH: jupyterPath, PYTHONPATH: import.meta.dirname, PYTHONDONTWRITEBYTECODE: '1' },
    });
    const report = `${r.stdout}\n${r.stderr}`;
    expect(r.status, report).toBe(0);
    const ran = /Ran (\d+) tests?/.exec(report);
    expect(Number(ran?.[1]), report).toBeGreaterThanOrEqual(24); // 12 with TypeScript cells, 12 with %%brook cells
    expect(report).not.toMatch(/skipped/);
    expect(report).toMatch(/\nOK\s*$/m);
  }, 300_000);
});
