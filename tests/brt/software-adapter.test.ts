/**
 * The default backend when the only WebGPU adapter is a software renderer (lavapipe/llvmpipe,
 * SwiftShader: Dawn's fallback adapter): the CPU backend, said in one line (on stderr for `brook run`,
 * once per session in the kernel). Asking for webgpu in any way (--backend webgpu, BROOK_BACKEND=webgpu,
 * `%brook backend webgpu`, requireGpu) still runs on it, which is how the tests run on lavapipe.
 *
 * What the machine offers is read here from Dawn directly (the reference); CI installs lavapipe and
 * nothing else, so there the software case is the one tested. On a GPU machine the same tests check
 * that the default stays webgpu, silently.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { ensureBuilt } from '../kernel/build.js';
import { KernelClient } from '../kernel/client.js';

const root = join(import.meta.dirname, '..', '..');
const SOFTWARE = /llvmpipe|lavapipe|swiftshader/i;

/** The adapter Dawn offers by default, classified independently of the runtime's own test. */
async function offeredAdapter(): Promise<{ kind: 'none' | 'software' | 'hardware'; name: string }> {
  const { create, globals } = (await import('webgpu')) as unknown as { create: (f: string[]) => GPU; globals: object };
  Object.assign(globalThis, globals);
  const adapter = await create([]).requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) return { kind: 'none', name: '' };
  const info = adapter.info as GPUAdapterInfo & { isFallbackAdapter?: boolean };
  const software = info.isFallbackAdapter === true || SOFTWARE.test(`${info.description} ${info.device}`);
  return { kind: software ? 'software' : 'hardware', name: info.description };
}

let offered: Awaited<ReturnType<typeof offeredAdapter>>;
const runtimes: BrookRuntimeHandle[] = [];
beforeAll(async () => {
  offered = await offeredAdapter();
  // CI (.ci/run sets CI) installs lavapipe as the only Vulkan driver: the case this file is about.
  if (process.env.CI) expect(offered.kind).toBe('software');
});
afterAll(() => {
  for (const rt of runtimes) rt.dispose();
});

async function runtime(options: Parameters<typeof createRuntime>[0]) {
  const err: string[] = [];
  const rt = await createRuntime({ stdout: () => {}, stderr: (s) => err.push(s), ...options });
  runtimes.push(rt);
  return { rt, err };
}

describe('createRuntime: the default choice and a software adapter', () => {
  it('left to itself: cpu with one line when the adapter is software, webgpu silently on a GPU', async () => {
    const { rt, err } = await runtime({ env: {} });
    if (offered.kind === 'software') {
      expect(rt.backend.name).toBe('cpu');
      expect(rt.softwareAdapter).toMatch(SOFTWARE);
      expect(rt.fallbackReason).toMatch(/software renderer/);
      expect(err).toEqual([`brook: running on the CPU backend: the only WebGPU adapter is ${rt.softwareAdapter}, a software renderer (--backend webgpu or BROOK_BACKEND=webgpu uses it)\n`]);
      expect(err[0]!.trim().split('\n')).toHaveLength(1);
    } else if (offered.kind === 'hardware') {
      expect(rt.backend.name).toBe('webgpu');
      expect(err).toEqual([]);
    } else {
      expect(rt.backend.name).toBe('cpu');
      expect(err.join('')).toMatch(/WebGPU backend unavailable/);
    }
  });

  it('asked for webgpu (option, BROOK_BACKEND, BRT_RUNTIME, BROOK_REQUIRE_GPU): the adapter is used, silently', async () => {
    if (offered.kind === 'none') return; // nothing to use; the fallback without an adapter is create.test.ts's
    for (const options of [{ backend: 'webgpu' as const, env: {} }, { env: { BROOK_BACKEND: 'webgpu' } }, { env: { BRT_RUNTIME: 'llvmpipe' } }, { env: { BROOK_REQUIRE_GPU: '1' } }]) {
      const { rt, err } = await runtime(options);
      expect({ options, backend: rt.backend.name, err }).toEqual({ options, backend: 'webgpu', err: [] });
      expect(rt.backend.description).toContain(offered.name.split(':')[0]!);
      expect(rt.softwareAdapter).toBeUndefined();
    }
  });

  it('sayFallback: false keeps the line off stderr; the reason stays on the runtime', async () => {
    const { rt, err } = await runtime({ env: {}, sayFallback: false });
    expect(err).toEqual([]);
    if (offered.kind === 'software') expect(rt.fallbackReason).toMatch(/software renderer/);
  });
});

