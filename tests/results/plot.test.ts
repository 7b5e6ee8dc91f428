/**
 * Plots of streams and tables: the plot chosen for each shape and value pattern (shape and values in,
 * Vega-Lite mark out), the data in the specs against references computed here, and the PNG drawn from
 * the spec by Vega + resvg (pixels read through the plot's data area).
 */
import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { table } from 'arquero';
import { plotStream, plotTable, PlotError, MAX_BUNDLE_BYTES, type PlotDisplay } from '../../runtime/results/plot.js';
import { choosePlot, FEW } from '../../runtime/results/plot-choice.js';
import { HEATMAP_BUNDLE_BYTES, MAX_HEATMAP_CELLS, formatValue } from '../../runtime/results/plot-field.js';
import { bundleBytes, F, pixels, specErrors, words } from './plot-helpers.js';

const VIRIDIS_LOW = [0x44, 0x01, 0x54]; // viridis at 0 (#440154)
const VIRIDIS_HIGH = [0xfd, 0xe7, 0x25]; // and at 1 (#fde725)
const near = (a: number[], b: number[], tol = 3) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]!) <= tol);
const T = 120_000;

type Row = Record<string, number | string | null>;
const rowsOf = (p: PlotDisplay) => (p.spec!.data as { values: Row[] }).values;
const markOf = (p: PlotDisplay) => (p.spec!.mark as { type: string }).type;

/** The pixel at a position of the plot's data area given as fractions (0..1) of its width and height. */
function inArea(p: PlotDisplay, fx: number, fy: number): number[] {
  const a = p.area!;
  return pixels(p.png!).at(Math.round(a.x + fx * (a.w - 1)), Math.round(a.y + fy * (a.h - 1)));
}

describe('the plot is chosen from the shape and the values', () => {
  const col = (n: number, f: (i: number) => number) => Float32Array.from({ length: n }, (_, i) => f(i));
  it('n x 1 and 1 x n are 1-D, constants are constant, a few elements are bars or points, 2-D float3 an image', () => {
    expect(choosePlot(F(), [500], [col(500, Math.sin)]).kind).toBe('line');
    expect(choosePlot(F(), [500, 1], [col(500, Math.sin)])).toEqual({ kind: 'line', shape: [500] });
    expect(choosePlot(F(), [1, 500], [col(500, Math.sin)])).toEqual({ kind: 'line', shape: [500] });
    expect(choosePlot(F(), [64, 64], [col(4096, () => 3)]).kind).toBe('constant');
    expect(choosePlot(F(), [64, 64], [col(4096, Math.sin)]).kind).toBe('heatmap');
    expect(choosePlot(F(), [FEW], [col(FEW, Math.sin)]).kind).toBe('bar');
    expect(choosePlot(F(), [FEW + 1], [col(FEW + 1, Math.sin)]).kind).toBe('line');
    expect(choosePlot(F(2), [5], [col(5, Math.sin), col(5, Math.cos)]).kind).toBe('point');
    expect(choosePlot(F(3), [40, 30], [col(1200, Math.sin), col(1200, Math.cos), col(1200, () => 0)]).kind).toBe('image');
    expect(choosePlot(F(2), [40, 30], [col(1200, Math.sin)]).kind).toBe('heatmap');
    // A NaN is not a constant value: it is plotted (and counted) instead of called constant.
    expect(choosePlot(F(), [10, 10], [col(100, (i) => (i === 5 ? NaN : 1))]).kind).toBe('heatmap');
  });
});

