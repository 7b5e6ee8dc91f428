/**
 * The writer of one call-free host loop as a WebAssembly function (wasmloop.ts decides which loops
 * and calls it): the loop's statements, its variables (WebAssembly locals, passed in and back as
 * JavaScript values) and its memory accesses, checked as the JavaScript code checks them. Values
 * are the host IR's (ir/index.ts), printed by ir/print-wasm.ts; this writer supplies the IR's leaves.
 */
import type { Expr, ForStmt, Stmt } from '../../ast.js';
import type { Type } from '../../types.js';
import { sizeOf } from '../../types.js';
import { FuncBuilder } from '../wasm/func.js';
import { OP, uleb } from '../wasm/encode.js';
import type { HostWasmModule } from './wasmmodule.js';
import { countedLoop, offsetFrom, provenInBounds } from './bounds.js';
import { assignedPointers, hasInnerLoop, loopCounter, type Counter } from './wasmloop-nest.js';
import type { Ctx } from './expr.js';
import { componentOffset, constValue, fieldPlace, kindOfType, lowerAs, lowerBump, lowerCompound, lowerCond, lowerElementAddress, lowerValue, notCompiled, printWasmCond, printWasmValue, swizzleComponents, valType, wasmKind, type ArithOp, type WasmKind, type WasmPrinter } from './ir/index.js';
import { storageOf } from './gen.js';
import { blockCountVariable, emitCheckedAddress, memoryOps } from './wasmloop-access.js';
import { runsOnFirstPass } from './static-init.js';
import { countDown, setCallLimit, storeEnded } from './wasmloop-budget.js';

const INT: Type = { kind: 'scalar', name: 'int' };


/** Value kinds a compiled loop handles (ir/print-wasm.ts): the 32-bit integers, float, double, pointers. */
export type Kind = WasmKind;

function no(what: string): never {
  return notCompiled(what);
}

function kindOf(t: Type | undefined): Kind {
  if (!t) return no('an untyped expression');
  return wasmKind(kindOfType(t));
}

export const wt = valType;
const isFloat = (k: Kind) => k === 'float' || k === 'double';

export interface Var {
  /** Where the value comes from and (if assigned) goes back to in JavaScript. */
  js: string;
  kind: Kind;
  local: number;
  assigned: boolean;
  /** A read-only source (an alias, an address, a span count): never written back. */
  readOnly: boolean;
}

interface LValue {
  type: Kind;
  /** A JavaScript-held variable. */
  v?: Var;
  /** Memory: pushes the byte address (checked as the JavaScript code would check it). */
  addr?: (write: boolean) => void;
  /** Bytes the load or store adds to that address (a member's offset): the instruction's own offset
   *  field, which V8 folds into the access, where an i32.add cost the structs shape ~6%. */
  offset?: number;
}

export class LoopWriter {
  readonly b: FuncBuilder;
  readonly vars = new Map<string, Var>();
  /** Counts of checked pointers, by variable: the guard that sets it (if needed) and wants it above 0. */
  readonly guards = new Map<string, string>();
  /** Whether the loop loads or stores memory (wasmloop.ts keeps a loop that does not in JavaScript). */
  touchesMemory = false;
  /** Pointers the loop assigns (emitNames): their accesses cannot use a count taken before the loop. */
  private moved = new Set<string>();
  /** Counters of the loops being written, outermost first (see loopCounter). */
  private counters: Counter[] = [];
  private topLoop: ForStmt | undefined;
  private readonly loops: { brk: string; cont: string }[] = [];
  private labels = 0;

  /** The last parameter: how many iterations of the top loop this call may run (see loop). */
  private readonly budget: number;
  /** Whether a call may return before the loop ends (false: it ignores its budget). */
  chunked = true;

  constructor(private readonly c: Ctx, private readonly mod: HostWasmModule, params: Var[], private readonly counts: Map<string, string>) {
    this.b = new FuncBuilder([...params.map((v) => wt(v.kind)), 'i32']);
    params.forEach((v, k) => this.vars.set(v.js, { ...v, local: k, assigned: false }));
    this.budget = params.length;
  }

