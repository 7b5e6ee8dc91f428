/**
 * Plots of Brook streams and Arquero tables for the notebook.
 *
 * In: a stream's data (`{ name, elem, shape, words }`, one readback) or an Arquero table, plus options.
 * Out: a PlotDisplay whose `[Symbol.for('Jupyter.display')]()` gives one MIME bundle with
 *   - `application/vnd.vegalite.v5+json`: a Vega-Lite v5 spec (JupyterLab, VS Code),
 *   - `image/png`: the same plot rendered here (classic notebook, nbconvert HTML, GitHub),
 *   - `text/plain`: title and caption,
 * and `metadata['image/png'].width`, the size to show the PNG at.
 *
 * Defaults by shape and type: 1-D scalar -> line; 1-D vector or struct -> one line per component;
 * 2-D float3/float4 -> RGB(A) image; other 2-D -> heatmap (viridis, colour bar) of the first component;
 * 3-D and 4-D -> a line over the row-major order. `kind` asks for another.
 *
 * What always holds: the bundle is at most MAX_BUNDLE_BYTES of JSON (large data is reduced on our side
 * and the caption says how); bad options throw a PlotError naming the problem and the fix.
 */
import type { ColumnTable } from 'arquero';
import { typeToString, type Type } from '../compiler/types.js';
import { renderHeatmap, renderImage, type RenderedField } from './plot-field.js';
import { streamColumns, type Column } from './plot-data.js';
import { renderHistogram, renderLine, renderScatter, type Rendered, type Series, type XYInput } from './plot-xy.js';
import { pngBase64 } from './plot-raster.js';
import { VEGA_LITE_MIME, type Spec } from './plot-spec.js';
import type { StreamData } from './table.js';

export type PlotKind = 'line' | 'histogram' | 'scatter' | 'heatmap' | 'image';
export const PLOT_KINDS: readonly PlotKind[] = ['line', 'histogram', 'scatter', 'heatmap', 'image'];

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
    readonly kind: PlotKind,
    readonly title: string,
    readonly caption: string,
    readonly png: Uint8Array,
    readonly spec: Spec | undefined,
    readonly displayWidth: number,
    /** For heatmaps and images: where the data lies in the PNG, the enlargement and the reduction. */
    readonly area?: RenderedField['area'],
    /** The backend that computed the stream, for the text form. */
    readonly backend?: string,
  ) {}

  bundle(): { data: Record<string, unknown>; metadata: Record<string, unknown> } {
    const data: Record<string, unknown> = {};
    if (this.spec) data[VEGA_LITE_MIME] = this.spec;
    data['image/png'] = pngBase64(this.png);
    data['text/plain'] = `${this.title} (${this.kind} plot${this.backend ? `, ${this.backend}` : ''})\n${this.caption}`;
    return { data, metadata: { 'image/png': { width: this.displayWidth } } };
  }

  [DISPLAY](): { data: Record<string, unknown>; metadata: Record<string, unknown> } {
    return this.bundle();
  }

  toString(): string {
    return `${this.title} (${this.kind} plot): ${this.caption}`;
  }
}

function finish(kind: PlotKind, title: string, r: Rendered | RenderedField, backend?: string): PlotDisplay {
  const area = 'area' in r ? r.area : undefined;
  const full = new PlotDisplay(kind, title, r.caption, r.png, r.spec, r.displayWidth, area, backend);
  if (JSON.stringify(full.bundle()).length <= MAX_BUNDLE_BYTES) return full;
  // Never expected (each part has its own budget), but the cap holds regardless: keep the PNG.
  return new PlotDisplay(kind, title, `${r.caption}; interactive view left out (over ${MAX_BUNDLE_BYTES} bytes)`, r.png, undefined, r.displayWidth, area);
}

