/**
 * A small RGBA raster for rendering plots without a canvas or native module: filled rectangles,
 * alpha-blended points, 1-pixel lines (scaled by drawing thicker), and text in the built-in bitmap font.
 * PNG encoding goes through `fast-png` (pure JavaScript); opaque rasters are written as RGB to save bytes.
 */
import { encode } from 'fast-png';
import { glyph, GLYPH_ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, textWidth } from './plot-font.js';

export type RGB = readonly [number, number, number];
export type Align = 'left' | 'center' | 'right';

export const BLACK: RGB = [0, 0, 0];
export const WHITE: RGB = [255, 255, 255];
export const AXIS_GREY: RGB = [100, 100, 100];
export const GRID_GREY: RGB = [230, 230, 230];
export const TEXT_GREY: RGB = [60, 60, 60];

export class Raster {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: RGB = WHITE,
  ) {
    this.data = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      this.data[p * 4] = background[0];
      this.data[p * 4 + 1] = background[1];
      this.data[p * 4 + 2] = background[2];
      this.data[p * 4 + 3] = 255;
    }
  }

  /** Blend one pixel (alpha 0..1); coordinates outside the raster are ignored. */
  blend(x: number, y: number, c: RGB, alpha = 1): void {
    x = Math.floor(x);
    y = Math.floor(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const o = (y * this.width + x) * 4;
    const d = this.data;
    if (alpha >= 1) {
      d[o] = c[0];
      d[o + 1] = c[1];
      d[o + 2] = c[2];
      return;
    }
    d[o] = Math.round(d[o]! + (c[0] - d[o]!) * alpha);
    d[o + 1] = Math.round(d[o + 1]! + (c[1] - d[o + 1]!) * alpha);
    d[o + 2] = Math.round(d[o + 2]! + (c[2] - d[o + 2]!) * alpha);
  }

  fillRect(x: number, y: number, w: number, h: number, c: RGB, alpha = 1): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) this.blend(xx, yy, c, alpha);
  }

  /** A line of `thickness` pixels between two points (DDA; thick lines are squares along the path). */
  line(xa: number, ya: number, xb: number, yb: number, c: RGB, thickness = 1, alpha = 1): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(xb - xa), Math.abs(yb - ya))));
    const half = (thickness - 1) / 2;
    for (let s = 0; s <= steps; s++) {
      const x = xa + ((xb - xa) * s) / steps;
      const y = ya + ((yb - ya) * s) / steps;
      if (thickness <= 1) this.blend(x, y, c, alpha);
      else this.fillRect(x - half, y - half, thickness, thickness, c, alpha);
    }
  }

  /** Text in the bitmap font; see drawText for the arguments. */
  text(x: number, y: number, s: string, scale: number, c: RGB = TEXT_GREY, align: Align = 'left', vertical = false): void {
    drawText((rx, ry, rw, rh) => this.fillRect(rx, ry, rw, rh, c), x, y, s, scale, align, vertical);
  }

  /** PNG bytes: RGB when every pixel is opaque, RGBA otherwise. */
  toPng(): Uint8Array {
    const n = this.width * this.height;
    let opaque = true;
    for (let p = 0; p < n; p++) if (this.data[p * 4 + 3] !== 255) { opaque = false; break; }
    if (!opaque) return encode({ width: this.width, height: this.height, data: this.data, channels: 4, depth: 8 });
    const rgb = new Uint8Array(n * 3);
    for (let p = 0; p < n; p++) {
      rgb[p * 3] = this.data[p * 4]!;
      rgb[p * 3 + 1] = this.data[p * 4 + 1]!;
      rgb[p * 3 + 2] = this.data[p * 4 + 2]!;
    }
    return encode({ width: this.width, height: this.height, data: rgb, channels: 3, depth: 8 });
  }
}

/** An indexed-colour PNG (one byte a pixel, a palette of RGB triples): how heatmaps stay small. */
export function encodeIndexedPng(width: number, height: number, indices: Uint8Array, paletteRgb: Uint8Array): Uint8Array {
  const palette: number[][] = [];
  for (let i = 0; i < paletteRgb.length / 3; i++) palette.push([paletteRgb[i * 3]!, paletteRgb[i * 3 + 1]!, paletteRgb[i * 3 + 2]!]);
  return encode({ width, height, data: indices, channels: 1, depth: 8, palette });
}

export function pngBase64(png: Uint8Array): string {
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
}

/**
 * Text at (x, y) = its top-left corner, `align` relative to x, through a rectangle-fill callback (so RGBA
 * and indexed rasters share it). `vertical` draws it rotated a quarter turn counter-clockwise (reading
 * bottom to top, for y-axis titles): (x, y) is then the top-left of the rotated box, and `align` is
 * relative to y.
 */
export function drawText(fill: (x: number, y: number, w: number, h: number) => void, x: number, y: number, s: string, scale: number, align: Align = 'left', vertical = false): void {
  const w = textWidth(s, scale);
  if (!vertical) {
    let cx = Math.round(align === 'left' ? x : align === 'center' ? x - w / 2 : x - w);
    const cy = Math.round(y);
    for (const ch of s) {
      const bits = glyph(ch);
      for (let r = 0; r < GLYPH_HEIGHT; r++) for (let col = 0; col < GLYPH_WIDTH; col++) if (bits[r * GLYPH_WIDTH + col]) fill(cx + col * scale, cy + r * scale, scale, scale);
      cx += GLYPH_ADVANCE * scale;
    }
    return;
  }
  // Rotated: the string runs upwards; a glyph's columns go up, its rows go right.
  let base = Math.round(align === 'left' ? y + w : align === 'center' ? y + w / 2 : y);
  const cx = Math.round(x);
  for (const ch of s) {
    const bits = glyph(ch);
    for (let r = 0; r < GLYPH_HEIGHT; r++) for (let col = 0; col < GLYPH_WIDTH; col++) if (bits[r * GLYPH_WIDTH + col]) fill(cx + r * scale, base - (col + 1) * scale, scale, scale);
    base -= GLYPH_ADVANCE * scale;
  }
}

/** A one-byte-a-pixel raster over a palette (heatmaps: colour-map levels plus a few frame colours). */
export class IndexedRaster {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: number,
  ) {
    this.data = new Uint8Array(width * height).fill(background);
  }

  fillRect(x: number, y: number, w: number, h: number, index: number): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) this.data.fill(index, yy * this.width + x0, yy * this.width + Math.max(x0, x1));
  }

  text(x: number, y: number, s: string, scale: number, index: number, align: Align = 'left', vertical = false): void {
    drawText((rx, ry, rw, rh) => this.fillRect(rx, ry, rw, rh, index), x, y, s, scale, align, vertical);
  }

  toPng(paletteRgb: Uint8Array): Uint8Array {
    return encodeIndexedPng(this.width, this.height, this.data, paletteRgb);
  }
}
