/**
 * Statements of host functions, kernel bodies and notebook cells: scopes, loops and switches
 * (break/continue placement), returns against the function's type, conditions that must be scalars.
 * Kernels do not have switch or goto (the IR has neither; use if/else).
 */
import type { CaseClause, Expr, Stmt } from '../ast.js';
import type { Type } from '../types.js';
import { typeToString } from '../types.js';
import { reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { inKernel, popScope, pushScope } from './ctx.js';
import { checkExpr } from './expr.js';
import { coerce } from './operands.js';
import { checkTypedef, checkVarDecl } from './decl.js';
import { defineStruct, evalConst } from './resolve.js';
import { isArith, isLoose, size } from './typing.js';

export function checkCondition(ctx: Ctx, e: Expr): void {
  const t = checkExpr(ctx, e);
  if (isLoose(t)) return;
  const ok = (isArith(t) && size(t) === 1) || (!inKernel(ctx) && (t.kind === 'pointer' || t.kind === 'array'));
  if (!ok) reportCheck(ctx.bag, 'BRK2119', e.span, { type: typeToString(t) });
}

export function checkStmts(ctx: Ctx, stmts: Stmt[]): void {
  for (const s of stmts) checkStmt(ctx, s);
}

export function checkStmt(ctx: Ctx, s: Stmt): void {
  const fn = ctx.fn;
  switch (s.kind) {
    case 'Block': {
      const sc = pushScope(ctx);
      checkStmts(ctx, s.body);
      popScope(ctx, sc);
      return;
    }
    case 'ExprStmt': {
      const prev = ctx.statementCall;
      ctx.statementCall = s.expr;
      checkExpr(ctx, s.expr);
      ctx.statementCall = prev;
      return;
    }
    case 'DeclStmt': {
      const d = s.decl;
      // A cell's top-level declaration is a (session) global; one inside a block or loop is local.
      if (d.kind === 'VarDecl') checkVarDecl(ctx, d, ctx.fn || ctx.scope !== ctx.global ? 'local' : 'global');
      else if (d.kind === 'TypedefDecl') checkTypedef(ctx, d);
      else defineStruct(ctx, d.def);
      return;
    }
    case 'IfStmt':
      checkCondition(ctx, s.cond);
      checkScoped(ctx, s.then);
      if (s.else) checkScoped(ctx, s.else);
      return;
    case 'ForStmt': {
      const sc = pushScope(ctx);
      if (s.init) checkStmt(ctx, s.init);
      if (s.cond) checkCondition(ctx, s.cond);
      if (s.update) checkExpr(ctx, s.update);
      loop(ctx, () => checkScoped(ctx, s.body));
      popScope(ctx, sc);
      return;
    }
    case 'WhileStmt':
      checkCondition(ctx, s.cond);
      loop(ctx, () => checkScoped(ctx, s.body));
      return;
    case 'DoWhileStmt':
      loop(ctx, () => checkScoped(ctx, s.body));
      checkCondition(ctx, s.cond);
      return;
    case 'ReturnStmt':
      checkReturn(ctx, s.value, s.span);
      return;
    case 'BreakStmt':
      if (!fn || fn.loops + fn.switches === 0) reportCheck(ctx.bag, 'BRK2112', s.span);
      return;
    case 'ContinueStmt':
      if (!fn || fn.loops === 0) reportCheck(ctx.bag, 'BRK2113', s.span);
      return;
    case 'SwitchStmt': {
      if (inKernel(ctx)) {
        reportCheck(ctx.bag, 'BRK2122', s.span, { name: 'switch', why: 'write the cases as if / else if' });
        return;
      }
      const t = checkExpr(ctx, s.discriminant);
      if (!isLoose(t) && !(t.kind === 'scalar' && t.name !== 'float' && t.name !== 'double')) {
        reportCheck(ctx.bag, 'BRK2103', s.discriminant.span, { from: typeToString(t), to: 'int', why: 'switch takes an integer' });
      }
      if (fn) fn.switches++;
      const sc = pushScope(ctx);
      // C's rules on labels, checked here because JavaScript's switch differs: one default, each case
      // value once, case values constant.
      const seen = new Map<number, CaseClause>();
      let dflt: CaseClause | undefined;
      for (const x of s.body.body) {
        if (x.kind !== 'CaseClause') { checkStmt(ctx, x); continue; }
        if (!x.test) {
          if (dflt) reportCheck(ctx.bag, 'BRK2130', x.span, {}, { related: [{ span: dflt.span, message: 'the first default label' }] });
          dflt ??= x;
          continue;
        }
        const tt = checkExpr(ctx, x.test);
        if (isLoose(tt)) continue;
        const v = evalConst(ctx, x.test);
        if (v === undefined || !Number.isInteger(v)) { reportCheck(ctx.bag, 'BRK2131', x.test.span); continue; }
        const first = seen.get(v);
        if (first) reportCheck(ctx.bag, 'BRK2132', x.test.span, { value: v }, { related: [{ span: first.span, message: 'the first label with this value' }] });
        else seen.set(v, x);
      }
      popScope(ctx, sc);
      if (fn) fn.switches--;
      return;
    }
    case 'CaseClause':
      reportCheck(ctx.bag, 'BRK2124', s.span);
      return;
    case 'EmptyStmt':
      return;
    case 'GotoStmt':
      if (inKernel(ctx)) reportCheck(ctx.bag, 'BRK2123', s.span);
      else if (!fn?.labels?.has(s.label)) reportCheck(ctx.bag, 'BRK2127', s.span, { name: s.label });
      return;
    case 'LabeledStmt':
      checkStmt(ctx, s.body);
      return;
  }
}

/** A sub-statement gets its own scope (a declaration in `if (c) int x;` does not leak). */
function checkScoped(ctx: Ctx, s: Stmt): void {
  if (s.kind === 'Block') { checkStmt(ctx, s); return; }
  const sc = pushScope(ctx);
  checkStmt(ctx, s);
  popScope(ctx, sc);
}

function loop(ctx: Ctx, body: () => void): void {
  if (ctx.fn) ctx.fn.loops++;
  body();
  if (ctx.fn) ctx.fn.loops--;
}

function checkReturn(ctx: Ctx, value: Expr | null, span: import('../source.js').Span): void {
  const fn = ctx.fn;
  if (!fn) {
    if (value) checkExpr(ctx, value);
    return;
  }
  const name = fn.decl?.name ?? 'the cell';
  const ret: Type = fn.returnType;
  if (value) {
    const t = checkExpr(ctx, value);
    if (ret.kind === 'void') {
      if (!isLoose(t)) reportCheck(ctx.bag, 'BRK2115', span, { name });
      return;
    }
    coerce(ctx, value, ret);
  } else if (ret.kind !== 'void' && !isLoose(ret)) {
    reportCheck(ctx.bag, 'BRK2116', span, { name, type: typeToString(ret) });
  }
}

/** Labels of a function body; a label defined twice is reported. */
export function collectLabels(ctx: Ctx, stmts: Stmt[]): Set<string> {
  const labels = new Set<string>();
  const walk = (s: Stmt | null): void => {
    if (!s) return;
    switch (s.kind) {
      case 'LabeledStmt':
        if (labels.has(s.label)) reportCheck(ctx.bag, 'BRK2128', s.span, { name: s.label });
        labels.add(s.label);
        walk(s.body);
        return;
      case 'Block': s.body.forEach(walk); return;
      case 'IfStmt': walk(s.then); walk(s.else); return;
      case 'ForStmt': case 'WhileStmt': case 'DoWhileStmt': walk(s.body); return;
      case 'SwitchStmt': walk(s.body); return;
      default: return;
    }
  };
  stmts.forEach(walk);
  return labels;
}

/** Can control reach the end of these statements? (Conservative: loops may exit unless `for(;;)`.) */
export function canFallThrough(stmts: Stmt[]): boolean {
  for (const s of stmts) if (!stmtFallsThrough(s)) return false;
  return true;
}

function stmtFallsThrough(s: Stmt): boolean {
  switch (s.kind) {
    case 'ReturnStmt': return false;
    case 'Block': return canFallThrough(s.body);
    case 'IfStmt': return s.else === null || stmtFallsThrough(s.then) || stmtFallsThrough(s.else);
    case 'ForStmt': return s.cond !== null || containsBreak(s.body);
    case 'WhileStmt': return !isTrueConst(s.cond) || containsBreak(s.body);
    case 'DoWhileStmt': return (stmtFallsThrough(s.body) && !isTrueConst(s.cond)) || containsBreak(s.body);
    case 'ExprStmt': return !(s.expr.kind === 'CallExpr' && s.expr.callee.kind === 'Ident' && (s.expr.callee.name === 'exit' || s.expr.callee.name === 'abort'));
    default: return true;
  }
}

function isTrueConst(e: Expr): boolean {
  return e.kind === 'NumberLit' && e.value !== 0;
}

/** A break that leaves this loop (not one inside a nested loop or switch). */
function containsBreak(s: Stmt): boolean {
  switch (s.kind) {
    case 'BreakStmt': return true;
    case 'Block': return s.body.some(containsBreak);
    case 'IfStmt': return containsBreak(s.then) || (s.else !== null && containsBreak(s.else));
    case 'LabeledStmt': return containsBreak(s.body);
    default: return false;
  }
}
