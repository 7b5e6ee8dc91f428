/**
 * Kernel statements to IR. Loops whose condition hoists statements (`while (i++ < n)`) test inside the
 * body (`loop(cond = null) { pre; if (!c) break; ... }`) so `continue` still re-evaluates the condition;
 * a do-while's condition goes into `update`, which runs after the body and after `continue`.
 */
import type { Expr, Stmt } from '../ast.js';
import type { IRExpr, IRStmt } from '../ir.js';
import type { Sym } from '../check/scope.js';
import { BOOL_T, convertTo, toBool } from './build.js';
import { lowerEffect, lowerExpr, lowerInitList } from './expr.js';
import type { LowerState } from './state.js';

export function lowerStmts(st: LowerState, stmts: Stmt[]): IRStmt[] {
  const out: IRStmt[] = [];
  for (const s of stmts) lowerStmt(st, s, out);
  return out;
}

function body(st: LowerState, s: Stmt): IRStmt[] {
  return s.kind === 'Block' ? lowerStmts(st, s.body) : lowerStmts(st, [s]);
}

function not(c: IRExpr): IRExpr {
  return { op: 'unary', type: BOOL_T, operator: '!', operand: c, span: c.span };
}

function lowerCond(st: LowerState, e: Expr, pre: IRStmt[]): IRExpr {
  return toBool(lowerExpr(st, e, pre));
}

export function lowerStmt(st: LowerState, s: Stmt, out: IRStmt[]): void {
  const span = s.span;
  switch (s.kind) {
    case 'Block':
      out.push(...lowerStmts(st, s.body));
      return;
    case 'ExprStmt':
      lowerEffect(st, s.expr, out);
      return;
    case 'DeclStmt': {
      const d = s.decl;
      if (d.kind !== 'VarDecl') return;
      for (const dec of d.declarators) {
        const sym = dec.symbol as Sym;
        const init = dec.init ? lowerInitList(st, dec.init, sym.type, out) : null;
        out.push({ op: 'declare', name: sym.emitName, type: sym.type, init: init && convertTo(init, sym.type), span: dec.span });
      }
      return;
    }
    case 'IfStmt': {
      const cond = lowerCond(st, s.cond, out);
      out.push({ op: 'if', cond, then: body(st, s.then), else: s.else ? body(st, s.else) : [], span });
      return;
    }
    case 'ForStmt': {
      const init: IRStmt[] = [];
      if (s.init) lowerStmt(st, s.init, init);
      const update: IRStmt[] = [];
      if (s.update) lowerEffect(st, s.update, update);
      out.push(loop(st, init, s.cond, update, body(st, s.body), true, span));
      return;
    }
    case 'WhileStmt':
      out.push(loop(st, [], s.cond, [], body(st, s.body), true, span));
      return;
    case 'DoWhileStmt': {
      const b = body(st, s.body);
      const pre: IRStmt[] = [];
      const cond = lowerCond(st, s.cond, pre);
      if (pre.length === 0) {
        out.push({ op: 'loop', init: [], cond, update: [], body: b, testFirst: false, span });
      } else {
        out.push({ op: 'loop', init: [], cond: null, update: [...pre, { op: 'if', cond: not(cond), then: [{ op: 'break' }], else: [] }], body: b, testFirst: false, span });
      }
      return;
    }
    case 'ReturnStmt': {
      if (!s.value || st.returnType.kind === 'void') {
        if (s.value) lowerEffect(st, s.value, out);
        out.push({ op: 'return', value: null, span });
        return;
      }
      const v = convertTo(lowerExpr(st, s.value, out), st.returnType);
      out.push({ op: 'return', value: v, span });
      return;
    }
    case 'BreakStmt': out.push({ op: 'break', span }); return;
    case 'ContinueStmt': out.push({ op: 'continue', span }); return;
    case 'LabeledStmt': lowerStmt(st, s.body, out); return;
    default: return; // EmptyStmt; switch/goto/case are rejected in kernels by the checker
  }
}

function loop(st: LowerState, init: IRStmt[], condExpr: Expr | null, update: IRStmt[], b: IRStmt[], testFirst: boolean, span: import('../source.js').Span): IRStmt {
  if (!condExpr) return { op: 'loop', init, cond: null, update, body: b, testFirst, span };
  const pre: IRStmt[] = [];
  const cond = lowerCond(st, condExpr, pre);
  if (pre.length === 0) return { op: 'loop', init, cond, update, body: b, testFirst, span };
  const test: IRStmt[] = [...pre, { op: 'if', cond: not(cond), then: [{ op: 'break' }], else: [] }];
  return { op: 'loop', init, cond: null, update, body: [...test, ...b], testFirst, span };
}
