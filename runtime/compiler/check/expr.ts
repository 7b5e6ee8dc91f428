/**
 * Expression typing for host code and kernel bodies (one checker, two contexts: `inKernel(ctx)`).
 *
 * Every Expr gets `type`; every Ident gets `symbol`. An error gives ERROR, which suppresses further
 * diagnostics on anything built from it (no cascades).
 *
 * Kernel rules: an Ident naming a stream parameter has the element type (the current element);
 * comparisons and logic give bool; integer literals next to a float operand, or stored into a float, are
 * retyped to float (BROOK.md 2), so the IR never sees an int literal in float context.
 */
import type { AssignExpr, BinaryExpr, CondExpr, Expr, Ident, IndexExpr, MemberExpr, PostfixExpr, UnaryExpr } from '../ast.js';
import type { Type } from '../types.js';
import { builtinTypeByName, CHAR, FLOAT, INT, typeToString } from '../types.js';
import { plural, reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkCall } from './calls.js';
import { evalConst, resolveTypeName } from './resolve.js';
import type { Sym } from './scope.js';
import { KERNEL_BUILTIN_NAMES } from './builtins.js';
import { HOST_LIB } from './hostlib.js';
import {
  assignable, binaryTypes, closestName, ERROR, isArith, isLoose, makeType, parseSwizzle, scalarKind, size, swizzleText,
} from './typing.js';

const ULONG: Type = { kind: 'scalar', name: 'ulong' };

export function checkExpr(ctx: Ctx, e: Expr): Type {
  const t = typeOf(ctx, e);
  e.type = t;
  return t;
}

function typeOf(ctx: Ctx, e: Expr): Type {
  switch (e.kind) {
    case 'NumberLit': return literalType(ctx, e.isFloat, e.suffix, e.value);
    case 'StringLit':
      if (inKernel(ctx)) return notInKernel(ctx, e, 'string literal', 'kernels compute numbers; there is no text on the device');
      return { kind: 'pointer', to: CHAR };
    case 'CharLit': return INT;
    case 'Ident': return checkIdent(ctx, e);
    case 'BinaryExpr': return checkBinary(ctx, e);
    case 'AssignExpr': return checkAssign(ctx, e);
    case 'UnaryExpr': return checkUnary(ctx, e);
    case 'PostfixExpr': return checkIncDec(ctx, e, e.operand);
    case 'CondExpr': return checkCond(ctx, e);
    case 'CallExpr': return checkCall(ctx, e);
    case 'IndexExpr': return checkIndex(ctx, e);
    case 'MemberExpr': return checkMember(ctx, e);
    case 'CastExpr': {
      const to = resolveTypeName(ctx, e.target);
      const from = checkExpr(ctx, e.operand);
      if (isLoose(to) || isLoose(from)) return to;
      const ok = (isArith(to) && isArith(from) && (size(from) === size(to) || size(from) === 1))
        || (to.kind === 'pointer' && (from.kind === 'pointer' || from.kind === 'array' || from.kind === 'scalar'))
        || (to.kind === 'scalar' && from.kind === 'pointer')
        || to.kind === 'void'
        || (to.kind === 'struct' && from.kind === 'struct' && to.name === from.name);
      if (!ok) reportCheck(ctx.bag, 'BRK2103', e.span, { from: typeToString(from), to: typeToString(to), why: 'this cast is not allowed' });
      return to;
    }
    case 'SizeofExpr':
      if (e.target.kind === 'TypeName') resolveTypeName(ctx, e.target);
      else checkExpr(ctx, e.target);
      return inKernel(ctx) ? INT : ULONG;
    case 'CommaExpr': {
      let t: Type = ERROR;
      for (const x of e.exprs) t = checkExpr(ctx, x);
      return t;
    }
    case 'InitList':
      for (const x of e.items) checkExpr(ctx, x);
      reportCheck(ctx.bag, 'BRK2103', e.span, { from: 'a brace list', to: 'a value', why: 'brace lists only initialize a declared variable, as in float2 v = {1, 2};' });
      return ERROR;
    case 'ConstructExpr': return checkConstruct(ctx, e.typeName, e.args, e.span);
    case 'IndexofExpr': return checkIndexof(ctx, e.stream, e.span);
  }
}

