/**
 * C++ member calls and operators on class values (docs/CXX.md), rewritten into calls of the
 * functions that parse/cxx-class-lower.ts made of the members, once the object's type is known:
 *
 *   obj.m(a)   p->m(a)     ->  C__m(&obj, a)   C__m(p, a)        (static members: C__m(a))
 *   x + y      x += y      ->  C__operator_add(&x, y)   C__operator_add_assign(&x, y)
 *   v[i]       -v          ->  *C__operator_index(&v, i)   C__operator_sub(&v)
 *   s * v  (free `operator*`)  ->  operator_mul(s, v)
 *
 * Reference parameters get `&arg` and reference results a `*` as in cxx-references.ts (those calls
 * exist only now, so that pass could not see them). The node is replaced in place and checked again;
 * the object expression is checked once more in its new place (no side effects in the checker).
 */
import type { CallExpr, Expr, FunctionDecl, MemberExpr } from '../ast.js';
import type { Type } from '../types.js';
import { operatorFunctionName } from '../parse/cxx-class-lower.js';
import { defaultsFor } from '../parse/cxx-default-args.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { sameType } from './typing.js';

const BINARY = new Set(['+', '-', '*', '/', '%', '==', '!=', '<', '>', '<=', '>=', '<<', '>>']);

/** True when `e` was rewritten (the caller checks it again). */
export function rewriteCxxMember(ctx: Ctx, e: Expr): boolean {
  switch (e.kind) {
    case 'CallExpr':
      if (e.cxxDelete) return deleteObject(ctx, e);
      if (e.callee.kind === 'MemberExpr') return methodCall(ctx, e, e.callee);
      return callOperator(ctx, e);
    case 'BinaryExpr':
      if (!BINARY.has(e.op)) return false;
      return operator(ctx, e, e.op, e.left, [e.right]) || freeOperator(ctx, e, e.op, e.left, e.right);
    case 'AssignExpr':
      return e.op !== '=' && (operator(ctx, e, e.op, e.target, [e.value]) || freeOperator(ctx, e, e.op, e.target, e.value));
    case 'IndexExpr':
      return operator(ctx, e, '[]', e.object, [e.index]);
    case 'UnaryExpr':
      return (e.op === '-' || e.op === '+' || e.op === '!') && operator(ctx, e, e.op, e.operand, []);
    default:
      return false;
  }
}

/** `delete p` of a `C *` where C has a destructor: `C__delete(p)` (parse/cxx-destructors.ts). */
function deleteObject(ctx: Ctx, e: CallExpr): boolean {
  e.cxxDelete = undefined;
  const cls = className(typeOnce(ctx, e.args[0]!), true);
  if (!cls || e.callee.kind !== 'Ident' || !ctx.scope.lookup(`${cls}__delete`)) return false;
  e.callee.name = `${cls}__delete`;
  return true;
}

/** `f(a, b)` where f is an object of a class with `operator()` (a functor): `f.operator()(a, b)`. */
function callOperator(ctx: Ctx, e: CallExpr): boolean {
  const callee = e.callee;
  if (callee.kind === 'Ident') {
    const sym = ctx.scope.lookup(callee.name);
    if (!sym || sym.functionDecl || sym.type.kind !== 'struct') return false;
  } else if (callee.kind !== 'MemberExpr' && callee.kind !== 'IndexExpr' && !(callee.kind === 'UnaryExpr' && callee.op === '*')) {
    return false;
  }
  const cls = className(typeOnce(ctx, callee), false);
  if (!cls || !ctx.scope.lookup(`${cls}__operator_call`)) return false;
  e.callee = { kind: 'MemberExpr', span: callee.span, object: callee, member: 'operator()', memberSpan: callee.span, arrow: false };
  return true;
}

function className(t: Type | undefined, arrow: boolean): string | undefined {
  const s = arrow ? (t?.kind === 'pointer' ? t.to : undefined) : t;
  return s?.kind === 'struct' ? s.name : undefined;
}

