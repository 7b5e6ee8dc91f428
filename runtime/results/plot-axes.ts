/**
 * Axes for rendered charts: a padded data range, nice ticks, tick labels, and the frame of a chart
 * (title, gridlines, axis lines, tick labels, axis titles, legend, caption) drawn on a Raster.
 */
import { niceStep, roundTo } from './plot-data.js';
import { textWidth, GLYPH_HEIGHT } from './plot-font.js';
import { AXIS_GREY, BLACK, GRID_GREY, TEXT_GREY, type Raster, type RGB } from './plot-raster.js';

export interface Axis {
  lo: number;
  hi: number;
  ticks: number[];
  step: number;
  title: string;
}

/** An axis over [lo, hi] widened to nice tick values (~`count` ticks); a single value gets a unit range. */
export function niceAxis(lo: number, hi: number, title: string, count = 6, pad = true): Axis {
  if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  if (lo === hi) {
    const d = Math.abs(lo) > 0 ? Math.abs(lo) * 0.1 : 0.5;
    lo -= d;
    hi += d;
  }
  const step = niceStep((hi - lo) / count);
  if (pad) {
    lo = Math.floor(lo / step + 1e-9) * step;
    hi = Math.ceil(hi / step - 1e-9) * step;
  }
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) ticks.push(roundTo(t, step));
  return { lo, hi, ticks, step, title };
}

/**
 * An x axis whose tick labels fit side by side in `widthPx` at font `scale`: fewer ticks until they do.
 */
export function fittedXAxis(lo: number, hi: number, title: string, widthPx: number, scale: number, pad: boolean): Axis {
  let a = niceAxis(lo, hi, title, 8, pad);
  for (const count of [6, 5, 4, 3, 2]) {
    const widest = Math.max(...a.ticks.map((t) => textWidth(formatTick(t, a.step), scale)));
    const spacing = a.ticks.length > 1 ? (widthPx * a.step) / (a.hi - a.lo) : widthPx;
    if (widest + 4 * scale <= spacing) break;
    a = niceAxis(lo, hi, title, count, pad);
  }
  return a;
}

/** A tick label: as few decimals as the step needs; exponent form for very large or small numbers. */
export function formatTick(v: number, step: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e6 || (a < 1e-3 && step < 1e-3)) {
    const digits = Math.max(0, Math.min(4, Math.floor(Math.log10(a)) - Math.floor(Math.log10(step))));
    return v.toExponential(digits).replace('e+', 'e');
  }
  const d = Math.max(0, Math.min(10, -Math.floor(Math.log10(step) + 1e-9)));
  return v.toFixed(d);
}

/** A value for captions and legends: up to 4 significant digits, exponent form outside 1e-3..1e6. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e6 || a < 1e-3) return v.toExponential(3).replace(/\.?0+e/, 'e').replace('e+', 'e');
  return String(Number(v.toPrecision(4)));
}

export interface Frame {
  /** The data rectangle inside the PNG, in pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export function xToPixel(f: Frame, a: Axis, v: number): number {
  return f.x + ((v - a.lo) / (a.hi - a.lo)) * f.w;
}

export function yToPixel(f: Frame, a: Axis, v: number): number {
  return f.y + f.h - ((v - a.lo) / (a.hi - a.lo)) * f.h;
}

/** The fixed layout of line, histogram and scatter charts: 800 data columns, font scale 2. */
export const CHART = { width: 930, height: 540, frame: { x: 110, y: 50, w: 800, h: 400 } as Frame, scale: 2 };

export interface LegendEntry {
  label: string;
  color: RGB;
}

/** Gridlines, axes, ticks and labels, title, legend and caption around `f` (data drawn separately). */
export function drawFrameBackground(r: Raster, f: Frame, xa: Axis, ya: Axis): void {
  for (const t of xa.ticks) r.fillRect(Math.round(xToPixel(f, xa, t)), f.y, 1, f.h, GRID_GREY);
  for (const t of ya.ticks) r.fillRect(f.x, Math.round(yToPixel(f, ya, t)), f.w, 1, GRID_GREY);
}

export function drawFrameForeground(r: Raster, f: Frame, xa: Axis, ya: Axis, title: string, caption: string, legend: LegendEntry[], s: number): void {
  const th = GLYPH_HEIGHT * s;
  // Axis lines along the bottom and left of the data rectangle.
  r.fillRect(f.x - 1, f.y + f.h, f.w + 1, 2, AXIS_GREY);
  r.fillRect(f.x - 2, f.y, 2, f.h + 1, AXIS_GREY);
  for (const t of xa.ticks) {
    const px = Math.round(xToPixel(f, xa, t));
    r.fillRect(px, f.y + f.h, 1, 3 * s, AXIS_GREY);
    r.text(px, f.y + f.h + 5 * s, formatTick(t, xa.step), s, TEXT_GREY, 'center');
  }
  for (const t of ya.ticks) {
    const py = Math.round(yToPixel(f, ya, t));
    r.fillRect(f.x - 3 * s - 2, py, 3 * s, 1, AXIS_GREY);
    r.text(f.x - 5 * s - 2, py - th / 2, formatTick(t, ya.step), s, TEXT_GREY, 'right');
  }
  r.text(f.x + f.w / 2, f.y + f.h + 5 * s + th + 6 * s, xa.title, s, BLACK, 'center');
  r.text(6, f.y + f.h / 2, ya.title, s, BLACK, 'center', true);
  r.text(f.x, f.y - th - 6 * s, title, s, BLACK, 'left');
  // A long caption drops to a smaller scale rather than run off the image.
  const cs = textWidth(caption, s) <= r.width - 12 ? s : Math.max(1, s - 1);
  r.text(6, r.height - GLYPH_HEIGHT * cs - 4 * s, caption, cs, TEXT_GREY, 'left');
  // Legend: right-aligned swatches above the data rectangle.
  let lx = f.x + f.w;
  for (let i = legend.length - 1; i >= 0; i--) {
    const e = legend[i]!;
    const w = textWidth(e.label, s);
    lx -= w;
    r.text(lx, f.y - th - 6 * s, e.label, s, TEXT_GREY, 'left');
    lx -= 4 * s + 4 * s;
    r.fillRect(lx, f.y - th - 6 * s, 4 * s, th, e.color);
    lx -= 6 * s;
  }
}
