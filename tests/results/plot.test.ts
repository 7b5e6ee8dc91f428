import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { plotStream, plotTable, PlotError, MAX_BUNDLE_BYTES } from '../../runtime/results/plot.js';
import { CHART, formatTick, formatValue, niceAxis } from '../../runtime/results/plot-axes.js';
import { table } from 'arquero';
import { bundleBytes, F, pixels, specErrors, words } from './plot-helpers.js';

const VIRIDIS_LOW = [0x44, 0x01, 0x54]; // matplotlib viridis at 0 (#440154)
const VIRIDIS_HIGH = [0xfd, 0xe7, 0x25]; // and at 1 (#fde725)
const luminance = (c: number[]): number => 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;

describe('default plots by shape and type', () => {
  it('a 1-D float stream is a line: chart-sized PNG, not blank, a valid Vega-Lite v5 line spec', () => {
    const n = 300;
    const p = plotStream({ name: 'wave', elem: F(), shape: [n], words: words(Array.from({ length: n }, (_, i) => Math.sin(i / 20))) });
    expect(p.kind).toBe('line');
    const px = pixels(p.png);
    expect([px.width, px.height]).toEqual([CHART.width, CHART.height]);
    expect(px.distinctColours()).toBeGreaterThan(2);
    expect(specErrors(p.spec)).toEqual([]);
    expect(p.spec!.$schema).toBe('https://vega.github.io/schema/vega-lite/v5.json');
    expect((p.spec!.mark as { type: string }).type).toBe('line');
    expect(() => compile(p.spec as never)).not.toThrow();
    // Axis titles come from the stream's name.
    const enc = p.spec!.encoding as Record<string, { title?: string }>;
    expect(enc.y!.title).toBe('wave');
    expect(enc.x!.title).toBe('i (index)');
    // The bundle carries all three forms, and a display width for the PNG.
    const b = p.bundle();
    expect(Object.keys(b.data).sort()).toEqual(['application/vnd.vegalite.v5+json', 'image/png', 'text/plain']);
    expect((b.metadata['image/png'] as { width: number }).width).toBeGreaterThan(300);
  });

  it('the line passes through the data: the maximum of sin sits at the top of its column', () => {
    const n = 200;
    const ys = Array.from({ length: n }, (_, i) => Math.sin((i / (n - 1)) * Math.PI)); // peak 1 at the middle
    const p = plotStream({ name: 'arc', elem: F(), shape: [n], words: words(ys) });
    const px = pixels(p.png);
    const f = CHART.frame;
    const midX = Math.round(f.x + f.w / 2);
    // Find the line's pixels (blue series colour) in the middle column: the topmost one is the peak.
    let top = -1;
    let bottom = -1;
    for (let y = f.y; y < f.y + f.h; y++) {
      const c = px.at(midX, y);
      if (c[2]! > 150 && c[0]! < 120) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    expect(top).toBeGreaterThan(0);
    // y axis [0, 1] padded to nice ticks: 1.0 maps to the frame's top, so the peak is near it.
    expect(top - f.y).toBeLessThan(8);
    // At the ends sin is 0: the line is at the bottom of the frame near x = 0.
    const c0 = px.at(f.x + 1, f.y + f.h - 2);
    expect(c0[2]! > 150 && c0[0]! < 120).toBe(true);
    expect(bottom).toBeGreaterThanOrEqual(top);
  });

  it('a 1-D float2 stream is one line per component, with a legend naming x and y', () => {
    const n = 100;
    const vals: number[] = [];
    for (let i = 0; i < n; i++) vals.push(i, -i);
    const p = plotStream({ name: 'v', elem: F(2), shape: [n], words: words(vals) });
    expect(p.kind).toBe('line');
    expect(specErrors(p.spec)).toEqual([]);
    const values = (p.spec!.data as { values: { series: string }[] }).values;
    expect(new Set(values.map((v) => v.series))).toEqual(new Set(['x', 'y']));
    expect(values.length).toBe(2 * n);
    const enc = p.spec!.encoding as Record<string, { title?: string; scale?: { domain: string[] } }>;
    expect(enc.y!.title).toBe('v (x, y)');
    expect(enc.color!.scale!.domain).toEqual(['x', 'y']);
  });

  it('a 2-D float stream is a viridis heatmap at the stream resolution: left (low) dark, right (high) bright', () => {
    const H = 300;
    const W = 400;
    const vals = new Float32Array(W * H);
    for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) vals[r * W + c] = c; // gradient along columns
    const p = plotStream({ name: 'grad', elem: F(), shape: [H, W], words: new Uint32Array(vals.buffer) });
    expect(p.kind).toBe('heatmap');
    const a = p.area!;
    expect(a.factor).toBe(1);
    expect([a.w, a.h]).toEqual([W * a.cell, H * a.cell]);
    const px = pixels(p.png);
    expect(px.width).toBeGreaterThan(a.x + a.w); // room for the colour bar on the right
    const left = px.at(a.x, a.y + a.h / 2);
    const right = px.at(a.x + a.w - 1, a.y + a.h / 2);
    expect(left).toEqual(VIRIDIS_LOW);
    expect(right).toEqual(VIRIDIS_HIGH);
    expect(luminance(left)).toBeLessThan(luminance(right));
    // Monotone across the row: luminance never falls from left to right (viridis is monotone in it).
    let prev = -1;
    for (let x = a.x; x < a.x + a.w; x += 7) {
      const l = luminance(px.at(x, a.y + 10));
      expect(l).toBeGreaterThanOrEqual(prev - 1);
      prev = l;
    }
    // The colour bar: top (high) bright, bottom (low) dark, to the right of the data.
    const barX = a.x + a.w + Math.round((px.width - a.x - a.w) * 0.1);
    let barTop: number[] | undefined;
    let barBottom: number[] | undefined;
    for (let x = a.x + a.w + 1; x < px.width && !barTop; x++) {
      const c = px.at(x, a.y);
      if (c.join() === VIRIDIS_HIGH.join()) {
        barTop = c;
        barBottom = px.at(x, a.y + a.h - 1);
      }
    }
    expect(barX).toBeGreaterThan(a.x + a.w);
    expect(barTop).toEqual(VIRIDIS_HIGH);
    expect(barBottom).toEqual(VIRIDIS_LOW);
    expect(specErrors(p.spec)).toEqual([]);
    expect(() => compile(p.spec as never)).not.toThrow();
    // The spec's colour legend uses viridis over the data range.
    const legend = (p.spec!.layer as { encoding: { color?: { scale: { scheme: string; domain: number[] } } } }[])[1]!.encoding.color!;
    expect(legend.scale).toEqual({ scheme: 'viridis', domain: [0, W - 1] });
  });

  it('rows go downwards: a heatmap bright only in row 0 is bright at the top of the picture', () => {
    const vals = new Float32Array(20 * 30);
    vals.fill(1, 0, 30);
    const p = plotStream({ name: 'top', elem: F(), shape: [20, 30], words: new Uint32Array(vals.buffer) });
    const a = p.area!;
    const px = pixels(p.png);
    expect(a.cell).toBeGreaterThan(1); // small streams are enlarged by a whole factor
    expect(px.at(a.x + 3, a.y + 1)).toEqual(VIRIDIS_HIGH);
    expect(px.at(a.x + 3, a.y + a.cell + 1)).toEqual(VIRIDIS_LOW);
  });

  it('a 2048x2048 heatmap of a smooth field stays at full resolution, under 1 MB', () => {
    const N = 2048;
    const vals = new Float32Array(N * N);
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) vals[r * N + c] = Math.sin(r / 97) * Math.cos(c / 131);
    vals[1000 * N + 1500] = 5; // one element far above the rest (which stay in [-1, 1])
    const p = plotStream({ name: 'big', elem: F(), shape: [N, N], words: new Uint32Array(vals.buffer) });
    expect(p.area!.factor).toBe(1);
    expect(p.area!.cell).toBe(1);
    expect([p.area!.w, p.area!.h]).toEqual([N, N]);
    const px = pixels(p.png);
    expect(px.width).toBeGreaterThan(N);
    // Sharp: the single element is one bright pixel, its neighbours are not.
    const a = p.area!;
    expect(px.at(a.x + 1500, a.y + 1000)).toEqual(VIRIDIS_HIGH);
    expect(luminance(px.at(a.x + 1501, a.y + 1000))).toBeLessThan(luminance(VIRIDIS_HIGH) / 2);
    expect(luminance(px.at(a.x + 1500, a.y + 999))).toBeLessThan(luminance(VIRIDIS_HIGH) / 2);
    expect(p.caption).not.toContain('block means');
    expect(bundleBytes(p)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  });

  it('a float3 image stream with a red square has red pixels exactly there', () => {
    const H = 64;
    const W = 80;
    const vals = new Float32Array(W * H * 3);
    for (let r = 16; r < 32; r++) for (let c = 8; c < 24; c++) vals[(r * W + c) * 3] = 1; // red square
    const p = plotStream({ name: 'img', elem: F(3), shape: [H, W], words: new Uint32Array(vals.buffer) });
    expect(p.kind).toBe('image');
    const k = p.area!.cell;
    const px = pixels(p.png);
    expect([px.width, px.height, px.channels]).toEqual([W * k, H * k, 3]);
    for (const [r, c] of [[16, 8], [31, 23], [20, 15]] as const) {
      expect(px.at(c * k + (k >> 1), r * k + (k >> 1))).toEqual([255, 0, 0]);
    }
    for (const [r, c] of [[15, 8], [16, 7], [32, 23], [0, 0], [63, 79]] as const) {
      expect(px.at(c * k + (k >> 1), r * k + (k >> 1))).toEqual([0, 0, 0]);
    }
    expect(specErrors(p.spec)).toEqual([]);
    expect(() => compile(p.spec as never)).not.toThrow();
  });

  it('a float4 image keeps its alpha channel; values outside [0, 1] are clamped and counted', () => {
    const vals = new Float32Array(4 * 4 * 4);
    for (let i = 0; i < 16; i++) vals.set([0.5, 2, -1, i < 8 ? 1 : 0.25], i * 4);
    const p = plotStream({ name: 'rgba', elem: F(4), shape: [4, 4], words: new Uint32Array(vals.buffer) });
    const px = pixels(p.png);
    expect(px.channels).toBe(4);
    expect(px.at(0, 0)).toEqual([128, 255, 0, 255]);
    expect(px.at(0, px.height - 1)).toEqual([128, 255, 0, 64]);
    expect(p.caption).toContain('32 values outside');
  });
});

