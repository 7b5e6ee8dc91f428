/**
 * C++ classes lowered to C before references (cxx-references.ts) and the checker (docs/CXX.md):
 *
 *   class C { float x; float get() const { return x; } C(float a) : x(a) {} };
 *     ->  struct C { float x; };
 *         float C__get(C *this) { return this->x; }
 *         C C__new(float a) { C __self = {0}; C *this = &__self; this->x = a; return __self; }
 *   C c(2.0f);  C d;  C(1.0f)      ->  C c = C__new(2.0f);  C d = C__new();  C__new(1.0f)
 *   new C(1.0f)                   ->  C__alloc(C__new(1.0f))   (malloc'd and filled)
 *   C::helper(a)   (static)       ->  C__helper(a)
 *   float C::get() const { ... }  ->  the same function, defined outside the class
 *   operator+ / operator[] ...    ->  C__operator_add, C__operator_index (free ones: operator_add)
 *
 * In a member's body a field name means `this->field` and a sibling method `m(...)` means
 * `this->m(...)`, unless a parameter or local of that name hides it. Calls `obj.m(...)`,
 * `p->m(...)` and operators on class values are resolved by the checker from the object's type
 * (check/cxx-members.ts), since only it knows types. A constructor starts from a zeroed object (C++
 * leaves fields it does not initialize undefined), so `C d;` reads the same on every run.
 * Destructors: `C__dtor(C *this)`, run at scope exits and by `delete` (cxx-destructors.ts); an empty
 * one in a class whose members need none is dropped.
 */
import type { CallExpr, Expr, FunctionDecl, Ident, ParamDecl, Stmt, StructDef, TopLevel, TranslationUnit, TypeSpec } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { Span } from '../source.js';
import { reportSyntax } from '../messages/syntax.js';
import { rewriteExpr, walkDeclarator, walkStmt, type StmtHooks } from './cxx-walk.js';
import { builtinTypeByName } from '../types.js';
import { prepareVirtuals, setClassId, writeDispatchers, type VirtualTable } from './cxx-virtual.js';
import { deleteFunction, destructorFunction, insertDestructors } from './cxx-destructors.js';

interface ClassInfo {
  def: StructDef;
  fields: Set<string>;
  /** Static data members (globals `C__name`). */
  statics: Set<string>;
  /** Member function name -> static? (true only when every declaration of the name is static) */
  methods: Map<string, boolean>;
  /** Names declared both static and not (`float Norm() const` and `static float Norm(const V&)`):
   *  name -> the parameter counts of its static declarations. */
  mixedStatics: Map<string, Set<number>>;
  /** Field name -> its class type, for `m(args)` in an initializer list. */
  fieldTypes: Map<string, string>;
  hasCtor: boolean;
  hasDefaultCtor: boolean;
  /** A constructor takes one argument (else `C(c)` is the implicit copy constructor). */
  takesOne: boolean;
  /** A base class's static data members and static methods, by name -> the class that declares them. */
  inheritedStatics: Map<string, string>;
  /** The base class has a constructor without parameters (run when the initializer list has none). */
  baseHasDefaultCtor: boolean;
  /** The file's virtual functions (cxx-virtual.ts), if it has any. */
  virtuals: VirtualTable | undefined;
  /** The class has a destructor to run (cxx-destructors.ts): [field, class] of its destructible fields. */
  destructible: boolean;
  dtorFields: [string, string][];
  /** The base class, when it has a destructor to run after this class's. */
  dtorBase?: string;
  /** Methods declared both `const` and not, with the same parameters: the const one is `C__f__const`. */
  constTwins: Set<string>;
}

const OPERATOR_WORDS: Record<string, string> = {
  '+': 'add', '-': 'sub', '*': 'mul', '/': 'div', '%': 'mod', '+=': 'add_assign', '-=': 'sub_assign', '*=': 'mul_assign',
  '/=': 'div_assign', '%=': 'mod_assign', '==': 'eq', '!=': 'ne', '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '=': 'assign',
  '[]': 'index', '()': 'call', '!': 'not', '<<': 'shl', '>>': 'shr',
};

