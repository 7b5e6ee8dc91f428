/**
 * The PNG half of a plot: the Vega-Lite spec drawn by Vega itself (compiled with vega-lite, run headless
 * by a vega View, written out as SVG) and rasterized by resvg with the DejaVu Sans font shipped in npm
 * (system fonts are not loaded), so a plot is the same picture on every machine and its text is text.
 *
 * In: a Vega-Lite spec (for heatmaps the picture variant, see plot-field.ts) and a scale (device pixels
 * per CSS pixel). Out: the PNG, and where the data rectangle lies in it (tests read pixels through it).
 */
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import type { Spec } from './plot-spec.js';
import { FONT_FAMILY, FONT_FILES, readFontMetrics, type FontMetrics } from './text-metrics.js';

export interface RenderedPng {
  png: Uint8Array;
  /** Size of the PNG in device pixels. */
  width: number;
  height: number;
  /** The data rectangle in PNG pixels (the top-level view's plotting area). */
  area: { x: number; y: number; w: number; h: number };
  scale: number;
}

let fonts: { regular: FontMetrics; bold: FontMetrics } | undefined;

/** Vega measures text through this (vl-convert does the same): real DejaVu advances, not guesses. */
function useFontMetrics(): void {
  if (fonts) return;
  fonts = { regular: readFontMetrics(FONT_FILES.regular), bold: readFontMetrics(FONT_FILES.bold) };
  const f = fonts;
  const metrics = (vega as unknown as { textMetrics: unknown }).textMetrics as { width: (item: Record<string, unknown>, text?: unknown) => number };
  metrics.width = (item, text) => {
    const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
    const s = text == null ? '' : String(text).trim();
    const w = item.fontWeight;
    const bold = w === 'bold' || w === 'bolder' || (typeof w === 'number' && w >= 600);
    return (bold ? f.bold : f.regular).width(s, size);
  };
}

/** Everything the PNG needs that the browser view does not: our font and a white background. */
const PNG_CONFIG = {
  font: FONT_FAMILY,
  background: 'white',
};

export async function renderPng(spec: Spec, scale = 2, patchVega?: (vg: Record<string, unknown>) => void): Promise<RenderedPng> {
  useFontMetrics();
  const withFont: Spec = { ...spec, config: { ...PNG_CONFIG, ...((spec.config as object) ?? {}) } };
  const vg = compile(withFont as never).spec as unknown as Record<string, unknown>;
  patchVega?.(vg);
  const view = new vega.View(vega.parse(vg as never), { renderer: 'none' });
  try {
    const svg = await view.toSVG(scale);
    // origin() is inside the padding, which toSVG adds around the view.
    const origin = view.origin();
    const pad = view.padding() as { left: number; top: number };
    const area = { x: (origin[0] + pad.left) * scale, y: (origin[1] + pad.top) * scale, w: view.width() * scale, h: view.height() * scale };
    const r = new Resvg(svg, {
      font: { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
      shapeRendering: 2,
      textRendering: 1,
      imageRendering: 1,
    }).render();
    const png = new Uint8Array(r.asPng());
    return { png, width: r.width, height: r.height, area, scale };
  } finally {
    view.finalize();
  }
}

/**
 * Draws one small chart and throws it away: the first real plot then finds Vega's and resvg's code
 * compiled and the font metrics read (a first plot took ~1 s before, the next ones a quarter of that).
 */
export async function warmRenderer(): Promise<void> {
  const values = Array.from({ length: 64 }, (_, i) => ({ i, v: Math.sin(i / 8), c: i % 2 ? 'a' : 'b' }));
  await renderPng({
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'warm-up', width: 120, height: 60, data: { values },
    mark: 'line', encoding: { x: { field: 'i', type: 'quantitative' }, y: { field: 'v', type: 'quantitative' }, color: { field: 'c', type: 'nominal' } },
  } as Spec, 2);
}

export function pngBase64(png: Uint8Array): string {
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
}