  private variable(js: string, kind: Kind, readOnly: boolean): Var {
    let v = this.vars.get(js);
    if (!v) {
      v = { js, kind, local: this.b.local(wt(kind)), assigned: false, readOnly };
      this.vars.set(js, v);
    }
    return v;
  }

  private label(): string {
    return `l${this.labels++}`;
  }

  // -------------------------------------------------------------------------------------------------
  // Statements

  /**
   * A `for` loop: `top` is the compiled loop itself (its init already ran in JavaScript); a call runs
   * at most its budget of the top loop's iterations (wasmloop-budget.ts says how).
   */
  loop(s: ForStmt, top: boolean): void {
    const c = this.c;
    const b = this.b;
    const outer = c.ranges;
    if (top) {
      this.moved = assignedPointers(s);
      this.topLoop = s;
    }
    const counter = loopCounter(c, s, this.topLoop!, top);
    if (counter) this.counters.push(counter);
    if (!top && s.init) this.stmt(s.init);
    const counted = countedLoop(c, s);
    if (counted && !top) c.ranges = new Map(outer).set(counted.name, counted.range);
    try {
      if (top && counter?.op === '<') {
        this.countedTopLoop(s, s.cond as Expr & { kind: 'BinaryExpr' });
      } else if (top && (c.g.cell || hasInnerLoop(s.body))) {
        const out = this.label();
        storeEnded(b, () => b.i32(0));
        b.open('block', out);
        this.loopBody(s.cond, s.body, s.update, false, () => countDown(b, this.budget, out));
        storeEnded(b, () => b.i32(1));
        b.close();
      } else if (top) {
        this.chunked = false;
        this.loopBody(s.cond, s.body, s.update, false);
        storeEnded(b, () => b.i32(1));
      } else {
        this.loopBody(s.cond, s.body, s.update, false);
      }
    } finally {
      c.ranges = outer;
      if (counter) this.counters.pop();
    }
  }

  /**
   * The top loop `for (; i < E; i++)`, E unchanged by the nest: it tests i < min(E, i + budget).
   * Leaving by the test, it ended if i < E no longer holds; leaving by `break`, it ended.
   */
  private countedTopLoop(s: ForStmt, cond: Expr & { kind: 'BinaryExpr' }): void {
    const b = this.b;
    const end = b.local('i32');
    const lim = b.local('i32');
    this.valueAs(cond.right, 'int');
    b.set(end);
    this.valueAs(cond.left, 'int');
    setCallLimit(b, end, this.budget, lim);
    const after = this.label();
    const brk = this.label();
    const tested = this.label();
    const top = this.label();
    const cont = this.label();
    b.open('block', after).open('block', brk).open('block', tested).open('loop', top);
    this.valueAs(cond.left, 'int');
    b.get(lim).op('i32.lt_s').op('i32.eqz').brIf(tested);
    this.loops.push({ brk, cont });
    b.open('block', cont);
    this.stmt(s.body);
    b.close();
    this.loops.pop();
    if (s.update) this.effect(s.update);
    b.br(top);
    b.close().close();
    // The test failed: ended unless only the budget ran out.
    storeEnded(b, () => {
      this.valueAs(cond.left, 'int');
      b.get(end).op('i32.ge_s');
    });
    b.br(after);
    b.close();
    storeEnded(b, () => b.i32(1)); // break
    b.close();
  }

  /** `backEdge`: code run after the update, before the next test (the cell's iteration count). */
  private loopBody(cond: Expr | null, body: Stmt, update: Expr | null, doWhile: boolean, backEdge?: () => void): void {
    const b = this.b;
    const brk = this.label();
    const top = this.label();
    const cont = this.label();
    b.open('block', brk).open('loop', top);
    if (cond && !doWhile) {
      this.cond(cond);
      b.op('i32.eqz').brIf(brk);
    }
    this.loops.push({ brk, cont });
    b.open('block', cont);
    this.stmt(body);
    b.close();
    this.loops.pop();
    if (update) this.effect(update);
    backEdge?.();
    if (doWhile) {
      this.cond(cond!);
      b.brIf(top);
    } else {
      b.br(top);
    }
    b.close().close();
  }

