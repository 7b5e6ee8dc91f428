/**
 * Line, bar, point, histogram and scatter plots as Vega-Lite specs (plot-render.ts draws the PNG from
 * the same spec, so the interactive view and the picture agree).
 *
 * What always holds: a spec carries at most MAX_SPEC_ROWS rows (long lines become a min/max band per
 * column, histograms are binned here, scatter plots are sampled) and the caption says what was reduced.
 */
import { extent, formatCount, histogram, joinExtents, minMaxColumns, sampleIndices, type Column, type Extent } from './plot-data.js';
import { CHART_HEIGHT, CHART_WIDTH, MAX_SPEC_ROWS, num, seriesColor, specBase, subtitleLines, type Spec } from './plot-spec.js';

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

export interface Charted {
  spec: Spec;
  caption: string;
}

/** Columns of the min/max band a long line is shown as (about one a pixel of the chart). */
const BAND_COLUMNS = 600;

function nonFiniteNote(e: Extent): string {
  return e.nonFinite > 0 ? `, ${formatCount(e.nonFinite)} NaN/inf left out` : '';
}

function caption(about: string, what: string): string {
  return about ? `${about}; ${what}` : what;
}

function isSorted(x: Column): boolean {
  for (let i = 1; i < x.length; i++) if (!(x[i]! >= x[i - 1]!)) return false;
  return true;
}

const xEncoding = (title: string) => ({ field: 'x', type: 'quantitative', title, scale: { zero: false, nice: false } });

/**
 * Why one shared y axis would hide some of these series, or undefined when it shows them all: two
 * series never further apart than MERGE_FRACTION of the joint range draw as one line (a float4 whose
 * components are nearly equal), and a series whose own range is below it draws flat beside a larger one.
 */
export function sharedAxisHides(series: Series[], joint: Extent): string | undefined {
  const range = joint.hi - joint.lo;
  if (series.length < 2 || !(range > 0) || !Number.isFinite(range)) return undefined;
  const limit = range * MERGE_FRACTION;
  for (let a = 0; a < series.length; a++) {
    for (let b = a + 1; b < series.length; b++) {
      const u = series[a]!.values;
      const v = series[b]!.values;
      let gap = 0;
      for (let i = 0; i < u.length; i++) {
        const d = Math.abs(u[i]! - v[i]!);
        if (Number.isFinite(d) && d > gap) gap = d;
      }
      if (gap <= limit) return `on one axis ${series[a]!.name} and ${series[b]!.name} would draw as one line`;
    }
  }
  for (const s of series) {
    const e = extent(s.values);
    if (e.hi > e.lo && e.hi - e.lo <= limit) return `on one axis ${s.name} would draw flat`;
  }
  return undefined;
}

/** At most this fraction of the joint y range apart (about 2 px of a 260 px chart): drawn as one line. */
const MERGE_FRACTION = 1 / 100;

/**
 * Small multiples: one row per series, each with its own y scale and the same x scale, for series one
 * shared axis would merge or flatten (sharedAxisHides); the caption says why.
 */
function inRows(chart: Charted, names: string[], why: string): Charted {
  const { width, height: _height, data, mark, encoding, title, ...top } = chart.spec;
  const rowHeight = Math.max(60, Math.floor((CHART_HEIGHT * 1.5) / names.length));
  const cap = `${chart.caption}; ${names.join(', ')} in rows with their own y scales (${why})`;
  const enc = encoding as Record<string, Record<string, unknown>>;
  return {
    caption: cap,
    spec: {
      ...top,
      title: { ...(title as object), subtitle: subtitleLines(cap, width as number) },
      data,
      facet: { row: { field: 'series', type: 'nominal', sort: names, title: null, header: { labelAngle: 0, labelAlign: 'left', labelFontWeight: 'bold' } } },
      // The row headers name the series, so neither the y titles nor the colour legend repeat them.
      spec: { width, height: rowHeight, mark, encoding: { ...enc, y: { ...enc.y, title: null }, color: { ...enc.color, legend: null } } },
      resolve: { scale: { y: 'independent' } },
    },
  };
}

export function lineChart(input: XYInput): Charted {
  const chart = lineChartOneAxis(input);
  const why = sharedAxisHides(input.series, joinExtents(input.series.map((s) => extent(s.values))));
  return why ? inRows(chart, input.series.map((s) => s.name), why) : chart;
}

