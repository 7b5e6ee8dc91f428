/**
 * Every notebook in notebooks/ runs without an error, twice over:
 * 1. headlessly through `brook execute` (the same session code as the kernel, no Jupyter);
 * 2. through Jupyter itself: Debian's `jupyter nbconvert --execute` (nbclient) starting the installed
 *    "Brook (TypeScript)" kernelspec over real zeromq sockets.
 * A cell tagged `raises-exception` must raise; any other error fails the build.
 * The application notebooks (app-outputs.ts) must also show their Figure 3 tables, charts and pictures
 * after the headless run (at BROOK_SIZE=small, whatever the environment says).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot } from '../conformance/cli.js';
import { APP_NOTEBOOKS, appOutputProblems } from './app-outputs.js';

const notebooksDir = path.join(repoRoot, 'notebooks');
const notebooks = fs.readdirSync(notebooksDir).filter((f) => f.endsWith('.ipynb')).sort();

interface Cell {
  cell_type: string;
  source: string | string[];
  metadata: { tags?: string[] };
  outputs?: { output_type: string; ename?: string; evalue?: string }[];
}

/** Errors in cells not tagged raises-exception, and tagged cells that did not raise. */
function problems(file: string): string[] {
  const nb = JSON.parse(fs.readFileSync(file, 'utf8')) as { cells: Cell[] };
  const out: string[] = [];
  nb.cells.forEach((c, i) => {
    if (c.cell_type !== 'code') return;
    const raises = c.metadata.tags?.includes('raises-exception') ?? false;
    const errors = (c.outputs ?? []).filter((o) => o.output_type === 'error');
    if (!raises && errors.length) out.push(`cell ${i}: ${errors[0]!.ename}: ${errors[0]!.evalue}`);
    if (raises && !errors.length) out.push(`cell ${i} is tagged raises-exception but did not raise`);
  });
  return out;
}

function codeCellCount(file: string): number {
  const nb = JSON.parse(fs.readFileSync(file, 'utf8')) as { cells: Cell[] };
  return nb.cells.filter((c) => c.cell_type === 'code').length;
}

let tmp = '';
let jupyterPath = '';

beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-nb-'));
  const prefix = path.join(tmp, 'prefix');
  const inst = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'install', '--prefix', prefix], { encoding: 'utf8' });
  expect(inst.status, inst.stderr).toBe(0);
  jupyterPath = path.join(prefix, 'share', 'jupyter');
  expect(fs.existsSync(path.join(jupyterPath, 'kernels', 'brook', 'kernel.json'))).toBe(true);
}, 600_000);

describe('notebooks', () => {
  it('there are at least three (tour, saxpy and sgemv, reductions), and every application of the paper', () => {
    expect(notebooks).toEqual(expect.arrayContaining(['tour.ipynb', 'saxpy-sgemv.ipynb', 'reduction.ipynb']));
    expect(notebooks).toEqual(expect.arrayContaining(Object.keys(APP_NOTEBOOKS)));
  });

  for (const name of notebooks) {
    it(`${name} runs headlessly with brook execute`, () => {
      const out = path.join(tmp, `exec-${name}`);
      const r = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'execute', path.join(notebooksDir, name), '--output', out], {
        encoding: 'utf8',
        timeout: 300_000,
        env: { ...process.env, BROOK_BACKEND: process.env.BROOK_BACKEND ?? 'cpu', BROOK_SIZE: 'small' },
      });
      expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(problems(out)).toEqual([]);
      expect(appOutputProblems(name, JSON.parse(fs.readFileSync(out, 'utf8')))).toEqual([]);
    }, 300_000);

    it(`${name} runs in Jupyter (nbconvert --execute with the installed kernel)`, () => {
      const outDir = path.join(tmp, 'nbconvert');
      const r = spawnSync(
        '/usr/bin/python3',
        ['-m', 'jupyter', 'nbconvert', '--to', 'notebook', '--execute', '--ExecutePreprocessor.kernel_name=brook', '--ExecutePreprocessor.timeout=300', '--output-dir', outDir, path.join(notebooksDir, name)],
        { encoding: 'utf8', timeout: 600_000, env: { ...process.env, JUPYTER_PATH: jupyterPath, BROOK_SIZE: 'small' } },
      );
      expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
      const out = path.join(outDir, name);
      expect(problems(out)).toEqual([]);
      // Every code cell ran (nbclient numbers each executed cell).
      const nb = JSON.parse(fs.readFileSync(out, 'utf8')) as { cells: (Cell & { execution_count: number | null })[] };
      expect(nb.cells.filter((c) => c.cell_type === 'code' && c.execution_count !== null).length).toBe(codeCellCount(out));
    }, 600_000);
  }
});
