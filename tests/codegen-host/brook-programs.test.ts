/**
 * Brook programs end to end on the CPU runtime: streams, kernels, reductions (to a value and to a
 * stream), iterators, domains, gathers, indexof, struct elements, host vectors, streamPrint.
 * Expected output comes from a gcc-compiled C reference (saxpy) or from a float64 computation here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runC } from '../hostlib/gcc.js';
import { runBrook } from './run.js';

const dir = join(import.meta.dirname, 'brook');
const read = (f: string) => readFileSync(join(dir, f), 'utf8');
const f2 = (x: number) => x.toFixed(2);

describe('Brook programs', () => {
  it('saxpy, reductions to a value and to a stream: same output as a C reference built with gcc', async () => {
    const want = runC(read('saxpy.ref.c'));
    const got = await runBrook(read('saxpy.br'), [], 'saxpy.br');
    expect(got.diagnostics).toEqual([]);
    expect(got.stdout).toBe(want.stdout);
    expect(got.status).toBe(0);
  });

  it('iterators, gathers with clamping, domains, structs, vectors, streamPrint', async () => {
    const got = await runBrook(read('grid.br'), [], 'grid.br');
    expect(got.diagnostics).toEqual([]);
    // Independent computation of what grid.br prints.
    const R = 4, C = 6;
    const v = (r: number, c: number) => 10 * Math.min(c, C - 1) + Math.min(r, R - 1);
    const o = (r: number, c: number) => (v(r, c) + v(r, c + 1) + v(r + 1, c)) / 3;
    const lines: string[] = [];
    for (let r = 0; r < R; r++) lines.push(Array.from({ length: C }, (_, c) => v(r, c).toFixed(1).padStart(5)).join(''));
    for (let r = 0; r < R; r++) lines.push(Array.from({ length: C }, (_, c) => f2(o(r, c)) + ' ').join(''));
    for (let r = 1; r <= 2; r++) lines.push([1, 2, 3].map((c) => o(r, c).toFixed(3)).join(' '));
    lines.push([1 * 3 + 2, 4 * 6 + 5, 0.5 * 2 - 1].join(' '));
    lines.push('size 6 4 base 1 3 2 4.5');
    lines.push('11 13 12 14.5 / 24.5');
    expect(got.stdout).toBe(lines.join('\n') + '\n');
  });

  it('host vectors copy on assignment and round to float32; struct constants; reductions into float4 and struct', async () => {
    const got = await runBrook(read('vectors.br'), [], 'vectors.br');
    expect(got.diagnostics).toEqual([]);
    const f = Math.fround;
    const a = [1, 2, 3, 4];
    const bwzyx = [4, 3, 2, 10];
    const c = a.map((x, i) => f(f(x * f(0.1)) + bwzyx[i]!));
    const g9 = (x: number) => Number(x.toPrecision(9)).toString();
    // v = 0..23 as 6 float4; o = 2v + (0.5, -1, 0, 1); totals per component.
    const total = [0, 1, 2, 3].map((j) => [0, 1, 2, 3, 4, 5].reduce((s, i) => s + 2 * (i * 4 + j) + [0.5, -1, 0, 1][j]!, 0));
    expect(got.stdout).toBe(
      `1 10 | ${c.map(g9).join(' ')} | 8 7 | 3 -3 4 1\n` +
      `${total.join(' ')}\n` +
      `${1 + 3 + 5 + 7} ${2 + 4 + 6 + 8} 9\n`);
  });

  it('v[i] on host vectors reads and writes components (variables and struct fields)', async () => {
    const got = await runBrook(read('vector_index.br'), [], 'vector_index.br');
    expect(got.diagnostics).toEqual([]);
    // a = 10 * (1, 2, 3, 4), then a.y++; s.v = (1, 2, 3, 4) + (0, 1, 2, 3), then s.v.w--.
    expect(got.stdout).toBe('10 21 30 40 | 1 3 5 6\n');
  });
});