/** `operator+=` -> `operator_add_assign`; other names unchanged. */
export function operatorFunctionName(name: string): string {
  if (!name.startsWith('operator')) return name;
  const word = OPERATOR_WORDS[name.slice('operator'.length)];
  return word ? `operator_${word}` : name;
}

export function lowerClasses(unit: TranslationUnit, bag: DiagnosticBag): void {
  const classes = new Map<string, ClassInfo>();
  const aliases = new Map<string, string>(); // typedef name -> class
  const defs = (ts: TypeSpec | undefined) => (ts?.struct?.tag ? [ts.struct] : []);
  const allDefs: StructDef[] = [];
  for (const item of unit.items) {
    const found = item.kind === 'StructDecl' ? (item.def.forward ? [] : [item.def]) : item.kind === 'TypedefDecl' || item.kind === 'VarDecl' ? defs(item.typeSpec) : [];
    allDefs.push(...found);
    if (item.kind === 'TypedefDecl' && item.typeSpec.struct?.tag === undefined) {
      const target = item.typeSpec.name.replace(/^struct /, '');
      for (const d of item.declarators) if (d.pointer === 0) aliases.set(d.name, target);
    }
  }
  const virtuals = prepareVirtuals(allDefs, operatorFunctionName, bag);
  for (const def of allDefs) classes.set(def.tag!, classInfo(def, virtuals));
  inheritMembers(classes);
  const classOf = (typeName: string): ClassInfo | undefined => {
    const name = typeName.replace(/^struct /, '');
    return classes.get(aliases.get(name) ?? name);
  };
  const anyDestructible = markDestructible(classes, classOf);
  const destructibleOf = (typeName: string) => { const c = classOf(typeName); return c?.destructible ? c.def.tag : undefined; };
  const hasMembers = [...classes.values()].some((c) => c.def.methods || c.def.statics || c.def.base) || unit.items.some((i) => i.kind === 'FunctionDecl' && (i.name.includes('::') || i.name.startsWith('operator')));
  if (!hasMembers) return;

  // Functions: methods after their class, out-of-class definitions in place; `typedef C Alias;`
  // written before C's definition (after `class C;`) moves after it, where the checker knows C.
  const early = new Map<string, TopLevel[]>();
  const defined = new Set<string>();
  const items: TopLevel[] = [];
  const order: TranslationUnit['order'] = [];
  const emitted = new Set<string>();
  const tail: TopLevel[] = [];
  for (const [kind, index] of unit.order) {
    if (kind === 'stmt') { order.push([kind, index]); continue; }
    let item = unit.items[index]!;
    const add = (x: TopLevel) => { order.push(['item', items.length]); items.push(x); };
    if (item.kind === 'FunctionDecl' && item.name.includes('::')) {
      const [cls, member] = item.name.split('::') as [string, string];
      const info = classes.get(cls);
      // The parser told constructors and destructors by their names; `static` is in the class only.
      const parsed = item.method?.kind;
      const kind = parsed === 'ctor' || parsed === 'dtor' ? parsed : isStaticMember(info, member, item.params.length) ? 'static' : 'method';
      item.method = { className: cls, kind, inits: item.method?.inits, isConst: item.method?.isConst };
      item.name = member;
      const f = lowerMember(item, info, bag);
      if (f) add(f);
      continue;
    }
    if (item.kind === 'FunctionDecl' && item.name.startsWith('operator')) {
      checkOperatorOperands(item, bag);
      item.name = operatorFunctionName(item.name);
    }
    if (item.kind === 'VarDecl') for (const d of item.declarators) if (d.name.includes('::')) d.name = qualifiedName(d.name); // `T C::count = 0;`
    const aliased = item.kind === 'TypedefDecl' && !item.typeSpec.struct ? item.typeSpec.name.replace(/^struct /, '') : undefined;
    if (aliased && classes.has(aliased) && !defined.has(aliased)) {
      early.set(aliased, [...(early.get(aliased) ?? []), item]);
      continue;
    }
    // `static class C {...} c;`: the class first (the checker declares its methods before variables),
    // then the variable, after the methods (its constructor).
    let after: TopLevel | undefined;
    if (item.kind === 'VarDecl' && item.typeSpec.struct?.tag && (item.typeSpec.struct.methods || item.typeSpec.struct.statics)) {
      const def = item.typeSpec.struct;
      item.typeSpec = { ...item.typeSpec, struct: undefined };
      after = item;
      item = { kind: 'StructDecl', span: def.span, def };
    }
    add(item);
    const def = item.kind === 'StructDecl' ? (item.def.forward ? undefined : item.def) : item.kind === 'TypedefDecl' || item.kind === 'VarDecl' ? item.typeSpec.struct : undefined;
    if (def?.tag) {
      defined.add(def.tag);
      for (const alias of early.get(def.tag) ?? []) add(alias);
      early.delete(def.tag);
    }
    if (!def?.tag || !(def.methods || def.statics) || emitted.has(def.tag)) { if (after) add(after); continue; }
    emitted.add(def.tag);
    const info = classes.get(def.tag)!;
    for (const v of def.statics ?? []) { // before the methods, which use them
      for (const d of v.declarators) d.name = `${def.tag}__${d.name}`;
      add(v);
    }
    for (const m of def.methods ?? []) {
      const f = lowerMember(m, info, bag);
      if (f?.body && m.method?.kind !== 'friend') f.isInline = true; // defined in its class: C++'s implicit inline (check/linkage.ts)
      if (f) add(f);
    }
    if (info.destructible && !(def.methods ?? []).some((m) => m.method?.kind === 'dtor')) add(destructorFunction(def.tag, def.span, { kind: 'Block', span: def.span, body: [] }, info.dtorFields, info.dtorBase));
    const derived = virtualDestructors(def.tag, classes);
    if (derived.length > 0) {
      // The derived classes come later in the file: a prototype here, the function at the end.
      const del = deleteFunction(def.tag, def.span, info.destructible, derived);
      add({ ...del, body: null });
      tail.push(del);
    } else if (info.destructible) add(deleteFunction(def.tag, def.span));
    if (info.hasCtor) add(allocFunction(def.tag, def.span));
    for (const x of temporarySlots(def.tag, def.span)) add(x);
    if (after) add(after);
  }
  for (const x of tail) { order.push(['item', items.length]); items.push(x); }
  unit.items = items;
  unit.order = order;
  writeDispatchers(unit, virtuals);

  // Constructions everywhere: `T(args)`, `T t(args)`, `T t;`, `new T(args)`, `C::m(...)`.
  const construct = (e: Expr): Expr => rewriteExpr(e, (x) => {
    if (x.kind === 'Ident' && classes.has(x.name.split('::')[0]!) && x.name.includes('::')) x.name = qualifiedName(x.name); // `C::count`, `C::helper` (not `std::cout`)
    if (x.kind !== 'CallExpr' || x.callee.kind !== 'Ident') return x;
    const callee = x.callee;
    if (callee.name === 'new' && x.args[0]?.kind === 'CallExpr' && x.args[0].callee.kind === 'Ident') {
      const made = x.args[0].callee.name; // already `C__new` (children are rewritten first)
      if (made.endsWith('__new')) callee.name = `${made.slice(0, -'__new'.length)}__alloc`;
      return x;
    }
    const cls = classOf(callee.name);
    // `C(c)` of a class without a one-argument constructor: C++'s implicit copy constructor, a copy
    // (also `: B(d)` with d of a derived class: its B part).
    if (cls?.hasCtor && x.args.length === 1 && !cls.takesOne) return x.args[0]!;
    if (cls?.hasCtor) callee.name = `${cls.def.tag}__new`;
    return x;
  });
  const hooks: StmtHooks = {
    expr: construct,
    declare(d) {
      if (d.init || d.pointer > 0 || d.arrayDims.length > 0 || d.streamDims || externs.has(d)) return; // `extern C c;` only declares it
      const ts = declaredTypes.get(d);
      const cls = ts ? classOf(ts.name) : undefined;
      if (cls?.hasDefaultCtor) d.init = { kind: 'CallExpr', span: d.nameSpan, callee: { kind: 'Ident', span: d.nameSpan, name: `${cls.def.tag}__new` }, args: [] };
    },
  };
  const declaredTypes = new Map<object, TypeSpec>();
  const externs = new Set<object>();
  const noteTypes = (s: Stmt) => {
    if (s.kind === 'DeclStmt' && s.decl.kind === 'VarDecl') for (const d of s.decl.declarators) { declaredTypes.set(d, s.decl.typeSpec); if (s.decl.isExtern) externs.add(d); }
  };
  for (const item of unit.items) {
    if (item.kind === 'VarDecl') for (const d of item.declarators) { declaredTypes.set(d, item.typeSpec); if (item.isExtern) externs.add(d); walkDeclarator(d, hooks); }
    if (item.kind === 'FunctionDecl' && item.body) { forEachStmt(item.body, noteTypes); walkStmt(item.body, hooks); }
    if (anyDestructible && item.kind === 'FunctionDecl' && item.body) insertDestructors(item, destructibleOf, bag);
  }
  for (const s of unit.statements) { forEachStmt(s, noteTypes); walkStmt(s, hooks); }
}

