/**
 * JavaScript for the values the host IR (ir/index.ts) does not take: vectors, notebook (TypeScript)
 * values, structs, streams and domains, and their conversions to and from scalars. Scalar C values
 * are the IR's: expr.ts lowers them and ir/print-js.ts prints them; this file comes in only where an
 * operand is one of the others (a float4, a value of a TypeScript cell).
 */
import type { Span } from '../../source.js';
import type { ScalarName, Type } from '../../types.js';
import { binaryTypes } from '../../check/typing.js';
import { arith, convertScalar, isIntKind, scalarOfType } from './ctypes.js';
import type { Ctx } from './expr.js';

const DOUBLE: Type = { kind: 'scalar', name: 'double' };
const INT: Type = { kind: 'scalar', name: 'int' };

/** Convert JS value `js` of type `from` to type `to`. */
export function convert(c: Ctx, js: string, from: Type, to: Type, span?: Span): string {
  if (to.kind === 'void') return js;
  // A notebook value (TypeScript) where C wants a number or vector: checked at run time.
  if (from.kind === 'dynamic' && (to.kind === 'scalar' || to.kind === 'vector')) {
    const n = to.kind === 'vector' ? to.size : 1;
    return convert(c, `$H.fromSession(${js}, ${n}, ${c.g.span(span)})`, to.kind === 'vector' ? { kind: 'vector', elem: 'double', size: to.size } : { kind: 'scalar', name: 'double' }, to);
  }
  if (from.kind === 'dynamic' || to.kind === 'dynamic') return js;
  const fs = scalarOfType(from);
  const ts = scalarOfType(to);
  if (fs && ts) return convertScalar(js, fs, ts);
  if (to.kind === 'vector') {
    if (from.kind === 'scalar') return `$H.splat(${convertScalar(js, from.name, to.elem)}, ${to.size})`;
    // A fixedN holds codes (types.ts, narrowStorage): to or from another kind goes through the numbers.
    if (from.kind === 'vector' && from.elem === 'fixed' && to.elem !== 'fixed') {
      return `$H.vconv($H.vfixval(${js}), ${to.size}, '${to.elem}')`;
    }
    if (from.kind === 'vector' && to.elem === 'fixed' && from.elem !== 'fixed' && !isIntKind(from.elem)) {
      return `$H.vfixcode(${js}, ${to.size})`;
    }
    if (from.kind === 'vector' && from.elem === 'shortfixed' && to.elem !== 'shortfixed') {
      return `$H.vconv($H.vsfixval(${js}), ${to.size}, '${to.elem}')`;
    }
    if (from.kind === 'vector' && to.elem === 'shortfixed' && from.elem !== 'shortfixed' && !isIntKind(from.elem)) {
      return `$H.vsfixcode(${js}, ${to.size})`;
    }
    return `$H.vconv(${js}, ${to.size}, '${to.elem}')`;
  }
  if (to.kind === 'scalar' && from.kind === 'vector') return convertScalar(`${js}[0]`, from.elem, to.name);
  return js; // structs (addresses), streams, domains pass unchanged
}

/** The type `l op r` computes in (the checker reported an invalid pair already: double). */
export function operandType(op: string, l: Type, r: Type): Type {
  const res = binaryTypes(op, l, r, 'host');
  return typeof res === 'string' ? DOUBLE : res.operand;
}

/** `l op r` for arithmetic values of types lt, rt; result converted to `result`. */
export function binaryValue(c: Ctx, op: string, l: string, lt: Type, r: string, rt: Type, result: Type, spanRef: () => string, rConst?: number): string {
  if (op === '<<' || op === '>>') {
    // C: the result has the promoted type of the left operand (not the usual arithmetic conversion
    // of both); the right operand is only a count.
    if (result.kind === 'vector') return `$H.vbin('${op}', ${convert(c, l, lt, result)}, ${convert(c, r, rt, result)}, ${result.size}, '${result.elem}')`;
    const ls = scalarOfType(lt);
    const k: ScalarName = ls === 'uint' || ls === 'long' || ls === 'ulong' ? ls : 'int';
    const kt: Type = { kind: 'scalar', name: k };
    return convert(c, arith(op, convert(c, l, lt, kt), convert(c, r, rt, INT), k, spanRef), kt, result);
  }
  const ot = operandType(op, lt, rt);
  if (ot.kind === 'vector') {
    return `$H.vbin('${op}', ${convert(c, l, lt, ot)}, ${convert(c, r, rt, ot)}, ${ot.size}, '${ot.elem}')`;
  }
  const k = scalarOfType(ot) as ScalarName;
  return convert(c, arith(op, convert(c, l, lt, ot), convert(c, r, rt, ot), k, spanRef, rConst), ot, result);
}
