/**
 * The scalarization rules both CPU kernel writers follow (codegen/js prints components as JavaScript
 * atoms, codegen/wasm as WebAssembly locals): a value is its flat components (float4 -> 4, a struct ->
 * its C-order components), and these rules say which component of which operand meets which, so the
 * two writers cannot pair components differently. The operations on one component stay each writer's.
 * - A one-component operand meets every component of the other (a scalar broadcasts).
 * - A conversion or constant with fewer components than its type repeats its first.
 * - A constructor from one scalar splats it; otherwise its arguments' components are concatenated.
 * - Swizzles pick components, a field is its slice (types.ts layout), indexof is its first N.
 * - A local is kept as the value it was declared with unless the body assigns it after its
 *   declaration (assignedLocals): only those need a copy of their own.
 * - Which expression kind is built from which operands is one walk (exprComponents); a writer supplies
 *   the operations on one component and the forms that are its own (ExprWriter).
 * - An assignment writes the components its path picks (lvalueComponents); a helper call copies its
 *   arguments in by value and its out parameters back (helperCopyIn, helperCopyOut), a gather
 *   parameter naming the caller's gather (helperGather).
 */
import type { IRBinaryOp, IRExpr, IRHelper, IRLValue, IRStmt } from '../ir.js';
import type { Type } from '../types.js';
import { fieldRange, flatKinds, type Kind } from './js/scalar.js';

/** Component k of an operand of n components, a scalar broadcasting. */
function at<V>(v: V[], k: number): V {
  return v[v.length === 1 ? 0 : k]!;
}

/** `f` on the paired components of two operands (a binary operator): max(length) results. */
export function pairwise<V, R>(l: V[], r: V[], kinds: Kind[], f: (a: V, b: V, kind: Kind, k: number) => R): R[] {
  const n = Math.max(l.length, r.length);
  const out: R[] = [];
  for (let k = 0; k < n; k++) out.push(f(at(l, k), at(r, k), kinds[k] ?? kinds[0]!, k));
  return out;
}

/** A constant's components (a short value list repeats its first). */
export function constComponents<R>(e: Extract<IRExpr, { op: 'const' }>, literal: (kind: Kind, v: number) => R): R[] {
  return flatKinds(e.type).map((k, i) => literal(k, e.value[i] ?? e.value[0] ?? 0));
}

/** What both writers' scopes hold: locals by name, the parameters as the body reaches them, and inside
 *  an inlined helper its hidden indexof arguments. */
export interface ComponentScope<V> {
  vars: ReadonlyMap<string, { comps: V[] }>;
  params: readonly { comps?: V[]; indexof?: V[] }[];
  hidden?: ReadonlyMap<number, V[]>;
}

/** What a CPU writer supplies to scalarize an expression: the operations on one component, and the
 *  expressions whose form is each writer's own (&& and ||, ?:, builtins, helper calls, gathers). */
export interface ExprWriter<V, S> {
  emitExpr(e: IRExpr, scope: S): V[];
  literal(kind: Kind, v: number): V;
  binary(op: IRBinaryOp, kind: Kind, a: V, b: V): V;
  unary(op: '-' | '!' | '~', kind: Kind, x: V): V;
  convert(from: Kind, to: Kind, x: V): V;
  shortCircuit(op: '&&' | '||', left: IRExpr, right: IRExpr, scope: S): V;
  select(e: Extract<IRExpr, { op: 'select' }>, scope: S): V[];
  builtin(e: Extract<IRExpr, { op: 'builtin' }>, scope: S): V[];
  inlineCall(e: Extract<IRExpr, { op: 'call' }>, scope: S): V[];
  gather(e: Extract<IRExpr, { op: 'gather' }>, scope: S): V[];
}

