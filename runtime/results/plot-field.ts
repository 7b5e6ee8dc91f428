/**
 * 2-D streams as pictures: a heatmap (a real Vega-Lite heatmap: `rect` marks over cells aggregated on
 * our side, viridis colour, tooltips) and an image (float3/float4 as RGB(A), channels clamped to [0, 1]).
 *
 * Two specs per heatmap:
 * - the interactive one shipped to the notebook: at most MAX_HEATMAP_CELLS (64 x 64) cells, block means
 *   of f x f elements when the stream is larger (the caption says so, and where the full data is: the
 *   stream's `toTable()`), the cell values inline in the spec;
 * - the picture one the PNG is drawn from (plot-render.ts): the same axes and colour legend, the field as
 *   an `image` mark at up to one element a device pixel, since drawing 30,000 rects through SVG takes
 *   seconds and the PNG needs no tooltips.
 * Sizes: the data area keeps the stream's aspect ratio within [1/6, 6] and is at most 400 CSS pixels a
 * side, so a tall stream never gives a tall output.
 */
import { encode } from 'fast-png';
import { VIRIDIS } from './plot-colormap.js';
import { blockMeans, extent, formatCount, type Column } from './plot-data.js';
import { pngBase64 } from './plot-render.js';
import { specBase, type Spec } from './plot-spec.js';

/** A row-major field: `height` rows (first extent) of `width` values (last extent). */
export interface Field {
  values: Column;
  width: number;
  height: number;
}

export interface FieldInput {
  title: string;
  /** The colour legend's title (the component shown). */
  valueTitle: string;
  about: string;
  /** Where every element is, said in the caption when the view shows block means ('await s.toTable()'). */
  fullData?: string;
  /** Axis titles (default 'j (column)' and 'i (row)'; a table heatmap names its columns). */
  xTitle?: string;
  yTitle?: string;
}

export interface FieldChart {
  /** The spec shipped to the notebook. */
  spec: Spec;
  /** The spec the PNG is drawn from, given the picture's device-pixel budget per side. */
  pictureSpec: (maxPixels: { w: number; h: number }) => Spec;
  caption: string;
  /** The aggregation of the interactive view: f x f block means (1: every element). */
  factor: number;
}

/**
 * Cells of the interactive heatmap: 64 x 64 block means, about 35 KB of JSON, so a heatmap's whole
 * output (this spec and the PNG) stays near HEATMAP_BUNDLE_BYTES in a saved notebook however large the
 * stream (a 512x512 one added 900 KB to the .ipynb at 32k cells). The full data stays in the stream.
 */
export const MAX_HEATMAP_CELLS = 64 * 64;
/** The most a heatmap's output (spec, PNG and text, as JSON) may take; plot.ts lowers the PNG's detail to fit. */
export const HEATMAP_BUNDLE_BYTES = 200_000;
const MAX_SIDE = 400;
const MAX_ASPECT = 6;

/** The data area's CSS size for a height x width field: aspect kept within [1/6, 6], sides <= 400. */
export function fieldArea(width: number, height: number): { w: number; h: number; stretched: boolean } {
  const aspect = height / width;
  const a = Math.min(MAX_ASPECT, Math.max(1 / MAX_ASPECT, aspect));
  const w = a <= 1 ? MAX_SIDE : Math.round(MAX_SIDE / a);
  const h = a <= 1 ? Math.max(1, Math.round(MAX_SIDE * a)) : MAX_SIDE;
  return { w, h, stretched: a !== aspect };
}

/** The smallest whole factor whose f x f block means give at most `cells` cells. */
export function aggregationFactor(width: number, height: number, cells: number): number {
  let f = Math.max(1, Math.floor(Math.sqrt((width * height) / cells)));
  while (Math.ceil(width / f) * Math.ceil(height / f) > cells) f++;
  return f;
}

