/**
 * Struct values built in place (program mode, before inline.ts), and C++ temporaries in locals.
 *
 * C++ lowers `Vec3 p(a, b, c)` to `Vec3 p = Vec3__new(a, b, c)`, `p + d` to `Vec3__operator_add(&p, d)`
 * (a struct result through the caller's frame) and the object of `(p + d).dot(d)` to
 * `Vec3__temp(p + d)`, a ring of global slots (parse/cxx-class-lower.ts). Each is a call with a frame
 * and copies. Here, in a caller's statements:
 *
 * - A *constructor shape* K: `T K(scalars) { T s = {}; T *this = &s; STMTS; return s; }` where STMTS
 *   are at most LIMIT nodes of expression statements, ifs and blocks, with no call, and use `this` only
 *   as `this->f` (T a struct of scalar and pointer fields). `T v = K(args);` becomes
 *   `{ P1 a1 = arg1; ...; T v = {}; STMTS with this->f as v.f }` (the block's braces are not written:
 *   v stays in the caller's block) and `v = K(args);` (v a named local or parameter) the same with the
 *   fields zeroed by assignments. The arguments go to new locals first, so they are read before v is
 *   written, as for the call.
 * - A *forwarding shape* F: `T F(params) { return K(args); }` (K a constructor shape, args with no
 *   call or assignment). A pointer parameter bound to `&x` reads x (`this->x` is `x.x`), a struct
 *   parameter bound to a named variable of its type reads that variable (the arguments of K are all
 *   read before anything is written), another parameter gets a new local. Then K is expanded.
 * - `C__temp(E)` (a method called on a temporary) with E a call of those shapes, where the statement
 *   evaluates it unconditionally (not under `&&`, `||`, `?:` or after a comma): a new local `T t;` is
 *   declared before the statement, in the same block, E is expanded into it, and the call is `&t`.
 *   C++ ends the temporary with the full expression (or with the block, for one bound to a const
 *   reference): the local lives to the end of the block and each evaluation of the statement writes
 *   it again, which is all a temporary's lifetime lets the program see. Operands of one expression are
 *   not sequenced in C++, so evaluating E before the rest of the statement is one of its orders.
 * Anything else stays as it was (a call, the ring). scalarize.ts then makes struct locals whose
 * address is not taken into one local per field.
 */
import type { Block, CallExpr, DeclStmt, Declarator, Expr, FunctionDecl, Ident, MemberExpr, Stmt, SymbolRef, VarDecl } from '../../ast.js';
import type { CheckedProgram } from '../../check/program.js';
import type { StructType, Type } from '../../types.js';
import { typeEquals } from '../../types.js';
import { paramSymbol, returnTypeOf } from './func.js';
import { castTo, isValueType, isVariable, Substitution, writtenOperand } from './inline.js';
import { walkStmt } from './walk.js';

const LIMIT = 40;

/** A struct whose fields are all scalars or pointers. */
export function isFlatStruct(t: Type | undefined): t is StructType {
  return !!t && t.kind === 'struct' && !t.incomplete && t.fields.length > 0 && t.fields.every((f) => f.type.kind === 'scalar' || f.type.kind === 'pointer');
}

interface Shape {
  fn: FunctionDecl;
  params: SymbolRef[];
  types: Type[];
  ret: StructType;
  /** Constructor: the `this` local, the `{}` initializer and the statements between. */
  self?: SymbolRef;
  zero?: Expr;
  stmts?: Stmt[];
  /** Forwarding: the constructor call it returns. */
  call?: CallExpr;
}

interface Binding { value?: Expr; variable?: Ident }

export function inlineStructValues(program: CheckedProgram): CheckedProgram {
  const shapes = new Map<string, Shape>();
  const temps = new Set<string>();
  for (const fn of program.functions) {
    if (fn.temporary) temps.add(fn.name);
    const k = constructorShape(fn);
    if (k) shapes.set(fn.name, k);
  }
  for (const fn of program.functions) {
    const f = shapes.has(fn.name) ? undefined : forwardingShape(fn, shapes);
    if (f) shapes.set(fn.name, f);
  }
  if (shapes.size === 0) return program;
  const functions = program.functions.map((fn) => {
    if (!fn.body || shapes.has(fn.name)) return fn;
    const r = new Expander(shapes, temps, fn.name);
    const body = r.block(fn.body);
    return r.changed ? { ...fn, body } : fn;
  });
  return { ...program, functions };
}

