/**
 * Type algebra shared by the checker and the lowering: C's usual arithmetic conversions, Brook's vector
 * rules (a scalar operand splats; mixing vector sizes takes the smaller size, Cg's rule, with a warning),
 * swizzle parsing and the implicit conversions allowed by assignment.
 *
 * Pure functions of types; no diagnostics here (callers report with the reasons returned).
 */
import type { ScalarName, Type, VectorElem } from '../types.js';
import { typeToString, vec } from '../types.js';

/** Marks an expression whose type could not be computed because of an earlier error. Everything
 *  derived from it is silently ERROR too, so one mistake gives one diagnostic. */
export const ERROR: Type = { kind: 'dynamic' };
/** Dynamic (notebook TypeScript values) and error types accept everything without a diagnostic. */
export const isLoose = (t: Type): boolean => t.kind === 'dynamic';

/** Can `t` be a stream element or a kernel value? Scalars, vectors, structs of those. */
export function isElementType(t: Type): boolean {
  if (t.kind === 'scalar' || t.kind === 'vector') return true;
  if (t.kind === 'struct') return t.fields.length > 0 && t.fields.every((f) => isElementType(f.type));
  return isLoose(t);
}

const RANK: Record<ScalarName, number> = {
  bool: 0, char: 1, uchar: 2, short: 3, ushort: 4, int: 5, uint: 6, long: 7, ulong: 8, fixed: 9, shortfixed: 9, float: 9, double: 10,
};

/** C integer promotion: bool/char/short -> int. Cg's fixed computes as float (BrookGPU's runtime
 *  converted a fixed to its float value code / 255 wherever it was used as a number). */
export function promote(s: ScalarName): ScalarName {
  if (s === 'fixed' || s === 'shortfixed') return 'float';
  return RANK[s] < RANK.int ? 'int' : s;
}

/** C's usual arithmetic conversions on two scalar kinds. */
export function commonScalar(a: ScalarName, b: ScalarName): ScalarName {
  const pa = promote(a);
  const pb = promote(b);
  return RANK[pa] >= RANK[pb] ? pa : pb;
}

export function scalarKind(t: Type): ScalarName | undefined {
  if (t.kind === 'scalar') return t.name;
  if (t.kind === 'vector') return t.elem;
  return undefined;
}

export function size(t: Type): number {
  return t.kind === 'vector' ? t.size : 1;
}

export function isArith(t: Type): boolean {
  return t.kind === 'scalar' || t.kind === 'vector';
}

export function isIntegral(s: ScalarName): boolean {
  return s !== 'float' && s !== 'double' && s !== 'fixed' && s !== 'shortfixed';
}

/** Vector element kinds are float/int/uint/bool/double and the 8-bit char/uchar/fixed; others map onto those. */
export function vectorElem(s: ScalarName): VectorElem {
  switch (s) {
    case 'float': case 'double': case 'int': case 'uint': case 'bool': case 'char': case 'uchar': case 'fixed': case 'shortfixed': return s;
    case 'ushort': case 'ulong': return 'uint';
    default: return 'int';
  }
}

export function makeType(s: ScalarName, n: number): Type {
  return n === 1 ? { kind: 'scalar', name: s } : vec(vectorElem(s), n);
}

export interface ArithResult {
  /** Type both operands are converted to. */
  operand: Type;
  /** Type of the result (bool/int for comparisons). */
  result: Type;
  /** Set when vector sizes differed (Cg's narrowing rule applies; the caller warns). */
  narrowed?: { left: number; right: number };
}

export type Where = 'host' | 'kernel';

/**
 * The operand and result types of binary operator `op`, or a reason string when not allowed.
 * Kernels give bool for comparisons and logic (C gives int in host code).
 */
export function binaryTypes(op: string, l: Type, r: Type, where: Where): ArithResult | string {
  if (!isArith(l) || !isArith(r)) return 'both operands must be numbers or vectors';
  const ls = scalarKind(l)!;
  const rs = scalarKind(r)!;
  const ln = size(l);
  const rn = size(r);
  let n = Math.max(ln, rn);
  let narrowed: ArithResult['narrowed'];
  if (ln > 1 && rn > 1 && ln !== rn) {
    n = Math.min(ln, rn);
    narrowed = { left: ln, right: rn };
  }
  const boolType = where === 'kernel' ? makeType('bool', n) : makeType('int', n);
  if (op === '&&' || op === '||') {
    // Cg: on vectors (kernels only) && and || work component by component (every operand is evaluated,
    // no short circuit) and give a bool vector; C host code has no vectors of truth values.
    if (n > 1 && where === 'kernel') {
      const bools = makeType('bool', n);
      return { operand: bools, result: bools, narrowed };
    }
    if (n > 1) return "use any(v) or all(v) to turn a vector into one truth value; && and || take scalars";
    const operand = where === 'kernel' ? { kind: 'scalar', name: 'bool' } as Type : makeType(commonScalar(ls, rs), 1);
    return { operand, result: boolType, narrowed };
  }
  let common = commonScalar(ls, rs);
  if (where === 'kernel' && (ls === 'bool' || rs === 'bool') && ls === rs && (op === '==' || op === '!=')) common = 'bool';
  const operand = makeType(common, n);
  switch (op) {
    case '<': case '>': case '<=': case '>=': case '==': case '!=':
      return { operand, result: boolType, narrowed };
    case '%':
      if (!isIntegral(common) && where === 'host') return "'%' needs integers in C; use fmod(a, b) for floating-point remainder";
      return { operand, result: operand, narrowed };
    case '<<': case '>>': {
      if (!isIntegral(common)) return `'${op}' needs integer operands`;
      // C: the result has the promoted type of the left operand alone (int << unsigned is int).
      const shifted = makeType(commonScalar(ls, ls), n);
      return { operand: shifted, result: shifted, narrowed };
    }
    case '&': case '|': case '^':
      if (!isIntegral(common)) return `'${op}' needs integer operands`;
      return { operand, result: operand, narrowed };
    default:
      return { operand, result: operand, narrowed };
  }
}

