/**
 * Expressions for the differential fuzzer's programs (generate.ts), built so that every backend must
 * give the same bits: each float term carries a bound on its magnitude and a granularity (its value
 * is a multiple of 2^-q), and an operation is used only when its exact result fits in float32's 24-bit
 * significand (bound * 2^q <= 2^23). Every intermediate is then exact, so FMA contraction, evaluation
 * order and the writers' own rewrites cannot change a result: any difference is a bug.
 * Int terms are exact by nature (32-bit wrapping, C's truncating / and %, division by zero 0:
 * docs/DECISIONS.md "Numbers in kernels"); their bound is tracked only to convert them to float safely.
 * Transcendental built-ins never appear here: generate.ts applies them last, to an output only.
 */
import type { Rng } from './rng.js';

export type TermType = 'float' | 'int';

export interface Term {
  type: TermType;
  text: string;
  /** |value| <= bound (ints: at most 2^31, i.e. unknown after wrapping). */
  bound: number;
  /** Float terms: the value is a multiple of 2^-q. */
  q: number;
}

/** What an expression may grow to. */
export interface Limit {
  bound: number;
  q: number;
}

export const EXACT_BITS = 23;
const INT_MAX_BOUND = 2 ** 31;

export function fits(t: Term, limit: Limit): boolean {
  if (t.type === 'int') return t.bound <= limit.bound;
  return t.bound <= limit.bound && t.q <= limit.q && t.bound * 2 ** t.q <= 2 ** EXACT_BITS;
}

/** A float literal of an exactly representable value (multiple of 2^-q, q <= 4). */
export function floatLit(v: number): string {
  const s = Number.isInteger(v) ? `${v}.0` : String(v);
  return `${s}f`;
}

/** q of an exactly representable small constant. */
export function qOf(v: number): number {
  let q = 0;
  while (!Number.isInteger(v * 2 ** q)) q++;
  return q;
}

export function constTerm(v: number): Term {
  return { type: 'float', text: v < 0 ? `(${floatLit(v)})` : floatLit(v), bound: Math.abs(v), q: qOf(v) };
}

export function intConst(v: number): Term {
  return { type: 'int', text: v < 0 ? `(${v})` : String(v), bound: Math.abs(v), q: 0 };
}

/** Names an expression may read: streams, gathers, locals, loop counters, parameters. */
export interface Scope {
  floats: Term[];
  ints: Term[];
  /** Gather arrays: `name`, rank, extents (row-major, last fastest), element bound and q. */
  gathers: { name: string; rank: 1 | 2 | 3 | 4; extents: number[]; bound: number; q: number }[];
  /** Helper kernels callable as `name(x, y)`: arguments within `arg`, result within `result`. */
  helpers: { name: string; arg: Limit; result: Term }[];
}

const QUARTERS = [0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, -0.25, -0.5, -0.75, -1, -1.5, -2, -3, 4, -4, 0.125, 8];

export class ExprGen {
  private gatherDepth = 0;

  constructor(private readonly rng: Rng, private readonly scope: Scope) {}

  float(depth: number, limit: Limit): Term {
    for (let tries = 0; tries < 6; tries++) {
      const t = depth <= 0 || this.rng.chance(0.25) ? this.floatLeaf(limit) : this.floatOp(depth - 1, limit);
      if (t && fits(t, limit)) return t;
    }
    return constTerm(this.rng.pick([0, 0.5, 1, -1, 2]));
  }

  int(depth: number, limit: Limit): Term {
    for (let tries = 0; tries < 6; tries++) {
      const t = depth <= 0 || this.rng.chance(0.25) ? this.intLeaf(limit) : this.intOp(depth - 1, limit);
      if (t && t.bound <= limit.bound) return t;
    }
    return intConst(this.rng.int(7) - 3);
  }