/**
 * A derived class's members see its base's fields and methods unqualified (`m11`, `Invert()`): they
 * become `this->m11`, `this->Invert()`, which the checker finds through the `__base` field. The base's
 * statics keep their own names (`B__count`).
 */
function inheritMembers(classes: Map<string, ClassInfo>): void {
  const done = new Set<string>();
  const visit = (info: ClassInfo, seen: Set<string>): void => {
    const tag = info.def.tag!;
    if (done.has(tag) || !info.def.base || seen.has(tag)) return;
    seen.add(tag);
    const base = classes.get(info.def.base);
    if (base) {
      visit(base, seen);
      for (const f of base.fields) if (f !== '__base') info.fields.add(f);
      for (const [m, isStatic] of base.methods) {
        if (info.methods.has(m)) continue;
        info.methods.set(m, isStatic);
        if (isStatic) info.inheritedStatics.set(m, base.inheritedStatics.get(m) ?? base.def.tag!);
      }
      for (const s of base.statics) if (!info.statics.has(s)) info.inheritedStatics.set(s, base.inheritedStatics.get(s) ?? base.def.tag!);
      for (const [s, owner] of base.inheritedStatics) if (!info.statics.has(s)) info.inheritedStatics.set(s, owner);
      info.baseHasDefaultCtor = base.hasDefaultCtor;
    }
    done.add(tag);
  };
  for (const info of classes.values()) visit(info, new Set());
}