  private stmt(s: Stmt): void {
    const b = this.b;
    switch (s.kind) {
      case 'Block':
        for (const x of s.body) this.stmt(x);
        return;
      case 'ExprStmt':
        this.effect(s.expr);
        return;
      case 'EmptyStmt':
        return;
      case 'DeclStmt': {
        const d = s.decl;
        if (d.kind !== 'VarDecl') return no('this declaration');
        if (d.isStatic && d.declarators.some((x) => runsOnFirstPass(x.init))) return no('a static local with a run-time initializer');
        if (d.isStatic || d.isExtern) return;
        for (const dec of d.declarators) {
          if (dec.streamDims || dec.symbol?.type.kind === 'stream') no('streams');
          if (!dec.init) continue;
          if (dec.init.kind === 'InitList' || !dec.symbol) no('a brace initializer');
          const lv = this.identLValue(dec.symbol.emitName, dec.symbol, dec.symbol.type);
          this.assign(lv, () => this.valueAs(dec.init as Expr, lv.type), false);
        }
        return;
      }
      case 'IfStmt':
        this.cond(s.cond);
        b.open('if');
        this.stmt(s.then);
        if (s.else) {
          b.else();
          this.stmt(s.else);
        }
        b.close();
        return;
      case 'WhileStmt':
        this.loopBody(s.cond, s.body, null, false);
        return;
      case 'DoWhileStmt':
        this.loopBody(s.cond, s.body, null, true);
        return;
      case 'ForStmt':
        this.loop(s, false);
        return;
      case 'BreakStmt':
        if (!this.loops.length) no('break outside a loop');
        b.br(this.loops[this.loops.length - 1]!.brk);
        return;
      case 'ContinueStmt':
        if (!this.loops.length) no('continue outside a loop');
        b.br(this.loops[this.loops.length - 1]!.cont);
        return;
      default:
        return no(s.kind);
    }
  }

  /** Evaluate for effect only. */
  private effect(e: Expr): void {
    if (e.kind === 'CommaExpr') {
      for (const x of e.exprs) this.effect(x);
      return;
    }
    if (e.kind === 'PostfixExpr' || (e.kind === 'UnaryExpr' && (e.op === '++' || e.op === '--'))) {
      this.incDec(e.operand, e.op as '++' | '--', false, false);
      return;
    }
    if (e.kind === 'AssignExpr') {
      this.assignExpr(e, false);
      return;
    }
    if (e.kind === 'CastExpr' && e.target.type?.kind === 'void') {
      this.effect(e.operand);
      return;
    }
    this.value(e);
    this.b.op('drop');
  }

  // -------------------------------------------------------------------------------------------------
  // Values
  // -------------------------------------------------------------------------------------------------
  // Values: the host IR (ir/index.ts) decides their meaning, ir/print-wasm.ts prints it; this class
  // supplies the IR's leaves (variables, memory, assignments) and the loop's statements.

  private printer(current?: () => Kind): WasmPrinter {
    return { b: this.b, mod: this.mod, leaf: (e) => this.leaf(e), current, span: (at) => this.c.g.span(at) };
  }

  /** Pushes a truth value (i32, nonzero = true). */
  private cond(e: Expr): void {
    const ir = lowerCond(this.c, e);
    if (!ir) return no('this condition');
    printWasmCond(this.printer(), ir);
  }

  private value(e: Expr): Kind {
    const ir = lowerValue(this.c, e);
    if (!ir) return no(`values of type ${e.type?.kind ?? 'unknown'}`);
    return printWasmValue(this.printer(), ir);
  }

  private valueAs(e: Expr, to: Kind): void {
    const ir = lowerAs(this.c, e, to);
    if (!ir) return no(`values of type ${e.type?.kind ?? 'unknown'}`);
    printWasmValue(this.printer(), ir);
  }

