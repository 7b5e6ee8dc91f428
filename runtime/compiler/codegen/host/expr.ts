/**
 * Host expressions to JavaScript expression text. Every function returns an operand: an atom or a
 * parenthesized expression, so callers can combine results without precedence worries.
 *
 * - `emitValue(e)`: the C value (arrays and structs give their address; see ctypes.ts).
 * - `emitAs(e, t)`: the value converted to type `t` (assignment, argument, return conversions).
 * - `emitCond(e)`: a JS truth value for if/while/for/?:/&&/||.
 * - `lvalue(e)`: where an assignable expression lives, for stores and `&`.
 */
import type { AssignExpr, BinaryExpr, CallExpr, CastExpr, Expr, Ident, IndexExpr, MemberExpr, UnaryExpr } from '../../ast.js';
import type { Type } from '../../types.js';
import { sizeOf, typeToString } from '../../types.js';
import { NO_SPAN } from '../../source.js';
import { HOST_LIB } from '../../check/hostlib.js';
import { provenInBounds } from './bounds.js';
import { addrPlus, checkedAddr, isIntKind, loadCode, scalarOfType, scaled, storeCode, strideOf, view } from './ctypes.js';
import { binaryValue, convert, operandType } from './values.js';
import { componentOffset, constValue, fieldPlace, kindOfType, lowerAs, lowerBump, lowerCompound, lowerCond, lowerElementAddress, lowerValue, printJsCond, swizzleComponents, printJsValue, type ArithOp, type JsPrinter } from './ir/index.js';
import type { FnState, HostGen } from './gen.js';
import { numLit, storageOf } from './gen.js';

export interface Ctx {
  g: HostGen;
  f: FnState | null;
  /** Span of the statement being emitted (runtime errors of sub-expressions point at it). */
  stmtSpan?: import('../../source.js').Span;
  /**
   * Loop variables whose value is known to lie in [lo, hi] inside the loop being emitted (see
   * bounds.ts): accesses of fixed arrays indexed by them need no memory check.
   */
  ranges?: Map<string, { lo: number; hi: number }>;
  /** Accesses whose check a loop does once before it starts (bounds.ts, hoistChecks). */
  hoisted?: Set<Expr>;
  /** Globals a call-free loop only reads, and the addresses of globals in Mem, copied to locals
   *  before it (bounds.ts, aliasGlobals): by emitName, the local holding the value or the address. */
  aliases?: Map<string, string>;
  /** Typed-array views of host memory a call-free loop copied to locals before it (stmt.ts): nothing
   *  in such a loop can grow the memory, so `$M.f32` is read once instead of per access. */
  views?: ReadonlyMap<string, string>;
  /** Elements addressable for sure from a pointer a call-free loop keeps (hoist.ts hoistSpans): by
   *  `${pointer's JS text}|${log2 of the element size}`, the local holding the count. */
  spans?: ReadonlyMap<string, string>;
}

export type LValue =
  | { kind: 'js'; name: string; type: Type }
  /**
   * `check`: the span constant of an access the compiler could not prove valid (checked at run time).
   * `elem`: the address is `base + index * size` (an element of an array or pointer, `P[i]`), so that
   * a scalar access in a call-free loop can index its typed view directly (elementIndex).
   */
  | { kind: 'mem'; addr: string; type: Type; check?: string; elem?: { base: string; index: string; int32?: boolean } }
  /** A write mask (`v.zy`) on a vector lvalue. */
  | { kind: 'mask'; base: LValue; comps: number[]; type: Type };

/** Integer kinds whose values fit 32 bits (uint: below 2^32). */
const INT32_KINDS = new Set(['int', 'uint', 'short', 'ushort', 'char', 'uchar', 'bool']);
const INT: Type = { kind: 'scalar', name: 'int' };

export function typeOfExpr(c: Ctx, e: Expr): Type {
  if (!e.type) {
    c.g.error('BRK2699', e.span, 'internal: expression was not typed by the checker');
    return INT;
  }
  return e.type;
}

function unsupported(c: Ctx, e: { span: import('../../source.js').Span }, what: string, hint?: string): string {
  c.g.error('BRK2601', e.span, `the host code generator does not support ${what}`, hint);
  return '0';
}