function classInfo(def: StructDef, virtuals: VirtualTable | undefined): ClassInfo {
  const ctors = (def.methods ?? []).filter((m) => m.method?.kind === 'ctor');
  const fieldTypes = new Map<string, string>();
  for (const f of def.fields) if (f.pointer === 0 && f.arrayDims.length === 0) fieldTypes.set(f.name, f.typeSpec.name);
  return {
    def, fields: new Set(def.fields.map((f) => f.name)), fieldTypes,
    statics: new Set((def.statics ?? []).flatMap((v) => v.declarators.map((d) => d.name))),
    methods: methodKinds(def),
    mixedStatics: mixedStatics(def),
    hasCtor: ctors.length > 0, hasDefaultCtor: ctors.some((c) => c.params.every((p) => p.defaultValue)),
    takesOne: ctors.some((c) => c.params.length >= 1 && c.params.slice(1).every((p) => p.defaultValue)),
    inheritedStatics: new Map(), baseHasDefaultCtor: false, virtuals, destructible: false, dtorFields: [], constTwins: constTwins(def),
  };
}

/** `name` with `arity` parameters is a static member of the class. */
function isStaticMember(info: ClassInfo | undefined, name: string, arity: number): boolean {
  const mixed = info?.mixedStatics.get(name);
  return mixed ? mixed.has(arity) : info?.methods.get(name) === true;
}

function methodKinds(def: StructDef): Map<string, boolean> {
  const kinds = new Map<string, boolean>();
  for (const m of def.methods ?? []) {
    if (m.method?.kind !== 'method' && m.method?.kind !== 'static') continue;
    kinds.set(m.name, (kinds.get(m.name) ?? true) && m.method.kind === 'static');
  }
  return kinds;
}

