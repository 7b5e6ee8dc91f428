/**
 * Text widths from the font the PNG is drawn with (DejaVu Sans, shipped in the `dejavu-fonts-ttf` npm
 * package), so Vega lays out labels, titles and legends for the glyphs resvg will really draw. Without
 * this, Vega in Node (no canvas) guesses 0.8 em a character: labels get too much room or overlap.
 *
 * Reads only what advance widths need from a TrueType file: `head` (units per em), `hhea` (how many
 * metrics), `hmtx` (advances) and a format-4 `cmap` (Basic Multilingual Plane to glyph). Characters the
 * font lacks measure as its .notdef glyph, which is what resvg draws for them too.
 */
import { readFileSync } from 'node:fs';

export interface FontMetrics {
  /** Width in pixels of `text` set at `size` pixels. */
  width(text: string, size: number): number;
}

/** The font files and family (common/fonts.ts: the kernelspec logo uses them too). */
export { FONT_FAMILY, FONT_FILES } from '../../common/fonts.js';

export function readFontMetrics(file: string): FontMetrics {
  const buf = readFileSync(file);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const tables = new Map<string, number>();
  const numTables = dv.getUint16(4);
  for (let t = 0; t < numTables; t++) {
    const rec = 12 + t * 16;
    tables.set(buf.toString('latin1', rec, rec + 4), dv.getUint32(rec + 8));
  }
  const table = (tag: string): number => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`font ${file} has no '${tag}' table`);
    return at;
  };
  const unitsPerEm = dv.getUint16(table('head') + 18);
  const numMetrics = dv.getUint16(table('hhea') + 34);
  const hmtx = table('hmtx');
  const advanceOf = (glyph: number): number => dv.getUint16(hmtx + 4 * Math.min(glyph, numMetrics - 1));
  const glyphOf = cmapFormat4(dv, table('cmap'));
  const cache = new Map<number, number>();
  const advance = (code: number): number => {
    let a = cache.get(code);
    if (a === undefined) {
      a = advanceOf(glyphOf(code)) / unitsPerEm;
      cache.set(code, a);
    }
    return a;
  };
  return {
    width(text, size) {
      let em = 0;
      for (const ch of text) em += advance(ch.codePointAt(0)!);
      return em * size;
    },
  };
}

/** The glyph of a code point through the font's Unicode BMP (format 4) subtable; 0 (.notdef) if none. */
function cmapFormat4(dv: DataView, cmap: number): (code: number) => number {
  const n = dv.getUint16(cmap + 2);
  let sub = -1;
  for (let k = 0; k < n; k++) {
    const platform = dv.getUint16(cmap + 4 + k * 8);
    const encoding = dv.getUint16(cmap + 6 + k * 8);
    const offset = cmap + dv.getUint32(cmap + 8 + k * 8);
    if (dv.getUint16(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) {
      sub = offset;
      break;
    }
  }
  if (sub < 0) throw new Error('font has no Unicode format-4 cmap');
  const segs = dv.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segs * 2 + 2;
  const deltas = starts + segs * 2;
  const rangeOffsets = deltas + segs * 2;
  return (code) => {
    if (code > 0xffff) return 0;
    for (let s = 0; s < segs; s++) {
      if (code > dv.getUint16(ends + s * 2)) continue;
      const start = dv.getUint16(starts + s * 2);
      if (code < start) return 0;
      const delta = dv.getInt16(deltas + s * 2);
      const ro = dv.getUint16(rangeOffsets + s * 2);
      if (ro === 0) return (code + delta) & 0xffff;
      const g = dv.getUint16(rangeOffsets + s * 2 + ro + (code - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
}
