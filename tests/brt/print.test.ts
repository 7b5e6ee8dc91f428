/**
 * streamPrint's exact text (BrookGPU 0.5 brt.cpp): old programs' outputs are compared with diff -w,
 * so spacing, rounding and the special values matter.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime, fixed2, formatStream } from '../../runtime/backends/index.js';
import { F, F2, F4, I } from './ir.js';

describe('fixed2 (printf %.2f as glibc)', () => {
  it.each([
    [0.125, '0.12'], [0.375, '0.38'], [-0.125, '-0.12'], [2.5, '2.50'], [1.005, '1.00'], [1.015, '1.01'],
    [0.005, '0.01'], [123456.789, '123456.79'], [-0.001, '-0.00'], [1e21, '1000000000000000000000.00'],
    [Math.fround(0.1), '0.10'], [2.675, '2.67'], [0.625, '0.62'], [0.875, '0.88'],
  ])('%d -> %s', (x, want) => {
    expect(fixed2(x)).toBe(want);
  });
});

describe('streamPrint', () => {
  it('scalars: "%3.2f " each, a newline after every last-extent elements', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F, [2, 3]);
    await rt.streamRead(s, [1, -2.5, 0.125, 1e-7, -1e-9, 1234.5678]);
    expect(await rt.streamPrint(s)).toBe('1.00 -2.50 0.12 \n0.00 0.00 1234.57 \n');
  });

  it('vectors: {a, b} with no space between elements', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F2, [3]);
    await rt.streamRead(s, [1, 2, 3, 4, 5, 6]);
    expect(await rt.streamPrint(s)).toBe('{1.00, 2.00}{3.00, 4.00}{5.00, 6.00}\n');
  });

  it('structs print their components flat, like a vector', async () => {
    const rt = createCpuRuntime();
    const S = { kind: 'struct' as const, name: 'S', fields: [{ name: 'p', type: F2 }, { name: 't', type: F }] };
    const s = rt.createStream('s', S, [1, 2]);
    await rt.streamRead(s, [1, 2, 3, 4, 5, 6]);
    expect(await rt.streamPrint(s)).toBe('{1.00, 2.00, 3.00}{4.00, 5.00, 6.00}\n');
  });

  it('inf (either sign) prints inf, NaN prints NaN, width 3 pads short numbers', () => {
    const words = new Float32Array([Infinity, -Infinity, NaN, 0]);
    expect(formatStream(new Uint32Array(words.buffer), F4, 1, 1)).toBe('{inf, inf, NaN, 0.00}\n');
  });

  it('a domain prints its own rows', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F, [3, 3]);
    await rt.streamRead(s, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await rt.streamPrint(rt.domain(s, [1, 1], [3, 3]))).toBe('5.00 6.00 \n8.00 9.00 \n');
  });

  it('int streams print their values the same way', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', I, [2]);
    await rt.streamRead(s, new Int32Array([-3, 7]));
    expect(await rt.streamPrint(s)).toBe('-3.00 7.00 \n');
  });
});
