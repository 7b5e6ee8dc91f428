/**
 * Inlining small host functions at their call sites (program mode), before the host code is written.
 *
 * C++ reaches the host generator as C (parse/cxx-*.ts): references are pointers, methods take `this`,
 * std::vector is a struct with functions. A call `f(&s)` of `void f(double *p) { *p += v; }` then keeps
 * `s` in the Mem frame (its address is taken) and pays a call per iteration; g++ inlines it. Here a
 * direct call of a small function is replaced by the function's body with the arguments substituted,
 * and `*p` / `p->m` of a parameter bound to `&x` become `x` / `x.m`: where no other `&x` is left, `x`
 * is a JavaScript (or WebAssembly) local again (func.ts addressTaken runs on the rewritten body).
 *
 * A function is inlined when all of these hold (else its calls stay calls; nothing changes):
 * - it is a host C function with a body, not `main`, not variadic, not calling itself, without Brook
 *   calls (launches, stream API: they await the runtime);
 * - its parameters are scalars or pointers that the body neither assigns nor takes the address of,
 *   or structs passed by value when the body assigns nothing and calls nothing (a call site must then
 *   pass a named variable of the struct type, which the body reads in place);
 * - its result is void or a scalar/pointer, and its body is one `return EXPR;` (inlined wherever the
 *   call is) or, for void, at most LIMIT nodes of expression statements, `if`s and blocks (no
 *   declarations, loops, returns, labels), inlined where the call is a whole statement.
 * A call site qualifies when every argument is `&x` of a named variable, a literal, or a side-effect
 * free expression over caller locals whose address the caller never takes (the body cannot change
 * them, so evaluating the argument where the parameter is used gives the same value); an argument
 * that is not a plain name or literal is substituted only for a parameter used at most once.
 * Arguments and the result are converted to the declared types with casts, as the call would.
 * Only one level: calls inside an inlined body stay calls. Memory checks are unchanged: an access
 * through a pointer that is not rewritten is still checked at the callee's source location; a
 * rewritten `x` is a named variable, which no access can get out of bounds of.
 */
import type { Block, CallExpr, CastExpr, DeclStmt, Expr, ExprStmt, FunctionDecl, Ident, Stmt, SymbolRef, VarDecl } from '../../ast.js';
import type { CheckedProgram } from '../../check/program.js';
import type { Type } from '../../types.js';
import { typeEquals } from '../../types.js';
import { addressTaken, paramSymbol, returnTypeOf } from './func.js';
import { walkStmt } from './walk.js';

/** Most AST nodes (statements and expressions) a void function's body may have to be inlined. */
const LIMIT = 40;

interface Inlinable {
  fn: FunctionDecl;
  params: SymbolRef[];
  /** The parameter types, as the call converts its arguments. */
  types: Type[];
  ret: Type;
  /** Uses of each parameter (by emitName) in the body. */
  uses: Map<string, number>;
  /** The one `return EXPR;` of a value function. */
  value?: Expr;
  /** Names the body uses that are not its parameters (globals, functions): a caller declaring one of
   *  them would capture it in the JavaScript (a local declared before the global is not renamed). */
  free: Set<string>;
}

/** `program` with small functions inlined at their direct call sites (a copy; `program` is not changed). */
export function inlineSmallCalls(program: CheckedProgram, isBrookCall: (e: CallExpr) => boolean): CheckedProgram {
  const table = new Map<string, Inlinable>();
  for (const fn of program.functions) {
    const x = inlinable(fn, isBrookCall);
    if (x) table.set(fn.name, x);
  }
  if (table.size === 0) return program;
  const functions = program.functions.map((fn) => {
    if (!fn.body) return fn;
    const r = new Rewriter(table, addressTaken(fn.body), declaredNames(fn));
    const body = r.block(fn.body);
    return r.changed ? { ...fn, body } : fn;
  });
  return { ...program, functions };
}

/** emitNames of a function's parameters and locals. */
function declaredNames(fn: FunctionDecl): Set<string> {
  const out = new Set<string>();
  for (const p of fn.params) {
    const s = paramSymbol(fn, p);
    if (s) out.add(s.emitName);
    if (p.name) out.add(p.name);
  }
  walkStmt(fn.body, { declarator(d) { out.add(d.symbol?.emitName ?? d.name); } });
  return out;
}

/** A scalar or a pointer: a value a parameter or result can hold without memory. */
export function isValueType(t: Type): boolean {
  return t.kind === 'scalar' || t.kind === 'pointer';
}