/** Plot a stream from its readback. `backend` (optional) is named in the caption. */
export function plotStream(data: StreamData & { backend?: string }, options: PlotOptions = {}): PlotDisplay {
  checkOptions(options);
  const { names, columns, count } = streamColumns(data);
  const rank = data.shape.length;
  if (count === 0) throw new PlotError(`stream '${data.name}' has no elements (shape <${data.shape.join(', ')}>)`, 'run the kernel that fills it, or plot a stream with data');
  const typeName = typeToString(data.elem);
  // The backend goes in the text form only: adapter names are long, and every cell's badge names it too.
  const about = `${typeName}<${data.shape.join(', ')}>`;
  const title = options.title ?? data.name;
  const kind = options.kind ?? defaultKind(data.elem, rank);
  const pick = (name: string): Column => {
    const i = names.indexOf(name);
    if (i < 0) throw new PlotError(`stream '${data.name}' (${typeName}) has no component '${name}'`, `use one of: ${names.join(', ')}`);
    return columns[i]!;
  };
  const label = (comp: string): string => (names.length === 1 ? data.name : `${data.name}.${comp}`);
  const ys = options.y === undefined ? names : typeof options.y === 'string' ? [options.y] : options.y;
  const series: Series[] = ys.map((n) => ({ name: n, values: pick(n) }));
  const flat = rank === 1 ? 'i (index)' : `element (row-major over <${data.shape.join(', ')}>)`;
  const yTitle = series.length === 1 ? label(series[0]!.name) : `${data.name} (${ys.join(', ')})`;

  switch (kind) {
    case 'line':
      return finish(kind, title, renderLine({ title, about, xTitle: options.x ? label(options.x) : flat, yTitle, x: options.x ? pick(options.x) : null, series }), data.backend);
    case 'histogram':
      return finish(kind, title, renderHistogram({ title, about, xTitle: yTitle, yTitle: 'count', x: null, series }, options.bins), data.backend);
    case 'scatter': {
      // Two or more components: the first against the second; one component: value against index.
      const xName = options.x ?? (names.length >= 2 ? names[0]! : undefined);
      const yName = options.y !== undefined ? ys[0]! : names.length >= 2 ? names[1]! : names[0]!;
      const input: XYInput = { title, about, xTitle: xName ? label(xName) : flat, yTitle: label(yName), x: xName ? pick(xName) : null, series: [{ name: yName, values: pick(yName) }] };
      return finish(kind, title, renderScatter(input), data.backend);
    }
    case 'heatmap': {
      if (rank !== 2) throw new PlotError(`a heatmap needs a 2-D stream; '${data.name}' has shape <${data.shape.join(', ')}>`, "use kind: 'line' or 'histogram' for it, or declare the stream 2-D");
      const comp = options.component ?? (options.y !== undefined ? ys[0]! : names[0]!);
      const field = { values: pick(comp), width: data.shape[1]!, height: data.shape[0]! };
      return finish(kind, title, renderHeatmap(field, { title, about, valueTitle: label(comp) }), data.backend);
    }
    case 'image': {
      if (rank !== 2) throw new PlotError(`an image needs a 2-D stream; '${data.name}' has shape <${data.shape.join(', ')}>`, "use kind: 'line' or 'histogram' for it");
      const chans = options.y !== undefined ? ys : names;
      if (chans.length !== 1 && chans.length !== 3 && chans.length !== 4) {
        throw new PlotError(`an image needs 1 (grey), 3 (RGB) or 4 (RGBA) channels; '${data.name}' gives ${chans.length} (${chans.join(', ')})`, "pick channels with y: ['x', 'y', 'z'], or use kind: 'heatmap' with component: 'x'");
      }
      return finish(kind, title, renderImage(chans.map(pick), data.shape[1]!, data.shape[0]!, { title, about, valueTitle: data.name }), data.backend);
    }
  }
}

function defaultKind(elem: Type, rank: number): PlotKind {
  if (rank === 2) {
    const isRgb = elem.kind === 'vector' && (elem.size === 3 || elem.size === 4) && elem.elem === 'float';
    return isRgb ? 'image' : 'heatmap';
  }
  return 'line';
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
 * `{ y }` alone a line over the row number; `{ kind: 'heatmap', x, y, z }` a grid of z at integer (x, y).
 */
export function plotTable(t: ColumnTable, options: PlotOptions = {}, name = 'table'): PlotDisplay {
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
  const kind: PlotKind = options.kind ?? (ys.length === 0 ? 'histogram' : options.x && !isSorted(col(options.x)) ? 'scatter' : 'line');
  const series: Series[] = ys.map((c) => ({ name: c, values: col(c) }));
  const yTitle = ys.join(', ');
  switch (kind) {
    case 'line':
      if (series.length === 0) throw new PlotError('a line needs y columns', "pass { x: 'i', y: 'value' }");
      return finish(kind, title, renderLine({ title, about, xTitle: options.x ?? 'row', yTitle, x: options.x ? col(options.x) : null, series }));
    case 'histogram': {
      const hs = series.length > 0 ? series : [{ name: options.x!, values: col(options.x!) }];
      return finish(kind, title, renderHistogram({ title, about, xTitle: hs.map((s) => s.name).join(', '), yTitle: 'count', x: null, series: hs }, options.bins));
    }
    case 'scatter':
      if (series.length === 0) throw new PlotError('a scatter plot needs a y column', "pass { x: 'x', y: 'y' }");
      return finish(kind, title, renderScatter({ title, about, xTitle: options.x ?? 'row', yTitle: series[0]!.name, x: options.x ? col(options.x) : null, series: [series[0]!] }));
    case 'heatmap':
    case 'image': {
      if (!options.x || ys.length !== 1 || !options.z) throw new PlotError(`a table ${kind} needs x, y (integer cell positions) and z (the value)`, "pass { kind: 'heatmap', x: 'j', y: 'i', z: 'value' }");
      const field = gridOf(col(options.x), col(ys[0]!), col(options.z), options.x, ys[0]!);
      return finish('heatmap', title, renderHeatmap(field, { title, about, valueTitle: options.z }));
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

/** TypeScript declarations for notebook cells: `stream.plot(...)` and the global `plot(...)`. */
export const PLOT_DECLARATIONS = `
type BrookPlotKind = 'line' | 'histogram' | 'scatter' | 'heatmap' | 'image';
interface BrookPlotOptions {
  kind?: BrookPlotKind;
  x?: string;
  y?: string | string[];
  z?: string;
  component?: string;
  bins?: number;
  title?: string;
}
interface BrookPlot {
  readonly kind: BrookPlotKind;
  readonly title: string;
  readonly caption: string;
  readonly png: Uint8Array;
}
interface BrookStream<E extends string = string> {
  /** A plot of the stream (Vega-Lite spec plus PNG): line, heatmap or image by shape, or options.kind. */
  plot(options?: BrookPlotOptions): Promise<BrookPlot>;
}
/** Plot a Brook stream or an Arquero table: plot(table, { x: 'i', y: 'value', kind: 'line' }). */
declare function plot(data: BrookStream | import('arquero').ColumnTable, options?: BrookPlotOptions): Promise<BrookPlot>;
`;
