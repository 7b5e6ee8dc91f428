/**
 * Profiles in the notebook: `%%brook --profile`, `profile(async () => ...)` in TypeScript cells and
 * `%brook peaks`, through the handlers the kernel calls (kernel/magics-api.ts) with a recording
 * ExecuteContext, on each backend. Peaks are measured into a temporary cache folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getCellMagic, getLineMagic, parseCellMagic, type ExecuteContext, type MimeBundle } from '../../kernel/magics-api.js';
import '../../magics/index.js';
import type { Profile } from '../../runtime/profile/index.js';
import { webgpuAdapterAvailable } from '../conformance/cli.js';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-profile-cache-'));
process.env.BROOK_CACHE_DIR = cacheDir;
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

const BACKENDS = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? ['webgpu'] : [])];

function context(globals: Record<string, unknown>) {
  const displays: { data: MimeBundle; metadata?: unknown }[] = [];
  const err: string[] = [];
  const ctx: ExecuteContext = {
    executionCount: 1,
    signal: new AbortController().signal,
    globals,
    stdout: () => {},
    stderr: (t) => err.push(t),
    display: async () => {},
    displayData: (d, m) => displays.push({ data: d, metadata: m }),
    setResult: () => {},
    throwIfInterrupted: () => {},
    setDeclarations: () => {},
  };
  return { ctx, displays, err };
}

async function cell(text: string, globals: Record<string, unknown>) {
  const c = context(globals);
  await getCellMagic('brook')!.execute(parseCellMagic(text)!, c.ctx);
  return c;
}

type ProfileFn = (fn: unknown, options?: unknown) => Promise<Profile>;
const profile = (globalThis as unknown as { profile: ProfileFn }).profile;

describe.each(BACKENDS)('profiles in the notebook on %s', (backend) => {
  const g: Record<string, unknown> = {};
  const n = 2048;
  g.X = Float32Array.from({ length: 4 * n }, (_, i) => i / 4);
  g.Y = new Float32Array(4 * n).fill(1);

  it('%%brook --profile: the cell runs as usual, then the tables, the model and a roofline chart show', async () => {
    await getLineMagic('brook')!(`backend ${backend}`, context(g).ctx);
    const c = await cell(
      [
        '%%brook --profile',
        'kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>) { result = a * x + y; }',
        `float4 x<${n}>, y<${n}>, result<${n}>;`,
        'streamRead(x, X);',
        'streamRead(y, Y);',
        'saxpy(2.0f, x, y, result);',
        'saxpy(2.0f, x, y, result);',
        'result',
      ].join('\n'),
      g,
    );
    expect(c.err.join('')).toBe('');
    const texts = c.displays.map((d) => String(d.data['text/plain']));
    const tables = c.displays.find((d) => String(d.data['text/html'] ?? '').includes('brook-profile'));
    expect(tables, texts.join('\n---\n')).toBeDefined();
    const text = String(tables!.data['text/plain']);
    expect(text).toMatch(/^saxpy\s+2\s/m);
    expect(text).toContain('streamRead x');
    expect(text).toContain('cost model (Brook paper, section 5.2)');
    expect(text).toContain(backend === 'cpu' ? 'host wall time' : 'GPU timestamps');
    const chart = c.displays.find((d) => 'application/vnd.vegalite.v5+json' in d.data && String(d.data['text/plain']).startsWith('roofline'));
    expect(chart, texts.join('\n---\n')).toBeDefined();
    expect(chart!.data['image/png']).toBeTypeOf('string');
    // The stream the cell ends with still shows (a plot), before the profile.
    expect(c.displays.indexOf(chart!)).toBeGreaterThan(0);
    const last = g.lastProfile as Profile;
    const s = last.rows.find((r) => r.op === 'saxpy')!;
    expect(s).toMatchObject({ calls: 2, flops: 2 * n * 8, bytes: 2 * n * 48 });
    // The display's readback of `result` is not part of the profile.
    expect(last.rows.some((r) => r.kind === 'streamWrite')).toBe(false);
    expect(last.summary.backend).toBe(backend);
  }, 120_000);

  it('profile(async () => ...) in TypeScript: kernel calls and readbacks of the function, as an Arquero table', async () => {
    const saxpy = g.saxpy as (...a: unknown[]) => Promise<unknown>;
    const result = g.result as { toArray(): Promise<Float32Array> };
    let out: Float32Array | undefined;
    const p = await profile(async () => {
      await saxpy(3, g.x, g.y, g.result);
      out = await result.toArray();
    }, { title: 'ts saxpy' });
    expect(out![5]).toBe(Math.fround(Math.fround(3 * Math.fround(5 / 4)) + 1));
    expect(p.title).toBe('ts saxpy');
    expect(p.table.objects().map((r) => (r as { op: string }).op).sort()).toEqual(['saxpy', 'streamWrite result']);
    const w = p.rows.find((r) => r.op === 'streamWrite result')!;
    expect(w.bytes).toBe(n * 16);
    expect(p.model.numRows()).toBe(1);
    // Shown as one value: the tables and the chart's PNG in one HTML.
    const shown = (p as unknown as Record<symbol, () => { data: MimeBundle }>)[Symbol.for('Jupyter.display')]!();
    expect(String(shown.data['text/html'])).toContain('data:image/png;base64,');
  }, 120_000);
});

describe('profile errors', () => {
  it('a profile() of something that is not a function, bad options, and nested profiles say what is wrong', async () => {
    await expect(profile(42)).rejects.toMatchObject({ code: 'BRK5251' });
    await expect(profile(async () => {}, { colour: 'red' })).rejects.toMatchObject({ code: 'BRK5252' });
    await expect(profile(async () => {}, { title: 3 })).rejects.toMatchObject({ code: 'BRK5252' });
    await expect(profile(async () => profile(async () => {}))).rejects.toMatchObject({ code: 'BRK5250', message: expect.stringContaining('profile()') });
    // Nothing is left running: a profile works afterwards.
    const p = await profile(async () => {}, { cpuSample: false });
    expect(p.rows).toEqual([]);
    expect(p.text()).toContain('no kernel call, reduction or stream copy ran while profiling');
  });

  it('a --profile cell that fails leaves no profile running', async () => {
    const g: Record<string, unknown> = {};
    await getLineMagic('brook')!('backend cpu', context(g).ctx);
    await expect(cell('%%brook --profile\nfloat q<4>;\nstreamRead(q, notDefinedAnywhere);', g)).rejects.toThrow(/notDefinedAnywhere|not defined/);
    const p = await profile(async () => {}, { cpuSample: false });
    expect(p.rows).toEqual([]);
  });

  it('%brook peaks shows the measured peaks, then the cached ones', async () => {
    const g: Record<string, unknown> = {};
    const c = context(g);
    await getLineMagic('brook')!('peaks', c.ctx);
    const text = String(c.displays[0]!.data['text/plain']);
    expect(text).toMatch(/^peaks of cpu: .*\((measured now in [0-9.]+ s|from the cache)\)/);
    expect(text).toMatch(/memory bandwidth\s+[0-9.]+ GB\/s/);
    const again = context(g);
    await getLineMagic('brook')!('peaks', again.ctx);
    expect(String(again.displays[0]!.data['text/plain'])).toContain('(from the cache)');
    await expect(getLineMagic('brook')!('peaks sideways', context(g).ctx)).rejects.toThrow(/peaks: unknown word 'sideways'/);
  }, 60_000);
});
