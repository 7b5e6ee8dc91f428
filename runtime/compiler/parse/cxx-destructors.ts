/**
 * C++ destructors (docs/CXX.md), lowered to C by cxx-class-lower.ts:
 *
 *   class C { ~C() { ... } };        ->  void C__dtor(C *this) { ...; F__dtor(&this->f); B__dtor(&this->__base); }
 *   { C a; C b; ... }                ->  { C a; C b; ...; C__dtor(&b); C__dtor(&a); }
 *   return e;  (objects in scope)    ->  { T __ret = e; C__dtor(&b); C__dtor(&a); return __ret; }
 *   break; / continue;               ->  { C__dtor(&x); break; }   (the objects of the loop's scopes)
 *   delete p;   (p a C *)            ->  C__delete(p): if (p) { C__dtor(p); free(p); }   (check/cxx-members.ts)
 *
 * A class has a destructor when it declares one with a body (or a prototype: its body is elsewhere),
 * or a field (not a pointer or array) or base class of a class with one; an empty `~C() {}` in a class
 * whose members need nothing is trivial and dropped. A destructor runs its body, then its fields'
 * destructors in reverse order, then its base's. Local objects (not static, not arrays, not
 * references) are destroyed where their scope ends, in reverse order of construction, also on
 * `return` (after the value is computed; `return x;` of a local object hands x to the caller as g++'s
 * named return value optimization does), `break` and `continue`. Not destroyed: temporaries, by-value
 * parameters, globals and static locals (C++ destroys those at exit), arrays of objects (they are not
 * constructed either), `delete[]`'s elements. `goto` with objects in scope, and an object declared
 * directly in a `switch` body, are BRK1243.
 */
import type { Block, Expr, FunctionDecl, Ident, ParamDecl, Stmt, TypeSpec } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { Span } from '../source.js';
import { reportSyntax } from '../messages/syntax.js';

/** type name of a declared local -> the class tag whose destructor it needs (undefined: none). */
export type DestructibleOf = (typeName: string) => string | undefined;

interface Obj { name: string; cls: string }
interface Scope { kind: 'block' | 'loop' | 'switch'; objects: Obj[] }

const id = (span: Span, name: string): Ident => ({ kind: 'Ident', span, name });

/** `C__dtor(&name);` */
function destroy(o: Obj, span: Span): Stmt {
  const self: Expr = { kind: 'UnaryExpr', span, op: '&', operand: id(span, o.name) };
  return { kind: 'ExprStmt', span, expr: { kind: 'CallExpr', span, callee: id(span, `${o.cls}__dtor`), args: [self] } };
}

