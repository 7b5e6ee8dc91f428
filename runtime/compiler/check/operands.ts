/**
 * What the checkers of calls, indexing, the Brook API and launches share with the expression checker
 * (expr.ts) that sits above them: checking an operand, name lookup, conversions, and writability.
 * Operands are checked through `ctx.checkExpr`, which index.ts wires to expr.ts, so these modules never
 * import the one that imports them (C's expressions nest: a call's argument is an expression).
 */
import type { Expr, Ident } from '../ast.js';
import type { Type } from '../types.js';
import { FLOAT, typeToString } from '../types.js';
import { reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import type { Sym } from './scope.js';
import { KERNEL_BUILTIN_NAMES } from './builtins.js';
import { HOST_LIB } from './hostlib.js';
import { assignable, closestName, ERROR, isLoose, scalarKind, size, swizzleText } from './typing.js';

/** Checks a sub-expression and records its type (expr.ts's checkExpr, reached through the context). */
export function checkOperand(ctx: Ctx, e: Expr): Type {
  return ctx.checkExpr(ctx, e);
}

export function notInKernel(ctx: Ctx, e: Expr, what: string, why: string): Type {
  reportCheck(ctx.bag, 'BRK2122', e.span, { name: what, why });
  return ERROR;
}

export function lookupOrReport(ctx: Ctx, id: Ident): Sym | undefined {
  const sym = ctx.scope.lookup(id.name);
  if (sym) return sym;
  // One diagnostic per unknown name and function: the other uses are the same mistake.
  const key = `${ctx.fn?.decl?.name ?? ''}\0${id.name}`;
  if (ctx.reportedUnknown.has(key)) return undefined;
  ctx.reportedUnknown.add(key);
  const candidates = ctx.scope.visible();
  if (inKernel(ctx)) candidates.push(...KERNEL_BUILTIN_NAMES);
  else candidates.push(...HOST_LIB.keys());
  const near = closestName(id.name, candidates);
  const hint = near ? `did you mean '${near}'?` : inKernel(ctx) ? undefined : `declare '${id.name}' before this line (C needs a declaration before use)`;
  reportCheck(ctx.bag, 'BRK2001', id.span, { name: id.name }, hint ? { hint } : undefined);
  return undefined;
}

/** In kernels, an integer literal (or its negation) used where a float is wanted becomes a float. */
export function retypeLiteral(ctx: Ctx, e: Expr, want: Type): void {
  if (!inKernel(ctx)) return;
  const s = scalarKind(want);
  if (s !== 'float' && s !== 'double') return;
  if (e.kind === 'NumberLit' && !e.isFloat) e.type = FLOAT;
  else if (e.kind === 'CharLit') e.type = FLOAT;
  else if (e.kind === 'UnaryExpr' && (e.op === '-' || e.op === '+') && (e.operand.kind === 'NumberLit' || e.operand.kind === 'CharLit')) {
    retypeLiteral(ctx, e.operand, want);
    e.type = FLOAT;
  } else if (e.kind === 'CondExpr' && isIntLiteral(e.then) && isIntLiteral(e.else) && e.type?.kind === 'scalar') {
    // `x = c ? 1 : 0;` for a float x: both arms are float literals.
    retypeLiteral(ctx, e.then, want);
    retypeLiteral(ctx, e.else, want);
    e.type = FLOAT;
    ctx.facts.operand.set(e, FLOAT);
  }
}

export function isIntLiteral(e: Expr): boolean {
  if (e.kind === 'NumberLit') return !e.isFloat;
  if (e.kind === 'CharLit') return true;
  return e.kind === 'UnaryExpr' && (e.op === '-' || e.op === '+') && isIntLiteral(e.operand);
}

/** Host code: a stream used as a number (BRK2120 at the stream). */
export function streamAsValue(ctx: Ctx, e: Expr): boolean {
  const t = e.type;
  if (inKernel(ctx) || !t || (t.kind !== 'stream' && t.kind !== 'domain')) return false;
  let x = e;
  while (x.kind === 'CallExpr' && x.callee.kind === 'MemberExpr') x = x.callee.object;
  reportCheck(ctx.bag, 'BRK2120', e.span, { name: x.kind === 'Ident' ? x.name : 'this' });
  return true;
}

/**
 * C++ inheritance (docs/CXX.md): a D where its base B is expected is D's `__base` part (`d` ->
 * `d.__base`, a `D *` -> `&p->__base`), up as many bases as needed. Rewrites `value` in place.
 */
function toBase(ctx: Ctx, value: Expr, from: Type, to: Type): boolean {
  const pointer = from.kind === 'pointer' && to.kind === 'pointer';
  const f = pointer ? from.to : from;
  const t = pointer ? to.to : to;
  if (f.kind !== 'struct' || t.kind !== 'struct' || f.name === t.name) return false;
  let s: Type = f;
  let depth = 0;
  while (s.kind === 'struct' && s.name !== t.name) {
    const base: { type: Type } | undefined = s.fields.find((x) => x.name === '__base');
    if (!base) return false;
    s = base.type;
    depth++;
  }
  let e: Expr = { ...value } as Expr;
  for (let i = 0; i < depth; i++) {
    e = { kind: 'MemberExpr', span: value.span, object: e, member: '__base', memberSpan: value.span, arrow: pointer && i === 0 };
  }
  if (pointer) e = { kind: 'UnaryExpr', span: value.span, op: '&', operand: e };
  const target = value as unknown as Record<string, unknown>;
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, e);
  ctx.checkExpr(ctx, value);
  return true;
}

