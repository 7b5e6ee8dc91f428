/**
 * Line, histogram and scatter plots: each renders a PNG (fixed chart layout, see CHART) and builds the
 * matching Vega-Lite spec from the same reduced numbers.
 *
 * What always holds: the spec carries at most MAX_SPEC_ROWS rows (lines become min/max per pixel column,
 * histograms are binned here, scatter plots are sampled) and the caption says what was reduced.
 */
import { CHART, fittedXAxis, drawFrameBackground, drawFrameForeground, niceAxis, xToPixel, yToPixel, type Axis } from './plot-axes.js';
import { TABLEAU10 } from './plot-colormap.js';
import { extent, formatCount, histogram, joinExtents, minMaxColumns, sampleIndices, type Column, type Extent } from './plot-data.js';
import { Raster, type RGB } from './plot-raster.js';
import { MAX_SPEC_ROWS, num, seriesColor, specBase, type Spec } from './plot-spec.js';

export interface Series {
  name: string;
  values: Column;
}

/** What an x/y chart is drawn from: the x column (null: the row index) and one or more y series. */
export interface XYInput {
  title: string;
  xTitle: string;
  yTitle: string;
  x: Column | null;
  series: Series[];
  /** Words of the caption that come before what the plot did to the data (type, shape). */
  about: string;
}

export interface Rendered {
  png: Uint8Array;
  spec: Spec;
  caption: string;
  /** Width the notebook should show the PNG at (CSS pixels). */
  displayWidth: number;
}

const DISPLAY_SCALE = 0.75;
const color = (i: number): RGB => TABLEAU10[i % TABLEAU10.length]!;

function nonFiniteNote(e: Extent): string {
  return e.nonFinite > 0 ? `, ${formatCount(e.nonFinite)} NaN/inf left out` : '';
}

function legendOf(series: Series[]): { label: string; color: RGB }[] {
  return series.length > 1 ? series.map((s, i) => ({ label: s.name, color: color(i) })) : [];
}

function caption(about: string, what: string): string {
  return about ? `${about}; ${what}` : what;
}

