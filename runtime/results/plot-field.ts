/**
 * 2-D streams as pictures: a heatmap (one value a pixel through viridis, with axes and a colour bar)
 * and an image (float3/float4 as RGB(A), channels clamped to [0, 1]).
 *
 * Resolution: one stream element is one PNG pixel (a 2048x2048 stream gives a 2048x2048 data area);
 * small streams are enlarged by a whole factor (nearest neighbour, so cells stay sharp). Only when the
 * PNG would break the output budget is the field reduced to 2x2 block means, and the caption says so.
 * Heatmaps are indexed PNGs (one byte a pixel), which keeps large smooth fields small.
 *
 * The Vega-Lite spec shows the same picture as an `image` mark (a data URL, at most SPEC_IMAGE_SIDE
 * pixels a side), with Vega-Lite's own axes and, for heatmaps, a viridis colour legend.
 */
import { fittedXAxis, formatTick, formatValue, niceAxis } from './plot-axes.js';
import { VIRIDIS } from './plot-colormap.js';
import { blockMeans, extent, formatCount, type Column } from './plot-data.js';
import { GLYPH_ADVANCE, GLYPH_HEIGHT, textWidth } from './plot-font.js';
import { IndexedRaster, encodeIndexedPng, pngBase64 } from './plot-raster.js';
import { encode } from 'fast-png';
import { specBase, type Spec } from './plot-spec.js';

/** A row-major field: `height` rows (first extent) of `width` values (last extent). */
export interface Field {
  values: Column;
  width: number;
  height: number;
}

export interface FieldInput {
  title: string;
  /** The colour bar's title (the component shown). */
  valueTitle: string;
  about: string;
}

export interface RenderedField {
  png: Uint8Array;
  spec: Spec;
  caption: string;
  displayWidth: number;
  /** Where the data sits inside the PNG (tests read pixels through this), and its scale factor. */
  area: { x: number; y: number; w: number; h: number; cell: number; factor: number };
}

/**
 * Byte budgets (base64 text): the whole bundle stays under 1 MB (plot.ts checks it); the copy inside
 * the Vega-Lite spec takes at most SPEC_IMAGE_BUDGET, and the shown PNG what is left.
 */
const BUNDLE_BUDGET = 1_000_000;
const SPEC_OVERHEAD = 12_000;
export const PNG_BUDGET = 900_000;
export const SPEC_IMAGE_BUDGET = 200_000;
export const SPEC_IMAGE_SIDE = 1024;
/** Small fields are enlarged until their longer side reaches this many pixels. */
const MIN_SIDE = 480;
const MAX_DISPLAY = 720;

// Palette of a heatmap PNG: LEVELS viridis levels, then the frame's colours.
const LEVELS = 248;
const WHITE = 248;
const BLACK = 249;
const AXIS = 250;
const TEXT = 252;
const NAN = 253;
const PALETTE = (() => {
  const p = new Uint8Array(256 * 3);
  for (let k = 0; k < LEVELS; k++) {
    const src = Math.round((k * 255) / (LEVELS - 1));
    p.set(VIRIDIS.subarray(src * 3, src * 3 + 3), k * 3);
  }
  const extra: [number, [number, number, number]][] = [
    [WHITE, [255, 255, 255]],
    [BLACK, [0, 0, 0]],
    [AXIS, [100, 100, 100]],
    [251, [230, 230, 230]],
    [TEXT, [60, 60, 60]],
    [NAN, [255, 0, 255]],
    [254, [255, 255, 255]],
    [255, [255, 255, 255]],
  ];
  for (const [i, c] of extra) p.set(c, i * 3);
  return p;
})();

function levelIndex(v: number, lo: number, hi: number): number {
  if (!Number.isFinite(v)) return NAN;
  if (hi <= lo) return (LEVELS - 1) >> 1;
  const k = Math.round(((v - lo) / (hi - lo)) * (LEVELS - 1));
  return k < 0 ? 0 : k > LEVELS - 1 ? LEVELS - 1 : k;
}

/** The whole factor a field is enlarged by so it is not shown tiny. */
function enlargement(width: number, height: number): number {
  return Math.max(1, Math.floor(MIN_SIDE / Math.max(width, height)));
}

