/**
 * Which static locals are initialized when control first reaches them (C++'s dynamic initialization,
 * volume_division's `static char eval = volumeTriangles(tri);`) rather than once when the module loads
 * (C's constant initializers): those whose initializer calls a function or reads a local or a
 * parameter, or a global's value (not its address: `&g` and an array's name are address constants).
 * What `sizeof` names is not read.
 */
import type { Expr } from '../../ast.js';
import { walkExpr } from './walk.js';

export function runsOnFirstPass(init: Expr | null | undefined): boolean {
  if (!init) return false;
  const notRead = new Set<Expr>();
  let dynamic = false;
  walkExpr(init, {
    expr(e) {
      if (notRead.has(e)) return;
      if (e.kind === 'SizeofExpr' && e.target.kind !== 'TypeName') walkExpr(e.target, { expr: (x) => void notRead.add(x) });
      else if (e.kind === 'UnaryExpr' && e.op === '&' && e.operand.kind === 'Ident') notRead.add(e.operand);
      else if (e.kind === 'CallExpr') dynamic = true;
      else if (e.kind === 'Ident' && e.symbol) {
        const k = e.symbol.kind;
        if (k === 'local' || k === 'param' || (k === 'global' && e.symbol.type.kind !== 'array')) dynamic = true;
      }
    },
  });
  return dynamic;
}
