/**
 * Variable declarations (globals, host locals, kernel locals, streams and iterators) and brace
 * initializers (C's brace elision: `float m[2][2] = {1, 2, 3, 4}` and `{{1, 2}, {3, 4}}` both work;
 * vectors take one value per component: `float2 v = {2, 0};`).
 */
import type { Declarator, Expr, InitList, VarDecl, TypedefDecl } from '../ast.js';
import { spanFrom } from '../source.js';
import type { Type } from '../types.js';
import { isNarrowStorage, narrowValueType, typeToString } from '../types.js';
import { reportCheck } from '../messages/check.js';
import { limitText, MAX_STREAM_EXTENT } from '../limits.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkExpr } from './expr.js';
import { coerce } from './operands.js';
import { applyArrayDims, defineStruct, evalConst, requireComplete, resolveTypeSpec } from './resolve.js';
import { createSym, type Sym } from './scope.js';
import { ERROR, isElementType, isLoose, isArith, size, scalarKind, makeType } from './typing.js';

/**
 * Kernel value types: double demotes to float (BRK2402); a stream element of 8- or 16-bit kind
 * (char2, uchar, fixed4, short) is computed as int / float and narrowed when stored (`stream`:
 * the type is a stream's element; types.ts narrowStorage); Cg's fixed elsewhere is a float; other
 * char/short/long values are 32-bit (BRK2405: a local `char c = 200` does not wrap).
 */
export function kernelValueType(ctx: Ctx, t: Type, span: import('../source.js').Span, opts: { stream?: boolean } = {}): Type {
  if (t.kind === 'scalar' || t.kind === 'vector') {
    const s = scalarKind(t)!;
    if (s === 'double') {
      reportCheck(ctx.bag, 'BRK2402', span);
      return makeType('float', size(t));
    }
    if (s === 'fixed' || s === 'shortfixed' || (opts.stream && isNarrowStorage(s))) return narrowValueType(t);
    if (s === 'char' || s === 'short' || s === 'long' || s === 'uchar' || s === 'ushort') {
      reportCheck(ctx.bag, 'BRK2405', span, { name: typeToString(t), as: 'int' });
      return makeType('int', size(t));
    }
    if (s === 'ulong') {
      reportCheck(ctx.bag, 'BRK2405', span, { name: typeToString(t), as: 'uint' });
      return makeType('uint', size(t));
    }
  }
  return t;
}

export { isElementType } from './typing.js';

export function declareSymbol(ctx: Ctx, sym: Sym, span: import('../source.js').Span): Sym {
  const existing = ctx.scope.names.get(sym.name);
  if (existing && !(existing.kind === 'function' && sym.kind === 'function')) {
    reportCheck(ctx.bag, 'BRK2003', span, { name: sym.name }, { related: [{ span: existing.declSpan, message: `'${sym.name}' was declared here` }] });
  }
  ctx.scope.names.set(sym.name, sym);
  return sym;
}

function freshName(ctx: Ctx, name: string): string {
  return ctx.fn ? ctx.fn.namer.fresh(name) : ctx.globalNamer.fresh(name);
}

export function checkTypedef(ctx: Ctx, d: TypedefDecl): void {
  // `typedef struct { ... } Ray;`: the anonymous struct is named after the typedef.
  const anonymous = d.typeSpec.struct && !d.typeSpec.struct.tag && d.declarators[0];
  const base = anonymous ? (d.typeSpec.type = defineStruct(ctx, d.typeSpec.struct!, d.declarators[0]!.name)) : resolveTypeSpec(ctx, d.typeSpec);
  for (const dec of d.declarators) {
    let t = base;
    for (let i = 0; i < dec.pointer; i++) t = { kind: 'pointer', to: t };
    t = applyArrayDims(ctx, t, dec.arrayDims);
    // An anonymous struct takes its typedef name (`typedef struct { ... } Ray;`).
    if (t.kind === 'struct' && t.name.startsWith('__anon')) (t as { name: string }).name = dec.name;
    // program.structs lists every struct by its name (host codegen lays them out).
    if (t.kind === 'struct' && !ctx.structs.has(t.name)) ctx.structs.set(t.name, t);
    dec.symbol = createSym('local', dec.name, dec.name, t, dec.nameSpan);
    if (ctx.scope === ctx.global) ctx.typedefs.set(dec.name, t);
    else ctx.scope.typedefs.set(dec.name, t);
  }
}