function reduced(field: Field, factor: number): Field {
  return factor === 1 ? field : blockMeans(field.values, field.width, field.height, factor);
}

export function renderHeatmap(field: Field, input: FieldInput): RenderedField {
  const ext = extent(field.values);
  const lo = ext.lo <= ext.hi ? ext.lo : 0;
  const hi = ext.lo <= ext.hi ? ext.hi : 1;
  // The spec's copy first (small, bounded); the full-resolution PNG gets the rest of the budget.
  const url = heatmapSpecImage(field, lo, hi);
  const budget = pngBudget(url);
  let factor = 1;
  for (;;) {
    const f = reduced(field, factor);
    const framed = drawHeatmap(f, field, factor, lo, hi, input, ext.nonFinite, budget);
    if ((framed.png.length * 4) / 3 <= budget || (f.width <= 64 && f.height <= 64)) {
      const spec = pictureSpec(field, input.title, framed.caption, url, {
        data: { values: [{ v: lo }, { v: hi }] },
        mark: { type: 'point', opacity: 0 },
        encoding: { color: { field: 'v', type: 'quantitative', title: input.valueTitle, scale: { scheme: 'viridis', domain: [lo, hi] } } },
      });
      return { ...framed, spec };
    }
    factor *= nextFactorStep(framed.png.length, budget);
  }
}

/** How much more to reduce after a PNG of `bytes` missed `budget`: bytes fall about with the area. */
function nextFactorStep(bytes: number, budget: number): number {
  return (bytes * 4) / 3 > 4 * budget ? 4 : 2;
}

/** Bytes of base64 PNG left for the shown PNG once the spec's picture is in the bundle. */
function pngBudget(specUrl: string): number {
  return Math.min(PNG_BUDGET, BUNDLE_BUDGET - specUrl.length - SPEC_OVERHEAD);
}