  /** Pushes an operand the IR leaves to this writer (its kind): what lives in locals and memory. */
  private leaf(e: Expr): Kind {
    switch (e.kind) {
      case 'Ident': {
        const sym = e.symbol;
        if (!sym) return no('an unresolved name');
        // Library constants with a value are IR literals; the others are not values here.
        if (sym.kind === 'constant' || sym.kind === 'hostlib') return no(`'${e.name}'`);
        return this.read(this.identLValue(sym.emitName, sym, e.type!));
      }
      case 'AssignExpr': return this.assignExpr(e, true);
      case 'PostfixExpr': return this.incDec(e.operand, e.op, true, true);
      case 'UnaryExpr':
        switch (e.op) {
          case '++': case '--': return this.incDec(e.operand, e.op, false, true);
          case '*': return this.read(this.lvalue(e));
          case '&': {
            // An address, not an access: nothing is checked (one past the end is valid C).
            const o = e.operand;
            const ir = o.kind === 'IndexExpr' ? lowerElementAddress(this.c, o.object, o.index) : undefined;
            if (!ir) return no('this address');
            return printWasmValue(this.printer(), ir);
          }
        }
        return no('this unary operator');
      case 'CallExpr': return no('a call'); // math.h calls are IR nodes; the loop is call-free
      case 'IndexExpr': case 'MemberExpr': {
        // An element or member that is itself an array (m[i] of a 2-D array) is its address: no access.
        if (e.type?.kind === 'array') {
          const ir = e.kind === 'IndexExpr' ? lowerElementAddress(this.c, e.object, e.index) : undefined;
          if (!ir) return no('an array member');
          return printWasmValue(this.printer(), ir);
        }
        return this.read(this.lvalue(e));
      }
      case 'CommaExpr':
        e.exprs.forEach((x, k) => {
          if (k < e.exprs.length - 1) this.effect(x);
        });
        return this.value(e.exprs[e.exprs.length - 1]!);
      default:
        return no(e.kind);
    }
  }
  // -------------------------------------------------------------------------------------------------
  // Variables and memory

  private identLValue(emitName: string, sym: NonNullable<Extract<Expr, { kind: 'Ident' }>['symbol']>, t: Type): LValue {
    const c = this.c;
    const st = storageOf(c, sym);
    if (!st) return no('a variable without storage');
    if (t.kind === 'array') {
      // An array is its address: a module or frame constant.
      const addr = c.aliases?.get(emitName) ?? (st.kind === 'mem' ? st.addr : no('an array held in JavaScript'));
      const v = this.variable(addr, 'ptr', true);
      return { type: 'ptr', v };
    }
    const k = kindOf(t);
    if (st.kind === 'js') {
      const alias = c.aliases?.get(emitName);
      return { type: k, v: this.variable(alias ?? st.name, k, alias !== undefined) };
    }
    // A scalar in memory (its address taken, or a global in Mem): a plain access at a fixed address.
    const base = this.variable(c.aliases?.get(emitName) ?? st.addr, 'ptr', true);
    return { type: k, addr: () => this.b.get(base.local) };
  }

  /** Where an IndexExpr, MemberExpr or `*p` lives: expr.ts lvalueOrNull, with the same checks. */
  private lvalue(e: Expr): LValue {
    const c = this.c;
    if (e.kind === 'Ident' && e.symbol) return this.identLValue(e.symbol.emitName, e.symbol, e.type!);
    if (e.kind === 'UnaryExpr' && e.op === '*') {
      const t = kindOf(e.type);
      // A pointer walk's `*p` is checked once before the loop (hoist.ts hoistPointerWalk).
      if (!c.hoisted?.has(e) && c.g.accessCheck(e.span) !== undefined) return no('a checked dereference');
      return { type: t, addr: () => void this.valueAs(e.operand, 'ptr') };
    }
    if (e.kind === 'IndexExpr') {
      const t = kindOf(e.type);
      if (t === 'ptr') return no('an element that is a pointer');
      return { type: t, addr: this.element(e) };
    }
    if (e.kind === 'MemberExpr') {
      // A struct field or one vector component of an element in memory: the element's address (and
      // check) plus the member's offset. `p->f` is `p[0].f`.
      const t = kindOf(e.type);
      if (t === 'ptr') return no('a member that is a pointer');
      const ot = e.object.type;
      const whole = e.arrow ? (ot?.kind === 'pointer' ? ot.to : undefined) : ot;
      if (!whole) return no('this member access');
      let offset: number;
      if (whole.kind === 'struct') {
        const field = fieldPlace(whole, e.member);
        if (!field) return no('this member');
        offset = field.offset;
      } else if (whole.kind === 'vector' && e.member.length === 1) {
        const comp = swizzleComponents(e.member)[0]!;
        if (comp < 0) return no('this component');
        offset = componentOffset(whole, comp);
      } else {
        return no('struct members and vector components');
      }
      let addr: (write: boolean) => void;
      if (e.arrow && this.c.hoisted?.has(e)) {
        // A pointer walk's p->member: checked once before the loop (hoist.ts hoistPointerWalk).
        addr = () => void this.valueAs(e.object, 'ptr');
      } else if (e.arrow) {
        if (e.object.kind !== 'Ident') return no('-> on an expression');
        addr = this.element({ kind: 'IndexExpr', span: e.span, object: e.object, index: { kind: 'NumberLit', span: e.span, value: 0, type: INT } as Expr, type: whole } as Extract<Expr, { kind: 'IndexExpr' }>);
      } else if (e.object.kind === 'IndexExpr') {
        addr = this.element(e.object);
      } else if (e.object.kind === 'Ident' && e.object.symbol) {
        const base = this.identLValue(e.object.symbol.emitName, e.object.symbol, { kind: 'array', elem: whole, length: 1 } as Type);
        addr = () => void this.b.get(base.v!.local);
      } else {
        return no('this member access');
      }
      return { type: t, addr, offset };
    }
    return no('this assignment target');
  }