function mixedStatics(def: StructDef): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const members = (def.methods ?? []).filter((m) => m.method?.kind === 'method');
  for (const m of def.methods ?? []) {
    if (m.method?.kind !== 'static' || !members.some((x) => x.name === m.name)) continue;
    out.set(m.name, (out.get(m.name) ?? new Set()).add(m.params.length));
  }
  return out;
}

/** Names of the methods overloaded on `const` alone (`T &operator[](int)` and `T operator[](int) const`). */
function constTwins(def: StructDef): Set<string> {
  const signature = (m: FunctionDecl) => `${m.name}(${m.params.map((p) => `${p.typeSpec.name.replace(/^struct /, '')}${'*'.repeat(p.pointer)}${'[]'.repeat(p.arrayDims.length)}`).join(',')})`;
  const methods = (def.methods ?? []).filter((m) => m.method?.kind === 'method');
  const plain = new Set(methods.filter((m) => !m.method!.isConst).map(signature));
  return new Set(methods.filter((m) => m.method!.isConst && plain.has(signature(m))).map((m) => m.name));
}

/**
 * Which classes have a destructor to run: one declared with a body that is not empty or without a
 * body here (defined elsewhere), or a destructible value field or base. True if any has.
 */
function markDestructible(classes: Map<string, ClassInfo>, classOf: (typeName: string) => ClassInfo | undefined): boolean {
  const state = new Map<ClassInfo, boolean>();
  const visit = (info: ClassInfo): boolean => {
    const known = state.get(info);
    if (known !== undefined) return known;
    state.set(info, false); // a cycle through values cannot be (a class cannot hold itself)
    const dtor = info.def.methods?.find((m) => m.method?.kind === 'dtor');
    let own = !!dtor && (!dtor.body || dtor.body.body.length > 0);
    for (const f of info.def.fields) {
      if (f.pointer > 0 || f.arrayDims.length > 0 || f.name === '__base') continue;
      const fc = classOf(f.typeSpec.name);
      if (fc && fc !== info && visit(fc)) { info.dtorFields.push([f.name, fc.def.tag!]); own = true; }
    }
    const base = info.def.base ? classes.get(info.def.base) : undefined;
    if (base && base !== info && visit(base)) { info.dtorBase = base.def.tag; own = true; }
    info.destructible = own;
    state.set(info, own);
    return own;
  };
  let any = false;
  for (const info of classes.values()) if (visit(info)) any = true;
  return any;
}

/** With a virtual destructor in `tag` (its own or a base's): its derived destructible classes and their ids. */
function virtualDestructors(tag: string, classes: Map<string, ClassInfo>): [string, number][] {
  const table = classes.get(tag)?.virtuals;
  if (!table?.virtuals.get(tag)?.has('~')) return [];
  const out: [string, number][] = [];
  for (const [other, info] of classes) {
    if (other === tag || !info.destructible) continue;
    let c: string | undefined = table.bases.get(other);
    while (c !== undefined && c !== tag) c = table.bases.get(c);
    const id = table.ids.get(other);
    if (c === tag && id !== undefined) out.push([other, id]);
  }
  return out;
}

/** `C::m` -> `C__m` (`C::operator+` -> `C__operator_add`). */
function qualifiedName(name: string): string {
  const [cls, member] = name.split('::') as [string, string];
  return `${cls}__${operatorFunctionName(member)}`;
}

