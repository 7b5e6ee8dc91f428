/**
 * Vega-Lite v5 specs: the interactive half of a plot (JupyterLab and VS Code render
 * `application/vnd.vegalite.v5+json`). Data is always inline and already reduced on our side (at most
 * MAX_SPEC_ROWS rows); colours are named explicitly so the spec and the PNG agree.
 */
import { categoryHex } from './plot-colormap.js';

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';
export const VEGA_LITE_MIME = 'application/vnd.vegalite.v5+json';
/** Rows shipped to the browser before we aggregate or sample (users: "aggregate > 5k points"). */
export const MAX_SPEC_ROWS = 5000;

export type Spec = Record<string, unknown>;

/** Size of the plotting area of x/y charts, in CSS pixels (the PNG is drawn at twice this). */
export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 260;

/** The top level every spec shares: schema, size, title with the caption as subtitle (wrapped). */
export function specBase(title: string, caption: string, width: number, height: number): Spec {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: title, subtitle: subtitleLines(caption, width), anchor: 'start', subtitleColor: '#555' },
    width,
    height,
  };
}

/**
 * A caption as subtitle lines no wider than the chart (Vega does not wrap titles): split at '; ' and
 * spaces, about 6 px a character at the 11 px subtitle size.
 */
export function subtitleLines(caption: string, width: number): string | string[] {
  const max = Math.max(40, Math.floor((width + 60) / 6));
  if (caption.length <= max) return caption;
  const lines: string[] = [];
  let line = '';
  for (const word of caption.split(' ')) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A nominal colour encoding for series names, in the same palette the PNG uses. */
export function seriesColor(names: string[], title = 'component'): Spec {
  return {
    field: 'series',
    type: 'nominal',
    title,
    scale: { domain: names, range: names.map((_, i) => categoryHex(i)) },
    ...(names.length === 1 ? { legend: null } : {}),
  };
}

/**
 * Numbers in inline data: NaN and infinities become null (JSON has no NaN); a float32 value is written
 * with 9 significant digits (enough to give back the same float32, and about half the bytes of 17).
 */
export function num(v: number): number | null {
  if (!Number.isFinite(v)) return null;
  return Math.fround(v) === v ? Number(v.toPrecision(9)) : v;
}