function inlinable(fn: FunctionDecl, isBrookCall: (e: CallExpr) => boolean): Inlinable | undefined {
  if (!fn.body || fn.brook || fn.name === 'main' || fn.variadic || fn.unspecifiedParams) return undefined;
  const ret = returnTypeOf(fn);
  if (ret.kind !== 'void' && !isValueType(ret)) return undefined;
  const params: SymbolRef[] = [];
  const types: Type[] = [];
  let structs = false;
  for (const p of fn.params) {
    if (p.typeSpec.name === 'void' && p.pointer === 0 && fn.params.length === 1 && !p.name) continue;
    const sym = paramSymbol(fn, p);
    const t = p.type ?? sym?.type;
    if (!sym || !t || !(isValueType(t) || t.kind === 'struct')) return undefined;
    if (t.kind === 'struct') structs = true;
    params.push(sym);
    types.push(t);
  }
  const names = new Set(params.map((p) => p.emitName));
  const uses = new Map<string, number>();
  const free = new Set<string>();
  let ok = true;
  let nodes = 0;
  walkStmt(fn.body, {
    stmt(s) {
      nodes++;
      if (!['Block', 'ExprStmt', 'IfStmt', 'EmptyStmt', 'ReturnStmt'].includes(s.kind)) ok = false;
    },
    expr(e) {
      nodes++;
      if (e.kind === 'Ident' && e.symbol && names.has(e.symbol.emitName)) uses.set(e.symbol.emitName, (uses.get(e.symbol.emitName) ?? 0) + 1);
      else if (e.kind === 'Ident') free.add(e.symbol?.emitName ?? e.name);
      if (e.kind === 'CallExpr' && (isBrookCall(e) || (e.callee.kind === 'Ident' && e.callee.name === fn.name))) ok = false;
      if (e.kind === 'CallExpr' && e.callee.kind === 'Ident' && e.callee.symbol?.kind === 'session') ok = false;
      if (e.kind === 'StringLit' || e.kind === 'InitList' || e.kind === 'IndexofExpr' || (e.kind === 'SizeofExpr' && e.target.kind !== 'TypeName')) ok = false;
      const target = writtenOperand(e);
      if (target?.kind === 'Ident' && target.symbol && names.has(target.symbol.emitName)) ok = false;
      // A struct parameter reads its argument variable in place: nothing in the body may write.
      if (structs && (target || e.kind === 'CallExpr')) ok = false;
    },
  });
  if (!ok) return undefined;
  const body = fn.body.body;
  if (ret.kind !== 'void') {
    const only = body.length === 1 ? body[0]! : undefined;
    if (only?.kind !== 'ReturnStmt' || !only.value) return undefined;
    return { fn, params, types, ret, uses, value: only.value, free };
  }
  let returns = false;
  walkStmt(fn.body, { stmt(s) { if (s.kind === 'ReturnStmt') returns = true; } });
  if (returns || nodes > LIMIT) return undefined;
  return { fn, params, types, ret, uses, free };
}

/** What `e` writes or takes the address of (`x = ...`, `x++`, `--x`, `&x`), if anything. */
export function writtenOperand(e: Expr): Expr | undefined {
  if (e.kind === 'AssignExpr') return e.target;
  return (e.kind === 'UnaryExpr' && ['++', '--', '&'].includes(e.op)) || e.kind === 'PostfixExpr' ? e.operand : undefined;
}

/** A named variable: its address is fixed for the call. */
export function isVariable(e: Expr): e is Ident {
  return e.kind === 'Ident' && !!e.symbol && ['local', 'param', 'global'].includes(e.symbol.kind);
}

class Rewriter {
  changed = false;

  constructor(
    private readonly table: Map<string, Inlinable>,
    /** Names whose address the caller takes (the inlined body could change them through a pointer). */
    private readonly taken: Set<string>,
    /** The caller's parameters and locals. */
    private readonly declared: Set<string>,
  ) {}

  block(b: Block): Block {
    return { ...b, body: b.body.map((s) => this.stmt(s)) };
  }

  stmt(s: Stmt): Stmt {
    switch (s.kind) {
      case 'Block': return this.block(s);
      case 'ExprStmt': {
        const inl = this.statementCall(s.expr);
        return inl ?? { ...s, expr: this.expr(s.expr) };
      }
      case 'DeclStmt': return s.decl.kind === 'VarDecl' ? { ...s, decl: this.varDecl(s.decl) } : s;
      case 'IfStmt': return { ...s, cond: this.expr(s.cond), then: this.stmt(s.then), else: s.else && this.stmt(s.else) };
      case 'ForStmt': return { ...s, init: s.init && this.forInit(s.init), cond: s.cond && this.expr(s.cond), update: s.update && this.expr(s.update), body: this.stmt(s.body) };
      case 'WhileStmt': case 'DoWhileStmt': return { ...s, cond: this.expr(s.cond), body: this.stmt(s.body) };
      case 'ReturnStmt': return { ...s, value: s.value && this.expr(s.value) };
      case 'SwitchStmt': return { ...s, discriminant: this.expr(s.discriminant), body: this.block(s.body) };
      case 'LabeledStmt': return { ...s, body: this.stmt(s.body) };
      default: return s;
    }
  }

