/**
 * Reductions: full (into a host value) and partial (into a smaller stream), keeping the
 * left-to-right order of elements so a non-commutative operation gives the ordered result; the
 * first element of each group seeds the result. References are computed separately in float32.
 */
import { describe, expect, it } from 'vitest';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, F4, add, assign, inp, kernel, mul, p, P, red, swz, construct, builtin, k } from '../brt/ir.js';

const f = Math.fround;
const sum = () => kernel('sum', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(p(1), p(0)))]);
const maxk = () => kernel('mx', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), builtin('max', F, p(1), p(0)))]);

/** 2x2 matrix product as a float4 reduction: r = r * a with (x y; z w) row-major. Not commutative. */
const matmul = () =>
  kernel('matmul', 'reduce', [inp('a', F4), red('r', F4)], () => {
    const r = (i: number) => swz(p(1), i);
    const a = (i: number) => swz(p(0), i);
    return [
      assign(P(1), construct(F4,
        add(mul(r(0), a(0)), mul(r(1), a(2))),
        add(mul(r(0), a(1)), mul(r(1), a(3))),
        add(mul(r(2), a(0)), mul(r(3), a(2))),
        add(mul(r(2), a(1)), mul(r(3), a(3))),
      )),
    ];
  });

function matmulRef(ms: number[][]): number[] {
  let r = ms[0]!;
  for (const a of ms.slice(1)) {
    r = [
      f(f(r[0]! * a[0]!) + f(r[1]! * a[2]!)), f(f(r[0]! * a[1]!) + f(r[1]! * a[3]!)),
      f(f(r[2]! * a[0]!) + f(r[3]! * a[2]!)), f(f(r[2]! * a[1]!) + f(r[3]! * a[3]!)),
    ];
  }
  return r;
}

describe('reduction to a value', () => {
  it.each([1, 2, 7, 256, 257, 1000, 70001])('sums %i elements: chunks of 256 folded left to right, then a pairwise tree', async (n) => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [n]);
    const vals = Array.from({ length: n }, (_, i) => f(Math.sin(i) * 100));
    await rt.streamRead(a, vals);
    // The documented order (backends/cpu reduceAll, REDUCE_CHUNK = 256), computed independently here.
    let parts: number[] = [];
    for (let s = 0; s < n; s += 256) {
      let acc = vals[s]!;
      for (let i = s + 1; i < Math.min(n, s + 256); i++) acc = f(acc + vals[i]!);
      parts.push(acc);
    }
    while (parts.length > 1) {
      const next: number[] = [];
      for (let i = 0; i + 1 < parts.length; i += 2) next.push(f(parts[i]! + parts[i + 1]!));
      if (parts.length % 2) next.push(parts[parts.length - 1]!);
      parts = next;
    }
    expect(await rt.reduceToValue(sum(), [a, 0])).toBe(parts[0]);
  });

  it('reduces a 2-D domain row-major', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [3, 4]);
    await rt.streamRead(a, Array.from({ length: 12 }, (_, i) => i));
    expect(await rt.reduceToValue(sum(), [rt.domain(a, [1, 1], [3, 3]), 0])).toBe(5 + 6 + 9 + 10);
    expect(await rt.reduceToValue(maxk(), [a, 0])).toBe(11);
  });

  it('keeps element order for a non-commutative op (2x2 matrix product)', async () => {
    const rt = createCpuRuntime();
    const ms = [[1, 2, 3, 4], [0, 1, 1, 0], [2, 0, 0, 1], [1, 1, 0, 1], [0.5, 0, 0, 2]];
    const a = rt.createStream('a', F4, [ms.length]);
    await rt.streamRead(a, ms.flat());
    const got = await rt.reduceToValue(matmul(), [a, [0, 0, 0, 0]]);
    expect(got).toEqual(matmulRef(ms));
    // and the reverse order differs, so the test can tell the orders apart
    expect(matmulRef([...ms].reverse())).not.toEqual(matmulRef(ms));
  });

  it('an empty stream has no first element: BRK5025', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [0]);
    await expect(rt.reduceToValue(sum(), [a, 0])).rejects.toMatchObject({ code: 'BRK5025' });
  });

  it('a sum of 1e7 float32 elements is within 1e-6 (relative) of the float64 sum', async () => {
    const rt = createCpuRuntime();
    const n = 1e7;
    const vals = new Float32Array(n);
    for (let i = 0; i < n; i++) vals[i] = ((i * 7919) % 1000) / 1000;
    const a = rt.createStream('a', F, [n]);
    await rt.streamRead(a, vals);
    const got = (await rt.reduceToValue(sum(), [a, 0])) as number;
    let ref = 0;
    for (let i = 0; i < n; i++) ref += vals[i]!;
    expect(Math.abs(got - ref) / ref).toBeLessThan(1e-6);
  });
});