function valueParams(fn: FunctionDecl, allowStruct: boolean): { params: SymbolRef[]; types: Type[] } | undefined {
  const params: SymbolRef[] = [];
  const types: Type[] = [];
  for (const p of fn.params) {
    if (p.typeSpec.name === 'void' && p.pointer === 0 && fn.params.length === 1 && !p.name) continue;
    const sym = paramSymbol(fn, p);
    const t = p.type ?? sym?.type;
    if (!sym || !t || !(isValueType(t) || (allowStruct && t.kind === 'struct'))) return undefined;
    params.push(sym);
    types.push(t);
  }
  return { params, types };
}

function plainFunction(fn: FunctionDecl): StructType | undefined {
  if (!fn.body || fn.brook || fn.name === 'main' || fn.variadic || fn.unspecifiedParams || fn.temporary) return undefined;
  const ret = returnTypeOf(fn);
  return isFlatStruct(ret) ? ret : undefined;
}

/** No parameter assigned, incremented or under `&`; no call, string or sizeof; at most LIMIT nodes. */
function simpleBody(stmts: Stmt[], params: SymbolRef[], allowed: string[]): boolean {
  const names = new Set(params.map((p) => p.emitName));
  let ok = true;
  let nodes = 0;
  for (const s of stmts) {
    walkStmt(s, {
      stmt(x) { nodes++; if (!allowed.includes(x.kind)) ok = false; },
      expr(e) {
        nodes++;
        if (e.kind === 'CallExpr' || e.kind === 'StringLit' || e.kind === 'InitList' || e.kind === 'IndexofExpr' || e.kind === 'SizeofExpr') ok = false;
        const target = writtenOperand(e);
        if (target?.kind === 'Ident' && target.symbol && names.has(target.symbol.emitName)) ok = false;
      },
    });
  }
  return ok && nodes <= LIMIT;
}

function single(s: Stmt | undefined): { decl: VarDecl; d: Declarator } | undefined {
  if (s?.kind !== 'DeclStmt' || s.decl.kind !== 'VarDecl' || s.decl.isStatic || s.decl.declarators.length !== 1) return undefined;
  return { decl: s.decl, d: s.decl.declarators[0]! };
}

function constructorShape(fn: FunctionDecl): Shape | undefined {
  const ret = plainFunction(fn);
  const ps = ret && valueParams(fn, false);
  if (!ret || !ps) return undefined;
  const body = fn.body!.body;
  const first = single(body[0]);
  const second = single(body[1]);
  const last = body[body.length - 1];
  const selfSym = first?.d.symbol;
  const thisSym = second?.d.symbol;
  if (!first || !second || !selfSym || !thisSym || !typeEquals(selfSym.type, ret) || first.d.init?.kind !== 'InitList' || first.d.init.items.length > 0) return undefined;
  const init = second.d.init;
  if (init?.kind !== 'UnaryExpr' || init.op !== '&' || init.operand.kind !== 'Ident' || init.operand.symbol?.emitName !== selfSym.emitName) return undefined;
  if (last?.kind !== 'ReturnStmt' || last.value?.kind !== 'Ident' || last.value.symbol?.emitName !== selfSym.emitName) return undefined;
  const stmts = body.slice(2, -1);
  if (!simpleBody(stmts, ps.params, ['Block', 'ExprStmt', 'IfStmt', 'EmptyStmt'])) return undefined;
  // `this` only as `this->f`, the object itself not at all.
  let uses = 0;
  let members = 0;
  for (const s of stmts) {
    walkStmt(s, {
      expr(e) {
        if (e.kind === 'Ident' && (e.symbol?.emitName === thisSym.emitName || e.symbol?.emitName === selfSym.emitName)) uses++;
        if (e.kind === 'MemberExpr' && e.arrow && e.object.kind === 'Ident' && e.object.symbol?.emitName === thisSym.emitName) members++;
      },
    });
  }
  if (uses !== members) return undefined;
  return { fn, ...ps, ret, self: thisSym, zero: first.d.init, stmts };
}

function forwardingShape(fn: FunctionDecl, shapes: Map<string, Shape>): Shape | undefined {
  const ret = plainFunction(fn);
  const ps = ret && valueParams(fn, true);
  const only = fn.body?.body.length === 1 ? fn.body.body[0] : undefined;
  if (!ret || !ps || only?.kind !== 'ReturnStmt' || only.value?.kind !== 'CallExpr') return undefined;
  const call = only.value;
  const k = call.callee.kind === 'Ident' && call.callee.symbol?.kind === 'function' ? shapes.get(call.callee.symbol.name) : undefined;
  if (!k?.stmts || !typeEquals(k.ret, ret) || call.args.length !== k.params.length) return undefined;
  if (!simpleBody([{ kind: 'ExprStmt', span: call.span, expr: { kind: 'CommaExpr', span: call.span, exprs: call.args } as Expr }], ps.params, ['ExprStmt'])) return undefined;
  return { fn, ...ps, ret, call };
}