// ---------------------------------------------------------------------------------------------------
// The host IR (ir/index.ts) decides C's meaning of scalar expressions; what follows prints it, and
// keeps its own JavaScript only for what the IR does not take (vectors, notebook values, structs).

/** The JavaScript printer of the host IR here: its leaves are emitValue's. */
function jsPrinter(c: Ctx, current?: string): JsPrinter {
  return { leaf: (e) => emitValue(c, e), current, span: (at) => c.g.span(at) };
}

/** `e` through the host IR, or undefined where `e` is a leaf of the IR or outside it. */
function lowered(c: Ctx, e: Expr): string | undefined {
  const ir = lowerValue(c, e);
  return ir && ir.op !== 'leaf' ? printJsValue(jsPrinter(c), ir) : undefined;
}

export function emitAs(c: Ctx, e: Expr, to: Type): string {
  const k = kindOfType(to);
  const ir = k && lowerAs(c, e, k);
  if (ir) return printJsValue(jsPrinter(c), ir);
  return convert(c, emitValue(c, e), typeOfExpr(c, e), to, e.span);
}

/** A truth value. C: any nonzero number (NaN too) or non-NULL pointer is true. */
export function emitCond(c: Ctx, e: Expr): string {
  const ir = lowerCond(c, e);
  if (ir) return printJsCond(jsPrinter(c), ir);
  if (e.kind === 'BinaryExpr') {
    if (e.op === '&&' || e.op === '||') return `(${emitCond(c, e.left)} ${e.op} ${emitCond(c, e.right)})`;
    if (['<', '>', '<=', '>=', '==', '!='].includes(e.op)) return comparison(c, e);
  }
  if (e.kind === 'UnaryExpr' && e.op === '!') return `!${emitCond(c, e.operand)}`;
  const t = typeOfExpr(c, e);
  const v = emitValue(c, e);
  if (t.kind === 'scalar' && !isIntKind(t.name)) return `(${v} !== 0)`;
  return v;
}

// ---------------------------------------------------------------------------------------------------
// Values

/** An expression evaluated for its effect only (statements, for-updates): `i++` needs no old value. */
export function emitEffect(c: Ctx, e: Expr): string {
  if (e.kind === 'PostfixExpr') return emitIncDec(c, e, e.operand, e.op, false);
  if (e.kind === 'CommaExpr') return `(${e.exprs.map((x) => emitEffect(c, x)).join(', ')})`;
  return emitValue(c, e);
}

export function emitValue(c: Ctx, e: Expr): string {
  switch (e.kind) {
    case 'NumberLit': case 'CharLit': return lowered(c, e) ?? numLit(e.value);
    case 'StringLit': return c.g.literal(e.value);
    case 'Ident': return lowered(c, e) ?? emitIdent(c, e);
    case 'BinaryExpr': return lowered(c, e) ?? emitBinary(c, e);
    case 'AssignExpr': return emitAssign(c, e);
    case 'UnaryExpr': return lowered(c, e) ?? emitUnary(c, e);
    case 'PostfixExpr': return emitIncDec(c, e, e.operand, e.op, true);
    case 'CondExpr': {
      const lw = lowered(c, e);
      if (lw !== undefined) return lw;
      const t = typeOfExpr(c, e);
      return `(${emitCond(c, e.cond)} ? ${emitAs(c, e.then, t)} : ${emitAs(c, e.else, t)})`;
    }
    case 'CallExpr': return lowered(c, e) ?? emitCall(c, e);
    case 'IndexExpr': case 'MemberExpr': return emitAccess(c, e);
    case 'CastExpr': return lowered(c, e) ?? emitCast(c, e);
    case 'SizeofExpr': {
      const t = e.target.kind === 'TypeName' ? e.target.type : e.target.type;
      if (!t) return unsupported(c, e, 'sizeof of an untyped expression');
      return String(sizeOf(t));
    }
    case 'CommaExpr': return `(${e.exprs.map((x) => emitValue(c, x)).join(', ')})`;
    case 'InitList': return unsupported(c, e, 'a brace list outside a declaration');
    case 'ConstructExpr': return emitConstruct(c, e.args, typeOfExpr(c, e));
    case 'IndexofExpr': return unsupported(c, e, 'indexof in host code');
  }
}