  /**
   * The address of element `P[i]` (pushed by the returned function), checked as the JavaScript code
   * checks it: proven and hoisted accesses not at all; otherwise against the count of elements of the
   * malloc block P starts (hoistSpans' count, or one the guard computes before the loop), trapping
   * after a record outside it. Whole elements of any size: scalars, vectors, structs.
   */
  private element(e: Extract<Expr, { kind: 'IndexExpr' }>): (write: boolean) => void {
    const c = this.c;
    const b = this.b;
    const ot = e.object.type;
    // The address is the IR's `&P[i]` (ir/lower.ts: the index as a long, scaled by the element size).
    const at = lowerElementAddress(c, e.object, e.index);
    if (!ot || (ot.kind !== 'pointer' && ot.kind !== 'array') || at?.op !== 'ptradd') return no('indexing this');
    const stride = at.stride;
    const size = sizeOf(e.type!);
    const it = kindOf(e.index.type);
    if (it === 'ptr' || isFloat(it)) return no('this index type');
    const check = provenInBounds(c, e) ? undefined : c.g.accessCheck(e.span);
    // An unsigned index only where it is compared (i32.lt_u) with the count or length before use.
    if (it === 'uint' && check === undefined) return no('an unsigned index of an unchecked access');
    if (check === undefined) return () => void printWasmValue(this.printer(), at);
    if (stride < size) return no('an element larger than its stride');
    // A fixed array (global, static, local: storage nothing frees) holds its length; a pointer held
    // in a variable, the elements of the malloc block it starts.
    const fixed = ot.kind === 'array' && ot.length !== null && e.object.kind === 'Ident' && e.object.symbol?.kind !== 'param' && storageOf(c, e.object.symbol!)?.kind === 'mem';
    if (!fixed && (e.object.kind !== 'Ident' || ot.kind !== 'pointer')) return no('a checked access without a count');
    if (!fixed && e.object.kind === 'Ident' && this.moved.has(e.object.symbol!.emitName)) return no('a checked access through a pointer the loop moves');
    const length = fixed && ot.kind === 'array' ? ot.length! : undefined;
    // A fixed array indexed by the top loop's counter plus a constant: the loop runs compiled only
    // where every value the counter takes is in range (a guard before it); elsewhere the JavaScript
    // loop runs, checking each access (issue 27: a compare and branch per access cost the fill and
    // sum shapes 10-20% against gcc).
    for (const ct of length !== undefined && it !== 'uint' ? [...this.counters].reverse() : []) {
      const k = offsetFrom(e.index, ct.name);
      const kv = k && (k.expr ? constValue(k.expr) : 0);
      if (!k || kv === undefined || !Number.isInteger(kv)) continue;
      const off = k.sign === '-' ? -kv : kv;
      const from = typeof ct.start === 'number' ? (ct.start + off >= 0 ? '' : undefined) : `${ct.start} + ${off} >= 0 && `;
      if (from === undefined) break;
      this.guards.set(`${ct.start}|${ct.end}|${off}|${length}`, `(${from}${ct.end} + ${off} ${ct.op === '<' ? '<=' : '<'} ${length})`);
      return () => void printWasmValue(this.printer(), at);
    }
    const count = length === undefined ? this.variable(blockCountVariable(this.c, this.counts, this.guards, e.object as Extract<Expr, { kind: 'Ident' }>, stride, size), 'int', true) : undefined;
    const spanK = this.mod.spanIndex(check);
    return (write: boolean) => emitCheckedAddress(b, this.printer(), at, { count: count?.local, length, spanK, write, stride, size, unsigned: it === 'uint' });
  }


