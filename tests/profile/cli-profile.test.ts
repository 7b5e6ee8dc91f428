/**
 * `brook run --profile [--profile-out PREFIX]`: the program prints exactly what it prints without a
 * profile (stdout), the profile goes to stderr, and PREFIX.json / PREFIX.png hold the tables, the
 * model and the roofline. On each backend, through the built CLI.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, webgpuAdapterAvailable } from '../conformance/cli.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-cli-profile-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
}, 300_000);

function brook(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const env = { ...process.env, BROOK_CACHE_DIR: path.join(tmp, 'cache'), XDG_RUNTIME_DIR: fs.mkdtempSync(path.join(tmp, 'xdg-')) };
  delete env.BROOK_BACKEND;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), ...args], { cwd: repoRoot, env, timeout: 120_000, encoding: 'utf8' }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : -1) : 0;
      resolve({ stdout, stderr, code });
    });
  });
}

const BACKENDS = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['webgpu'] : [])];

describe.each(BACKENDS)('brook run --profile on %s', (backend) => {
  it('stdout unchanged, the profile on stderr, JSON and PNG written', async () => {
    const plain = await brook(['run', 'examples/saxpy.br', '--backend', backend]);
    expect(plain.code).toBe(0);
    const prefix = path.join(tmp, `saxpy-${backend}`);
    const prof = await brook(['run', 'examples/saxpy.br', '--backend', backend, '--profile', '--profile-out', prefix]);
    expect(prof.code, prof.stderr).toBe(0);
    expect(prof.stdout).toBe(plain.stdout);
    expect(prof.stderr).toMatch(/^examples\/saxpy\.br: wall [0-9.]+ ms = kernels/m);
    expect(prof.stderr).toMatch(/^saxpy\s+1\s/m);
    expect(prof.stderr).toContain('cost model (Brook paper, section 5.2), per record:');
    expect(prof.stderr).toContain(`profile written to ${prefix}.json and ${prefix}.png`);
    const json = JSON.parse(fs.readFileSync(`${prefix}.json`, 'utf8')) as { rows: { op: string; flops: number | null }[]; model: { kernel: string }[]; roofline: { $schema: string } | null; peaks: { key: string } };
    // examples/saxpy.br: saxpy over 8 float4 elements (8 flops each).
    expect(json.rows.find((r) => r.op === 'saxpy')!.flops).toBe(64);
    expect(json.model.map((m) => m.kernel)).toContain('saxpy');
    expect(json.roofline!.$schema).toContain('vega-lite/v5');
    expect(json.peaks.key).toContain(backend === 'cpu' ? 'cpu: ' : 'webgpu: ');
    const png = fs.readFileSync(`${prefix}.png`);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  }, 180_000);
});

describe('brook run --profile usage', () => {
  it('--profile-out without --profile is a usage error', async () => {
    const r = await brook(['run', 'examples/saxpy.br', '--profile-out', path.join(tmp, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--profile-out needs --profile');
  });
});