describe('plots by shape and values', () => {
  it('a 1-D float stream is a line drawn by Vega: a valid spec, a 2x PNG with text in the title area', async () => {
    const n = 300;
    const p = await plotStream({ name: 'wave', elem: F(), shape: [n], words: words(Array.from({ length: n }, (_, i) => Math.sin(i / 20))) });
    expect(p.kind).toBe('line');
    expect(markOf(p)).toBe('line');
    expect(specErrors(p.spec)).toEqual([]);
    const enc = p.spec!.encoding as Record<string, { title?: string }>;
    expect([enc.x!.title, enc.y!.title]).toEqual(['i (index)', 'wave']);
    const px = pixels(p.png!);
    expect(p.area!.scale).toBe(2);
    expect(p.area!.w).toBe(960); // the 480 CSS px chart at 2 device pixels a CSS pixel
    expect(p.displayWidth).toBe(px.width / 2);
    // The title is drawn text: dark pixels in the band above the data area.
    let dark = 0;
    for (let y = 0; y < p.area!.y - 30; y++) for (let x = 0; x < 200; x++) if (px.at(x, y)[0]! < 100) dark++;
    expect(dark).toBeGreaterThan(50);
    const b = p.bundle();
    expect(Object.keys(b.data).sort()).toEqual(['application/vnd.vegalite.v5+json', 'image/png', 'text/plain']);
  }, T);

  it('n x 1 and 1 x n streams are lines over their long index, not strip heatmaps', async () => {
    const n = 300;
    const vals = words(Array.from({ length: n }, (_, i) => i * i));
    const tall = await plotStream({ name: 'c', elem: F(), shape: [n, 1], words: vals });
    const wide = await plotStream({ name: 'r', elem: F(), shape: [1, n], words: vals });
    for (const [p, x] of [[tall, 'i (index)'], [wide, 'j (index)']] as const) {
      expect(p.kind).toBe('line');
      expect((p.spec!.encoding as Record<string, { title: string }>).x!.title).toBe(x);
      const rows = rowsOf(p);
      expect(rows).toHaveLength(n);
      expect(rows[17]).toMatchObject({ x: 17, y: 289, series: 'value' });
    }
  }, T);

  it('a constant stream says "all N values = v" instead of a plot', async () => {
    const p = await plotStream({ name: 'flat', elem: F(), shape: [64, 64], words: words(new Array(4096).fill(3)) });
    expect(p.kind).toBe('constant');
    expect(p.caption).toBe('float<64, 64>; all 4,096 values = 3');
    expect(p.png).toBeUndefined();
    const b = p.bundle();
    expect(Object.keys(b.data).sort()).toEqual(['text/html', 'text/plain']);
    const v = await plotStream({ name: 'v', elem: F(2), shape: [10], words: words(new Array(10).fill([1.5, -2]).flat()) });
    expect(v.caption).toBe('float2<10>; all 10 values = (x = 1.5, y = -2)');
  }, T);

  it('a few elements: a bar per element, or points per component for a vector stream', async () => {
    const bars = await plotStream({ name: 'few', elem: F(), shape: [6], words: words([1, 3, -2, 5, 4, 0]) });
    expect([bars.kind, markOf(bars)]).toEqual(['bar', 'bar']);
    expect(rowsOf(bars).map((r) => r.y)).toEqual([1, 3, -2, 5, 4, 0]);
    expect(specErrors(bars.spec)).toEqual([]);
    const pts = await plotStream({ name: 'v', elem: F(2), shape: [5], words: words([1, 3, -2, 5, 4, 0, 1, 1, 2, 2]) });
    expect([pts.kind, markOf(pts)]).toEqual(['point', 'point']);
    expect(new Set(rowsOf(pts).map((r) => r.series))).toEqual(new Set(['x', 'y']));
    expect(specErrors(pts.spec)).toEqual([]);
  }, T);

  it('a 1-D float2 stream is one line per component, with a legend naming x and y', async () => {
    const n = 100;
    const vals: number[] = [];
    for (let i = 0; i < n; i++) vals.push(i, -i);
    const p = await plotStream({ name: 'v', elem: F(2), shape: [n], words: words(vals) });
    expect([p.kind, markOf(p)]).toEqual(['line', 'line']);
    expect(specErrors(p.spec)).toEqual([]);
    expect(rowsOf(p)).toHaveLength(2 * n);
    const enc = p.spec!.encoding as Record<string, { title?: string; scale?: { domain: string[] } }>;
    expect(enc.y!.title).toBe('v (x, y)');
    expect(enc.color!.scale!.domain).toEqual(['x', 'y']);
  }, T);

  it('a float4 whose components are nearly equal is drawn as small multiples: a row per component, each with its own y scale', async () => {
    const n = 200;
    const vals: number[] = [];
    // x, y, z, w within 0.003 of each other: on one axis spanning -1..1 they would be one line.
    for (let i = 0; i < n; i++) for (let c = 0; c < 4; c++) vals.push(Math.sin(i / 20) + c * 0.001);
    const p = await plotStream({ name: 'result', elem: F(4), shape: [n], words: words(vals) });
    expect(p.kind).toBe('line');
    expect(specErrors(p.spec)).toEqual([]);
    const facet = p.spec!.facet as { row: { field: string; sort: string[] } };
    expect(facet.row).toMatchObject({ field: 'series', sort: ['x', 'y', 'z', 'w'] });
    expect(p.spec!.resolve).toEqual({ scale: { y: 'independent' } });
    expect((p.spec!.spec as { mark: { type: string } }).mark.type).toBe('line');
    expect(p.caption).toContain('x, y, z, w in rows with their own y scales (on one axis x and y would draw as one line)');
    // Each row's data is its component's float32 values, exactly.
    for (const [c, name] of ['x', 'y', 'z', 'w'].entries()) {
      const ys = rowsOf(p).filter((r) => r.series === name).map((r) => r.y as number);
      expect(ys).toEqual(Array.from({ length: n }, (_, i) => Number(Math.fround(Math.sin(i / 20) + c * 0.001).toPrecision(9))));
    }
    // The picture has four plot areas stacked: taller than the one-axis chart of a float2 below.
    const oneAxis = await plotStream({ name: 'v', elem: F(2), shape: [n], words: words(Array.from({ length: 2 * n }, (_, k) => (k % 2 ? Math.cos : Math.sin)(Math.floor(k / 2) / 20))) });
    expect(oneAxis.spec!.facet).toBeUndefined();
    expect(pixels(p.png!).height).toBeGreaterThan(pixels(oneAxis.png!).height * 1.3);
  }, T);

  it('components of very different size get rows too (the small one would draw flat); distinct ones share one axis', async () => {
    const n = 100;
    const vals: number[] = [];
    for (let i = 0; i < n; i++) vals.push(Math.sin(i / 10), 1000 * i);
    const p = await plotStream({ name: 'v', elem: F(2), shape: [n], words: words(vals) });
    expect(p.spec!.resolve).toEqual({ scale: { y: 'independent' } });
    expect(p.caption).toContain('(on one axis x would draw flat)');
    expect(specErrors(p.spec)).toEqual([]);
    const { sharedAxisHides } = await import('../../runtime/results/plot-xy.js');
    const lo = { lo: -1, hi: 1, nonFinite: 0 };
    expect(sharedAxisHides([{ name: 'a', values: [0, 1] }, { name: 'b', values: [0, -1] }], lo)).toBeUndefined();
    expect(sharedAxisHides([{ name: 'a', values: [0, 1] }, { name: 'b', values: [0.015, 1] }], lo)).toBe('on one axis a and b would draw as one line');
    expect(sharedAxisHides([{ name: 'a', values: [0, 1] }, { name: 'b', values: [0.03, 1] }], lo)).toBeUndefined();
  }, T);

  it('a 2-D float stream is a Vega-Lite heatmap: rect marks over its cells, data and tooltips in the spec', async () => {
    const H = 30;
    const W = 40;
    const vals = new Float32Array(W * H);
    for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) vals[r * W + c] = c + r / 100;
    const p = await plotStream({ name: 'grad', elem: F(), shape: [H, W], words: new Uint32Array(vals.buffer) });
    expect([p.kind, markOf(p), p.factor]).toEqual(['heatmap', 'rect', 1]);
    expect(specErrors(p.spec)).toEqual([]);
    const enc = p.spec!.encoding as Record<string, { field?: string; scale?: { scheme?: string; domain?: number[] } }>;
    expect(enc.color!.scale!.scheme).toBe('viridis');
    expect((p.spec!.encoding as { tooltip: unknown[] }).tooltip).toHaveLength(3);
    // The cells the browser builds from the spec (run the spec's own transforms through Vega).
    const vega = await import('vega');
    const view = new vega.View(vega.parse(compile(p.spec as never).spec), { renderer: 'none' });
    await view.runAsync();
    const cells = view.data('data_0') as { i: number; j: number; v: number; i_end: number; j_end: number }[];
    expect(cells).toHaveLength(W * H);
    const c = cells.find((d) => d.i === 7 && d.j === 12)!;
    expect(c.v).toBeCloseTo(12.07, 4);
    expect([c.i_end, c.j_end]).toEqual([8, 13]);
    view.finalize();
    // The PNG: low values (left) dark, high values (right) bright; the legend's extremes likewise.
    expect(near(inArea(p, 0.005, 0.5), VIRIDIS_LOW, 6)).toBe(true);
    expect(near(inArea(p, 0.995, 0.5), VIRIDIS_HIGH, 6)).toBe(true);
  }, T);

  it('rows go downwards: a heatmap bright only in row 0 is bright at the top of the picture', async () => {
    const vals = new Float32Array(20 * 30);
    vals.fill(1, 0, 30);
    const p = await plotStream({ name: 'top', elem: F(), shape: [20, 30], words: new Uint32Array(vals.buffer) });
    expect(near(inArea(p, 0.5, 0.01), VIRIDIS_HIGH)).toBe(true);
    expect(near(inArea(p, 0.5, 0.99), VIRIDIS_LOW)).toBe(true);
  }, T);

  it.each([512, 2048])(`a square heatmap of side %i is stored under ${HEATMAP_BUNDLE_BYTES} bytes: ${MAX_HEATMAP_CELLS} block-mean cells checked against a mean taken here, and where the full data is`, async (N) => {
    const vals = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) vals[r * N + c] = Math.sin(r / 40) * Math.cos(c / 60) + (r * 31 + c * 17) % 7 / 100;
    const p = await plotStream({ name: 'big', elem: F(), shape: [N, N], words: new Uint32Array(vals.buffer) });
    const f = N / 64;
    expect(p.factor).toBe(f);
    const v = (rowsOf(p)[0]!.v as unknown as (number | null)[]);
    expect(v).toHaveLength(64 * 64);
    // Every cell against its block's float64 mean, computed here from the stream's values.
    for (let br = 0; br < 64; br++) {
      for (let bc = 0; bc < 64; bc++) {
        let sum = 0;
        for (let r = br * f; r < (br + 1) * f; r++) for (let c = bc * f; c < (bc + 1) * f; c++) sum += vals[r * N + c]!;
        expect(Math.abs(v[br * 64 + bc]! - sum / (f * f))).toBeLessThan(1e-4); // 5 significant digits
      }
    }
    expect(p.caption).toContain(`cells are ${f}x${f} block means (64 x 64 cells); every value: await big.toTable()`);
    expect(specErrors(p.spec)).toEqual([]);
    const bytes = bundleBytes(p);
    console.log(`${N}x${N} heatmap output: ${bytes} bytes (spec ${JSON.stringify(p.spec).length}, PNG ${p.png!.length})`);
    expect(bytes).toBeLessThanOrEqual(HEATMAP_BUNDLE_BYTES);
    expect(p.displayWidth).toBeLessThanOrEqual(600);
    // The picture is still drawn at a readable size, not shrunk to a thumbnail to fit.
    expect(pixels(p.png!).width).toBeGreaterThan(300);
  }, T);

  it('a heatmap whose sides are not multiples of the block: edge blocks are the means of the elements they hold', async () => {
    const W = 1000;
    const H = 700;
    const vals = Float32Array.from({ length: W * H }, (_, k) => ((k % W) * 3 + Math.floor(k / W) * 5) % 11);
    const p = await plotStream({ name: 'odd', elem: F(), shape: [H, W], words: new Uint32Array(vals.buffer) });
    const f = p.factor;
    const cw = Math.ceil(W / f);
    const ch = Math.ceil(H / f);
    expect(cw * ch).toBeLessThanOrEqual(MAX_HEATMAP_CELLS);
    expect((cw - 1) * f).toBeLessThan(W); // the last column of blocks is partial
    const v = (rowsOf(p)[0]!.v as unknown as number[]);
    const mean = (br: number, bc: number) => {
      let sum = 0;
      let n = 0;
      for (let r = br * f; r < Math.min(H, (br + 1) * f); r++) for (let c = bc * f; c < Math.min(W, (bc + 1) * f); c++) { sum += vals[r * W + c]!; n++; }
      return sum / n;
    };
    for (const [br, bc] of [[0, 0], [ch - 1, cw - 1], [3, cw - 1], [ch - 1, 5]] as const) expect(v[br * cw + bc]).toBeCloseTo(mean(br, bc), 3);
    expect(bundleBytes(p)).toBeLessThanOrEqual(HEATMAP_BUNDLE_BYTES);
  }, T);

  it('a tall 2-D stream gives a bounded picture (aspect capped, said in the caption)', async () => {
    const vals = Float32Array.from({ length: 10_000 * 8 }, (_, i) => i % 13);
    const p = await plotStream({ name: 'tall', elem: F(), shape: [10_000, 8], words: new Uint32Array(vals.buffer) });
    const px = pixels(p.png!);
    expect(px.height / p.area!.scale).toBeLessThanOrEqual(560);
    expect(p.caption).toContain('aspect ratio not to scale');
  }, T);

  it('a float3 image stream keeps its aspect ratio and shows a red square where it is', async () => {
    const H = 60;
    const W = 120;
    const vals = new Float32Array(W * H * 3).fill(1); // white
    for (let r = 10; r < 30; r++) for (let c = 80; c < 100; c++) vals.set([1, 0, 0], (r * W + c) * 3);
    const p = await plotStream({ name: 'img', elem: F(3), shape: [H, W], words: new Uint32Array(vals.buffer) });
    expect([p.kind, (p.spec!.layer as { mark: { type: string } }[])[0]!.mark.type]).toEqual(['image', 'image']);
    expect((p.spec!.width as number) / (p.spec!.height as number)).toBeCloseTo(W / H, 2);
    expect(specErrors(p.spec)).toEqual([]);
    expect(inArea(p, 90 / W, 20 / H).slice(0, 3)).toEqual([255, 0, 0]);
    expect(inArea(p, 30 / W, 45 / H).slice(0, 3)).toEqual([255, 255, 255]);
  }, T);
});

