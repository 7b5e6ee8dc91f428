/**
 * Integer values that convert to float exactly: C's `(float)i` rounds only when |i| > 2^24, so where
 * the compiler can bound an integer expression within 2^24 the conversion is the number itself and
 * `Math.fround` (a float32 round trip V8 does not remove: a third of a fill loop's time) is left out.
 *
 * The bound is an interval of the values the expression can take, from what the code says: constants,
 * the narrow types (char, short, bool), loop variables of counted loops (bounds.ts ranges), `x & K`,
 * `x % K`, shifts right by a constant, comparisons, and + - * of bounded operands (exact: no int
 * wrap-around inside the bound, and an unsigned result that could go below 0 is not bounded).
 */
import type { Expr } from '../../ast.js';
import type { Range } from './bounds.js';
import { rangeOf } from './bounds.js';
import type { Ctx } from './expr.js';

const FLOAT_EXACT = 2 ** 24;

const NARROW: Record<string, Range> = {
  bool: { lo: 0, hi: 1 },
  char: { lo: -128, hi: 127 },
  uchar: { lo: 0, hi: 255 },
  short: { lo: -32768, hi: 32767 },
  ushort: { lo: 0, hi: 65535 },
};

/** Where the values of the wider kinds stay exact: an interval beyond it may have wrapped around
 *  (int, uint: 32 bits; an unsigned result below 0 is huge) or lost bits (long: JS numbers). */
const LIMITS: Record<string, Range> = {
  int: { lo: -(2 ** 31), hi: 2 ** 31 - 1 },
  uint: { lo: 0, hi: 2 ** 32 - 1 },
  long: { lo: -(2 ** 53), hi: 2 ** 53 },
  ulong: { lo: 0, hi: 2 ** 53 },
};

const INT_TYPES = new Set(['int', 'uint', 'long', 'ulong', 'char', 'uchar', 'short', 'ushort', 'bool']);

function constant(e: Expr): number | undefined {
  if ((e.kind === 'NumberLit' || e.kind === 'CharLit') && Number.isInteger(e.value)) return e.value;
  return undefined;
}

/** The values integer expression `e` can take, when the compiler can bound them (else undefined). */
export function intRange(c: Ctx, e: Expr): Range | undefined {
  const t = e.type;
  if (!t || t.kind !== 'scalar' || !INT_TYPES.has(t.name)) return undefined;
  const narrow = NARROW[t.name];
  const r = rangeIn(c, e);
  if (!r) return narrow;
  if (narrow) return { lo: Math.max(r.lo, narrow.lo), hi: Math.min(r.hi, narrow.hi) };
  // An unsigned result below 0 wraps around to a huge value: no bound.
  const limit = LIMITS[t.name];
  if (!limit || r.lo < limit.lo || r.hi > limit.hi) return undefined;
  return r;
}

function rangeIn(c: Ctx, e: Expr): Range | undefined {
  const k = constant(e);
  if (k !== undefined) return { lo: k, hi: k };
  switch (e.kind) {
    case 'Ident': return rangeOf(c, e);
    case 'CastExpr': return intRange(c, e.operand);
    case 'UnaryExpr': {
      if (e.op === '!') return { lo: 0, hi: 1 };
      if (e.op === '-') {
        const r = intRange(c, e.operand);
        return r && { lo: -r.hi, hi: -r.lo };
      }
      if (e.op === '+') return intRange(c, e.operand);
      return undefined;
    }
    case 'BinaryExpr': {
      if (['<', '>', '<=', '>=', '==', '!=', '&&', '||'].includes(e.op)) return { lo: 0, hi: 1 };
      const rk = constant(e.right);
      const lk = constant(e.left);
      if (e.op === '&') {
        // x & K with K >= 0 lies in [0, K] whatever x is (two's complement).
        const ks = [lk, rk].filter((v): v is number => v !== undefined && v >= 0);
        if (ks.length) return { lo: 0, hi: Math.min(...ks) };
        return undefined;
      }
      if (e.op === '%' && rk !== undefined && rk !== 0) {
        // C truncates: |x % K| < |K|, with the sign of x.
        const m = Math.abs(rk) - 1;
        const l = intRange(c, e.left);
        const unsigned = e.type?.kind === 'scalar' && (e.type.name === 'uint' || e.type.name === 'ulong');
        return { lo: unsigned || (l && l.lo >= 0) ? 0 : -m, hi: m };
      }
      if (e.op === '>>' && rk !== undefined && rk >= 0 && rk < 32) {
        const l = intRange(c, e.left);
        if (l) return { lo: Math.floor(l.lo / 2 ** rk), hi: Math.floor(l.hi / 2 ** rk) };
        const lt = e.left.type;
        if (lt?.kind === 'scalar' && lt.name === 'int') return { lo: -(2 ** (31 - rk)), hi: 2 ** (31 - rk) - 1 };
        if (lt?.kind === 'scalar' && lt.name === 'uint') return { lo: 0, hi: 2 ** (32 - rk) - 1 };
        return undefined;
      }
      if (e.op === '+' || e.op === '-' || e.op === '*') {
        const l = intRange(c, e.left);
        const r = intRange(c, e.right);
        if (!l || !r) return undefined;
        if (e.op === '+') return { lo: l.lo + r.lo, hi: l.hi + r.hi };
        if (e.op === '-') return { lo: l.lo - r.hi, hi: l.hi - r.lo };
        const p = [l.lo * r.lo, l.lo * r.hi, l.hi * r.lo, l.hi * r.hi];
        return { lo: Math.min(...p), hi: Math.max(...p) };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Whether integer expression `e` always converts to float without rounding (|value| <= 2^24). */
export function exactInFloat(c: Ctx, e: Expr): boolean {
  const r = intRange(c, e);
  return r !== undefined && r.lo >= -FLOAT_EXACT && r.hi <= FLOAT_EXACT;
}
