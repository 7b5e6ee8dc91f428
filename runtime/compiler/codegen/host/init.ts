/**
 * Declarations with their initializers: host variables (brace lists with C's brace elision, string
 * literals into char arrays), stream and iterator declarations (runtime calls).
 *
 * Aggregates in Mem are zero-filled before the listed items are stored, so the elements a brace list
 * leaves out are 0 as in C, also when the declaration runs again in a loop.
 */
import type { Declarator, Expr, InitList, VarDecl } from '../../ast.js';
import type { Type } from '../../types.js';
import { sizeOf, structLayout } from '../../types.js';
import { addrPlus, storeCode } from './ctypes.js';
import type { Ctx } from './expr.js';
import { emitAs, emitValue, typeOfExpr } from './expr.js';
import { storageOf } from './gen.js';
import type { Storage } from './gen.js';

interface LineSink {
  line(s: string): void;
}

export function emitDeclarator(c: Ctx, d: VarDecl, dec: Declarator, L: LineSink): void {
  const sym = dec.symbol;
  if (!sym) return;
  const st = storageOf(c, sym);
  if (!st) {
    c.g.error('BRK2699', dec.span, `internal: no storage for '${dec.name}'`);
    return;
  }
  const t = sym.type;
  if (t.kind === 'stream') {
    emitStreamDecl(c, d, dec, t, st, L);
    return;
  }
  if (!dec.init) return;
  emitInitializer(c, st, t, dec.init, L);
}

function target(st: Storage): string {
  return st.kind === 'js' ? st.name : st.addr;
}

function emitStreamDecl(c: Ctx, d: VarDecl, dec: Declarator, t: Extract<Type, { kind: 'stream' }>, st: Storage, L: LineSink): void {
  // As long, not int: an extent past the int range reaches the runtime's limit check, never wrapped.
  const dims = (dec.streamDims ?? []).map((x) => emitAs(c, x, { kind: 'scalar', name: 'long' }));
  const span = c.g.span(dec.span);
  const name = JSON.stringify(dec.name);
  const elem = c.g.type(t.elem);
  let create: string;
  if (d.isIter && dec.init?.kind === 'CallExpr' && dec.init.args.length === 2) {
    const [lo, hi] = dec.init.args.map((a) => `$H.flat(${emitAs(c, a, t.elem)})`);
    create = `$rt.createIter(${name}, ${elem}, [${dims.join(', ')}], ${lo}, ${hi}, ${span})`;
  } else {
    create = `$rt.createStream(${name}, ${elem}, [${dims.join(', ')}], ${span})`;
  }
  L.line(`${assignTo(st, create)};`);
}

function assignTo(st: Storage, value: string): string {
  // Streams always live in JS variables (func.ts never puts them in Mem).
  return st.kind === 'js' ? `${st.name} = ${value}` : value;
}

/** `T x = init;` for a variable with storage `st`. */
export function emitInitializer(c: Ctx, st: Storage, t: Type, init: Expr, L: LineSink): void {
  if (init.kind === 'InitList') {
    if (st.kind === 'js') {
      L.line(`${st.name} = ${jsAggregate(c, t, init)};`);
      return;
    }
    L.line(`$M.u8.fill(0, ${st.addr}, ${st.addr} + ${sizeOf(t)});`);
    for (const s of fillStores(c, t, init.items, st.addr)) L.line(`${s};`);
    return;
  }
  if (init.kind === 'StringLit' && t.kind === 'array') {
    L.line(`$L.initChars(${target(st)}, ${sizeOf(t)}, ${c.g.literal(init.value)});`);
    return;
  }
  if (t.kind === 'struct') {
    L.line(`$H.copy($M, ${target(st)}, ${emitValue(c, init)}, ${sizeOf(t)});`);
    return;
  }
  const v = emitAs(c, init, t);
  L.line(st.kind === 'js' ? `${st.name} = ${v};` : `${storeCode(st.addr, t, v)};`);
}