export function checkVarDecl(ctx: Ctx, d: VarDecl, where: 'global' | 'local'): void {
  if (d.typeSpec.struct && d.declarators.length === 0) {
    d.typeSpec.type = defineStruct(ctx, d.typeSpec.struct);
    return;
  }
  let base = resolveTypeSpec(ctx, d.typeSpec);
  const kernel = inKernel(ctx);
  if (kernel && !isLoose(base)) base = kernelValueType(ctx, base, d.typeSpec.span);
  for (const dec of d.declarators) {
    if (dec.pointer === 0 && !d.isExtern && !dec.streamDims) requireComplete(ctx, base, dec.nameSpan);
    checkDeclarator(ctx, d, dec, base, where);
  }
}

function checkDeclarator(ctx: Ctx, d: VarDecl, dec: Declarator, base: Type, where: 'global' | 'local'): void {
  const kernel = inKernel(ctx);
  let t = base;
  for (let i = 0; i < dec.pointer; i++) t = { kind: 'pointer', to: t };
  if (kernel && dec.pointer > 0) { reportCheck(ctx.bag, 'BRK2228', dec.nameSpan); t = ERROR; }
  if (dec.streamDims) {
    t = checkStreamDecl(ctx, d, dec, t);
  } else {
    const initLen = dec.init?.kind === 'InitList' ? dec.init.items.length : dec.init?.kind === 'StringLit' ? dec.init.value.length + 1 : undefined;
    if (dec.arrayDims.length > 0) {
      if (kernel) { reportCheck(ctx.bag, 'BRK2227', dec.nameSpan); t = ERROR; }
      else t = applyArrayDims(ctx, t, dec.arrayDims, initLen);
    }
    if (t.kind === 'void') { reportCheck(ctx.bag, 'BRK2008', dec.nameSpan); t = ERROR; }
    if (dec.init) checkInitializer(ctx, dec.init, t);
    if (d.isIter && !dec.streamDims) reportCheck(ctx.bag, 'BRK2314', dec.span, { type: typeToString(base), name: dec.name, dims: 'n' });
  }
  const kind = where === 'global' ? 'global' : 'local';
  if (where === 'global' && redeclaresGlobal(ctx, d, dec, t)) return;
  const sym = createSym(kind, dec.name, freshName(ctx, dec.name), t, dec.nameSpan, { inKernel: kernel });
  if (where === 'global') sym.linkage = linkageOf(d, dec);
  if (d.typeSpec.isConst && dec.pointer === 0) sym.readonly = true;
  if (where === 'global' && d.typeSpec.isConst && t.kind === 'scalar' && dec.init) {
    const v = evalConst(ctx, dec.init);
    if (v !== undefined) sym.constValue = v;
  }
  dec.symbol = declareSymbol(ctx, sym, dec.nameSpan);
}

function linkageOf(d: VarDecl, dec: Declarator): NonNullable<Sym['linkage']> {
  return d.isExtern && !dec.init ? 'extern' : dec.init ? 'initialized' : 'tentative';
}

/**
 * C lets a global be declared any number of times (`extern int64 start;` in a header that several
 * files include, `int x;` twice) as long as the types match and at most one declaration initializes
 * it. Such a declaration joins the existing symbol; anything else is a redefinition (BRK2003).
 */
function redeclaresGlobal(ctx: Ctx, d: VarDecl, dec: Declarator, t: Type): boolean {
  const prev = ctx.scope.names.get(dec.name);
  if (prev?.kind !== 'global' || !prev.linkage || dec.streamDims || isLoose(t)) return false;
  if (typeToString(prev.type) !== typeToString(t)) return false;
  const mine = linkageOf(d, dec);
  if (mine === 'initialized' && prev.linkage === 'initialized') return sameConstInAnotherFile(ctx, d, dec, prev);
  if (mine === 'initialized' || (mine === 'tentative' && prev.linkage === 'extern')) prev.linkage = mine;
  if (d.typeSpec.isConst && dec.pointer === 0) prev.readonly = true;
  if (mine === 'initialized' && d.typeSpec.isConst && t.kind === 'scalar') {
    const v = evalConst(ctx, dec.init!);
    if (v !== undefined) prev.constValue = v;
  }
  dec.symbol = prev;
  return true;
}