  cond(depth: number): string {
    const r = this.rng;
    const k = r.int(6);
    const fl: Limit = { bound: 1024, q: 4 };
    if (k === 0 && depth > 0) return `(${this.cond(depth - 1)} ${r.pick(['&&', '||'])} ${this.cond(depth - 1)})`;
    if (k === 1 && depth > 0) return `!(${this.cond(depth - 1)})`;
    // x / 0 is +-inf or NaN (0 / 0): every comparison with NaN is false.
    if (k === 2 && r.chance(0.3)) return `((${this.float(depth, fl).text} / 0.0f) ${r.pick(['<', '>', '==', '!='])} ${this.float(depth, fl).text})`;
    if (k <= 3) return `(${this.float(depth, fl).text} ${r.pick(['<', '>', '<=', '>=', '==', '!='])} ${this.float(depth, fl).text})`;
    return `(${this.int(depth, { bound: INT_MAX_BOUND, q: 0 }).text} ${r.pick(['<', '>', '<=', '>=', '==', '!='])} ${this.int(depth, { bound: INT_MAX_BOUND, q: 0 }).text})`;
  }

  private floatLeaf(limit: Limit): Term | undefined {
    const r = this.rng;
    const k = r.int(10);
    if (k < 5 && this.scope.floats.length > 0) return r.pick(this.scope.floats);
    if (k < 7) return constTerm(r.pick(QUARTERS));
    if (k < 8) return this.gather(limit);
    if (k < 9 && this.scope.ints.length > 0) {
      const i = r.pick(this.scope.ints);
      if (i.bound <= 2 ** 20) return { type: 'float', text: `(float)${i.text}`, bound: i.bound, q: 0 };
    }
    return constTerm(r.pick(QUARTERS));
  }

  /** g[x] or g[float2(x, y)] / g[y][x] with an index that may be negative, fractional or past the end. */
  private gather(limit: Limit): Term | undefined {
    const r = this.rng;
    // Gathers nest (an index may gather) at most two deep.
    if (this.scope.gathers.length === 0 || this.gatherDepth >= 2) return undefined;
    const g = r.pick(this.scope.gathers);
    const ix: Limit = { bound: Math.max(...g.extents) + 4, q: 2 };
    const idx = () => this.float(1, ix).text;
    let text: string;
    this.gatherDepth++;
    // An int index (a whole number: the writers' integer clamp) or a float one (floor(x + 0.25)).
    const intIdx = () => this.int(0, { bound: ix.bound, q: 0 }).text;
    if (g.rank === 1) text = `${g.name}[${r.chance(0.25) ? intIdx() : idx()}]`;
    else if (g.rank === 2 && r.chance(0.5)) text = `${g.name}[float2(${idx()}, ${idx()})]`;
    else if (g.rank === 2) text = `${g.name}[${idx()}][${idx()}]`;
    else text = `${g.name}[float${g.rank}(${Array.from({ length: g.rank }, idx).join(', ')})]`;
    this.gatherDepth--;
    void limit;
    return { type: 'float', text, bound: g.bound, q: g.q };
  }