describe('kinds on request', () => {
  it('histogram: counts per bin match a count done here, and the spec validates', async () => {
    const vals: number[] = [];
    for (let k = 0; k < 10; k++) for (let r = 0; r <= k; r++) vals.push(k + 0.5);
    const p = await plotStream({ name: 'h', elem: F(), shape: [vals.length], words: words(vals) }, { kind: 'histogram', bins: 10 });
    expect(specErrors(p.spec)).toEqual([]);
    let total = 0;
    for (const row of rowsOf(p) as { bin_start: number; bin_end: number; count: number }[]) {
      expect(row.count).toBe(vals.filter((v) => v >= row.bin_start && v < row.bin_end).length);
      total += row.count;
    }
    expect(total).toBe(vals.length);
    expect(p.caption).toContain('55 values');
  }, T);

  it('scatter of a float2 stream: 1 million points ship as a 5,000-point sample of real points', async () => {
    const n = 1_000_000;
    const vals = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      vals[2 * i] = (i % 1000) / 1000;
      vals[2 * i + 1] = ((i * 7919) % 1000) / 1000;
    }
    const p = await plotStream({ name: 'cloud', elem: F(2), shape: [n], words: new Uint32Array(vals.buffer) }, { kind: 'scatter' });
    const pts = rowsOf(p) as { x: number; y: number }[];
    expect(pts.length).toBe(5000);
    for (const q of pts.slice(0, 100)) {
      const i0 = Math.round(q.x * 1000);
      const ys = new Set<number>();
      for (let i = i0; i < n; i += 1000) ys.add(Math.fround(((i * 7919) % 1000) / 1000));
      expect(ys.has(Math.fround(q.y))).toBe(true);
    }
    expect(p.caption).toContain('1,000,000 points, a stratified sample of 5,000 shown');
    expect(bundleBytes(p)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  }, T);

  it('wrong shapes and options say what to do instead', async () => {
    const one = { name: 's', elem: F(), shape: [10], words: words(new Array(10).fill(0)) };
    await expect(plotStream(one, { kind: 'heatmap' })).rejects.toThrow(PlotError);
    await expect(plotStream(one, { kind: 'heatmap' })).rejects.toThrow(/needs a 2-D stream; 's' has shape <10>[\s\S]*hint/);
    const two = { name: 'q', elem: F(2), shape: [2, 2], words: words(new Array(8).fill(0)) };
    await expect(plotStream(two, { kind: 'image' })).rejects.toThrow(/1 \(grey\), 3 \(RGB\) or 4 \(RGBA\) channels/);
    await expect(plotStream(one, { kind: 'pie' as never })).rejects.toThrow(/unknown kind 'pie'[\s\S]*line, bar, histogram, scatter, heatmap, image/);
    await expect(plotStream(two, { kind: 'heatmap', component: 'w' })).rejects.toThrow(/no component 'w'[\s\S]*x, y/);
    await expect(plotStream({ name: 'e', elem: F(), shape: [0, 4], words: new Uint32Array(0) })).rejects.toThrow(/'e' has no elements/);
    await expect(plotStream(one, { bins: 0 })).rejects.toThrow(/bins must be a whole number from 1 to 1000/);
  });
});

