/**
 * IR builders that keep the IR invariants (ir.ts): conversions between numeric types (`convert`,
 * `splat`, narrowing `swizzle`, comparisons with zero for truth values), folded on constants so an
 * integer literal in float context is a float constant.
 */
import type { IRExpr } from '../ir.js';
import type { ScalarName, Type } from '../types.js';
import { typeToString } from '../types.js';
import { makeType, scalarKind, size } from '../check/typing.js';

export const BOOL_T: Type = { kind: 'scalar', name: 'bool' };

export function sameIRType(a: Type, b: Type): boolean {
  if (a.kind === 'struct' && b.kind === 'struct') return a.name === b.name;
  return typeToString(a) === typeToString(b);
}

export function constant(type: Type, value: number): IRExpr {
  return { op: 'const', type, value: Array.from({ length: size(type) }, () => fold(scalarKind(type) ?? 'float', value)) };
}

function fold(s: ScalarName, v: number): number {
  switch (s) {
    case 'float': return Math.fround(v);
    case 'double': return v;
    case 'bool': return v !== 0 && !Number.isNaN(v) ? 1 : 0;
    case 'uint': case 'uchar': case 'ushort': case 'ulong': return Number.isFinite(v) ? Math.trunc(v) >>> 0 : 0;
    default: return Number.isFinite(v) ? Math.trunc(v) | 0 : 0;
  }
}

/** A truth value: bool stays, numbers compare with zero (componentwise for vectors). */
export function toBool(x: IRExpr): IRExpr {
  const s = scalarKind(x.type);
  if (s === 'bool') return x;
  const n = size(x.type);
  const t = makeType('bool', n);
  if (x.op === 'const') return { op: 'const', type: t, value: x.value.map((v) => (v !== 0 ? 1 : 0)), span: x.span };
  return { op: 'binary', type: t, operator: '!=', left: x, right: constant(x.type, 0), span: x.span };
}

/** Convert `x` to type `to` (numeric types; structs and other kinds pass through unchanged). */
export function convertTo(x: IRExpr, to: Type): IRExpr {
  if (sameIRType(x.type, to)) return x;
  if ((to.kind !== 'scalar' && to.kind !== 'vector') || (x.type.kind !== 'scalar' && x.type.kind !== 'vector')) return x;
  const toS = scalarKind(to)!;
  const n = size(to);
  let v = x;
  // Narrow first (Cg's rule: extra components dropped), then convert the scalar kind, then splat.
  if (size(v.type) > n && n >= 1) v = swizzle(v, Array.from({ length: n }, (_, i) => i));
  if (scalarKind(v.type) !== toS) {
    const target = makeType(toS, size(v.type));
    if (toS === 'bool') v = toBool(v);
    else if (v.op === 'const') v = { op: 'const', type: target, value: v.value.map((c) => fold(toS, c)), span: v.span };
    else v = { op: 'convert', type: target, value: v, span: v.span };
  }
  if (size(v.type) < n) {
    if (size(v.type) !== 1) return v; // the checker rejects widening a vector; keep as is
    if (v.op === 'const') v = { op: 'const', type: to, value: Array.from({ length: n }, () => v.op === 'const' ? v.value[0]! : 0), span: v.span };
    else v = { op: 'splat', type: to, value: v, span: v.span };
  }
  return v;
}

export function swizzle(x: IRExpr, components: number[]): IRExpr {
  const t = makeType(scalarKind(x.type)!, components.length);
  if (x.type.kind === 'scalar') {
    return components.length === 1 ? x : convertTo(x, t);
  }
  if (x.op === 'const') return { op: 'const', type: t, value: components.map((c) => x.value[c]!), span: x.span };
  if (x.op === 'swizzle') return swizzle(x.value, components.map((c) => x.components[c]!));
  if (x.op === 'construct' && components.length === 1 && x.args.every((a) => size(a.type) === 1)) return x.args[components[0]!]!;
  if (components.length === size(x.type) && components.every((c, i) => c === i)) return x;
  return { op: 'swizzle', type: t, value: x, components, span: x.span };
}

/** Is this expression free of effects and cheap enough to evaluate twice? */
export function isSimple(x: IRExpr): boolean {
  if (x.op === 'swizzle' || x.op === 'field') return isSimple(x.value);
  return x.op === 'const' || x.op === 'local' || x.op === 'param' || x.op === 'indexof' || x.op === 'helperIndexof';
}