describe('kinds on request', () => {
  it('histogram: counts per bin match a count done here, and the spec validates', () => {
    // Values 0.5, 1.5, ..., 9.5 with value k + 0.5 repeated k + 1 times.
    const vals: number[] = [];
    for (let k = 0; k < 10; k++) for (let r = 0; r <= k; r++) vals.push(k + 0.5);
    const p = plotStream({ name: 'h', elem: F(), shape: [vals.length], words: words(vals) }, { kind: 'histogram', bins: 10 });
    expect(specErrors(p.spec)).toEqual([]);
    expect(() => compile(p.spec as never)).not.toThrow();
    const rows = (p.spec!.data as { values: { bin_start: number; bin_end: number; count: number }[] }).values;
    let total = 0;
    for (const row of rows) {
      const expected = vals.filter((v) => v >= row.bin_start && v < row.bin_end).length;
      expect(row.count).toBe(expected);
      total += row.count;
    }
    expect(total).toBe(vals.length);
    expect(pixels(p.png).distinctColours()).toBeGreaterThan(2);
    expect(p.caption).toContain('55 values');
  });

  it('scatter of a float2 stream: x against y; 10 million points ship as a 5,000-point sample of real points', () => {
    const n = 10_000_000;
    const vals = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      vals[2 * i] = (i % 1000) / 1000;
      vals[2 * i + 1] = ((i * 7919) % 1000) / 1000;
    }
    const p = plotStream({ name: 'cloud', elem: F(2), shape: [n], words: new Uint32Array(vals.buffer) }, { kind: 'scatter' });
    expect(specErrors(p.spec)).toEqual([]);
    const pts = (p.spec!.data as { values: { x: number; y: number }[] }).values;
    expect(pts.length).toBe(5000);
    // Every sampled point is a point of the stream: x = (i mod 1000)/1000 says i mod 1000, y must agree.
    for (const q of pts.slice(0, 200)) {
      const im = Math.round(q.x * 1000);
      const candidates = new Set<number>();
      for (let j = im; j < 1000 * 1000; j += 1000) candidates.add(Math.fround(((j * 7919) % 1000) / 1000));
      expect(candidates.has(Math.fround(q.y))).toBe(true); // 9 digits give back the float32
    }
    const enc = p.spec!.encoding as Record<string, { title: string }>;
    expect([enc.x!.title, enc.y!.title]).toEqual(['cloud.x', 'cloud.y']);
    expect(p.caption).toContain('10,000,000 points, all drawn here, 5,000 sampled');
    expect(bundleBytes(p)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  });

  it('heatmap and image of the wrong shape say what to do instead', () => {
    const one = { name: 's', elem: F(), shape: [10], words: words(new Array(10).fill(0)) };
    expect(() => plotStream(one, { kind: 'heatmap' })).toThrow(PlotError);
    expect(() => plotStream(one, { kind: 'heatmap' })).toThrow(/needs a 2-D stream; 's' has shape <10>[\s\S]*hint/);
    const two = { name: 'q', elem: F(2), shape: [2, 2], words: words(new Array(8).fill(0)) };
    expect(() => plotStream(two, { kind: 'image' })).toThrow(/1 \(grey\), 3 \(RGB\) or 4 \(RGBA\) channels/);
    expect(() => plotStream(one, { kind: 'pie' as never })).toThrow(/unknown kind 'pie'[\s\S]*line, histogram, scatter, heatmap, image/);
    expect(() => plotStream(two, { kind: 'heatmap', component: 'w' })).toThrow(/no component 'w'[\s\S]*x, y/);
    expect(() => plotStream({ name: 'e', elem: F(), shape: [0, 4], words: new Uint32Array(0) })).toThrow(/'e' has no elements/);
    expect(() => plotStream(one, { bins: 0 })).toThrow(/bins must be a whole number from 1 to 1000/);
  });
});

