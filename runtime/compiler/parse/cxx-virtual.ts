/**
 * C++ virtual functions with single inheritance (docs/CXX.md), lowered to C by cxx-class-lower.ts:
 *
 *   class B { virtual int f(int a) { ... } };  class D : public B { int f(int a) { ... } };
 *     ->  struct B { ...; int __vid; };                        (the hierarchy's first polymorphic class)
 *         B B__new() { ...; this->__vid = ID(B); ... }          (each constructor, after its bases)
 *         int B__f__body(B *this, int a) { ... }   int D__f__body(D *this, int a) { ... }
 *         int B__f(B *this, int a) { if (this->__vid == ID(D)) return D__f__body((D *)this, a);
 *                                    return B__f__body(this, a); }
 *
 * The object's dynamic class is a number in the field `__vid` (ID: a hash of the class name, the
 * same in every file of a program); a virtual method that some derived class overrides becomes a
 * dispatcher testing it, written at the end of the file (where every class is known), so a call
 * through a `B *`, a `B &` or `B__f(&d.__base)` reaches the override. A class of the hierarchy
 * without constructors gets an empty default one (it sets `__vid`). `= 0` declares a pure virtual
 * function: its dispatcher calls abort() for an object of a class that does not override it.
 */
import type { Expr, FunctionDecl, Ident, ParamDecl, Stmt, StructDef, TopLevel, TranslationUnit, TypeSpec } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { Span } from '../source.js';
import { reportSyntax } from '../messages/syntax.js';

/** Per file: the polymorphic classes, their ids, and which methods are virtual where. */
export interface VirtualTable {
  /** class tag -> its id (only polymorphic classes). */
  ids: Map<string, number>;
  /** class tag -> base tag (the classes of the file). */
  bases: Map<string, string | undefined>;
  /** class tag -> names of its member functions (lowered names: `operator_add`) with a body or a prototype. */
  declared: Map<string, Map<string, FunctionDecl>>;
  /** class tag -> the virtual method names it has (its own and inherited). */
  virtuals: Map<string, Set<string>>;
  /** `C__f` names that become dispatchers. */
  dispatched: Set<string>;
}

/** FNV-1a of the class name, positive: the same id for a class in every file of a program. */
function classId(tag: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < tag.length; i++) h = Math.imul(h ^ tag.charCodeAt(i), 0x01000193);
  return (h >>> 1) || 1;
}

/**
 * Before the classes are lowered: finds the polymorphic classes, adds `__vid` to each hierarchy's
 * first one and an empty default constructor where a polymorphic class has none. Undefined when the
 * file has no virtual function (nothing changes).
 */
export function prepareVirtuals(defs: StructDef[], lowered: (name: string) => string, bag: DiagnosticBag): VirtualTable | undefined {
  if (!defs.some((d) => d.methods?.some((m) => m.method?.virtual))) return undefined;
  const byTag = new Map(defs.map((d) => [d.tag!, d]));
  const table: VirtualTable = { ids: new Map(), bases: new Map(), declared: new Map(), virtuals: new Map(), dispatched: new Set() };
  const own = (d: StructDef) => new Set((d.methods ?? []).filter((m) => m.method?.virtual && m.method.kind === 'method').map((m) => lowered(m.name)));
  const virtualsOf = (d: StructDef, seen = new Set<string>()): Set<string> => {
    const done = table.virtuals.get(d.tag!);
    if (done) return done;
    const base = d.base && !seen.has(d.tag!) ? byTag.get(d.base) : undefined;
    seen.add(d.tag!);
    const hasDtor = (x: StructDef | undefined): boolean => !!x && (!!x.methods?.some((m) => m.method?.kind === 'dtor' && m.method.virtual) || hasDtor(x.base ? byTag.get(x.base) : undefined));
    const all = new Set([...(base ? virtualsOf(base, seen) : []), ...own(d)]);
    if (hasDtor(d)) all.add('~');
    // An override need not say `virtual`: a method named as one of the base's virtuals is one.
    for (const m of d.methods ?? []) if (m.method?.kind === 'method' && base && virtualsOf(base, seen).has(lowered(m.name))) m.method.virtual = true;
    table.virtuals.set(d.tag!, all);
    return all;
  };
  for (const d of defs) table.bases.set(d.tag!, d.base);
  for (const d of defs) virtualsOf(d);
  for (const d of defs) {
    const declared = new Map<string, FunctionDecl>();
    for (const m of d.methods ?? []) {
      if (m.method?.kind !== 'method' || !m.method.virtual) continue;
      const name = lowered(m.name);
      if (declared.has(name)) reportSyntax(bag, 'BRK1243', m.nameSpan, { construct: `overloaded virtual function '${m.name}'`, why: 'a virtual function has one signature in the subset (docs/CXX.md)' }, { hint: 'give the overloads different names' });
      declared.set(name, m);
    }
    table.declared.set(d.tag!, declared);
  }
  for (const d of defs) {
    if (virtualsOf(d).size === 0) continue;
    table.ids.set(d.tag!, classId(d.tag!));
    const base = d.base ? byTag.get(d.base) : undefined;
    const span = d.span;
    if (!base || virtualsOf(base).size === 0) {
      d.fields.push({ kind: 'FieldDecl', span, typeSpec: typeSpec('int', span), name: '__vid', pointer: 0, arrayDims: [] });
    }
    if (!d.methods?.some((m) => m.method?.kind === 'ctor')) {
      const ctor: FunctionDecl = {
        kind: 'FunctionDecl', span, nameSpan: span, name: d.tag!, brook: null, returnType: typeSpec('void', span), returnPointer: 0,
        params: [], body: { kind: 'Block', span, body: [] }, isStatic: false, method: { className: d.tag!, kind: 'ctor' },
      };
      d.methods = [...(d.methods ?? []), ctor];
    }
  }
  for (const d of defs) {
    for (const name of table.declared.get(d.tag!)?.keys() ?? []) {
      if (descendants(table, d.tag!).some((x) => x !== d.tag && implementer(table, x, name) !== implementer(table, d.tag!, name))) table.dispatched.add(`${d.tag}__${name}`);
    }
  }
  return table;
}

