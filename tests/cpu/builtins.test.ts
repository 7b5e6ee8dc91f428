/**
 * Built-ins of BROOK.md section 7 with Cg's semantics, in float32. Each expected value is computed
 * here from the definition (float64 then rounded, or step by step in float32 where the definition is
 * a formula), independently of the code generator.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, F3, B, assign, builtin, conv, inp, kernel, out, p, P } from '../brt/ir.js';

const f = Math.fround;
const X = [-2.5, -1.5, -0.25, -0, 0.5, 0.75, 1.5, 2.5, 7.3, -7.3];

async function unary(name: string, xs: number[]): Promise<number[]> {
  const rt = createCpuRuntime();
  const k = kernel(name, 'map', [inp('a', F), out('r', F)], () => [assign(P(1), builtin(name, F, p(0)))]);
  const a = rt.createStream('a', F, [xs.length]);
  const r = rt.createStream('r', F, [xs.length]);
  await rt.streamRead(a, xs);
  rt.call(k, [a, r]);
  const o = new Float32Array(xs.length);
  await rt.streamWrite(r, o);
  return [...o];
}

async function binary(name: string, xs: number[], ys: number[], third?: number[]): Promise<number[]> {
  const rt = createCpuRuntime();
  const params = [inp('a', F), inp('b', F), ...(third ? [inp('c', F)] : []), out('r', F)];
  const o = third ? 3 : 2;
  const k = kernel(name, 'map', params, () => [assign(P(o), builtin(name, F, ...(third ? [p(0), p(1), p(2)] : [p(0), p(1)])))]);
  const a = rt.createStream('a', F, [xs.length]);
  const b = rt.createStream('b', F, [xs.length]);
  const c = rt.createStream('c', F, [xs.length]);
  const r = rt.createStream('r', F, [xs.length]);
  await rt.streamRead(a, xs);
  await rt.streamRead(b, ys);
  if (third) await rt.streamRead(c, third);
  rt.call(k, third ? [a, b, c, r] : [a, b, r]);
  const got = new Float32Array(xs.length);
  await rt.streamWrite(r, got);
  return [...got];
}

describe('Cg built-ins', () => {
  it('frac(x) = x - floor(x): frac(-0.25) = 0.75', async () => {
    expect(await unary('frac', X)).toEqual(X.map((x) => f(f(x) - Math.floor(f(x)))));
    expect((await unary('frac', [-0.25]))[0]).toBe(0.75);
  });
  it('round halves away from zero', async () => {
    expect(await unary('round', X)).toEqual([-3, -2, -0, -0, 1, 1, 2, 3, 7, -7]);
  });
  it('floor, ceil, abs, sign, saturate', async () => {
    expect(await unary('floor', X)).toEqual(X.map((x) => Math.floor(f(x))));
    expect(await unary('ceil', X)).toEqual(X.map((x) => Math.ceil(f(x))));
    expect(await unary('abs', X)).toEqual(X.map((x) => Math.abs(f(x))));
    expect(await unary('sign', [-3, 0, 2])).toEqual([-1, 0, 1]);
    expect(await unary('saturate', X)).toEqual(X.map((x) => Math.min(1, Math.max(0, f(x)))));
  });
  it('sqrt, rsqrt, exp, log, sin: float64 result rounded to float32', async () => {
    const pos = [0.25, 1, 2, 3.5, 100];
    expect(await unary('sqrt', pos)).toEqual(pos.map((x) => f(Math.sqrt(f(x)))));
    expect(await unary('rsqrt', pos)).toEqual(pos.map((x) => f(1 / Math.sqrt(f(x)))));
    expect(await unary('exp', X)).toEqual(X.map((x) => f(Math.exp(f(x)))));
    expect(await unary('log', pos)).toEqual(pos.map((x) => f(Math.log(f(x)))));
    expect(await unary('sin', X)).toEqual(X.map((x) => f(Math.sin(f(x)))));
  });
  it('fmod has the sign of x (C)', async () => {
    expect(await binary('fmod', [7.5, -7.5, 7.5, -7.5], [2, 2, -2, -2])).toEqual([1.5, -1.5, 1.5, -1.5]);
  });
  it('step(a, x) = x >= a ? 1 : 0', async () => {
    expect(await binary('step', [1, 1, 1], [0.5, 1, 2])).toEqual([0, 1, 1]);
  });
  it('lerp(a, b, s) = a + s * (b - a), min, max, pow, atan2', async () => {
    const a = [0, 10, -1];
    const b = [10, 20, 1];
    const s = [0.25, 0.5, 0.1];
    expect(await binary('lerp', a, b, s)).toEqual(a.map((x, i) => f(x + f(f(s[i]!) * f(b[i]! - x)))));
    expect(await binary('min', [1, -2], [0, 3])).toEqual([0, -2]);
    expect(await binary('max', [1, -2], [0, 3])).toEqual([1, 3]);
    expect(await binary('pow', [2, 9], [10, 0.5])).toEqual([1024, 3]);
    expect(await binary('atan2', [1, -1], [1, -1])).toEqual([f(Math.PI / 4), f((-3 * Math.PI) / 4)]);
  });
  it('clamp and smoothstep', async () => {
    expect(await binary('clamp', [-1, 0.5, 3], [0, 0, 0], [1, 1, 1])).toEqual([0, 0.5, 1]);
    const t = (x: number) => Math.min(1, Math.max(0, x));
    expect(await binary('smoothstep', [0, 0, 0], [1, 1, 1], [-1, 0.25, 2])).toEqual([0, t(0.25) * t(0.25) * (3 - 2 * 0.25), 1]);
  });
  it('frexp parts (lowered to frexpMantissa / frexpExponent) and modf (trunc)', async () => {
    const xs = [0.75, 8, -10, 0, 1e-3];
    const e = (x: number) => (x === 0 ? 0 : Math.floor(Math.log2(Math.abs(x))) + 1);
    expect(await unary('frexpExponent', xs)).toEqual(xs.map((x) => e(f(x))));
    expect(await unary('frexpMantissa', xs)).toEqual(xs.map((x) => f(f(x) / 2 ** e(f(x)))));
    expect(await unary('trunc', [-2.7, 2.7])).toEqual([-2, 2]);
    // no negative zero exponent (printf("%g") would show -0)
    expect(Object.is((await unary('frexpExponent', [0.75]))[0], 0)).toBe(true);
  });
  it('cross, length, distance on float3', async () => {
    const rt = createCpuRuntime();
    const k = kernel('g', 'map', [inp('a', F3), inp('b', F3), out('c', F3), out('l', F), out('d', F)], () => [
      assign(P(2), builtin('cross', F3, p(0), p(1))),
      assign(P(3), builtin('length', F, p(0))),
      assign(P(4), builtin('distance', F, p(0), p(1))),
    ]);
    const a = rt.createStream('a', F3, [1]);
    const b = rt.createStream('b', F3, [1]);
    const [c, l, d] = [rt.createStream('c', F3, [1]), rt.createStream('l', F, [1]), rt.createStream('d', F, [1])];
    await rt.streamRead(a, [1, 2, 3]);
    await rt.streamRead(b, [4, 5, 6]);
    rt.call(k, [a, b, c!, l!, d!]);
    expect(await rt.streamPrint(c!)).toBe('{-3.00, 6.00, -3.00}\n');
    const o = new Float32Array(1);
    await rt.streamWrite(l!, o);
    expect(o[0]).toBe(f(Math.sqrt(14)));
    await rt.streamWrite(d!, o);
    expect(o[0]).toBe(f(Math.sqrt(27)));
  });
  it('isnan / isinf / isfinite give bools that convert to 0/1', async () => {
    const rt = createCpuRuntime();
    const k = kernel('g', 'map', [inp('a', F), out('n', F), out('i', F), out('f', F)], () => [
      assign(P(1), conv(F, builtin('isnan', B, p(0)))),
      assign(P(2), conv(F, builtin('isinf', B, p(0)))),
      assign(P(3), conv(F, builtin('isfinite', B, p(0)))),
    ]);
    const a = rt.createStream('a', F, [3]);
    await rt.streamRead(a, [NaN, -Infinity, 2]);
    const s = ['n', 'i', 'f'].map((n) => rt.createStream(n, F, [3]));
    rt.call(k, [a, ...s]);
    expect(await rt.streamPrint(s[0]!)).toBe('1.00 0.00 0.00 \n');
    expect(await rt.streamPrint(s[1]!)).toBe('0.00 1.00 0.00 \n');
    expect(await rt.streamPrint(s[2]!)).toBe('0.00 0.00 1.00 \n');
  });

});