/** `left OP args` where left is of a class with `operatorOP`: the member call `left.operatorOP(args)`. */
function operator(ctx: Ctx, e: Expr, op: string, left: Expr, args: Expr[]): boolean {
  const cls = className(typeOnce(ctx, left), false);
  // A member of that arity (csMatrix3's unary `operator+()` does not take `a + b`: a friend does).
  if (!cls || !pickDecl(ctx, `${cls}__${operatorFunctionName(`operator${op}`)}`, args.length + 1)) return false;
  const callee: MemberExpr = { kind: 'MemberExpr', span: left.span, object: left, member: `operator${op}`, memberSpan: e.span, arrow: false };
  replace(ctx, e, { kind: 'CallExpr', span: e.span, callee, args });
  return true;
}

function freeOperator(ctx: Ctx, e: Expr, op: string, left: Expr, right: Expr): boolean {
  const name = operatorFunctionName(`operator${op}`);
  const decl = pickDecl(ctx, name, 2);
  if (!decl) return false;
  if (!className(typeOnce(ctx, left), false) && !className(typeOnce(ctx, right), false)) {
    const onVectors = vectorOperator(ctx, name, left, right);
    if (!onVectors) return false;
    replace(ctx, e, callOf(onVectors, name, e, [left, right]));
    return true;
  }
  replace(ctx, e, callOf(decl, name, e, [left, right]));
  return true;
}

/**
 * A free operator declared for built-in vector types (subdivision's `bool operator==(const float4 &,
 * const float4 &)`: BrookGPU's float4 was a class): in host code it replaces the component-wise
 * operator where the operands' types are exactly its parameters' (one of them a vector).
 */
function vectorOperator(ctx: Ctx, name: string, left: Expr, right: Expr): FunctionDecl | undefined {
  if (inKernel(ctx)) return undefined;
  const [lt, rt] = [typeOnce(ctx, left), typeOnce(ctx, right)];
  if (lt.kind !== 'vector' && rt.kind !== 'vector') return undefined;
  for (const n of ctx.overloads?.get(name)?.map((v) => v.name) ?? [name]) {
    const sym = ctx.scope.lookup(n);
    const t = sym?.type;
    if (t?.kind === 'function' && t.params.length === 2 && sameType(t.params[0]!, lt) && sameType(t.params[1]!, rt)) return sym!.functionDecl;
  }
  return undefined;
}

function methodCall(ctx: Ctx, e: CallExpr, callee: MemberExpr): boolean {
  const cls = className(typeOnce(ctx, callee.object), callee.arrow);
  if (!cls) return false;
  let name = `${cls}__${operatorFunctionName(callee.member)}`;
  if (ctx.scope.lookup(`${name}__const`) && isConstObject(ctx, callee.object, callee.arrow)) name = `${name}__const`;
  let decl = pickDecl(ctx, name, e.args.length + 1, false) ?? pickDecl(ctx, name, e.args.length, true);
  if (!decl) {
    // Default arguments (parse/cxx-default-args.ts): the method's `this` counts as one parameter.
    const all = (ctx.overloads?.get(name)?.map((v) => v.name) ?? [name]).map((n) => ctx.scope.lookup(n)?.functionDecl).filter((d) => d !== undefined);
    const filled = defaultsFor(all.filter((d) => d.method?.kind !== 'static'), e.args.length + 1);
    if (filled.length > 0) { e.args.push(...filled); decl = pickDecl(ctx, name, e.args.length + 1); }
  }
  if (!decl) return inheritedCall(ctx, e, callee);
  const isStatic = decl.method?.kind === 'static';
  const object = callee.object;
  // A temporary (`(a + b).Length()`) has no address: it goes to a slot of the class (C__temp).
  const self = callee.arrow ? object : isLvalue(object) || !ctx.scope.lookup(`${cls}__temp`) ? addressOf(object)
    : { kind: 'CallExpr', span: object.span, callee: { kind: 'Ident', span: object.span, name: `${cls}__temp` }, args: [object] } satisfies CallExpr;
  // The only overload of that many parameters is called by its own name: its arguments then convert
  // as for any call (a float3 for a class with a converting constructor), which choosing by types
  // among the overloads would not see.
  const sameArity = (ctx.overloads?.get(name) ?? []).filter((v) => v.type.params.length === decl!.params.length);
  const target = sameArity.length === 1 ? sameArity[0]!.name : name;
  replace(ctx, e, callOf(decl, target, e, isStatic ? e.args : [self, ...e.args], isStatic ? 0 : 1));
  return true;
}

