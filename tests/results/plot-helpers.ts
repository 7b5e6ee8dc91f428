/** Shared helpers for the plot tests: decode a plot's PNG and read pixels; validate specs. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decode, convertIndexedToRgb } from 'fast-png';
import Ajv from 'ajv';
import type { PlotDisplay } from '../../runtime/results/plot.js';
import type { Type } from '../../runtime/compiler/types.js';

export interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
  at(x: number, y: number): number[];
  distinctColours(): number;
}

/** The PNG decoded to 8-bit RGB(A), palettes expanded. */
export function pixels(png: Uint8Array): Pixels {
  const d = decode(png);
  const data = d.palette ? convertIndexedToRgb(d) : (d.data as Uint8Array);
  const channels = d.palette ? (d.palette[0]!.length === 4 ? 4 : 3) : d.channels;
  return {
    width: d.width,
    height: d.height,
    channels,
    data: data as Uint8Array,
    at(x, y) {
      const o = (y * d.width + x) * channels;
      return Array.from(data.subarray(o, o + channels) as Uint8Array);
    },
    distinctColours() {
      const seen = new Set<number>();
      for (let p = 0; p < d.width * d.height; p++) {
        let key = 0;
        for (let c = 0; c < channels; c++) key = key * 256 + (data as Uint8Array)[p * channels + c]!;
        seen.add(key);
        if (seen.size > 1000) break;
      }
      return seen.size;
    },
  };
}

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('vega-lite/build/vega-lite-schema.json'), 'utf8')) as object;
const ajv = new Ajv({ strict: false, allErrors: false });
const validateSpec = ajv.compile(schema);

/** Errors of the spec against the Vega-Lite v5 JSON schema shipped in the vega-lite package ([] if valid). */
export function specErrors(spec: unknown): string[] {
  return validateSpec(spec) ? [] : (validateSpec.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

export function bundleBytes(p: PlotDisplay): number {
  return JSON.stringify(p.bundle()).length;
}

export function words(values: ArrayLike<number>): Uint32Array {
  return new Uint32Array(Float32Array.from(values).buffer);
}

export const F = (size?: number): Type => (size ? { kind: 'vector', elem: 'float', size: size as 2 | 3 | 4 } : { kind: 'scalar', name: 'float' });
