/**
 * Fields of struct locals read before a loop that cannot change them (program mode, after inline.ts).
 *
 * After inlining, `for (i = 0; i < (int)v.size(); i++) s += v[i];` reads `v.count` and `v.data` from
 * the Mem frame on every iteration (`v` is a struct: it lives in Mem), and `*(v.data + i)` is a checked
 * access whose base is a load, which neither bounds.ts nor wasmloop.ts can hoist. A `for` loop that
 * stores nothing to memory and calls nothing cannot change such a field, so each `x.m` it reads (x a
 * struct local or parameter, m a scalar or pointer member, never under `&`) is read once into a new
 * local just before the loop:
 *
 *   { T x$m$h0 = x.m; for (...) ... x$m$h0 ... }
 *
 * What "stores nothing" means here: every assignment, `++` and `--` in the loop (test, update, body)
 * targets a named scalar/pointer local whose address the function never takes; every local declared
 * in the body is such a scalar; there is no call at all, and no label or goto (a jump into the loop
 * would skip the reads). The read moves before the loop, so a loop
 * that runs zero times reads the field once: a frame slot, which no access check guards.
 */
import type { Block, DeclStmt, Expr, ForStmt, FunctionDecl, Ident, MemberExpr, Stmt, VarDecl } from '../../ast.js';
import type { Type } from '../../types.js';
import { addressTaken } from './func.js';
import { walkStmt } from './walk.js';

export function hoistFieldReads(fn: FunctionDecl): FunctionDecl {
  if (!fn.body) return fn;
  const h = new Hoister(addressTaken(fn.body));
  const body = h.block(fn.body);
  return h.count > 0 ? { ...fn, body } : fn;
}

const isValue = (t: Type | undefined) => !!t && (t.kind === 'scalar' || t.kind === 'pointer');

class Hoister {
  count = 0;
  constructor(private readonly taken: Set<string>) {}

  block(b: Block): Block {
    return { ...b, body: b.body.map((s) => this.stmt(s)) };
  }

  private stmt(s: Stmt): Stmt {
    switch (s.kind) {
      case 'Block': return this.block(s);
      case 'IfStmt': return { ...s, then: this.stmt(s.then), else: s.else && this.stmt(s.else) };
      case 'WhileStmt': case 'DoWhileStmt': return { ...s, body: this.stmt(s.body) };
      case 'LabeledStmt': return { ...s, body: this.stmt(s.body) };
      case 'SwitchStmt': return { ...s, body: this.block(s.body) };
      case 'ForStmt': return this.loop(s) ?? { ...s, body: this.stmt(s.body) };
      default: return s;
    }
  }

  /** A local the loop may assign: a scalar or pointer that no pointer reaches. */
  private localValue(e: Expr): boolean {
    return e.kind === 'Ident' && !!e.symbol && (e.symbol.kind === 'local' || e.symbol.kind === 'param') && isValue(e.symbol.type) && !this.taken.has(e.symbol.emitName);
  }

  private storesNothing(s: ForStmt): boolean {
    let ok = true;
    walkStmt(s, {
      stmt: (x) => {
        // A jump into the loop would skip the reads put before it.
        if (x.kind === 'LabeledStmt' || x.kind === 'CaseClause' || x.kind === 'GotoStmt') ok = false;
        if (x.kind === 'DeclStmt' && (x.decl.kind !== 'VarDecl' || x.decl.isStatic || x.decl.declarators.some((d) => !d.symbol || !isValue(d.symbol.type) || this.taken.has(d.symbol.emitName)))) ok = false;
      },
      expr: (e) => {
        if (e.kind === 'CallExpr') ok = false;
        const target = e.kind === 'AssignExpr' ? e.target : (e.kind === 'UnaryExpr' && (e.op === '++' || e.op === '--')) || e.kind === 'PostfixExpr' ? e.operand : undefined;
        if (target && !this.localValue(target)) ok = false;
      },
    });
    return ok;
  }