function drawHeatmap(f: Field, original: Field, factor: number, lo: number, hi: number, input: FieldInput, nonFinite: number, budget: number): Omit<RenderedField, 'spec'> {
  const k = enlargement(f.width, f.height);
  const dw = f.width * k;
  const dh = f.height * k;
  const s = Math.max(2, Math.round(Math.max(dw, dh) / 360));
  const th = GLYPH_HEIGHT * s;
  const labelChars = 7;
  const left = s * (GLYPH_ADVANCE * 5 + 14) + th;
  const top = th + s * 10;
  const barGap = s * 8;
  const barW = s * 8;
  const right = barGap + barW + s * 5 + textWidth('-0.000e0', s) + s * 4;
  const bottom = s * 5 + th + s * 5 + th + s * 6 + th + s * 5;
  const W = left + dw + right;
  const H = top + dh + bottom;
  const r = new IndexedRaster(W, H, WHITE);

  // The data: one element a pixel (or a k x k block when enlarged).
  const vals = f.values;
  const d = r.data;
  for (let row = 0; row < f.height; row++) {
    for (let col = 0; col < f.width; col++) {
      const idx = levelIndex(vals[row * f.width + col]!, lo, hi);
      const base = (top + row * k) * W + left + col * k;
      if (k === 1) d[base] = idx;
      else for (let yy = 0; yy < k; yy++) d.fill(idx, base + yy * W, base + yy * W + k);
    }
  }
  // Axes in the stream's own coordinates: rows i downwards, columns j rightwards.
  const xa = fittedXAxis(0, original.width, '', dw, s, false);
  const ya = niceAxis(0, original.height, '', 6, false);
  // Large cells are labelled at their centres, fine grids at element boundaries.
  const centred = k >= 4 && factor === 1;
  const tickPixel = (t: number, n: number, d: number): number => Math.min(d - 1, Math.round(((t + (centred ? 0.5 : 0)) / n) * d));
  for (const t of xa.ticks) {
    if (!Number.isInteger(t) || t > original.width - (centred ? 1 : 0)) continue;
    const px = left + tickPixel(t, original.width, dw);
    r.fillRect(px, top + dh, 1, 3 * s, AXIS);
    r.text(px, top + dh + 5 * s, formatTick(t, xa.step), s, TEXT, 'center');
  }
  for (const t of ya.ticks) {
    if (!Number.isInteger(t) || t > original.height - (centred ? 1 : 0)) continue;
    const py = top + tickPixel(t, original.height, dh);
    r.fillRect(left - 3 * s, py, 3 * s, 1, AXIS);
    r.text(left - 5 * s, py - th / 2, formatTick(t, ya.step), s, TEXT, 'right');
  }
  r.fillRect(left - 1, top, 1, dh, AXIS);
  r.fillRect(left, top + dh, dw, 1, AXIS);
  r.text(left + dw / 2, top + dh + 5 * s + th + 5 * s, `j (column, 0..${original.width - 1})`, s, BLACK, 'center');
  r.text(s * 2, top + dh / 2, `i (row)`, s, BLACK, 'center', true);
  r.text(left, s * 4, input.title, s, BLACK);
  // The colour bar: high values at the top, like the legend Vega-Lite draws.
  const bx = left + dw + barGap;
  for (let y = 0; y < dh; y++) r.fillRect(bx, top + y, barW, 1, Math.round(((dh - 1 - y) / Math.max(1, dh - 1)) * (LEVELS - 1)));
  // A constant field has one value: a single label at the middle of the bar (its only colour).
  const ca = hi > lo ? niceAxis(lo, hi, '', 5, false) : { ticks: [lo], step: Math.abs(lo) / 100 || 1 };
  for (const t of ca.ticks) {
    const py = top + (hi > lo ? Math.round(((hi - t) / (hi - lo)) * (dh - 1)) : Math.round(dh / 2));
    r.fillRect(bx + barW, py, 2 * s, 1, AXIS);
    r.text(bx + barW + 3 * s, py - th / 2, formatTick(t, ca.step), s, TEXT);
  }
  r.text(bx, top - th - s * 3, input.valueTitle.slice(0, labelChars + 3), s, BLACK);
  const notes = [`${input.about}; viridis over ${formatValue(lo)}..${formatValue(hi)}`];
  if (factor > 1) notes.push(`shown as ${factor}x${factor} block means (${f.width}x${f.height}) to stay under ${formatCount(budget)} bytes`);
  if (nonFinite > 0) notes.push(`${formatCount(nonFinite)} NaN/inf in magenta`);
  const caption = notes.join('; ');
  const cs = textWidth(caption, s) <= W - 2 * s ? s : Math.max(1, Math.floor(((W - 2 * s) / textWidth(caption, s)) * s));
  r.text(s * 2, H - GLYPH_HEIGHT * cs - s * 4, caption, cs, TEXT);
  return {
    png: r.toPng(PALETTE),
    caption,
    displayWidth: Math.min(W, MAX_DISPLAY),
    area: { x: left, y: top, w: dw, h: dh, cell: k, factor },
  };
}

/** The spec's picture as a data URL: the bare field (no frame), at most SPEC_IMAGE_SIDE a side. */
function heatmapSpecImage(field: Field, lo: number, hi: number): string {
  let factor = 1;
  while (Math.max(field.width, field.height) / factor > SPEC_IMAGE_SIDE) factor *= 2;
  for (;;) {
    const f = reduced(field, factor);
    const k = enlargement(f.width, f.height);
    const idx = new Uint8Array(f.width * k * f.height * k);
    if (k === 1) {
      for (let e = 0; e < idx.length; e++) idx[e] = levelIndex(f.values[e]!, lo, hi);
    } else {
      for (let row = 0; row < f.height; row++) {
        for (let col = 0; col < f.width; col++) {
          const v = levelIndex(f.values[row * f.width + col]!, lo, hi);
          for (let yy = 0; yy < k; yy++) idx.fill(v, ((row * k + yy) * f.width + col) * k, ((row * k + yy) * f.width + col + 1) * k);
        }
      }
    }
    const url = 'data:image/png;base64,' + pngBase64(encodeIndexedPng(f.width * k, f.height * k, idx, PALETTE));
    if (url.length <= SPEC_IMAGE_BUDGET || Math.max(f.width, f.height) <= 64) return url;
    factor *= 2;
  }
}

