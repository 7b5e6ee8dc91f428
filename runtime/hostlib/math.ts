/**
 * <math.h> for generated host code. Double functions are JavaScript's Math (V8's fdlibm ports: they
 * agree with glibc except, rarely, in the last bit). The float versions (`sinf`...) compute in double
 * and round once to float32, which is what a correctly rounded float function returns except in
 * astronomically rare double-rounding cases.
 *
 * Functions taking pointers (frexp, modf, sincos) receive the Mem to write through.
 */
import type { Mem } from './memory.js';

const f = Math.fround;

/** C's round(): halves away from zero (Math.round rounds them up). */
export function cRound(x: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Math.trunc(x + (x < 0 ? -0.5 : 0.5));
  // x + 0.5 can round up in double for x just below a half: recheck against the exact rule.
  if (Math.abs(r - x) > 0.5) return r - Math.sign(r - x);
  return r === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : r;
}

/** rint/nearbyint: round half to even (the default rounding mode). */
export function rint(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 4503599627370496) return x;
  const r = Math.round(x);
  if (r - x === 0.5 && r % 2 !== 0) return r - 1;
  return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
}

/** C fmod: result has the sign of x, exact (JS % on numbers is exactly C's fmod). */
export function fmod(x: number, y: number): number {
  return x % y;
}

export function frexp(mem: Mem, x: number, expPtr: number): number {
  let e = 0;
  let m = x;
  if (x !== 0 && Number.isFinite(x)) {
    e = Math.max(-1073, Math.floor(Math.log2(Math.abs(x))) + 1);
    m = x * 2 ** -e;
    // log2 can be off by one near powers of two; fix so 0.5 <= |m| < 1.
    while (Math.abs(m) < 0.5) { m *= 2; e--; }
    while (Math.abs(m) >= 1) { m /= 2; e++; }
  }
  if (expPtr !== 0) mem.i32[expPtr >>> 2] = e;
  return m;
}

export function ldexp(x: number, e: number): number {
  // Split the scaling so 2^e never overflows or underflows on its own.
  e |= 0;
  while (e > 1000) { x *= 2 ** 1000; e -= 1000; }
  while (e < -1000) { x *= 2 ** -1000; e += 1000; }
  return x * 2 ** e;
}

/** IEEE remainder: x - n*y with n = x/y rounded to nearest, ties to even (exact, via fmod). */
export function remainder(x: number, y: number): number {
  if (!Number.isFinite(x) || Number.isNaN(y) || y === 0) return NaN;
  if (!Number.isFinite(y)) return x;
  let r = x % y;
  const ay = Math.abs(y);
  const half = ay / 2;
  const ar = Math.abs(r);
  if (ar > half || (ar === half && Math.round((x - r) / y) % 2 !== 0)) r -= Math.sign(r) * ay;
  return r === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : r;
}

/** The math functions by C name. Pointer-taking ones are wired in libc.ts. */
export const MATH: Record<string, (...a: number[]) => number> = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos, atan: Math.atan,
  atan2: Math.atan2, sinh: Math.sinh, cosh: Math.cosh, tanh: Math.tanh, asinh: Math.asinh,
  acosh: Math.acosh, atanh: Math.atanh, exp: Math.exp, exp2: (x) => 2 ** x, expm1: Math.expm1,
  log: Math.log, log2: Math.log2, log10: Math.log10, log1p: Math.log1p, pow: Math.pow,
  sqrt: Math.sqrt, cbrt: Math.cbrt, hypot: Math.hypot, fabs: Math.abs, floor: Math.floor,
  ceil: Math.ceil, trunc: Math.trunc, round: cRound, rint, nearbyint: rint, fmod,
  fmin: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b)),
  fmax: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b)),
  fdim: (a, b) => (a > b ? a - b : Number.isNaN(a) || Number.isNaN(b) ? NaN : 0),
  copysign: (a, b) => (Object.is(b, -0) || b < 0 ? -Math.abs(a) : Math.abs(a)),
  ldexp, scalbn: ldexp, remainder,
  fma: (a, b, c) => a * b + c,
  lround: (x) => cRound(x), llround: (x) => cRound(x), lrint: rint, llrint: rint,
};

// float versions: compute in double, round to float32 once. lround & co. return integers.
const INTEGER_RESULT = new Set(['lround', 'llround', 'lrint', 'llrint']);
for (const name of Object.keys(MATH)) {
  const g = MATH[name]!;
  MATH[name + 'f'] = INTEGER_RESULT.has(name) ? g : (...a: number[]) => f(g(...a));
}
