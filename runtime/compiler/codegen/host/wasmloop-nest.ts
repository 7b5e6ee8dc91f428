/**
 * What the WebAssembly loop writer (wasmloop-writer.ts) learns about a loop nest before writing it:
 * the pointers the nest moves (their checked accesses cannot use a count read before the loop) and
 * the loop counters whose range a guard before the nest can test (fixed arrays indexed by them run
 * unchecked where the guard holds).
 */
import type { Expr, ForStmt, Stmt } from '../../ast.js';
import { assigns, invariant, isIncrement } from './bounds.js';
import type { Ctx } from './expr.js';
import { emitValue as emitJsValue } from './expr.js';
import { constValue } from './ir/index.js';
import { walkExpr, walkStmt } from './walk.js';

/**
 * A loop counter `for (i = START; i < E; i++)` (or `<=`, ++i, i += 1): i an int local its body leaves
 * alone, E unchanged by the whole compiled nest. The values i takes lie in [START, E): a guard
 * before the nest (its JavaScript text) can test an access indexed by i against an array's length.
 * START: the top loop's i as it is before the call; an inner loop's, a constant.
 */
export interface Counter {
  name: string;
  start: string | number;
  end: string;
  op: '<' | '<=';
}

export function loopCounter(c: Ctx, s: ForStmt, nest: ForStmt, top: boolean): Counter | undefined {
  const cond = s.cond;
  if (!cond || cond.kind !== 'BinaryExpr' || (cond.op !== '<' && cond.op !== '<=') || cond.left.kind !== 'Ident') return undefined;
  const sym = cond.left.symbol;
  if (!sym || sym.type.kind !== 'scalar' || sym.type.name !== 'int' || c.f?.lookup(sym)?.kind !== 'js') return undefined;
  const et = cond.right.type;
  if (!et || et.kind !== 'scalar' || (et.name !== 'int' && et.name !== 'short' && et.name !== 'char')) return undefined;
  const name = sym.emitName;
  if (!isIncrement(s.update, name) || assigns(s.body, name)) return undefined;
  // E keeps its value through the whole nest: its body and its update (the top counter's step).
  const whole: Stmt = { kind: 'Block', span: nest.span, body: nest.update ? [nest.body, { kind: 'ExprStmt', span: nest.span, expr: nest.update }] : [nest.body] } as Stmt;
  if (!invariant(c, cond.right, whole)) return undefined;
  let start: string | number | undefined = top ? emitJsValue(c, cond.left) : undefined;
  if (!top) {
    const init = s.init;
    const d = init?.kind === 'DeclStmt' && init.decl.kind === 'VarDecl' && init.decl.declarators.length === 1 ? init.decl.declarators[0]! : undefined;
    const value = init?.kind === 'ExprStmt' && init.expr.kind === 'AssignExpr' && init.expr.op === '=' && init.expr.target.kind === 'Ident' && init.expr.target.symbol?.emitName === name
      ? init.expr.value
      : d?.symbol?.emitName === name && d.init && d.init.kind !== 'InitList' ? (d.init as Expr) : undefined;
    const k = value ? constValue(value) : undefined;
    if (k === undefined || !Number.isInteger(k)) return undefined;
    start = k;
  }
  return { name, start: start!, end: emitJsValue(c, cond.right), op: cond.op };
}

/** Whether a statement contains a loop. */
export function hasInnerLoop(body: Stmt): boolean {
  let found = false;
  walkStmt(body, { stmt(x) { if (x.kind === 'ForStmt' || x.kind === 'WhileStmt' || x.kind === 'DoWhileStmt') found = true; } });
  return found;
}

/** The pointer variables (emitNames) a loop assigns, steps or takes the address of. */
export function assignedPointers(s: ForStmt): Set<string> {
  const out = new Set<string>();
  const visit = {
    expr(e: Expr) {
      const target = e.kind === 'AssignExpr' ? e.target : e.kind === 'PostfixExpr' || (e.kind === 'UnaryExpr' && (e.op === '++' || e.op === '--' || e.op === '&')) ? e.operand : undefined;
      if (target?.kind === 'Ident' && target.symbol && target.type?.kind === 'pointer') out.add(target.symbol.emitName);
    },
  };
  walkStmt(s.body, {
    ...visit,
    stmt(x: Stmt) {
      // A pointer declared in the loop takes a new value each time its declaration runs.
      if (x.kind === 'DeclStmt' && x.decl.kind === 'VarDecl') for (const d of x.decl.declarators) if (d.symbol?.type.kind === 'pointer') out.add(d.symbol.emitName);
    },
  });
  for (const e of [s.cond, s.update]) if (e) walkExpr(e, visit);
  return out;
}
