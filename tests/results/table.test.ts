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

  it('the display caps HTML at 50 rows and names rows, columns, type, shape and backend', () => {
    const n = 1000;
    const t = streamToTable({ name: 'big', elem: FLOAT, shape: [n], words: words(Array.from({ length: n }, (_, i) => i * 2), 'f32') });
    const bundle = tableMimeBundle(t, { name: 'big', elem: FLOAT, shape: [n], backend: 'cpu' });
    expect((bundle['text/html']!.match(/<tr>/g) ?? []).length).toBe(51); // header + 50 rows
    expect(bundle['text/html']).toContain('1000 rows x 2 columns, float, shape &lt;1000&gt;, cpu');
    expect(bundle['text/plain']).toContain('990 more rows');
    expect(bundle['text/plain'].split('\n')[3]).toMatch(/^\s*1\s+2$/);
  });
});