function lineChartOneAxis(input: XYInput): Charted {
  const n = input.series[0]?.values.length ?? 0;
  const ye = joinExtents(input.series.map((s) => extent(s.values)));
  const names = input.series.map((s) => s.name);
  const points = n * input.series.length;
  const banded = points > MAX_SPEC_ROWS && (input.x === null || isSorted(input.x));
  const base = specBase(input.title, '', CHART_WIDTH, CHART_HEIGHT);
  if (banded) {
    const xe = input.x ? extent(input.x) : { lo: 0, hi: Math.max(0, n - 1), nonFinite: 0 };
    const cols = Math.min(BAND_COLUMNS, Math.floor(MAX_SPEC_ROWS / input.series.length));
    const values: Record<string, unknown>[] = [];
    for (const s of input.series) {
      const { min, max } = minMaxColumns(input.x, s.values, xe.lo, xe.hi, cols);
      for (let k = 0; k < cols; k++) {
        if (Number.isNaN(min[k]!)) continue;
        values.push({ x: Number((xe.lo + ((k + 0.5) * (xe.hi - xe.lo)) / cols).toPrecision(8)), min: num(min[k]!), max: num(max[k]!), series: s.name });
      }
    }
    const cap = caption(input.about, `${formatCount(n)} points${input.series.length > 1 ? ` x ${input.series.length} series` : ''} shown as their min-max range in ${cols} columns${nonFiniteNote(ye)}`);
    return {
      caption: cap,
      spec: {
        ...withSubtitle(base, cap),
        data: { values },
        mark: { type: 'area', opacity: 0.85, line: true },
        encoding: {
          x: xEncoding(input.xTitle),
          y: { field: 'min', type: 'quantitative', title: input.yTitle, scale: { zero: false } },
          y2: { field: 'max' },
          color: seriesColor(names),
          tooltip: [{ field: 'series' }, { field: 'x', type: 'quantitative' }, { field: 'min', type: 'quantitative' }, { field: 'max', type: 'quantitative' }],
        },
      },
    };
  }
  const cap = caption(input.about, `${formatCount(n)} points${nonFiniteNote(ye)}`);
  const values: Record<string, unknown>[] = [];
  const keep = n * input.series.length > MAX_SPEC_ROWS ? sampleIndices(n, Math.floor(MAX_SPEC_ROWS / input.series.length)) : null;
  for (const s of input.series) {
    const at = (i: number) => values.push({ x: num(input.x ? input.x[i]! : i), y: num(s.values[i]!), series: s.name });
    if (keep) for (const i of keep) at(i);
    else for (let i = 0; i < n; i++) at(i);
  }
  return {
    caption: cap,
    spec: {
      ...withSubtitle(base, cap),
      data: { values },
      mark: { type: 'line', point: n <= 64, strokeWidth: 2 },
      encoding: {
        x: xEncoding(input.xTitle),
        y: { field: 'y', type: 'quantitative', title: input.yTitle, scale: { zero: false } },
        color: seriesColor(names),
        tooltip: [{ field: 'series' }, { field: 'x', type: 'quantitative' }, { field: 'y', type: 'quantitative' }],
      },
    },
  };
}

/**
 * A few elements: one bar per element for a single series; for several (vector components) points on
 * a shared axis, coloured by component, so values of opposite sign stay readable.
 */
export function fewChart(input: XYInput): Charted & { mark: 'bar' | 'point' } {
  const n = input.series[0]?.values.length ?? 0;
  const ye = joinExtents(input.series.map((s) => extent(s.values)));
  const cap = caption(input.about, `${formatCount(n)} element${n === 1 ? '' : 's'}${nonFiniteNote(ye)}`);
  const values: Record<string, unknown>[] = [];
  for (const s of input.series) for (let i = 0; i < n; i++) values.push({ x: num(input.x ? input.x[i]! : i), y: num(s.values[i]!), series: s.name });
  const single = input.series.length === 1;
  const mark = single ? 'bar' : 'point';
  const width = Math.min(CHART_WIDTH, Math.max(160, n * (single ? 36 : 48)));
  return {
    mark,
    caption: cap,
    spec: {
      ...withSubtitle(specBase(input.title, '', width, CHART_HEIGHT), cap),
      data: { values },
      mark: single ? { type: 'bar' } : { type: 'point', filled: true, size: 80 },
      encoding: {
        x: { field: 'x', type: 'ordinal', title: input.xTitle, axis: { labelAngle: 0 } },
        y: { field: 'y', type: 'quantitative', title: input.yTitle },
        color: seriesColor(input.series.map((s) => s.name)),
        ...(single ? {} : { xOffset: { field: 'series' } }),
        tooltip: [{ field: 'series' }, { field: 'x', type: 'ordinal' }, { field: 'y', type: 'quantitative' }],
      },
    },
  };
}

