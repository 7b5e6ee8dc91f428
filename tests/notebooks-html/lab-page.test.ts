/**
 * `brook lab` in a real browser: the command starts (jupyter_server from Debian, the page from
 * dist/lab/, built by `npm run build`), prints the page's URL with its token on one line, and headless
 * Chromium (Debian's, driven by playwright-core) works the page as a user would, with the toolbar:
 * - the tour: Run all; every Vega-Lite output is a live vega-embed (not the PNG beside it), the
 *   `%brook streams` table renders as a table, the one error (a cell tagged raises-exception) shows
 *   its line and caret, no other cell fails;
 * - the plots notebook: the same for every chart, and hovering over the heatmap shows a tooltip;
 * - a cell spinning in `while (true)`: the interrupt button stops it and the next cell runs; the
 *   restart button (and its dialog) gives a fresh kernel;
 * - Tab shows the kernel's completions, Enter picks one, Shift+Enter runs the cell.
 * Screenshots go to a temporary folder, or to docs/screenshots/ with BROOK_SCREENSHOTS=1.
 * Needs /usr/bin/chromium and Debian's python3-jupyter-server (scripts/setup-system.sh).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../conformance/cli.js';
import { CHROMIUM, CHROMIUM_ARGS, freePort, shotPath } from './browser.js';

const VEGALITE = 'application/vnd.vegalite.v5+json';

let tmp = '';
let lab: ChildProcess | undefined;
let labLog = '';
let pageUrl = '';
let browser: Browser;

/** A notebook of TypeScript cells, for the interrupt and restart checks. */
function writeNotebook(file: string, cells: string[]): void {
  const nb = {
    cells: cells.map((source) => ({ cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source })),
    metadata: { kernelspec: { display_name: 'Brook (TypeScript)', language: 'typescript', name: 'brook' } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  fs.writeFileSync(file, JSON.stringify(nb));
}

beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-lab-test-'));
  for (const nb of ['tour', 'plots']) fs.copyFileSync(path.join(repoRoot, 'notebooks', `${nb}.ipynb`), path.join(tmp, `${nb}.ipynb`));
  writeNotebook(path.join(tmp, 'complete.ipynb'), ['']);
  writeNotebook(path.join(tmp, 'interrupt.ipynb'), ['let laps = 0;', 'while (true) { laps++; }', 'laps > 0', 'typeof laps']);
  const port = await freePort();
  lab = spawn(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'lab', '--no-browser', '--port', String(port), path.join(tmp, 'tour.ipynb')], {
    cwd: tmp,
    env: { ...process.env, BROOK_BACKEND: process.env.BROOK_BACKEND ?? 'cpu' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  lab.stderr!.on('data', (b: Buffer) => void (labLog += b.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`brook lab printed no URL:\n${labLog}`)), 60_000);
    lab!.stdout!.on('data', (b: Buffer) => {
      stdout += b.toString();
      if (stdout.includes('\n')) {
        clearTimeout(timer);
        resolve();
      }
    });
    lab!.on('exit', (code) => reject(new Error(`brook lab exited (${code}):\n${labLog}`)));
  });
  pageUrl = stdout.split('\n')[0]!;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (lab?.exitCode === null) {
    const exited = new Promise((resolve) => lab!.on('exit', resolve));
    lab.kill('SIGTERM');
    await exited;
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

type LabWindow = Window & {
  brookLab: {
    panel: {
      sessionContext: { session?: { kernel?: { status: string; id: string } | null } | null; statusChanged: { connect(fn: (sender: unknown, status: string) => void): void } };
      content: { widgets: { model: { type: string; executionCount: number | null; getMetadata(key: string): unknown; outputs: { toJSON(): { output_type: string; data?: Record<string, unknown> }[] } } }[] };
    };
    commands: { execute(id: string): Promise<unknown> };
  };
};

/** Opens NOTEBOOK on the page and waits for its kernel to be idle. */
async function openNotebook(name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const url = pageUrl.replace(/path=[^&]*/, `path=${encodeURIComponent(name)}`);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as LabWindow).brookLab?.panel.sessionContext.session?.kernel?.status === 'idle', undefined, { timeout: 60_000 });
  return page;
}

