/**
 * The notebooks in a real browser, as a user opens them:
 * - the classic notebook (Debian's jupyter-notebook 6.4, scripts/setup-system.sh installs it) serving a
 *   temporary folder, with the Brook kernelspec installed by `brook install --prefix`: headless Chromium
 *   (Debian's, driven by playwright-core) opens the tour, runs every cell through the kernel, and the
 *   page is checked;
 * - nbconvert's HTML of each example notebook executed by `brook execute`, opened in the same browser.
 * Checks on every page: no cell error (but in cells tagged raises-exception), every image loaded, no output element taller than 1,000 px, no
 * two text boxes of an output overlapping, the CPU-fallback sentence at most once. Screenshots go to a
 * temporary folder, or to docs/screenshots/ with BROOK_SCREENSHOTS=1.
 *
 * JupyterLab's Python package is not installable here (PyPI is unreachable, Debian bookworm does not
 * package it); the JupyterLab notebook page that `brook lab` builds from npm is tested by
 * tests/notebooks-html/lab-page.test.ts. Needs /usr/bin/chromium, /usr/bin/jupyter-notebook and /usr/bin/jupyter (nbconvert).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../conformance/cli.js';
import { CHROMIUM, CHROMIUM_ARGS, freePort, shotPath } from './browser.js';

const NOTEBOOKS = ['tour', 'plots', 'reduction', 'saxpy-sgemv'];
const FALLBACK_SENTENCE = 'WebGPU is not available';

let tmp = '';
let server: ChildProcess | undefined;
let port = 0;
let browser: Browser;
const env = { ...process.env, BROOK_BACKEND: process.env.BROOK_BACKEND ?? 'cpu' };

beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-classic-'));
  const prefix = path.join(tmp, 'prefix');
  const install = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'install', '--prefix', prefix], { encoding: 'utf8', env });
  expect(install.status, install.stderr).toBe(0);
  // Executed copies for nbconvert; pristine copies for the classic notebook to run itself.
  for (const nb of NOTEBOOKS) {
    fs.copyFileSync(path.join(repoRoot, 'notebooks', `${nb}.ipynb`), path.join(tmp, `${nb}.ipynb`));
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'execute', path.join(repoRoot, 'notebooks', `${nb}.ipynb`), '--output', path.join(tmp, `${nb}-executed.ipynb`)], {
      encoding: 'utf8',
      timeout: 300_000,
      env,
    });
    expect(run.status, `${nb}: ${run.stdout}\n${run.stderr}`).toBe(0);
    const conv = spawnSync('/usr/bin/jupyter', ['nbconvert', '--to', 'html', '--output-dir', tmp, path.join(tmp, `${nb}-executed.ipynb`)], { encoding: 'utf8', timeout: 300_000 });
    expect(conv.status, conv.stderr).toBe(0);
  }
  port = await freePort();
  server = spawn('/usr/bin/jupyter-notebook', ['--no-browser', `--port=${port}`, '--ip=127.0.0.1', '--NotebookApp.token=', '--NotebookApp.password=', `--notebook-dir=${tmp}`, ...(process.getuid?.() === 0 ? ['--allow-root'] : [])], {
    env: { ...env, JUPYTER_PATH: path.join(prefix, 'share', 'jupyter'), JUPYTER_RUNTIME_DIR: path.join(tmp, 'runtime'), JUPYTER_CONFIG_DIR: path.join(tmp, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`jupyter-notebook did not start:\n${log}`)), 120_000);
    const onData = (b: Buffer) => {
      log += b.toString();
      if (/is running at|Jupyter Notebook .* is running/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server!.stdout!.on('data', onData);
    server!.stderr!.on('data', onData);
    server!.on('exit', (code) => reject(new Error(`jupyter-notebook exited (${code}):\n${log}`)));
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}, 1_500_000);

afterAll(async () => {
  await browser?.close();
  if (server?.pid) server.kill('SIGTERM');
});

interface PageReport {
  tallest: { height: number; what: string };
  overlaps: string[];
  fallbackSentences: number;
  brokenImages: number;
  images: number;
  errors: string[];
}

/** What a user would notice on a notebook page: tall outputs, overlapping text, repeated notices. */
async function inspectPage(page: Page, outputSelector: string): Promise<PageReport> {
  return page.evaluate(
    ({ sel, sentence }) => {
      const outputs = Array.from(document.querySelectorAll(sel)) as HTMLElement[];
      let tallest = { height: 0, what: '' };
      const overlaps: string[] = [];
      for (const o of outputs) {
        for (const el of [o, ...(Array.from(o.querySelectorAll('*')) as HTMLElement[])]) {
          const h = el.getBoundingClientRect().height;
          if (h > tallest.height) tallest = { height: h, what: `${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 80)}` };
        }
        // Leaf elements with text: no two boxes may intersect (beyond a pixel of rounding).
        const leaves = (Array.from(o.querySelectorAll('td, th, div, span, pre, p, b')) as HTMLElement[])
          .filter((e) => e.children.length === 0 && (e.textContent ?? '').trim() !== '')
          .map((e) => ({ r: e.getBoundingClientRect(), t: (e.textContent ?? '').trim().slice(0, 30) }))
          .filter((x) => x.r.width > 0 && x.r.height > 0);
        for (let a = 0; a < leaves.length; a++) {
          for (let b = a + 1; b < leaves.length; b++) {
            const p = leaves[a]!.r;
            const q = leaves[b]!.r;
            const ix = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const iy = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (ix > 1 && iy > 1) overlaps.push(`${leaves[a]!.t} / ${leaves[b]!.t}`);
          }
        }
      }
      const text = document.body.innerText;
      const imgs = Array.from(document.querySelectorAll(`${sel} img`)) as HTMLImageElement[];
      // Errors, except in cells tagged raises-exception (the tour shows one on purpose): nbconvert marks
      // such cells with a class, the classic notebook keeps the tags in the cell object.
      const expected = (e: Element): boolean => {
        const cell = e.closest('.cell');
        if (!cell) return false;
        if (cell.classList.contains('celltag_raises-exception')) return true;
        const data = (window as unknown as { $?: (el: Element) => { data(k: string): { metadata?: { tags?: string[] } } | undefined } }).$?.(cell).data('cell');
        return data?.metadata?.tags?.includes('raises-exception') ?? false;
      };
      const errors = Array.from(document.querySelectorAll('.output_error')).filter((e) => !expected(e)).map((e) => (e.textContent ?? '').slice(0, 300));
      return {
        tallest,
        overlaps,
        fallbackSentences: text.split(sentence).length - 1,
        brokenImages: imgs.filter((i) => !i.complete || i.naturalWidth === 0).length,
        images: imgs.length,
        errors,
      };
    },
    { sel: outputSelector, sentence: FALLBACK_SENTENCE },
  );
}