/** The statement a polymorphic class's constructor runs after its bases: `this->__vid = ID;`. */
export function setClassId(table: VirtualTable | undefined, cls: string, span: Span): Stmt | undefined {
  const id = table?.ids.get(cls);
  if (id === undefined) return undefined;
  return { kind: 'ExprStmt', span, expr: { kind: 'AssignExpr', span, op: '=', target: vid(span), value: num(id, span) } };
}

/**
 * After the classes are lowered: each dispatched `C__f` (body or prototype) becomes the prototype
 * `C__f` and the function `C__f__body`; the dispatchers go at the end of the file.
 */
export function writeDispatchers(unit: TranslationUnit, table: VirtualTable | undefined): void {
  if (!table || table.dispatched.size === 0) return;
  const items: TopLevel[] = [];
  const order: TranslationUnit['order'] = [];
  const add = (x: TopLevel) => { order.push(['item', items.length]); items.push(x); };
  const protos = new Map<string, FunctionDecl>();
  for (const [kind, index] of unit.order) {
    if (kind === 'stmt') { order.push([kind, index]); continue; }
    const item = unit.items[index]!;
    if (item.kind === 'FunctionDecl' && table.dispatched.has(item.name)) {
      const proto: FunctionDecl = { ...item, body: null };
      if (!protos.has(item.name)) { protos.set(item.name, proto); add(proto); }
      item.name = `${item.name}__body`;
    }
    add(item);
  }
  for (const [name, proto] of protos) add(dispatcher(table, name, proto));
  unit.items = items;
  unit.order = order;
}

/** `C__f`: tests `this->__vid` against each descendant whose implementation differs from C's. */
function dispatcher(table: VirtualTable, name: string, proto: FunctionDecl): FunctionDecl {
  const cls = proto.method!.className;
  const method = name.slice(cls.length + 2);
  const span = proto.nameSpan;
  const id = (n: string): Ident => ({ kind: 'Ident', span, name: n });
  const own = implementer(table, cls, method);
  const call = (impl: string | undefined, self: Expr): Stmt => {
    if (!impl) return { kind: 'ExprStmt', span, expr: { kind: 'CallExpr', span, callee: id('abort'), args: [] } }; // a pure virtual function
    const args = [self, ...proto.params.slice(1).map((_, i) => id(`__a${i + 1}`))];
    const target = `${impl}__${method}`;
    const value: Expr = { kind: 'CallExpr', span, callee: id(table.dispatched.has(target) ? `${target}__body` : target), args };
    const isVoid = proto.returnType.name === 'void' && proto.returnPointer === 0;
    return isVoid ? { kind: 'Block', span, body: [{ kind: 'ExprStmt', span, expr: value }, { kind: 'ReturnStmt', span, value: null }] } : { kind: 'ReturnStmt', span, value };
  };
  const body: Stmt[] = [];
  for (const x of descendants(table, cls)) {
    const impl = implementer(table, x, method);
    if (x === cls || impl === own) continue;
    const self: Expr = impl ? { kind: 'CastExpr', span, target: { kind: 'TypeName', span, typeSpec: typeSpec(impl, span), pointer: 1, arrayDims: [] }, operand: id('this') } : id('this');
    const test: Expr = { kind: 'BinaryExpr', span, op: '==', left: vid(span), right: num(table.ids.get(x)!, span) };
    body.push({ kind: 'IfStmt', span, cond: test, then: call(impl, self), else: null });
  }
  body.push(call(own, id('this')));
  const params = proto.params.map((p, i): ParamDecl => (i === 0 ? { ...p, name: 'this' } : { ...p, name: `__a${i}` }));
  return { ...proto, params, body: { kind: 'Block', span, body } };
}

/** The class whose body runs for method `name` on an object of class `cls` (undefined: pure). */
function implementer(table: VirtualTable, cls: string | undefined, name: string): string | undefined {
  for (let c = cls; c !== undefined; c = table.bases.get(c)) {
    const m = table.declared.get(c)?.get(name);
    if (m && !m.method?.pure) return c;
    if (m?.method?.pure) return undefined;
  }
  return undefined;
}

/** `cls` and every class of the file derived from it. */
function descendants(table: VirtualTable, cls: string): string[] {
  const out: string[] = [];
  for (const tag of table.bases.keys()) {
    for (let c: string | undefined = tag; c !== undefined; c = table.bases.get(c)) if (c === cls) { out.push(tag); break; }
  }
  return out;
}

function vid(span: Span): Expr {
  return { kind: 'MemberExpr', span, object: { kind: 'Ident', span, name: 'this' }, member: '__vid', memberSpan: span, arrow: true };
}

function num(value: number, span: Span): Expr {
  return { kind: 'NumberLit', span, raw: String(value), value, isFloat: false, suffix: '' };
}

function typeSpec(name: string, span: Span): TypeSpec {
  return { kind: 'TypeSpec', span, name, isConst: false };
}
