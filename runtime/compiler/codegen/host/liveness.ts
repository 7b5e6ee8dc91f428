/**
 * Which streams a kernel call is the last reader or writer of: the `dead` hints generated code
 * passes with the call (CallHints in runtime/brt/api.ts), so kernel fusion need not write an
 * intermediate stream that nothing reads afterwards (runtime/brt/fusion.ts).
 *
 * Conservative by construction; a stream `s` is dead after the call statement `k(..., s, ...);` when
 * - `s` is declared in a block of this function (not static, not an iterator, not a parameter, not
 *   global: those outlive the function, and top-level streams of a notebook cell outlive the cell);
 * - no reference to `s` follows the call in the function's text (with no goto, control only moves
 *   forward, except around loops), and no loop inside `s`'s block encloses the call (the next
 *   iteration would run the call, or an earlier reference, again);
 * - `s` is never named by `&s`, assigned through a pointer (`*p = s`), nor passed to a host function or streamSwap anywhere in the function
 *   (an alias could read it later);
 * - the function has no goto and no labels.
 */
import type { Block, CallExpr, Expr, Stmt } from '../../ast.js';
import { walkExpr, walkStmt } from './walk.js';

/** For each kernel call statement of `body`: the emit names of the streams dead after it. */
export function deadStreamsAfterCalls(body: Block | null | undefined): Map<CallExpr, string[]> {
  const out = new Map<CallExpr, string[]>();
  if (!body) return out;
  // Block-local streams: declaring block and emit name, by symbol.
  const decls = new Map<unknown, { block: Block; name: string }>();
  let jumps = false;
  const blocks: Block[] = [];
  walkStmt(body, {
    stmt(s) {
      if (s.kind === 'GotoStmt' || s.kind === 'LabeledStmt') jumps = true;
      if (s.kind === 'Block') blocks.push(s);
    },
  });
  if (jumps) return out;
  for (const b of [body, ...blocks]) {
    for (const s of b.body) {
      if (s.kind !== 'DeclStmt' || s.decl.kind !== 'VarDecl' || s.decl.isStatic || s.decl.isIter || s.decl.isExtern) continue;
      for (const d of s.decl.declarators) if (d.streamDims && d.symbol) decls.set(d.symbol, { block: b, name: d.symbol.emitName });
    }
  }
  if (decls.size === 0) return out;

  // Every reference in text order; symbols that may be aliased are left out.
  const order = new Map<Expr, number>();
  const refs = new Map<unknown, number[]>();
  const aliased = new Set<unknown>();
  let next = 0;
  walkStmt(body, {
    expr(e) {
      order.set(e, next++);
      if (e.kind === 'Ident' && e.symbol && decls.has(e.symbol)) {
        const list = refs.get(e.symbol) ?? [];
        list.push(next - 1);
        refs.set(e.symbol, list);
      }
      if (e.kind === 'UnaryExpr' && e.op === '&') markIdents(e.operand, aliased);
      if (e.kind === 'AssignExpr' && e.value.type?.kind === 'stream') markIdents(e.value, aliased); // *p = s
      if (e.kind === 'CallExpr' && !isKernelOrStreamApi(e)) for (const a of e.args) markIdents(a, aliased);
    },
  });

  // Kernel call statements with the loops and blocks around them.
  const visit = (s: Stmt, path: Stmt[]): void => {
    if (s.kind === 'ExprStmt' && s.expr.kind === 'CallExpr' && isKernelCall(s.expr)) {
      const call = s.expr;
      const last = lastOrder(call, order);
      const dead: string[] = [];
      for (const a of call.args) {
        if (a.kind !== 'Ident' || !a.symbol || aliased.has(a.symbol)) continue;
        const d = decls.get(a.symbol);
        if (!d || dead.includes(d.name)) continue;
        const at = path.indexOf(d.block);
        if (at < 0) continue;
        const inLoop = path.slice(at + 1).some((x) => x.kind === 'ForStmt' || x.kind === 'WhileStmt' || x.kind === 'DoWhileStmt');
        if (inLoop || (refs.get(a.symbol) ?? []).some((r) => r > last)) continue;
        dead.push(d.name);
      }
      if (dead.length > 0) out.set(call, dead);
      return;
    }
    const inner = [...path, s];
    switch (s.kind) {
      case 'Block': for (const x of s.body) visit(x, inner); return;
      case 'IfStmt': visit(s.then, inner); if (s.else) visit(s.else, inner); return;
      case 'ForStmt': case 'WhileStmt': case 'DoWhileStmt': visit(s.body, inner); return;
      case 'SwitchStmt': visit(s.body, inner); return;
      default: return;
    }
  };
  visit(body, []);
  return out;
}

function isKernelCall(e: CallExpr): boolean {
  return e.callee.kind === 'Ident' && e.callee.symbol?.kind === 'kernel';
}

/** Calls that cannot keep a stream: kernels and the stream API (streamSwap can: it exchanges names). */
function isKernelOrStreamApi(e: CallExpr): boolean {
  if (isKernelCall(e)) return true;
  if (e.callee.kind === 'MemberExpr') return true; // s.domain(lo, hi)
  if (e.callee.kind !== 'Ident') return false;
  // (streamSetWriteMask keeps the mask for later calls, which read it without naming it.)
  return ['streamRead', 'streamWrite', 'streamPrint', 'streamSize', 'streamScatterOp', 'streamGatherOp'].includes(e.callee.name) && e.callee.symbol?.kind === 'hostlib';
}

function markIdents(e: Expr, into: Set<unknown>): void {
  walkExpr(e, {
    expr(x) {
      if (x.kind === 'Ident' && x.symbol) into.add(x.symbol);
    },
  });
}

/** The text position of the last expression inside `call`. */
function lastOrder(call: CallExpr, order: Map<Expr, number>): number {
  let last = order.get(call) ?? -1;
  walkExpr(call, {
    expr(x) {
      last = Math.max(last, order.get(x) ?? -1);
    },
  });
  return last;
}