function expectReadable(r: PageReport, what: string): void {
  expect(r.errors, what).toEqual([]);
  expect(r.brokenImages, what).toBe(0);
  expect(r.tallest.height, `${what}: ${r.tallest.what}`).toBeLessThanOrEqual(1000);
  expect(r.overlaps, what).toEqual([]);
  expect(r.fallbackSentences, what).toBeLessThanOrEqual(1);
}

describe('the classic notebook', () => {
  it('runs the tour through the Brook kernel: every cell runs, outputs are readable, the kernel logo loads', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`http://127.0.0.1:${port}/notebooks/tour.ipynb`, { waitUntil: 'load', timeout: 120_000 });
      await page.waitForFunction(() => {
        const j = (window as unknown as { Jupyter?: { notebook?: { kernel?: { is_connected(): boolean } } } }).Jupyter;
        return j?.notebook?.kernel?.is_connected() === true;
      }, undefined, { timeout: 120_000 });
      // The notebook's own outputs are cleared first, so everything seen below came from this run.
      await page.evaluate(() => {
        const nb = (window as unknown as { Jupyter: { notebook: { clear_all_output(): void; execute_all_cells(): void } } }).Jupyter.notebook;
        nb.clear_all_output();
        nb.execute_all_cells();
      });
      await page.waitForFunction(() => {
        const nb = (window as unknown as { Jupyter: { notebook: { get_cells(): { cell_type: string; input_prompt_number?: number | string | null }[] } } }).Jupyter.notebook;
        return nb.get_cells().filter((c) => c.cell_type === 'code').every((c) => typeof c.input_prompt_number === 'number');
      }, undefined, { timeout: 600_000, polling: 1000 });
      await page.screenshot({ path: shotPath(tmp, 'classic-tour.png'), fullPage: true });
      const r = await inspectPage(page, '.output_area');
      expectReadable(r, 'classic tour');
      // The kernel's logo in the toolbar comes from the kernelspec's logo-64x64.png.
      await page.waitForFunction(() => {
        const img = document.querySelector('#kernel_logo_widget img') as HTMLImageElement | null;
        return img !== null && img.src.includes('logo-64x64.png') && img.complete && img.naturalWidth > 0;
      }, undefined, { timeout: 60_000 });
      const logo = await page.evaluate(() => {
        const img = document.querySelector('#kernel_logo_widget img') as HTMLImageElement;
        return { src: img.src, width: img.naturalWidth, height: img.naturalHeight };
      });
      expect(logo.src).toContain('/kernelspecs/brook/logo-64x64.png');
      expect([logo.width, logo.height]).toEqual([64, 64]);
    } finally {
      await page.close();
    }
  }, 900_000);
});

describe('nbconvert HTML of the example notebooks', () => {
  for (const nb of NOTEBOOKS) {
    it(`${nb}: images load, no output over 1,000 px, no overlapping text, one fallback sentence at most`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(pathToFileURL(path.join(tmp, `${nb}-executed.html`)).href, { waitUntil: 'domcontentloaded', timeout: 120_000 });
        await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 60_000 });
        const r = await inspectPage(page, '.output_area, .jp-OutputArea-child');
        expectReadable(r, `${nb} (nbconvert)`);
        await page.screenshot({ path: shotPath(tmp, `nbconvert-${nb}.png`), fullPage: true });
      } finally {
        await page.close();
      }
    }, 300_000);
  }
});
