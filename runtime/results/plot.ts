/**
 * Plots of Brook streams and Arquero tables for the notebook.
 *
 * In: a stream's data (`{ name, elem, shape, words }`, one readback) or an Arquero table, plus options.
 * Out: a PlotDisplay whose `[Symbol.for('Jupyter.display')]()` gives one MIME bundle with
 *   - `application/vnd.vegalite.v5+json`: a Vega-Lite v5 spec (JupyterLab, VS Code),
 *   - `image/png`: the same spec drawn here by Vega and resvg (classic notebook, nbconvert HTML, GitHub),
 *   - `text/plain`: title and caption,
 * and `metadata['image/png'].width`, the size to show the PNG at.
 *
 * Defaults by shape, type and values: see plot-choice.ts (lines, bars for a few elements, heatmaps,
 * images, and words for a constant stream). `kind` asks for another.
 *
 * What always holds: the bundle is at most MAX_BUNDLE_BYTES of JSON, a heatmap's HEATMAP_BUNDLE_BYTES
 * (large data is reduced on our side and the caption says how, and where the full data is); bad options throw a PlotError naming the problem and the fix.
 */
import type { ColumnTable } from 'arquero';
import { typeToString } from '../compiler/types.js';
import { choosePlot, effectiveShape, isConstant } from './plot-choice.js';
import { formatValue, heatmapChart, HEATMAP_BUNDLE_BYTES, imageChart, type FieldChart } from './plot-field.js';
import { formatCount, streamColumns, type Column } from './plot-data.js';
import { fewChart, histogramChart, lineChart, scatterChart, type Charted, type Series, type XYInput } from './plot-xy.js';
import { pngBase64, renderPng } from './plot-render.js';
import { categoryBarChart } from './plot-bars.js';
import { VEGA_LITE_MIME, type Spec } from './plot-spec.js';
import type { StreamData } from './table.js';

export type PlotKind = 'line' | 'bar' | 'histogram' | 'scatter' | 'heatmap' | 'image';
export const PLOT_KINDS: readonly PlotKind[] = ['line', 'bar', 'histogram', 'scatter', 'heatmap', 'image'];
/** What a plot turned out to be: a kind, 'point' (a few vector elements) or 'constant' (no picture). */
export type ShownKind = PlotKind | 'point' | 'constant' | 'roofline';

export interface PlotOptions {
  kind?: PlotKind;
  /** Table: the x column. Stream: the component on x (scatter). */
  x?: string;
  /** Table: the y column(s). Stream: the component(s) to plot. */
  y?: string | string[];
  /** Table heatmaps: the column giving each cell's value (x and y are the integer cell positions). */
  z?: string;
  /** Heatmap of which component of a vector or struct stream (default the first). */
  component?: string;
  /** Histogram: about how many bins (default 40; edges are nice numbers). */
  bins?: number;
  title?: string;
  /** Table bars over a text column x: stack the y columns (parts of a whole) instead of grouping them. */
  stack?: boolean;
}

/** The largest bundle a plot ships (JSON bytes); USERS.md: plots stay small (<= 1 MB). */
export const MAX_BUNDLE_BYTES = 1_000_000;

const DISPLAY = Symbol.for('Jupyter.display');

export class PlotError extends Error {
  constructor(what: string, fix: string) {
    super(`plot: ${what}\n  hint: ${fix}`);
    this.name = 'PlotError';
  }
}

/** A rendered plot: shows itself in the notebook, and keeps its parts for tests and saving. */
export class PlotDisplay {
  constructor(
    readonly kind: ShownKind,
    readonly title: string,
    readonly caption: string,
    /** The picture (absent for a constant stream, which is said in words). */
    readonly png: Uint8Array | undefined,
    readonly spec: Spec | undefined,
    readonly displayWidth: number,
    /** Where the data rectangle lies in the PNG (device pixels) and the PNG's scale. */
    readonly area?: { x: number; y: number; w: number; h: number; scale: number },
    /** The backend that computed the stream, for the text form. */
    readonly backend?: string,
    /** For heatmaps: the interactive view's f x f block means (1: every element). */
    readonly factor = 1,
  ) {}