/**
 * C++'s converting constructors: a value stored where a class is expected, when the class has a
 * one-parameter constructor that takes it, is that constructor's call (`counts[name]` of a
 * `std::map<std::string, int>` with a `const char *` name: subdivision's timing.cpp; a struct of
 * another type, `V(const F3 &)`).
 */
function byConstructor(ctx: Ctx, value: Expr, from: Type, to: Type): boolean {
  if (to.kind !== 'struct' || (from.kind === 'struct' && from.name === to.name) || isLoose(from)) return false;
  const ctor = `${to.name}__new`;
  const names = ctx.overloads?.get(ctor)?.map((v) => v.name) ?? [ctor];
  const fits = names.some((n) => {
    const t = ctx.scope.lookup(n)?.type;
    return t?.kind === 'function' && t.params.length === 1 && assignable(t.params[0]!, from).ok;
  });
  if (!fits) return false;
  const arg = { ...value } as Expr;
  const call: Expr = { kind: 'CallExpr', span: value.span, callee: { kind: 'Ident', span: value.span, name: ctor }, args: [arg] };
  const target = value as unknown as Record<string, unknown>;
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, call);
  ctx.checkExpr(ctx, value);
  return true;
}

/**
 * Check that `value` (already typed) may be stored into `to`; reports BRK2103 at `span`, warns when
 * components are dropped, and retypes integer literals in kernels. Returns false on error.
 */
export function coerce(ctx: Ctx, value: Expr, to: Type, span = value.span, opts: { quietDrop?: boolean } = {}): boolean {
  const from = value.type ?? ERROR;
  if (isLoose(from) || isLoose(to)) return true;
  const zero = value.kind === 'NumberLit' && value.value === 0 && !value.isFloat;
  if (from.kind === 'void') {
    reportCheck(ctx.bag, 'BRK2126', span);
    return false;
  }
  const res = assignable(to, from, { fromZeroLiteral: zero, kernel: inKernel(ctx) });
  if (!res.ok && toBase(ctx, value, from, to)) return coerce(ctx, value, to, span, opts);
  if (!res.ok && byConstructor(ctx, value, from, to)) return coerce(ctx, value, to, span, opts);
  if (!res.ok) {
    if ((from.kind === 'stream' || from.kind === 'domain') && to.kind !== 'stream') streamAsValue(ctx, value);
    else if (from.kind === 'stream') reportCheck(ctx.bag, 'BRK2318', span);
    else reportCheck(ctx.bag, 'BRK2103', span, { from: typeToString(from), to: typeToString(to), why: res.why });
    return false;
  }
  if (res.warnDrop && !opts.quietDrop) reportCheck(ctx.bag, 'BRK2403', span, { from: typeToString(from), to: typeToString(to), mask: swizzleText(size(to)) });
  retypeLiteral(ctx, value, to);
  return true;
}