const SWIZZLE_SETS = ['xyzw', 'rgba'];

/** Parse `.xyzw` / `.rgba` (up to 4, one naming set) against a vector of `n` components. */
export function parseSwizzle(member: string, n: number): number[] | string {
  if (member.length === 0 || member.length > 4) return 'a swizzle names 1 to 4 components';
  for (const set of SWIZZLE_SETS) {
    if (![...member].every((c) => set.includes(c))) continue;
    const comps = [...member].map((c) => set.indexOf(c));
    const bad = comps.find((c) => c >= n);
    if (bad !== undefined) {
      return `no component '${set[bad]}' (it has ${set.slice(0, n).split('').map((c) => '.' + c).join(' ')})`;
    }
    return comps;
  }
  const mixed = [...member].every((c) => 'xyzwrgba'.includes(c));
  return mixed
    ? 'use either .xyzw or .rgba letters, not both in one swizzle'
    : 'components are named .x .y .z .w (or .r .g .b .a)';
}

export function swizzleText(n: number): string {
  return 'xyzw'.slice(0, n);
}

export type AssignCheck =
  | { ok: true; warnDrop?: boolean }
  | { ok: false; why: string };

/**
 * May a value of type `from` be stored where `to` is expected (assignment, initializer, argument,
 * return)? Numbers convert freely (C); a scalar fills a vector; a larger vector narrows (warning);
 * structs must be the same struct; pointers follow C loosely (arrays decay, 0/NULL and void*).
 */
export function assignable(to: Type, from: Type, opts: { fromZeroLiteral?: boolean; kernel?: boolean } = {}): AssignCheck {
  if (isLoose(to) || isLoose(from)) return { ok: true };
  if (to.kind === 'scalar') {
    if (from.kind === 'scalar') return { ok: true };
    // Cg: a vector stored into a scalar keeps .x (with a warning); C host code has no such rule.
    if (from.kind === 'vector' && opts.kernel) return { ok: true, warnDrop: true };
    if (from.kind === 'vector') return { ok: false, why: `pick one component, as in (${typeToString(from)} value).x` };
    if (from.kind === 'pointer' && isIntegral(to.name)) return { ok: true }; // C allows it (with a warning in gcc)
  }
  if (to.kind === 'vector') {
    if (from.kind === 'scalar') return { ok: true };
    if (from.kind === 'vector') {
      if (from.size === to.size) return { ok: true };
      if (from.size > to.size) return { ok: true, warnDrop: true };
      return { ok: false, why: `${typeToString(from)} has fewer components than ${typeToString(to)}; build it with a constructor such as ${typeToString(to)}(v, 0)` };
    }
  }
  if (to.kind === 'struct') {
    if (from.kind === 'struct' && from.name === to.name) return { ok: true };
    return { ok: false, why: `assign a value of struct type ${to.name}, or assign its fields one by one` };
  }
  if (to.kind === 'pointer') {
    if (from.kind === 'pointer' || from.kind === 'array') return { ok: true };
    if (from.kind === 'scalar' && opts.fromZeroLiteral) return { ok: true };
    if (from.kind === 'scalar') return { ok: false, why: 'a pointer holds an address: use malloc, an array or &variable' };
  }
  if (to.kind === 'array' && from.kind === 'array') return { ok: false, why: 'C arrays cannot be assigned; copy the elements with a loop or memcpy' };
  if (to.kind === 'stream' || from.kind === 'stream') return { ok: false, why: 'streams cannot be assigned; use a kernel, streamSwap, streamRead or streamWrite' };
  return { ok: false, why: `${typeToString(from)} and ${typeToString(to)} are unrelated types` };
}

/** Element type of a stream, gather or domain; the type itself otherwise. */
export function streamElem(t: Type): Type | undefined {
  if (t.kind === 'stream' || t.kind === 'gather') return t.elem;
  if (t.kind === 'domain') return streamElem(t.stream);
  return undefined;
}

export function isStreamLike(t: Type): boolean {
  return t.kind === 'stream' || t.kind === 'domain';
}

/** Structural type equality for element types (struct by name). */
export function sameType(a: Type, b: Type): boolean {
  if (a.kind === 'struct' && b.kind === 'struct') return a.name === b.name;
  return typeToString(a) === typeToString(b);
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1;
      cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = cur;
  }
  return prev[n]!;
}

/** The closest candidate within a distance that scales with the name's length, if any. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = name.length <= 3 ? 1 : name.length <= 6 ? 2 : 3;
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    if (c === name) continue;
    const d = editDistance(name, c);
    if (d < bestD || (d === bestD && best !== undefined && c < best)) {
      best = c;
      bestD = d;
    }
  }
  return bestD <= limit ? best : undefined;
}