describe('reduction to a stream (partial)', () => {
  it('each output element reduces its block: A<4,6> into t<2,3> (2x2 blocks)', async () => {
    const rt = createCpuRuntime();
    const A = rt.createStream('A', F, [4, 6]);
    const vals = Array.from({ length: 24 }, (_, i) => i);
    await rt.streamRead(A, vals);
    const t = rt.createStream('t', F, [2, 3]);
    rt.reduceToStream(sum(), [A, t]);
    const o = new Float32Array(6);
    await rt.streamWrite(t, o);
    const want: number[] = [];
    for (let r = 0; r < 2; r++) for (let c = 0; c < 3; c++) {
      let s = 0;
      for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) s += vals[(2 * r + i) * 6 + 2 * c + j]!;
      want.push(s);
    }
    expect([...o]).toEqual(want);
  });

  it('row sums (sgemv): T<3,4> into y<3,1>', async () => {
    const rt = createCpuRuntime();
    const T = rt.createStream('T', F, [3, 4]);
    await rt.streamRead(T, [1, 2, 3, 4, 10, 20, 30, 40, 100, 200, 300, 400]);
    const y = rt.createStream('y', F, [3, 1]);
    rt.reduceToStream(sum(), [T, y]);
    const o = new Float32Array(3);
    await rt.streamWrite(y, o);
    expect([...o]).toEqual([10, 100, 1000]);
  });

  it('block order is row-major within the block (non-commutative)', async () => {
    const rt = createCpuRuntime();
    const ms = Array.from({ length: 8 }, (_, i) => [1, i % 3, (i * 2) % 5, 1]);
    const a = rt.createStream('a', F4, [2, 4]);
    await rt.streamRead(a, ms.flat());
    const t = rt.createStream('t', F4, [1, 2]);
    rt.reduceToStream(matmul(), [a, t]);
    const o = new Float32Array(8);
    await rt.streamWrite(t, o);
    // block 0: rows 0..1, cols 0..1 -> elements 0, 1, 4, 5 ; block 1: 2, 3, 6, 7
    expect([...o]).toEqual([...matmulRef([ms[0]!, ms[1]!, ms[4]!, ms[5]!]), ...matmulRef([ms[2]!, ms[3]!, ms[6]!, ms[7]!])]);
  });

  it('a large block is folded in chunks of 256 joined like a binary counter (adjacent partials only)', async () => {
    const rt = createCpuRuntime();
    const width = 1800; // 7 full chunks and a remainder of 8
    const vals = Array.from({ length: 2 * width }, (_, i) => f(Math.cos(i) * 1000 + 0.1));
    const A = rt.createStream('A', F, [2, width]);
    await rt.streamRead(A, vals);
    const t = rt.createStream('t', F, [2, 1]);
    rt.reduceToStream(sum(), [A, t]);
    const o = new Float32Array(2);
    await rt.streamWrite(t, o);
    // The documented order, computed independently: chunk folds, counter merges, final right fold.
    const ref = (xs: number[]) => {
      const stack: number[] = [];
      let done = 0;
      for (let s = 0; s < xs.length; s += 256) {
        let acc = xs[s]!;
        const end = Math.min(xs.length, s + 256);
        for (let i = s + 1; i < end; i++) acc = f(acc + xs[i]!);
        stack.push(acc);
        if (end - s === 256) {
          for (let m = ++done; (m & 1) === 0; m >>= 1) {
            const right = stack.pop()!;
            const left = stack.pop()!;
            stack.push(f(left + right));
          }
        }
      }
      while (stack.length > 1) {
        const right = stack.pop()!;
        const left = stack.pop()!;
        stack.push(f(left + right));
      }
      return stack[0]!;
    };
    expect([...o]).toEqual([ref(vals.slice(0, width)), ref(vals.slice(width))]);
    let exact = 0;
    for (const v of vals.slice(0, width)) exact += v;
    expect(Math.abs(o[0]! - exact) / Math.abs(exact)).toBeLessThan(1e-5);
  });

  it('an extent that is not a multiple is BRK5007, a rank mismatch BRK5008', async () => {
    const rt = createCpuRuntime();
    const A = rt.createStream('A', F, [10, 10]);
    const t = rt.createStream('t', F, [3, 5]);
    const e = (() => { try { rt.reduceToStream(sum(), [A, t]); } catch (x) { return x; } })() as BrookRuntimeError;
    expect(e).toBeInstanceOf(BrookRuntimeError);
    expect(e.code).toBe('BRK5007');
    expect(e.message).toContain('10');
    expect(e.message).toContain('3');
    expect(e.hint).toMatch(/multiple/);
    const t1 = rt.createStream('t1', F, [5]);
    expect(() => rt.reduceToStream(sum(), [A, t1])).toThrow(expect.objectContaining({ code: 'BRK5008' }));
  });

  it('a reduction called as a kernel (or a kernel as a reduction) is BRK5024', async () => {
    const rt = createCpuRuntime();
    const A = rt.createStream('A', F, [4]);
    expect(() => rt.call(sum(), [A, A])).toThrow(expect.objectContaining({ code: 'BRK5024' }));
    const kk = kernel('k', 'map', [inp('a', F), red('r', F)], () => [assign(P(1), k(F, 0))]);
    await expect(rt.reduceToValue(kk, [A, 0])).rejects.toMatchObject({ code: 'BRK5024' });
  });
});
