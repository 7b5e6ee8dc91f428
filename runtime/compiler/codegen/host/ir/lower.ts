/**
 * Checked host C to the host IR (index.ts): where C's meaning of a scalar expression is decided.
 *
 * - the usual arithmetic conversions and integer promotions: check/typing.ts binaryTypes gives the
 *   kind an operation computes in; both operands convert to it, and the result to the expression's
 *   type (or, for `x op= v` and ++/--, to the target's: C's assignment conversion);
 * - shifts compute in the promoted type of the left operand alone, the count converted to int;
 * - comparisons of pointers compare addresses (unsigned); others compare in the operands' common kind;
 * - pointer ± integer scales the integer (converted to long) by the element size;
 * - an integer that converts to float with no rounding (exact.ts) is marked `exact`;
 * - literals are folded to what their type holds; library constants (FLT_MAX, INT_MAX) are literals;
 * - math.h calls convert their arguments to the parameter types.
 *
 * Every function returns undefined where the expression is outside the IR (vectors, structs,
 * streams, notebook values): the caller keeps its own path for those (index.ts).
 */
import type { BinaryExpr, CallExpr, Expr, UnaryExpr } from '../../../ast.js';
import type { Span } from '../../../source.js';
import type { Type } from '../../../types.js';
import { binaryTypes } from '../../../check/typing.js';
import { HOST_LIB } from '../../../check/hostlib.js';
import { exactInFloat } from '../exact.js';
import { scalarOfType, strideOf } from '../ctypes.js';
import type { Ctx } from '../expr.js';
import type { ArithOp, CompareOp, IrCond, IrValue, Kind } from './nodes.js';

const INT: Type = { kind: 'scalar', name: 'int' };
const COMPARE_OPS = new Set(['<', '>', '<=', '>=', '==', '!=']);

/** The math.h functions (double forms; each `name` + 'f' is its float form) that the IR carries. */
export const MATH_FUNCTIONS: ReadonlySet<string> = new Set([
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
  'exp', 'expm1', 'log', 'log2', 'log10', 'log1p', 'pow', 'sqrt', 'cbrt', 'hypot', 'fabs', 'floor', 'ceil', 'trunc',
]);

/** The IR kind of a C type: scalars, and pointers and arrays (addresses); undefined for the rest. */
export function kindOfType(t: Type | undefined): Kind | undefined {
  return t ? scalarOfType(t) : undefined;
}

function isPtr(t: Type | undefined): boolean {
  return t?.kind === 'pointer' || t?.kind === 'array';
}