/** A scalar or vector held in a JS variable, initialized from a brace list. */
function jsAggregate(c: Ctx, t: Type, list: InitList): string {
  const flat = flatItems(list);
  if (t.kind === 'vector') {
    const elem: Type = { kind: 'scalar', name: t.elem };
    const parts = Array.from({ length: t.size }, (_, i) => (flat[i] ? emitAs(c, flat[i]!, elem) : '0'));
    return `[${parts.join(', ')}]`;
  }
  return flat[0] ? emitAs(c, flat[0], t) : '0';
}

function flatItems(list: InitList): Expr[] {
  return list.items.flatMap((x) => (x.kind === 'InitList' ? flatItems(x) : [x]));
}

function isAggregate(t: Type): boolean {
  return t.kind === 'array' || t.kind === 'struct' || t.kind === 'vector';
}

function plus(addr: string, off: number): string {
  return addrPlus(addr, off);
}

/** Sub-objects of an aggregate: their types and byte offsets. */
function subObjects(t: Type, maxItems: number): { type: Type; offset: number }[] {
  if (t.kind === 'array') {
    const n = Math.min(t.length ?? maxItems, maxItems); // each takes an item: O(initializer), not O(array)
    const size = sizeOf(t.elem);
    return Array.from({ length: n }, (_, i) => ({ type: t.elem, offset: i * size }));
  }
  if (t.kind === 'struct') {
    const lay = structLayout(t);
    return t.fields.map((f, i) => ({ type: f.type, offset: lay.offsets[i]! }));
  }
  if (t.kind === 'vector') {
    const elem: Type = { kind: 'scalar', name: t.elem };
    const size = sizeOf(elem);
    return Array.from({ length: t.size }, (_, i) => ({ type: elem, offset: i * size }));
  }
  return [{ type: t, offset: 0 }];
}

/** Stores for a brace list into the aggregate at `addr` (C's brace elision, as check/decl.ts). */
function fillStores(c: Ctx, t: Type, items: Expr[], addr: string): string[] {
  const out: string[] = [];
  fill(c, t, items, 0, addr, out);
  return out;
}

function fill(c: Ctx, t: Type, items: Expr[], pos: number, addr: string, out: string[]): number {
  for (const sub of subObjects(t, items.length - pos)) {
    if (pos >= items.length) break;
    const item = items[pos]!;
    const at = plus(addr, sub.offset);
    if (item.kind === 'InitList') {
      if (isAggregate(sub.type)) fill(c, sub.type, item.items, 0, at, out);
      else if (item.items[0]) out.push(storeOne(c, sub.type, item.items[0], at));
      pos++;
    } else if (!isAggregate(sub.type) || wholeValue(c, sub.type, item)) {
      out.push(storeOne(c, sub.type, item, at));
      pos++;
    } else {
      pos = fill(c, sub.type, items, pos, at, out);
    }
  }
  return pos;
}

/** Does `item` initialize the whole aggregate `t` (a struct value, a vector, a string for char[])? */
function wholeValue(c: Ctx, t: Type, item: Expr): boolean {
  const it = typeOfExpr(c, item);
  if (t.kind === 'struct') return it.kind === 'struct';
  if (t.kind === 'vector') return it.kind === 'vector';
  if (t.kind === 'array') return item.kind === 'StringLit';
  return false;
}

function storeOne(c: Ctx, t: Type, item: Expr, addr: string): string {
  if (t.kind === 'array' && item.kind === 'StringLit') return `$L.initChars(${addr}, ${sizeOf(t)}, ${c.g.literal(item.value)})`;
  if (t.kind === 'struct') return `$H.copy($M, ${addr}, ${emitValue(c, item)}, ${sizeOf(t)})`;
  return storeCode(addr, t, emitAs(c, item, t));
}

/** Initial JS value of a hoisted variable of type t (C's zero for statics; harmless for locals). */
export function zeroValue(t: Type): string {
  if (t.kind === 'vector') return `[${Array(t.size).fill('0').join(', ')}]`;
  if (t.kind === 'stream' || t.kind === 'domain' || t.kind === 'dynamic') return 'undefined';
  return '0';
}