/** Insert destructor calls into a function body (fn.returnType already the lowered one). */
export function insertDestructors(fn: FunctionDecl, of: DestructibleOf, bag: DiagnosticBag): void {
  if (!fn.body) return;
  const scopes: Scope[] = [];
  const live = (upTo: (s: Scope) => boolean): Obj[] => {
    const out: Obj[] = [];
    for (let i = scopes.length - 1; i >= 0; i--) {
      const s = scopes[i]!;
      if (upTo(s)) break;
      out.push(...[...s.objects].reverse());
    }
    return out;
  };
  const jump = (s: Stmt, objs: Obj[]): Stmt => (objs.length === 0 ? s : { kind: 'Block', span: s.span, body: [...objs.map((o) => destroy(o, s.span)), s] });

  const stmt = (s: Stmt): Stmt => {
    switch (s.kind) {
      case 'Block': return block(s, 'block');
      case 'IfStmt': s.then = stmt(s.then); if (s.else) s.else = stmt(s.else); return s;
      case 'WhileStmt': case 'DoWhileStmt': s.body = loopBody(s.body, 'loop'); return s;
      case 'ForStmt': {
        const objs = s.init ? declared(s.init) : [];
        if (objs.length === 0) { s.body = loopBody(s.body, 'loop'); return s; }
        // `for (C c; ...)`: c lives through the loop; as `{ C c; for (; ...) ...; }`.
        const init = s.init!;
        s.init = null;
        return block({ kind: 'Block', span: s.span, body: [init, s] }, 'block');
      }
      case 'SwitchStmt': s.body = loopBody(s.body, 'switch') as Block; return s;
      case 'LabeledStmt': s.body = stmt(s.body); return s;
      case 'ReturnStmt': return ret(s);
      case 'BreakStmt': return jump(s, live((x) => x.kind === 'loop' || x.kind === 'switch'));
      case 'ContinueStmt': return jump(s, live((x) => x.kind === 'loop'));
      case 'GotoStmt':
        if (live(() => false).length > 0) reportSyntax(bag, 'BRK1243', s.span, { construct: 'goto', why: 'a goto would skip the destructors of the objects in scope (docs/CXX.md)' }, { hint: 'use break, continue or return, or put the objects in a block the goto does not leave' });
        return s;
      default: return s;
    }
  };
  const loopBody = (body: Stmt, kind: 'loop' | 'switch'): Stmt => {
    scopes.push({ kind, objects: [] });
    try {
      if (kind === 'switch' && body.kind === 'Block') {
        const at = body.body.find((x) => declared(x).length > 0);
        const objs = at ? declared(at) : [];
        if (at && objs.length > 0) {
          reportSyntax(bag, 'BRK1243', at.span, { construct: `${objs[0]!.cls} ${objs[0]!.name} in a switch`, why: 'a case label may jump past its construction (C++ refuses it too)' }, { hint: 'put the object in a block { ... } inside the case' });
        }
      }
      return stmt(body);
    } finally {
      scopes.pop();
    }
  };
  const block = (b: Block, kind: Scope['kind']): Block => {
    const scope: Scope = { kind, objects: [] };
    scopes.push(scope);
    try {
      const body: Stmt[] = [];
      for (const s of b.body) {
        body.push(stmt(s));
        scope.objects.push(...declared(s));
      }
      const last = body[body.length - 1];
      const jumps = last && (last.kind === 'ReturnStmt' || last.kind === 'BreakStmt' || last.kind === 'ContinueStmt' || last.kind === 'GotoStmt');
      if (!jumps) for (const o of [...scope.objects].reverse()) body.push(destroy(o, b.span));
      b.body = body;
      return b;
    } finally {
      scopes.pop();
    }
  };
  const ret = (s: Stmt & { kind: 'ReturnStmt' }): Stmt => {
    const all = live(() => false);
    if (all.length === 0) return s;
    const span = s.span;
    if (!s.value) return jump(s, all);
    // `return x;` of a local object: x goes to the caller (named return value), the others end.
    const named = s.value.kind === 'Ident' ? s.value.name : undefined;
    const others = all.filter((o) => o.name !== named);
    if (named !== undefined && others.length < all.length) return jump(s, others);
    const byRef = fn.returnsReference === true;
    const typeSpec: TypeSpec = { ...fn.returnType, isConst: false };
    const value: Expr = byRef ? { kind: 'UnaryExpr', span, op: '&', operand: s.value } : s.value;
    const decl: Stmt = { kind: 'DeclStmt', span, decl: { kind: 'VarDecl', span, typeSpec, isIter: false, isStatic: false, isExtern: false, declarators: [{ kind: 'Declarator', span, name: '__ret', nameSpan: span, pointer: fn.returnPointer, arrayDims: [], streamDims: null, init: value }] } };
    const result: Expr = byRef ? { kind: 'UnaryExpr', span, op: '*', operand: id(span, '__ret') } : id(span, '__ret');
    return { kind: 'Block', span, body: [decl, ...others.map((o) => destroy(o, span)), { kind: 'ReturnStmt', span, value: result }] };
  };
  const declared = (s: Stmt): Obj[] => {
    if (s.kind !== 'DeclStmt' || s.decl.kind !== 'VarDecl' || s.decl.isStatic || s.decl.isExtern) return [];
    const cls = of(s.decl.typeSpec.name);
    if (!cls) return [];
    return s.decl.declarators.filter((d) => d.pointer === 0 && d.arrayDims.length === 0 && !d.streamDims && !d.reference && d.name !== '__self').map((d) => ({ name: d.name, cls }));
  };
  fn.body = block(fn.body, 'block');
}