  private read(lv: LValue): Kind {
    const b = this.b;
    if (lv.v) {
      b.get(lv.v.local);
      return lv.type;
    }
    lv.addr!(false);
    this.load(lv.type, lv.offset);
    return lv.type;
  }

  private load(k: Kind, offset = 0): void {
    this.touchesMemory = true;
    const [load, , align] = memoryOps(k);
    this.b.code.push(OP[load], align, ...uleb(offset));
  }

  private store(k: Kind, offset = 0): void {
    this.touchesMemory = true;
    const [, store, align] = memoryOps(k);
    this.b.code.push(OP[store], align, ...uleb(offset));
  }

  /**
   * Store the value `compute` pushes (already of lv.type) into lv; with `keep`, leave it on the stack.
   * The address is computed (and checked) before the value, as in JavaScript's `view[index] = value`.
   */
  private assign(lv: LValue, compute: () => void, keep: boolean, addrLocal?: number): void {
    const b = this.b;
    if (lv.v) {
      if (lv.v.readOnly) no('assigning a value the loop only reads');
      lv.v.assigned = true;
      compute();
      if (keep) b.tee(lv.v.local);
      else b.set(lv.v.local);
      return;
    }
    if (addrLocal === undefined) {
      lv.addr!(true);
    } else {
      b.get(addrLocal);
    }
    compute();
    if (keep) {
      const t = b.local(wt(lv.type));
      const a = b.local('i32');
      b.set(t).set(a).get(a).get(t);
      this.store(lv.type, lv.offset);
      b.get(t);
    } else {
      this.store(lv.type, lv.offset);
    }
  }

  private assignExpr(e: Extract<Expr, { kind: 'AssignExpr' }>, keep: boolean): Kind {
    const lv = this.lvalue(e.target);
    const tt = e.target.type!;
    const k = lv.type;
    if (e.op === '=') {
      this.assign(lv, () => this.valueAs(e.value, k), keep);
      return k;
    }
    const ir = lowerCompound(this.c, e.op.slice(0, -1) as ArithOp, tt, e.value, e.span);
    if (!ir) return no('this compound assignment');
    const a = this.address(lv);
    this.assign(lv, () => void printWasmValue(this.printer(() => this.readAt(lv, a)), ir), keep, a);
    return k;
  }

  /** A memory lvalue's address computed (and checked, as a write) once, for a read-modify-write. */
  private address(lv: LValue): number | undefined {
    if (lv.v) return undefined;
    const a = this.b.local('i32');
    lv.addr!(true);
    this.b.set(a);
    return a;
  }

  private readAt(lv: LValue, a: number | undefined): Kind {
    if (a === undefined) return this.read(lv);
    this.b.get(a);
    this.load(lv.type, lv.offset);
    return lv.type;
  }

  private incDec(operand: Expr, op: '++' | '--', post: boolean, keep: boolean): Kind {
    const b = this.b;
    const lv = this.lvalue(operand);
    const k = lv.type;
    const ir = lowerBump(this.c, operand.type!, op, operand.span);
    if (!ir) return no('this increment');
    const a = this.address(lv);
    let old: number | undefined;
    const current = (): Kind => {
      const r = this.readAt(lv, a);
      if (post && keep) {
        old = b.local(valType(k));
        b.tee(old);
      }
      return r;
    };
    this.assign(lv, () => void printWasmValue(this.printer(current), ir), keep && !post, a);
    if (old !== undefined) b.get(old);
    return k;
  }
}