function literalType(ctx: Ctx, isFloat: boolean, suffix: string, value: number): Type {
  if (isFloat) return inKernel(ctx) || suffix.includes('f') ? FLOAT : { kind: 'scalar', name: 'double' };
  const s = suffix.toLowerCase();
  if (s.includes('u')) return s.includes('l') && !inKernel(ctx) ? ULONG : { kind: 'scalar', name: 'uint' };
  if (s.includes('l') && !inKernel(ctx)) return { kind: 'scalar', name: 'long' };
  if (value > 2147483647 && !inKernel(ctx)) return { kind: 'scalar', name: 'long' };
  return INT;
}

function notInKernel(ctx: Ctx, e: Expr, what: string, why: string): Type {
  reportCheck(ctx.bag, 'BRK2122', e.span, { name: what, why });
  return ERROR;
}

// ---------------------------------------------------------------------------------------------------
// Names

export function lookupOrReport(ctx: Ctx, id: Ident): Sym | undefined {
  const sym = ctx.scope.lookup(id.name);
  if (sym) return sym;
  const candidates = ctx.scope.visible();
  if (inKernel(ctx)) candidates.push(...KERNEL_BUILTIN_NAMES);
  else candidates.push(...HOST_LIB.keys());
  const near = closestName(id.name, candidates);
  reportCheck(ctx.bag, 'BRK2001', id.span, { name: id.name }, near ? { hint: `did you mean '${near}'?` } : undefined);
  return undefined;
}

function checkIdent(ctx: Ctx, id: Ident): Type {
  const sym = lookupOrReport(ctx, id);
  if (!sym) return ERROR;
  id.symbol = sym;
  if (sym.kind === 'kernel' || sym.kind === 'function' || (sym.kind === 'hostlib' && sym.hostlib?.kind === 'function')) {
    reportCheck(ctx.bag, 'BRK2320', id.span, { name: id.name });
    return ERROR;
  }
  if (inKernel(ctx)) {
    if (!sym.inKernel) {
      const constant = sym.hostlib?.value ?? sym.constValue;
      if (constant !== undefined) return sym.type.kind === 'scalar' && sym.type.name === 'double' ? FLOAT : sym.type;
      reportCheck(ctx.bag, 'BRK2217', id.span, { name: id.name });
      return ERROR;
    }
    const p = sym.param;
    if (p && p.role === 'gather') return sym.type; // indexed by checkIndex
    if (p && (p.isStream || p.role === 'reduce' || p.role === 'vout')) return elemOf(sym.type);
    return sym.type;
  }
  return sym.type;
}

function elemOf(t: Type): Type {
  return t.kind === 'stream' || t.kind === 'gather' ? t.elem : t;
}

// ---------------------------------------------------------------------------------------------------
// Operators

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
  }
}

function pointerLike(t: Type): boolean {
  return t.kind === 'pointer' || t.kind === 'array';
}

function checkBinary(ctx: Ctx, e: BinaryExpr): Type {
  const l = checkExpr(ctx, e.left);
  const r = checkExpr(ctx, e.right);
  if (isLoose(l) || isLoose(r)) return ERROR;
  return binaryResult(ctx, e, e.op, l, r);
}

/** Result type of `l op r` (also compound assignments); records the operand type. */
function binaryResult(ctx: Ctx, e: BinaryExpr | AssignExpr, op: string, l: Type, r: Type): Type {
  const left = e.kind === 'BinaryExpr' ? e.left : e.target;
  const right = e.kind === 'BinaryExpr' ? e.right : e.value;
  if (!inKernel(ctx) && (pointerLike(l) || pointerLike(r))) return pointerArith(ctx, e, op, l, r);
  const res = binaryTypes(op, l, r, inKernel(ctx) ? 'kernel' : 'host');
  if (typeof res === 'string') {
    reportCheck(ctx.bag, 'BRK2101', e.span, { op, left: typeToString(l), right: typeToString(r), why: res });
    return ERROR;
  }
  if (res.narrowed) {
    const n = Math.min(res.narrowed.left, res.narrowed.right);
    reportCheck(ctx.bag, 'BRK2401', e.span, { left: typeToString(l), right: typeToString(r), result: typeToString(res.operand), mask: swizzleText(n) });
  }
  retypeLiteral(ctx, left, res.operand);
  retypeLiteral(ctx, right, res.operand);
  ctx.facts.operand.set(e, res.operand);
  return res.result;
}

