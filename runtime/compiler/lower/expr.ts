/**
 * Kernel expressions to IR. Side effects leave expressions: assignments, `++`/`--` and helper calls
 * with out arguments are hoisted into `pre` statements (in evaluation order), and the expression keeps
 * a read of the result. `&&`, `||` and `?:` whose later operands hoist statements become `if`s over a
 * temporary, so short-circuit order is kept.
 *
 * Gathers: `g[r][c]` -> index [c, r]; `g[v]` (float2..4) -> [v.x, v.y, ...] (fastest dimension first).
 */
import type { AssignExpr, CallExpr, Expr, Ident, IndexExpr, MemberExpr, PostfixExpr, UnaryExpr } from '../ast.js';
import type { IRExpr, IRLValue, IRBinaryOp } from '../ir.js';
import type { Type } from '../types.js';
import { sizeOf, FLOAT, INT, vec } from '../types.js';
import { reportCheck } from '../messages/check.js';
import type { Sym } from '../check/scope.js';
import { makeType, scalarKind, size } from '../check/typing.js';
import { BOOL_T, constant, convertTo, isSimple, swizzle, toBool } from './build.js';
import { freshTemp, type LowerState, type Pre } from './state.js';

const FLOAT4: Type = { kind: 'vector', elem: 'float', size: 4 };

function typeOf(e: Expr): Type {
  return e.type!;
}

export function lowerExpr(st: LowerState, e: Expr, pre: Pre): IRExpr {
  const span = e.span;
  switch (e.kind) {
    case 'NumberLit': return { ...constant(typeOf(e), e.value), span };
    case 'CharLit': return { ...constant(typeOf(e), e.value), span };
    case 'Ident': return lowerIdent(e);
    case 'BinaryExpr': {
      const t = typeOf(e);
      if ((e.op === '&&' || e.op === '||') && t.kind === 'vector') return lowerVectorLogic(st, e.op, e.left, e.right, t, pre, span);
      if (e.op === '&&' || e.op === '||') return lowerLogic(st, e.op, e.left, e.right, pre, span);
      const operand = st.facts.operand.get(e)!;
      const left = convertTo(lowerExpr(st, e.left, pre), operand);
      const right = convertTo(lowerExpr(st, e.right, pre), operand);
      return { op: 'binary', type: t, operator: e.op as IRBinaryOp, left, right, span };
    }
    case 'UnaryExpr': return lowerUnary(st, e, pre);
    case 'PostfixExpr': return lowerIncDec(st, e, pre, true);
    case 'AssignExpr': {
      lowerAssign(st, e, pre);
      return lowerExpr(st, e.target, pre);
    }
    case 'CondExpr': {
      const t = st.facts.operand.get(e)!;
      const cond = toBool(lowerExpr(st, e.cond, pre));
      const preA: Pre = [];
      const preB: Pre = [];
      const a = convertTo(lowerExpr(st, e.then, preA), t);
      const b = convertTo(lowerExpr(st, e.else, preB), t);
      if (preA.length === 0 && preB.length === 0) {
        const c = size(cond.type) > 1 || size(t) === 1 ? cond : cond;
        return { op: 'select', type: t, cond: c, then: a, else: b, span };
      }
      // An arm with side effects: evaluate only the chosen arm.
      const tmp = freshTemp(st);
      pre.push({ op: 'declare', name: tmp, type: t, init: null, span });
      const set = (v: IRExpr): import('../ir.js').IRStmt => ({ op: 'assign', target: { root: { kind: 'local', name: tmp }, type: t, path: [] }, value: v, span });
      pre.push({ op: 'if', cond, then: [...preA, set(a)], else: [...preB, set(b)], span });
      return { op: 'local', type: t, name: tmp, span };
    }
    case 'CallExpr': return lowerCall(st, e, pre);
    case 'IndexExpr': return lowerIndex(st, e, pre);
    case 'MemberExpr': return lowerMember(st, e, pre);
    case 'CastExpr': return convertTo(lowerExpr(st, e.operand, pre), typeOf(e));
    case 'SizeofExpr': {
      const t = e.target.kind === 'TypeName' ? e.target.type! : e.target.type!;
      return { ...constant(typeOf(e), sizeOf(t)), span };
    }
    case 'CommaExpr': {
      for (const x of e.exprs.slice(0, -1)) lowerEffect(st, x, pre);
      return lowerExpr(st, e.exprs[e.exprs.length - 1]!, pre);
    }
    case 'ConstructExpr': return lowerConstruct(st, typeOf(e), e.args, pre, span);
    case 'InitList': return lowerInitList(st, e, typeOf(e), pre);
    case 'IndexofExpr': return lowerIndexof(st, e.stream, span);
    case 'StringLit': return constant(FLOAT, 0); // rejected by the checker
  }
}