/** A value for captions and legends: up to 4 significant digits, exponent form outside 1e-3..1e6. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e6 || a < 1e-3) return v.toExponential(3).replace(/\.?0+e/, 'e').replace('e+', 'e');
  return String(Number(v.toPrecision(4)));
}

const axes = (width: number, height: number, titles: { xTitle?: string; yTitle?: string } = {}) => ({
  x: { title: titles.xTitle ?? 'j (column)', scale: { domain: [0, width], nice: false, zero: false } },
  y: { title: titles.yTitle ?? 'i (row)', scale: { domain: [0, height], nice: false, zero: false, reverse: true } },
});

export function heatmapChart(field: Field, input: FieldInput): FieldChart {
  const { width: W, height: H } = field;
  const ext = extent(field.values);
  const lo = ext.lo <= ext.hi ? ext.lo : 0;
  const hi = ext.lo <= ext.hi ? ext.hi : 1;
  const f = aggregationFactor(W, H, MAX_HEATMAP_CELLS);
  const grid = f === 1 ? { values: field.values, width: W, height: H } : blockMeans(field.values, W, H, f);
  const area = fieldArea(W, H);
  const notes = [`${input.about}; viridis over ${formatValue(lo)}..${formatValue(hi)}`];
  if (f > 1) notes.push(`cells are ${f}x${f} block means (${formatCount(grid.width)} x ${formatCount(grid.height)} cells)${input.fullData ? `; every value: ${input.fullData}` : ''}`);
  if (area.stretched) notes.push('aspect ratio not to scale');
  if (ext.nonFinite > 0) notes.push(`${formatCount(ext.nonFinite)} NaN/inf left blank`);
  const caption = notes.join('; ');
  const v: (number | null)[] = new Array(grid.width * grid.height);
  for (let k = 0; k < v.length; k++) {
    const x = grid.values[k]!;
    v[k] = Number.isFinite(x) ? Number(x.toPrecision(5)) : null;
  }
  const ax = axes(W, H, input);
  const color = { field: 'v', type: 'quantitative', title: input.valueTitle, scale: { scheme: 'viridis', domain: [lo, hi] } };
  const spec: Spec = {
    ...specBase(input.title, caption, area.w, area.h),
    // The cells as one row-major array (compact JSON); Vega turns them into rows with positions.
    data: { values: [{ v }] },
    transform: [
      { flatten: ['v'] },
      { window: [{ op: 'row_number', as: 'n' }] },
      { calculate: `floor((datum.n - 1) / ${grid.width}) * ${f}`, as: 'i' },
      { calculate: `((datum.n - 1) % ${grid.width}) * ${f}`, as: 'j' },
      { calculate: `min(datum.i + ${f}, ${H})`, as: 'i_end' },
      { calculate: `min(datum.j + ${f}, ${W})`, as: 'j_end' },
    ],
    mark: { type: 'rect' },
    encoding: {
      x: { field: 'j', type: 'quantitative', ...ax.x },
      x2: { field: 'j_end' },
      y: { field: 'i', type: 'quantitative', ...ax.y },
      y2: { field: 'i_end' },
      color,
      tooltip: [
        { field: 'i', type: 'quantitative', title: f > 1 ? `i (from, ${f} rows)` : 'i' },
        { field: 'j', type: 'quantitative', title: f > 1 ? `j (from, ${f} columns)` : 'j' },
        { field: 'v', type: 'quantitative', title: f > 1 ? `${input.valueTitle} (mean)` : input.valueTitle },
      ],
    },
  };
  const pictureSpec = (max: { w: number; h: number }): Spec => {
    const pf = Math.max(1, Math.ceil(Math.max(W / max.w, H / max.h)));
    const pic = pf === 1 ? { values: field.values, width: W, height: H } : blockMeans(field.values, W, H, pf);
    const url = 'data:image/png;base64,' + pngBase64(viridisPng(pic.values, pic.width, pic.height, lo, hi));
    return picture(spec, url, W, H, area, { data: { values: [{ v: lo }, { v: hi }] }, mark: { type: 'point', opacity: 0 }, encoding: { color } }, input);
  };
  return { spec, pictureSpec, caption, factor: f };
}

/** The picture variant: the field as an image mark over the stream's coordinates (+ a legend layer). */
function picture(base: Spec, url: string, W: number, H: number, area: { w: number; h: number }, extra?: Spec, titles: { xTitle?: string; yTitle?: string } = {}): Spec {
  const ax = axes(W, H, titles);
  const layer: Spec[] = [
    {
      data: { values: [{ url, x: 0, y: 0 }] },
      mark: { type: 'image', width: area.w, height: area.h, align: 'left', baseline: 'top', aspect: false },
      encoding: { x: { field: 'x', type: 'quantitative', ...ax.x }, y: { field: 'y', type: 'quantitative', ...ax.y }, url: { field: 'url', type: 'nominal' } },
    },
  ];
  if (extra) layer.push(extra);
  const { $schema, title, width, height } = base;
  return { $schema, title, width, height, layer };
}