/** An expression's components: the one walk over expression kinds both CPU writers use. */
export function exprComponents<V, S extends ComponentScope<V>>(e: IRExpr, scope: S, w: ExprWriter<V, S>): V[] {
  const leaf = leafComponents(e, scope, w.literal);
  if (leaf) return leaf;
  switch (e.op) {
    case 'binary': {
      if (e.operator === '&&' || e.operator === '||') return [w.shortCircuit(e.operator, e.left, e.right, scope)];
      const l = w.emitExpr(e.left, scope);
      const r = w.emitExpr(e.right, scope);
      return pairwise(l, r, flatKinds(e.left.type), (a, b, kind) => w.binary(e.operator, kind, a, b));
    }
    case 'unary': {
      const kinds = flatKinds(e.operand.type);
      return w.emitExpr(e.operand, scope).map((x, k) => w.unary(e.operator, kinds[k]!, x));
    }
    case 'select':
      return w.select(e, scope);
    case 'convert':
      return convertComponents(e, w.emitExpr(e.value, scope), w.convert);
    case 'splat':
      return splatComponents(e, w.emitExpr(e.value, scope)[0]!, w.convert);
    case 'swizzle': {
      const v = w.emitExpr(e.value, scope);
      return e.components.map((c) => v[c]!);
    }
    case 'construct':
      return constructComponents(e, e.args.map((a) => w.emitExpr(a, scope)), w.convert);
    case 'field':
      return fieldComponents(e, w.emitExpr(e.value, scope));
    case 'builtin':
      return w.builtin(e, scope);
    case 'call':
      return w.inlineCall(e, scope);
    case 'gather':
      return w.gather(e, scope);
    default:
      throw new Error(`internal: ${e.op} is a leaf`);
  }
}

/** A helper kernel call's copy-in, by value: each parameter's argument components (null where the
 *  parameter starts at zero: an out argument, or one not given; or aliases a gather), and the hidden
 *  indexof arguments by parameter. Arguments are emitted in parameter order, then the hidden ones. */
export function helperCopyIn<V>(e: Extract<IRExpr, { op: 'call' }>, h: IRHelper, emit: (a: IRExpr) => V[]): { args: (V[] | null)[]; hidden: Map<number, V[]> } {
  const args = h.params.map((p, k) => {
    const a = e.args[k];
    if (p.type.kind === 'gather') return null;
    return a && !(p.isOut && e.outArgs[k]) ? emit(a) : null;
  });
  const hidden = new Map<number, V[]>();
  e.indexofArgs.forEach((a, j) => {
    const pi = h.hiddenIndexofParams[j];
    if (pi !== undefined) hidden.set(pi, emit(a));
  });
  return { args, hidden };
}

/** The caller's gather that a helper's gather parameter k names (the argument is a `param`). */
export function helperGather<P extends { gather?: unknown }>(e: Extract<IRExpr, { op: 'call' }>, h: IRHelper, k: number, callerParams: readonly P[]): P {
  const a = e.args[k];
  const g = a && a.op === 'param' ? callerParams[a.index] : undefined;
  if (!g?.gather) throw new Error(`internal: gather argument ${k} of helper ${h.name} does not name a gather`);
  return g;
}

/** A helper call's copy-out: each out parameter with the caller's place it writes back to. */
export function helperCopyOut(e: Extract<IRExpr, { op: 'call' }>, h: IRHelper): { param: number; target: IRLValue }[] {
  const out: { param: number; target: IRLValue }[] = [];
  h.params.forEach((p, k) => {
    const lv = e.outArgs[k];
    if (p.isOut && lv) out.push({ param: k, target: lv });
  });
  return out;
}

/** A place that holds components: a local, a writable parameter, or a slice of one. */
export interface ComponentVar<V> {
  comps: V[];
  kinds: Kind[];
  /** Declared type (walks struct fields in assignments); undefined after a swizzle. */
  type?: Type;
}

/** The components an assignment writes: its root (a local, or a writable parameter) narrowed by the
 *  path's fields and swizzles. Indexed local arrays are not scalarized: `indexed()` is the writer's
 *  error for them. */
export function lvalueComponents<V>(
  lv: IRLValue,
  scope: { vars: ReadonlyMap<string, ComponentVar<V>>; params: readonly { comps?: V[]; kinds: Kind[]; type?: Type; writable?: boolean }[] },
  indexed: () => Error,
): ComponentVar<V> {
  let v: ComponentVar<V>;
  if (lv.root.kind === 'local') {
    const found = scope.vars.get(lv.root.name);
    if (!found) throw new Error(`internal: assignment to undeclared local '${lv.root.name}'`);
    v = found;
  } else {
    const p = scope.params[lv.root.index];
    if (!p?.comps || !p.writable) throw new Error(`internal: assignment to read-only parameter ${lv.root.index}`);
    v = { comps: p.comps, kinds: p.kinds, type: p.type };
  }
  for (const step of lv.path) {
    if (step.kind === 'field') {
      const r = fieldRange(v.type!, step.name);
      const t = (v.type as Extract<Type, { kind: 'struct' }>).fields.find((f) => f.name === step.name)!.type;
      v = { comps: v.comps.slice(r.start, r.start + r.count), kinds: v.kinds.slice(r.start, r.start + r.count), type: t };
    } else if (step.kind === 'swizzle') {
      const from = v;
      v = { comps: step.components.map((c) => from.comps[c]!), kinds: step.components.map((c) => from.kinds[c]!) };
    } else {
      throw indexed();
    }
  }
  return v;
}

