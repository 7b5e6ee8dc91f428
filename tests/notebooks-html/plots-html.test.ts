/**
 * The plots notebook, exported the way people share notebooks, shows its pictures in a real browser:
 * `brook execute` runs notebooks/plots.ipynb, Debian's `jupyter nbconvert --to html` exports it without
 * executing (nbconvert 6 renders `image/png`, not Vega-Lite, so this checks the PNG half of each plot),
 * and headless Chromium (Debian's, driven by playwright-core) loads the page: every <img> must have
 * loaded with a nonzero natural size. The Vega-Lite half is drawn in the same browser with the pinned
 * vega and vega-lite builds (what JupyterLab's renderer runs), so its picture layers are checked too.
 * Needs /usr/bin/chromium (scripts/setup-system.sh installs it).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { ensureBuilt, repoRoot } from '../conformance/cli.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Output {
  output_type: string;
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
}

let tmp = '';
let executed = '';
let html = '';

beforeAll(async () => {
  const built = await ensureBuilt();
  expect(built.ok, built.log).toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'brook-plots-html-'));
  executed = path.join(tmp, 'plots.ipynb');
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'bin', 'brook.js'), 'execute', path.join(repoRoot, 'notebooks', 'plots.ipynb'), '--output', executed], {
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, BROOK_BACKEND: process.env.BROOK_BACKEND ?? 'cpu' },
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const conv = spawnSync('/usr/bin/jupyter', ['nbconvert', '--to', 'html', '--ClearOutputPreprocessor.enabled=False', '--output-dir', tmp, executed], { encoding: 'utf8', timeout: 300_000 });
  expect(conv.status, `${conv.stdout}\n${conv.stderr}`).toBe(0);
  html = path.join(tmp, 'plots.html');
  expect(fs.existsSync(html)).toBe(true);
}, 600_000);

function plotOutputs(): Output[] {
  const nb = JSON.parse(fs.readFileSync(executed, 'utf8')) as { cells: { cell_type: string; outputs?: Output[] }[] };
  return nb.cells.flatMap((c) => c.outputs ?? []).filter((o) => o.data && 'image/png' in o.data);
}

describe('plots notebook as HTML', () => {
  it('every plot output carries Vega-Lite v5, PNG and text, and stays under 1 MB', () => {
    const nb = JSON.parse(fs.readFileSync(executed, 'utf8')) as { cells: { outputs?: Output[] }[] };
    const errors = nb.cells.flatMap((c) => c.outputs ?? []).filter((o) => o.output_type === 'error');
    expect(errors.map((e) => `${e.ename}: ${e.evalue}`)).toEqual([]);
    const plots = plotOutputs();
    expect(plots.length).toBeGreaterThanOrEqual(8); // heatmap x2, image, line x2, histogram, scatter, table line
    for (const o of plots) {
      expect(Object.keys(o.data!).sort()).toEqual(['application/vnd.vegalite.v5+json', 'image/png', 'text/plain']);
      expect(JSON.stringify(o.data).length).toBeLessThanOrEqual(1_000_000);
    }
  });

  it('headless Chromium shows every image of the exported HTML (loaded, nonzero natural width)', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      // The page's CDN scripts (require.js, MathJax) cannot load offline; the images are inline data.
      await page.goto(pathToFileURL(html).href, { waitUntil: 'domcontentloaded', timeout: 120_000 });
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 60_000 });
      const images = await page.evaluate(() =>
        Array.from(document.images).map((img) => ({ src: img.src.slice(0, 22), complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, shownWidth: img.getBoundingClientRect().width })),
      );
      const plots = images.filter((i) => i.src.startsWith('data:image/png'));
      expect(plots.length).toBe(plotOutputs().length);
      for (const img of plots) {
        expect(img.complete).toBe(true);
        expect(img.naturalWidth).toBeGreaterThan(0);
        expect(img.naturalHeight).toBeGreaterThan(0);
        expect(img.shownWidth).toBeGreaterThan(100); // shown at the width the plot asked for, not collapsed
      }
    } finally {
      await browser.close();
    }
  }, 180_000);

  it('every Vega-Lite spec draws in Chromium with vega\'s canvas renderer, picture layers included', async () => {
    const require = createRequire(import.meta.url);
    const plots = plotOutputs().map((o) => ({ spec: o.data!['application/vnd.vegalite.v5+json'], text: String(o.data!['text/plain']) }));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<html><body></body></html>');
      await page.addScriptTag({ path: require.resolve('vega/build/vega.min.js') });
      await page.addScriptTag({ path: require.resolve('vega-lite/build/vega-lite.min.js') });
      const drawn = await page.evaluate(async (specs) => {
        const w = window as unknown as { vega: any; vegaLite: any };
        const out: { inked: number; pictureArea: number; warnings: number }[] = [];
        for (const spec of specs) {
          let warnings = 0;
          const view = new w.vega.View(w.vega.parse(w.vegaLite.compile(spec).spec), { renderer: 'none' });
          view.logger({ level: () => 0, warn: () => warnings++, error: () => warnings++, info: () => {}, debug: () => {} });
          const canvas = (await view.toCanvas()) as HTMLCanvasElement;
          const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let inked = 0;
          for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 0 && !(d[i]! > 240 && d[i + 1]! > 240 && d[i + 2]! > 240)) inked++;
          const layer = (spec as { layer?: { mark: { type: string; width: number; height: number } }[] }).layer;
          const pic = layer?.find((l) => l.mark.type === 'image')?.mark;
          out.push({ inked, pictureArea: pic ? pic.width * pic.height : 0, warnings });
          view.finalize();
        }
        return out;
      }, plots.map((p) => p.spec));
      expect(errors).toEqual([]);
      expect(drawn).toHaveLength(plots.length);
      drawn.forEach((d, i) => {
        expect(d.warnings, plots[i]!.text).toBe(0);
        // A picture layer that failed to load would leave its area blank: most of it must be inked.
        if (d.pictureArea > 0) expect(d.inked, plots[i]!.text).toBeGreaterThan(0.8 * d.pictureArea);
        else expect(d.inked, plots[i]!.text).toBeGreaterThan(5000);
      });
      expect(drawn.filter((d) => d.pictureArea > 0).length).toBeGreaterThanOrEqual(1); // the image (heatmaps are rect marks)
    } finally {
      await browser.close();
    }
  }, 180_000);
});