/**
 * `const unsigned int N = 31;` at file scope in two files: C++ (which brcc's output was) gives such a
 * const internal linkage, one copy a file, so BrookGPU's companion files repeat them. Here the files
 * share one scope; the same type and the same constant value make them one constant. Different values
 * (two files meaning two constants) stay a redefinition (BRK2003).
 */
function sameConstInAnotherFile(ctx: Ctx, d: VarDecl, dec: Declarator, prev: Sym): boolean {
  if (!d.typeSpec.isConst || dec.pointer !== 0 || !prev.readonly || prev.constValue === undefined) return false;
  if (prev.declSpan.file === dec.nameSpan.file) return false;
  const v = evalConst(ctx, dec.init!);
  if (v === undefined || !Object.is(v, prev.constValue)) return false;
  dec.symbol = prev;
  return true;
}

function checkStreamDecl(ctx: Ctx, d: VarDecl, dec: Declarator, elem: Type): Type {
  if (inKernel(ctx)) {
    reportCheck(ctx.bag, 'BRK2122', dec.span, { name: 'stream declaration', why: 'streams are declared in host code and passed to the kernel as arguments' });
    return ERROR;
  }
  const dims = dec.streamDims!;
  for (const x of dims) {
    const t = checkExpr(ctx, x);
    if (!isLoose(t) && !(t.kind === 'scalar' && t.name !== 'float' && t.name !== 'double' && t.name !== 'bool')) {
      reportCheck(ctx.bag, 'BRK2317', x.span, { type: typeToString(t) });
      continue;
    }
    const v = evalConst(ctx, x);
    if (v !== undefined && (v < 0 || v > MAX_STREAM_EXTENT)) {
      reportCheck(ctx.bag, 'BRK2011', x.span, { value: v, limit: limitText(MAX_STREAM_EXTENT) });
    }
  }
  if (!isLoose(elem) && !isElementType(elem)) reportCheck(ctx.bag, 'BRK2322', d.typeSpec.span, { type: typeToString(elem) });
  const st: Type = { kind: 'stream', elem, rank: dims.length, iter: d.isIter };
  if (d.isIter) {
    const okShape = (dims.length === 1 && elem.kind !== 'struct' && scalarKind(elem) === 'float')
      // 2-D..4-D: one component per dimension, x along the fastest (the 2-D float2 rule, extended).
      || (dims.length >= 2 && elem.kind === 'vector' && elem.elem === 'float' && elem.size === dims.length);
    if (!isLoose(elem) && !okShape) {
      reportCheck(ctx.bag, 'BRK2316', dec.span, { type: typeToString(elem), rank: dims.length, s: dims.length === 1 ? '' : 's' });
    }
    const init = dec.init;
    if (!init || init.kind !== 'CallExpr' || init.callee.kind !== 'Ident' || init.callee.name !== 'iter' || init.args.length !== 2) {
      if (init) checkExpr(ctx, init);
      reportCheck(ctx.bag, 'BRK2314', init?.span ?? dec.span, { type: typeToString(elem), name: dec.name, dims: dims.map(() => 'n').join(', ') });
      return st;
    }
    const iterSym = ctx.scope.lookup('iter');
    if (iterSym) { init.callee.symbol = iterSym; init.callee.type = iterSym.type; }
    for (const a of init.args) {
      checkExpr(ctx, a);
      coerce(ctx, a, elem);
    }
    init.type = st;
  } else if (dec.init?.kind === 'InitList') {
    // One error for `float s<4> = {1, 2, 3, 4}`: checking the list as a value would add BRK2103.
    for (const x of dec.init.items) if (x.kind !== 'InitList') checkExpr(ctx, x);
    reportCheck(ctx.bag, 'BRK2325', dec.init.span);
  } else if (dec.init) {
    checkExpr(ctx, dec.init);
    reportCheck(ctx.bag, 'BRK2318', dec.init.span);
  }
  return st;
}