/** Root variable of an lvalue path, or undefined when the expression is not assignable. */
function lvalueRoot(e: Expr): Ident | 'deref' | undefined {
  switch (e.kind) {
    case 'Ident': return e;
    case 'MemberExpr': return e.arrow ? 'deref' : lvalueRoot(e.object);
    case 'IndexExpr': {
      const t = e.object.type;
      if (t && (t.kind === 'pointer')) return 'deref';
      return lvalueRoot(e.object);
    }
    case 'UnaryExpr': return e.op === '*' ? 'deref' : undefined;
    default: return undefined;
  }
}

/** Reports why `target` cannot be written (kernel parameter roles, host globals from kernels, ...). */
export function checkWritable(ctx: Ctx, target: Expr, opText: string): boolean {
  if (isLoose(target.type ?? ERROR)) return false;
  const root = lvalueRoot(target);
  if (root === undefined) {
    reportCheck(ctx.bag, 'BRK2104', target.span, { op: opText });
    return false;
  }
  if (root === 'deref') return true;
  const sym = root.symbol as Sym | undefined;
  if (!sym) return false;
  if (sym.kind === 'hostlib' || sym.kind === 'constant' || (sym.readonly && target.kind === 'Ident')) {
    reportCheck(ctx.bag, 'BRK2104', target.span, { op: opText });
    return false;
  }
  if (inKernel(ctx)) {
    const p = sym.param;
    const name = sym.name;
    if (!sym.inKernel) { reportCheck(ctx.bag, 'BRK2226', target.span, { name }); return false; }
    // Helper kernels take their arguments by value (Cg): writing a parameter changes a local copy.
    if (p && ctx.fn?.kernel?.kind === 'helper' && (p.role === 'const' || p.role === 'in' || p.role === 'iter')) {
      sym.copyName ??= ctx.fn.namer.fresh(sym.name);
    } else if (p) {
      if (p.role === 'out' || p.role === 'reduce' || p.role === 'vout') sym.written = true;
      const code = p.role === 'in' ? 'BRK2211' : p.role === 'gather' ? 'BRK2212' : p.role === 'const' ? 'BRK2213' : p.role === 'iter' ? 'BRK2214' : undefined;
      if (code) { reportCheck(ctx.bag, code, target.span, { name }); return false; }
    }
  } else {
    const t = sym.type;
    if (t.kind === 'stream' && target.kind === 'Ident') { reportCheck(ctx.bag, 'BRK2318', target.span); return false; }
    if (t.kind === 'array' && target.kind === 'Ident') {
      reportCheck(ctx.bag, 'BRK2103', target.span, { from: 'a value', to: typeToString(t), why: 'C arrays cannot be assigned; copy the elements with a loop or memcpy' });
      return false;
    }
  }
  // Write masks: no repeated component on the left of '='.
  for (let x: Expr = target; x.kind === 'MemberExpr' || x.kind === 'IndexExpr'; x = x.object) {
    if (x.kind === 'MemberExpr') {
      const f = ctx.facts.member.get(x);
      if (f?.kind === 'swizzle' && new Set(f.components).size !== f.components.length) {
        reportCheck(ctx.bag, 'BRK2107', x.memberSpan, { member: x.member });
        return false;
      }
    }
  }
  return true;
}