/**
 * The object of a member call is const (C++ then calls the method's `const` overload): a `const`
 * variable or parameter, a `const C *` parameter through `->`, `this` / `*this` in a const method, and
 * fields and elements of those. Through other pointers to const it is not known (the non-const one).
 */
function isConstObject(ctx: Ctx, e: Expr, arrow: boolean): boolean {
  const fn = ctx.fn?.decl;
  if (e.kind === 'Ident') {
    if (e.name === 'this') return arrow && fn?.method?.isConst === true;
    const sym = ctx.scope.lookup(e.name);
    if (!arrow && sym?.readonly) return true;
    const param = fn?.params.find((p) => p.name === e.name && p.symbol === sym);
    return !!param?.typeSpec.isConst && param.pointer === (arrow ? 1 : 0);
  }
  if (arrow) return false;
  if (e.kind === 'UnaryExpr' && e.op === '*') return isConstObject(ctx, e.operand, true);
  if (e.kind === 'MemberExpr') return isConstObject(ctx, e.object, e.arrow);
  if (e.kind === 'IndexExpr') return e.object.type?.kind === 'array' && isConstObject(ctx, e.object, false);
  return false;
}

/** `d.f(a)` of a method that D's base B declares: `d.__base.f(a)`, tried again (up the bases). */
function inheritedCall(ctx: Ctx, e: CallExpr, callee: MemberExpr): boolean {
  const t = callee.object.type;
  const s = callee.arrow ? (t?.kind === 'pointer' ? t.to : undefined) : t;
  if (s?.kind !== 'struct' || !s.fields.some((f) => f.name === '__base')) return false;
  callee.object = { kind: 'MemberExpr', span: callee.object.span, object: callee.object, member: '__base', memberSpan: callee.memberSpan, arrow: callee.arrow };
  callee.arrow = false;
  return methodCall(ctx, e, callee);
}

/** The declaration of `name` (or of one of its overloads) taking `arity` parameters. */
function pickDecl(ctx: Ctx, name: string, arity: number, isStatic?: boolean): FunctionDecl | undefined {
  const names = ctx.overloads?.get(name)?.map((v) => v.name) ?? [name];
  for (const n of names) {
    const d = ctx.scope.lookup(n)?.functionDecl;
    if (d && d.params.length === arity && (isStatic === undefined || (d.method?.kind === 'static') === isStatic)) return d;
  }
  return undefined;
}

/** `name(args)` with `&` for reference parameters (from `skip` on) and `*` for a reference result. */
function callOf(decl: FunctionDecl, name: string, at: Expr, args: Expr[], skip = 0): Expr {
  const passed = args.map((a, i) => (i >= skip && decl.params[i]?.reference ? addressOf(a) : a));
  const call: CallExpr = { kind: 'CallExpr', span: at.span, callee: { kind: 'Ident', span: at.span, name }, args: passed };
  return decl.returnsReference ? { kind: 'UnaryExpr', span: at.span, op: '*', operand: call } : call;
}

function isLvalue(e: Expr): boolean {
  if (e.kind === 'Ident' || e.kind === 'IndexExpr') return true;
  if (e.kind === 'UnaryExpr') return e.op === '*';
  return e.kind === 'MemberExpr' && (e.arrow || isLvalue(e.object));
}

function addressOf(e: Expr): Expr {
  if (e.kind === 'UnaryExpr' && e.op === '*') return e.operand;
  return { kind: 'UnaryExpr', span: e.span, op: '&', operand: e };
}

/** The operand's type, checking it only the first time. */
function typeOnce(ctx: Ctx, x: Expr): Type {
  if (x.type && ctx.cxxChecked?.has(x)) return x.type;
  const t = ctx.checkExpr(ctx, x);
  (ctx.cxxChecked ??= new WeakSet()).add(x);
  return t;
}

/** Turn node `e` into `to` in place (its parent keeps pointing at it), to be checked afresh. */
function replace(ctx: Ctx, e: Expr, to: Expr): void {
  ctx.cxxChecked?.delete(e);
  const target = e as unknown as Record<string, unknown>;
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, to);
}