/** The number a literal (or a negated literal) stands for, or undefined. */
export function constValue(e: Expr): number | undefined {
  if (e.kind === 'NumberLit' || e.kind === 'CharLit') return e.value;
  if (e.kind === 'UnaryExpr' && e.op === '-') {
    const v = constValue(e.operand);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}

/** A literal's value as its kind holds it: a float is a float32, an integer drops a fraction. */
function literal(value: number, kind: Kind): number {
  if (kind === 'float') return Math.fround(value);
  if (kind !== 'double' && kind !== 'ptr' && !Number.isInteger(value)) return Math.trunc(value);
  return value;
}

function convertTo(v: IrValue, to: Kind, exact = false): IrValue {
  if (v.kind === to) return v;
  return exact ? { op: 'convert', kind: to, from: v.kind, arg: v, exact: true } : { op: 'convert', kind: to, from: v.kind, arg: v };
}

/** An operand of an operation: its IR, and the expression it came from (for exact.ts), if one. */
interface Operand {
  ir: IrValue;
  expr?: Expr;
}

function operandAs(c: Ctx, o: Operand, to: Kind): IrValue {
  const exact = to === 'float' && o.expr !== undefined && o.ir.kind !== 'ulong' && exactInFloat(c, o.expr);
  return convertTo(o.ir, to, exact);
}

/** `e` converted to kind `to` (assignment, argument, return and operand conversions). */
export function lowerAs(c: Ctx, e: Expr, to: Kind): IrValue | undefined {
  // A notebook value is a double to C (checked when read).
  if (e.type?.kind === 'dynamic') return convertTo({ op: 'session', kind: 'double', expr: e, at: e.span }, to);
  const v = lowerValue(c, e);
  return v && operandAs(c, { ir: v, expr: e }, to);
}

/** The C value of `e`, or undefined where `e` is outside the IR. */
export function lowerValue(c: Ctx, e: Expr): IrValue | undefined {
  const kind = kindOfType(e.type);
  if (!kind) return undefined;
  switch (e.kind) {
    case 'NumberLit': return { op: 'const', kind, value: literal(e.value, kind) };
    case 'CharLit': return { op: 'const', kind, value: e.value };
    case 'Ident': {
      const sym = e.symbol;
      const entry = sym && (sym.kind === 'constant' || sym.kind === 'hostlib') ? HOST_LIB.get(e.name) : undefined;
      if (entry?.value !== undefined) return { op: 'const', kind, value: literal(entry.value, kind) };
      return { op: 'leaf', kind, expr: e };
    }
    case 'BinaryExpr': return lowerBinary(c, e, kind);
    case 'UnaryExpr': return lowerUnary(c, e, kind);
    case 'CondExpr': {
      const cond = lowerCond(c, e.cond);
      const then = lowerAs(c, e.then, kind);
      const other = lowerAs(c, e.else, kind);
      return cond && then && other && { op: 'select', kind, cond, then, else: other };
    }
    case 'CastExpr': {
      const to = e.target.type ?? e.type;
      if (!to || to.kind === 'void') return undefined;
      const k = kindOfType(to);
      return k && lowerAs(c, e.operand, k);
    }
    case 'CallExpr': return lowerMath(c, e, kind) ?? { op: 'leaf', kind, expr: e };
    default: return { op: 'leaf', kind, expr: e };
  }
}

/** A truth value of `e` (if, while, for, ?:, &&, ||, !), or undefined where `e` is outside the IR. */
export function lowerCond(c: Ctx, e: Expr): IrCond | undefined {
  if (e.kind === 'BinaryExpr' && (e.op === '&&' || e.op === '||')) {
    const left = lowerCond(c, e.left);
    const right = lowerCond(c, e.right);
    return left && right && { op: 'logical', and: e.op === '&&', left, right };
  }
  if (e.kind === 'BinaryExpr' && COMPARE_OPS.has(e.op)) return lowerCompare(c, e);
  if (e.kind === 'UnaryExpr' && e.op === '!') {
    const arg = lowerCond(c, e.operand);
    return arg && { op: 'not', arg };
  }
  const v = lowerValue(c, e);
  return v && { op: 'truth', arg: v };
}

/** The kind `l op r` computes in (the usual arithmetic conversions); undefined for vectors. */
function operandKind(op: string, l: Type, r: Type): Kind | undefined {
  const res = binaryTypes(op, l, r, 'host');
  // The checker reported an invalid pair already; the generator computes in double, as before.
  if (typeof res === 'string') return 'double';
  return res.operand.kind === 'scalar' ? res.operand.name : undefined;
}

function lowerCompare(c: Ctx, e: BinaryExpr): IrCond | undefined {
  const cmp = e.op as CompareOp;
  if (isPtr(e.left.type) || isPtr(e.right.type)) {
    const left = lowerAs(c, e.left, 'ptr');
    const right = lowerAs(c, e.right, 'ptr');
    return left && right && { op: 'compare', kind: 'ptr', cmp, left, right };
  }
  if (!e.left.type || !e.right.type) return undefined;
  const k = operandKind(e.op, e.left.type, e.right.type);
  const left = k && lowerAs(c, e.left, k);
  const right = k && lowerAs(c, e.right, k);
  return k && left && right ? { op: 'compare', kind: k, cmp, left, right } : undefined;
}

function lowerBinary(c: Ctx, e: BinaryExpr, kind: Kind): IrValue | undefined {
  if (e.op === '&&' || e.op === '||' || COMPARE_OPS.has(e.op)) {
    const cond = lowerCond(c, e);
    return cond && { op: 'bool', kind: 'int', cond };
  }
  const lt = e.left.type;
  const rt = e.right.type;
  if (!lt || !rt) return undefined;
  if (isPtr(lt) || isPtr(rt)) return lowerPointerArith(c, e);
  const l = lowerValue(c, e.left);
  const r = lowerValue(c, e.right);
  if (!l || !r) return undefined;
  return lowerArith(c, e.op as ArithOp, { ir: l, expr: e.left }, lt, { ir: r, expr: e.right }, rt, kind, e.span, constValue(e.right));
}

/** `l op r` with C's conversions, the result converted to `result`. */
function lowerArith(c: Ctx, op: ArithOp, l: Operand, lt: Type, r: Operand, rt: Type, result: Kind, at: Span, divisor?: number): IrValue | undefined {
  if (op === '<<' || op === '>>') {
    // C: the promoted type of the left operand (not the usual conversions of both); the right
    // operand is only a count.
    const ls = l.ir.kind;
    const k: Kind = ls === 'uint' || ls === 'long' || ls === 'ulong' ? ls : 'int';
    return convertTo({ op: 'arith', kind: k, bin: op, left: operandAs(c, l, k), right: operandAs(c, r, 'int'), at }, result);
  }
  const k = operandKind(op, lt, rt);
  if (!k) return undefined;
  const node: IrValue = { op: 'arith', kind: k, bin: op, left: operandAs(c, l, k), right: operandAs(c, r, k), at };
  if (divisor !== undefined && (op === '/' || op === '%')) node.divisor = divisor;
  return convertTo(node, result);
}

function lowerPointerArith(c: Ctx, e: BinaryExpr): IrValue | undefined {
  const lt = e.left.type!;
  const rt = e.right.type!;
  if (isPtr(lt) && isPtr(rt)) {
    if (e.op !== '-') return undefined;
    const left = lowerValue(c, e.left);
    const right = lowerValue(c, e.right);
    return left && right && { op: 'ptrdiff', kind: 'long', left, right, stride: strideOf(lt) };
  }
  if (e.op !== '+' && !(e.op === '-' && isPtr(lt))) return undefined;
  const [p, n, pt] = isPtr(lt) ? [e.left, e.right, lt] : [e.right, e.left, rt];
  return lowerPtrAdd(c, lowerValue(c, p), n, strideOf(pt), e.op === '-');
}

function lowerPtrAdd(c: Ctx, ptr: IrValue | undefined, n: Expr, stride: number, sub: boolean): IrValue | undefined {
  const index = lowerAs(c, n, 'long');
  return ptr && index && { op: 'ptradd', kind: 'ptr', sub, ptr, index, stride };
}

/** The address of element `object[index]` (pointer or array `object`): `&object[index]`. */
export function lowerElementAddress(c: Ctx, object: Expr, index: Expr): IrValue | undefined {
  if (!isPtr(object.type)) return undefined;
  return lowerPtrAdd(c, lowerValue(c, object), index, strideOf(object.type!), false);
}

function lowerUnary(c: Ctx, e: UnaryExpr, kind: Kind): IrValue | undefined {
  switch (e.op) {
    case '!': {
      const arg = lowerCond(c, e.operand);
      return arg && { op: 'bool', kind: 'int', cond: { op: 'not', arg } };
    }
    case '+': return lowerAs(c, e.operand, kind);
    case '-': case '~': {
      const arg = lowerAs(c, e.operand, kind);
      return arg && { op: e.op === '-' ? 'neg' : 'bitnot', kind, arg };
    }
    default: return { op: 'leaf', kind, expr: e }; // ++ -- * &: memory, the printer's own
  }
}

/** A math.h call (and abs, isnan) with its arguments converted, or undefined for other calls. */
function lowerMath(c: Ctx, e: CallExpr, kind: Kind): IrValue | undefined {
  const callee = e.callee;
  if (callee.kind !== 'Ident' || callee.symbol?.kind !== 'hostlib') return undefined;
  const name = callee.name;
  const single = !MATH_FUNCTIONS.has(name) && name.endsWith('f') && MATH_FUNCTIONS.has(name.slice(0, -1));
  if (!single && !MATH_FUNCTIONS.has(name) && name !== 'abs' && name !== 'isnan') return undefined;
  const ft = HOST_LIB.get(name)?.type;
  if (ft?.kind !== 'function' || ft.params.length !== e.args.length) return undefined;
  const args: IrValue[] = [];
  for (let i = 0; i < e.args.length; i++) {
    const k = kindOfType(ft.params[i]);
    const a = k && lowerAs(c, e.args[i]!, k);
    if (!a) return undefined;
    args.push(a);
  }
  return { op: 'math', kind, name: single ? name.slice(0, -1) : name, single, args };
}

/** `target op= value`: the current value (`current`) op the value, converted to the target's type. */
export function lowerCompound(c: Ctx, op: ArithOp, target: Type, value: Expr, at: Span): IrValue | undefined {
  const k = kindOfType(target);
  if (!k || !value.type) return undefined;
  const current: IrValue = { op: 'current', kind: k };
  if (isPtr(target)) return op === '+' || op === '-' ? lowerPtrAdd(c, current, value, strideOf(target), op === '-') : undefined;
  const v = lowerValue(c, value);
  return v && lowerArith(c, op, { ir: current }, target, { ir: v, expr: value }, value.type, k, at, constValue(value));
}

/** `++x` / `x--`'s new value: the current value plus or minus one (a pointer: one element). */
export function lowerBump(c: Ctx, target: Type, op: '++' | '--', at: Span): IrValue | undefined {
  const k = kindOfType(target);
  if (!k) return undefined;
  const current: IrValue = { op: 'current', kind: k };
  const one: IrValue = { op: 'const', kind: 'int', value: 1 };
  if (isPtr(target)) return { op: 'ptradd', kind: 'ptr', sub: op === '--', ptr: current, index: convertTo(one, 'long'), stride: strideOf(target) };
  return lowerArith(c, op === '++' ? '+' : '-', { ir: current }, target, { ir: one }, INT, k, at);
}