function pointerArith(ctx: Ctx, e: BinaryExpr | AssignExpr, op: string, l: Type, r: Type): Type {
  const decay = (t: Type): Type => (t.kind === 'array' ? { kind: 'pointer', to: t.elem } : t);
  const lp = pointerLike(l);
  const rp = pointerLike(r);
  const intOf = (t: Type) => t.kind === 'scalar' && t.name !== 'float' && t.name !== 'double';
  const cmp = ['<', '>', '<=', '>=', '==', '!=', '&&', '||'];
  if (cmp.includes(op) && (lp || intOf(l)) && (rp || intOf(r))) return INT;
  if (op === '+' && lp && intOf(r)) return decay(l);
  if (op === '+' && rp && intOf(l)) return decay(r);
  if (op === '-' && lp && intOf(r)) return decay(l);
  if (op === '-' && lp && rp) return { kind: 'scalar', name: 'long' };
  reportCheck(ctx.bag, 'BRK2101', e.span, { op, left: typeToString(l), right: typeToString(r), why: 'pointers take + and - with integers, and comparisons' });
  return ERROR;
}

function checkUnary(ctx: Ctx, e: UnaryExpr): Type {
  if (e.op === '++' || e.op === '--') return checkIncDec(ctx, e, e.operand);
  const t = checkExpr(ctx, e.operand);
  if (isLoose(t)) return ERROR;
  const kernel = inKernel(ctx);
  switch (e.op) {
    case '-': case '+':
      if (isArith(t)) return t.kind === 'scalar' ? makeType(kernel ? t.name : promoteName(t.name), 1) : t;
      break;
    case '!':
      if (isArith(t)) return kernel ? makeType('bool', size(t)) : INT;
      if (!kernel && pointerLike(t)) return INT;
      break;
    case '~':
      if (isArith(t) && scalarKind(t) !== 'float' && scalarKind(t) !== 'double') return t;
      break;
    case '*':
      if (kernel) return kernelPointer(ctx, e);
      if (t.kind === 'pointer' || t.kind === 'array') return t.kind === 'pointer' ? t.to : t.elem;
      break;
    case '&':
      if (kernel) return kernelPointer(ctx, e);
      return { kind: 'pointer', to: t.kind === 'array' ? t.elem : t };
  }
  reportCheck(ctx.bag, 'BRK2102', e.span, { op: e.op, type: typeToString(t), why: unaryWhy(e.op) });
  return ERROR;
}

function promoteName(n: import('../types.js').ScalarName): import('../types.js').ScalarName {
  return n === 'bool' || n === 'char' || n === 'uchar' || n === 'short' || n === 'ushort' ? 'int' : n;
}

function unaryWhy(op: string): string {
  switch (op) {
    case '~': return "'~' needs an integer";
    case '*': return "'*' dereferences a pointer";
    default: return `'${op}' needs a number or a vector`;
  }
}

function kernelPointer(ctx: Ctx, e: Expr): Type {
  reportCheck(ctx.bag, 'BRK2228', e.span);
  return ERROR;
}

function checkIncDec(ctx: Ctx, e: UnaryExpr | PostfixExpr, operand: Expr): Type {
  const t = checkExpr(ctx, operand);
  if (isLoose(t)) return ERROR;
  if (!isArith(t) && !(t.kind === 'pointer' && !inKernel(ctx))) {
    reportCheck(ctx.bag, 'BRK2102', e.span, { op: e.op, type: typeToString(t), why: `'${e.op}' needs a number` });
    return ERROR;
  }
  checkWritable(ctx, operand, `'${e.op}'`);
  ctx.facts.operand.set(e, t);
  return t;
}

function checkAssign(ctx: Ctx, e: AssignExpr): Type {
  const target = checkExpr(ctx, e.target);
  const value = checkExpr(ctx, e.value);
  const writable = checkWritable(ctx, e.target, `'${e.op}'`);
  if (isLoose(target) || isLoose(value) || !writable) return isLoose(target) ? ERROR : target;
  if (e.op === '=') {
    coerce(ctx, e.value, target, e.value.span);
    return target;
  }
  const op = e.op.slice(0, -1);
  const res = binaryResult(ctx, e, op, target, value);
  if (isLoose(res)) return target;
  const back = assignable(target, res);
  if (!back.ok) reportCheck(ctx.bag, 'BRK2103', e.span, { from: typeToString(res), to: typeToString(target), why: back.why });
  return target;
}

