import { describe, expect, it } from 'vitest';
import { streamToTable, tableMimeBundle, componentColumnNames } from '../../runtime/results/table.js';
import { vec, FLOAT, INT } from '../../runtime/compiler/types.js';

function words(values: number[], kind: 'f32' | 'i32'): Uint32Array {
  const arr = kind === 'f32' ? Float32Array.from(values) : Int32Array.from(values);
  return new Uint32Array(arr.buffer);
}

describe('streams as Arquero tables', () => {
  it('a 2x3 float2 stream gives index columns i, j then x, y in row-major order', () => {
    // element (r, c) = (10r + c, -c)
    const vals: number[] = [];
    for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) vals.push(10 * r + c, -c);
    const t = streamToTable({ name: 's', elem: vec('float', 2), shape: [2, 3], words: words(vals, 'f32') });
    expect(t.columnNames()).toEqual(['i', 'j', 'x', 'y']);
    expect(t.numRows()).toBe(6);
    expect(Array.from(t.array('i') as ArrayLike<number>)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(Array.from(t.array('j') as ArrayLike<number>)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(Array.from(t.array('x') as ArrayLike<number>)).toEqual([0, 1, 2, 10, 11, 12]);
    expect(Array.from(t.array('y') as ArrayLike<number>)).toEqual([-0, -1, -2, -0, -1, -2]);
  });

  it('struct fields become dotted columns and int components stay integers', () => {
    const elem = { kind: 'struct' as const, name: 'P', fields: [{ name: 'pos', type: vec('float', 2) }, { name: 'id', type: INT }] };
    expect(componentColumnNames(elem, 1)).toEqual(['pos.x', 'pos.y', 'id']);
    const buf = new ArrayBuffer(2 * 3 * 4);
    const f = new Float32Array(buf);
    const n = new Int32Array(buf);
    f[0] = 0.5; f[1] = 1.5; n[2] = 7; f[3] = 2.5; f[4] = 3.5; n[5] = -3;
    const t = streamToTable({ name: 'p', elem, shape: [2], words: new Uint32Array(buf) });
    expect(t.columnNames()).toEqual(['i', 'pos.x', 'pos.y', 'id']);
    expect(Array.from(t.array('id') as ArrayLike<number>)).toEqual([7, -3]);
    expect(Array.from(t.array('pos.y') as ArrayLike<number>)).toEqual([1.5, 3.5]);
  });

  it('a 1-D stream shows its first 10 and last 3 rows with a "... N more rows" marker between', () => {
    const n = 1000;
    const t = streamToTable({ name: 'big', elem: FLOAT, shape: [n], words: words(Array.from({ length: n }, (_, i) => i * 2), 'f32') });
    const bundle = tableMimeBundle(t, { name: 'big', elem: FLOAT, shape: [n], backend: 'cpu' });
    expect((bundle['text/html']!.match(/<tr>/g) ?? []).length).toBe(1 + 10 + 1 + 3);
    expect(bundle['text/html']).toContain('big: float&lt;1000&gt;, 1,000 elements, cpu');
    expect(bundle['text/html']).toContain('... 987 more rows');
    const lines = bundle['text/plain'].split('\n');
    expect(lines[2]).toMatch(/^\s*0\s+0$/);
    expect(lines[3]).toMatch(/^\s*1\s+2$/);
    expect(lines.at(-1)).toMatch(/^\s*999\s+1998$/);
  });

  it('a 2-D stream is a grid: rows i, columns j with their indices, capped at 12 x 8 with "more" markers', () => {
    const H = 300;
    const W = 50;
    const vals = Array.from({ length: H * W }, (_, k) => Math.floor(k / W) * 1000 + (k % W)); // value = 1000 i + j
    const t = streamToTable({ name: 'g', elem: FLOAT, shape: [H, W], words: words(vals, 'f32') });
    const b = tableMimeBundle(t, { name: 'g', elem: FLOAT, shape: [H, W], backend: 'cpu' });
    const html = b['text/html']!;
    expect((html.match(/<tr>/g) ?? []).length).toBe(1 + 12 + 1); // header, 12 rows, the "more rows" row
    expect(html).toContain('... 42 more</th>');
    expect(html).toContain('288 more rows');
    const text = b['text/plain'].split('\n');
    expect(text[1]).toMatch(/^\s*i \\ j\s+0\s+1\s+2/);
    // Row 7: its header, then 1000 * 7 + j for j = 0..7, then the "..." column.
    expect(text[2 + 7]!.trim().split(/\s+/)).toEqual(['7', '7000', '7001', '7002', '7003', '7004', '7005', '7006', '7007', '...']);
    // An n x 1 x m stream is a grid too (the extent of 1 dropped); vector cells list their components.
    const v = streamToTable({ name: 'v', elem: { kind: 'vector', elem: 'float', size: 2 }, shape: [2, 1, 3], words: words([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'f32') });
    const vb = tableMimeBundle(v, { name: 'v', elem: { kind: 'vector', elem: 'float', size: 2 }, shape: [2, 1, 3], backend: 'cpu' });
    const vt = vb['text/plain'].split('\n');
    expect(vt[1]).toMatch(/^i \\ k \(x, y\)\s+0\s+1\s+2$/);
    expect(vt[3]!.trim().split(/\s{2,}/)).toEqual(['1', '(6, 7)', '(8, 9)', '(10, 11)']);
  });
});