export function renderLine(input: XYInput): Rendered {
  const n = input.series[0]?.values.length ?? 0;
  const f = CHART.frame;
  const xe = input.x ? extent(input.x) : { lo: 0, hi: Math.max(0, n - 1), nonFinite: 0 };
  const ye = joinExtents(input.series.map((s) => extent(s.values)));
  const xa = fittedXAxis(xe.lo, xe.hi, input.xTitle, f.w, CHART.scale, false);
  const ya = niceAxis(ye.lo, ye.hi, input.yTitle);
  const points = n * input.series.length;
  const aggregated = points > MAX_SPEC_ROWS;
  const what = aggregated
    ? `${formatCount(n)} points${input.series.length > 1 ? ` x ${input.series.length} series` : ''} shown as min/max over ${f.w} columns`
    : `${formatCount(n)} points`;
  const cap = caption(input.about, what + nonFiniteNote(ye));

  const r = new Raster(CHART.width, CHART.height);
  drawFrameBackground(r, f, xa, ya);
  // Sorted x (or the index) is drawn as a polyline; many points as one min-max span per pixel column.
  const cols = f.w;
  const columnsView = n > cols && (input.x === null || isSorted(input.x));
  input.series.forEach((s, si) => {
    const c = color(si);
    if (columnsView) {
      const { min, max } = minMaxColumns(input.x, s.values, xa.lo, xa.hi, cols);
      let prevLo = NaN;
      let prevHi = NaN;
      for (let k = 0; k < cols; k++) {
        if (Number.isNaN(min[k]!)) continue;
        // Overlap the previous column's span so the line stays connected.
        const lo = Number.isNaN(prevHi) ? min[k]! : Math.min(min[k]!, prevHi);
        const hi = Number.isNaN(prevLo) ? max[k]! : Math.max(max[k]!, prevLo);
        const y0 = yToPixel(f, ya, hi);
        const y1 = yToPixel(f, ya, lo);
        r.fillRect(f.x + k, Math.floor(y0) - 1, 1, Math.max(2, Math.ceil(y1) - Math.floor(y0) + 2), c);
        prevLo = min[k]!;
        prevHi = max[k]!;
      }
    } else {
      let px = NaN;
      let py = NaN;
      for (let i = 0; i < n; i++) {
        const xv = input.x ? input.x[i]! : i;
        const yv = s.values[i]!;
        if (!Number.isFinite(xv) || !Number.isFinite(yv)) {
          px = NaN;
          continue;
        }
        const qx = xToPixel(f, xa, xv);
        const qy = yToPixel(f, ya, yv);
        if (!Number.isNaN(px)) r.line(px, py, qx, qy, c, 2);
        else r.fillRect(qx - 1, qy - 1, 2, 2, c);
        px = qx;
        py = qy;
      }
    }
  });
  drawFrameForeground(r, f, xa, ya, input.title, cap, legendOf(input.series), CHART.scale);

  const names = input.series.map((s) => s.name);
  let spec: Spec;
  const base = specBase(input.title, cap, Math.round(f.w * DISPLAY_SCALE), Math.round(f.h * DISPLAY_SCALE));
  const xEnc = { field: 'x', type: 'quantitative', title: input.xTitle, scale: { zero: false, nice: false } };
  if (aggregated) {
    const specCols = Math.min(cols, Math.floor(MAX_SPEC_ROWS / input.series.length));
    const values: Record<string, unknown>[] = [];
    input.series.forEach((s) => {
      const { min, max } = minMaxColumns(input.x, s.values, xa.lo, xa.hi, specCols);
      for (let k = 0; k < specCols; k++) {
        if (Number.isNaN(min[k]!)) continue;
        values.push({ x: Number((xa.lo + ((k + 0.5) * (xa.hi - xa.lo)) / specCols).toPrecision(8)), min: num(min[k]!), max: num(max[k]!), series: s.name });
      }
    });
    spec = {
      ...base,
      data: { values },
      mark: { type: 'area', opacity: 0.85 },
      encoding: {
        x: xEnc,
        y: { field: 'min', type: 'quantitative', title: input.yTitle, scale: { zero: false } },
        y2: { field: 'max' },
        color: seriesColor(names),
        tooltip: [{ field: 'series' }, { field: 'x', type: 'quantitative' }, { field: 'min', type: 'quantitative' }, { field: 'max', type: 'quantitative' }],
      },
    };
  } else {
    const values: Record<string, unknown>[] = [];
    input.series.forEach((s) => {
      for (let i = 0; i < n; i++) values.push({ x: num(input.x ? input.x[i]! : i), y: num(s.values[i]!), series: s.name });
    });
    spec = {
      ...base,
      data: { values },
      mark: { type: 'line', point: n <= 64 },
      encoding: {
        x: xEnc,
        y: { field: 'y', type: 'quantitative', title: input.yTitle, scale: { zero: false } },
        color: seriesColor(names),
        tooltip: [{ field: 'series' }, { field: 'x', type: 'quantitative' }, { field: 'y', type: 'quantitative' }],
      },
    };
  }
  return { png: r.toPng(), spec, caption: cap, displayWidth: Math.round(CHART.width * DISPLAY_SCALE) };
}

function isSorted(x: Column): boolean {
  for (let i = 1; i < x.length; i++) if (!(x[i]! >= x[i - 1]!)) return false;
  return true;
}

export function renderHistogram(input: XYInput, bins = 40): Rendered {
  const f = CHART.frame;
  const ext = joinExtents(input.series.map((s) => extent(s.values)));
  const h = histogram(input.series.map((s) => s.values), bins, ext);
  const nb = h.edges.length - 1;
  const peak = Math.max(1, ...h.counts.map((c) => Math.max(...c)));
  const xa: Axis = fittedXAxis(h.edges[0]!, h.edges[nb]!, input.xTitle, f.w, CHART.scale, false);
  const ya = niceAxis(0, peak, 'count');
  const total = input.series[0]?.values.length ?? 0;
  const cap = caption(input.about, `${formatCount(total)} values${input.series.length > 1 ? ` x ${input.series.length} series` : ''} in ${nb} bins of width ${Number((h.edges[1]! - h.edges[0]!).toPrecision(6))}${nonFiniteNote(ext)}`);

  const r = new Raster(CHART.width, CHART.height);
  drawFrameBackground(r, f, xa, ya);
  const alpha = input.series.length > 1 ? 0.55 : 1;
  h.counts.forEach((counts, si) => {
    for (let b = 0; b < nb; b++) {
      if (counts[b] === 0) continue;
      const x0 = Math.round(xToPixel(f, xa, h.edges[b]!));
      const x1 = Math.round(xToPixel(f, xa, h.edges[b + 1]!));
      const y = yToPixel(f, ya, counts[b]!);
      // One pixel of gap between bars when they are wide enough to afford it.
      r.fillRect(x0, y, Math.max(1, x1 - x0 - (x1 - x0 > 3 ? 1 : 0)), f.y + f.h - y, color(si), alpha);
    }
  });
  drawFrameForeground(r, f, xa, ya, input.title, cap, legendOf(input.series), CHART.scale);

  const values: Record<string, unknown>[] = [];
  h.counts.forEach((counts, si) => {
    for (let b = 0; b < nb; b++) values.push({ bin_start: h.edges[b], bin_end: h.edges[b + 1], count: counts[b], series: input.series[si]!.name });
  });
  const spec: Spec = {
    ...specBase(input.title, cap, Math.round(f.w * DISPLAY_SCALE), Math.round(f.h * DISPLAY_SCALE)),
    data: { values },
    mark: { type: 'bar', opacity: alpha, binSpacing: 1 },
    encoding: {
      x: { field: 'bin_start', type: 'quantitative', title: input.xTitle, bin: { binned: true, step: h.edges[1]! - h.edges[0]! } },
      x2: { field: 'bin_end' },
      y: { field: 'count', type: 'quantitative', title: 'count', stack: null },
      color: seriesColor(input.series.map((s) => s.name)),
      tooltip: [{ field: 'series' }, { field: 'bin_start', type: 'quantitative' }, { field: 'bin_end', type: 'quantitative' }, { field: 'count', type: 'quantitative' }],
    },
  };
  return { png: r.toPng(), spec, caption: cap, displayWidth: Math.round(CHART.width * DISPLAY_SCALE) };
}