function hostLibValue(id: Ident): string | undefined {
  const entry = HOST_LIB.get(id.name);
  if (!entry) return undefined;
  // Constants with a value (INT_MAX, FLT_MAX) are literals of the host IR (ir/lower.ts).
  if (entry.kind === 'variable') return `$L.${id.name}`;
  return undefined;
}

function emitIdent(c: Ctx, id: Ident): string {
  const sym = id.symbol;
  if (!sym) return unsupported(c, id, `the unresolved name '${id.name}'`);
  switch (sym.kind) {
    case 'constant': case 'hostlib': {
      const v = hostLibValue(id);
      if (v !== undefined) return v;
      return unsupported(c, id, `'${id.name}' as a value`, 'call it instead');
    }
    case 'kernel': return kernelRef(c, sym.name);
    case 'function': return unsupported(c, id, 'function pointers', 'call the function directly');
    default: {
      if (sym.kind === 'session' && !storageOf(c, sym)) return `$S.get(${JSON.stringify(sym.name)})`;
      const st = storageOf(c, sym);
      if (!st) return unsupported(c, id, `the variable '${id.name}' here (no storage)`);
      if (st.kind === 'js') return c.aliases?.get(sym.emitName) ?? st.name;
      return loadCode(c.aliases?.get(sym.emitName) ?? st.addr, sym.type, undefined, c.views);
    }
  }
}

export function kernelRef(c: Ctx, name: string): string {
  return c.g.cell ? `$S.k[${JSON.stringify(name)}]` : `$K[${JSON.stringify(name)}]`;
}

// ---------------------------------------------------------------------------------------------------
// Operators

export { constValue, convert };

function isPtr(t: Type): boolean {
  return t.kind === 'pointer' || t.kind === 'array';
}

function comparison(c: Ctx, e: BinaryExpr): string {
  const lt = typeOfExpr(c, e.left);
  const rt = typeOfExpr(c, e.right);
  const js = e.op === '==' ? '===' : e.op === '!=' ? '!==' : e.op;
  if (isPtr(lt) || isPtr(rt)) return `(${emitValue(c, e.left)} ${js} ${emitValue(c, e.right)})`;
  const ot = operandType(e.op, lt, rt);
  if (ot.kind === 'vector') return unsupported(c, e, 'a vector comparison as a truth value', 'compare one component, as in v.x < w.x');
  // unsigned long keeps the signed bit pattern: order comparisons read it as unsigned first.
  if (ot.kind === 'scalar' && ot.name === 'ulong' && ['<', '>', '<=', '>='].includes(js)) {
    return `($H.u64(${emitAs(c, e.left, ot)}) ${js} $H.u64(${emitAs(c, e.right, ot)}))`;
  }
  return `(${emitAs(c, e.left, ot)} ${js} ${emitAs(c, e.right, ot)})`;
}

function emitBinary(c: Ctx, e: BinaryExpr): string {
  const lt = typeOfExpr(c, e.left);
  const rt = typeOfExpr(c, e.right);
  // C's && and || are 0 or 1 (JavaScript's give the deciding operand: 2 && 5 would be 5).
  if (e.op === '&&' || e.op === '||') return `(${emitCond(c, e)} ? 1 : 0)`;
  if (['<', '>', '<=', '>=', '==', '!='].includes(e.op)) {
    const ot = operandType(e.op, lt, rt);
    if (ot.kind === 'vector') return `$H.vbin('${e.op}', ${emitAs(c, e.left, ot)}, ${emitAs(c, e.right, ot)}, ${ot.size}, '${ot.elem}')`;
    return `+${comparison(c, e)}`;
  }
  if (isPtr(lt) || isPtr(rt)) return pointerArith(c, e, e.op, e.left, e.right);
  return binaryValue(c, e.op, emitValue(c, e.left), lt, emitValue(c, e.right), rt, typeOfExpr(c, e), () => c.g.span(e.span), constValue(e.right));
}

