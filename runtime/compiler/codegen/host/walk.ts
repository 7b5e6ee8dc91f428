/** Visiting every statement, declarator and expression of host code (for the prepasses of func.ts). */
import type { Declarator, Expr, Stmt, VarDecl } from '../../ast.js';

export interface Visitor {
  expr?(e: Expr): void;
  declarator?(d: Declarator, decl: VarDecl): void;
  stmt?(s: Stmt): void;
}

export function walkStmt(s: Stmt | null, v: Visitor): void {
  if (!s) return;
  v.stmt?.(s);
  switch (s.kind) {
    case 'Block': for (const x of s.body) walkStmt(x, v); return;
    case 'ExprStmt': walkExpr(s.expr, v); return;
    case 'DeclStmt':
      if (s.decl.kind === 'VarDecl') walkVarDecl(s.decl, v);
      return;
    case 'IfStmt': walkExpr(s.cond, v); walkStmt(s.then, v); walkStmt(s.else, v); return;
    case 'ForStmt': walkStmt(s.init, v); walkExpr(s.cond, v); walkExpr(s.update, v); walkStmt(s.body, v); return;
    case 'WhileStmt': case 'DoWhileStmt': walkExpr(s.cond, v); walkStmt(s.body, v); return;
    case 'ReturnStmt': walkExpr(s.value, v); return;
    case 'SwitchStmt': walkExpr(s.discriminant, v); walkStmt(s.body, v); return;
    case 'CaseClause': walkExpr(s.test, v); return;
    case 'LabeledStmt': walkStmt(s.body, v); return;
    default: return;
  }
}

export function walkVarDecl(d: VarDecl, v: Visitor): void {
  for (const dec of d.declarators) {
    v.declarator?.(dec, d);
    for (const x of dec.arrayDims) walkExpr(x, v);
    for (const x of dec.streamDims ?? []) walkExpr(x, v);
    walkExpr(dec.init, v);
  }
}

export function walkExpr(e: Expr | null | undefined, v: Visitor): void {
  if (!e) return;
  v.expr?.(e);
  switch (e.kind) {
    case 'BinaryExpr': walkExpr(e.left, v); walkExpr(e.right, v); return;
    case 'AssignExpr': walkExpr(e.target, v); walkExpr(e.value, v); return;
    case 'UnaryExpr': case 'PostfixExpr': walkExpr(e.operand, v); return;
    case 'CondExpr': walkExpr(e.cond, v); walkExpr(e.then, v); walkExpr(e.else, v); return;
    case 'CallExpr': walkExpr(e.callee, v); for (const a of e.args) walkExpr(a, v); return;
    case 'IndexExpr': walkExpr(e.object, v); walkExpr(e.index, v); return;
    case 'MemberExpr': walkExpr(e.object, v); return;
    case 'CastExpr': walkExpr(e.operand, v); return;
    case 'SizeofExpr': if (e.target.kind !== 'TypeName') walkExpr(e.target, v); return;
    case 'CommaExpr': for (const x of e.exprs) walkExpr(x, v); return;
    case 'InitList': for (const x of e.items) walkExpr(x, v); return;
    case 'ConstructExpr': for (const x of e.args) walkExpr(x, v); return;
    default: return;
  }
}
