/**
 * Which memory accesses need no run-time check: the compiler proves an index in range.
 *
 * Host memory is checked at run time (hostlib/memory.ts: shadow bytes, NULL, out of bounds, use after
 * free), which costs a load and a compare per access. Where the compiler can prove an access valid it
 * emits the plain typed-array access instead:
 *
 * - the object is a fixed C array with storage the program cannot free: a global, static or local
 *   array (or an array inside one, `m[i][j]`, `s.a[i]` of a struct variable), not a pointer;
 * - the index lies in [0, length - 1] for every value it can take: a constant, or a loop variable of
 *   a counted `for` (`for (i = A; i < B; i++)` with A, B of known range, `i` changed only by the
 *   update), plus or minus a constant.
 *
 * Everything else (pointers, malloc'ed blocks, indices of unknown range) stays checked.
 */
import type { Expr, ForStmt, IndexExpr, MemberExpr, Stmt, UnaryExpr } from '../../ast.js';
import type { ScalarName } from '../../types.js';
import type { Ctx } from './expr.js';
import { storageOf } from './gen.js';
import { isPureHostFunction } from '../../check/hostlib.js';
import { walkExpr, walkStmt } from './walk.js';

export interface Range {
  lo: number;
  hi: number;
}

function constOf(e: Expr): number | undefined {
  if (e.kind === 'NumberLit' || e.kind === 'CharLit') return Number.isInteger(e.value) ? e.value : undefined;
  if (e.kind === 'UnaryExpr' && e.op === '-') {
    const v = constOf(e.operand);
    return v === undefined ? undefined : -v;
  }
  return undefined;
}

/** The values an integer index expression can take, when known. */
export function rangeOf(c: Ctx, e: Expr): Range | undefined {
  const k = constOf(e);
  if (k !== undefined) return { lo: k, hi: k };
  if (e.kind === 'Ident' && e.symbol) return c.ranges?.get(e.symbol.emitName);
  if (e.kind === 'BinaryExpr' && (e.op === '+' || e.op === '-')) {
    const l = rangeOf(c, e.left);
    const r = rangeOf(c, e.right);
    if (!l || !r) return undefined;
    return e.op === '+' ? { lo: l.lo + r.lo, hi: l.hi + r.hi } : { lo: l.lo - r.hi, hi: l.hi - r.lo };
  }
  return undefined;
}

/** Whether `e` denotes storage of a fixed C array or struct that lives as long as the code using it. */
function fixedStorage(c: Ctx, e: Expr): boolean {
  const t = e.type;
  if (!t || (t.kind !== 'array' && t.kind !== 'struct')) return false;
  if (e.kind === 'Ident') {
    const sym = e.symbol;
    if (!sym || sym.kind === 'param') return false;
    return storageOf(c, sym)?.kind === 'mem';
  }
  if (e.kind === 'IndexExpr') return provenInBounds(c, e);
  if (e.kind === 'MemberExpr') return !e.arrow && fixedStorage(c, e.object);
  return false;
}

/** Whether the access `object[index]` is proven to lie inside its fixed array. */
export function provenInBounds(c: Ctx, e: IndexExpr): boolean {
  if (c.hoisted?.has(e)) return true;
  const ot = e.object.type;
  if (!ot || ot.kind !== 'array' || ot.length === null) return false;
  if (!fixedStorage(c, e.object)) return false;
  const r = rangeOf(c, e.index);
  return r !== undefined && r.lo >= 0 && r.hi <= ot.length - 1;
}

const COUNTER_TYPES = new Set(['int', 'uint', 'long']);

/**
 * For a counted loop `for (i = A; i < B; i++)` (or `<=`, `++i`, `i += 1`), the loop variable's
 * emitName and the values it takes in the body; undefined when the loop is not of that form or the
 * body may change `i`.
 */
export function countedLoop(c: Ctx, s: ForStmt): { name: string; range: Range } | undefined {
  let name: string | undefined;
  let start: Expr | undefined;
  const init = s.init;
  if (init?.kind === 'ExprStmt' && init.expr.kind === 'AssignExpr' && init.expr.op === '=' && init.expr.target.kind === 'Ident') {
    name = init.expr.target.symbol?.emitName;
    start = init.expr.value;
  } else if (init?.kind === 'DeclStmt' && init.decl.kind === 'VarDecl' && init.decl.declarators.length === 1) {
    const d = init.decl.declarators[0]!;
    name = d.symbol?.emitName;
    start = d.init && d.init.kind !== 'InitList' ? (d.init as Expr) : undefined;
  }
  if (!name || !start) return undefined;
  const target = init?.kind === 'ExprStmt' && init.expr.kind === 'AssignExpr' ? init.expr.target : undefined;
  const sym = target?.kind === 'Ident' ? target.symbol : init?.kind === 'DeclStmt' && init.decl.kind === 'VarDecl' ? init.decl.declarators[0]!.symbol : undefined;
  if (!sym || sym.type.kind !== 'scalar' || !COUNTER_TYPES.has(sym.type.name)) return undefined;
  // A JS local: nothing but this function's own statements can change it (no & taken, no global).
  const st = c.f?.lookup(sym);
  if (!st || st.kind !== 'js') return undefined;
  const lo = rangeOf(c, start)?.lo;
  if (lo === undefined) return undefined;
  const cond = s.cond;
  if (!cond || cond.kind !== 'BinaryExpr' || cond.left.kind !== 'Ident' || cond.left.symbol?.emitName !== name) return undefined;
  if (cond.op !== '<' && cond.op !== '<=') return undefined;
  const bound = rangeOf(c, cond.right)?.hi;
  if (bound === undefined) return undefined;
  const hi = cond.op === '<' ? bound - 1 : bound;
  if (!isIncrement(s.update, name)) return undefined;
  if (assigns(s.body, name)) return undefined;
  return { name, range: { lo, hi } };
}

