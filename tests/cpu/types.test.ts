/**
 * Element and value types other than float: int, uint, bool components, structs mixing them,
 * int gather indices, and 3-D iterators. Expected values are worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { UINT } from '../../runtime/compiler/types.js';
import { B, F, F3, I, assign, bin, conv, gat, gather, inp, itr, k, kernel, out, p, P, select } from '../brt/ir.js';

const U = UINT;
const S = { kind: 'struct' as const, name: 'Rec', fields: [{ name: 'w', type: F }, { name: 'n', type: I }, { name: 'ok', type: B }] };

describe('non-float types', () => {
  it('uint arithmetic wraps modulo 2^32, >> is logical', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', U), out('s', U), out('h', U)], () => [
      assign(P(1), bin('-', p(0), k(U, 5))),
      assign(P(2), bin('>>', p(0), k(U, 1))),
    ]);
    const a = rt.createStream('a', U, [2]);
    await rt.streamRead(a, new Uint32Array([3, 0xfffffffe]));
    const s = rt.createStream('s', U, [2]);
    const h = rt.createStream('h', U, [2]);
    rt.call(kk, [a, s, h]);
    const o = new Uint32Array(2);
    await rt.streamWrite(s, o);
    expect([...o]).toEqual([2 ** 32 - 2, 0xfffffff9]);
    await rt.streamWrite(h, o);
    expect([...o]).toEqual([1, 0x7fffffff]);
  });

  it('struct outputs with float, int and bool fields are stored in their own kinds', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', S)], () => [
      assign(P(1, { kind: 'field', name: 'w' }), bin('*', p(0), k(F, 0.5))),
      assign(P(1, { kind: 'field', name: 'n' }), conv(I, p(0))),
      assign(P(1, { kind: 'field', name: 'ok' }), bin('>', p(0), k(F, 2))),
    ]);
    const a = rt.createStream('a', F, [2]);
    await rt.streamRead(a, [3.75, -1.5]);
    const r = rt.createStream('r', S, [2]);
    rt.call(kk, [a, r]);
    const raw = new Uint32Array(6);
    await rt.streamWrite(r, raw);
    const f32 = new Float32Array(raw.buffer);
    const i32 = new Int32Array(raw.buffer);
    expect([f32[0], i32[1], raw[2], f32[3], i32[4], raw[5]]).toEqual([1.875, 3, 1, -0.75, -1, 0]);
    expect(await rt.streamPrint(r)).toBe('{1.88, 3.00, 1.00}{-0.75, -1.00, 0.00}\n');
  });

  it('an int gather index is clamped without rounding; bool selects', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [gat('g', F), inp('i', I), out('r', F)], () => [
      assign(P(2), select(bin('<', p(1), k(I, 0)), k(F, -1), gather(0, p(1)))),
    ]);
    const g = rt.createStream('g', F, [3]);
    await rt.streamRead(g, [10, 20, 30]);
    const i = rt.createStream('i', I, [4]);
    await rt.streamRead(i, new Int32Array([-4, 0, 2, 9]));
    const r = rt.createStream('r', F, [4]);
    rt.call(kk, [g, i, r]);
    expect(await rt.streamPrint(r)).toBe('-1.00 10.00 30.00 30.00 \n');
  });

  it('3-D float3 iterator: x along the fastest dimension, y the next, z the slowest', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [itr('it', F3), out('r', F3)], () => [assign(P(1), p(0))]);
    const it = rt.createIter('it', F3, [2, 2, 4], [0, 0, 0], [4, 2, 2]);
    const r = rt.createStream('r', F3, [2, 2, 4]);
    rt.call(kk, [it, r]);
    const o = new Float32Array(48);
    await rt.streamWrite(r, o);
    const want: number[] = [];
    for (let z = 0; z < 2; z++) for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) want.push((4 * x) / 4, (2 * y) / 2, (2 * z) / 2);
    expect([...o]).toEqual(want);
  });

  it('iterator domains start at their lower bound', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [itr('it', F), out('r', F)], () => [assign(P(1), p(0))]);
    const it = rt.createIter('it', F, [10], [0], [1]);
    const r = rt.createStream('r', F, [3]);
    rt.call(kk, [rt.domain(it, [4], [7]), r]);
    expect(await rt.streamPrint(r)).toBe('0.40 0.50 0.60 \n');
  });
});