describe('large streams are reduced on our side', () => {
  it('a 10M-point line keeps its min and max: min/max per column match a float64 reference', async () => {
    const n = 10_000_000;
    const vals = new Float32Array(n);
    for (let i = 0; i < n; i++) vals[i] = Math.sin(i / 1e5) * 0.5;
    vals[7_654_321] = 1000;
    vals[1_234_567] = -500;
    const p = await plotStream({ name: 'long', elem: F(), shape: [n], words: new Uint32Array(vals.buffer) });
    expect(p.caption).toContain('10,000,000 points shown as their min-max range in 600 columns');
    const rows = rowsOf(p) as { x: number; min: number; max: number }[];
    expect(Math.max(...rows.map((r) => r.max))).toBe(1000);
    expect(Math.min(...rows.map((r) => r.min))).toBe(-500);
    const cols = rows.length;
    const spikeCol = rows.findIndex((r) => r.max === 1000);
    expect(spikeCol).toBe(Math.floor((7_654_321 / (n - 1)) * cols));
    const lo = Math.ceil((spikeCol * (n - 1)) / cols);
    const hi = Math.ceil(((spikeCol + 1) * (n - 1)) / cols);
    let refMin = Infinity;
    for (let i = lo; i < hi; i++) if (i !== 7_654_321) refMin = Math.min(refMin, Math.fround(Math.sin(i / 1e5) * 0.5));
    expect(rows[spikeCol]!.min).toBeCloseTo(refMin, 6);
    expect(specErrors(p.spec)).toEqual([]);
    expect(bundleBytes(p)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  }, T);

  it(`incompressible 2048x2048 noise still fits: ${HEATMAP_BUNDLE_BYTES} bytes as a heatmap, 1 MB as an image`, async () => {
    const N = 2048;
    const vals = new Float32Array(N * N);
    let s = 1;
    for (let i = 0; i < vals.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      vals[i] = s / 2 ** 32;
    }
    const heat = await plotStream({ name: 'noise', elem: F(), shape: [N, N], words: new Uint32Array(vals.buffer) });
    expect(bundleBytes(heat)).toBeLessThanOrEqual(HEATMAP_BUNDLE_BYTES);
    expect(heat.spec).toBeDefined(); // the interactive view kept
    expect(heat.caption).toMatch(/cells are \d+x\d+ block means/);
    const rgb = new Float32Array(N * N * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = vals[i % vals.length]!;
    const img = await plotStream({ name: 'snow', elem: F(3), shape: [N, N], words: new Uint32Array(rgb.buffer) });
    expect(bundleBytes(img)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
    expect(img.caption).toMatch(/block means/);
  }, T);

  it('NaN values are left out of lines and histograms and counted in the caption', async () => {
    const vals = [1, NaN, 3, Infinity, 2, 5, 1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    const p = await plotStream({ name: 'gaps', elem: F(), shape: [vals.length], words: words(vals) }, { kind: 'histogram', bins: 2 });
    expect(p.caption).toContain('2 NaN/inf left out');
    expect((rowsOf(p) as { count: number }[]).reduce((a, r) => a + r.count, 0)).toBe(vals.length - 2);
    const line = await plotStream({ name: 'gaps', elem: F(), shape: [vals.length], words: words(vals) });
    expect(JSON.stringify(line.spec)).toContain('"y":null');
    expect(specErrors(line.spec)).toEqual([]);
  }, T);
});

describe('Arquero tables plot with the same function', () => {
  it('a grouped rollup plots as a line of its summary', async () => {
    const n = 1000;
    const t = table({ i: Int32Array.from({ length: n }, (_, k) => k % 10), value: Float32Array.from({ length: n }, (_, k) => k) });
    const means = t.groupby('i').rollup({ mean: 'd => op.mean(d.value)' }).orderby('i');
    const p = await plotTable(means, { x: 'i', y: 'mean' }, 'means');
    expect(p.kind).toBe('line');
    expect(specErrors(p.spec)).toEqual([]);
    expect(rowsOf(p).map((r) => [r.x, r.y])).toEqual(Array.from({ length: 10 }, (_, i) => [i, i + 495]));
  }, T);

  it('x alone is a histogram, unsorted x with y a scatter, and a missing column names the columns there are', async () => {
    const t = table({ a: Float64Array.from([3, 1, 2, 5, 4]), b: Float64Array.from([1, 2, 3, 4, 5]) });
    expect((await plotTable(t, { x: 'a' })).kind).toBe('histogram');
    const s = await plotTable(t.filter('d => d.b > 1'), { x: 'a', y: 'b' });
    expect(s.kind).toBe('scatter');
    expect(rowsOf(s)).toHaveLength(4);
    await expect(plotTable(t, { x: 'zz' })).rejects.toThrow(/no column 'zz'[\s\S]*a, b/);
    await expect(plotTable(t, {})).rejects.toThrow(/say which columns to plot/);
  }, T);

  it('a table heatmap puts z at integer (x, y) cells', async () => {
    const t = table({ i: Int32Array.from([0, 0, 1, 1]), j: Int32Array.from([0, 1, 0, 1]), v: Float32Array.from([0, 1, 1, 2]) });
    const p = await plotTable(t, { kind: 'heatmap', x: 'j', y: 'i', z: 'v' });
    expect(near(inArea(p, 0.1, 0.1), VIRIDIS_LOW)).toBe(true);
    expect(near(inArea(p, 0.9, 0.9), VIRIDIS_HIGH)).toBe(true);
    expect(specErrors(p.spec)).toEqual([]);
    // The axes are named after the table's columns, not a stream's i and j.
    const u = table({ step: Int32Array.from([0, 0, 1, 1]), position: Int32Array.from([0, 1, 0, 1]), key: Float32Array.from([0, 1, 1, 2]) });
    const q = await plotTable(u, { kind: 'heatmap', x: 'position', y: 'step', z: 'key' });
    const enc = (q.spec!.encoding ?? (q.spec!.layer as { encoding: Record<string, { title?: string }> }[])[0]!.encoding) as Record<string, { title?: string }>;
    expect([enc.x!.title, enc.y!.title]).toEqual(['position', 'step']);
  }, T);
});

describe('captions', () => {
  it('values print with 4 significant digits, exponents outside 1e-3..1e6', () => {
    expect(formatValue(1234.5678)).toBe('1235');
    expect(formatValue(0.000012346)).toBe('1.235e-5');
    expect(formatValue(-2)).toBe('-2');
  });
});