/** Check `init` against the declared type `t` (brace lists included). */
export function checkInitializer(ctx: Ctx, init: Expr, t: Type): void {
  if (init.kind === 'InitList') {
    init.type = t;
    if (isLoose(t)) { for (const x of init.items) checkExpr(ctx, x); return; }
    if (!isAggregate(t)) {
      // `int x = {3};` is valid C: one scalar in braces.
      if (init.items.length > 1) reportCheck(ctx.bag, 'BRK2118', init.items[1]!.span, { type: typeToString(t), expected: 1, s: '' });
      if (init.items[0]) checkInitializer(ctx, init.items[0], t);
      return;
    }
    const r = fillAggregate(ctx, t, init.items, 0);
    if (r.next < init.items.length) {
      const cap = capacity(t);
      reportCheck(ctx.bag, 'BRK2118', init.items[r.next]!.span, { type: typeToString(t), expected: cap, s: cap === 1 ? '' : 's' });
      for (let i = r.next; i < init.items.length; i++) if (!init.items[i]!.type) checkExpr(ctx, init.items[i]!);
    } else {
      init.items = r.list; // fully braced from here on (see fillAggregate)
    }
    return;
  }
  if (init.kind === 'StringLit' && t.kind === 'array') {
    init.type = { kind: 'pointer', to: t.elem };
    return;
  }
  if (!init.type) checkExpr(ctx, init);
  coerce(ctx, init, t);
}

function isAggregate(t: Type): boolean {
  return t.kind === 'array' || t.kind === 'struct' || t.kind === 'vector';
}

function capacity(t: Type): number {
  if (t.kind === 'array') return t.length ?? Infinity;
  if (t.kind === 'struct') return t.fields.length;
  return size(t);
}

function subTypes(t: Type, maxItems: number): Type[] {
  // Every sub-element takes at least one item, so no more than maxItems are needed: the work stays
  // proportional to the initializer's text, whatever the array's length (`float d[1 << 30] = {1}`).
  if (t.kind === 'array') return Array.from({ length: Math.min(t.length ?? maxItems, maxItems) }, () => t.elem);
  if (t.kind === 'struct') return t.fields.map((f) => f.type);
  if (t.kind === 'vector') return Array.from({ length: t.size }, () => makeType(t.elem, 1));
  return [t];
}

/**
 * Consume items from `pos` for aggregate `t`, with C's brace elision, and return them grouped: one
 * entry per sub-element (array element, struct field), elided runs wrapped in a new InitList. The
 * checker replaces a list by its grouped form, so later stages only see fully braced initializers.
 * A vector takes scalars and vectors, one component each (`float4 v = {a.xy, 1, 2}`, HLSL's rule).
 */
function fillAggregate(ctx: Ctx, t: Type, items: Expr[], pos: number): { next: number; list: Expr[] } {
  const list: Expr[] = [];
  if (t.kind === 'vector') {
    const elem = makeType(t.elem, 1);
    let count = 0;
    while (pos < items.length && count < t.size) {
      const item = items[pos]!;
      if (item.kind === 'InitList') {
        checkInitializer(ctx, item, elem);
        count++;
      } else {
        const it = item.type ?? checkExpr(ctx, item);
        const n = isArith(it) ? size(it) : 1;
        if (count > 0 && count + n > t.size) break;
        coerce(ctx, item, n > 1 ? makeType(t.elem, Math.min(n, t.size)) : elem);
        count += n;
      }
      list.push(item);
      pos++;
    }
    return { next: pos, list };
  }
  for (const sub of subTypes(t, items.length - pos)) {
    if (pos >= items.length) break;
    const item = items[pos]!;
    if (item.kind === 'InitList' || !isAggregate(sub)) {
      checkInitializer(ctx, item, sub);
      list.push(item);
      pos++;
      continue;
    }
    // A vector or struct item may initialize the whole sub-element (`float2 a[2] = {v, w}`).
    const it = item.type ?? checkExpr(ctx, item);
    if ((sub.kind === 'vector' && isArith(it) && size(it) === sub.size) || (sub.kind === 'struct' && it.kind === 'struct')) {
      coerce(ctx, item, sub);
      list.push(item);
      pos++;
      continue;
    }
    const r = fillAggregate(ctx, sub, items, pos);
    if (r.next === pos) break;
    const group: InitList = { kind: 'InitList', span: spanFrom(items[pos]!.span, items[r.next - 1]!.span), items: r.list, type: sub };
    list.push(group);
    pos = r.next;
  }
  return { next: pos, list };
}