  bundle(): { data: Record<string, unknown>; metadata: Record<string, unknown> } {
    const text = `${this.title} (${this.kind === 'constant' ? 'constant' : `${this.kind} plot`}${this.backend ? `, ${this.backend}` : ''})\n${this.caption}`;
    if (!this.png) {
      return {
        data: { 'text/plain': text, 'text/html': `<div class="brook-constant"><b>${escapeHtml(this.title)}</b>: ${escapeHtml(this.caption)}</div>` },
        metadata: {},
      };
    }
    const data: Record<string, unknown> = {};
    if (this.spec) data[VEGA_LITE_MIME] = this.spec;
    data['image/png'] = pngBase64(this.png);
    data['text/plain'] = text;
    return { data, metadata: { 'image/png': { width: this.displayWidth } } };
  }

  [DISPLAY](): { data: Record<string, unknown>; metadata: Record<string, unknown> } {
    return this.bundle();
  }

  toString(): string {
    return `${this.title} (${this.kind}): ${this.caption}`;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

const bundleBytes = (p: PlotDisplay): number => JSON.stringify(p.bundle()).length;

/** An x/y chart: the PNG drawn from the very spec that ships (also the profile's roofline, roofline.ts). */
export async function finishChart(kind: ShownKind, title: string, c: Charted, backend?: string): Promise<PlotDisplay> {
  for (const scale of [2, 1]) {
    const r = await renderPng(c.spec, scale);
    const p = new PlotDisplay(kind, title, c.caption, r.png, c.spec, Math.round(r.width / scale), { ...r.area, scale }, backend);
    if (bundleBytes(p) <= MAX_BUNDLE_BYTES || scale === 1) return p;
  }
  throw new Error('unreachable');
}

/**
 * A heatmap or image: the PNG from the picture variant, as fine as the output's budget allows (a
 * heatmap HEATMAP_BUNDLE_BYTES, an image MAX_BUNDLE_BYTES): the field is drawn from coarser block means,
 * then at a lower scale, until the whole bundle fits.
 */
async function finishField(kind: ShownKind, title: string, c: FieldChart, backend?: string): Promise<PlotDisplay> {
  const w = c.spec.width as number;
  const h = c.spec.height as number;
  const budget = kind === 'heatmap' ? HEATMAP_BUNDLE_BYTES : MAX_BUNDLE_BYTES;
  let last: PlotDisplay | undefined;
  for (const [scale, detail] of [[2, 2], [2, 1], [2, 0.5], [1.5, 0.5], [1, 0.5], [1, 0.25], [1, 0.125]] as const) {
    const r = await renderPng(c.pictureSpec({ w: Math.round(w * detail), h: Math.round(h * detail) }), scale);
    last = new PlotDisplay(kind, title, c.caption, r.png, c.spec, Math.round(r.width / scale), { ...r.area, scale }, backend, c.factor);
    if (bundleBytes(last) <= budget) return last;
  }
  return new PlotDisplay(kind, title, `${c.caption}; interactive view left out (over ${budget} bytes)`, last!.png, undefined, last!.displayWidth, last!.area, backend, c.factor);
}

/** A stream whose shown values are all one value: said in words, with no picture. */
function constantDisplay(title: string, about: string, names: string[], columns: Column[], count: number, backend?: string): PlotDisplay {
  const v = columns.length === 1 ? formatValue(columns[0]![0]!) : `(${names.map((n, i) => `${n} = ${formatValue(columns[i]![0]!)}`).join(', ')})`;
  const caption = count === 1 ? `${about}; its one value = ${v}` : `${about}; all ${formatCount(count)} values = ${v}`;
  return new PlotDisplay('constant', title, caption, undefined, undefined, 0, undefined, backend);
}

/**
 * Plot a stream from its readback. `backend` (optional) is named in the text form. Without `kind`, the
 * plot is chosen from the shape and values (plot-choice.ts).
 */
export async function plotStream(data: StreamData & { backend?: string }, options: PlotOptions = {}): Promise<PlotDisplay> {
  checkOptions(options);
  const { names, columns, count } = streamColumns(data);
  if (count === 0) throw new PlotError(`stream '${data.name}' has no elements (shape <${data.shape.join(', ')}>)`, 'run the kernel that fills it, or plot a stream with data');
  const typeName = typeToString(data.elem);
  const about = `${typeName}<${data.shape.join(', ')}>`;
  const title = options.title ?? data.name;
  const pick = (name: string): Column => {
    const i = names.indexOf(name);
    if (i < 0) throw new PlotError(`stream '${data.name}' (${typeName}) has no component '${name}'`, `use one of: ${names.join(', ')}`);
    return columns[i]!;
  };
  const label = (comp: string): string => (names.length === 1 ? data.name : `${data.name}.${comp}`);
  const ys = options.y === undefined ? names : typeof options.y === 'string' ? [options.y] : options.y;
  const series: Series[] = ys.map((n) => ({ name: n, values: pick(n) }));
  const backend = data.backend;
  // Extents of 1 are dropped: an n x 1 stream is plotted as the n values it holds.
  const shape = effectiveShape(data.shape);
  const rank = shape.length;
  let kind: PlotKind | 'point' | 'constant';
  if (options.kind) kind = options.kind;
  else {
    const shown = options.component ? [pick(options.component)] : series.map((s) => s.values);
    kind = choosePlot(data.elem, data.shape, shown).kind;
  }
  const flat = rank === 1 ? (data.shape.length === 1 ? 'i (index)' : `${indexName(data.shape)} (index)`) : `element (row-major over <${data.shape.join(', ')}>)`;
  const yTitle = series.length === 1 ? label(series[0]!.name) : `${data.name} (${ys.join(', ')})`;
  const xy = (xTitle: string): XYInput => ({ title, about, xTitle, yTitle, x: null, series });

  switch (kind) {
    case 'constant':
      return constantDisplay(title, about, series.map((s) => s.name), series.map((s) => s.values), count, backend);
    case 'bar':
    case 'point': {
      const c = fewChart(xy(flat));
      return finishChart(c.mark, title, c, backend);
    }
    case 'line':
      return finishChart(kind, title, lineChart({ ...xy(options.x ? label(options.x) : flat), x: options.x ? pick(options.x) : null }), backend);
    case 'histogram':
      return finishChart(kind, title, histogramChart({ title, about, xTitle: yTitle, yTitle: 'count', x: null, series }, options.bins), backend);
    case 'scatter': {
      // Two or more components: the first against the second; one component: value against index.
      const xName = options.x ?? (names.length >= 2 ? names[0]! : undefined);
      const yName = options.y !== undefined ? ys[0]! : names.length >= 2 ? names[1]! : names[0]!;
      const input: XYInput = { title, about, xTitle: xName ? label(xName) : flat, yTitle: label(yName), x: xName ? pick(xName) : null, series: [{ name: yName, values: pick(yName) }] };
      return finishChart(kind, title, scatterChart(input), backend);
    }
    case 'heatmap': {
      if (rank !== 2) throw new PlotError(`a heatmap needs a 2-D stream; '${data.name}' has shape <${data.shape.join(', ')}>`, "use kind: 'line' or 'histogram' for it, or declare the stream 2-D");
      const comp = options.component ?? (options.y !== undefined ? ys[0]! : names[0]!);
      const field = { values: pick(comp), width: shape[1]!, height: shape[0]! };
      return finishField(kind, title, heatmapChart(field, { title, about, valueTitle: label(comp), fullData: `await ${data.name}.toTable()` }), backend);
    }
    case 'image': {
      if (rank !== 2) throw new PlotError(`an image needs a 2-D stream; '${data.name}' has shape <${data.shape.join(', ')}>`, "use kind: 'line' or 'histogram' for it");
      const chans = options.y !== undefined ? ys : names;
      if (chans.length !== 1 && chans.length !== 3 && chans.length !== 4) {
        throw new PlotError(`an image needs 1 (grey), 3 (RGB) or 4 (RGBA) channels; '${data.name}' gives ${chans.length} (${chans.join(', ')})`, "pick channels with y: ['x', 'y', 'z'], or use kind: 'heatmap' with component: 'x'");
      }
      return finishField(kind, title, imageChart(chans.map(pick), shape[1]!, shape[0]!, { title, about, valueTitle: data.name }), backend);
    }
  }
}

/** The index name of the one extent that is not 1 (j for a 1 x n stream). */
function indexName(shape: number[]): string {
  const d = shape.findIndex((e) => e !== 1);
  return ['i', 'j', 'k', 'l'][d < 0 ? 0 : d] ?? `d${d}`;
}

function checkOptions(options: PlotOptions): void {
  if (options === null || typeof options !== 'object') throw new PlotError(`options must be an object, got ${String(options)}`, "pass e.g. { kind: 'histogram' }");
  if (options.kind !== undefined && !PLOT_KINDS.includes(options.kind)) {
    throw new PlotError(`unknown kind '${String(options.kind)}'`, `use one of: ${PLOT_KINDS.join(', ')}`);
  }
  if (options.bins !== undefined && !(Number.isInteger(options.bins) && options.bins >= 1 && options.bins <= 1000)) {
    throw new PlotError(`bins must be a whole number from 1 to 1000, got ${String(options.bins)}`, 'pass e.g. { bins: 50 }');
  }
}

/**
 * Plot columns of an Arquero table (a stream's `toTable()`, filtered, grouped or rolled up):
 * `{ x, y }` gives a line when x is sorted and a scatter otherwise; `{ x }` alone a histogram of x;
 * `{ y }` alone a line over the row number; `{ kind: 'heatmap', x, y, z }` a grid of z at integer (x, y);
 * a text column as x gives bars per category (`stack: true` stacks the y columns).
 */
export async function plotTable(t: ColumnTable, options: PlotOptions = {}, name = 'table'): Promise<PlotDisplay> {
  checkOptions(options);
  const cols = t.columnNames();
  const col = (c: string): Column => {
    if (!cols.includes(c)) throw new PlotError(`the table has no column '${c}'`, `use one of: ${cols.join(', ')}`);
    const a = t.array(c) as ArrayLike<unknown>;
    if (a.length > 0 && typeof a[0] !== 'number') throw new PlotError(`column '${c}' holds ${typeof a[0]} values, not numbers`, 'plot a numeric column, or derive one with table.derive(...)');
    return a as Column;
  };
  const ys = options.y === undefined ? [] : typeof options.y === 'string' ? [options.y] : options.y;
  if (t.numRows() === 0) throw new PlotError('the table has no rows', 'check the filter that produced it');
  const title = options.title ?? name;
  const about = `${t.numRows().toLocaleString('en-US')} rows`;
  if (ys.length === 0 && !options.x) {
    throw new PlotError('say which columns to plot', `pass { x: 'column' } for a histogram or { x, y } for a line or scatter; columns: ${cols.join(', ')}`);
  }
  // A text column on x (categories): bars, one group per row, grouped or stacked (plot-bars.ts).
  const xText = options.x !== undefined && cols.includes(options.x) && typeof (t.array(options.x) as ArrayLike<unknown>)[0] === 'string';
  if (xText && (options.kind === undefined || options.kind === 'bar')) {
    if (ys.length === 0) throw new PlotError('bars over categories need y columns', `pass { x: '${options.x}', y: ['a', 'b'] }`);
    const categories = Array.from(t.array(options.x!) as ArrayLike<unknown>, (v) => String(v));
    const c = categoryBarChart({ title, about, xTitle: options.x!, yTitle: ys.join(', '), categories, series: ys.map((y) => ({ name: y, values: col(y) })), stacked: options.stack === true });
    return finishChart('bar', title, c);
  }
  const kind: PlotKind = options.kind ?? (ys.length === 0 ? 'histogram' : options.x && !isSorted(col(options.x)) ? 'scatter' : 'line');
  const series: Series[] = ys.map((c) => ({ name: c, values: col(c) }));
  const yTitle = ys.join(', ');
  const xy: XYInput = { title, about, xTitle: options.x ?? 'row', yTitle, x: options.x ? col(options.x) : null, series };
  switch (kind) {
    case 'line':
      if (series.length === 0) throw new PlotError('a line needs y columns', "pass { x: 'i', y: 'value' }");
      return finishChart(kind, title, lineChart(xy));
    case 'bar': {
      if (series.length === 0) throw new PlotError('a bar chart needs y columns', "pass { x: 'i', y: 'value' }");
      const c = fewChart(xy);
      return finishChart(c.mark, title, c);
    }
    case 'histogram': {
      const hs = series.length > 0 ? series : [{ name: options.x!, values: col(options.x!) }];
      return finishChart(kind, title, histogramChart({ title, about, xTitle: hs.map((s) => s.name).join(', '), yTitle: 'count', x: null, series: hs }, options.bins));
    }
    case 'scatter':
      if (series.length === 0) throw new PlotError('a scatter plot needs a y column', "pass { x: 'x', y: 'y' }");
      return finishChart(kind, title, scatterChart({ ...xy, yTitle: series[0]!.name, series: [series[0]!] }));
    case 'heatmap':
    case 'image': {
      if (!options.x || ys.length !== 1 || !options.z) throw new PlotError(`a table ${kind} needs x, y (integer cell positions) and z (the value)`, "pass { kind: 'heatmap', x: 'j', y: 'i', z: 'value' }");
      const field = gridOf(col(options.x), col(ys[0]!), col(options.z), options.x, ys[0]!);
      if (isConstant([field.values])) return constantDisplay(title, about, [options.z], [field.values], field.values.length);
      return finishField('heatmap', title, heatmapChart(field, { title, about, valueTitle: options.z, xTitle: options.x, yTitle: ys[0]!, fullData: 'the table itself' }));
    }
  }
}

/** Cells at integer (x, y) positions into a dense grid; cells no row names stay NaN. */
function gridOf(xs: Column, ys: Column, zs: Column, xName: string, yName: string): { values: Float32Array; width: number; height: number } {
  let w = 0;
  let h = 0;
  for (let r = 0; r < xs.length; r++) {
    const x = xs[r]!;
    const y = ys[r]!;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0) {
      throw new PlotError(`heatmap cells need whole, non-negative positions; row ${r} has ${xName} = ${x}, ${yName} = ${y}`, 'use index columns such as i and j');
    }
    w = Math.max(w, x + 1);
    h = Math.max(h, y + 1);
  }
  if (w * h > 1 << 26) throw new PlotError(`a ${w}x${h} grid is too large`, 'filter or bin the table first');
  const values = new Float32Array(w * h).fill(NaN);
  for (let r = 0; r < xs.length; r++) values[ys[r]! * w + xs[r]!] = zs[r]!;
  return { values, width: w, height: h };
}

function isSorted(x: Column): boolean {
  for (let i = 1; i < x.length; i++) if (!(x[i]! >= x[i - 1]!)) return false;
  return true;
}

/** True for an Arquero table (duck-typed, so tables from another copy of arquero work too). */
export function isTable(v: unknown): v is ColumnTable {
  return typeof v === 'object' && v !== null && typeof (v as ColumnTable).columnNames === 'function' && typeof (v as ColumnTable).numRows === 'function' && typeof (v as ColumnTable).array === 'function';
}

export { PLOT_DECLARATIONS } from './plot-declarations.js';