function pointerArith(c: Ctx, e: Expr, op: string, le: Expr, re: Expr): string {
  const lt = typeOfExpr(c, le);
  const rt = typeOfExpr(c, re);
  const l = emitValue(c, le);
  const r = emitValue(c, re);
  if (isPtr(lt) && isPtr(rt)) {
    if (op === '-') return `((${l} - ${r}) / ${strideOf(lt)})`;
    return unsupported(c, e, `'${op}' between two pointers`);
  }
  if (isPtr(lt)) {
    const n = convert(c, r, rt, { kind: 'scalar', name: 'long' });
    return `(${l} ${op} ${scaled(n, strideOf(lt))})`;
  }
  const n = convert(c, l, lt, { kind: 'scalar', name: 'long' });
  return `(${r} + ${scaled(n, strideOf(rt))})`;
}

function emitUnary(c: Ctx, e: UnaryExpr): string {
  if (e.op === '++' || e.op === '--') return emitIncDec(c, e, e.operand, e.op, false);
  const t = typeOfExpr(c, e);
  switch (e.op) {
    case '!': return `+!${emitCond(c, e.operand)}`;
    case '&': {
      // A pointer to a stream is the stream object itself: `*p` gives it back, and streamSwap(*p, t)
      // swaps the contents of the caller's stream (runtime/brt streamSwap exchanges buffers).
      if (typeOfExpr(c, e.operand).kind === 'stream') {
        // &*p is p: a brook::stream * may be a slot address (new brook::stream), kept as it is.
        if (e.operand.kind === 'UnaryExpr' && e.operand.op === '*') return emitValue(c, e.operand.operand);
        return emitValue(c, e.operand);
      }
      const lv = lvalue(c, e.operand);
      if (!lv) return '0';
      if (lv.kind === 'mem') return lv.addr;
      if (lv.kind === 'js' && typeOfExpr(c, e.operand).kind === 'array') return lv.name;
      return unsupported(c, e, 'taking the address of this expression');
    }
    case '*': {
      const p = emitValue(c, e.operand);
      // The stream itself (&s, a stream parameter's pointer) or the one a brook::stream slot holds.
      if (t.kind === 'stream') return `$L.streams.at(${p}, 0, ${c.g.span(e.span)})`;
      return loadCode(p, t, c.hoisted?.has(e) ? undefined : c.g.accessCheck(e.span), c.views);
    }
    case '+': return emitAs(c, e.operand, t);
    case '-': {
      if (t.kind === 'vector') return `$H.vneg(${emitAs(c, e.operand, t)}, '${t.elem}')`;
      const v = emitAs(c, e.operand, t);
      const k = scalarOfType(t);
      if (k === 'int') return `((-${v}) | 0)`;
      if (k === 'uint') return `((-${v}) >>> 0)`;
      return `(-${v})`;
    }
    case '~': {
      const v = emitAs(c, e.operand, t);
      const k = scalarOfType(t);
      if (k === 'uint') return `((~${v}) >>> 0)`;
      if (k === 'long' || k === 'ulong') return `$H.l64('~', ${v}, 0)`;
      if (t.kind === 'vector') return unsupported(c, e, '~ on a vector');
      return `(~${v})`;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Member access, indexing

function emitAccess(c: Ctx, e: IndexExpr | MemberExpr): string {
  if (e.kind === 'MemberExpr') {
    const ot = typeOfExpr(c, e.object);
    // p->x through a pointer to a vector reads memory (lvalueOrNull below), not a JS array.
    const base = e.arrow && ot.kind === 'pointer' ? ot.to : ot;
    if ((base.kind === 'vector' || base.kind === 'scalar') && !(e.arrow && ot.kind === 'pointer')) {
      const comps = swizzleComponents(e.member);
      const lv = base.kind === 'vector' ? lvalueOrNull(c, e.object) : null;
      if (base.kind === 'vector' && lv && lv.kind === 'mem' && comps.length === 1) {
        return loadCode(addrPlus(lv.addr, componentOffset(base, comps[0]!)), typeOfExpr(c, e), lv.check, c.views);
      }
      const v = emitValue(c, e.object);
      if (base.kind === 'scalar') return comps.length === 1 ? v : `$H.splat(${v}, ${comps.length})`;
      if (comps.length === 1) return `${v}[${comps[0]}]`;
      return `$H.swz(${v}, [${comps.join(', ')}])`;
    }
  }
  if (e.kind === 'IndexExpr') {
    const ot = typeOfExpr(c, e.object);
    if (ot.kind === 'vector') return `${emitValue(c, e.object)}[${emitAs(c, e.index, INT)}]`;
    // streams[i] of a pointer to streams (&s itself, or a brook::stream slot in memory), or of an
    // array of brook::stream slots.
    if ((ot.kind === 'pointer' && ot.to.kind === 'stream') || (ot.kind === 'array' && ot.elem.kind === 'stream')) return `$L.streams.at(${emitValue(c, e.object)}, ${emitAs(c, e.index, INT)}, ${c.g.span(e.span)})`;
  }
  const lv = lvalue(c, e);
  if (!lv) return '0';
  return readLValue(c, lv);
}

/** Where `e` lives, or null (with a diagnostic) when it is not an lvalue we can address. */
export function lvalue(c: Ctx, e: Expr): LValue | null {
  const lv = lvalueOrNull(c, e);
  if (!lv) unsupported(c, e, 'assigning to or taking the address of this expression');
  return lv;
}

function lvalueOrNull(c: Ctx, e: Expr): LValue | null {
  const t = typeOfExpr(c, e);
  switch (e.kind) {
    case 'Ident': {
      const sym = e.symbol;
      if (!sym) return null;
      const st = storageOf(c, sym);
      if (!st) return null;
      return st.kind === 'js' ? { kind: 'js', name: st.name, type: t } : { kind: 'mem', addr: c.aliases?.get(sym.emitName) ?? st.addr, type: t };
    }
    case 'UnaryExpr':
      if (e.op !== '*') return null;
      return { kind: 'mem', addr: emitValue(c, e.operand), type: t, check: c.hoisted?.has(e) ? undefined : c.g.accessCheck(e.span) };
    case 'IndexExpr': {
      const ot = typeOfExpr(c, e.object);
      if (ot.kind === 'vector') {
        // v[i] on a host vector: an element of the JS array, or a component in Mem.
        const base = lvalueOrNull(c, e.object);
        const i = emitAs(c, e.index, INT);
        if (base?.kind === 'js') return { kind: 'js', name: `${base.name}[${i}]`, type: t };
        if (base?.kind === 'mem') return { kind: 'mem', addr: addrPlus(base.addr, scaled(i, componentOffset(ot, 1))), type: t, check: base.check ?? c.g.accessCheck(e.span) };
        return null;
      }
      if (ot.kind !== 'pointer' && ot.kind !== 'array') return null;
      // The address is the IR's `&P[i]` (ir/lower.ts: the index as a long, scaled by the element
      // size); an index the IR does not take (a notebook value) converts here.
      const at = lowerElementAddress(c, e.object, e.index);
      const p = jsPrinter(c);
      const base = at?.op === 'ptradd' ? printJsValue(p, at.ptr) : emitValue(c, e.object);
      const idx = at?.op === 'ptradd' ? printJsValue(p, at.index) : emitAs(c, e.index, { kind: 'scalar', name: 'long' });
      const stride = strideOf(ot);
      const lv: LValue = { kind: 'mem', addr: addrPlus(base, scaled(idx, stride)), type: t };
      if (!provenInBounds(c, e)) lv.check = c.g.accessCheck(e.span);
      if (stride === sizeOf(t)) {
        const it = typeOfExpr(c, e.index);
        lv.elem = { base, index: idx, int32: it.kind === 'scalar' && INT32_KINDS.has(it.name) };
      }
      return lv;
    }
    case 'MemberExpr': {
      const ot = typeOfExpr(c, e.object);
      if (e.arrow) {
        if (ot.kind !== 'pointer') return null;
        if (ot.to.kind === 'vector') {
          // p->x on a pointer to a host vector (float2 *p): a component in Mem, or a write mask.
          const vt = ot.to;
          const base: LValue = { kind: 'mem', addr: emitValue(c, e.object), type: vt, check: c.hoisted?.has(e) ? undefined : c.g.accessCheck(e.span) };
          const comps = swizzleComponents(e.member);
          if (comps.length === 1) return { kind: 'mem', addr: addrPlus(base.addr, componentOffset(vt, comps[0]!)), type: t, check: base.check };
          return { kind: 'mask', base, comps, type: t };
        }
        const f = fieldPlace(ot.to, e.member);
        if (!f) return null;
        const p = emitValue(c, e.object);
        return { kind: 'mem', addr: addrPlus(p, f.offset), type: t, check: c.hoisted?.has(e) ? undefined : c.g.accessCheck(e.span) };
      }
      if (ot.kind === 'struct') {
        const f = fieldPlace(ot, e.member);
        const base = lvalueOrNull(c, e.object);
        if (!f) return null;
        // A struct rvalue (call result) is an address too.
        const addr = base && base.kind === 'mem' ? base.addr : emitValue(c, e.object);
        const check = base && base.kind === 'mem' && base.check ? c.g.accessCheck(e.span) : undefined;
        return { kind: 'mem', addr: addrPlus(addr, f.offset), type: t, check };
      }
      if (ot.kind === 'vector') {
        const base = lvalueOrNull(c, e.object);
        if (!base) return null;
        const comps = swizzleComponents(e.member);
        // One component of a vector in Mem is a scalar in Mem: a plain typed-array store, no helper.
        if (base.kind === 'mem' && comps.length === 1) return { kind: 'mem', addr: addrPlus(base.addr, componentOffset(ot, comps[0]!)), type: t, check: base.check };
        return { kind: 'mask', base, comps, type: t };
      }
      if (ot.kind === 'scalar' && e.member.length === 1) {
        // s.x of a scalar is the scalar itself (Cg); of a fixed, its code as an unsigned char.
        const base = lvalueOrNull(c, e.object);
        if (!base || base.kind === 'mask') return null;
        return { ...base, type: t };
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * A scalar element `P[i]` in a call-free loop (c.views: the typed views are locals there): the view
 * and the element index `(P >>> shift) + i`, which V8 compiles to fewer operations than the byte
 * address `(P + i * size) >>> shift` (the same element: pointers are aligned to their type, see
 * hostlib/memory.ts). A checked access tests its shadow byte inline, the element index held in a
 * temp; the slow path ($H.cki: a partial granule, or the fault) gets the byte address.
 */
function elementIndex(c: Ctx, lv: LValue, write: boolean): { view: string; index: string } | undefined {
  if (lv.kind !== 'mem' || !lv.elem || !c.views || !c.f || lv.type.kind !== 'scalar') return undefined;
  const v = view(lv.type.name);
  const local = v && c.views.get(v[0]);
  if (!v || !local || 1 << v[1] !== sizeOf(lv.type)) return undefined;
  const shift = v[1];
  const q0 = lv.elem.base === '0' ? lv.elem.index : shift === 0 ? `(${lv.elem.base} + ${lv.elem.index})` : `((${lv.elem.base} >>> ${shift}) + ${lv.elem.index})`;
  if (lv.check === undefined) return { view: local, index: q0 };
  const sh = c.views.get('sh');
  if (!sh) return undefined;
  const q = c.f.temp();
  const count = c.spans?.get(`${lv.elem.base}|${shift}`);
  if (count) {
    // Below the count of elements known addressable: no shadow lookup. (An index of 32 bits tests
    // with one unsigned compare, both sides >>> 0 so V8 compares uint32s, not doubles; a wider index
    // may exceed 2^32, where >>> 0 would wrap.)
    const inside = lv.elem.int32 ? `(${q} >>> 0) < (${count} >>> 0)` : `${q} >= 0 && ${q} < ${count}`;
    const at = `(${lv.elem.base} >>> ${shift}) + ${q}`;
    return { view: local, index: `(${q} = ${lv.elem.index}, ${inside} ? ${at} : $H.ckb($M, ${lv.elem.base}, ${q}, ${shift}, ${write ? 1 : 0}, ${count}, ${lv.check}))` };
  }
  return { view: local, index: `(${q} = ${q0}, ${sh}[${q} >>> ${3 - shift}] === 0 ? ${q} : $H.cki($M, ${q}, ${shift}, ${write ? 1 : 0}, ${lv.check}))` };
}

export function readLValue(c: Ctx, lv: LValue): string {
  switch (lv.kind) {
    case 'js': return lv.name;
    case 'mem': {
      const ix = elementIndex(c, lv, false);
      if (ix) return `${ix.view}[${ix.index}]`;
      return loadCode(lv.addr, lv.type, lv.check, c.views);
    }
    case 'mask': {
      const v = readLValue(c, lv.base);
      return lv.comps.length === 1 ? `${v}[${lv.comps[0]}]` : `$H.swz(${v}, [${lv.comps.join(', ')}])`;
    }
  }
}

/** Store `value` (already of type lv.type) into lv; the expression's value is the stored value. */
export function writeLValue(c: Ctx, lv: LValue, value: string): string {
  switch (lv.kind) {
    case 'js':
      if (lv.type.kind === 'vector') return `(${lv.name} = $H.vconv(${value}, ${lv.type.size}, '${lv.type.elem}'))`;
      return `(${lv.name} = ${value})`;
    case 'mem': {
      const ix = elementIndex(c, lv, true);
      if (ix) return `(${ix.view}[${ix.index}] = ${value})`;
      return storeCode(lv.addr, lv.type, value, lv.check, c.views);
    }
    case 'mask': {
      const bt = lv.base.type;
      if (bt.kind !== 'vector') return unsupported(c, { span: NO_SPAN }, 'this write mask');
      if (lv.base.kind === 'js') return `$H.setComps(${lv.base.name}, [${lv.comps.join(', ')}], ${value}, '${bt.elem}')`;
      if (lv.base.kind === 'mem') return `$H.storeComps($M, ${checkedAddr(lv.base.addr, bt, true, lv.base.check)}, '${bt.elem}', [${lv.comps.join(', ')}], ${value})`;
      return unsupported(c, { span: NO_SPAN }, 'a write mask of a write mask');
    }
  }
}

/** Evaluate the address of a memory lvalue once (into a temp) when it will be read and written. */
function stabilize(c: Ctx, lv: LValue): { setup: string; lv: LValue } {
  // An element in a call-free loop: its (checked) element index once, then read and written unchecked.
  const ix = lv.kind === 'mem' && c.f ? elementIndex(c, lv, true) : undefined;
  if (ix && lv.kind === 'mem' && c.f) {
    const t = c.f.temp();
    const size = sizeOf(lv.type);
    return { setup: `${t} = ${ix.index}, `, lv: { kind: 'mem', addr: `(${t} * ${size})`, type: lv.type, elem: { base: '0', index: t } } };
  }
  if (lv.kind === 'mem' && !/^[\w$]+$/.test(lv.addr) && !/^\(\$fp \+ \d+\)$/.test(lv.addr)) {
    const t = c.f ? c.f.temp() : '$gt';
    return { setup: `${t} = ${lv.addr}, `, lv: { kind: 'mem', addr: t, type: lv.type, check: lv.check } };
  }
  if (lv.kind === 'mask') {
    const inner = stabilize(c, lv.base);
    return { setup: inner.setup, lv: { ...lv, base: inner.lv } };
  }
  return { setup: '', lv };
}

function emitAssign(c: Ctx, e: AssignExpr): string {
  if (e.op === '=' && typeOfExpr(c, e.target).kind === 'stream') return c.g.calls.streamAssign(c, e);
  const target = lvalue(c, e.target);
  if (!target) return '0';
  const tt = typeOfExpr(c, e.target);
  if (e.op === '=') {
    if (tt.kind === 'struct') return storeCode(target.kind === 'mem' ? target.addr : readLValue(c, target), tt, emitValue(c, e.value), target.kind === 'mem' ? target.check : undefined);
    return writeLValue(c, target, emitAs(c, e.value, tt));
  }
  const op = e.op.slice(0, -1);
  const { setup, lv } = stabilize(c, target);
  const cur = readLValue(c, lv);
  const vt = typeOfExpr(c, e.value);
  const ir = lowerCompound(c, op as ArithOp, tt, e.value, e.span);
  let next: string;
  if (ir) {
    next = printJsValue(jsPrinter(c, cur), ir);
  } else if (isPtr(tt)) {
    const n = convert(c, emitValue(c, e.value), vt, { kind: 'scalar', name: 'long' });
    next = `(${cur} ${op} ${scaled(n, strideOf(tt))})`;
  } else {
    next = binaryValue(c, op, cur, tt, emitValue(c, e.value), vt, tt, () => c.g.span(e.span), constValue(e.value));
  }
  return `(${setup}${writeLValue(c, lv, next)})`;
}

function emitIncDec(c: Ctx, e: Expr, operand: Expr, op: '++' | '--', post: boolean): string {
  const target = lvalue(c, operand);
  if (!target) return '0';
  const t = typeOfExpr(c, operand);
  const { setup, lv } = stabilize(c, target);
  const sign = op === '++' ? '+' : '-';
  const one: Type = { kind: 'scalar', name: 'int' };
  const cur = readLValue(c, lv);
  const ir = lowerBump(c, t, op, e.span);
  const bump = (v: string) => (ir ? printJsValue(jsPrinter(c, v), ir) : binaryValue(c, sign, v, t, '1', one, t, () => c.g.span(e.span)));
  if (!post) return `(${setup}${writeLValue(c, lv, bump(cur))})`;
  const old = c.f ? c.f.temp() : '$gt';
  return `(${setup}${old} = ${cur}, ${writeLValue(c, lv, bump(old))}, ${old})`;
}

// ---------------------------------------------------------------------------------------------------
// Casts, constructors, calls

function emitCast(c: Ctx, e: CastExpr): string {
  const to = e.target.type ?? typeOfExpr(c, e);
  const v = emitValue(c, e.operand);
  if (to.kind === 'void') return `void ${v}`;
  return convert(c, v, typeOfExpr(c, e.operand), to);
}

export function emitConstruct(c: Ctx, args: Expr[], t: Type): string {
  if (t.kind === 'scalar') return args[0] ? emitAs(c, args[0], t) : '0';
  if (t.kind !== 'vector') return unsupported(c, args[0] ?? { span: NO_SPAN }, `constructing ${typeToString(t)}`);
  const elem: Type = { kind: 'scalar', name: t.elem };
  if (args.length === 1) return emitAs(c, args[0]!, t);
  if (args.every((a) => typeOfExpr(c, a).kind === 'scalar')) return `[${args.map((a) => emitAs(c, a, elem)).join(', ')}]`;
  const parts = args.map((a) => {
    const at = typeOfExpr(c, a);
    return at.kind === 'vector' ? `...${emitValue(c, a)}` : emitAs(c, a, elem);
  });
  return `$H.vconv([${parts.join(', ')}], ${t.size}, '${t.elem}')`;
}

function emitCall(c: Ctx, e: CallExpr): string {
  if (c.g.calls.isBrookCall(e)) return c.g.calls.brookCall(c, e);
  const callee = e.callee;
  if (callee.kind !== 'Ident' || !callee.symbol) return unsupported(c, e, 'calls through expressions', 'call a function by its name');
  const sym = callee.symbol;
  if (sym.kind === 'hostlib') return c.g.calls.hostLibCall(c, e, callee.name);
  if (sym.kind === 'session' && sym.type.kind !== 'function') {
    // A TypeScript function of the notebook: called with the arguments' JS values.
    return `(await $S.get(${JSON.stringify(sym.name)})(${e.args.map((a) => emitValue(c, a)).join(', ')}))`;
  }
  if (sym.kind === 'session') {
    const ps = sym.type.kind === 'function' ? sym.type.params : [];
    const args = e.args.map((a, i) => (ps[i] ? emitAs(c, a, ps[i]!) : emitValue(c, a)));
    return `(await $S.f[${JSON.stringify(sym.name)}](${args.join(', ')}))`;
  }
  if (sym.kind !== 'function') return unsupported(c, e, `calling '${callee.name}'`);
  const ft = sym.type;
  const params = ft.kind === 'function' ? ft.params : [];
  const args = e.args.map((a, i) => (params[i] ? emitAs(c, a, params[i]!) : emitValue(c, a)));
  if (ft.kind === 'function' && ft.ellipsis) args.splice(params.length, Infinity, c.g.calls.varArgs(c, e, params.length));
  const name = functionRef(c, sym.emitName, sym.name);
  const rt = ft.kind === 'function' ? ft.ret : INT;
  if (rt.kind === 'struct') {
    // The caller owns the result: a frame slot of the struct's size (see func.ts).
    const slot = c.f ? c.f.slot(rt) : '$M.alloca(' + sizeOf(rt) + ')';
    args.unshift(slot);
  }
  const call = `${name}(${args.join(', ')})`;
  return c.g.cell || c.g.asyncFns.has(sym.emitName) ? `(await ${call})` : call;
}

export function functionRef(c: Ctx, emitName: string, name: string): string {
  return c.g.cell ? `$S.f[${JSON.stringify(name)}]` : emitName;
}