  private floatOp(d: number, limit: Limit): Term | undefined {
    const r = this.rng;
    const sub: Limit = { bound: Math.min(limit.bound, 2 ** 12), q: Math.min(limit.q, 6) };
    const a = () => this.float(d, sub);
    const k = r.int(22);
    switch (k) {
      case 0: case 1: case 2: {
        const x = a(), y = a();
        const op = r.pick(['+', '-']);
        return { type: 'float', text: `(${x.text} ${op} ${y.text})`, bound: x.bound + y.bound, q: Math.max(x.q, y.q) };
      }
      case 3: case 4: {
        const x = a(), y = a();
        return { type: 'float', text: `(${x.text} * ${y.text})`, bound: x.bound * y.bound, q: x.q + y.q };
      }
      case 5: {
        const x = a();
        const p = r.pick([2, 4, 0.5, 0.25]);
        const op = r.pick(['*', '/']);
        const f = op === '*' ? p : 1 / p;
        return { type: 'float', text: `(${x.text} ${op} ${floatLit(p)})`, bound: x.bound * f, q: Math.max(0, x.q - Math.log2(f)) };
      }
      case 6: { const x = a(); return { ...x, text: `(-${x.text})` }; }
      case 7: { const x = a(); return { ...x, text: `abs(${x.text})` }; }
      case 8: { const x = a(); return { ...x, text: `${r.pick(['floor', 'ceil', 'round'])}(${x.text})`, bound: Math.ceil(x.bound), q: 0 }; }
      case 9: { const x = a(); return { ...x, text: `frac(${x.text})`, bound: 1 }; }
      case 10: {
        const x = a(), y = a();
        return { type: 'float', text: `${r.pick(['min', 'max'])}(${x.text}, ${y.text})`, bound: Math.max(x.bound, y.bound), q: Math.max(x.q, y.q) };
      }
      case 11: {
        const x = a();
        const lo = r.pick([-4, -2, -1, -0.5, 0]);
        const hi = lo + r.pick([0.5, 1, 3, 6]);
        return { type: 'float', text: `clamp(${x.text}, ${floatLit(lo)}, ${floatLit(hi)})`, bound: Math.max(Math.abs(lo), Math.abs(hi)), q: Math.max(x.q, qOf(lo), qOf(hi)) };
      }
      case 12: {
        const x = a(), y = a();
        return { type: 'float', text: `(${this.cond(1)} ? ${x.text} : ${y.text})`, bound: Math.max(x.bound, y.bound), q: Math.max(x.q, y.q) };
      }
      case 13: { const x = a(), y = a(); return { type: 'float', text: `step(${x.text}, ${y.text})`, bound: 1, q: 0 }; }
      case 14: { const x = a(); return { type: 'float', text: `sign(${x.text})`, bound: 1, q: 0 }; }
      case 15: {
        const x = a(), y = a();
        const s = r.pick([0.25, 0.5, 0.75]);
        return { type: 'float', text: `lerp(${x.text}, ${y.text}, ${floatLit(s)})`, bound: x.bound + (x.bound + y.bound) * s, q: Math.max(x.q, y.q) + 2 };
      }
      case 16: {
        // fmod is exact (C's rule on both backends); the divisor is kept away from zero.
        const x = a(), y = a();
        const text = r.chance(0.5) ? `fmod(${x.text}, abs(${y.text}) + 0.25f)` : `(${x.text} % (abs(${y.text}) + 0.25f))`;
        return { type: 'float', text, bound: x.bound, q: Math.max(x.q, y.q, 2) };
      }
      case 17: {
        const i = this.int(d, { bound: 2 ** 20, q: 0 });
        return { type: 'float', text: `(float)${i.text}`, bound: i.bound, q: 0 };
      }
      case 18: {
        const h = this.scope.helpers.length > 0 ? r.pick(this.scope.helpers) : undefined;
        if (!h) return undefined;
        return { ...h.result, text: `${h.name}(${this.float(d, h.arg).text}, ${this.float(d, h.arg).text})` };
      }
      default:
        return this.gather(limit) ?? a();
    }
  }

  private intLeaf(limit: Limit): Term | undefined {
    const r = this.rng;
    const k = r.int(10);
    if (k < 6 && this.scope.ints.length > 0) return r.pick(this.scope.ints);
    if (k === 6 && limit.bound >= INT_MAX_BOUND) return r.chance(0.2) ? { type: 'int', text: '(-2147483647 - 1)', bound: INT_MAX_BOUND, q: 0 } : intConst(r.pick([2147483647, 65536, 46341, -65535, -1]));
    if (k === 7 && this.scope.floats.length > 0) {
      const f = r.pick(this.scope.floats);
      // Now and then through a division by zero: (int) of +-inf saturates, of NaN (0 / 0) is 0.
      if (r.chance(0.2) && limit.bound >= INT_MAX_BOUND) return { type: 'int', text: `(int)(${f.text} / 0.0f)`, bound: INT_MAX_BOUND, q: 0 };
      // One correctly rounded product past int's range: the conversion saturates.
      if (r.chance(0.2) && limit.bound >= INT_MAX_BOUND) return { type: 'int', text: `(int)(${f.text} * 1.0e9f)`, bound: INT_MAX_BOUND, q: 0 };
      return { type: 'int', text: `(int)${f.text}`, bound: Math.floor(f.bound), q: 0 };
    }
    return intConst(r.int(21) - 10);
  }

