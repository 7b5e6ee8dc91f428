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
import { rewriteCxxMember } from './cxx-members.js';
import { checkStreamSlotAssign, isStreamSlotTarget } from './brook-stream.js';
import { checkWritable, coerce, lookupOrReport, notInKernel, retypeLiteral, streamAsValue } from './operands.js';
import {
  assignable, binaryTypes, ERROR, isArith, isLoose, makeType, scalarKind, size, swizzleText,
} from './typing.js';

const ULONG: Type = { kind: 'scalar', name: 'ulong' };

export function checkExpr(ctx: Ctx, e: Expr): Type {
  // C++ member calls and operators on class values become function calls (cxx-members.ts).
  if (ctx.cxxMembers && !inKernel(ctx)) {
    if (e.type && ctx.cxxChecked?.has(e)) return e.type; // an operand checked once already (cxx-members.ts)
    if (rewriteCxxMember(ctx, e)) return checkExpr(ctx, e);
  }
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
      // Cg (kernels): a cast to a shorter vector or to a scalar keeps the leading components, as in
      // (float3)position of a float4; host C has no such conversion.
      const truncates = inKernel(ctx) && from.kind === 'vector' && size(to) < size(from);
      const ok = (isArith(to) && isArith(from) && (size(from) === size(to) || size(from) === 1 || truncates))
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


// ---------------------------------------------------------------------------------------------------
// Names


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



function pointerLike(t: Type): boolean {
  return t.kind === 'pointer' || t.kind === 'array';
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
  if (e.op === '=' && target.kind === 'stream' && isStreamSlotTarget(e.target)) {
    checkStreamSlotAssign(ctx, e, target, value);
    return target;
  }
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



