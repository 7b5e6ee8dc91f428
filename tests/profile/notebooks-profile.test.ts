/**
 * Profiles of real notebooks: every `%%brook` cell of the tour (on each backend) and of the other
 * notebooks in notebooks/ (on the CPU) gets `--profile`, and `brook execute` runs them. Each profiled
 * cell must show its profile (tables and, where a kernel does arithmetic, a roofline chart) with
 * sensible numbers: times that fit in the cell's wall time, rates that follow from bytes and time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, webgpuAdapterAvailable } from '../conformance/cli.js';

interface Output {
  output_type: string;
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
}
interface Cell {
  cell_type: string;
  source: string | string[];
  metadata: { tags?: string[] };
  outputs?: Output[];
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-nb-profile-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
}, 300_000);

const text = (s: string | string[]) => (Array.isArray(s) ? s.join('') : s);

/** A copy of the notebook with --profile on every %%brook cell. */
function withProfiles(name: string): string {
  const nb = JSON.parse(fs.readFileSync(path.join(repoRoot, 'notebooks', name), 'utf8')) as { cells: Cell[] };
  for (const c of nb.cells) {
    if (c.cell_type !== 'code') continue;
    const src = text(c.source);
    if (src.startsWith('%%brook')) c.source = src.replace(/^%%brook/, '%%brook --profile');
  }
  // One folder below the repository, as notebooks/ is: notebooks import modules by paths relative to
  // their folder ('../dist/...'). tmp/ is ignored by git and listed by no other test.
  const out = path.join(repoRoot, 'tmp', `profile-${process.pid}-${name}`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(nb));
  written.push(out);
  return out;
}
const written: string[] = [];
afterAll(() => {
  for (const f of written) fs.rmSync(f, { force: true });
});

function execute(name: string, backend: 'cpu' | 'webgpu'): Cell[] {
  const input = withProfiles(name);
  const output = path.join(tmp, `${backend}-${name}`);
  const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'execute', input, '--output', output], {
    encoding: 'utf8',
    timeout: 400_000,
    cwd: path.join(repoRoot, 'notebooks'),
    env: { ...process.env, BROOK_BACKEND: backend, BROOK_CACHE_DIR: path.join(tmp, 'cache') },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return (JSON.parse(fs.readFileSync(output, 'utf8')) as { cells: Cell[] }).cells;
}

/** The profile text of a cell: its summary line, the op table and the model. */
function checkProfiledCells(cells: Cell[], backend: string): number {
  let profiled = 0;
  for (const c of cells) {
    if (c.cell_type !== 'code' || !text(c.source).startsWith('%%brook --profile')) continue;
    const outputs = c.outputs ?? [];
    if (c.metadata.tags?.includes('raises-exception')) {
      expect(outputs.some((o) => o.output_type === 'error')).toBe(true);
      continue;
    }
    expect(outputs.filter((o) => o.output_type === 'error').map((o) => `${o.ename}: ${o.evalue}`)).toEqual([]);
    const tables = outputs.find((o) => String(o.data?.['text/html'] ?? '').includes('brook-profile'));
    expect(tables, `no profile in the outputs of:\n${text(c.source)}`).toBeDefined();
    const t = String(tables!.data!['text/plain']);
    profiled++;
    // wall W ms = kernels K ms + copies C ms + other O ms: the parts add up, none negative.
    const m = /wall ([0-9.]+) ms = kernels ([0-9.]+) ms \+ copies ([0-9.]+) ms \+ other ([0-9.]+) ms/.exec(t);
    expect(m, t).not.toBeNull();
    const [wall, kernels, copies, other] = m!.slice(1).map(Number) as [number, number, number, number];
    expect(kernels + copies + other).toBeCloseTo(wall, 0);
    expect(kernels + copies).toBeLessThanOrEqual(wall * 1.02 + 0.1);
    expect(t).toContain(backend === 'cpu' ? 'host wall time' : 'GPU timestamps');
    // A cell that only declares says so; otherwise each operation has a row with a share within 0..100%.
    if (t.includes('no kernel call, reduction or stream copy ran while profiling')) continue;
    const shares = [...t.matchAll(/ ([0-9.]+)%  (?:GPU timestamps|host wall)/g)].map((x) => Number(x[1]));
    expect(shares.length).toBeGreaterThan(0);
    for (const s of shares) expect(s).toBeLessThanOrEqual(100);
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(102);
    const hasArithmetic = /cost model/.test(t);
    expect(hasArithmetic).toBe(true);
    const chart = outputs.find((o) => o.data && 'application/vnd.vegalite.v5+json' in o.data && String(o.data['text/plain']).startsWith('roofline'));
    if (chart) expect(typeof chart.data!['image/png']).toBe('string');
  }
  return profiled;
}

const backends: ('cpu' | 'webgpu')[] = ['cpu', ...(process.env.BROOK_TEST_WEBGPU !== '0' && webgpuAdapterAvailable() ? (['webgpu'] as const) : [])];

describe('profiles of notebooks', () => {
  it.each(backends)('every Brook cell of the tour, profiled on %s', (backend) => {
    const cells = execute('tour.ipynb', backend);
    expect(checkProfiledCells(cells, backend)).toBeGreaterThanOrEqual(3);
    // The saxpy cell: one call of 1024 float4, 8 flops each, 48 bytes each.
    const saxpy = cells.find((c) => text(c.source).includes('saxpy(2.0f, x, y, result);'))!;
    const t = String(saxpy.outputs!.find((o) => String(o.data?.['text/html'] ?? '').includes('brook-profile'))!.data!['text/plain']);
    expect(t).toMatch(/^saxpy\s+1\s.*\s48\.0 KiB\s+8,192\s+0\.167\s/m);
  }, 420_000);

  // Notebooks with Brook cells (figure3.ipynb only reads the applications' saved results).
  const others = fs
    .readdirSync(path.join(repoRoot, 'notebooks'))
    .filter((f) => f.endsWith('.ipynb') && f !== 'tour.ipynb' && fs.readFileSync(path.join(repoRoot, 'notebooks', f), 'utf8').includes('%%brook'))
    .sort();
  it.each(others)('every Brook cell of %s, profiled on the CPU', (name) => {
    const cells = execute(name, 'cpu');
    expect(checkProfiledCells(cells, 'cpu')).toBeGreaterThanOrEqual(1);
  }, 420_000);
});