  private intOp(d: number, limit: Limit): Term | undefined {
    const r = this.rng;
    const a = () => this.int(d, { bound: INT_MAX_BOUND, q: 0 });
    const cap = (b: number) => Math.min(b, INT_MAX_BOUND);
    const k = r.int(14);
    switch (k) {
      case 12: {
        // Shift amounts of any value are taken modulo 32 (codegen/wgsl/body.ts; JavaScript's and WebAssembly's own rule).
        const x = a(), y = a();
        return { type: 'int', text: `(${x.text} ${r.pick(['<<', '>>'])} ${y.text})`, bound: INT_MAX_BOUND, q: 0 };
      }
      case 13: {
        // uint arithmetic (wrapping mod 2^32, unsigned / % >>; a negative float converts to 0), back as int bits.
        const x = a(), y = a();
        const u = (t: Term) => `(uint)${t.text}`;
        const e = r.pick([`${u(x)} * ${u(y)}`, `${u(x)} / ${u(y)}`, `${u(x)} % ${u(y)}`, `${u(x)} >> ${r.int(32)}u`, `${u(x)} - ${u(y)}`, `(uint)${this.float(d, { bound: 2 ** 20, q: 4 }).text}`]);
        return { type: 'int', text: `(int)(${e})`, bound: INT_MAX_BOUND, q: 0 };
      }
      case 0: case 1: { const x = a(), y = a(); return { type: 'int', text: `(${x.text} ${r.pick(['+', '-'])} ${y.text})`, bound: cap(x.bound + y.bound), q: 0 }; }
      case 2: { const x = a(), y = a(); return { type: 'int', text: `(${x.text} * ${y.text})`, bound: cap(x.bound * y.bound), q: 0 }; }
      case 3: { const x = a(), y = a(); return { type: 'int', text: `(${x.text} / ${y.text})`, bound: x.bound, q: 0 }; }
      case 4: { const x = a(), y = a(); return { type: 'int', text: `(${x.text} % ${y.text})`, bound: x.bound, q: 0 }; }
      case 5: { const x = a(), y = a(); return { type: 'int', text: `(${x.text} ${r.pick(['&', '|', '^'])} ${y.text})`, bound: INT_MAX_BOUND, q: 0 }; }
      case 6: { const x = a(); return { type: 'int', text: `(${x.text} ${r.pick(['<<', '>>'])} ${r.int(5)})`, bound: INT_MAX_BOUND, q: 0 }; }
      case 7: { const x = a(); return { ...x, text: `(-${x.text})` }; }
      case 8: { const x = a(), y = a(); return { type: 'int', text: `${r.pick(['min', 'max'])}(${x.text}, ${y.text})`, bound: Math.max(x.bound, y.bound), q: 0 }; }
      case 9: { const x = a(), y = a(); return { type: 'int', text: `(${this.cond(0)} ? ${x.text} : ${y.text})`, bound: Math.max(x.bound, y.bound), q: 0 }; }
      case 10: {
        const f = this.float(d, { bound: 2 ** 20, q: 4 });
        return { type: 'int', text: `(int)${f.text}`, bound: Math.floor(f.bound), q: 0 };
      }
      default: { const x = a(); return { ...x, text: `abs(${x.text})` }; }
    }
  }
}