/** Scatter of series[0] against x (every point drawn in the PNG; a stratified sample in the spec). */
export function renderScatter(input: XYInput): Rendered {
  const f = CHART.frame;
  const ys = input.series[0]!.values;
  const n = ys.length;
  const xs = input.x;
  const xe = xs ? extent(xs) : { lo: 0, hi: Math.max(0, n - 1), nonFinite: 0 };
  const ye = extent(ys);
  const xa = fittedXAxis(xe.lo, xe.hi, input.xTitle, f.w, CHART.scale, true);
  const ya = niceAxis(ye.lo, ye.hi, input.yTitle);
  const sampled = n > MAX_SPEC_ROWS;
  const what = sampled ? `${formatCount(n)} points, all drawn here, ${formatCount(MAX_SPEC_ROWS)} sampled for the interactive view` : `${formatCount(n)} points`;
  const cap = caption(input.about, what + nonFiniteNote(joinExtents([xe, ye])));

  const r = new Raster(CHART.width, CHART.height);
  drawFrameBackground(r, f, xa, ya);
  // Dense clouds get small translucent dots so density stays visible.
  const size = n <= 2000 ? 5 : n <= 50_000 ? 3 : 1;
  const alpha = n <= 2000 ? 0.85 : n <= 50_000 ? 0.5 : Math.max(0.08, Math.min(0.5, 20_000 / n));
  const c = color(0);
  for (let i = 0; i < n; i++) {
    const xv = xs ? xs[i]! : i;
    const yv = ys[i]!;
    if (!Number.isFinite(xv) || !Number.isFinite(yv)) continue;
    const px = xToPixel(f, xa, xv);
    const py = yToPixel(f, ya, yv);
    if (size === 1) r.blend(px, py, c, alpha);
    else r.fillRect(px - (size - 1) / 2, py - (size - 1) / 2, size, size, c, alpha);
  }
  drawFrameForeground(r, f, xa, ya, input.title, cap, [], CHART.scale);

  const idx = sampleIndices(n, MAX_SPEC_ROWS);
  const values: Record<string, unknown>[] = [];
  for (const i of idx) values.push({ x: num(xs ? xs[i]! : i), y: num(ys[i]!) });
  const spec: Spec = {
    ...specBase(input.title, cap, Math.round(f.w * DISPLAY_SCALE), Math.round(f.h * DISPLAY_SCALE)),
    data: { values },
    mark: { type: 'point', filled: true, size: n <= 2000 ? 30 : 8, opacity: n <= 2000 ? 0.85 : 0.5, color: '#4c78a8' },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: input.xTitle, scale: { zero: false } },
      y: { field: 'y', type: 'quantitative', title: input.yTitle, scale: { zero: false } },
      tooltip: [{ field: 'x', type: 'quantitative' }, { field: 'y', type: 'quantitative' }],
    },
  };
  return { png: r.toPng(), spec, caption: cap, displayWidth: Math.round(CHART.width * DISPLAY_SCALE) };
}