function lowerIdent(e: Ident): IRExpr {
  const sym = e.symbol as Sym;
  const t = typeOf(e);
  if (sym.copyName) return { op: 'local', type: t, name: sym.copyName, span: e.span };
  if (sym.param) return { op: 'param', type: t, index: sym.param.index, span: e.span };
  if (!sym.inKernel) return { ...constant(t, sym.hostlib?.value ?? sym.constValue ?? 0), span: e.span };
  return { op: 'local', type: t, name: sym.emitName, span: e.span };
}

function lowerLogic(st: LowerState, op: '&&' | '||', l: Expr, r: Expr, pre: Pre, span: import('../source.js').Span): IRExpr {
  const left = toBool(lowerExpr(st, l, pre));
  const preR: Pre = [];
  const right = toBool(lowerExpr(st, r, preR));
  if (preR.length === 0) return { op: 'binary', type: BOOL_T, operator: op, left, right, span };
  const tmp = freshTemp(st);
  const target: IRLValue = { root: { kind: 'local', name: tmp }, type: BOOL_T, path: [] };
  pre.push({ op: 'declare', name: tmp, type: BOOL_T, init: left, span });
  const read: IRExpr = { op: 'local', type: BOOL_T, name: tmp };
  const cond: IRExpr = op === '&&' ? read : { op: 'unary', type: BOOL_T, operator: '!', operand: read };
  pre.push({ op: 'if', cond, then: [...preR, { op: 'assign', target, value: right, span }], else: [], span });
  return { ...read, span };
}

/** Cg's component-wise `a && b` / `a || b` on bool vectors: both sides are evaluated (no short circuit),
 *  then a per-component select: `a && b` is `a ? b : false`, `a || b` is `a ? true : b`. */
function lowerVectorLogic(st: LowerState, op: '&&' | '||', l: Expr, r: Expr, t: Type, pre: Pre, span: import('../source.js').Span): IRExpr {
  const left = convertTo(lowerExpr(st, l, pre), t);
  const right = convertTo(lowerExpr(st, r, pre), t);
  const then = op === '&&' ? right : constant(t, 1);
  const otherwise = op === '&&' ? constant(t, 0) : right;
  return { op: 'select', type: t, cond: left, then, else: otherwise, span };
}

function lowerUnary(st: LowerState, e: UnaryExpr, pre: Pre): IRExpr {
  const t = typeOf(e);
  switch (e.op) {
    case '++': case '--': return lowerIncDec(st, e, pre, false);
    case '+': return convertTo(lowerExpr(st, e.operand, pre), t);
    case '-': {
      const v = convertTo(lowerExpr(st, e.operand, pre), t);
      if (v.op === 'const') return { ...v, value: v.value.map((x) => (scalarKind(t) === 'uint' ? (-x) >>> 0 : -x)), span: e.span };
      return { op: 'unary', type: t, operator: '-', operand: v, span: e.span };
    }
    case '!': return { op: 'unary', type: t, operator: '!', operand: toBool(lowerExpr(st, e.operand, pre)), span: e.span };
    case '~': return { op: 'unary', type: t, operator: '~', operand: convertTo(lowerExpr(st, e.operand, pre), t), span: e.span };
    default: return constant(t, 0); // '*' and '&' are rejected by the checker
  }
}

/** `x++` / `++x`: the update is a statement; the value is the old (postfix) or new (prefix) value. */
function lowerIncDec(st: LowerState, e: UnaryExpr | PostfixExpr, pre: Pre, postfix: boolean): IRExpr {
  const t = typeOf(e.operand);
  let old: IRExpr | undefined;
  if (postfix) {
    const tmp = freshTemp(st);
    pre.push({ op: 'declare', name: tmp, type: t, init: lowerExpr(st, e.operand, pre), span: e.span });
    old = { op: 'local', type: t, name: tmp, span: e.span };
  }
  emitIncDec(st, e.operand, e.op as "++" | "--", pre, e.span);
  return old ?? lowerExpr(st, e.operand, pre);
}

