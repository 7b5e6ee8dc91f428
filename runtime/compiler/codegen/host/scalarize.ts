/**
 * Struct locals made into one local per field (program mode, after inline.ts and inline-struct.ts).
 *
 * A struct local lives in the Mem frame (func.ts needsMem): each `v.f` is a load or store there, and
 * a loop that reads one cannot be a WebAssembly loop over locals. A local v of a struct whose fields
 * are all scalars or pointers, declared without an initializer or with `{}`, whose every use is a
 * field `v.f` (never `v` whole, `&v` or `&v.f`), holds nothing that memory could reach: it becomes
 * the locals `v$f` (zero where `{}` zeroed the fields). No access check changes: a field of a named
 * variable is never out of bounds, and nothing that lives in memory moves.
 */
import type { Declarator, Expr, FunctionDecl, Ident, Stmt, SymbolRef } from '../../ast.js';
import type { Type } from '../../types.js';
import { isFlatStruct } from './inline-struct.js';
import { walkStmt } from './walk.js';

export function scalarizeStructLocals(fn: FunctionDecl): FunctionDecl {
  if (!fn.body) return fn;
  const candidates = new Map<string, Declarator>();
  walkStmt(fn.body, {
    declarator(d, decl) {
      const s = d.symbol;
      if (!s || s.kind !== 'local' || decl.isStatic || decl.isExtern || !isFlatStruct(s.type) || d.arrayDims.length > 0 || d.pointer > 0) return;
      if (d.init && !(d.init.kind === 'InitList' && d.init.items.length === 0)) return;
      candidates.set(s.emitName, d);
    },
  });
  if (candidates.size === 0) return fn;
  // Every use a field read or write, not under `&`.
  const idents = new Map<string, number>();
  const fields = new Map<string, number>();
  const addressed = new Set<string>();
  walkStmt(fn.body, {
    expr(e) {
      if (e.kind === 'Ident' && e.symbol && candidates.has(e.symbol.emitName)) idents.set(e.symbol.emitName, (idents.get(e.symbol.emitName) ?? 0) + 1);
      const k = fieldOf(e, candidates);
      if (k) fields.set(k, (fields.get(k) ?? 0) + 1);
      const under = e.kind === 'UnaryExpr' && e.op === '&' ? fieldOf(e.operand, candidates) : undefined;
      if (under) addressed.add(under);
    },
  });
  const split = new Map<string, Map<string, Ident>>();
  for (const [name, d] of candidates) {
    if (addressed.has(name) || (fields.get(name) ?? 0) !== (idents.get(name) ?? 0)) continue;
    const t = d.symbol!.type as Extract<Type, { kind: 'struct' }>;
    const m = new Map<string, Ident>();
    for (const f of t.fields) {
      const emitName = `${name}$${f.name}`;
      const symbol: SymbolRef = { kind: 'local', name: emitName, emitName, type: f.type, declSpan: d.span };
      m.set(f.name, { kind: 'Ident', span: d.nameSpan, name: emitName, symbol, type: f.type });
    }
    split.set(name, m);
  }
  if (split.size === 0) return fn;
  return { ...fn, body: new Rewrite(split).stmt(fn.body) as typeof fn.body };
}

/** The emitName of v in `v.f` (v a candidate), else undefined. */
function fieldOf(e: Expr, candidates: Map<string, unknown>): string | undefined {
  if (e.kind !== 'MemberExpr' || e.arrow || e.object.kind !== 'Ident' || !e.object.symbol) return undefined;
  return candidates.has(e.object.symbol.emitName) ? e.object.symbol.emitName : undefined;
}

class Rewrite {
  constructor(private readonly split: Map<string, Map<string, Ident>>) {}

  private declarators(ds: Declarator[]): Declarator[] {
    return ds.flatMap((d) => {
      const m = d.symbol ? this.split.get(d.symbol.emitName) : undefined;
      if (!m) return [{ ...d, init: d.init && this.expr(d.init) }];
      return [...m.values()].map((id) => ({ ...d, name: id.name, init: d.init ? zero(id) : null, symbol: id.symbol }));
    });
  }

  stmt(s: Stmt): Stmt {
    switch (s.kind) {
      case 'Block': return { ...s, body: s.body.map((x) => this.stmt(x)) };
      case 'ExprStmt': return { ...s, expr: this.expr(s.expr) };
      case 'DeclStmt': return s.decl.kind === 'VarDecl' ? { ...s, decl: { ...s.decl, declarators: this.declarators(s.decl.declarators) } } : s;
      case 'IfStmt': return { ...s, cond: this.expr(s.cond), then: this.stmt(s.then), else: s.else && this.stmt(s.else) };
      case 'ForStmt': return { ...s, init: s.init && (this.stmt(s.init) as typeof s.init), cond: s.cond && this.expr(s.cond), update: s.update && this.expr(s.update), body: this.stmt(s.body) };
      case 'WhileStmt': case 'DoWhileStmt': return { ...s, cond: this.expr(s.cond), body: this.stmt(s.body) };
      case 'ReturnStmt': return { ...s, value: s.value && this.expr(s.value) };
      case 'SwitchStmt': return { ...s, discriminant: this.expr(s.discriminant), body: this.stmt(s.body) as typeof s.body };
      case 'CaseClause': return s;
      case 'LabeledStmt': return { ...s, body: this.stmt(s.body) };
      default: return s;
    }
  }

  expr(e: Expr): Expr {
    if (e.kind === 'MemberExpr' && !e.arrow && e.object.kind === 'Ident' && e.object.symbol) {
      const id = this.split.get(e.object.symbol.emitName)?.get(e.member);
      if (id) return { ...id, span: e.span };
    }
    switch (e.kind) {
      case 'BinaryExpr': return { ...e, left: this.expr(e.left), right: this.expr(e.right) };
      case 'AssignExpr': return { ...e, target: this.expr(e.target), value: this.expr(e.value) };
      case 'UnaryExpr': case 'PostfixExpr': return { ...e, operand: this.expr(e.operand) };
      case 'CondExpr': return { ...e, cond: this.expr(e.cond), then: this.expr(e.then), else: this.expr(e.else) };
      case 'CallExpr': return { ...e, callee: this.expr(e.callee), args: e.args.map((a) => this.expr(a)) };
      case 'IndexExpr': return { ...e, object: this.expr(e.object), index: this.expr(e.index) };
      case 'MemberExpr': return { ...e, object: this.expr(e.object) };
      case 'CastExpr': return { ...e, operand: this.expr(e.operand) };
      case 'SizeofExpr': return e;
      case 'CommaExpr': return { ...e, exprs: e.exprs.map((x) => this.expr(x)) };
      case 'InitList': return { ...e, items: e.items.map((x) => this.expr(x)) };
      case 'ConstructExpr': return { ...e, args: e.args.map((x) => this.expr(x)) };
      default: return e;
    }
  }
}

function zero(id: Ident): Expr {
  const t = id.type!;
  const lit = { kind: 'NumberLit', span: id.span, raw: '0', value: 0, isFloat: false, suffix: '', type: { kind: 'scalar', name: 'int' } } as Expr;
  if (t.kind === 'scalar' && t.name === 'int') return lit;
  return { kind: 'CastExpr', span: id.span, type: t, target: { kind: 'TypeName', span: id.span, typeSpec: { kind: 'TypeSpec', span: id.span, name: '' } as never, pointer: 0, arrayDims: [], type: t }, operand: lit } as Expr;
}
