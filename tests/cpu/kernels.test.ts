/**
 * Kernel launches on the CPU backend through the runtime: arithmetic in float32, shape resizing,
 * gathers, iterators, indexof, domains, in-place streams, multiple outputs, helpers, control flow.
 * Expected values are computed independently in each test (by hand or a float64/fround reference).
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import type { Stream } from '../../runtime/brt/api.js';
import {
  F, F2, F4, I, add, assign, bin, brk, builtin, cont, conv, cst, declare, div, gat, gather, iff, indexof, inp, itr, k, kernel,
  L, local, loop, mul, out, p, P, ret, select, splat, sub, swz,
} from '../brt/ir.js';

const f = Math.fround;

async function read(rt: ReturnType<typeof createCpuRuntime>, s: Stream): Promise<number[]> {
  const n = s.shape.reduce((a, b) => a * b, 1) * s.words;
  const o = new Float32Array(n);
  await rt.streamWrite(s, o);
  return [...o];
}

const copy = () => kernel('copy', 'map', [inp('a', F), out('b', F)], () => [assign(P(1), p(0))]);

describe('kernel arithmetic', () => {
  it('rounds every float operation to float32', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), inp('b', F), out('r', F)], () => [
      assign(P(2), add(mul(p(0), p(1)), div(p(0), p(1)))),
    ]);
    const a = rt.createStream('a', F, [4]);
    const b = rt.createStream('b', F, [4]);
    const r = rt.createStream('r', F, [4]);
    const A = [0.1, 1 / 3, 1e10, -7.7];
    const B = [0.3, 3, 3.3, 0.11];
    await rt.streamRead(a, A);
    await rt.streamRead(b, B);
    rt.call(kk, [a, b, r]);
    const want = A.map((x, i) => f(f(f(x) * f(B[i]!)) + f(f(x) / f(B[i]!))));
    expect(await read(rt, r)).toEqual(want);
  });

  it('int arithmetic wraps and truncates like C', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', I), inp('b', I), out('q', I), out('m', I), out('p', I)], () => [
      assign(P(2), bin('/', p(0), p(1))),
      assign(P(3), bin('%', p(0), p(1))),
      assign(P(4), bin('*', p(0), p(1))),
    ]);
    const a = rt.createStream('a', I, [3]);
    const b = rt.createStream('b', I, [3]);
    const [q, m, pr] = ['q', 'm', 'p'].map((n) => rt.createStream(n, I, [3]));
    await rt.streamRead(a, new Int32Array([7, -7, 2147483647]));
    await rt.streamRead(b, new Int32Array([2, 2, 2]));
    rt.call(kk, [a, b, q!, m!, pr!]);
    const get = async (s: Stream) => { const o = new Int32Array(3); await rt.streamWrite(s, o); return [...o]; };
    expect(await get(q!)).toEqual([3, -3, 1073741823]);
    expect(await get(m!)).toEqual([1, -1, 1]);
    expect(await get(pr!)).toEqual([14, -14, -2]);
  });

  it('a constant argument splats and a float4 constant is passed by components', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [cst('c', F4), inp('x', F4), out('r', F4)], () => [assign(P(2), add(p(0), p(1)))]);
    const x = rt.createStream('x', F4, [2]);
    const r = rt.createStream('r', F4, [2]);
    await rt.streamRead(x, [1, 2, 3, 4, 5, 6, 7, 8]);
    rt.call(kk, [[10, 20, 30, 40], x, r]);
    expect(await read(rt, r)).toEqual([11, 22, 33, 44, 15, 26, 37, 48]);
  });
});

describe('shape resizing: in_index = floor(out_index * in_extent / out_extent) (docs/DECISIONS.md)', () => {
  const resized = (i: number, inE: number, outE: number) => Math.floor((i * inE) / outE);

  it('repeats: 123 -> 111222333', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [3]);
    const b = rt.createStream('b', F, [9]);
    await rt.streamRead(a, [1, 2, 3]);
    rt.call(copy(), [a, b]);
    expect(await read(rt, b)).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
  });

  it("strides: the paper's 123456789 onto 5 -> 12468 (non-integer ratio)", async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [9]);
    const b = rt.createStream('b', F, [5]);
    await rt.streamRead(a, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    rt.call(copy(), [a, b]);
    expect(await read(rt, b)).toEqual([1, 2, 4, 6, 8]);
  });

  it('strides by 2 read the first of each pair: 1..10 -> 1 3 5 7 9 (the original gold)', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [10]);
    const b = rt.createStream('b', F, [5]);
    await rt.streamRead(a, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    rt.call(copy(), [a, b]);
    expect(await read(rt, b)).toEqual([1, 3, 5, 7, 9]);
  });

  it('uneven ratios: 7 -> 3 and 3 -> 7', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [7]);
    const b = rt.createStream('b', F, [3]);
    await rt.streamRead(a, [0, 1, 2, 3, 4, 5, 6]);
    rt.call(copy(), [a, b]);
    expect(await read(rt, b)).toEqual([0, 2, 4]);
    const c = rt.createStream('c', F, [3]);
    const d = rt.createStream('d', F, [7]);
    await rt.streamRead(c, [0, 1, 2]);
    rt.call(copy(), [c, d]);
    expect(await read(rt, d)).toEqual(Array.from({ length: 7 }, (_, i) => resized(i, 3, 7)));
    expect(await read(rt, d)).toEqual([0, 0, 0, 1, 1, 2, 2]);
  });

  it('resizes each dimension independently (sgemv: x<1,3> repeated over rows of T<3,3>)', async () => {
    const rt = createCpuRuntime();
    const mulk = kernel('mul', 'map', [inp('a', F), inp('x', F), out('t', F)], () => [assign(P(2), mul(p(0), p(1)))]);
    const A = rt.createStream('A', F, [3, 3]);
    const x = rt.createStream('x', F, [1, 3]);
    const T = rt.createStream('T', F, [3, 3]);
    await rt.streamRead(A, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await rt.streamRead(x, [10, 100, 1000]);
    rt.call(mulk, [A, x, T]);
    expect(await read(rt, T)).toEqual([10, 200, 3000, 40, 500, 6000, 70, 800, 9000]);
  });

  it('2-D stride and repeat at once: <2,4> read as <4,2>', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [2, 4]);
    const b = rt.createStream('b', F, [4, 2]);
    await rt.streamRead(a, [0, 1, 2, 3, 10, 11, 12, 13]);
    rt.call(copy(), [a, b]);
    // rows: floor(r * 2 / 4) = 0,0,1,1; columns: floor(c * 4 / 2) = 0,2
    expect(await read(rt, b)).toEqual([0, 2, 0, 2, 10, 12, 10, 12]);
  });
});

describe('gathers', () => {
  it('rounds with floor(i + 0.25) and clamps at both edges', async () => {
    const rt = createCpuRuntime();
    const g = kernel('g', 'map', [gat('t', F), inp('i', F), out('r', F)], () => [assign(P(2), gather(0, p(1)))]);
    const t = rt.createStream('t', F, [4]);
    const i = rt.createStream('i', F, [8]);
    const r = rt.createStream('r', F, [8]);
    await rt.streamRead(t, [10, 11, 12, 13]);
    const idx = [-3, -0.3, 0.74, 0.75, 1.5, 2.76, 3.9, 100];
    await rt.streamRead(i, idx);
    rt.call(g, [t, i, r]);
    const want = idx.map((x) => 10 + Math.min(3, Math.max(0, Math.floor(x + 0.25))));
    expect(await read(rt, r)).toEqual(want);
    expect(want).toEqual([10, 10, 10, 11, 11, 13, 13, 13]);
  });

  it('2-D gather: g[v] with v.x the column, clamped relative to a gathered domain', async () => {
    const rt = createCpuRuntime();
    const g = kernel('g', 'map', [gat('t', F, 2), inp('v', F2), out('r', F)], () => [
      assign(P(2), gather(0, swz(p(1), 0), swz(p(1), 1))),
    ]);
    const t = rt.createStream('t', F, [4, 5]);
    await rt.streamRead(t, Array.from({ length: 20 }, (_, i) => i));
    const v = rt.createStream('v', F2, [4]);
    const r = rt.createStream('r', F, [4]);
    // domain rows 1..3, columns 2..5 -> a 2x3 window starting at (1,2)
    const d = rt.domain(t, [1, 2], [3, 5]);
    await rt.streamRead(v, [0, 0, 2, 1, 9, 9, -1, 1]);
    rt.call(g, [d, v, r]);
    const at = (row: number, col: number) => (1 + row) * 5 + 2 + col;
    expect(await read(rt, r)).toEqual([at(0, 0), at(1, 2), at(1, 2), at(1, 0)]);
  });

  it('gathers struct elements (tris[idx].v0 style)', async () => {
    const rt = createCpuRuntime();
    const S = { kind: 'struct' as const, name: 'P', fields: [{ name: 'a', type: F }, { name: 'b', type: F2 }] };
    const g = kernel('g', 'map', [gat('t', S), inp('i', F), out('r', F2)], () => [
      assign(P(2), { op: 'field', type: F2, field: 'b', value: gather(0, p(1)) }),
    ]);
    const t = rt.createStream('t', S, [3]);
    await rt.streamRead(t, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const i = rt.createStream('i', F, [2]);
    const r = rt.createStream('r', F2, [2]);
    await rt.streamRead(i, [2, 0]);
    rt.call(g, [t, i, r]);
    expect(await read(rt, r)).toEqual([8, 9, 2, 3]);
  });
});

describe('iterators and indexof', () => {
  it('1-D iterator: lo + (hi - lo) * i / n, upper bound excluded', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [itr('it', F), out('r', F)], () => [assign(P(1), p(0))]);
    const it = rt.createIter('it', F, [4], [1], [2]);
    const r = rt.createStream('r', F, [4]);
    rt.call(kk, [it, r]);
    expect(await read(rt, r)).toEqual([1, 1.25, 1.5, 1.75]);
  });

  it('2-D float2 iterator: .x along columns, .y along rows', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [itr('it', F2), out('r', F2)], () => [assign(P(1), p(0))]);
    const it = rt.createIter('it', F2, [2, 4], [0, 0], [1, 10]);
    const r = rt.createStream('r', F2, [2, 4]);
    rt.call(kk, [it, r]);
    const want: number[] = [];
    for (let row = 0; row < 2; row++) for (let col = 0; col < 4; col++) want.push(col / 4, (10 * row) / 2);
    expect(await read(rt, r)).toEqual(want);
  });

  it('an iterator passed where a stream is expected is converted; resizing applies', async () => {
    const rt = createCpuRuntime();
    const it = rt.createIter('it', F, [3], [0], [3]);
    const r = rt.createStream('r', F, [6]);
    rt.call(copy(), [it, r]);
    expect(await read(rt, r)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(await rt.streamPrint(it)).toBe('0.00 1.00 2.00 \n');
  });

  it('indexof gives the position relative to the domain, x fastest', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F4)], () => [assign(P(1), indexof(1))], { indexof: [1] });
    const a = rt.createStream('a', F, [3, 4]);
    const r = rt.createStream('r', F4, [3, 4]);
    const d = rt.domain(r, [1, 1], [3, 3]);
    const ad = rt.domain(a, [0, 0], [2, 2]);
    rt.call(kk, [ad, d]);
    const got = await read(rt, r);
    // Only the 2x2 window at (1,1) was written; each element holds (col, row, 0, 0) relative to it.
    const want = new Array<number>(48).fill(0);
    for (let row = 0; row < 2; row++) for (let col = 0; col < 2; col++) {
      const e = ((1 + row) * 4 + 1 + col) * 4;
      want[e] = col;
      want[e + 1] = row;
    }
    expect(got).toEqual(want);
  });

  it('indexof of a resized input is its resized position', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [assign(P(1), swz(indexof(0), 0))], { indexof: [0] });
    const a = rt.createStream('a', F, [3]);
    const r = rt.createStream('r', F, [6]);
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('outputs, domains and in-place streams', () => {
  it('multiple outputs are written from one evaluation', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('s', F), out('d', F)], () => [
      assign(P(1), add(p(0), p(0))),
      assign(P(2), mul(p(0), p(0))),
    ]);
    const a = rt.createStream('a', F, [3]);
    const s = rt.createStream('s', F, [3]);
    const d = rt.createStream('d', F, [3]);
    await rt.streamRead(a, [1, 2, 3]);
    rt.call(kk, [a, s, d]);
    expect(await read(rt, s)).toEqual([2, 4, 6]);
    expect(await read(rt, d)).toEqual([1, 4, 9]);
  });

  it('an output domain leaves the rest of the stream untouched', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [2]);
    const b = rt.createStream('b', F, [5]);
    await rt.streamRead(a, [7, 8]);
    await rt.streamRead(b, [1, 1, 1, 1, 1]);
    rt.call(copy(), [a, rt.domain(b, [2], [4])]);
    expect(await read(rt, b)).toEqual([1, 1, 7, 8, 1]);
  });

  it('in place with the same box: each element reads itself before writing', async () => {
    const rt = createCpuRuntime();
    const inc = kernel('inc', 'map', [inp('a', F), out('b', F)], () => [assign(P(1), add(p(0), k(F, 1)))]);
    const a = rt.createStream('a', F, [4]);
    await rt.streamRead(a, [1, 2, 3, 4]);
    rt.call(inc, [a, a]);
    expect(await read(rt, a)).toEqual([2, 3, 4, 5]);
  });

  it('in place through shifted domains reads the values from before the call (no position sees another\'s write)', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [5]);
    await rt.streamRead(a, [1, 2, 3, 4, 5]);
    rt.call(copy(), [rt.domain(a, [0], [4]), rt.domain(a, [1], [5])]);
    expect(await read(rt, a)).toEqual([1, 1, 2, 3, 4]);
  });

  it('in place with resizing also reads a snapshot', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [4]);
    await rt.streamRead(a, [1, 2, 3, 4]);
    rt.call(copy(), [rt.domain(a, [0], [2]), a]);
    expect(await read(rt, a)).toEqual([1, 1, 2, 2]);
  });
});

describe('control flow and helpers', () => {
  it('loops with break and continue, if/else, select', async () => {
    const rt = createCpuRuntime();
    // r = sum of i in [0, a) skipping 2, stopping at 5; then r = r > 5 ? -r : r
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [
      declare('l_s', F, k(F, 0)),
      loop([declare('l_i', F, k(F, 0))], bin('<', local('l_i'), p(0)), [assign(L('l_i'), add(local('l_i'), k(F, 1)))], [
        iff(bin('==', local('l_i'), k(F, 2)), [cont]),
        iff(bin('==', local('l_i'), k(F, 5)), [brk]),
        assign(L('l_s'), add(local('l_s'), local('l_i'))),
      ]),
      assign(P(1), select(bin('>', local('l_s'), k(F, 5)), { op: 'unary', operator: '-', operand: local('l_s'), type: F }, local('l_s'))),
    ]);
    const a = rt.createStream('a', F, [4]);
    const r = rt.createStream('r', F, [4]);
    await rt.streamRead(a, [0, 2, 4, 10]);
    rt.call(kk, [a, r]);
    const ref = (n: number) => { let s = 0; for (let i = 0; i < n; i++) { if (i === 2) continue; if (i === 5) break; s += i; } return s > 5 ? -s : s; };
    expect(await read(rt, r)).toEqual([0, 2, 4, 10].map(ref));
  });

  it('a do-while loop runs its body once before testing', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [
      declare('l_n', F, k(F, 0)),
      loop([], bin('<', local('l_n'), p(0)), [], [assign(L('l_n'), add(local('l_n'), k(F, 1)))], false),
      assign(P(1), local('l_n')),
    ]);
    const a = rt.createStream('a', F, [2]);
    const r = rt.createStream('r', F, [2]);
    await rt.streamRead(a, [-5, 3]);
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([1, 3]);
  });

  it('a break in a loop update (a do-while condition with side effects) leaves the loop', async () => {
    const rt = createCpuRuntime();
    // do { n = n * 2; } while (++i < a);  lowered: update { i = i + 1; if (!(i < a)) break; }
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [
      declare('l_n', F, k(F, 1)),
      declare('l_i', F, k(F, 0)),
      loop([], null, [
        assign(L('l_i'), add(local('l_i'), k(F, 1))),
        iff({ op: 'unary', operator: '!', operand: bin('<', local('l_i'), p(0)), type: { kind: 'scalar', name: 'bool' } }, [brk]),
      ], [assign(L('l_n'), mul(local('l_n'), k(F, 2)))], false),
      assign(P(1), local('l_n')),
    ]);
    const a = rt.createStream('a', F, [3]);
    const r = rt.createStream('r', F, [3]);
    await rt.streamRead(a, [0, 3, 5]);
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([2, 8, 32]);
  });

  it('return ends the body and still stores the outputs written so far', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [
      assign(P(1), k(F, 1)),
      iff(bin('<', p(0), k(F, 0)), [ret()]),
      assign(P(1), k(F, 2)),
    ]);
    const a = rt.createStream('a', F, [2]);
    const r = rt.createStream('r', F, [2]);
    await rt.streamRead(a, [-1, 1]);
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([1, 2]);
  });

  it('helpers have value semantics and out arguments are copied back', async () => {
    const rt = createCpuRuntime();
    // float h(float x, out float y) { x = x * 2; y = x + 1; return x; }
    const helper = {
      name: 'h_h', returnType: F, hiddenIndexofParams: [], span: { file: -1, start: 0, end: 0 },
      params: [{ name: 'p_x', type: F, isOut: false, isStream: false }, { name: 'p_y', type: F, isOut: true, isStream: false }],
      body: [
        { op: 'assign' as const, target: { root: { kind: 'param' as const, index: 0 }, type: F, path: [] }, value: mul({ op: 'param', index: 0, type: F }, k(F, 2)) },
        { op: 'assign' as const, target: { root: { kind: 'param' as const, index: 1 }, type: F, path: [] }, value: add({ op: 'param', index: 0, type: F }, k(F, 1)) },
        { op: 'return' as const, value: { op: 'param' as const, index: 0, type: F } },
      ],
    };
    const kk = kernel('k', 'map', [inp('a', F), out('r', F), out('s', F)], () => [
      declare('l_y', F, k(F, 0)),
      declare('l_v', F, { op: 'call', type: F, helper: 'h_h', args: [p(0), local('l_y')], outArgs: [null, L('l_y')], indexofArgs: [] }),
      assign(P(1), add(local('l_v'), p(0))), // p(0) unchanged by the helper
      assign(P(2), local('l_y')),
    ], { helpers: [helper] });
    const a = rt.createStream('a', F, [2]);
    const r = rt.createStream('r', F, [2]);
    const s = rt.createStream('s', F, [2]);
    await rt.streamRead(a, [1, 5]);
    rt.call(kk, [a, r, s]);
    expect(await read(rt, r)).toEqual([3, 15]);
    expect(await read(rt, s)).toEqual([3, 11]);
  });

  it('swizzled and masked writes: v.xy = v.yx swaps', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F4), out('r', F4)], () => [
      declare('l_v', F4, p(0)),
      assign(L('l_v', { kind: 'swizzle', components: [0, 1] }), swz(local('l_v'), 1, 0)),
      assign(L('l_v', { kind: 'swizzle', components: [3] }), k(F, 9)),
      assign(P(1), local('l_v')),
    ]);
    const a = rt.createStream('a', F4, [1]);
    const r = rt.createStream('r', F4, [1]);
    await rt.streamRead(a, [1, 2, 3, 4]);
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([2, 1, 3, 9]);
  });

  it('converts float to int by truncation, saturating', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', I)], () => [assign(P(1), conv(I, p(0)))]);
    const a = rt.createStream('a', F, [5]);
    const r = rt.createStream('r', I, [5]);
    await rt.streamRead(a, [2.9, -2.9, 3e9, -3e9, NaN]);
    rt.call(kk, [a, r]);
    const o = new Int32Array(5);
    await rt.streamWrite(r, o);
    expect([...o]).toEqual([2, -2, 2147483647, -2147483648, 0]);
  });

  it('builtin normalize and dot accumulate in float32', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F4), out('r', F4), out('d', F)], () => [
      assign(P(1), builtin('normalize', F4, p(0))),
      assign(P(2), builtin('dot', F, p(0), p(0))),
    ]);
    const a = rt.createStream('a', F4, [1]);
    const r = rt.createStream('r', F4, [1]);
    const d = rt.createStream('d', F, [1]);
    const v = [0.1, 0.2, 0.3, 0.4].map(f);
    await rt.streamRead(a, v);
    rt.call(kk, [a, r, d]);
    let dot = 0;
    for (const x of v) dot = f(dot + f(x * x));
    const len = f(Math.sqrt(dot));
    expect(await read(rt, d)).toEqual([dot]);
    expect(await read(rt, r)).toEqual(v.map((x) => f(x / len)));
  });
});

describe('sub', () => {
  it('vector - scalar splat', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F4), out('r', F4)], () => [assign(P(1), sub(p(0), splat(F4, k(F, 1))))]);
    const a = rt.createStream('a', F4, [1]);
    const r = rt.createStream('r', F4, [1]);
    await rt.streamRead(a, [1, 2, 3, 4]);
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([0, 1, 2, 3]);
  });
});
