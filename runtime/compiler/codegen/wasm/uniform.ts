/**
 * Whether a map kernel over 4-word streams treats every component alike ("component-uniform"): each
 * output component is the same expression of the same component of the inputs and of scalars. Then
 * the vector version (vector.ts) can keep each element's four words in one v128 as they lie in memory
 * (a load and a store an element) instead of transposing 4 elements into 4 component vectors and back
 * (8 shuffles a stream each way): computing "component c" on the row of element c gives element c.
 * saxpy, the 4-map chain and a fused chain of them are of this kind (issue 27).
 *
 * Conservative: anything that could tell components apart (a swizzle, a constructor, a field, a
 * vector constant or parameter with different components, dot and the other folding built-ins,
 * gathers, indexof, iterators, vectors of other widths, a write to part of a value) says no.
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from '../../ir.js';
import type { Type } from '../../types.js';
import { UNARY_MATH } from './values.js';

/** Built-ins that apply one scalar function to each component (with uniform scalar arguments). */
const COMPONENTWISE = new Set([
  ...UNARY_MATH,
  'sqrt', 'rsqrt', 'floor', 'ceil', 'trunc', 'round', 'frac', 'abs', 'sign', 'min', 'max', 'clamp', 'saturate',
  'lerp', 'fmod', 'pow', 'exp2', 'atan2', 'step', 'fuseFence',
]);

/** A scalar, or a vector of 4 components (one per word of a 4-word element). */
function fourOrScalar(t: Type): boolean {
  return t.kind === 'scalar' || (t.kind === 'vector' && t.size === 4);
}

export function componentUniform(ir: KernelIR): boolean {
  if (ir.kind !== 'map' || ir.produce) return false;
  for (const p of ir.params) {
    if (p.role === 'in' || p.role === 'out') {
      // 4 words as stored: float, int or uint (bool loads become masks; narrow storage packs words).
      if (p.type.kind !== 'vector' || p.type.size !== 4 || !['float', 'int', 'uint'].includes(p.type.elem) || p.storage) return false;
    } else if (p.role !== 'const' || p.type.kind !== 'scalar') {
      return false;
    }
  }
  const helpers = new Map(ir.helpers.map((h) => [h.name, h]));
  const checked = new Set<string>();
  const helperOk = (name: string): boolean => {
    if (checked.has(name)) return true;
    checked.add(name);
    const h: IRHelper | undefined = helpers.get(name);
    if (!h || h.hiddenIndexofParams.length > 0 || !h.params.every((p) => fourOrScalar(p.type))) return false;
    if (h.returnType.kind !== 'void' && !fourOrScalar(h.returnType)) return false;
    return stmts(h.body);
  };
  const lvalue = (l: IRLValue | null): boolean => l === null || (l.path.length === 0 && fourOrScalar(l.type));
  const expr = (e: IRExpr): boolean => {
    if (!fourOrScalar(e.type) && e.type.kind !== 'void') return false;
    switch (e.op) {
      case 'local':
      case 'param':
        return true;
      case 'const':
        return e.value.every((v) => Object.is(v, e.value[0]));
      case 'binary':
        return expr(e.left) && expr(e.right);
      case 'unary':
        return expr(e.operand);
      case 'select':
        return expr(e.cond) && expr(e.then) && expr(e.else);
      case 'convert':
      case 'splat':
        return expr(e.value);
      case 'builtin':
        return COMPONENTWISE.has(e.name) && e.args.every(expr);
      case 'call':
        return e.indexofArgs.length === 0 && e.args.every(expr) && e.outArgs.every(lvalue) && helperOk(e.helper);
      default:
        return false; // swizzle, construct, field, gather, indexof, helperIndexof
    }
  };
  const stmts = (ss: IRStmt[]): boolean => ss.every(stmt);
  const stmt = (s: IRStmt): boolean => {
    switch (s.op) {
      case 'declare':
        return fourOrScalar(s.type) && (s.init === null || expr(s.init));
      case 'assign':
        return lvalue(s.target) && expr(s.value);
      case 'expr':
        return expr(s.expr);
      case 'if':
        return expr(s.cond) && stmts(s.then) && stmts(s.else);
      case 'loop':
        return stmts(s.init) && (s.cond === null || expr(s.cond)) && stmts(s.update) && stmts(s.body);
      case 'break':
      case 'continue':
        return true;
      case 'return':
        return s.value === null || expr(s.value);
      default:
        return false; // push (vout)
    }
  };
  return stmts(ir.body);
}