export function emitIncDec(st: LowerState, target: Expr, op: '++' | '--', pre: Pre, span: import('../source.js').Span): void {
  const t = typeOf(target);
  const lv = lowerLValue(st, target, pre);
  const cur = lowerExpr(st, target, pre);
  // bool has no + in the IR: C computes b + 1 in int and converts back (so b++ is true, b-- toggles).
  const at: Type = t.kind === 'scalar' && t.name === 'bool' ? INT : t.kind === 'vector' && t.elem === 'bool' ? vec('int', t.size) : t;
  const sum: IRExpr = { op: 'binary', type: at, operator: op === '++' ? '+' : '-', left: convertTo(cur, at), right: constant(at, 1), span };
  pre.push({ op: 'assign', target: lv, value: convertTo(sum, t), span });
}

export function lowerAssign(st: LowerState, e: AssignExpr, pre: Pre): void {
  const t = typeOf(e.target);
  let value: IRExpr;
  if (e.op === '=') {
    value = convertTo(lowerExpr(st, e.value, pre), t);
  } else {
    const operand = st.facts.operand.get(e)!;
    const rhs = convertTo(lowerExpr(st, e.value, pre), operand);
    const cur = convertTo(lowerExpr(st, e.target, pre), operand);
    const op = e.op.slice(0, -1) as IRBinaryOp;
    value = convertTo({ op: 'binary', type: operand, operator: op, left: cur, right: rhs, span: e.span }, t);
  }
  const lv = lowerLValue(st, e.target, pre);
  pre.push({ op: 'assign', target: lv, value, span: e.span });
}

/** An assignable place: a local or out/reduce/vout param, then fields and swizzles. */
export function lowerLValue(st: LowerState, e: Expr, pre: Pre): IRLValue {
  const path: IRLValue['path'] = [];
  let x: Expr = e;
  for (;;) {
    if (x.kind === 'MemberExpr') {
      const f = st.facts.member.get(x)!;
      path.unshift(f.kind === 'field' ? { kind: 'field', name: x.member } : { kind: 'swizzle', components: f.components });
      x = x.object;
    } else if (x.kind === 'IndexExpr') {
      const f = st.facts.index.get(x);
      if (f?.kind === 'component') path.unshift({ kind: 'swizzle', components: [f.component] });
      else path.unshift({ kind: 'index', index: lowerExpr(st, x.index, pre) });
      x = x.object;
    } else break;
  }
  const sym = (x as Ident).symbol as Sym;
  const root: IRLValue['root'] = sym.copyName ? { kind: 'local', name: sym.copyName }
    : sym.param ? { kind: 'param', index: sym.param.index } : { kind: 'local', name: sym.emitName };
  return { root, type: typeOf(e), path };
}

/** Evaluate for effect only (expression statements, comma operands, for-updates). */
export function lowerEffect(st: LowerState, e: Expr, pre: Pre): void {
  switch (e.kind) {
    case 'AssignExpr': lowerAssign(st, e, pre); return;
    case 'UnaryExpr':
      if (e.op === '++' || e.op === '--') { emitIncDec(st, e.operand, e.op, pre, e.span); return; }
      break;
    case 'PostfixExpr': emitIncDec(st, e.operand, e.op, pre, e.span); return;
    case 'CommaExpr': for (const x of e.exprs) lowerEffect(st, x, pre); return;
    case 'CallExpr': {
      const fact = st.facts.call.get(e);
      if (fact?.kind === 'push') {
        pre.push({ op: 'push', param: fact.param, value: { op: 'param', type: typeOf(e.args[0]!), index: fact.param }, span: e.span });
        return;
      }
      const v = lowerExpr(st, e, pre);
      // A call with out-arguments was already hoisted as a statement by lowerHelperCall.
      if (v.op === 'call' && !v.outArgs.some((o) => o !== null)) pre.push({ op: 'expr', expr: v, span: e.span });
      return;
    }
    default: break;
  }
  lowerExpr(st, e, pre); // a pure expression: only its hoisted effects matter
}

// ---------------------------------------------------------------------------------------------------

function lowerCall(st: LowerState, e: CallExpr, pre: Pre): IRExpr {
  const fact = st.facts.call.get(e)!;
  const t = typeOf(e);
  if (fact.kind === 'builtin') {
    const args = e.args.map((a, i) => convertTo(lowerExpr(st, a, pre), fact.params[i]!));
    if (fact.name === 'modf' || fact.name === 'frexp') return lowerSplitBuiltin(st, fact.name, e, args, pre);
    return { op: 'builtin', type: t, name: fact.name, args, span: e.span };
  }
  if (fact.kind === 'helper') return lowerHelperCall(st, e, fact.kernel, pre);
  return constant(t.kind === 'void' ? FLOAT : t, 0); // push in value position: the checker types it void
}