/** The components of a leaf (a constant, a local, a parameter, indexof), or null for other expressions. */
export function leafComponents<V>(e: IRExpr, scope: ComponentScope<V>, literal: (kind: Kind, v: number) => V): V[] | null {
  switch (e.op) {
    case 'const':
      return constComponents(e, literal);
    case 'local': {
      const v = scope.vars.get(e.name);
      if (!v) throw new Error(`internal: unknown local '${e.name}'`);
      return v.comps;
    }
    case 'param': {
      const p = scope.params[e.index];
      if (!p?.comps) throw new Error(`internal: parameter ${e.index} has no value here`);
      return p.comps;
    }
    case 'indexof': {
      const p = scope.params[e.param];
      if (!p?.indexof) throw new Error(`internal: indexof of parameter ${e.param} is not available`);
      return p.indexof.slice(0, flatKinds(e.type).length);
    }
    case 'helperIndexof': {
      const h = scope.hidden?.get(e.param);
      if (!h) throw new Error(`internal: helperIndexof of parameter ${e.param} outside its helper`);
      return h.slice(0, flatKinds(e.type).length);
    }
    default:
      return null;
  }
}

/** A conversion's components: component i of the value (or its only one) from its kind to the target's. */
export function convertComponents<V, R>(e: Extract<IRExpr, { op: 'convert' }>, v: V[], convert: (from: Kind, to: Kind, x: V) => R): R[] {
  const from = flatKinds(e.value.type);
  return flatKinds(e.type).map((k, i) => convert(from[i] ?? from[0]!, k, v[i] ?? v[0]!));
}

/** A splat's components: the one scalar converted to each component's kind. */
export function splatComponents<V, R>(e: Extract<IRExpr, { op: 'splat' }>, v: V, convert: (from: Kind, to: Kind, x: V) => R): R[] {
  const from = flatKinds(e.value.type)[0]!;
  return flatKinds(e.type).map((k) => convert(from, k, v));
}

/** A constructor's components from its arguments' (`args`, in order): one scalar splats, otherwise
 *  component i converts from the kind of the i-th argument component. */
export function constructComponents<V, R>(e: Extract<IRExpr, { op: 'construct' }>, args: V[][], convert: (from: Kind, to: Kind, x: V) => R): R[] {
  const kinds = flatKinds(e.type);
  const comps: V[] = [];
  const from: Kind[] = [];
  e.args.forEach((a, i) => {
    comps.push(...args[i]!);
    from.push(...flatKinds(a.type));
  });
  if (comps.length === 1 && kinds.length > 1) return kinds.map((k) => convert(from[0]!, k, comps[0]!));
  return kinds.map((k, i) => convert(from[i]!, k, comps[i]!));
}

/** A field's components: the field's slice of the struct's. */
export function fieldComponents<V>(e: Extract<IRExpr, { op: 'field' }>, v: V[]): V[] {
  const r = fieldRange(e.value.type, e.field);
  return v.slice(r.start, r.start + r.count);
}

/** Locals assigned after their declaration (targets of assignments and of out arguments). */
export function assignedLocals(stmts: IRStmt[]): Set<string> {
  const out = new Set<string>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown> & { op?: string; target?: IRLValue; outArgs?: (IRLValue | null)[] };
    if (o.op === 'assign' && o.target?.root.kind === 'local') out.add(o.target.root.name);
    if (o.op === 'call') for (const lv of o.outArgs ?? []) if (lv && lv.root.kind === 'local') out.add(lv.root.name);
    // Statements and expressions only: types and source spans hold no assignments.
    for (const key in o) if (key !== 'type' && key !== 'span') visit(o[key]);
  };
  visit(stmts);
  return out;
}