  private loop(s: ForStmt): Stmt | undefined {
    if (!this.storesNothing(s)) return undefined;
    // Fields under `&` keep their reads (their address is what is used).
    const addressed = new Set<string>();
    const reads = new Map<string, MemberExpr>();
    walkStmt(s, {
      expr: (e) => {
        if (e.kind === 'UnaryExpr' && e.op === '&' && e.operand.kind === 'MemberExpr') addressed.add(fieldKey(e.operand) ?? '');
        const k = fieldKey(e);
        if (k && e.kind === 'MemberExpr') reads.set(k, e);
      },
    });
    const hoisted = new Map<string, Ident>();
    const decls: DeclStmt[] = [];
    for (const [k, m] of reads) {
      if (addressed.has(k) || !isValue(m.type)) continue;
      const obj = m.object as Ident;
      const emitName = `${obj.symbol!.emitName}$${m.member}$h${this.count++}`;
      const symbol = { kind: 'local' as const, name: emitName, emitName, type: m.type!, declSpan: m.span };
      const id: Ident = { kind: 'Ident', span: m.span, name: emitName, symbol, type: m.type };
      hoisted.set(k, id);
      const decl: VarDecl = {
        kind: 'VarDecl', span: m.span, typeSpec: { kind: 'TypeSpec', span: m.span, name: '' } as never, isIter: false, isStatic: false, isExtern: false,
        declarators: [{ kind: 'Declarator', span: m.span, name: emitName, nameSpan: m.span, pointer: 0, arrayDims: [], streamDims: null, init: m, symbol }],
      };
      decls.push({ kind: 'DeclStmt', span: m.span, decl });
    }
    if (decls.length === 0) return undefined;
    const loop = replaceFields(s, hoisted) as ForStmt;
    return { kind: 'Block', span: s.span, body: [...decls, loop] };
  }
}

/** `x.m` of a struct local or parameter x: "emitName.m". */
function fieldKey(e: Expr): string | undefined {
  if (e.kind !== 'MemberExpr' || e.arrow || e.object.kind !== 'Ident') return undefined;
  const s = e.object.symbol;
  if (!s || (s.kind !== 'local' && s.kind !== 'param') || s.type.kind !== 'struct') return undefined;
  return `${s.emitName}.${e.member}`;
}

function replaceFields(s: Stmt, hoisted: Map<string, Ident>): Stmt {
  const ex = (e: Expr): Expr => {
    const k = fieldKey(e);
    const h = k ? hoisted.get(k) : undefined;
    if (h) return { ...h, span: e.span };
    switch (e.kind) {
      case 'BinaryExpr': return { ...e, left: ex(e.left), right: ex(e.right) };
      case 'AssignExpr': return { ...e, target: ex(e.target), value: ex(e.value) };
      case 'UnaryExpr': case 'PostfixExpr': return { ...e, operand: ex(e.operand) };
      case 'CondExpr': return { ...e, cond: ex(e.cond), then: ex(e.then), else: ex(e.else) };
      case 'IndexExpr': return { ...e, object: ex(e.object), index: ex(e.index) };
      case 'MemberExpr': return { ...e, object: ex(e.object) };
      case 'CastExpr': return { ...e, operand: ex(e.operand) };
      case 'CommaExpr': return { ...e, exprs: e.exprs.map(ex) };
      default: return e;
    }
  };
  const st = (x: Stmt): Stmt => {
    switch (x.kind) {
      case 'Block': return { ...x, body: x.body.map(st) };
      case 'ExprStmt': return { ...x, expr: ex(x.expr) };
      case 'DeclStmt': return x.decl.kind === 'VarDecl' ? { ...x, decl: { ...x.decl, declarators: x.decl.declarators.map((d) => ({ ...d, init: d.init && ex(d.init) })) } } : x;
      case 'IfStmt': return { ...x, cond: ex(x.cond), then: st(x.then), else: x.else && st(x.else) };
      case 'ForStmt': return { ...x, init: x.init && (st(x.init) as typeof x.init), cond: x.cond && ex(x.cond), update: x.update && ex(x.update), body: st(x.body) };
      case 'WhileStmt': case 'DoWhileStmt': return { ...x, cond: ex(x.cond), body: st(x.body) };
      case 'ReturnStmt': return { ...x, value: x.value && ex(x.value) };
      case 'SwitchStmt': return { ...x, discriminant: ex(x.discriminant), body: st(x.body) as Block };
      case 'LabeledStmt': return { ...x, body: st(x.body) };
      default: return x;
    }
  };
  return st(s);
}
