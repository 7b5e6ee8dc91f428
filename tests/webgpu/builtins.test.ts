/**
 * Every built-in of BROOK.md section 7 on the GPU, on edge values (0, -0, +-1, halves, huge,
 * subnormal, NaN, +-inf) and random inputs, against a float64 reference written here and against
 * the CPU backend (the reference semantics).
 *
 * Tolerance: results agree if both are NaN, or equal, or |gpu - ref| <= abs + rel * |ref|, with
 * (rel, abs) per built-in below: exact operations (floor, round, fmod, step, ...) must match the
 * float32 rounding of the reference exactly; transcendental ones get a few ulp (WGSL allows 3 ulp
 * for exp/log, and its sin/cos are specified in absolute error).
 */
import { describe, expect, it } from 'vitest';
import type { IRExpr } from '../../runtime/compiler/ir.js';
import { B as BOOL, F, F4, assign, call, conv, kernel, p, param, toParam } from './ir.js';
import { runBoth, useBackends } from './backends.js';

useBackends();

const EDGE = [0, -0, 1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 3, -7.25, 1e-3, 123.456, -98.7,
  1e10, -1e10, 3e38, -3e38, 1e-40, -1e-40, NaN, Infinity, -Infinity, 88.5, -88.5, 89.2, 100, 0.999, -0.999, 2, 10, 1000];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function inputs(count: number, seed: number, scale: number): Float32Array {
  const r = rng(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = i < EDGE.length && seed % 3 === 0 ? EDGE[(i + seed) % EDGE.length]! : (r() * 2 - 1) * scale;
  return out;
}

type Ref = (...x: number[]) => number;
interface Case {
  name: string;
  arity: number;
  ref: Ref;
  rel: number;
  abs: number;
  /** Inputs for which the comparison is meaningful (others still must not crash). */
  domain?: (...x: number[]) => boolean;
  scale?: number;
  boolResult?: boolean;
}

const round = (x: number) => (x < 0 ? -Math.floor(-x + 0.5) : Math.floor(x + 0.5));
const f = Math.fround;
const EXACT = { rel: 0, abs: 0 };
const ULP4 = { rel: 4 * 2 ** -23, abs: 0 };
const TRIG = { rel: 4 * 2 ** -23, abs: 2 ** -18 };

const CASES: Case[] = [
  { name: 'abs', arity: 1, ref: Math.abs, ...EXACT },
  { name: 'floor', arity: 1, ref: Math.floor, ...EXACT },
  { name: 'ceil', arity: 1, ref: Math.ceil, ...EXACT },
  { name: 'trunc', arity: 1, ref: Math.trunc, ...EXACT },
  { name: 'round', arity: 1, ref: round, ...EXACT },
  { name: 'frac', arity: 1, ref: (x) => f(x - Math.floor(x)), ...EXACT },
  { name: 'sign', arity: 1, ref: Math.sign, ...EXACT },
  { name: 'saturate', arity: 1, ref: (x) => Math.min(Math.max(x, 0), 1), ...EXACT },
  { name: 'sqrt', arity: 1, ref: Math.sqrt, ...ULP4 },
  { name: 'rsqrt', arity: 1, ref: (x) => 1 / Math.sqrt(x), ...ULP4 },
  { name: 'exp', arity: 1, ref: Math.exp, rel: 2 ** -19, abs: 0, scale: 20 },
  { name: 'exp2', arity: 1, ref: (x) => 2 ** x, rel: 2 ** -19, abs: 0, scale: 20 },
  { name: 'log', arity: 1, ref: Math.log, rel: 2 ** -20, abs: 2 ** -21, scale: 1000 },
  { name: 'log2', arity: 1, ref: Math.log2, rel: 2 ** -20, abs: 2 ** -21, scale: 1000 },
  { name: 'log10', arity: 1, ref: Math.log10, rel: 2 ** -20, abs: 2 ** -21, scale: 1000 },
  { name: 'sin', arity: 1, ref: Math.sin, ...TRIG, domain: (x) => Math.abs(x) <= 100, scale: 50 },
  { name: 'cos', arity: 1, ref: Math.cos, ...TRIG, domain: (x) => Math.abs(x) <= 100, scale: 50 },
  { name: 'tan', arity: 1, ref: Math.tan, rel: 2 ** -16, abs: 2 ** -16, domain: (x) => Math.abs(x) <= 1.5, scale: 1.5 },
  { name: 'asin', arity: 1, ref: Math.asin, rel: 2 ** -20, abs: 2 ** -23, scale: 1.2 },
  { name: 'acos', arity: 1, ref: Math.acos, rel: 2 ** -20, abs: 2 ** -23, scale: 1.2 },
  { name: 'atan', arity: 1, ref: Math.atan, rel: 2 ** -20, abs: 0, scale: 100 },
  { name: 'sinh', arity: 1, ref: Math.sinh, rel: 2 ** -18, abs: 0, scale: 10 },
  { name: 'cosh', arity: 1, ref: Math.cosh, rel: 2 ** -18, abs: 0, scale: 10 },
  { name: 'tanh', arity: 1, ref: Math.tanh, rel: 2 ** -18, abs: 2 ** -22, scale: 10 },
  { name: 'degrees', arity: 1, ref: (x) => (x * 180) / Math.PI, ...ULP4 },
  { name: 'radians', arity: 1, ref: (x) => (x * Math.PI) / 180, ...ULP4 },
  { name: 'isnan', arity: 1, ref: (x) => (Number.isNaN(x) ? 1 : 0), ...EXACT, boolResult: true },
  { name: 'isinf', arity: 1, ref: (x) => (Math.abs(x) === Infinity ? 1 : 0), ...EXACT, boolResult: true },
  { name: 'isfinite', arity: 1, ref: (x) => (Number.isFinite(x) ? 1 : 0), ...EXACT, boolResult: true },
  { name: 'frexpMantissa', arity: 1, ref: (x) => frexp(x)[0], ...EXACT },
  { name: 'frexpExponent', arity: 1, ref: (x) => frexp(x)[1], ...EXACT, domain: (x) => Math.abs(x) >= 2 ** -126 || x === 0 || !Number.isFinite(x) },
  { name: 'fmod', arity: 2, ref: (x, y) => x % y, ...EXACT },
  { name: 'min', arity: 2, ref: (a, b) => Math.min(a, b), ...EXACT, domain: (a, b) => !(a === 0 && b === 0) },
  { name: 'max', arity: 2, ref: (a, b) => Math.max(a, b), ...EXACT, domain: (a, b) => !(a === 0 && b === 0) },
  { name: 'step', arity: 2, ref: (a, x) => (x >= a ? 1 : 0), ...EXACT },
  { name: 'atan2', arity: 2, ref: Math.atan2, rel: 2 ** -20, abs: 2 ** -23 },
  { name: 'pow', arity: 2, ref: Math.pow, rel: 2 ** -14, abs: 0, scale: 8, domain: (x, y) => Math.abs(y * Math.log2(Math.abs(x))) < 100 || !Number.isFinite(Math.pow(x, y)) || Math.pow(x, y) === 0 },
  { name: 'ldexp', arity: 2, ref: (x, e) => x * 2 ** e, rel: 2 ** -20, abs: 0, scale: 30 },
  { name: 'lerp', arity: 3, ref: (a, b, s) => a + s * (b - a), rel: 2 ** -20, abs: 2 ** -20, domain: (...x) => x.every((v) => Math.abs(v) < 1e30) },
  { name: 'clamp', arity: 3, ref: (x, a, b) => Math.min(Math.max(x, a), b), ...EXACT, domain: (...x) => x.every((v) => v !== 0) },
  { name: 'smoothstep', arity: 3, ref: smooth, rel: 2 ** -18, abs: 2 ** -20, domain: (a, b) => Math.abs(b - a) > 1e-3 || a === b },
];

function frexp(x: number): [number, number] {
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  let e = Math.ceil(Math.log2(Math.abs(x)));
  let m = x / 2 ** e;
  if (Math.abs(m) >= 1) { m /= 2; e += 1; }
  if (Math.abs(m) < 0.5) { m *= 2; e -= 1; }
  return [m, e];
}

function smooth(a: number, b: number, x: number): number {
  let t = f(f(x - a) / f(b - a));
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return t * t * (3 - 2 * t);
}

const MIN_NORMAL = 2 ** -126;
const subnormal = (x: number) => x !== 0 && Math.abs(x) < MIN_NORMAL;

function agree(got: number, want: number, rel: number, abs: number): boolean {
  if (Number.isNaN(want)) return Number.isNaN(got);
  // The GPU may flush subnormal results to zero (WGSL permits it; documented in builtins.ts).
  if (subnormal(f(want)) && (got === 0 || subnormal(got))) return true;
  if (Object.is(got, want) || got === want) return true;
  if (!Number.isFinite(want)) return false;
  const w = f(want);
  if (got === w) return true;
  return Math.abs(got - want) <= abs + rel * Math.abs(want);
}

describe('built-ins on WebGPU match float64 and the CPU backend', () => {
  for (const cse of CASES) {
    for (const vector of [false, true]) {
      it(`${cse.name}${vector ? ' (float4)' : ''}`, async () => {
        const T = vector ? F4 : F;
        const n = 256;
        const comps = vector ? 4 : 1;
        const data = Array.from({ length: cse.arity }, (_, k) => inputs(n * comps, k * 7 + (vector ? 3 : 0) + cse.name.length * 3, cse.scale ?? 1e3));
        const args: IRExpr[] = data.map((_, k) => p(k, T));
        const rt = cse.boolResult ? (vector ? { kind: 'vector' as const, elem: 'bool' as const, size: 4 as const } : BOOL) : T;
        let e = call(cse.name, rt, ...args);
        if (cse.boolResult) e = conv(T, e);
        const ir = kernel(`b_${cse.name}`, [...data.map((_, k) => param(`x${k}`, 'in', T)), param('r', 'out', T)], [
          assign(toParam(cse.arity, T), e),
        ]);
        const res = await runBoth(ir, [...data.map((d) => ({ stream: T, shape: [n], data: d })), { stream: T, shape: [n], out: true }], [n]);
        const bad: string[] = [];
        for (let i = 0; i < n * comps; i++) {
          const xs = data.map((d) => d[i]!);
          if (cse.domain && !cse.domain(...xs)) continue;
          // Subnormal inputs may be flushed to zero on the GPU: compare those elsewhere.
          if (xs.some(subnormal)) continue;
          const want = cse.ref(...xs);
          const got = res.gpu[0]![i]!;
          const cpu = res.cpu[0]![i]!;
          if (!agree(got, want, cse.rel, cse.abs)) bad.push(`${cse.name}(${xs.join(', ')}) = ${got}, float64 says ${want}`);
          else if (!agree(got, cpu, cse.rel * 2, cse.abs * 2)) bad.push(`${cse.name}(${xs.join(', ')}) = ${got}, CPU backend says ${cpu}`);
        }
        expect(bad.slice(0, 8)).toEqual([]);
      });
    }
  }
});

describe('fmod of whole numbers on WebGPU (the integer path of brk_fmod) is exact', () => {
  it('matches float64 and the CPU backend, signs and -0 included, up to 2^32', async () => {
    // Pairs a tired index computation makes: negative dividends and divisors, exact multiples (a -0
    // result for a negative x), a divisor above the dividend, the edges of u32 and of f32's integers.
    const big = [2 ** 24, 2 ** 24 + 2, 2 ** 31, 2 ** 32 - 256, 2 ** 32, 2 ** 33, 3e9];
    const xs: number[] = [];
    const ys: number[] = [];
    const r = rng(11);
    for (const x of [0, -0, 1, 7, -7, 8, -8, 1023, 1048575, -1048576, ...big, ...big.map((b) => -b)]) {
      for (const y of [1, -1, 2, 3, -3, 8, 1000, 2 ** 20, 2 ** 31, 5e9]) {
        xs.push(x);
        ys.push(y);
      }
    }
    while (xs.length < 512) {
      xs.push(Math.floor((r() * 2 - 1) * 2 ** 26));
      ys.push(Math.max(1, Math.floor(r() * 2 ** (1 + Math.floor(r() * 20)))));
    }
    const n = xs.length;
    const data = [Float32Array.from(xs), Float32Array.from(ys)];
    const ir = kernel('b_fmod_whole', [param('x0', 'in', F), param('x1', 'in', F), param('r', 'out', F)], [
      assign(toParam(2, F), call('fmod', F, p(0, F), p(1, F))),
    ]);
    const res = await runBoth(ir, [...data.map((d) => ({ stream: F, shape: [n], data: d })), { stream: F, shape: [n], out: true }], [n]);
    const bad: string[] = [];
    for (let i = 0; i < n; i++) {
      const x = data[0]![i]!;
      const y = data[1]![i]!;
      const want = x % y; // JavaScript's % is C's fmod, exact on doubles
      for (const [who, got] of [['GPU', res.gpu[0]![i]!], ['CPU backend', res.cpu[0]![i]!]] as const) {
        if (!Object.is(got, want)) bad.push(`${who}: fmod(${x}, ${y}) = ${got}, float64 says ${want}`);
      }
    }
    expect(bad.slice(0, 8)).toEqual([]);
  });
});

describe('fmod by a power of two on WebGPU (the scaling path of brk_fmod) is exact', () => {
  it('matches float64 and the CPU backend for whole, fractional, huge and tiny dividends', async () => {
    // Normal powers of two from 2^-126 to 2^127, each sign; dividends a multiple of y, below y, with
    // bits far below y (5.5e-20), at f32's top, and 2^100 + 2^77 (a multiple of small y, not of 2^127).
    const ysBase = [2, -2, 0.5, 2 ** -20, 2 ** -126, 2 ** 64, 2 ** 127, 8, 1024, -1024];
    const xsBase = [123.456, -7.25, 0.75, -1e-30, 3e38, -3e38, 1e10 + 2048, 5.5e-20, 2 ** 100 + 2 ** 77, 0, -0, 1024, -3072];
    const xs: number[] = [];
    const ys: number[] = [];
    for (const x of xsBase) for (const y of ysBase) { xs.push(x); ys.push(y); }
    const r = rng(29);
    while (xs.length < 512) {
      xs.push((r() * 2 - 1) * 2 ** Math.floor(r() * 60 - 30));
      ys.push(2 ** Math.floor(r() * 50 - 25));
    }
    const n = xs.length;
    const data = [Float32Array.from(xs), Float32Array.from(ys)];
    const ir = kernel('b_fmod_pow2', [param('x0', 'in', F), param('x1', 'in', F), param('r', 'out', F)], [
      assign(toParam(2, F), call('fmod', F, p(0, F), p(1, F))),
    ]);
    const res = await runBoth(ir, [...data.map((d) => ({ stream: F, shape: [n], data: d })), { stream: F, shape: [n], out: true }], [n]);
    const bad: string[] = [];
    for (let i = 0; i < n; i++) {
      const x = data[0]![i]!;
      const y = data[1]![i]!;
      const want = x % y; // exact on doubles, and representable in float32 (its bits are x's)
      // A GPU may flush a subnormal result to zero (DECISIONS: precision across backends).
      const flushed = Math.abs(want) < 2 ** -126 ? Math.sign(1 / want) * 0 : want;
      for (const [who, got] of [['GPU', res.gpu[0]![i]!], ['CPU backend', res.cpu[0]![i]!]] as const) {
        if (!Object.is(got, want) && !(who === 'GPU' && Object.is(got, flushed))) bad.push(`${who}: fmod(${x}, ${y}) = ${got}, float64 says ${want}`);
      }
    }
    expect(bad.slice(0, 8)).toEqual([]);
  });
});