/** A named local or parameter of a flat struct type. */
function structLocal(e: Expr): e is Ident {
  return e.kind === 'Ident' && !!e.symbol && (e.symbol.kind === 'local' || e.symbol.kind === 'param') && isFlatStruct(e.symbol.type);
}

export function declStmt(name: string, t: Type, init: Expr | null, at: Expr | Stmt): { stmt: DeclStmt; id: Ident } {
  const span = at.span;
  const symbol: SymbolRef = { kind: 'local', name, emitName: name, type: t, declSpan: span };
  const decl: VarDecl = {
    kind: 'VarDecl', span, typeSpec: { kind: 'TypeSpec', span, name: '' } as never, isIter: false, isStatic: false, isExtern: false,
    declarators: [{ kind: 'Declarator', span, name, nameSpan: span, pointer: 0, arrayDims: [], streamDims: null, init, symbol }],
  };
  return { stmt: { kind: 'DeclStmt', span, decl }, id: { kind: 'Ident', span, name, symbol, type: t } };
}

class Expander {
  count = 0;
  changed = false;
  constructor(private readonly shapes: Map<string, Shape>, private readonly temps: Set<string>, private readonly caller: string) {}

  private fresh(): string { return `${this.caller.replace(/\W/g, '_')}$s${this.count++}`; }

  block(b: Block): Block {
    return { ...b, body: b.body.flatMap((s) => this.stmts(s)) };
  }

  private one(s: Stmt): Stmt {
    const r = this.stmts(s);
    return r.length === 1 ? r[0]! : { kind: 'Block', span: s.span, body: r };
  }

  private stmts(s: Stmt): Stmt[] {
    switch (s.kind) {
      case 'Block': return [this.block(s)];
      case 'DeclStmt': {
        // `V3 a(1, 2, 3), b(4, 5, 6);`: one declaration each (declarators run in order either way).
        const ds = s.decl.kind === 'VarDecl' && !s.decl.isStatic && !s.decl.isExtern ? s.decl.declarators : [];
        if (ds.length > 1 && ds.some((d) => d.init?.kind === 'CallExpr' && isFlatStruct(d.symbol?.type))) {
          const decl = s.decl as VarDecl;
          return ds.flatMap((d) => this.stmts({ ...s, decl: { ...decl, declarators: [d] } }));
        }
        const one = single(s);
        if (!one || !one.d.init || !one.d.symbol) return [s];
        const pre: Stmt[] = [];
        if (one.d.init.kind === 'CallExpr' && isFlatStruct(one.d.symbol.type)) {
          const dest: Ident = { kind: 'Ident', span: one.d.nameSpan, name: one.d.name, symbol: one.d.symbol, type: one.d.symbol.type };
          const done = this.expand(dest, one.d.init, pre, { ...s, decl: { ...one.decl, declarators: [{ ...one.d, init: null }] } });
          if (done) return [...pre, ...done];
        }
        const init = this.hoist(one.d.init, pre);
        return [...pre, { ...s, decl: { ...one.decl, declarators: [{ ...one.d, init }] } }];
      }
      case 'ExprStmt': {
        const pre: Stmt[] = [];
        const e = s.expr;
        if (e.kind === 'AssignExpr' && e.op === '=' && structLocal(e.target) && e.value.kind === 'CallExpr') {
          const done = this.expand(e.target, e.value, pre);
          if (done) return [...pre, ...done];
        }
        const expr = this.hoist(e, pre);
        return [...pre, { ...s, expr }];
      }
      case 'ReturnStmt': {
        if (!s.value) return [s];
        const pre: Stmt[] = [];
        const value = this.hoist(s.value, pre);
        return [...pre, { ...s, value }];
      }
      case 'IfStmt': {
        const pre: Stmt[] = [];
        const cond = this.hoist(s.cond, pre);
        return [...pre, { ...s, cond, then: this.one(s.then), else: s.else && this.one(s.else) }];
      }
      case 'ForStmt': return [{ ...s, body: this.one(s.body) }];
      case 'WhileStmt': case 'DoWhileStmt': return [{ ...s, body: this.one(s.body) }];
      case 'SwitchStmt': return [{ ...s, body: this.block(s.body) }];
      case 'LabeledStmt': return [{ ...s, body: this.one(s.body) }];
      default: return [s];
    }
  }

