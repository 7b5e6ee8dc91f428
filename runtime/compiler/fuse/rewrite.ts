/**
 * IR rewriting for fusion: one walk over statements and expressions that maps parameter references
 * (reads, gathers, indexof, lvalue roots, pushes) and can replace whole `param` reads. Pure: returns
 * new trees and never changes its input, so kernels of a session can be fused again and again.
 */
import type { IRExpr, IRLValue, IRStmt } from '../ir.js';

export interface ParamMap {
  /** A `param` read of parameter i (not a gather passed to a helper): its replacement. */
  read(i: number, e: Extract<IRExpr, { op: 'param' }>): IRExpr;
  /** The new index of parameter i where it is named (gathers, lvalue roots, pushes, gather arguments). */
  index(i: number): number;
  /** `indexof` of parameter i. */
  indexof(i: number, e: Extract<IRExpr, { op: 'indexof' }>): IRExpr;
}

export function rewriteStmts(stmts: IRStmt[], m: ParamMap): IRStmt[] {
  return stmts.map((s) => rewriteStmt(s, m));
}

function rewriteStmt(s: IRStmt, m: ParamMap): IRStmt {
  const ex = (e: IRExpr) => rewriteExpr(e, m);
  switch (s.op) {
    case 'declare': return { ...s, init: s.init ? ex(s.init) : null };
    case 'assign': return { ...s, target: rewriteLValue(s.target, m), value: ex(s.value) };
    case 'expr': return { ...s, expr: ex(s.expr) };
    case 'if': return { ...s, cond: ex(s.cond), then: rewriteStmts(s.then, m), else: rewriteStmts(s.else, m) };
    case 'loop':
      return { ...s, init: rewriteStmts(s.init, m), cond: s.cond ? ex(s.cond) : null, update: rewriteStmts(s.update, m), body: rewriteStmts(s.body, m) };
    case 'return': return { ...s, value: s.value ? ex(s.value) : null };
    case 'push': return { ...s, param: m.index(s.param), value: ex(s.value) };
    default: return s;
  }
}

function rewriteLValue(l: IRLValue, m: ParamMap): IRLValue {
  return {
    ...l,
    root: l.root.kind === 'param' ? { kind: 'param', index: m.index(l.root.index) } : l.root,
    path: l.path.map((p) => (p.kind === 'index' ? { kind: 'index', index: rewriteExpr(p.index, m) } : p)),
  };
}

export function rewriteExpr(e: IRExpr, m: ParamMap): IRExpr {
  const ex = (x: IRExpr) => rewriteExpr(x, m);
  switch (e.op) {
    case 'param':
      // A gather named as a helper argument keeps being a gather reference.
      return e.type.kind === 'gather' ? { ...e, index: m.index(e.index) } : m.read(e.index, e);
    case 'indexof': return m.indexof(e.param, e);
    case 'gather': return { ...e, param: m.index(e.param), index: e.index.map(ex) };
    case 'binary': return { ...e, left: ex(e.left), right: ex(e.right) };
    case 'unary': return { ...e, operand: ex(e.operand) };
    case 'select': return { ...e, cond: ex(e.cond), then: ex(e.then), else: ex(e.else) };
    case 'convert': case 'splat': case 'swizzle': case 'field': return { ...e, value: ex(e.value) } as IRExpr;
    case 'construct': return { ...e, args: e.args.map(ex) };
    case 'builtin': return { ...e, args: e.args.map(ex) };
    case 'call':
      return { ...e, args: e.args.map(ex), outArgs: e.outArgs.map((o) => (o ? rewriteLValue(o, m) : o)), indexofArgs: e.indexofArgs.map(ex) };
    default: return e;
  }
}

/** Every parameter whose `indexof` the statements read (kernel bodies, not helpers). */
export function indexofParamsOf(stmts: IRStmt[]): number[] {
  const out = new Set<number>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!x || typeof x !== 'object') return;
    const o = x as { op?: string; param?: number };
    if (o.op === 'indexof' && typeof o.param === 'number') out.add(o.param);
    for (const v of Object.values(o)) if (v && typeof v === 'object') visit(v);
  };
  visit(stmts);
  return [...out].sort((a, b) => a - b);
}
