/**
 * The checker of executed application notebooks (app-outputs.ts) must notice what it is there to
 * notice: a Figure 3 row that was not measured, a missing chart, missing pictures.
 */
import { describe, expect, it } from 'vitest';
import { appOutputProblems } from './app-outputs.js';

const row = (label: string, rate: string, ratio: string) => `${label}  dev  1.5  ${rate}  ${ratio}  0.1  0.2  100  gpu-timestamp, median of 3  plan`;
const table = (rows: string[]) => ({
  output_type: 'display_data',
  data: { 'text/plain': ['Ray: 128 x 96 rays (BROOK_SIZE=small); tests; checked\n', 'implementation  device  time ms  M tests/s  x Brook on CPU\n', rows.join('\n')] },
});
const chart = { output_type: 'execute_result', data: { 'text/plain': 'Ray, relative to Brook on the CPU (bar plot)', 'image/png': 'iVBOR', 'application/vnd.vegalite.v5+json': {} } };
const picture = { output_type: 'execute_result', data: { 'text/plain': 'rgb (image plot)', 'image/png': 'iVBOR' } };
const nb = (outputs: object[]) => ({ cells: [{ cell_type: 'code', outputs }] });
const good = [row('hand-written WGSL', '4,120', '12.5'), row('Brook on WebGPU', '3,001', '9.1'), row('Brook on CPU', '330', '1')];

describe('application notebook outputs', () => {
  it('a complete notebook has no problems', () => {
    expect(appOutputProblems('raytrace.ipynb', nb([table(good), chart, picture, picture]))).toEqual([]);
  });
  it('a skipped or failed side, a missing chart and missing pictures are each reported', () => {
    const skipped = [good[0]!.replace('4,120', '-'), good[1]!, good[2]!];
    expect(appOutputProblems('raytrace.ipynb', nb([table(skipped), chart, picture, picture]))).toEqual([expect.stringContaining("'hand-written WGSL' was not measured")]);
    expect(appOutputProblems('raytrace.ipynb', nb([table(good), picture, picture]))).toEqual(['Ray: no Figure 3 chart (PNG and Vega-Lite) in the outputs']);
    expect(appOutputProblems('raytrace.ipynb', nb([table(good), chart]))).toEqual(['0 pictures besides the charts, expected at least 2']);
    expect(appOutputProblems('raytrace.ipynb', nb([chart, picture, picture]))).toEqual(['Ray: no Figure 3 table in the outputs']);
  });
  it('the CPU row is the reference: its ratio is 1', () => {
    const off = [good[0]!, good[1]!, row('Brook on CPU', '330', '0.9')];
    expect(appOutputProblems('raytrace.ipynb', nb([table(off), chart, picture, picture]))[0]).toMatch(/its ratio must be 1/);
  });
  it('other notebooks are not checked', () => {
    expect(appOutputProblems('tour.ipynb', nb([]))).toEqual([]);
  });
});
