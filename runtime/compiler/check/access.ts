/**
 * Access expressions: struct fields and vector swizzles (MemberExpr), indexing of host arrays, vector
 * components and kernel gathers (IndexExpr), vector constructors, and `indexof`.
 *
 * Gathers: `g[a][b]` is collected as one chain; its rank must match the gather's (one scalar per
 * dimension, or one floatN for an N-D gather). The outermost IndexExpr records the chain in Facts.
 */
import type { Expr, Ident, IndexExpr, MemberExpr } from '../ast.js';
import type { Span } from '../source.js';
import type { ScalarName, Type } from '../types.js';
import { builtinTypeByName, FLOAT, typeToString } from '../types.js';
import { plural, reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkOperand, lookupOrReport, notInKernel, retypeLiteral } from './operands.js';
import { evalConst } from './resolve.js';
import type { Sym } from './scope.js';
import { closestName, ERROR, isArith, isLoose, makeType, parseSwizzle, scalarKind, size } from './typing.js';

// ---------------------------------------------------------------------------------------------------
// Members, indexing, constructors, indexof

export function checkMember(ctx: Ctx, e: MemberExpr): Type {
  let t = checkOperand(ctx, e.object);
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
    if (!f && t.fields.some((x) => x.name === '__base')) {
      // C++ inheritance: a member of the base class (docs/CXX.md) is `obj.__base.member`.
      e.object = { kind: 'MemberExpr', span: e.object.span, object: e.object, member: '__base', memberSpan: e.memberSpan, arrow: e.arrow };
      e.arrow = false;
      return checkMember(ctx, e);
    }
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
    return makeType(componentScalar(ctx, t), comps.length);
  }
  if ((t.kind === 'stream' || t.kind === 'domain') && e.member === 'domain') {
    reportCheck(ctx.bag, 'BRK2320', e.span, { name: 'domain' }, { hint: 'call it: s.domain(lo, hi)' });
    return ERROR;
  }
  reportCheck(ctx.bag, 'BRK2105', e.memberSpan, { type: typeToString(t), member: e.member });
  return ERROR;
}

/** The scalar kind of a component of `t`. In host code a component of a fixed or fixedN is its
 *  8-bit code, an `unsigned char`, as in BrookGPU's brt.hpp (`struct fixed2 { unsigned char x, y; }`):
 *  programs fill fixed arrays with `a[i].x = (unsigned char)200`. */
function componentScalar(ctx: Ctx, t: Type): ScalarName {
  const s = scalarKind(t)!;
  if (s === 'shortfixed' && !inKernel(ctx)) return 'ushort'; // brt.hpp: unsigned short x, y...
  return s === 'fixed' && !inKernel(ctx) ? 'uchar' : s;
}

export function checkIndex(ctx: Ctx, e: IndexExpr): Type {
  // Gathers: collect the whole chain g[a][b]... first.
  const chain: Expr[] = [];
  let base: Expr = e;
  while (base.kind === 'IndexExpr') { chain.unshift(base.index); base = base.object; }
  if (inKernel(ctx) && base.kind === 'Ident') {
    const sym = ctx.scope.lookup(base.name);
    if (sym?.param?.role === 'gather') return checkGather(ctx, e, base, sym, chain);
  }
  const t = checkOperand(ctx, e.object);
  const it = checkOperand(ctx, e.index);
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
      return makeType(componentScalar(ctx, t), 1);
    }
    ctx.facts.index.set(e, { kind: 'component', component: v });
    return makeType(componentScalar(ctx, t), 1);
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
  const idxTypes = chain.map((x) => checkOperand(ctx, x));
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
    // A vector wider than a 2-D..4-D gather's rank uses its first components, as the original did
    // (g2d[indexof(o)] reads .xy; BROOK.md 4). A 1-D gather still takes one number.
    ok = isArith(t) && size(t) >= dims;
    why = dims === 1 ? 'index a 1-D gather with one number: g[i]' : `index a ${dims}-D gather with a float${dims} (x = fastest dimension) or with ${dims} brackets: g${'[i]'.repeat(dims)}`;
  } else {
    ok = chain.length === dims && idxTypes.every((t) => isArith(t) && size(t) === 1);
    why = `write ${dims} index${dims === 1 ? '' : 'es'}: g${'[i]'.repeat(dims)} (the last is the fastest dimension), or g[float${dims === 1 ? '' : dims}(x, ...)]`;
  }
  if (!ok) {
    const given = chain.length === 1 ? `a ${typeToString(idxTypes[0]!)}` : `${chain.length} indices`;
    // Point at the index at fault: the only one, the first extra one, or the last one.
    const at = chain.length === 1 ? chain[0]! : chain.length > dims ? chain[dims]! : chain[chain.length - 1]!;
    reportCheck(ctx.bag, 'BRK2210', at.span, { name: base.name, dims, s: dims === 1 ? '' : 's', given, why });
    return ERROR;
  }
  ctx.facts.index.set(e, { kind: 'gather', param: sym.param!.index, indices: chain, dims });
  return elem;
}

export function checkConstruct(ctx: Ctx, typeName: string, args: Expr[], span: Span): Type {
  const t = builtinTypeByName(typeName);
  const argTypes = args.map((a) => checkOperand(ctx, a));
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

export function checkIndexof(ctx: Ctx, id: Ident, span: Span): Type {
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