/** The C function for one member (undefined for an empty destructor). */
function lowerMember(fn: FunctionDecl, info: ClassInfo | undefined, bag: DiagnosticBag): FunctionDecl | undefined {
  const m = fn.method!;
  const cls = m.className;
  const span = fn.nameSpan;
  if (m.kind === 'dtor') {
    // Run at scope exits and by delete (cxx-destructors.ts); a trivial one (empty, nothing to
    // destroy in the members) is dropped.
    if (!info?.destructible) return undefined;
    fn.params = [{ kind: 'ParamDecl', span, name: 'this', nameSpan: span, typeSpec: { kind: 'TypeSpec', span, name: cls, isConst: false }, qualifier: null, isStream: false, gatherDims: 0, arrayDims: [], pointer: 1 }];
    if (fn.body) rewriteBody(fn, info, true);
    return destructorFunction(cls, fn.nameSpan, fn.body, info.dtorFields, info.dtorBase);
  }
  if (m.kind === 'friend') {
    fn.name = operatorFunctionName(fn.name); // a free function: `operator*` -> operator_mul
    if (fn.body) rewriteBody(fn, info, false); // it sees the class's static members unqualified
    return fn;
  }
  const classType = (s: Span): TypeSpec => ({ kind: 'TypeSpec', span: s, name: cls, isConst: false });
  const thisParam: ParamDecl = { kind: 'ParamDecl', span, name: 'this', nameSpan: span, typeSpec: classType(span), qualifier: null, isStream: false, gatherDims: 0, arrayDims: [], pointer: 1 };
  if (m.kind === 'ctor') {
    fn.name = `${cls}__new`;
    fn.returnType = classType(fn.returnType.span);
    if (fn.body) {
      const self: Ident = { kind: 'Ident', span, name: '__self' };
      const pre: Stmt[] = [
        { kind: 'DeclStmt', span, decl: { kind: 'VarDecl', span, typeSpec: classType(span), isIter: false, isStatic: false, isExtern: false, declarators: [{ kind: 'Declarator', span, name: '__self', nameSpan: span, pointer: 0, arrayDims: [], streamDims: null, init: { kind: 'InitList', span, items: [] } }] } }, // `= {}`: zeroed (also a class whose first field is an empty base)
        { kind: 'DeclStmt', span, decl: { kind: 'VarDecl', span, typeSpec: classType(span), isIter: false, isStatic: false, isExtern: false, declarators: [{ kind: 'Declarator', span, name: 'this', nameSpan: span, pointer: 1, arrayDims: [], streamDims: null, init: { kind: 'UnaryExpr', span, op: '&', operand: self } }] } },
      ];
      const base = info?.def.base;
      const inits = [...(m.inits ?? [])];
      // The base part is constructed first: by its initializer `B(args)`, else by B's default constructor.
      if (base && info.baseHasDefaultCtor && !inits.some((i) => i.name === base)) inits.unshift({ name: base, span, args: [] });
      for (const init of inits) {
        // `x(v)` copies v; `m(a, b)` constructs the class-typed field m; `B(a)` the base part.
        const field = init.name === base ? '__base' : init.name;
        const fieldClass = info?.fieldTypes.get(field) ?? init.name;
        const value: Expr = init.args.length === 1 && field !== '__base' ? init.args[0]! : { kind: 'CallExpr', span: init.span, callee: { kind: 'Ident', span: init.span, name: fieldClass }, args: init.args } satisfies CallExpr;
        pre.push({ kind: 'ExprStmt', span: init.span, expr: { kind: 'AssignExpr', span: init.span, op: '=', target: member(field, init.span), value } });
      }
      const setId = setClassId(info?.virtuals, cls, span);
      if (setId) pre.push(setId);
      fn.body.body = [...pre, ...fn.body.body, { kind: 'ReturnStmt', span: fn.body.span, value: { ...self } }];
      rewriteBody(fn, info, true);
    }
    return fn;
  }
  const twin = m.kind === 'method' && m.isConst && info?.constTwins.has(fn.name);
  fn.name = `${cls}__${operatorFunctionName(fn.name)}${twin ? '__const' : ''}`;
  if (m.kind === 'method') fn.params = [thisParam, ...fn.params];
  if (fn.body) rewriteBody(fn, info, m.kind === 'method');
  return fn;
}

function member(name: string, span: Span): Expr {
  return { kind: 'MemberExpr', span, object: { kind: 'Ident', span, name: 'this' }, member: name, memberSpan: span, arrow: true };
}