/** Image mark over stream coordinates (rows downwards), plus an optional layer (the colour legend). */
function pictureSpec(field: Field, title: string, caption: string, url: string, extra?: Spec): Spec {
  const aspect = field.height / field.width;
  const width = Math.round(Math.min(480, 480 / Math.max(aspect, 1e-9)));
  const height = Math.max(1, Math.round(width * aspect));
  const layer: Spec[] = [
    {
      data: { values: [{ url, x: 0, y: 0 }] },
      mark: { type: 'image', width, height, align: 'left', baseline: 'top', aspect: false },
      encoding: {
        x: { field: 'x', type: 'quantitative', title: 'j (column)', scale: { domain: [0, field.width], nice: false, zero: false } },
        y: { field: 'y', type: 'quantitative', title: 'i (row)', scale: { domain: [0, field.height], nice: false, zero: false, reverse: true } },
        url: { field: 'url', type: 'nominal' },
      },
    },
  ];
  if (extra) layer.push(extra);
  return { ...specBase(title, caption, width, height), layer };
}

/** A float3/float4 field as an RGB(A) image; `channels` are row-major columns in [0, 1]. */
export function renderImage(channels: Column[], width: number, height: number, input: FieldInput): RenderedField {
  const nc = channels.length;
  let clamped = 0;
  for (const ch of channels) for (let i = 0; i < ch.length; i++) if (!(ch[i]! >= 0 && ch[i]! <= 1)) clamped++;
  // The spec's copy: at most SPEC_IMAGE_SIDE a side and SPEC_IMAGE_BUDGET bytes.
  let sf = 1;
  while (Math.max(width, height) / sf > SPEC_IMAGE_SIDE) sf *= 2;
  let specPng: Uint8Array;
  for (;;) {
    const w2 = Math.ceil(width / sf);
    const h2 = Math.ceil(height / sf);
    specPng = rgbaPng(sf === 1 ? channels : channels.map((c) => blockMeans(c, width, height, sf).values), w2, h2, enlargement(w2, h2));
    if ((specPng.length * 4) / 3 <= SPEC_IMAGE_BUDGET || (w2 <= 64 && h2 <= 64)) break;
    sf *= 2;
  }
  const url = 'data:image/png;base64,' + pngBase64(specPng);
  const budget = pngBudget(url);
  let factor = 1;
  for (;;) {
    const w = Math.ceil(width / factor);
    const h = Math.ceil(height / factor);
    const k = enlargement(w, h);
    const png = factor === sf ? specPng : rgbaPng(factor === 1 ? channels : channels.map((c) => blockMeans(c, width, height, factor).values), w, h, k);
    if ((png.length * 4) / 3 <= budget || (w <= 64 && h <= 64)) {
      const notes = [`${input.about}; ${nc === 4 ? 'RGBA' : nc === 3 ? 'RGB' : 'grey'} image, channels clamped to [0, 1]${clamped ? ` (${formatCount(clamped)} values outside)` : ''}`];
      if (factor > 1) notes.push(`shown as ${factor}x${factor} block means (${w}x${h}) to stay under ${formatCount(budget)} bytes`);
      const caption = notes.join('; ');
      const spec = pictureSpec({ values: [], width, height }, input.title, caption, url);
      return { png, spec, caption, displayWidth: Math.min(w * k, MAX_DISPLAY), area: { x: 0, y: 0, w: w * k, h: h * k, cell: k, factor } };
    }
    factor *= nextFactorStep(png.length, budget);
  }
}

function rgbaPng(chs: Column[], w: number, h: number, k: number): Uint8Array {
  const nc = chs.length;
  const W = w * k;
  const out = new Uint8Array(W * h * k * nc);
  const px = new Uint8Array(nc);
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      for (let c = 0; c < nc; c++) {
        const v = chs[c]![row * w + col]!;
        px[c] = v >= 1 ? 255 : v > 0 ? Math.round(v * 255) : 0; // NaN and negatives are 0
      }
      for (let yy = 0; yy < k; yy++) {
        let o = ((row * k + yy) * W + col * k) * nc;
        for (let xx = 0; xx < k; xx++) for (let c = 0; c < nc; c++) out[o++] = px[c]!;
      }
    }
  }
  return encode({ width: W, height: h * k, data: out, channels: nc, depth: 8 });
}