/** Clears the saved outputs (so all that is seen came from this run), then clicks Run all. */
async function runAll(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as LabWindow).brookLab.commands.execute('notebook:clear-all-cell-outputs'));
  await page.click('.jp-Toolbar [data-command="notebook:run-all-cells"]');
  await page.waitForFunction(
    () => {
      const { panel } = (window as unknown as LabWindow).brookLab;
      return panel.sessionContext.session?.kernel?.status === 'idle' && panel.content.widgets.filter((c) => c.model.type === 'code').every((c) => typeof c.model.executionCount === 'number');
    },
    undefined,
    { timeout: 120_000, polling: 250 },
  );
}

interface Outputs {
  /** Vega-Lite outputs in the notebook's model, and how many of them the page drew with vega-embed. */
  vegaLite: number;
  liveCharts: number;
  /** <img> elements in outputs that carry a Vega-Lite spec (the PNG instead of the chart). */
  chartImages: number;
  errors: { text: string; tagged: boolean }[];
  tables: number;
}

async function outputs(page: Page): Promise<Outputs> {
  return page.evaluate((mime) => {
    const cells = Array.from(document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell'));
    const { panel } = (window as unknown as LabWindow).brookLab;
    const models = panel.content.widgets.filter((c) => c.model.type === 'code');
    let vegaLite = 0;
    let liveCharts = 0;
    let chartImages = 0;
    const errors: { text: string; tagged: boolean }[] = [];
    cells.forEach((cell, i) => {
      const outs = models[i]!.model.outputs.toJSON();
      const areas = Array.from(cell.querySelectorAll('.jp-OutputArea-output'));
      outs.forEach((o, k) => {
        if (!o.data?.[mime]) return;
        vegaLite++;
        const area = areas[k];
        // A live chart: vega-embed's container holding the canvas (or SVG) that vega drew.
        if (area?.querySelector('.vega-embed canvas, .vega-embed svg.marks')) liveCharts++;
        if (area?.querySelector('img')) chartImages++;
      });
      const tagged = (models[i]!.model.getMetadata('tags') as string[] | undefined)?.includes('raises-exception') ?? false;
      for (const e of Array.from(cell.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))) {
        errors.push({ text: e.textContent ?? '', tagged });
      }
    });
    return { vegaLite, liveCharts, chartImages, errors, tables: document.querySelectorAll('.jp-OutputArea-output table').length };
  }, VEGALITE);
}

/** Opens NOTEBOOK, runs it all, checks that every Vega-Lite output is a live chart (at least
 *  MIN_CHARTS of them), and hands the page and its outputs to CHECK. */