export function histogramChart(input: XYInput, bins = 40): Charted {
  const ext = joinExtents(input.series.map((s) => extent(s.values)));
  const h = histogram(input.series.map((s) => s.values), bins, ext);
  const nb = h.edges.length - 1;
  const total = input.series[0]?.values.length ?? 0;
  const cap = caption(input.about, `${formatCount(total)} values${input.series.length > 1 ? ` x ${input.series.length} series` : ''} in ${nb} bins of width ${Number((h.edges[1]! - h.edges[0]!).toPrecision(6))}${nonFiniteNote(ext)}`);
  const values: Record<string, unknown>[] = [];
  h.counts.forEach((counts, si) => {
    for (let b = 0; b < nb; b++) values.push({ bin_start: h.edges[b], bin_end: h.edges[b + 1], count: counts[b], series: input.series[si]!.name });
  });
  return {
    caption: cap,
    spec: {
      ...withSubtitle(specBase(input.title, '', CHART_WIDTH, CHART_HEIGHT), cap),
      data: { values },
      mark: { type: 'bar', opacity: input.series.length > 1 ? 0.55 : 1, binSpacing: 1 },
      encoding: {
        x: { field: 'bin_start', type: 'quantitative', title: input.xTitle, bin: { binned: true, step: h.edges[1]! - h.edges[0]! } },
        x2: { field: 'bin_end' },
        y: { field: 'count', type: 'quantitative', title: 'count', stack: null },
        color: seriesColor(input.series.map((s) => s.name)),
        tooltip: [{ field: 'series' }, { field: 'bin_start', type: 'quantitative' }, { field: 'bin_end', type: 'quantitative' }, { field: 'count', type: 'quantitative' }],
      },
    },
  };
}

/** Scatter of series[0] against x; more than MAX_SPEC_ROWS points ship as a stratified sample. */
export function scatterChart(input: XYInput): Charted {
  const ys = input.series[0]!.values;
  const n = ys.length;
  const xs = input.x;
  const xe = xs ? extent(xs) : { lo: 0, hi: Math.max(0, n - 1), nonFinite: 0 };
  const ye = extent(ys);
  const sampled = n > MAX_SPEC_ROWS;
  const what = sampled ? `${formatCount(n)} points, a stratified sample of ${formatCount(MAX_SPEC_ROWS)} shown` : `${formatCount(n)} points`;
  const cap = caption(input.about, what + nonFiniteNote(joinExtents([xe, ye])));
  const values: Record<string, unknown>[] = [];
  for (const i of sampleIndices(n, MAX_SPEC_ROWS)) values.push({ x: num(xs ? xs[i]! : i), y: num(ys[i]!) });
  const dense = Math.min(n, MAX_SPEC_ROWS) > 2000;
  return {
    caption: cap,
    spec: {
      ...withSubtitle(specBase(input.title, '', CHART_WIDTH, CHART_HEIGHT), cap),
      data: { values },
      mark: { type: 'point', filled: true, size: dense ? 8 : 30, opacity: dense ? 0.5 : 0.85, color: '#4c78a8' },
      encoding: {
        x: { field: 'x', type: 'quantitative', title: input.xTitle, scale: { zero: false } },
        y: { field: 'y', type: 'quantitative', title: input.yTitle, scale: { zero: false } },
        tooltip: [{ field: 'x', type: 'quantitative' }, { field: 'y', type: 'quantitative' }],
      },
    },
  };
}

function withSubtitle(base: Spec, cap: string): Spec {
  return { ...base, title: { ...(base.title as object), subtitle: subtitleLines(cap, base.width as number) } };
}
