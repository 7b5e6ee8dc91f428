/**
 * A profile's roofline chart and tables in a real browser: the Vega-Lite spec (valid against the
 * Vega-Lite v5 schema) is drawn by the pinned vega and vega-lite builds in headless Chromium with no
 * warning, its marks where the data says (the kernels' points inside the plotting area, coloured), and
 * the one-value display (tables plus the chart's PNG in HTML) loads its image. Needs /usr/bin/chromium.
 */
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { compile } from '../../runtime/compiler/index.js';
import { HostLib, runProgram } from '../../runtime/hostlib/loader.js';
import { profileWork, type Profile } from '../../runtime/profile/index.js';
import { specErrors } from '../results/plot-helpers.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const rt = createCpuRuntime({ cpu: { workers: 0 } });
afterAll(() => rt.dispose());

async function profileOfProgram(): Promise<Profile> {
  const r = compile(`
    kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 r<>) { r = a * x + y; }
    kernel void gemm(float n, float A[][], float B[][], out float C<>) {
      float2 p = indexof(C).xy;
      float acc = 0.0f;
      int k;
      for (k = 0; k < n; k++) acc += A[p.y][k] * B[k][p.x];
      C = acc;
    }
    int main() {
      float4 x<8192>, y<8192>, r<8192>;
      float A<64, 64>, C<64, 64>;
      saxpy(2.0f, x, y, r);
      gemm(64.0f, A, A, C);
      return 0;
    }`);
  const lib = new HostLib({ io: { write: () => {} } });
  const peaks = { key: 'test', backend: 'cpu', adapter: 'test adapter', bandwidthGBs: 8, gflops: 4, uploadGBs: 4, downloadGBs: 4, clock: 'host' as const, measuredAt: '', measureMs: 0, cached: true };
  return profileWork(rt, (prt) => runProgram(r.hostJs!, { rt: prt, lib, K: r.kernels, argv: ['p'] }), { title: 'browser test', peaks, cpuSample: false });
}

describe('a profile in the browser', () => {
  it('the roofline spec is valid Vega-Lite v5 and Chromium draws it without a warning', async () => {
    const p = await profileOfProgram();
    const spec = p.roofline!.spec!;
    expect(specErrors(spec)).toEqual([]);
    const require = createRequire(import.meta.url);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<html><body></body></html>');
      await page.addScriptTag({ path: require.resolve('vega/build/vega.min.js') });
      await page.addScriptTag({ path: require.resolve('vega-lite/build/vega-lite.min.js') });
      const drawn = await page.evaluate(async (s) => {
        const w = window as unknown as { vega: any; vegaLite: any };
        let warnings = 0;
        const view = new w.vega.View(w.vega.parse(w.vegaLite.compile(s).spec), { renderer: 'none' });
        view.logger({ level: () => 0, warn: () => warnings++, error: () => warnings++, info: () => {}, debug: () => {} });
        const canvas = (await view.toCanvas()) as HTMLCanvasElement;
        const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let inked = 0;
        let coloured = 0;
        for (let i = 0; i < d.length; i += 4) {
          if (d[i + 3]! > 0 && !(d[i]! > 240 && d[i + 1]! > 240 && d[i + 2]! > 240)) inked++;
          // The palette's first two colours (#4c78a8 blue, #f58518 orange): the kernels' points and names.
          if (Math.abs(d[i]! - 0x4c) < 24 && Math.abs(d[i + 1]! - 0x78) < 24 && Math.abs(d[i + 2]! - 0xa8) < 24) coloured++;
          if (Math.abs(d[i]! - 0xf5) < 24 && Math.abs(d[i + 1]! - 0x85) < 24 && Math.abs(d[i + 2]! - 0x18) < 24) coloured++;
        }
        // The points' scene items: both kernels, inside the plotting area.
        const points: { x: number; y: number }[] = [];
        const walk = (item: any) => {
          if (item.marktype === 'symbol') for (const it of item.items) points.push({ x: it.x, y: it.y });
          for (const child of item.items ?? []) if (child.items || child.marktype) walk(child);
        };
        walk(view.scenegraph().root);
        const size = { w: view.width(), h: view.height() };
        view.finalize();
        return { inked, coloured, warnings, points, size };
      }, spec);
      expect(errors).toEqual([]);
      expect(drawn.warnings).toBe(0);
      expect(drawn.inked).toBeGreaterThan(5000);
      expect(drawn.coloured).toBeGreaterThan(50);
      expect(drawn.points).toHaveLength(2);
      for (const pt of drawn.points) {
        expect(pt.x).toBeGreaterThanOrEqual(0);
        expect(pt.x).toBeLessThanOrEqual(drawn.size.w);
        expect(pt.y).toBeGreaterThanOrEqual(0);
        expect(pt.y).toBeLessThanOrEqual(drawn.size.h);
      }
      // gemm (2n flops an element over 3 n^2 floats of traffic) lies right of saxpy (1/6 flop a byte).
      const [a, b] = drawn.points as [{ x: number }, { x: number }];
      expect(Math.abs(a.x - b.x)).toBeGreaterThan(50);
    } finally {
      await browser.close();
    }
  }, 180_000);

  it('the one-value display (tables, model, the chart as PNG) shows its image and tables', async () => {
    const p = await profileOfProgram();
    const html = String((p as unknown as Record<symbol, () => { data: Record<string, unknown> }>)[Symbol.for('Jupyter.display')]!().data['text/html']);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      await page.setContent(`<html><body>${html}</body></html>`);
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      const seen = await page.evaluate(() => ({
        images: Array.from(document.images).map((i) => ({ w: i.naturalWidth, shown: i.getBoundingClientRect().width })),
        tables: document.querySelectorAll('table').length,
        text: document.body.innerText,
      }));
      expect(seen.images).toHaveLength(1);
      expect(seen.images[0]!.w).toBeGreaterThan(0);
      expect(seen.images[0]!.shown).toBeGreaterThan(100);
      expect(seen.tables).toBe(2);
      expect(seen.text).toContain('cost model (Brook paper, section 5.2)');
      expect(seen.text).toMatch(/gemm\s+1\s/);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