/** The field through viridis as an RGBA PNG (NaN and infinities transparent, as the rect view leaves them). */
function viridisPng(values: Column, w: number, h: number, lo: number, hi: number): Uint8Array {
  const out = new Uint8Array(w * h * 4);
  const span = hi - lo;
  for (let p = 0; p < w * h; p++) {
    const v = values[p]!;
    if (!Number.isFinite(v)) continue;
    const k = span > 0 ? Math.min(255, Math.max(0, Math.round(((v - lo) / span) * 255))) : 128;
    out[p * 4] = VIRIDIS[k * 3]!;
    out[p * 4 + 1] = VIRIDIS[k * 3 + 1]!;
    out[p * 4 + 2] = VIRIDIS[k * 3 + 2]!;
    out[p * 4 + 3] = 255;
  }
  return encode({ width: w, height: h, data: out, channels: 4, depth: 8 });
}

/** Bytes (base64) the image's data URL may take in the spec. */
const IMAGE_URL_BUDGET = 360_000;

/** A float3/float4 field as an RGB(A) image with its real aspect ratio; `channels` are row-major columns. */
export function imageChart(channels: Column[], width: number, height: number, input: FieldInput): FieldChart {
  const nc = channels.length;
  let clamped = 0;
  for (const ch of channels) for (let i = 0; i < ch.length; i++) if (!(ch[i]! >= 0 && ch[i]! <= 1)) clamped++;
  const area = fieldArea(width, height);
  // One element a device pixel at most (2 device pixels a CSS pixel), less while the URL is too large.
  let f = Math.max(1, Math.ceil(Math.max(width / (2 * area.w), height / (2 * area.h))));
  let url: string;
  for (;;) {
    const w = Math.ceil(width / f);
    const h = Math.ceil(height / f);
    url = 'data:image/png;base64,' + pngBase64(rgbaPng(f === 1 ? channels : channels.map((c) => blockMeans(c, width, height, f).values), w, h));
    if (url.length <= IMAGE_URL_BUDGET || (w <= 64 && h <= 64)) break;
    f *= 2;
  }
  const notes = [`${input.about}; ${nc === 4 ? 'RGBA' : nc === 3 ? 'RGB' : 'grey'} image, channels clamped to [0, 1]${clamped ? ` (${formatCount(clamped)} values outside)` : ''}`];
  if (f > 1) notes.push(`shown as ${f}x${f} block means`);
  if (area.stretched) notes.push('aspect ratio not to scale');
  const caption = notes.join('; ');
  const spec = picture(specBase(input.title, caption, area.w, area.h), url, width, height, area, undefined, input);
  return { spec, pictureSpec: () => spec, caption, factor: f };
}

function rgbaPng(chs: Column[], w: number, h: number): Uint8Array {
  const nc = chs.length;
  const out = new Uint8Array(w * h * nc);
  for (let p = 0; p < w * h; p++) {
    for (let c = 0; c < nc; c++) {
      const v = chs[c]![p]!;
      out[p * nc + c] = v >= 1 ? 255 : v > 0 ? Math.round(v * 255) : 0; // NaN and negatives are 0
    }
  }
  return encode({ width: w, height: h, data: out, channels: nc, depth: 8 });
}