/** Field names -> `this->f`, sibling calls -> `this->m(...)` / `C__m(...)`, `return;` in a constructor. */
function rewriteBody(fn: FunctionDecl, info: ClassInfo | undefined, hasThis: boolean): void {
  if (!info) return;
  const scopes: Set<string>[] = [new Set(fn.params.map((p) => p.name))];
  const hidden = (n: string) => scopes.some((s) => s.has(n));
  const isCtor = fn.method?.kind === 'ctor';
  const hooks: StmtHooks = {
    expr: (e) => rewriteExpr(e, (x) => {
      if (x.kind === 'Ident' && info.statics.has(x.name) && !hidden(x.name)) x.name = `${info.def.tag}__${x.name}`;
      else if (x.kind === 'Ident' && info.inheritedStatics.has(x.name) && !hidden(x.name)) x.name = `${info.inheritedStatics.get(x.name)}__${x.name}`;
      if (x.kind === 'Ident' && hasThis && info.fields.has(x.name) && !hidden(x.name)) return member(x.name, x.span);
      // `C::m11 = m11;` in C's member (a parameter hides the field): the field, `this->m11`.
      const [qualifier, field] = x.kind === 'Ident' ? x.name.split('::') : [];
      if (x.kind === 'Ident' && hasThis && field !== undefined && qualifier === info.def.tag && info.fields.has(field) && !info.statics.has(field)) return member(field, x.span);
      if (x.kind === 'CallExpr' && x.callee.kind === 'Ident' && info.methods.has(x.callee.name) && !hidden(x.callee.name)) {
        if (isStaticMember(info, x.callee.name, x.args.length)) x.callee.name = `${info.inheritedStatics.get(x.callee.name) ?? info.def.tag}__${x.callee.name}`;
        else if (hasThis) x.callee = member(x.callee.name, x.callee.span);
      }
      return x;
    }),
    declare: (d) => { if (d.name !== 'this' && d.name !== '__self') scopes[scopes.length - 1]!.add(d.name); },
    bareReturn: (s) => { if (isCtor) s.value = { kind: 'Ident', span: s.span, name: '__self' }; },
    openScope: () => scopes.push(new Set()),
    closeScope: () => scopes.pop(),
  };
  for (const s of fn.body!.body) walkStmt(s, hooks);
}

/** `C *C__alloc(C v)`: `new C(args)` (malloc'd, then filled with the constructed value). */
function allocFunction(cls: string, span: Span): FunctionDecl {
  const ts = (): TypeSpec => ({ kind: 'TypeSpec', span, name: cls, isConst: false });
  const id = (name: string): Ident => ({ kind: 'Ident', span, name });
  const size: Expr = { kind: 'SizeofExpr', span, target: { kind: 'TypeName', span, typeSpec: ts(), pointer: 0, arrayDims: [] } };
  const malloc: Expr = { kind: 'CastExpr', span, target: { kind: 'TypeName', span, typeSpec: ts(), pointer: 1, arrayDims: [] }, operand: { kind: 'CallExpr', span, callee: id('malloc'), args: [size] } };
  const body: Stmt[] = [
    { kind: 'DeclStmt', span, decl: { kind: 'VarDecl', span, typeSpec: ts(), isIter: false, isStatic: false, isExtern: false, declarators: [{ kind: 'Declarator', span, name: 'p', nameSpan: span, pointer: 1, arrayDims: [], streamDims: null, init: malloc }] } },
    { kind: 'ExprStmt', span, expr: { kind: 'AssignExpr', span, op: '=', target: { kind: 'UnaryExpr', span, op: '*', operand: id('p') }, value: id('v') } },
    { kind: 'ReturnStmt', span, value: id('p') },
  ];
  return {
    kind: 'FunctionDecl', span, nameSpan: span, name: `${cls}__alloc`, brook: null, returnType: ts(), returnPointer: 1, isStatic: false,
    method: { className: cls, kind: 'static' }, // one per class across files (static-linkage.ts)
    params: [{ kind: 'ParamDecl', span, name: 'v', nameSpan: span, typeSpec: ts(), qualifier: null, isStream: false, gatherDims: 0, arrayDims: [], pointer: 0 }],
    body: { kind: 'Block', span, body },
  };
}

/** Temporaries a member is called on (`(a + b).Length()`) live in a ring of TEMPORARIES slots:
 *  `C *C__temp(C v)` copies v into the next one. C++ keeps a temporary to the end of its full
 *  expression; a ring of 16 keeps it through 15 more temporaries of the same class. */