function isIdent(e: Expr, name: string): boolean {
  return e.kind === 'Ident' && e.symbol?.emitName === name;
}

export function isIncrement(e: Expr | null, name: string): boolean {
  if (!e) return false;
  if ((e.kind === 'PostfixExpr' || e.kind === 'UnaryExpr') && e.op === '++') return isIdent(e.operand, name);
  if (e.kind === 'AssignExpr' && isIdent(e.target, name)) {
    if (e.op === '+=') return constOf(e.value) === 1;
    if (e.op === '=' && e.value.kind === 'BinaryExpr' && e.value.op === '+') {
      return (isIdent(e.value.left, name) && constOf(e.value.right) === 1) || (isIdent(e.value.right, name) && constOf(e.value.left) === 1);
    }
  }
  return false;
}

/** Whether `body` may assign the variable (any assignment, ++/--, or taking its address). */
export function assigns(body: Stmt, name: string): boolean {
  let found = false;
  walkStmt(body, {
    expr(e) {
      if (e.kind === 'AssignExpr' && isIdent(e.target, name)) found = true;
      if ((e.kind === 'PostfixExpr' || (e.kind === 'UnaryExpr' && (e.op === '++' || e.op === '--' || e.op === '&'))) && isIdent(e.operand, name)) found = true;
    },
  });
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Checks hoisted out of counted loops

/** `i`, `i + K`, `K + i`, `i - K` (K not mentioning i): the offset K and its sign. */
export function offsetFrom(e: Expr, name: string): { expr?: Expr; sign: '+' | '-' } | undefined {
  if (isIdent(e, name)) return { sign: '+' };
  if (e.kind === 'BinaryExpr' && (e.op === '+' || e.op === '-')) {
    if (isIdent(e.left, name) && !mentions(e.right, name)) return { expr: e.right, sign: e.op };
    if (e.op === '+' && isIdent(e.right, name) && !mentions(e.left, name)) return { expr: e.left, sign: '+' };
  }
  return undefined;
}

function mentions(e: Expr, name: string): boolean {
  let found = false;
  walkExpr(e, { expr(x) { if (isIdent(x, name)) found = true; } });
  return found;
}

/** Constants and JS-held integer locals that `body` does not assign, combined with + - *. */
export function invariant(c: Ctx, e: Expr, body: Stmt): boolean {
  if (constOf(e) !== undefined) return true;
  if (e.kind === 'Ident') {
    const sym = e.symbol;
    if (!sym || sym.type.kind !== 'scalar' || !INT_KINDS.has(sym.type.name)) return false;
    return c.f?.lookup(sym)?.kind === 'js' && !assigns(body, sym.emitName);
  }
  if (e.kind === 'BinaryExpr' && (e.op === '+' || e.op === '-' || e.op === '*')) return invariant(c, e.left, body) && invariant(c, e.right, body);
  return false;
}

const INT_KINDS = new Set(['int', 'short', 'char', 'uchar', 'ushort', 'uint', 'long']);

/**
 * Whether every iteration runs `body` to its end: no break, return, goto, labels, switch, or call
 * (a call might exit, free memory or longjmp), except the pure math functions emitted inline.
 */
export function straightLine(body: Stmt): boolean {
  let ok = true;
  walkStmt(body, {
    stmt(s) {
      if (s.kind === 'BreakStmt' || s.kind === 'ReturnStmt' || s.kind === 'GotoStmt' || s.kind === 'LabeledStmt' || s.kind === 'SwitchStmt') ok = false;
    },
    expr(e) {
      if (isImpureCall(e)) ok = false;
    },
  });
  return ok;
}

/** A call other than the pure library functions (check/hostlib.ts isPureHostFunction). */
function isImpureCall(e: Expr): boolean {
  return e.kind === 'CallExpr' && !(e.callee.kind === 'Ident' && e.callee.symbol?.kind === 'hostlib' && isPureHostFunction(e.callee.name));
}

/**
 * Index expressions, dereferences and `p->member` evaluated in every iteration: in the top-level expression and declaration
 * statements of the body, outside `?:`, `&&`, `||`. `write`: the access is an assignment's target.
 */
export function unconditionalAccesses(body: Stmt): { e: IndexExpr | UnaryExpr | MemberExpr; write: boolean }[] {
  const out: { e: IndexExpr | UnaryExpr | MemberExpr; write: boolean }[] = [];
  const visit = (e: Expr | null | undefined, write: boolean): void => {
    if (!e) return;
    switch (e.kind) {
      case 'IndexExpr': out.push({ e, write }); visit(e.object, false); visit(e.index, false); return;
      case 'AssignExpr':
        if (e.op !== '=') visit(e.target, false);
        visit(e.target, true);
        visit(e.value, false);
        return;
      case 'BinaryExpr':
        if (e.op === '&&' || e.op === '||') { visit(e.left, false); return; }
        visit(e.left, false); visit(e.right, false); return;
      case 'CondExpr': visit(e.cond, false); return;
      case 'UnaryExpr':
        if (e.op === '&') return; // &P[i] computes an address (one past the end is valid C)
        if (e.op === '*') { out.push({ e: e, write }); visit(e.operand, false); return; }
        if (e.op === '++' || e.op === '--') visit(e.operand, false);
        visit(e.operand, e.op === '++' || e.op === '--');
        return;
      case 'PostfixExpr': visit(e.operand, false); visit(e.operand, true); return;
      case 'CastExpr': visit(e.operand, false); return;
      case 'MemberExpr':
        if (e.arrow) out.push({ e, write });
        visit(e.object, e.arrow ? false : write);
        return;
      case 'CallExpr': for (const a of e.args) visit(a, false); return;
      case 'CommaExpr': for (const x of e.exprs) visit(x, false); return;
      default: return;
    }
  };
  const stmts = body.kind === 'Block' ? body.body : [body];
  for (const st of stmts) {
    if (st.kind === 'ExprStmt') visit(st.expr, false);
    else if (st.kind === 'DeclStmt' && st.decl.kind === 'VarDecl') {
      for (const d of st.decl.declarators) if (d.init && d.init.kind !== 'InitList') visit(d.init as Expr, false);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Globals read by a call-free loop

/**
 * A loop whose body, test and update call nothing (but pure math) cannot see a global change unless
 * it assigns it: the globals it only reads (a global `float *heap`, a global bound) are copied to
 * locals before the loop, so V8 keeps them in registers instead of reloading a module variable
 * (or a notebook session slot) at every access.
 */
/** No call in the loop (condition, update, body) but the pure math functions: nothing in it allocates. */
export function loopIsCallFree(s: ForStmt): boolean {
  let callFree = true;
  const visit = {
    expr(e: Expr) {
      if (isImpureCall(e)) callFree = false;
    },
  };
  walkStmt(s.body, visit);
  for (const e of [s.cond, s.update]) if (e) walkExpr(e, visit);
  return callFree;
}

/** The scalar kinds of every expression in the loop: a superset of what it loads and stores. */
export function scalarKindsIn(s: ForStmt): Set<ScalarName> {
  const kinds = new Set<ScalarName>();
  const visit = { expr(e: Expr) { if (e.type?.kind === 'scalar') kinds.add(e.type.name); } };
  walkStmt(s.body, visit);
  for (const e of [s.cond, s.update]) if (e) walkExpr(e, visit);
  return kinds;
}

export function aliasGlobals(c: Ctx, s: ForStmt): { pre: string[]; aliases: Map<string, string> } | undefined {
  const f = c.f;
  if (!f) return undefined;
  const parts: Stmt[] = [s.body];
  const exprs = [s.cond, s.update].filter((e): e is Expr => !!e);
  let callFree = true;
  const reads = new Map<string, string>();
  const visit = {
    expr(e: Expr) {
      if (isImpureCall(e)) callFree = false;
      if (e.kind !== 'Ident' || !e.symbol) return;
      const sym = e.symbol;
      if (f.lookup(sym) || c.aliases?.has(sym.emitName)) return; // a local already, or copied by an outer loop
      const st = storageOf(c, sym);
      if (st?.kind === 'js' && (sym.type.kind === 'scalar' || sym.type.kind === 'pointer')) reads.set(sym.emitName, st.name);
      // A global array or struct (or a scalar whose address is taken) lives in Mem at a fixed address
      // held in a module constant: copied too, since V8 reloads a closure variable at every use (it
      // embeds it as a constant only in the first instance of a module it optimizes).
      if (st?.kind === 'mem') addresses.set(sym.emitName, st.addr);
    },
  };
  const addresses = new Map<string, string>();
  for (const p of parts) walkStmt(p, visit);
  for (const e of exprs) walkExpr(e, visit);
  if (!callFree || (!reads.size && !addresses.size)) return undefined;
  const pre: string[] = [];
  const aliases = new Map<string, string>();
  for (const [name, js] of reads) {
    if (assigns(s.body, name) || exprs.some((e) => assignsExpr(e, name))) continue;
    const t = f.temp();
    pre.push(`${t} = ${js};`);
    aliases.set(name, t);
  }
  // An address never changes, whatever the loop stores there.
  for (const [name, addr] of addresses) {
    const t = f.temp();
    pre.push(`${t} = ${addr};`);
    aliases.set(name, t);
  }
  return aliases.size ? { pre, aliases } : undefined;
}

function assignsExpr(e: Expr, name: string): boolean {
  return assigns({ kind: 'ExprStmt', span: e.span, expr: e }, name);
}
