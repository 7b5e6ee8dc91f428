/**
 * Colour maps for heatmaps and the series palette, as 256-entry RGB lookup tables.
 *
 * Viridis uses the same 33 colour stops Vega's `viridis` scheme uses (vega-scale's schemes table), with
 * linear interpolation in RGB between them as Vega does, so the PNG and the Vega-Lite legend agree.
 */

const VIRIDIS_STOPS =
  '440154470e61481a6c482575472f7d443a834144873d4e8a39568c35608d31688e2d708e2a788e27818e23888e21918d1f988b1fa08822a8842ab07f35b77943bf7154c56866cc5d7ad1518fd744a5db36bcdf27d2e21be9e51afde725';

function stops(hex: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i < hex.length; i += 6) {
    out.push([parseInt(hex.slice(i, i + 2), 16), parseInt(hex.slice(i + 2, i + 4), 16), parseInt(hex.slice(i + 4, i + 6), 16)]);
  }
  return out;
}

/** 256 RGB triples, index 0 = the low end (dark purple), 255 = the high end (yellow). */
function buildLut(hex: string): Uint8Array {
  const s = stops(hex);
  const lut = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) {
    const t = (i / 255) * (s.length - 1);
    const k = Math.min(Math.floor(t), s.length - 2);
    const f = t - k;
    for (let c = 0; c < 3; c++) lut[i * 3 + c] = Math.round(s[k]![c]! * (1 - f) + s[k + 1]![c]! * f);
  }
  return lut;
}

export const VIRIDIS: Uint8Array = buildLut(VIRIDIS_STOPS);

/** Vega's tableau10 (Vega-Lite 5's default nominal palette); specs name it explicitly so both agree. */
export const TABLEAU10: [number, number, number][] = stops('4c78a8f58518e4575672b7b254a24beeca3bb279a2ff9da69d755dbab0ac');

export function categoryHex(i: number): string {
  const [r, g, b] = TABLEAU10[i % TABLEAU10.length]!;
  return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
}