  /** A for-init stays one statement: its expressions are rewritten, it is not replaced by a block. */
  private forInit(s: DeclStmt | ExprStmt): DeclStmt | ExprStmt {
    if (s.kind === 'ExprStmt') return { ...s, expr: this.expr(s.expr) };
    return s.decl.kind === 'VarDecl' ? { ...s, decl: this.varDecl(s.decl) } : s;
  }

  private varDecl(d: VarDecl): VarDecl {
    return { ...d, declarators: d.declarators.map((dec) => ({ ...dec, init: dec.init && this.expr(dec.init) })) };
  }

  /** `f(args);` of an inlinable void function: its body, as a block. */
  private statementCall(e: Expr): Stmt | undefined {
    const call = e.kind === 'CastExpr' && e.target.type?.kind === 'void' ? e.operand : e;
    if (call.kind !== 'CallExpr') return undefined;
    const x = this.target(call);
    if (!x || x.value) return undefined;
    const bind = this.bindings(x, call);
    if (!bind) return undefined;
    this.changed = true;
    return new Substitution(bind).block(x.fn.body!);
  }

  expr(e: Expr): Expr {
    switch (e.kind) {
      case 'BinaryExpr': return { ...e, left: this.expr(e.left), right: this.expr(e.right) };
      case 'AssignExpr': return { ...e, target: this.expr(e.target), value: this.expr(e.value) };
      case 'UnaryExpr': {
        const operand = this.expr(e.operand);
        // `*f(...)` of an inlined `return &E;` (a C++ reference result, `T& operator[]`) is E, checked
        // where the caller wrote the dereference.
        if (e.op === '*' && operand !== e.operand && operand.kind === 'UnaryExpr' && operand.op === '&' && operand.operand.type && e.type && typeEquals(operand.operand.type, e.type)) return { ...operand.operand, span: e.span };
        return { ...e, operand };
      }
      case 'PostfixExpr': return { ...e, operand: this.expr(e.operand) };
      case 'CondExpr': return { ...e, cond: this.expr(e.cond), then: this.expr(e.then), else: this.expr(e.else) };
      case 'CallExpr': {
        const x = this.target(e);
        const bind = x?.value && this.bindings(x, e);
        if (x?.value && bind) {
          this.changed = true;
          return castTo(new Substitution(bind).expr(x.value), x.ret, e);
        }
        return { ...e, args: e.args.map((a) => this.expr(a)) };
      }
      case 'IndexExpr': return { ...e, object: this.expr(e.object), index: this.expr(e.index) };
      case 'MemberExpr': return { ...e, object: this.expr(e.object) };
      case 'CastExpr': return { ...e, operand: this.expr(e.operand) };
      case 'CommaExpr': return { ...e, exprs: e.exprs.map((x) => this.expr(x)) };
      case 'InitList': return { ...e, items: e.items.map((x) => this.expr(x)) };
      case 'ConstructExpr': return { ...e, args: e.args.map((x) => this.expr(x)) };
      default: return e;
    }
  }

  private target(call: CallExpr): Inlinable | undefined {
    const c = call.callee;
    if (c.kind !== 'Ident' || c.symbol?.kind !== 'function') return undefined;
    const x = this.table.get(c.symbol.name);
    if (!x || call.args.length !== x.params.length) return undefined;
    for (const n of x.free) if (this.declared.has(n)) return undefined;
    return x;
  }

  /** What each parameter becomes at this call, or undefined when an argument does not qualify. */
  private bindings(x: Inlinable, call: CallExpr): Map<string, Binding> | undefined {
    const out = new Map<string, Binding>();
    for (let i = 0; i < x.params.length; i++) {
      const a = call.args[i]!;
      const t = x.types[i]!;
      const p = x.params[i]!;
      const addrOf = a.kind === 'UnaryExpr' && a.op === '&' && isVariable(a.operand) ? a.operand : undefined;
      if (addrOf) {
        const pointee = t.kind === 'pointer' ? t.to : undefined;
        const same = !!pointee && !!addrOf.symbol && typeEquals(addrOf.symbol.type, pointee);
        out.set(p.emitName, { value: castTo(a, t, a), variable: same ? addrOf : undefined });
        continue;
      }
      if (t.kind === 'struct') {
        // By value: the body (which writes nothing and calls nothing) reads the named variable itself.
        if (!isVariable(a) || !typeEquals(a.symbol!.type, t)) return undefined;
        out.set(p.emitName, { value: a });
        continue;
      }
      const simple = a.kind === 'NumberLit' || a.kind === 'CharLit' || (a.kind === 'Ident' && this.stable(a));
      if (!simple && ((x.uses.get(p.emitName) ?? 0) > 1 || !this.pure(a))) return undefined;
      out.set(p.emitName, { value: castTo(a, t, a) });
    }
    return out;
  }