const TEMPORARIES = 16;

function temporarySlots(cls: string, span: Span): TopLevel[] {
  const ts = (): TypeSpec => ({ kind: 'TypeSpec', span, name: cls, isConst: false });
  const id = (name: string): Ident => ({ kind: 'Ident', span, name });
  const num = (value: number): Expr => ({ kind: 'NumberLit', span, raw: String(value), value, isFloat: false, suffix: '' });
  const global = (name: string, typeSpec: TypeSpec, arrayDims: Expr[], init: Expr | null): TopLevel => ({
    kind: 'VarDecl', span, typeSpec, isIter: false, isStatic: true, isExtern: false,
    declarators: [{ kind: 'Declarator', span, name, nameSpan: span, pointer: 0, arrayDims, streamDims: null, init }],
  });
  const slots = `${cls}__temps`;
  const next = `${cls}__tempNext`;
  const slot: Expr = { kind: 'IndexExpr', span, object: id(slots), index: id(next) };
  const body: Stmt[] = [
    { kind: 'DeclStmt', span, decl: { kind: 'VarDecl', span, typeSpec: ts(), isIter: false, isStatic: false, isExtern: false, declarators: [{ kind: 'Declarator', span, name: 'p', nameSpan: span, pointer: 1, arrayDims: [], streamDims: null, init: { kind: 'UnaryExpr', span, op: '&', operand: slot } }] } },
    { kind: 'ExprStmt', span, expr: { kind: 'AssignExpr', span, op: '=', target: id(next), value: { kind: 'BinaryExpr', span, op: '%', left: { kind: 'BinaryExpr', span, op: '+', left: id(next), right: num(1) }, right: num(TEMPORARIES) } } },
    { kind: 'ExprStmt', span, expr: { kind: 'AssignExpr', span, op: '=', target: { kind: 'UnaryExpr', span, op: '*', operand: id('p') }, value: id('v') } },
    { kind: 'ReturnStmt', span, value: id('p') },
  ];
  const fn: FunctionDecl = {
    kind: 'FunctionDecl', span, nameSpan: span, name: `${cls}__temp`, brook: null, returnType: ts(), returnPointer: 1, isStatic: true, temporary: true,
    params: [{ kind: 'ParamDecl', span, name: 'v', nameSpan: span, typeSpec: ts(), qualifier: null, isStream: false, gatherDims: 0, arrayDims: [], pointer: 0 }],
    body: { kind: 'Block', span, body },
  };
  return [global(slots, ts(), [num(TEMPORARIES)], null), global(next, { kind: 'TypeSpec', span, name: 'int', isConst: false }, [], num(0)), fn];
}

function forEachStmt(s: Stmt, f: (s: Stmt) => void): void {
  f(s);
  switch (s.kind) {
    case 'Block': for (const x of s.body) forEachStmt(x, f); break;
    case 'IfStmt': forEachStmt(s.then, f); if (s.else) forEachStmt(s.else, f); break;
    case 'ForStmt': if (s.init) forEachStmt(s.init, f); forEachStmt(s.body, f); break;
    case 'WhileStmt': case 'DoWhileStmt': case 'LabeledStmt': forEachStmt(s.body, f); break;
    case 'SwitchStmt': forEachStmt(s.body, f); break;
    default: break;
  }
}

/** C++: a free operator needs an operand of a class (here also a vector) type; `bool operator==(float,
 *  float)` would redefine a built-in operator (g++: "must have an argument of class or enumerated type"). */
function checkOperatorOperands(fn: FunctionDecl, bag: DiagnosticBag): void {
  if (fn.params.length === 0) return;
  const builtinOnly = fn.params.every((p) => p.pointer > 0 || p.arrayDims.length > 0 || builtinTypeByName(p.typeSpec.name)?.kind === 'scalar');
  if (!builtinOnly) return;
  reportSyntax(bag, 'BRK1243', fn.nameSpan, { construct: fn.name, why: 'an operator function needs a parameter of a class or vector type; the operators of numbers and pointers are built in (C++)' }, { hint: `write a named function, e.g. bool near(float a, float b), and call it` });
}