/**
 * `void C__dtor(C *this)`: the destructor's body (null: a prototype), then the fields' destructors in
 * reverse order, then the base's. `fields`: [field name, class] of the destructible value fields.
 */
export function destructorFunction(cls: string, span: Span, body: Block | null, fields: [string, string][], base: string | undefined): FunctionDecl {
  const ts = (name: string): TypeSpec => ({ kind: 'TypeSpec', span, name, isConst: false });
  const thisParam: ParamDecl = { kind: 'ParamDecl', span, name: 'this', nameSpan: span, typeSpec: ts(cls), qualifier: null, isStream: false, gatherDims: 0, arrayDims: [], pointer: 1 };
  const call = (callee: string, field: string): Stmt => {
    const member: Expr = { kind: 'MemberExpr', span, object: id(span, 'this'), member: field, memberSpan: span, arrow: true };
    return { kind: 'ExprStmt', span, expr: { kind: 'CallExpr', span, callee: id(span, `${callee}__dtor`), args: [{ kind: 'UnaryExpr', span, op: '&', operand: member }] } };
  };
  const after = [...fields].reverse().map(([f, c]) => call(c, f));
  if (base) after.push(call(base, '__base'));
  // The body's `return;` must still reach the members: the body goes in a block the calls follow
  // (a `return;` in a destructor is rare; insertDestructors does not touch it).
  const full: Block | null = body ? { kind: 'Block', span: body.span, body: [{ ...body }, ...after] } : null; // the body's locals end before the members
  return { kind: 'FunctionDecl', span, nameSpan: span, name: `${cls}__dtor`, brook: null, returnType: ts('void'), returnPointer: 0, params: [thisParam], body: full, isStatic: false, method: { className: cls, kind: 'method' } };
}

/**
 * `void C__delete(C *p) { if (p) { C__dtor(p); free(p); } }`: `delete p` of a class with a destructor.
 * With a virtual destructor, `derived` lists the file's destructible classes derived from C with
 * their ids (cxx-virtual.ts): the object's own class's destructor runs, chosen by `p->__vid`.
 */
export function deleteFunction(cls: string, span: Span, own = true, derived: [string, number][] = []): FunctionDecl {
  const ts = (name: string): TypeSpec => ({ kind: 'TypeSpec', span, name, isConst: false });
  const call = (callee: string, arg: Expr = id(span, 'p')): Stmt => ({ kind: 'ExprStmt', span, expr: { kind: 'CallExpr', span, callee: id(span, callee), args: [arg] } });
  let destroy: Stmt | null = own ? call(`${cls}__dtor`) : null;
  for (const [tag, vid] of [...derived].reverse()) {
    const cond: Expr = { kind: 'BinaryExpr', span, op: '==', left: { kind: 'MemberExpr', span, object: id(span, 'p'), member: '__vid', memberSpan: span, arrow: true }, right: { kind: 'NumberLit', span, raw: String(vid), value: vid, isFloat: false, suffix: '' } };
    const self: Expr = { kind: 'CastExpr', span, target: { kind: 'TypeName', span, typeSpec: ts(tag), pointer: 1, arrayDims: [] }, operand: id(span, 'p') };
    destroy = { kind: 'IfStmt', span, cond, then: call(`${tag}__dtor`, self), else: destroy };
  }
  const body: Stmt[] = [{ kind: 'IfStmt', span, cond: id(span, 'p'), then: { kind: 'Block', span, body: [...(destroy ? [destroy] : []), call('free')] }, else: null }];
  return {
    kind: 'FunctionDecl', span, nameSpan: span, name: `${cls}__delete`, brook: null, returnType: ts('void'), returnPointer: 0, isStatic: false,
    method: { className: cls, kind: 'static' },
    params: [{ kind: 'ParamDecl', span, name: 'p', nameSpan: span, typeSpec: ts(cls), qualifier: null, isStream: false, gatherDims: 0, arrayDims: [], pointer: 1 }],
    body: { kind: 'Block', span, body },
  };
}