/** `modf(x, ip)`: ip = trunc(x), value x - ip. `frexp(x, e)`: e = frexpExponent(x), value frexpMantissa(x). */
function lowerSplitBuiltin(st: LowerState, name: string, e: CallExpr, args: IRExpr[], pre: Pre): IRExpr {
  const t = typeOf(e);
  let x = args[0]!;
  if (!isSimple(x)) {
    const tmp = freshTemp(st);
    pre.push({ op: 'declare', name: tmp, type: x.type, init: x, span: e.span });
    x = { op: 'local', type: x.type, name: tmp };
  }
  const out = lowerLValue(st, e.args[1]!, pre);
  if (name === 'modf') {
    pre.push({ op: 'assign', target: out, value: { op: 'builtin', type: t, name: 'trunc', args: [x] }, span: e.span });
    return { op: 'binary', type: t, operator: '-', left: x, right: { op: 'builtin', type: t, name: 'trunc', args: [x] }, span: e.span };
  }
  pre.push({ op: 'assign', target: out, value: { op: 'builtin', type: t, name: 'frexpExponent', args: [x] }, span: e.span });
  return { op: 'builtin', type: t, name: 'frexpMantissa', args: [x], span: e.span };
}

function lowerHelperCall(st: LowerState, e: CallExpr, name: string, pre: Pre): IRExpr {
  const helper = st.helperOf(name);
  if (!helper) {
    // Declared (a prototype) but never defined: there is no body to inline.
    if (!st.bag.items.some((d) => d.code === 'BRK2129' && d.span.start === e.callee.span.start && d.span.file === e.callee.span.file)) {
      reportCheck(st.bag, 'BRK2129', e.callee.span, { name });
    }
    return zeroOf(typeOf(e));
  }
  st.callees.add(name);
  const t = typeOf(e);
  const args: IRExpr[] = [];
  const outArgs: (IRLValue | null)[] = [];
  helper.params.forEach((p, i) => {
    const a = e.args[i]!;
    if (p.isOut) {
      outArgs.push(lowerLValue(st, a, pre));
      args.push(lowerExpr(st, a, pre));
    } else if (p.type.kind === 'gather') {
      const sym = (a as Ident).symbol as Sym;
      args.push({ op: 'param', type: sym.type, index: sym.param!.index, span: a.span });
      outArgs.push(null);
    } else {
      args.push(convertTo(lowerExpr(st, a, pre), p.type));
      outArgs.push(null);
    }
  });
  const indexofArgs: IRExpr[] = [];
  for (const h of helper.hiddenIndexofParams) {
    const a = e.args[h]!;
    const sym = a.kind === 'Ident' ? (a.symbol as Sym | undefined) : undefined;
    if (!sym?.param?.isStream) {
      // The kernel is lowered twice (as a kernel and as a helper): report once.
      if (st.bag.items.some((d) => d.code === 'BRK2223' && d.span.start === a.span.start && d.span.file === a.span.file)) { indexofArgs.push(constant(FLOAT4, 0)); continue; }
      reportCheck(st.bag, 'BRK2223', a.span, { param: helper.params[h]!.name.replace(/^p_/, ''), name, n: h + 1 });
      indexofArgs.push(constant(FLOAT4, 0));
      continue;
    }
    indexofArgs.push(positionOf(st, sym.param.index, a.span));
  }
  const call: IRExpr = { op: 'call', type: t, helper: helper.name, args, outArgs, indexofArgs, span: e.span };
  if (!outArgs.some((o) => o !== null)) return call;
  // Out arguments are effects: the call becomes a statement, its value a temporary.
  if (t.kind === 'void') {
    pre.push({ op: 'expr', expr: call, span: e.span });
    return call;
  }
  const tmp = freshTemp(st);
  pre.push({ op: 'declare', name: tmp, type: t, init: call, span: e.span });
  return { op: 'local', type: t, name: tmp, span: e.span };
}

/** Position of stream param `index` of the body being lowered. */
function positionOf(st: LowerState, index: number, span: import('../source.js').Span): IRExpr {
  if (st.mode === 'helper') {
    st.hiddenIndexof.add(index);
    return { op: 'helperIndexof', type: FLOAT4, param: index, span };
  }
  st.indexofParams.add(index);
  return { op: 'indexof', type: FLOAT4, param: index, span };
}

function lowerIndexof(st: LowerState, id: Ident, span: import('../source.js').Span): IRExpr {
  const sym = id.symbol as Sym;
  return positionOf(st, sym.param!.index, span);
}

