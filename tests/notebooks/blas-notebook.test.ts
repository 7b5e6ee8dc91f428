/**
 * notebooks/blas.ipynb at BROOK_SIZE=small, executed headlessly (`brook execute`) on both backends,
 * and its outputs checked, not only its errors: the Brook cell's numbers, the chain's float64 check,
 * the upload and read-back counts that tell the cascaded model from independent calls, the two charts
 * (a Vega-Lite spec and a PNG each, with the series the text promises), and the iteration's convergence.
 * (notebooks.test.ts also runs it through Jupyter's nbconvert.)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot } from '../conformance/cli.js';

interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
}
interface Cell {
  cell_type: string;
  source: string | string[];
  outputs?: Output[];
}

const join = (s: string | string[] | undefined) => (Array.isArray(s) ? s.join('') : (s ?? ''));

/** Everything the code cells printed or showed as text, in order, one string per cell. */
function cellTexts(nb: { cells: Cell[] }): string[] {
  return nb.cells
    .filter((c) => c.cell_type === 'code')
    .map((c) => (c.outputs ?? []).map((o) => (o.output_type === 'stream' ? join(o.text) : o.output_type === 'error' ? `${o.ename}: ${o.evalue}` : join(o.data?.['text/plain'] as string | string[]))).join('\n'));
}

function specs(nb: { cells: Cell[] }): { spec: Record<string, unknown>; png: string }[] {
  const out: { spec: Record<string, unknown>; png: string }[] = [];
  for (const c of nb.cells) {
    for (const o of c.outputs ?? []) {
      const spec = o.data?.['application/vnd.vegalite.v5+json'] as Record<string, unknown> | undefined;
      if (spec && o.data?.['image/png']) out.push({ spec, png: join(o.data['image/png'] as string) });
    }
  }
  return out;
}

let tmp = '';
beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-blas-nb-'));
}, 600_000);

describe.each(['cpu', 'webgpu'] as const)('notebooks/blas.ipynb on %s at BROOK_SIZE=small', (backend) => {
  let nb: { cells: Cell[] };
  let texts: string[];

  beforeAll(() => {
    const out = path.join(tmp, `blas-${backend}.ipynb`);
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'execute', path.join(repoRoot, 'notebooks', 'blas.ipynb'), '--output', out], {
      encoding: 'utf8',
      timeout: 400_000,
      env: { ...process.env, BROOK_BACKEND: backend, BROOK_SIZE: 'small', BROOK_REQUIRE_GPU: backend === 'webgpu' ? '1' : '' },
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    nb = JSON.parse(fs.readFileSync(out, 'utf8')) as { cells: Cell[] };
    texts = cellTexts(nb);
  }, 420_000);

  it('runs every cell without an error or a warning in its output', () => {
    // Errors are error outputs and warnings go to stderr (a printed value named maxError is neither);
    // Node's warnings print a line with "Warning" on either stream.
    const outputs = nb.cells.flatMap((c) => c.outputs ?? []);
    expect(outputs.filter((o) => o.output_type === 'error' || (o.output_type === 'stream' && o.name === 'stderr'))).toEqual([]);
    expect(outputs.filter((o) => o.output_type === 'stream' && /warning/i.test(join(o.text))).map((o) => join(o.text))).toEqual([]);
    expect(texts[0]).toMatch(new RegExp(`backend: '${backend === 'cpu' ? 'cpu' : 'webgpu: '}`));
    expect(texts[0]).toContain("size: 'small'");
  });

  it("the %%brook cell's library calls print the float64 values (x.y = 2.5 |x|^2 = 510)", () => {
    const brook = texts.find((t) => t.includes('x.y ='))!;
    expect(brook).toContain('x.y = 510, |y| = 35.7071, largest |y_i| at 7');
    expect(texts.find((t) => t.includes('maxError'))).toMatch(/maxError: 0\b/);
  });

  it('the chain is the same both ways and within its float32 bound of the float64 product', () => {
    const check = texts.find((t) => t.includes('worstErrorOverBound'))!;
    expect(check).toContain('identical: true');
    expect(check).toContain('rowsChecked: 64');
    const worst = Number(/worstErrorOverBound: ([0-9.e+-]+)/.exec(check)![1]);
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('cascaded: every operand uploaded once and one read-back; independent: three uploads and a read-back a multiplication', () => {
    const counts = texts.find((t) => t.includes('readBacks'))!.replace(/\s+/g, ' ');
    expect(counts).toContain('independent: { uploads: 24, readBacks: 8 }');
    expect(counts).toContain('cascaded: { uploads: 10, readBacks: 1 }');
  });

  it('draws the stacked setup / compute / read-back bars and the time-against-length lines', () => {
    const charts = specs(nb);
    expect(charts.length).toBeGreaterThanOrEqual(2);
    const bars = charts.find((c) => (c.spec.mark as { type: string }).type === 'bar')!;
    const values = (bars.spec.data as { values: { x: string; series: string; y: number }[] }).values;
    expect([...new Set(values.map((v) => v.x))]).toEqual(['independent', 'cascaded']);
    expect([...new Set(values.map((v) => v.series))]).toEqual(['setup (ms)', 'compute (ms)', 'read-back (ms)']);
    expect(values.every((v) => v.y >= 0)).toBe(true);
    expect((bars.spec.encoding as { y: { stack: string } }).y.stack).toBe('zero');
    const lines = charts.find((c) => (c.spec.mark as { type: string }).type === 'line')!;
    const pts = (lines.spec.data as { values: { x: number; series: string }[] }).values;
    expect([...new Set(pts.map((p) => p.x))]).toEqual([1, 2, 4, 8]);
    expect([...new Set(pts.map((p) => p.series))]).toEqual(['independent (ms)', 'cascaded (ms)']);
    for (const c of [bars, lines]) expect(Buffer.from(c.png, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('the Richardson iteration on device-resident data converges, checked in float64', () => {
    const it = texts.find((t) => t.includes('finalResidualFloat64'))!.replace(/\s+/g, ' ');
    const final = Number(/finalResidualFloat64: ([0-9.e+-]+)/.exec(it)![1]);
    expect(final).toBeLessThan(1e-4);
    // The per-call table shows as a text table (results/table-text.ts): one row per operation, in the
    // order of first use.
    expect(it).toMatch(/table: 5 rows x 5 columns/);
    const at = ['copy', 'gemv', 'nrm2', 'axpy', 'read-back'].map((op) => it.search(new RegExp(`(^| )${op} \\d+ `)));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