  /** A caller local or parameter (a value, not an array) that no pointer can change. */
  private stable(e: Ident): boolean {
    const s = e.symbol;
    return !!s && (s.kind === 'local' || s.kind === 'param') && isValueType(s.type) && !this.taken.has(s.emitName);
  }

  /** Side-effect free, cannot fault, and reads only stable locals. */
  private pure(e: Expr): boolean {
    switch (e.kind) {
      case 'NumberLit': case 'CharLit': return true;
      case 'Ident': return this.stable(e);
      case 'BinaryExpr':
        if ((e.op === '/' || e.op === '%') && !(e.right.kind === 'NumberLit' && e.right.value !== 0 && !e.right.isFloat)) return false;
        return this.pure(e.left) && this.pure(e.right);
      case 'UnaryExpr': return ['-', '+', '!', '~'].includes(e.op) && this.pure(e.operand);
      case 'CastExpr': return e.target.type?.kind !== 'void' && this.pure(e.operand);
      case 'CondExpr': return this.pure(e.cond) && this.pure(e.then) && this.pure(e.else);
      default: return false;
    }
  }
}

interface Binding {
  /** The argument converted to the parameter's type. */
  value: Expr;
  /** Set when the argument is `&x` with x of the pointee type: `*p` is `x`, `p->m` is `x.m`. */
  variable?: Ident;
}

/** `e` converted to `t` (a cast node, unless it already has that type). */
export function castTo(e: Expr, t: Type, at: Expr): Expr {
  if (e.type && typeEquals(e.type, t)) return e;
  const cast: CastExpr = {
    kind: 'CastExpr',
    span: at.span,
    type: t,
    target: { kind: 'TypeName', span: at.span, typeSpec: { kind: 'TypeSpec', span: at.span, name: '' } as never, pointer: 0, arrayDims: [], type: t },
    operand: e,
  };
  return cast;
}

/**
 * A copy of a body with symbols replaced by their bindings: `p` by its value, `*p` by the variable,
 * `p->m` by `v.m`. Inlined calls bind parameters only (`paramsOnly`); inline-struct.ts's expanded
 * constructors bind any symbol (the object itself too).
 */
export class Substitution {
  constructor(
    private readonly bind: ReadonlyMap<string, { value?: Expr; variable?: Ident }>,
    private readonly paramsOnly = true,
  ) {}

  private param(e: Expr): { value?: Expr; variable?: Ident } | undefined {
    if (e.kind !== 'Ident' || !e.symbol || (this.paramsOnly && e.symbol.kind !== 'param')) return undefined;
    return this.bind.get(e.symbol.emitName);
  }

  block(b: Block): Block {
    return { ...b, body: b.body.map((s) => this.stmt(s)) };
  }

  stmt(s: Stmt): Stmt {
    switch (s.kind) {
      case 'Block': return this.block(s);
      case 'ExprStmt': return { ...s, expr: this.expr(s.expr) };
      case 'IfStmt': return { ...s, cond: this.expr(s.cond), then: this.stmt(s.then), else: s.else && this.stmt(s.else) };
      case 'ReturnStmt': return { ...s, value: s.value && this.expr(s.value) };
      default: return s;
    }
  }

  expr(e: Expr): Expr {
    switch (e.kind) {
      case 'Ident': return this.param(e)?.value ?? e;
      case 'UnaryExpr': {
        const v = e.op === '*' ? this.param(e.operand)?.variable : undefined;
        return v ? { ...v, span: e.span } : { ...e, operand: this.expr(e.operand) };
      }
      case 'MemberExpr': {
        const v = e.arrow ? this.param(e.object)?.variable : undefined;
        return v ? { ...e, arrow: false, object: { ...v, span: e.object.span } } : { ...e, object: this.expr(e.object) };
      }
      case 'BinaryExpr': return { ...e, left: this.expr(e.left), right: this.expr(e.right) };
      case 'AssignExpr': return { ...e, target: this.expr(e.target), value: this.expr(e.value) };
      case 'PostfixExpr': return { ...e, operand: this.expr(e.operand) };
      case 'CondExpr': return { ...e, cond: this.expr(e.cond), then: this.expr(e.then), else: this.expr(e.else) };
      case 'CallExpr': return { ...e, args: e.args.map((a) => this.expr(a)) };
      case 'IndexExpr': return { ...e, object: this.expr(e.object), index: this.expr(e.index) };
      case 'CastExpr': return { ...e, operand: this.expr(e.operand) };
      case 'CommaExpr': return { ...e, exprs: e.exprs.map((x) => this.expr(x)) };
      case 'ConstructExpr': return { ...e, args: e.args.map((x) => this.expr(x)) };
      default: return e;
    }
  }
}