/**
 * Check that `value` (already typed) may be stored into `to`; reports BRK2103 at `span`, warns when
 * components are dropped, and retypes integer literals in kernels. Returns false on error.
 */
export function coerce(ctx: Ctx, value: Expr, to: Type, span = value.span): boolean {
  const from = value.type ?? ERROR;
  if (isLoose(from) || isLoose(to)) return true;
  const zero = value.kind === 'NumberLit' && value.value === 0 && !value.isFloat;
  const res = assignable(to, from, { fromZeroLiteral: zero });
  if (!res.ok) {
    if (from.kind === 'stream') reportCheck(ctx.bag, 'BRK2318', span);
    else reportCheck(ctx.bag, 'BRK2103', span, { from: typeToString(from), to: typeToString(to), why: res.why });
    return false;
  }
  if (res.warnDrop) reportCheck(ctx.bag, 'BRK2403', span, { from: typeToString(from), to: typeToString(to), mask: swizzleText(size(to)) });
  retypeLiteral(ctx, value, to);
  return true;
}

function checkCond(ctx: Ctx, e: CondExpr): Type {
  const c = checkExpr(ctx, e.cond);
  const a = checkExpr(ctx, e.then);
  const b = checkExpr(ctx, e.else);
  if (isLoose(c) || isLoose(a) || isLoose(b)) return ERROR;
  const kernel = inKernel(ctx);
  if (!isArith(c) && !(pointerLike(c) && !kernel)) {
    reportCheck(ctx.bag, 'BRK2119', e.cond.span, { type: typeToString(c) });
    return ERROR;
  }
  if (size(c) > 1 && !kernel) {
    reportCheck(ctx.bag, 'BRK2119', e.cond.span, { type: typeToString(c) });
    return ERROR;
  }
  let result: Type;
  if (isArith(a) && isArith(b)) {
    const res = binaryTypes('+', a, b, kernel ? 'kernel' : 'host');
    if (typeof res === 'string') return ERROR;
    if (res.narrowed) reportCheck(ctx.bag, 'BRK2401', e.span, { left: typeToString(a), right: typeToString(b), result: typeToString(res.operand), mask: swizzleText(size(res.operand)) });
    result = scalarKind(a) === 'bool' && scalarKind(b) === 'bool' ? makeType('bool', size(res.operand)) : res.operand;
    if (size(c) > 1) {
      // Componentwise select: the condition's size and the arms' size must agree (a scalar arm splats).
      if (size(result) === 1) result = makeType(scalarKind(result)!, size(c));
      else if (size(result) !== size(c)) {
        reportCheck(ctx.bag, 'BRK2101', e.span, { op: '?:', left: typeToString(c), right: typeToString(result), why: 'a vector condition selects component by component; give arms of the same size' });
        return ERROR;
      }
    }
    retypeLiteral(ctx, e.then, result);
    retypeLiteral(ctx, e.else, result);
  } else if (a.kind === 'struct' && b.kind === 'struct' && a.name === b.name) {
    result = a;
  } else if (!kernel && (pointerLike(a) || pointerLike(b))) {
    result = pointerLike(a) ? (a.kind === 'array' ? { kind: 'pointer', to: a.elem } : a) : b;
  } else {
    reportCheck(ctx.bag, 'BRK2101', e.span, { op: '?:', left: typeToString(a), right: typeToString(b), why: 'both arms must have compatible types' });
    return ERROR;
  }
  ctx.facts.operand.set(e, result);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Assignability of a target (lvalue) and kernel write rules

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
    if (p) {
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

// ---------------------------------------------------------------------------------------------------
// Members, indexing, constructors, indexof

function checkMember(ctx: Ctx, e: MemberExpr): Type {
  let t = checkExpr(ctx, e.object);
  if (isLoose(t)) return ERROR;
  if (e.arrow) {
    if (t.kind === 'pointer' && !inKernel(ctx)) t = t.to;
    else {
      reportCheck(ctx.bag, 'BRK2102', e.span, { op: '->', type: typeToString(t), why: "'->' reaches a field through a pointer; use '.' on a struct value" });
      return ERROR;
    }
  }
  if (t.kind === 'struct') {
    const f = t.fields.find((x) => x.name === e.member);
    if (!f) {
      const near = closestName(e.member, t.fields.map((x) => x.name));
      const fields = t.fields.map((x) => x.name).join(', ') || '(none)';
      reportCheck(ctx.bag, 'BRK2005', e.memberSpan, { struct: t.name, field: e.member, fields }, near ? { hint: `did you mean '${near}'? Its fields are: ${fields}` } : undefined);
      return ERROR;
    }
    ctx.facts.member.set(e, { kind: 'field' });
    return inKernel(ctx) && f.type.kind === 'scalar' && f.type.name === 'double' ? FLOAT : f.type;
  }
  if (t.kind === 'vector' || t.kind === 'scalar') {
    const n = size(t);
    const comps = parseSwizzle(e.member, n);
    if (typeof comps === 'string') {
      if (t.kind === 'scalar' && !/^[xyzwrgba]+$/.test(e.member)) {
        reportCheck(ctx.bag, 'BRK2105', e.memberSpan, { type: typeToString(t), member: e.member });
      } else {
        reportCheck(ctx.bag, 'BRK2106', e.memberSpan, { member: e.member, type: typeToString(t), why: comps });
      }
      return ERROR;
    }
    ctx.facts.member.set(e, { kind: 'swizzle', components: comps });
    return makeType(scalarKind(t)!, comps.length);
  }
  if ((t.kind === 'stream' || t.kind === 'domain') && e.member === 'domain') {
    reportCheck(ctx.bag, 'BRK2320', e.span, { name: 'domain' }, { hint: 'call it: s.domain(lo, hi)' });
    return ERROR;
  }
  reportCheck(ctx.bag, 'BRK2105', e.memberSpan, { type: typeToString(t), member: e.member });
  return ERROR;
}

function checkIndex(ctx: Ctx, e: IndexExpr): Type {
  // Gathers: collect the whole chain g[a][b]... first.
  const chain: Expr[] = [];
  let base: Expr = e;
  while (base.kind === 'IndexExpr') { chain.unshift(base.index); base = base.object; }
  if (inKernel(ctx) && base.kind === 'Ident') {
    const sym = ctx.scope.lookup(base.name);
    if (sym?.param?.role === 'gather') return checkGather(ctx, e, base, sym, chain);
  }
  const t = checkExpr(ctx, e.object);
  const it = checkExpr(ctx, e.index);
  if (isLoose(t)) return ERROR;
  if (!isLoose(it) && !(it.kind === 'scalar' && it.name !== 'float' && it.name !== 'double') && !(inKernel(ctx) && it.kind === 'scalar')) {
    reportCheck(ctx.bag, 'BRK2103', e.index.span, { from: typeToString(it), to: 'int', why: 'an index must be an integer' });
  }
  if (t.kind === 'vector' || (t.kind === 'scalar' && inKernel(ctx))) {
    const n = size(t);
    const v = evalConst(ctx, e.index);
    if (v === undefined || !Number.isInteger(v) || v < 0 || v >= n) {
      if (inKernel(ctx) || v !== undefined) {
        reportCheck(ctx.bag, 'BRK2121', e.index.span, { max: n - 1 });
        return ERROR;
      }
      ctx.facts.index.set(e, { kind: 'host' });
      return makeType(scalarKind(t)!, 1);
    }
    ctx.facts.index.set(e, { kind: 'component', component: v });
    return makeType(scalarKind(t)!, 1);
  }
  if (!inKernel(ctx) && (t.kind === 'array' || t.kind === 'pointer')) {
    ctx.facts.index.set(e, { kind: 'host' });
    return t.kind === 'array' ? t.elem : t.to;
  }
  const hint = t.kind === 'stream' ? { hint: 'streams are not indexed in host code: copy the data with streamWrite, or gather inside a kernel (declare the parameter as T g[])' } : undefined;
  reportCheck(ctx.bag, 'BRK2108', e.object.span, { type: typeToString(t) }, hint);
  return ERROR;
}

function checkGather(ctx: Ctx, e: IndexExpr, base: Ident, sym: Sym, chain: Expr[]): Type {
  base.symbol = sym;
  base.type = sym.type;
  const g = sym.type;
  const dims = g.kind === 'gather' ? g.dims : 1;
  const elem = g.kind === 'gather' ? g.elem : ERROR;
  const idxTypes = chain.map((x) => checkExpr(ctx, x));
  // Inner IndexExprs of the chain get their partial types.
  for (let x: Expr = e.object; x.kind === 'IndexExpr'; x = x.object) {
    x.type = sym.type;
    ctx.facts.index.set(x, { kind: 'gatherInner' });
  }
  if (idxTypes.some(isLoose)) return ERROR;
  let ok: boolean;
  let why: string;
  if (chain.length === 1) {
    const t = idxTypes[0]!;
    ok = isArith(t) && size(t) === dims;
    why = dims === 1 ? 'index a 1-D gather with one number: g[i]' : `index a ${dims}-D gather with a float${dims} (x = fastest dimension) or with ${dims} brackets: g${'[i]'.repeat(dims)}`;
  } else {
    ok = chain.length === dims && idxTypes.every((t) => isArith(t) && size(t) === 1);
    why = `write ${dims} index${dims === 1 ? '' : 'es'}: g${'[i]'.repeat(dims)} (the last is the fastest dimension), or g[float${dims === 1 ? '' : dims}(x, ...)]`;
  }
  if (!ok) {
    const given = chain.length === 1 ? typeToString(idxTypes[0]!) : `${chain.length} indices`;
    reportCheck(ctx.bag, 'BRK2210', e.span, { name: base.name, dims, s: dims === 1 ? '' : 's', given, why });
    return ERROR;
  }
  for (const x of chain) if (x.type && scalarKind(x.type) === 'bool') x.type = makeType('int', size(x.type));
  ctx.facts.index.set(e, { kind: 'gather', param: sym.param!.index, indices: chain });
  return elem;
}

export function checkConstruct(ctx: Ctx, typeName: string, args: Expr[], span: import('../source.js').Span): Type {
  const t = builtinTypeByName(typeName);
  const argTypes = args.map((a) => checkExpr(ctx, a));
  if (!t || (t.kind !== 'vector' && t.kind !== 'scalar')) {
    reportCheck(ctx.bag, 'BRK2002', span, { name: typeName });
    return ERROR;
  }
  if (argTypes.some(isLoose)) return t;
  const want = size(t);
  let given = 0;
  for (let i = 0; i < args.length; i++) {
    const at = argTypes[i]!;
    if (!isArith(at)) {
      reportCheck(ctx.bag, 'BRK2111', args[i]!.span, { n: i + 1, name: typeName, from: typeToString(at), to: 'a number or vector', signature: `${typeName}(...) takes ${want} components` });
      return t;
    }
    given += size(at);
    retypeLiteral(ctx, args[i]!, t);
  }
  if (given !== want && !(args.length === 1 && given === 1)) {
    const example = Array.from({ length: want }, (_, i) => String(i)).join(', ');
    reportCheck(ctx.bag, 'BRK2117', span, { type: typeName, expected: want, given, example, ...pluralPair(want, given) });
  }
  return t;
}

function pluralPair(expected: number, given: number): { s: string; were: string } {
  return { s: plural(expected).s, were: plural(given).were };
}

function checkIndexof(ctx: Ctx, id: Ident, span: import('../source.js').Span): Type {
  const float4: Type = { kind: 'vector', elem: 'float', size: 4 };
  if (!inKernel(ctx)) return notInKernel(ctx, { ...id, span }, 'indexof outside kernels', 'indexof gives the position of the current element inside a kernel');
  const sym = lookupOrReport(ctx, id);
  if (!sym) return ERROR;
  id.symbol = sym;
  id.type = sym.type;
  const p = sym.param;
  if (!p || !p.isStream || p.role === 'vout') {
    const what = !p ? (sym.inKernel ? 'a local variable' : 'a host name') : p.role === 'gather' ? 'a gather' : p.role === 'vout' ? 'a vout stream' : 'a constant';
    reportCheck(ctx.bag, 'BRK2220', id.span, { name: id.name, what });
    return ERROR;
  }
  return float4;
}

export { FLOAT as FLOAT_TYPE };