  /** `e` with each unconditionally evaluated `C__temp(E)` of an expandable E made a new local. */
  private hoist(e: Expr, pre: Stmt[]): Expr {
    switch (e.kind) {
      case 'CallExpr': {
        const args = e.args.map((a) => this.hoist(a, pre));
        const c = e.callee;
        const arg = args[0];
        if (c.kind === 'Ident' && c.symbol?.kind === 'function' && this.temps.has(c.symbol.name) && args.length === 1 && arg?.kind === 'CallExpr' && isFlatStruct(arg.type)) {
          const { stmt, id } = declStmt(this.fresh(), arg.type, null, arg);
          const steps: Stmt[] = [];
          const done = this.expand(id, arg, steps);
          if (done) {
            pre.push(stmt, ...steps, ...done);
            return { kind: 'UnaryExpr', span: e.span, op: '&', operand: id, type: e.type } as Expr;
          }
          this.count--;
        }
        return { ...e, args };
      }
      case 'BinaryExpr':
        if (e.op === '&&' || e.op === '||') return { ...e, left: this.hoist(e.left, pre) };
        return { ...e, left: this.hoist(e.left, pre), right: this.hoist(e.right, pre) };
      case 'AssignExpr': return { ...e, target: this.hoist(e.target, pre), value: this.hoist(e.value, pre) };
      case 'UnaryExpr': case 'PostfixExpr': return { ...e, operand: this.hoist(e.operand, pre) };
      case 'CondExpr': return { ...e, cond: this.hoist(e.cond, pre) };
      case 'CommaExpr': return { ...e, exprs: e.exprs.map((x, i) => (i === 0 ? this.hoist(x, pre) : x)) };
      case 'IndexExpr': return { ...e, object: this.hoist(e.object, pre), index: this.hoist(e.index, pre) };
      case 'MemberExpr': return { ...e, object: this.hoist(e.object, pre) };
      case 'CastExpr': return { ...e, operand: this.hoist(e.operand, pre) };
      default: return e;
    }
  }

  /**
   * `dest = call` as statements (new locals for the arguments go to `pre`), or undefined when the
   * call is not of a shape; `declare` is dest's declaration (then it is initialized with `{}`).
   */
  private expand(dest: Ident, call: CallExpr, pre: Stmt[], declare?: DeclStmt): Stmt[] | undefined {
    const c = call.callee;
    const x = c.kind === 'Ident' && c.symbol?.kind === 'function' ? this.shapes.get(c.symbol.name) : undefined;
    if (!x || call.args.length !== x.params.length || !typeEquals(x.ret, dest.type!)) return undefined;
    const bind = new Map<string, Binding>();
    const mark = pre.length;
    const saved = this.count;
    for (let i = 0; i < x.params.length; i++) {
      const a = call.args[i]!;
      const t = x.types[i]!;
      const p = x.params[i]!;
      if (x.call && t.kind === 'pointer' && a.kind === 'UnaryExpr' && a.op === '&' && isVariable(a.operand) && typeEquals(a.operand.symbol!.type, t.to)) {
        bind.set(p.emitName, { value: a, variable: a.operand });
      } else if (t.kind === 'struct') {
        if (!isVariable(a) || !typeEquals(a.symbol!.type, t)) { pre.length = mark; this.count = saved; return undefined; }
        bind.set(p.emitName, { value: a });
      } else {
        const { stmt, id } = declStmt(this.fresh(), t, castTo(a, t, a), a);
        pre.push(stmt);
        bind.set(p.emitName, { value: id });
      }
    }
    const sub = new Substitution(bind, false);
    if (x.call) {
      const inner = sub.expr(x.call) as CallExpr;
      const r = this.expand(dest, inner, pre, declare);
      if (!r) { pre.length = mark; this.count = saved; }
      return r;
    }
    this.changed = true;
    bind.set(x.self!.emitName, { variable: dest });
    const out: Stmt[] = [];
    if (declare) {
      const d = (declare.decl as VarDecl).declarators[0]!;
      out.push({ ...declare, decl: { ...(declare.decl as VarDecl), declarators: [{ ...d, init: x.zero! }] } });
    } else {
      for (const f of x.ret.fields) {
        const target: MemberExpr = { kind: 'MemberExpr', span: dest.span, object: dest, member: f.name, memberSpan: dest.span, arrow: false, type: f.type };
        const lit = { kind: 'NumberLit', span: dest.span, raw: '0', value: 0, isFloat: false, suffix: '', type: { kind: 'scalar', name: 'int' } } as Expr;
        const zero = castTo(lit, f.type, lit);
        out.push({ kind: 'ExprStmt', span: dest.span, expr: { kind: 'AssignExpr', span: dest.span, op: '=', target, value: zero, type: f.type } as Expr });
      }
    }
    for (const s of x.stmts!) out.push(sub.stmt(s));
    return out;
  }
}
