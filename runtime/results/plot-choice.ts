/**
 * Which plot a stream gets when the user does not say: from its shape, its element type and its values.
 *
 * - every shown value the same            -> 'constant' ("all N values = v", no picture)
 * - n x 1 and 1 x n (extents of 1 dropped) -> as the 1-D stream they are
 * - 1-D (or 3-D, 4-D, over row-major order): at most FEW elements -> 'bar' (one series) or 'point'
 *   (vector components side by side); more -> 'line', one line per component
 * - 2-D float3 / float4                    -> 'image' (RGB / RGBA at the stream's aspect ratio)
 * - other 2-D                              -> 'heatmap' of the first component
 */
import type { Type } from '../compiler/types.js';
import type { Column } from './plot-data.js';

export type ChosenKind = 'constant' | 'bar' | 'point' | 'line' | 'image' | 'heatmap';

export interface PlotChoice {
  kind: ChosenKind;
  /** The shape the plot is made for: the stream's shape without extents of 1 ([1] if all are 1). */
  shape: number[];
}

/** At most this many elements are shown one by one (bars or points) instead of as a line. */
export const FEW = 24;

export function effectiveShape(shape: number[]): number[] {
  const s = shape.filter((e) => e !== 1);
  return s.length > 0 ? s : [1];
}

export function choosePlot(elem: Type, shape: number[], columns: Column[]): PlotChoice {
  const eff = effectiveShape(shape);
  if (isConstant(columns)) return { kind: 'constant', shape: eff };
  if (eff.length === 2) {
    const rgb = elem.kind === 'vector' && (elem.size === 3 || elem.size === 4) && elem.elem === 'float';
    return { kind: rgb ? 'image' : 'heatmap', shape: eff };
  }
  const n = eff.reduce((a, b) => a * b, 1);
  if (n <= FEW) return { kind: columns.length === 1 ? 'bar' : 'point', shape: eff };
  return { kind: 'line', shape: eff };
}

/** True when every column holds one and the same finite value throughout (each column its own). */
export function isConstant(columns: Column[]): boolean {
  for (const c of columns) {
    if (c.length === 0) return false;
    const v = c[0]!;
    if (!Number.isFinite(v)) return false;
    for (let i = 1; i < c.length; i++) if (c[i] !== v) return false;
  }
  return columns.length > 0;
}
