/**
 * Bars over a table's text column (runtime/results/plot-bars.ts): one group per row in row order,
 * stacked (parts of a whole: the BLAS notebook's setup / compute / read-back) or side by side; the
 * spec validates against Vega-Lite's schema, and the PNG drawn from it has the stacked bar's height.
 */
import { describe, expect, it } from 'vitest';
import { table } from 'arquero';
import { plotTable, PlotError } from '../../runtime/results/plot.js';
import { pixels, specErrors } from './plot-helpers.js';

const T = 120_000;
const parts = () => table({ mode: ['independent', 'cascaded'], setup: [30, 2], compute: [10, 10], readback: [20, 1] });

describe('bars over categories', () => {
  it('stacked: the parts of each row, in row and column order, stacked from zero', async () => {
    const p = await plotTable(parts(), { x: 'mode', y: ['setup', 'compute', 'readback'], stack: true, title: 'time' });
    expect(p.kind).toBe('bar');
    expect(specErrors(p.spec)).toEqual([]);
    const values = (p.spec!.data as { values: { x: string; y: number; series: string }[] }).values;
    expect(values.map((v) => `${v.x}:${v.series}=${v.y}`)).toEqual([
      'independent:setup=30', 'cascaded:setup=2',
      'independent:compute=10', 'cascaded:compute=10',
      'independent:readback=20', 'cascaded:readback=1',
    ]);
    const enc = p.spec!.encoding as { x: { sort: unknown }; y: { stack: unknown } };
    expect(enc.x.sort).toBeNull();
    expect(enc.y.stack).toBe('zero');
    expect(p.caption).toContain('2 categories, 3 stacked parts each');
    // The first bar (60 in all) reaches higher than the second (13): count coloured pixels per column
    // half of the data area.
    const img = pixels(p.png!);
    const a = p.area!;
    const height = (x0: number, x1: number) => {
      let best = 0;
      for (let x = Math.round(a.x + x0 * a.w); x < a.x + x1 * a.w; x++) {
        let n = 0;
        for (let y = a.y; y < a.y + a.h; y++) {
          const [r, g, b] = img.at(x, y);
          if (Math.abs(r! - g!) + Math.abs(g! - b!) > 40) n++;
        }
        best = Math.max(best, n);
      }
      return best;
    };
    const first = height(0, 0.5);
    const second = height(0.5, 1);
    expect(first / second).toBeGreaterThan(3);
    expect(first / second).toBeLessThan(6);
  }, T);

  it('grouped: side by side with an x offset per column; needs y columns', async () => {
    const p = await plotTable(parts(), { x: 'mode', y: ['setup', 'compute'] });
    expect(specErrors(p.spec)).toEqual([]);
    const enc = p.spec!.encoding as { y: { stack: unknown }; xOffset?: unknown };
    expect(enc.y.stack).toBeNull();
    expect(enc.xOffset).toBeDefined();
    await expect(plotTable(parts(), { x: 'mode' })).rejects.toThrow(PlotError);
  }, T);
});
