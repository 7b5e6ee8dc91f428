/**
 * Index arithmetic of one module as WGSL text, from the uniform block or from the call's shapes
 * written in as constants (layout.ts ShapeSpec).
 *
 * Positions are four component expressions, x slowest ... w fastest (the padded 4-D order of
 * layout.ts); '0u' marks a component known to be zero, so the terms it would feed fold away here
 * rather than in the driver. With constants: linear indices are sums of `p * stride` with unit and
 * zero strides dropped, resizing is the identity, a multiply-add (shrinking by a whole factor) or a
 * division by a whole factor (a shift for powers of two), and unflattening divides only by extents
 * other than 1.
 */
import type { ShapeSpec } from './layout.js';

export type Pos = [string, string, string, string];

export const ZERO = '0u';

export class Shapes {
  constructor(private readonly spec: ShapeSpec | undefined) {}

  get specialized(): boolean {
    return this.spec !== undefined;
  }

  /** The constant words of U[k], or undefined when the module reads them from the uniform block. */
  words(k: number): readonly number[] | undefined {
    return this.spec?.words.get(k);
  }

  /** U[k] as a vec4<u32> expression. */
  vec(k: number): string {
    const w = this.words(k);
    return w ? `vec4<u32>(${w.map((x) => `${x >>> 0}u`).join(', ')})` : `U[${k}u]`;
  }

  /** Component d (0 = x) of U[k]. */
  comp(k: number, d: number): string {
    const w = this.words(k);
    return w ? `${w[d]! >>> 0}u` : `U[${k}u].${'xyzw'[d]}`;
  }

  /** Linear element index of position `p` offset by U[lo], with strides U[strides]. */
  linear(p: Pos, lo: number, strides: number): string {
    const L = this.words(lo);
    const S = this.words(strides);
    if (!L || !S) return `brk_linear(${this.vec(lo)} + ${vecOf(p)}, ${this.vec(strides)})`;
    let base = 0;
    const terms: string[] = [];
    for (let d = 0; d < 4; d++) {
      const s = S[d]!;
      base += L[d]! * s;
      if (s === 0 || p[d] === ZERO) continue;
      terms.push(s === 1 ? p[d]! : `${paren(p[d]!)} * ${s}u`);
    }
    if (base !== 0 || terms.length === 0) terms.push(`${base >>> 0}u`);
    return terms.length === 1 ? terms[0]! : `(${terms.join(' + ')})`;
  }

  /** Position `p` of an output of shape U[out] mapped onto a domain of shape U[inShape] (shape
   *  resizing, BROOK.md 4: floor(c * inE / outE), exact in u32; cpu/launchdata.ts resizedIndex). */
  resize(p: Pos, inShape: number, out: number): Pos {
    const I = this.words(inShape);
    const O = this.words(out);
    if (!I || !O) {
      const r = `brk_resize(${vecOf(p)}, ${this.vec(inShape)}, ${this.vec(out)})`;
      return [`${r}.x`, `${r}.y`, `${r}.z`, `${r}.w`];
    }
    return p.map((c, d) => resize1(c, I[d]!, O[d]!)) as Pos;
  }

  /** Position of linear index `i` in a shape U[k] (the whole output). */
  unflatten(i: string, k: number): { setup: string[]; pos: Pos } {
    const W = this.words(k);
    if (!W) return { setup: [`let o = brk_unflatten(${i}, ${this.vec(k)});`], pos: ['o.x', 'o.y', 'o.z', 'o.w'] };
    const big = [0, 1, 2, 3].filter((d) => W[d]! > 1);
    if (big.length <= 1) {
      const pos: Pos = [ZERO, ZERO, ZERO, ZERO];
      pos[big[0] ?? 3] = i;
      return { setup: [], pos };
    }
    return { setup: [`let o = brk_unflatten(${i}, ${this.vec(k)});`], pos: ['o.x', 'o.y', 'o.z', 'o.w'] };
  }
}

export function vecOf(p: Pos): string {
  return `vec4<u32>(${p.join(', ')})`;
}

function paren(e: string): string {
  return /^[A-Za-z0-9_.]+$/.test(e) ? e : `(${e})`;
}

function resize1(c: string, inE: number, outE: number): string {
  // floor(c * inE / outE) (BROOK.md 4), with the whole-factor cases as one multiply or shift.
  if (inE === outE) return c;
  if (c === ZERO || inE === 1) return ZERO;
  if (inE % outE === 0) return `(${paren(c)} * ${inE / outE}u)`;
  if (outE % inE === 0) {
    const k = outE / inE;
    const sh = Math.log2(k);
    return Number.isInteger(sh) ? `(${paren(c)} >> ${sh}u)` : `(${paren(c)} / ${k}u)`;
  }
  return `brk_resize1(${c}, ${inE}u, ${outE}u)`;
}
