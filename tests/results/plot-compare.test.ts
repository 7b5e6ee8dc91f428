/**
 * The Figure 3 comparison chart (runtime/results/plot-compare.ts): ratios are each rate over the
 * reference's, bars that were not measured are named and never drawn, a wide span of ratios switches
 * to a log axis on which the bars are still drawn, and the spec is valid Vega-Lite.
 */
import { describe, expect, it } from 'vitest';
import { comparisonSpec, plotComparison } from '../../runtime/results/plot-compare.js';
import { pixels, specErrors } from './plot-helpers.js';

const BARS = [
  { label: 'hand-written WGSL', rate: 900 },
  { label: 'Brook on WebGPU', rate: 600 },
  { label: 'Brook on CPU', rate: 150 },
];
const OPTS = { title: 'SAXPY', unit: 'MFLOPS', reference: 'Brook on CPU' };

/** Pixels of exactly this colour (bar interiors are flat fills). */
function count(png: Uint8Array, hex: string): number {
  const p = pixels(png);
  const want = [1, 3, 5].map((o) => parseInt(hex.slice(o, o + 2), 16));
  let n = 0;
  for (let y = 0; y < p.height; y++) for (let x = 0; x < p.width; x++) {
    const c = p.at(x, y);
    if (c[0] === want[0] && c[1] === want[1] && c[2] === want[2]) n++;
  }
  return n;
}

describe('comparison chart', () => {
  it('divides every rate by the reference and labels bars with ratio and rate', () => {
    const { spec, ratios, caption } = comparisonSpec(BARS, OPTS);
    expect(ratios.get('hand-written WGSL')).toBe(6);
    expect(ratios.get('Brook on WebGPU')).toBe(4);
    expect(ratios.get('Brook on CPU')).toBe(1);
    expect(specErrors(spec)).toEqual([]);
    const values = (spec.data as { values: { label: string; text: string }[] }).values;
    expect(values.map((v) => v.text)).toEqual(['x6.00 · 900', 'x4.00 · 600', 'x1.00 · 150']);
    expect(caption).toContain('relative to Brook on CPU');
    expect(caption).not.toContain('log scale');
  });

  it('names bars without a rate in the caption and leaves them out of the data', () => {
    const { spec, caption } = comparisonSpec([...BARS, { label: 'plain JavaScript', missing: 'skipped: no version' }], OPTS);
    expect(caption).toContain('plain JavaScript: skipped: no version');
    expect((spec.data as { values: unknown[] }).values).toHaveLength(3);
  });

  it('refuses a reference that is absent or has no rate', () => {
    expect(() => comparisonSpec(BARS, { ...OPTS, reference: 'FFTW' })).toThrow(/no bar is labelled 'FFTW'/);
    expect(() => comparisonSpec([{ label: 'Brook on CPU', missing: 'failed' }], OPTS)).toThrow(/has no rate \(failed\)/);
  });

  it('draws every bar, on a linear axis and on the log axis a 1000x span needs', async () => {
    const linear = await plotComparison(BARS, OPTS);
    expect(count(linear.png!, '#f58518')).toBeGreaterThan(500); // the WGSL bar
    expect(count(linear.png!, '#4c78a8')).toBeGreaterThan(500); // Brook on WebGPU
    const wide = [{ label: 'hand-written WGSL', rate: 150_000 }, { label: 'Brook on WebGPU', rate: 90_000 }, { label: 'Brook on CPU', rate: 150 }];
    const log = await plotComparison(wide, OPTS);
    expect(log.caption).toContain('log scale');
    expect(specErrors(log.spec)).toEqual([]);
    expect(count(log.png!, '#f58518')).toBeGreaterThan(500);
    expect(count(log.png!, '#4c78a8')).toBeGreaterThan(500);
    expect(count(log.png!, '#bab0ac')).toBeGreaterThan(100); // the reference bar, at 1, above the axis floor
  });

  it('groups several jobs, each divided by its own reference, in one chart with a legend', async () => {
    const bars = [
      { group: 'FFT', label: 'hand-written WGSL', rate: 300, unit: 'MFLOPS' },
      { group: 'FFT', label: 'Brook on CPU', rate: 100, unit: 'MFLOPS' },
      { group: 'Ray', label: 'hand-written WGSL', rate: 50, unit: 'M tests/s' },
      { group: 'Ray', label: 'Brook on CPU', rate: 10, unit: 'M tests/s' },
      { group: 'Sort', label: 'hand-written WGSL', missing: 'skipped' },
      { group: 'Sort', label: 'Brook on CPU', missing: 'failed' },
    ];
    const { spec, ratios, caption } = comparisonSpec(bars, OPTS);
    expect(ratios.get('FFT/hand-written WGSL')).toBe(3);
    expect(ratios.get('Ray/hand-written WGSL')).toBe(5);
    expect(ratios.get('Ray/Brook on CPU')).toBe(1);
    expect(caption).toContain('Sort: left out, Brook on CPU has no rate');
    expect(specErrors(spec)).toEqual([]);
    const p = await plotComparison(bars, { ...OPTS, title: 'all' });
    expect(count(p.png!, '#f58518')).toBeGreaterThan(300);
    expect(() => comparisonSpec([{ group: 'A', label: 'x', rate: 1 }], OPTS)).toThrow(/no bar in 'A' is labelled 'Brook on CPU'/);
  });
});