describe('brook run: the default backend on a software adapter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brook-software-'));
  const { BROOK_BACKEND: _b, BRT_RUNTIME: _r, BROOK_REQUIRE_GPU: _q, ...plainEnv } = process.env;
  function run(extra: string[]) {
    const phases = join(dir, `phases-${extra.join('-') || 'default'}.json`);
    const r = spawnSync(process.execPath, [join(root, 'bin', 'brook.js'), 'run', join(root, 'examples', 'saxpy.br'), '--phases-out', phases, ...extra], {
      cwd: dir, encoding: 'utf8', env: { ...plainEnv, BROOK_CACHE_DIR: join(dir, 'cache') }, timeout: 60_000,
    });
    // Dawn's own limit warnings under lavapipe reach a piped stderr (backends/webgpu/quiet.ts); not ours.
    const stderr = r.stderr.split('\n').filter((l) => !/^Warning: max\w+ artificially reduced/.test(l)).join('\n');
    const p = JSON.parse(readFileSync(phases, 'utf8')) as { backend: string; adapter: string };
    return { status: r.status, stdout: r.stdout, stderr, backend: p.backend, adapter: p.adapter };
  }

  it('no --backend: the CPU backend and one line on stderr; --backend webgpu: the software adapter, silently', () => {
    const cpu = run(['--backend', 'cpu']);
    expect(cpu).toMatchObject({ status: 0, stderr: '', backend: 'cpu' });
    expect(cpu.stdout).toContain('sum: 64.0 120.0 176.0 232.0');
    const byDefault = run([]);
    if (offered.kind === 'software') {
      expect(byDefault).toMatchObject({ status: 0, stdout: cpu.stdout, backend: 'cpu' });
      expect(byDefault.stderr).toMatch(/^brook: running on the CPU backend: the only WebGPU adapter is \S+, a software renderer \(--backend webgpu or BROOK_BACKEND=webgpu uses it\)\n$/);
    } else if (offered.kind === 'hardware') {
      expect(byDefault).toMatchObject({ status: 0, stdout: cpu.stdout, stderr: '', backend: 'webgpu' });
    }
    if (offered.kind === 'none') return;
    const gpu = run(['--backend', 'webgpu']);
    expect(gpu).toMatchObject({ status: 0, stdout: cpu.stdout, stderr: '', backend: 'webgpu' });
    expect(gpu.adapter).toContain(offered.name.split(':')[0]!);
  });
});

describe('the kernel: said once per session; %brook backend webgpu uses the software adapter', () => {
  let k: KernelClient;
  beforeAll(async () => {
    await ensureBuilt();
    k = await KernelClient.start(undefined, undefined, { BROOK_BACKEND: '', BRT_RUNTIME: '', BROOK_REQUIRE_GPU: '' });
    await k.untilIopubReady();
  });
  afterAll(() => k?.close());

  type Msg = { header: { msg_type: string }; content: unknown };
  const printed = (iopub: Msg[]) => iopub.filter((m) => m.header.msg_type === 'stream').map((m) => (m.content as { text: string }).text).join('');
  const shown = (iopub: Msg[]) => iopub.filter((m) => m.header.msg_type === 'display_data').map((m) => String((m.content as { data: Record<string, unknown> }).data['text/plain']));
  /** The lines that say why the session runs on the CPU (magics/session.ts takeFallbackNotice). */
  const notices = (iopub: Msg[]) => shown(iopub).filter((t) => /^brook: (running on the CPU backend|WebGPU is not available)/.test(t));
  const cell = '%%brook\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nfloat a<4>, b<4>;\nfloat h[4] = {1.0f, 2.0f, 3.0f, 4.0f};\nstreamRead(a, h);\ntwice(a, b);\nstreamWrite(b, h);\nprintf("%g %g %g %g\\n", h[0], h[1], h[2], h[3]);';

  it('first %%brook cell: the one line (software adapter) with the right values; the next cell: not again', async () => {
    const first = await k.execute(cell, {}, 60_000);
    expect(first.reply.content.status).toBe('ok');
    expect(printed(first.iopub)).toBe('2 4 6 8\n');
    if (offered.kind === 'software') {
      expect(notices(first.iopub)).toEqual([expect.stringMatching(/^brook: running on the CPU backend: the only WebGPU adapter is \S+, a software renderer \(%brook backend webgpu uses it\)$/)]);
      expect(shown(first.iopub)).toContain('[brook: cpu]'); // the cell's backend badge
    } else if (offered.kind === 'hardware') expect(notices(first.iopub)).toEqual([]);
    const second = await k.execute(cell, {}, 60_000);
    expect(printed(second.iopub)).toBe('2 4 6 8\n');
    expect(notices(second.iopub)).toEqual([]);
  });

  it('%brook backend says cpu; %brook backend webgpu switches to the adapter and the values stay right', async () => {
    if (offered.kind !== 'software') return;
    const asked = await k.execute('%brook backend');
    expect(shown(asked.iopub)).toEqual(['cpu']);
    const switched = await k.execute('%brook backend webgpu', {}, 60_000);
    expect(shown(switched.iopub)).toEqual([expect.stringMatching(new RegExp(`^brook backend: webgpu: ${offered.name.split(':')[0]}`))]);
    const again = await k.execute(cell, {}, 60_000);
    expect(printed(again.iopub)).toBe('2 4 6 8\n');
    expect(notices(again.iopub)).toEqual([]);
    expect(shown(again.iopub)).toContainEqual(expect.stringMatching(/^\[brook: webgpu: /));
  });
});
