/**
 * executeNotebook: outputs written back in nbformat 4.5 shapes (validated by Debian's nbformat, an
 * independent implementation), stop at the first error unless the cell is tagged raises-exception,
 * display updates applied, working directory = the notebook's folder, and the HTML export.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeNotebook, type Notebook } from '../../kernel/execute-notebook.js';
import { installKernelspec, userDataDir } from '../../kernel/install.js';
import { ensureBuilt, repoRoot } from '../conformance/cli.js';

function notebook(cells: { type?: 'code' | 'markdown'; source: string; tags?: string[] }[], minor = 4): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: minor,
    metadata: {},
    cells: cells.map((c) => ({
      cell_type: c.type ?? 'code',
      source: c.source.split(/(?<=\n)/),
      metadata: c.tags ? { tags: c.tags } : {},
      ...(c.type === 'markdown' ? {} : { outputs: [], execution_count: null }),
    })),
  } as Notebook;
}

function write(nb: Notebook): string {
  const dir = mkdtempSync(join(tmpdir(), 'brook-nb-'));
  const path = join(dir, 'test.ipynb');
  writeFileSync(path, JSON.stringify(nb));
  return path;
}

function validate(path: string): void {
  const r = spawnSync('/usr/bin/python3', ['-c', 'import sys, nbformat; nb = nbformat.read(sys.argv[1], as_version=4); nbformat.validate(nb); print(nb.nbformat, nb.nbformat_minor)', path], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout.trim()).toBe('4 5');
}

describe('executeNotebook', () => {
  it('an import in a cell shows no ExperimentalWarning about the loader the kernel uses (fresh process)', async () => {
    // Node warns once per process, so the check runs the CLI in a process of its own.
    const built = await ensureBuilt();
    expect(built.ok, built.log).toBe(true);
    const path = write(notebook([{ source: "const p = await import('node:path');\nconsole.warn('after');\np.sep" }]));
    const cli = join(repoRoot, 'bin', 'brook.js');
    const r = spawnSync(process.execPath, [cli, 'execute', path, '--output', path], { encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    const nb = JSON.parse(readFileSync(path, 'utf8')) as Notebook;
    const text = JSON.stringify(nb.cells[0]!.outputs);
    expect(text).toContain('after');
    expect(text).toContain('"\'/\'"');
    expect(text).not.toContain('ExperimentalWarning');
    expect(r.stderr).not.toContain('ExperimentalWarning');
  }, 120_000);

  it('runs the code cells in order and writes valid nbformat 4.5 outputs', async () => {
    const path = write(notebook([
      { type: 'markdown', source: '# Title' },
      { source: 'const n: number = 3;\nconsole.log("a");\nconsole.log("b");\nconsole.error("warn");\nn * 2' },
      { source: 'display("first", { display_id: "p" });\ndisplay({ $schema: "https://vega.github.io/schema/vega-lite/v5.json", mark: "bar" });' },
      { source: 'display("done", { display_id: "p", update: true });\nrequire_cwd = process.cwd()' },
    ]));
    const r = await executeNotebook(path, { html: true });
    expect(r).toMatchObject({ status: 'ok', executed: 3, output: path });
    validate(path);
    const nb = JSON.parse(readFileSync(path, 'utf8')) as Notebook;
    expect(nb.metadata.kernelspec).toEqual({ name: 'brook', display_name: 'Brook (TypeScript)', language: 'typescript' });
    expect(nb.cells.every((c) => typeof c.id === 'string')).toBe(true);
    const [, c1, c2, c3] = nb.cells;
    expect(c1!.execution_count).toBe(1);
    // Consecutive writes to one stream merge into one output, as nbclient writes them.
    expect(c1!.outputs).toEqual([
      { output_type: 'stream', name: 'stdout', text: 'a\nb\n' },
      { output_type: 'stream', name: 'stderr', text: 'warn\n' },
      { output_type: 'execute_result', execution_count: 1, data: { 'text/plain': '6' }, metadata: {} },
    ]);
    // The update in cell 3 replaced the display of cell 2 in place.
    expect(c2!.outputs![0]).toEqual({ output_type: 'display_data', data: { 'text/plain': "'done'" }, metadata: {} });
    expect((c2!.outputs![1] as { data: Record<string, unknown> }).data['application/vnd.vegalite.v5+json']).toEqual({ $schema: 'https://vega.github.io/schema/vega-lite/v5.json', mark: 'bar' });
    expect(c3!.outputs).toEqual([{ output_type: 'execute_result', execution_count: 3, data: { 'text/plain': `'${join(path, '..')}'` }, metadata: {} }]);
    const html = readFileSync(r.html!, 'utf8');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('In [1]:');
    expect(html).toContain('<pre class="stream stdout">a\nb\n</pre>');
  });

  it('stops at the first error, keeping later cells as they were', async () => {
    const path = write(notebook([
      { source: '1' },
      { source: 'const x: number = 1;\n(x as any).missing.field' },
      { source: '"never runs"' },
    ]));
    const out = path.replace('test.ipynb', 'out.ipynb');
    const r = await executeNotebook(path, { output: out });
    expect(r.status).toBe('error');
    expect(r.error).toMatchObject({ cell: 1, ename: 'TypeError' });
    expect(r.error!.traceback.join('\n')).toMatch(/cell \[2\] line 2:/);
    validate(out);
    const nb = JSON.parse(readFileSync(out, 'utf8')) as Notebook;
    expect(nb.cells[1]!.outputs![0]).toMatchObject({ output_type: 'error', ename: 'TypeError' });
    expect(nb.cells[2]!.outputs).toEqual([]);
    expect(nb.cells[2]!.execution_count).toBeNull();
    // The input notebook is untouched when --output is given.
    expect((JSON.parse(readFileSync(path, 'utf8')) as Notebook).cells[0]!.outputs).toEqual([]);
  });

  it('goes on past an error in a cell tagged raises-exception', async () => {
    const path = write(notebook([
      { source: 'throw new Error("expected")', tags: ['raises-exception'] },
      { source: '"after"' },
    ]));
    const r = await executeNotebook(path);
    expect(r).toMatchObject({ status: 'ok', executed: 2 });
    const nb = JSON.parse(readFileSync(path, 'utf8')) as Notebook;
    expect(nb.cells[1]!.outputs).toEqual([{ output_type: 'execute_result', execution_count: 2, data: { 'text/plain': "'after'" }, metadata: {} }]);
  });

  it('refuses what is not an nbformat 4 notebook, with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brook-nb-'));
    writeFileSync(join(dir, 'bad.ipynb'), '{"nbformat": 3, "worksheets": []}');
    await expect(executeNotebook(join(dir, 'bad.ipynb'))).rejects.toThrow(/only nbformat 4/);
    writeFileSync(join(dir, 'junk.ipynb'), 'not json');
    await expect(executeNotebook(join(dir, 'junk.ipynb'))).rejects.toThrow(/not a readable notebook/);
  });
});

describe('installKernelspec', () => {
  it('writes kernel.json with absolute node and bin/brook.js, message interrupts, and SVG and 32/64 px PNG logos', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'brook-install-'));
    const r = installKernelspec({ prefix });
    expect(r.directory).toBe(join(prefix, 'share', 'jupyter', 'kernels', 'brook'));
    const spec = JSON.parse(readFileSync(join(r.directory, 'kernel.json'), 'utf8'));
    expect(spec).toMatchObject({ display_name: 'Brook (TypeScript)', language: 'typescript', interrupt_mode: 'message' });
    expect(spec.argv[0]).toBe(process.execPath);
    expect(spec.argv[1]).toMatch(/^\/.*\/bin\/brook\.js$/);
    expect(spec.argv.slice(2)).toEqual(['kernel', '--connection-file', '{connection_file}']);
    expect(readFileSync(join(r.directory, 'logo-svg.svg'), 'utf8')).toContain('<svg');
    // PNG logos for the classic notebook: the right size (IHDR width and height) and not blank.
    for (const size of [32, 64]) {
      const png = readFileSync(join(r.directory, `logo-${size}x${size}.png`));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      expect(png.length).toBeGreaterThan(200);
    }
    // jupyter_client (Python, independent) reads it back as a kernelspec.
    const py = spawnSync('/usr/bin/python3', ['-c', 'from jupyter_client.kernelspec import KernelSpecManager as M; s = M().get_kernel_spec("brook"); print(s.display_name, s.interrupt_mode, s.language)'], {
      encoding: 'utf8', env: { ...process.env, JUPYTER_PATH: join(prefix, 'share', 'jupyter') },
    });
    expect(py.stdout.trim(), py.stderr).toBe('Brook (TypeScript) message typescript');
  });

  it('finds the user data directory as Jupyter does', () => {
    expect(userDataDir({ JUPYTER_DATA_DIR: '/x/y' })).toBe('/x/y');
    if (process.platform === 'linux') expect(userDataDir({ XDG_DATA_HOME: '/data' })).toBe('/data/jupyter');
  });

  it('refuses two targets at once', () => {
    expect(() => installKernelspec({ user: true, prefix: '/tmp/x' })).toThrow(/choose one/);
  });
});
