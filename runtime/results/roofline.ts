/**
 * The roofline chart of a profile (runtime/profile): arithmetic intensity (flop per byte) on x,
 * GFLOP/s on y, both logarithmic; the adapter's measured roofs (bandwidth x intensity up to the
 * compute peak) as a line, one point per kernel. A Vega-Lite spec drawn to PNG like every plot here
 * (plot-render.ts), in the plots' palette and size.
 */
import { finishChart, PlotDisplay } from './plot.js';
import { CHART_HEIGHT, CHART_WIDTH, num, seriesColor, specBase, type Spec } from './plot-spec.js';
import type { Charted } from './plot-xy.js';

export interface RooflinePoint {
  name: string;
  /** flop / byte (compulsory traffic). */
  intensity: number;
  gflops: number;
  gbs: number;
  /** Share of the nearer roof at this intensity, percent. */
  pctOfRoof: number;
}

export interface RooflineRoofs {
  bandwidthGBs: number;
  gflops: number;
  adapter: string;
}

const fmt = (v: number, digits = 3) => (v >= 100 ? v.toFixed(0) : Number(v.toPrecision(digits)).toString());

/** The roof at intensity x: min(bandwidth x intensity, compute peak). */
export function roofAt(roofs: RooflineRoofs, x: number): number {
  return Math.min(roofs.gflops, roofs.bandwidthGBs * x);
}

export function rooflineChart(points: RooflinePoint[], roofs: RooflineRoofs, title: string, leftOut: string[] = []): Charted {
  const ridge = roofs.gflops / roofs.bandwidthGBs;
  const xs = [ridge, ...points.map((p) => p.intensity)];
  const xlo = Math.min(...xs) / 4;
  const xhi = Math.max(...xs) * 4;
  const ys = [roofs.gflops, ...points.map((p) => p.gflops), roofs.bandwidthGBs * xlo];
  const ylo = Math.min(...ys) / 2;
  const yhi = Math.max(...ys) * 2;
  const roof: Record<string, unknown>[] = [];
  const steps = 48;
  for (let i = 0; i <= steps; i++) {
    const x = xlo * (xhi / xlo) ** (i / steps);
    roof.push({ intensity: num(x), gflops: num(roofAt(roofs, x)) });
  }
  roof.push({ intensity: num(ridge), gflops: num(roofs.gflops) });
  roof.sort((a, b) => (a.intensity as number) - (b.intensity as number));
  // The memory label sits under its rising line, the compute label over its flat one.
  const memoryLabel = [{ intensity: num(xlo * 1.3), gflops: num(roofAt(roofs, xlo * 1.3)), label: `memory ${fmt(roofs.bandwidthGBs)} GB/s` }];
  const computeLabel = [{ intensity: num(ridge * 1.15), gflops: num(roofs.gflops), label: `compute ${fmt(roofs.gflops)} GFLOP/s` }];
  const names = points.map((p) => p.name);
  const x = { field: 'intensity', type: 'quantitative', title: 'arithmetic intensity (flop per byte)', scale: { type: 'log', domain: [num(xlo), num(xhi)] } };
  const y = { field: 'gflops', type: 'quantitative', title: 'GFLOP/s', scale: { type: 'log', domain: [num(ylo), num(yhi)] } };
  const values = points.map((p) => ({ series: p.name, intensity: num(p.intensity), gflops: num(p.gflops), gbs: num(p.gbs), roof_pct: num(p.pctOfRoof) }));
  const caption = [
    `roofs measured on ${roofs.adapter}`,
    `${points.length} kernel${points.length === 1 ? '' : 's'}`,
    ...(leftOut.length > 0 ? [`left out (no flops or no time): ${leftOut.join(', ')}`] : []),
  ].join('; ');
  const spec: Spec = {
    ...specBase(title, caption, CHART_WIDTH, CHART_HEIGHT),
    layer: [
      { data: { values: roof }, mark: { type: 'line', color: '#555555', strokeWidth: 2, clip: true }, encoding: { x, y } },
      { data: { values: memoryLabel }, mark: { type: 'text', align: 'left', baseline: 'top', dx: 8, dy: 6, fontSize: 10, color: '#555555' }, encoding: { x, y, text: { field: 'label' } } },
      { data: { values: computeLabel }, mark: { type: 'text', align: 'left', dx: 2, dy: -7, fontSize: 10, color: '#555555' }, encoding: { x, y, text: { field: 'label' } } },
      {
        data: { values },
        mark: { type: 'point', filled: true, size: 90, opacity: 0.9 },
        encoding: {
          x,
          y,
          color: { ...seriesColor(names, 'kernel'), legend: null },
          tooltip: [
            { field: 'series', title: 'kernel' },
            { field: 'intensity', type: 'quantitative', title: 'flop/byte', format: '.3g' },
            { field: 'gflops', type: 'quantitative', title: 'GFLOP/s', format: '.3g' },
            { field: 'gbs', type: 'quantitative', title: 'GB/s', format: '.3g' },
            { field: 'roof_pct', type: 'quantitative', title: '% of roof', format: '.1f' },
          ],
        },
      },
      { data: { values }, mark: { type: 'text', align: 'left', dx: 7, dy: -6, fontSize: 11 }, encoding: { x, y, text: { field: 'series' }, color: { ...seriesColor(names, 'kernel'), legend: null } } },
    ],
  };
  return { spec, caption };
}

/** The chart with its PNG, ready to display. */
export async function rooflinePlot(points: RooflinePoint[], roofs: RooflineRoofs, title: string, leftOut: string[] = []): Promise<PlotDisplay> {
  return finishChart('roofline', title, rooflineChart(points, roofs, title, leftOut), roofs.adapter);
}
