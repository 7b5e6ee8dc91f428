/**
 * C++ references in host code, lowered to C pointers before the checker sees the tree:
 *
 *   void f(int& n) { n = 3; }        ->  void f(int *n) { *n = 3; }
 *   f(x);                            ->  f(&x);
 *   int& r = a[i];  r++;             ->  int *r = &a[i];  (*r)++;
 *   int& at(int i) { return v[i]; }  ->  int *at(int i) { return &v[i]; }   at(2) = 5  ->  *at(2) = 5
 *
 * The parser already counted each `&` as one pointer level and marked the parameter, declarator or
 * function (`reference`, `returnsReference`); this pass rewrites the uses. A reference bound to a
 * value that is not an lvalue (`const int& r = a + b;`) becomes a copy of it, which is what the
 * reference would read. `const T&` parameters are passed by value (the parser drops their `&`): the
 * callee cannot write them, so a copy reads the same.
 *
 * Scoping follows C's: a block or `for` opens a scope, a declaration shadows an outer name. Calls
 * are matched by name and argument count (overloads of one arity must agree on which parameters are
 * references: the types that would tell them apart are known only to the checker).
 */
import type { Expr, FunctionDecl, TranslationUnit, UnaryExpr } from '../ast.js';
import { rewriteExpr, walkDeclarator, walkStmt, type StmtHooks } from './cxx-walk.js';

interface Signature { refParams: boolean[]; returnsReference: boolean }

/** True when some declaration in the unit is a reference (the pass has something to do). */
export function hasReferences(unit: TranslationUnit): boolean {
  let found = false;
  // Statements only (expressions are not entered): cheap enough for every compile.
  const hooks: StmtHooks = { expr: (e) => e, declare: (d) => { found ||= d.reference === true; } };
  for (const item of unit.items) {
    if (item.kind === 'FunctionDecl' && (item.returnsReference || item.params.some((p) => p.reference))) return true;
    if (item.kind === 'FunctionDecl' && item.body) walkStmt(item.body, hooks);
    if (item.kind === 'VarDecl' && item.declarators.some((d) => d.reference)) return true;
  }
  for (const s of unit.statements) walkStmt(s, hooks);
  return found;
}

export function lowerReferences(unit: TranslationUnit): void {
  if (!hasReferences(unit)) return;
  const functions = new Map<string, Signature>();
  for (const item of unit.items) {
    if (item.kind !== 'FunctionDecl') continue;
    functions.set(`${item.name}/${item.params.length}`, { refParams: item.params.map((p) => p.reference === true), returnsReference: item.returnsReference === true });
  }
  const scopes: Map<string, boolean>[] = [new Map()];
  const lookup = (name: string): boolean | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const v = scopes[i]!.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const lower = (e: Expr): Expr => rewriteExpr(e, (x) => {
    if (x.kind === 'Ident' && lookup(x.name) === true) return deref(x);
    if (x.kind === 'CallExpr' && x.callee.kind === 'Ident' && lookup(x.callee.name) === undefined) {
      const sig = functions.get(`${x.callee.name}/${x.args.length}`);
      if (!sig) return x;
      x.args = x.args.map((a, i) => (sig.refParams[i] ? addressOf(a) : a));
      return sig.returnsReference ? deref(x) : x;
    }
    return x;
  });
  let returnsReference = false;
  const hooks: StmtHooks = {
    expr: lower,
    initialized(d) {
      if (d.reference && d.init && !isLvalue(d.init)) {
        d.reference = false; // bound to a temporary: a copy reads the same
        d.pointer--;
      } else if (d.reference && d.init) {
        d.init = addressOf(d.init);
      }
      scopes[scopes.length - 1]!.set(d.name, d.reference === true);
    },
    returnValue: (e) => (returnsReference ? addressOf(e) : e),
    openScope: () => scopes.push(new Map()),
    closeScope: () => scopes.pop(),
  };
  for (const [kind, index] of unit.order) {
    if (kind === 'stmt') { walkStmt(unit.statements[index]!, hooks); continue; }
    const item = unit.items[index]!;
    if (item.kind === 'VarDecl') for (const d of item.declarators) walkDeclarator(d, hooks);
    else if (item.kind === 'FunctionDecl' && item.body) lowerFunction(item);
  }

  function lowerFunction(fn: FunctionDecl): void {
    returnsReference = fn.returnsReference === true;
    scopes.push(new Map(fn.params.map((p) => [p.name, p.reference === true])));
    try {
      for (const s of fn.body!.body) walkStmt(s, hooks);
    } finally {
      scopes.pop();
      returnsReference = false;
    }
  }
}

function deref(e: Expr): UnaryExpr {
  return { kind: 'UnaryExpr', span: e.span, op: '*', operand: e };
}

function addressOf(e: Expr): Expr {
  if (e.kind === 'UnaryExpr' && e.op === '*') return e.operand;
  // `return c ? a() : b();` of two lvalues (a C++ lvalue): the address of the one chosen.
  if (e.kind === 'CondExpr' && isLvalue(e.then) && isLvalue(e.else)) return { ...e, then: addressOf(e.then), else: addressOf(e.else) };
  return { kind: 'UnaryExpr', span: e.span, op: '&', operand: e };
}

/** Names, elements, members and dereferences (a reference's or a reference-returning call's). */
function isLvalue(e: Expr): boolean {
  if (e.kind === 'CondExpr') return isLvalue(e.then) && isLvalue(e.else);
  return e.kind === 'Ident' || e.kind === 'IndexExpr' || e.kind === 'MemberExpr' || (e.kind === 'UnaryExpr' && e.op === '*');
}