async function runAllAndCheckCharts(notebook: string, minCharts: number, check: (page: Page, o: Outputs) => Promise<void>): Promise<void> {
  const page = await openNotebook(notebook);
  try {
    const t0 = Date.now();
    await runAll(page);
    console.log(`lab page: ${notebook} Run all took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const o = await outputs(page);
    expect(o.vegaLite).toBeGreaterThanOrEqual(minCharts);
    expect(o.liveCharts).toBe(o.vegaLite);
    expect(o.chartImages).toBe(0);
    await check(page, o);
  } finally {
    await page.close();
  }
}

describe('brook lab', () => {
  it('prints the page URL with its token on one line', () => {
    expect(pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/static\/brook-lab\/index\.html\?path=tour\.ipynb&token=[0-9a-f]{48}$/);
  });

  it('runs the tour: live Vega-Lite charts, the streams table, the error with its caret', async () => {
    await runAllAndCheckCharts('tour.ipynb', 1, async (page, o) => {
      expect(o.tables).toBeGreaterThanOrEqual(1);
      // Exactly the deliberate error, with its source line and a caret under `factor`.
      expect(o.errors.filter((e) => !e.tagged).map((e) => e.text)).toEqual([]);
      expect(o.errors).toHaveLength(1);
      expect(o.errors[0]!.text).toMatch(/BRK\d{4}: unknown identifier 'factor'/);
      expect(o.errors[0]!.text).toMatch(/\|\s+b = a \* factor;\n\s*\|\s+\^~+/);
      await page.locator('.vega-embed').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath(tmp, 'lab-tour.png') });
    });
  }, 180_000);

  it('runs the plots notebook: every chart is a live Vega embed, and the heatmap has tooltips', async () => {
    await runAllAndCheckCharts('plots.ipynb', 6, async (page, o) => {
      expect(o.errors).toEqual([]);
      // The heatmap is the first chart; vega-tooltip shows its element on hover over a cell.
      const chart = page.locator('.vega-embed').first();
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.locator('canvas, svg.marks').first().boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5);
      await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.5);
      const tooltip = page.locator('#vg-tooltip-element.visible');
      await tooltip.waitFor({ state: 'visible', timeout: 10_000 });
      expect((await tooltip.textContent()) ?? '').toMatch(/\d/);
      await page.screenshot({ path: shotPath(tmp, 'lab-plots-tooltip.png') });
    });
  }, 180_000);

  it('Tab completes from the kernel, Enter picks, Shift+Enter runs', async () => {
    const page = await openNotebook('complete.ipynb');
    try {
      const editor = page.locator('.jp-Notebook .jp-CodeCell .cm-content').first();
      await editor.click();
      await page.keyboard.type('Math.fl');
      const t0 = Date.now();
      await page.keyboard.press('Tab');
      const item = page.locator('.jp-Completer:not(.lm-mod-hidden) .jp-Completer-item');
      await item.first().waitFor({ state: 'visible', timeout: 20_000 });
      console.log(`lab page: the kernel's first completion showed after ${Date.now() - t0} ms`);
      expect(await item.allInnerTexts()).toEqual(['floor']);
      await page.keyboard.press('Enter');
      await expect.poll(() => editor.innerText()).toBe('Math.floor');
      await page.keyboard.type('(2.5)');
      await page.keyboard.press('Shift+Enter');
      await expect.poll(() => page.locator('.jp-Notebook .jp-CodeCell .jp-OutputArea').first().innerText(), { timeout: 20_000 }).toMatch(/^\[1\]:\s*2$/);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('the interrupt button stops a spinning cell and the next cell runs; the restart button restarts the kernel', async () => {
    const page = await openNotebook('interrupt.ipynb');
    try {
      const cellText = (i: number) => page.locator('.jp-Notebook .jp-CodeCell').nth(i).locator('.jp-OutputArea').innerText();
      const run = () => page.click('.jp-Toolbar [data-command="notebook-cells:run-and-advance"]');
      const status = () => page.evaluate(() => (window as unknown as LabWindow).brookLab.panel.sessionContext.session?.kernel?.status);
      const executionCount = (i: number) => page.evaluate((k) => (window as unknown as LabWindow).brookLab.panel.content.widgets[k]!.model.executionCount, i);
      await page.locator('.jp-Notebook .jp-CodeCell').first().click();
      await run();
      await expect.poll(() => executionCount(0), { timeout: 20_000 }).toBe(1);
      // The spinning cell (run-and-advance selected it): let it spin a second, then the stop button.
      await run();
      await expect.poll(status, { timeout: 30_000 }).toBe('busy');
      await page.waitForTimeout(1000);
      const t0 = Date.now();
      await page.click('.jp-Toolbar [data-command="notebook:interrupt-kernel"]');
      await expect.poll(status, { timeout: 20_000, interval: 50 }).toBe('idle');
      console.log(`lab page: the interrupt button stopped while(true) in ${Date.now() - t0} ms`);
      expect(await cellText(1)).toMatch(/interrupt/i);
      // The next cell runs in the same kernel, and sees what the stopped loop did.
      await run();
      await expect.poll(() => cellText(2), { timeout: 20_000 }).toContain('true');

      // Restart: the button asks first; after it, `laps` is gone.
      const kernelBefore = await page.evaluate(() => (window as unknown as LabWindow).brookLab.panel.sessionContext.session?.kernel?.id);
      await page.evaluate(() => {
        const w = window as unknown as LabWindow & { statuses: string[] };
        w.statuses = [];
        w.brookLab.panel.sessionContext.statusChanged.connect((_: unknown, s: string) => void w.statuses.push(s));
      });
      await page.click('.jp-Toolbar [data-command="notebook:restart-kernel"]');
      await page.locator('.jp-Dialog .jp-mod-accept').click();
      // Restarted: the kernel went through restarting (or starting) and is idle again.
      await page.waitForFunction(() => {
        const w = window as unknown as LabWindow & { statuses: string[] };
        return w.statuses.some((s) => s === 'restarting' || s === 'starting') && w.brookLab.panel.sessionContext.session?.kernel?.status === 'idle';
      }, undefined, { timeout: 60_000 });
      await run();
      await expect.poll(() => cellText(3), { timeout: 30_000 }).toContain('undefined');
      expect(await page.evaluate(() => (window as unknown as LabWindow).brookLab.panel.sessionContext.session?.kernel?.id)).toBe(kernelBefore);
    } finally {
      await page.close();
    }
  }, 180_000);
});
