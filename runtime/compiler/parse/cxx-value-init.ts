/**
 * C++ value-initialization of a plain struct: `T()` where T is a struct (its tag, or a typedef of
 * it) without constructors is a zeroed T (subdivision's splyload.cpp: `ret.push_back(STri())`).
 *
 *   T()   ->   T__value()     with   static T T__value(void) { T __self = {0}; return __self; }
 *
 * The function is put before the first top-level item that uses it (T is defined by then, as C++
 * requires). Classes with constructors were lowered to `C__new` by cxx-class-lower.ts before this
 * runs, so every `T()` left names a class without them. Only C++ passes run it (parse/index.ts).
 */
import type { Block, CallExpr, Expr, FunctionDecl, TopLevel, TranslationUnit, TypeSpec } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { Span } from '../source.js';
import { reportSyntax } from '../messages/syntax.js';
import { rewriteExpr, walkDeclarator, walkStmt, type StmtHooks } from './cxx-walk.js';

export function lowerValueInit(unit: TranslationUnit, bag: DiagnosticBag): void {
  const types = structTypeNames(unit);
  if (types.size === 0) return;
  const made = new Map<string, FunctionDecl>();
  const before = new Map<number, FunctionDecl[]>();
  unit.items.forEach((item, index) => {
    const rewrite = (e: Expr): Expr => {
      if (e.kind !== 'CallExpr' || e.callee.kind !== 'Ident' || !types.has(e.callee.name)) return e;
      const name = e.callee.name;
      if (e.args.length > 0) {
        reportSyntax(bag, 'BRK1243', e.span, { construct: `${name}(...)`, why: `${name} has no constructors: C++ makes a value of it only as ${name}() (zeroed) or from an initializer list` }, { hint: `write ${name} v = {a, b, ...}; or give ${name} a constructor` });
        return e;
      }
      if (!made.has(name)) {
        const fn = valueFunction(name, e.span);
        made.set(name, fn);
        before.set(index, [...(before.get(index) ?? []), fn]);
      }
      const call: CallExpr = { kind: 'CallExpr', span: e.span, callee: { kind: 'Ident', span: e.callee.span, name: `${name}__value` }, args: [] };
      return call;
    };
    const hooks: StmtHooks = { expr: (e) => rewriteExpr(e, rewrite) };
    if (item.kind === 'FunctionDecl' && item.body) walkStmt(item.body, hooks);
    else if (item.kind === 'VarDecl') for (const d of item.declarators) walkDeclarator(d, hooks);
  });
  if (before.size === 0) return;
  const items: TopLevel[] = [];
  const order: TranslationUnit['order'] = [];
  for (const [kind, index] of unit.order) {
    if (kind === 'stmt') { order.push([kind, index]); continue; }
    for (const fn of before.get(index) ?? []) { order.push(['item', items.length]); items.push(fn); }
    order.push(['item', items.length]);
    items.push(unit.items[index]!);
  }
  unit.items = items;
  unit.order = order;
}

/** Struct tags and the typedef names of structs, less any name that is also a function. */
function structTypeNames(unit: TranslationUnit): Set<string> {
  const names = new Set<string>();
  const functions = new Set<string>();
  const tagOf = (ts: TypeSpec) => ts.struct?.tag;
  for (const item of unit.items) {
    if (item.kind === 'FunctionDecl') functions.add(item.name);
    else if (item.kind === 'StructDecl' && item.def.tag) names.add(item.def.tag);
    else if (item.kind === 'VarDecl' && tagOf(item.typeSpec)) names.add(tagOf(item.typeSpec)!);
    else if (item.kind === 'TypedefDecl') {
      const tag = tagOf(item.typeSpec);
      if (tag) names.add(tag);
      const isStruct = !!item.typeSpec.struct || item.typeSpec.name.startsWith('struct ') || names.has(item.typeSpec.name);
      if (isStruct) for (const d of item.declarators) if (d.pointer === 0 && d.arrayDims.length === 0) names.add(d.name);
    }
  }
  for (const f of functions) names.delete(f);
  return names;
}

function valueFunction(name: string, span: Span): FunctionDecl {
  const type: TypeSpec = { kind: 'TypeSpec', span, name, isConst: false };
  const self = (): Expr => ({ kind: 'Ident', span, name: '__self' });
  const body: Block = {
    kind: 'Block', span, body: [
      { kind: 'DeclStmt', span, decl: { kind: 'VarDecl', span, typeSpec: type, isIter: false, isStatic: false, isExtern: false, declarators: [
        { kind: 'Declarator', span, name: '__self', nameSpan: span, pointer: 0, arrayDims: [], streamDims: null, init: { kind: 'InitList', span, items: [{ kind: 'NumberLit', span, raw: '0', value: 0, isFloat: false, suffix: '' }] } },
      ] } },
      { kind: 'ReturnStmt', span, value: self() },
    ],
  };
  return { kind: 'FunctionDecl', span, nameSpan: span, name: `${name}__value`, brook: null, returnType: type, returnPointer: 0, params: [], body, isStatic: true };
}