function lowerIndex(st: LowerState, e: IndexExpr, pre: Pre): IRExpr {
  const fact = st.facts.index.get(e)!;
  const t = typeOf(e);
  if (fact.kind === 'component') return swizzle(lowerExpr(st, e.object, pre), [fact.component]);
  if (fact.kind !== 'gather') return constant(t, 0); // not reachable after a clean check
  let index: IRExpr[];
  // A truth value as an index (g[a > b]) counts as 0 or 1.
  const numeric = (x: IRExpr): IRExpr => (scalarKind(x.type) === 'bool' ? convertTo(x, makeType('float', size(x.type))) : x);
  if (fact.indices.length === 1) {
    let v = numeric(lowerExpr(st, fact.indices[0]!, pre));
    const n = size(v.type);
    const scalarConstruct = v.op === 'construct' && v.args.every((a) => size(a.type) === 1);
    if (n > 1 && !isSimple(v) && !scalarConstruct) {
      const tmp = freshTemp(st);
      pre.push({ op: 'declare', name: tmp, type: v.type, init: v, span: v.span });
      v = { op: 'local', type: v.type, name: tmp, span: v.span };
    }
    // A wider vector indexes a 2-D..4-D gather with its first components (checked in check/access.ts).
    index = n === 1 ? [v] : Array.from({ length: Math.min(n, fact.dims) }, (_, i) => swizzle(v, [i]));
  } else {
    index = fact.indices.map((x) => numeric(lowerExpr(st, x, pre))).reverse();
  }
  return { op: 'gather', type: t, param: fact.param, index, span: e.span };
}

function lowerMember(st: LowerState, e: MemberExpr, pre: Pre): IRExpr {
  const fact = st.facts.member.get(e)!;
  const v = lowerExpr(st, e.object, pre);
  if (fact.kind === 'field') return { op: 'field', type: typeOf(e), value: v, field: e.member, span: e.span };
  return { ...swizzle(v, fact.components), span: e.span };
}

function lowerConstruct(st: LowerState, t: Type, args: Expr[], pre: Pre, span: import('../source.js').Span): IRExpr {
  const s = scalarKind(t)!;
  const vals = args.map((a) => {
    const v = lowerExpr(st, a, pre);
    return convertTo(v, makeType(s, size(v.type)));
  });
  if (vals.length === 1 && size(vals[0]!.type) === 1 && size(t) > 1) return convertTo(vals[0]!, t);
  if (vals.length === 1) return convertTo(vals[0]!, t);
  if (vals.every((v) => v.op === 'const')) {
    return { op: 'const', type: t, value: vals.flatMap((v) => (v.op === 'const' ? v.value : [])), span };
  }
  return { op: 'construct', type: t, args: vals, span };
}

/** `{...}` of a declaration: vectors and structs (kernels have no arrays); missing values are 0. */
export function lowerInitList(st: LowerState, e: Expr, t: Type, pre: Pre): IRExpr {
  if (e.kind !== 'InitList') return convertTo(lowerExpr(st, e, pre), t);
  if (t.kind === 'struct') {
    const args = t.fields.map((f, i) => (e.items[i] ? lowerInitList(st, e.items[i]!, f.type, pre) : zeroOf(f.type)));
    return { op: 'construct', type: t, args, span: e.span };
  }
  if (t.kind === 'vector') {
    // Items give one or more components each (the checker made them fit); missing ones are 0.
    const vals: IRExpr[] = [];
    let n = 0;
    for (const item of e.items) {
      const k = Math.min(item.type && item.kind !== 'InitList' ? size(item.type) : 1, t.size - n);
      vals.push(lowerInitList(st, item, makeType(t.elem, k), pre));
      n += k;
    }
    for (; n < t.size; n++) vals.push(constant(makeType(t.elem, 1), 0));
    if (vals.length === 1) return convertTo(vals[0]!, t);
    if (vals.every((v) => v.op === 'const')) return { op: 'const', type: t, value: vals.flatMap((v) => (v.op === 'const' ? v.value : [])), span: e.span };
    return { op: 'construct', type: t, args: vals, span: e.span };
  }
  return e.items[0] ? lowerInitList(st, e.items[0], t, pre) : zeroOf(t);
}

export function zeroOf(t: Type): IRExpr {
  if (t.kind === 'struct') return { op: 'construct', type: t, args: t.fields.map((f) => zeroOf(f.type)) };
  return constant(t, 0);
}