describe('large streams are reduced on our side', () => {
  it('a 10M-point line keeps its min and max: min/max per column match a float64 reference', () => {
    const n = 10_000_000;
    const vals = new Float32Array(n);
    for (let i = 0; i < n; i++) vals[i] = Math.sin(i / 1e5) * 0.5;
    vals[7_654_321] = 1000; // one spike up
    vals[1_234_567] = -500; // one spike down
    const p = plotStream({ name: 'long', elem: F(), shape: [n], words: new Uint32Array(vals.buffer) });
    expect(p.caption).toContain('10,000,000 points shown as min/max over 800 columns');
    const rows = (p.spec!.data as { values: { x: number; min: number; max: number }[] }).values;
    expect(rows.length).toBeLessThanOrEqual(5000);
    expect(Math.max(...rows.map((r) => r.max))).toBe(1000);
    expect(Math.min(...rows.map((r) => r.min))).toBe(-500);
    // Reference: the same column split, computed independently in float64.
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
    // The PNG shows the spike: its column reaches the top of the frame.
    const px = pixels(p.png);
    const f = CHART.frame;
    const colX = f.x + Math.floor((7_654_321 / (n - 1)) * f.w);
    const hit = [-1, 0, 1].some((d) => {
      const c = px.at(colX + d, f.y + 2);
      return c[2]! > 150 && c[0]! < 120;
    });
    expect(hit).toBe(true);
  });

  it('incompressible 2048x2048 noise still fits 1 MB: reduced to block means, and the caption says so', () => {
    const N = 2048;
    const vals = new Float32Array(N * N);
    let s = 1;
    for (let i = 0; i < vals.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      vals[i] = s / 2 ** 32;
    }
    const heat = plotStream({ name: 'noise', elem: F(), shape: [N, N], words: new Uint32Array(vals.buffer) });
    expect(bundleBytes(heat)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
    expect(heat.area!.factor).toBeGreaterThan(1);
    expect(heat.caption).toMatch(/shown as \d+x\d+ block means/);
    const rgb = new Float32Array(N * N * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = vals[i % vals.length]!;
    const img = plotStream({ name: 'snow', elem: F(3), shape: [N, N], words: new Uint32Array(rgb.buffer) });
    expect(bundleBytes(img)).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
    expect(img.caption).toMatch(/block means/);
  });

  it('NaN values are left out of lines and histograms and counted in the caption', () => {
    const vals = [1, NaN, 3, Infinity, 2];
    const p = plotStream({ name: 'gaps', elem: F(), shape: [5], words: words(vals) }, { kind: 'histogram', bins: 2 });
    expect(p.caption).toContain('2 NaN/inf left out');
    const rows = (p.spec!.data as { values: { count: number }[] }).values;
    expect(rows.reduce((a, r) => a + r.count, 0)).toBe(3);
    const line = plotStream({ name: 'gaps', elem: F(), shape: [5], words: words(vals) });
    expect(JSON.stringify(line.spec)).toContain('"y":null'); // NaN becomes null in JSON data
    expect(specErrors(line.spec)).toEqual([]);
  });
});

describe('Arquero tables plot with the same function', () => {
  it('a grouped rollup plots as a line of its summary, y axis titled by the columns', () => {
    const n = 1000;
    const t = table({ i: Int32Array.from({ length: n }, (_, k) => k % 10), value: Float32Array.from({ length: n }, (_, k) => k) });
    const means = t.groupby('i').rollup({ mean: 'd => op.mean(d.value)' }).orderby('i');
    const p = plotTable(means, { x: 'i', y: 'mean' }, 'means');
    expect(p.kind).toBe('line');
    expect(specErrors(p.spec)).toEqual([]);
    const rows = (p.spec!.data as { values: { x: number; y: number }[] }).values;
    // Reference: mean of k over k = i, i + 10, ..., i + 990 is i + 495.
    expect(rows.map((r) => [r.x, r.y])).toEqual(Array.from({ length: 10 }, (_, i) => [i, i + 495]));
  });

  it('x alone is a histogram, unsorted x with y a scatter, and a missing column names the columns there are', () => {
    const t = table({ a: Float64Array.from([3, 1, 2, 5, 4]), b: Float64Array.from([1, 2, 3, 4, 5]) });
    expect(plotTable(t, { x: 'a' }).kind).toBe('histogram');
    const s = plotTable(t.filter('d => d.b > 1'), { x: 'a', y: 'b' });
    expect(s.kind).toBe('scatter');
    expect((s.spec!.data as { values: unknown[] }).values).toHaveLength(4);
    expect(() => plotTable(t, { x: 'zz' })).toThrow(/no column 'zz'[\s\S]*a, b/);
    expect(() => plotTable(t, {})).toThrow(/say which columns to plot/);
  });

  it('a table heatmap puts z at integer (x, y) cells', () => {
    const t = table({ i: Int32Array.from([0, 0, 1, 1]), j: Int32Array.from([0, 1, 0, 1]), v: Float32Array.from([0, 1, 1, 2]) });
    const p = plotTable(t, { kind: 'heatmap', x: 'j', y: 'i', z: 'v' });
    const a = p.area!;
    const px = pixels(p.png);
    expect(px.at(a.x + 1, a.y + 1)).toEqual(VIRIDIS_LOW);
    expect(px.at(a.x + a.w - 2, a.y + a.h - 2)).toEqual(VIRIDIS_HIGH);
    expect(specErrors(p.spec)).toEqual([]);
  });
});

describe('the specs draw in Vega itself', () => {
  it('each kind compiles with vega-lite and renders to SVG with vega (headless), with its axis titles', async () => {
    const vega = await import('vega');
    const W = 40;
    const H = 30;
    const vals = new Float32Array(W * H * 3).map((_, i) => (i % 97) / 97);
    const w = new Uint32Array(vals.buffer);
    const cases = [
      plotStream({ name: 'heat', elem: F(), shape: [H, W], words: w }),
      plotStream({ name: 'pic', elem: F(3), shape: [H, W], words: w }),
      plotStream({ name: 'wave', elem: F(), shape: [W * H], words: w }),
      plotStream({ name: 'wave', elem: F(), shape: [W * H * 3], words: w }, { kind: 'histogram' }),
      plotStream({ name: 'pts', elem: F(2), shape: [W * H], words: w }, { kind: 'scatter' }),
      plotStream({ name: 'many', elem: F(), shape: [W * H * 3], words: w }),
    ];
    for (const p of cases) {
      const view = new vega.View(vega.parse(compile(p.spec as never).spec), { renderer: 'none' });
      const svg = await view.toSVG();
      expect(svg).toContain(p.title);
      if (p.kind === 'heatmap' || p.kind === 'image') {
        expect(svg).toContain('<image');
        expect(svg).toContain('data:image/png;base64,');
        expect(svg).toContain('i (row)');
      }
      if (p.kind === 'heatmap') expect(svg).toContain('heat'); // the legend's title
      if (p.kind === 'scatter') expect(svg).toContain('pts.y');
    }
  });
});

describe('axes', () => {
  it('nice ticks cover the data with 1-2-5 steps and print with the decimals the step needs', () => {
    const a = niceAxis(0, 1_048_575, 'i', 6, false);
    expect(a.step).toBe(200_000);
    expect(a.ticks).toEqual([0, 200_000, 400_000, 600_000, 800_000, 1_000_000]);
    const b = niceAxis(-0.93, 0.97, 'v');
    expect(b.step).toBe(0.2); // 1.9 / 6 = 0.32 rounds to the 1-2-5 step 0.2
    expect([b.lo, b.hi]).toEqual([-1, 1]);
    expect(b.ticks.map((t) => formatTick(t, b.step))).toEqual(['-1.0', '-0.8', '-0.6', '-0.4', '-0.2', '0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    const c = niceAxis(0.1, 0.3, 'w', 2);
    expect(c.ticks.map((t) => formatTick(t, c.step))).toEqual(['0.1', '0.2', '0.3']);
    expect(formatTick(2_000_000, 1_000_000)).toBe('2e6');
    expect(formatValue(1234.5678)).toBe('1235');
    expect(formatValue(0.000012346)).toBe('1.235e-5');
  });

  it('a constant field is one colour with one label, not a crash', () => {
    const p = plotStream({ name: 'flat', elem: F(), shape: [8, 8], words: words(new Array(64).fill(3)) });
    const px = pixels(p.png);
    const a = p.area!;
    expect(px.at(a.x, a.y)).toEqual(px.at(a.x + a.w - 1, a.y + a.h - 1));
    expect(specErrors(p.spec)).toEqual([]);
  });
});
