/**
 * Rewriting the parsed tree in place, for the C++ lowerings (cxx-references.ts, cxx-stream-io.ts):
 * each lowering replaces an expression by an equivalent C one before the checker sees the tree.
 *
 * `rewriteExpr(e, f)` rewrites `e`'s children first (each replaced by what `f` returns), then `e`.
 * `walkStmt(s, hooks)` visits statements in order, opening a scope at each block and `for`, so a
 * lowering can track which names are declared where.
 */
import type { Declarator, Expr, ReturnStmt, Stmt, TranslationUnit } from '../ast.js';

export type ExprRewrite = (e: Expr) => Expr;

export function rewriteExpr(e: Expr, f: ExprRewrite): Expr {
  const r = (x: Expr) => rewriteExpr(x, f);
  switch (e.kind) {
    case 'BinaryExpr': e.left = r(e.left); e.right = r(e.right); break;
    case 'AssignExpr': e.target = r(e.target); e.value = r(e.value); break;
    case 'UnaryExpr': case 'PostfixExpr': e.operand = r(e.operand); break;
    case 'CondExpr': e.cond = r(e.cond); e.then = r(e.then); e.else = r(e.else); break;
    case 'CallExpr': e.callee = r(e.callee); e.args = e.args.map(r); break;
    case 'IndexExpr': e.object = r(e.object); e.index = r(e.index); break;
    case 'MemberExpr': e.object = r(e.object); break;
    case 'CastExpr': e.operand = r(e.operand); break;
    case 'SizeofExpr': if (e.target.kind !== 'TypeName') e.target = r(e.target); break;
    case 'CommaExpr': e.exprs = e.exprs.map(r); break;
    case 'InitList': e.items = e.items.map(r); break;
    case 'ConstructExpr': e.args = e.args.map(r); break;
    default: break; // literals, names, indexof
  }
  return f(e);
}

export interface StmtHooks {
  /** Every expression statement, condition, initializer and return value, replaced by the result. */
  expr(e: Expr): Expr;
  /** A declarator, before its initializer is rewritten (it is in scope from here on). */
  declare?(d: Declarator): void;
  /** A declarator after its initializer was rewritten. */
  initialized?(d: Declarator): void;
  /** A `return;` with no value. */
  bareReturn?(s: ReturnStmt): void;
  /** The value of a `return` (after `expr`). */
  returnValue?(e: Expr): Expr;
  openScope?(): void;
  closeScope?(): void;
}

export function walkStmt(s: Stmt, h: StmtHooks): void {
  const scoped = (body: () => void) => {
    h.openScope?.();
    try { body(); } finally { h.closeScope?.(); }
  };
  switch (s.kind) {
    case 'Block': scoped(() => { for (const x of s.body) walkStmt(x, h); }); break;
    case 'ExprStmt': s.expr = h.expr(s.expr); break;
    case 'DeclStmt':
      if (s.decl.kind !== 'VarDecl') break;
      for (const d of s.decl.declarators) walkDeclarator(d, h);
      break;
    case 'IfStmt': s.cond = h.expr(s.cond); walkStmt(s.then, h); if (s.else) walkStmt(s.else, h); break;
    case 'ForStmt':
      scoped(() => {
        if (s.init) walkStmt(s.init, h);
        if (s.cond) s.cond = h.expr(s.cond);
        if (s.update) s.update = h.expr(s.update);
        walkStmt(s.body, h);
      });
      break;
    case 'WhileStmt': s.cond = h.expr(s.cond); walkStmt(s.body, h); break;
    case 'DoWhileStmt': walkStmt(s.body, h); s.cond = h.expr(s.cond); break;
    case 'ReturnStmt':
      if (!s.value) h.bareReturn?.(s);
      if (s.value) {
        s.value = h.expr(s.value);
        if (h.returnValue) s.value = h.returnValue(s.value);
      }
      break;
    case 'SwitchStmt': s.discriminant = h.expr(s.discriminant); walkStmt(s.body, h); break;
    case 'CaseClause': if (s.test) s.test = h.expr(s.test); break;
    case 'LabeledStmt': walkStmt(s.body, h); break;
    default: break; // break, continue, goto, empty
  }
}

export function walkDeclarator(d: Declarator, h: StmtHooks): void {
  h.declare?.(d);
  if (d.init) d.init = h.expr(d.init);
  h.initialized?.(d);
}

/** Every expression of the unit (function bodies, global initializers, a cell's statements). */
export function rewriteUnit(unit: TranslationUnit, f: ExprRewrite): void {
  const hooks: StmtHooks = { expr: (e) => rewriteExpr(e, f) };
  for (const item of unit.items) {
    if (item.kind === 'FunctionDecl' && item.body) walkStmt(item.body, hooks);
    else if (item.kind === 'VarDecl') for (const d of item.declarators) walkDeclarator(d, hooks);
  }
  for (const s of unit.statements) walkStmt(s, hooks);
}
