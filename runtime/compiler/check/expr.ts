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
import type { AssignExpr, BinaryExpr, CondExpr, Expr, Ident, PostfixExpr, UnaryExpr } from '../ast.js';
import type { Type } from '../types.js';
import { CHAR, FLOAT, INT, typeToString } from '../types.js';
import { reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkCall } from './calls.js';
import { checkConstruct, checkIndex, checkIndexof, checkMember } from './access.js';
import { resolveTypeName } from './resolve.js';
import type { Sym } from './scope.js';
import { KERNEL_BUILTIN_NAMES } from './builtins.js';
import { HOST_LIB } from './hostlib.js';
import {
  assignable, binaryTypes, closestName, ERROR, isArith, isLoose, makeType, scalarKind, size, swizzleText,
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

export function notInKernel(ctx: Ctx, e: Expr, what: string, why: string): Type {
  reportCheck(ctx.bag, 'BRK2122', e.span, { name: what, why });
  return ERROR;
}

// ---------------------------------------------------------------------------------------------------
// Names

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
  } else if (e.kind === 'CondExpr' && isIntLiteral(e.then) && isIntLiteral(e.else) && e.type?.kind === 'scalar') {
    // `x = c ? 1 : 0;` for a float x: both arms are float literals.
    retypeLiteral(ctx, e.then, want);
    retypeLiteral(ctx, e.else, want);
    e.type = FLOAT;
    ctx.facts.operand.set(e, FLOAT);
  }
}

function isIntLiteral(e: Expr): boolean {
  if (e.kind === 'NumberLit') return !e.isFloat;
  if (e.kind === 'CharLit') return true;
  return e.kind === 'UnaryExpr' && (e.op === '-' || e.op === '+') && isIntLiteral(e.operand);
}

function pointerLike(t: Type): boolean {
  return t.kind === 'pointer' || t.kind === 'array';
}

/** Host code: a stream used as a number (BRK2120 at the stream). */
function streamAsValue(ctx: Ctx, e: Expr): boolean {
  const t = e.type;
  if (inKernel(ctx) || !t || (t.kind !== 'stream' && t.kind !== 'domain')) return false;
  let x = e;
  while (x.kind === 'CallExpr' && x.callee.kind === 'MemberExpr') x = x.callee.object;
  reportCheck(ctx.bag, 'BRK2120', e.span, { name: x.kind === 'Ident' ? x.name : 'this' });
  return true;
}

function checkBinary(ctx: Ctx, e: BinaryExpr): Type {
  const l = checkExpr(ctx, e.left);
  const r = checkExpr(ctx, e.right);
  if (isLoose(l) || isLoose(r)) return ERROR;
  if (streamAsValue(ctx, e.left) || streamAsValue(ctx, e.right)) return ERROR;
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
  if (e.op !== '&' && streamAsValue(ctx, e.operand)) return ERROR;
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
  if (hostWriteInKernel(ctx, operand)) return ERROR;
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

/** In kernels, writing a host variable is its own mistake (BRK2226), not an unknown read. */
function hostWriteInKernel(ctx: Ctx, target: Expr): boolean {
  if (!inKernel(ctx)) return false;
  let x = target;
  while (x.kind === 'MemberExpr' || x.kind === 'IndexExpr') x = x.object;
  if (x.kind !== 'Ident') return false;
  const sym = ctx.scope.lookup(x.name);
  if (!sym || sym.inKernel || sym.kind === 'kernel') return false;
  reportCheck(ctx.bag, 'BRK2226', target.span, { name: x.name });
  return true;
}

function checkAssign(ctx: Ctx, e: AssignExpr): Type {
  if (hostWriteInKernel(ctx, e.target)) { checkExpr(ctx, e.value); return ERROR; }
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
export function coerce(ctx: Ctx, value: Expr, to: Type, span = value.span, opts: { quietDrop?: boolean } = {}): boolean {
  const from = value.type ?? ERROR;
  if (isLoose(from) || isLoose(to)) return true;
  const zero = value.kind === 'NumberLit' && value.value === 0 && !value.isFloat;
  if (from.kind === 'void') {
    reportCheck(ctx.bag, 'BRK2126', span);
    return false;
  }
  const res = assignable(to, from, { fromZeroLiteral: zero, kernel: inKernel(ctx) });
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
  } else if (!kernel && a.kind === 'stream' && b.kind === 'stream' && typeToString(a.elem) === typeToString(b.elem)) {
    // `streamPrint(odd ? *out : tmp)`: picks one of two streams (ranks may differ; the runtime checks
    // the chosen one where it is used).
    result = a.rank === b.rank && a.iter === b.iter ? a : { kind: 'stream', elem: a.elem, rank: null, iter: a.iter && b.iter };
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

