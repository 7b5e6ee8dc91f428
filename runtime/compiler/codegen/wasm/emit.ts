/**
 * Kernel IR statements and expressions to WebAssembly, scalarized like the JavaScript writer
 * (codegen/js/emit.ts): every value is a list of flat components, each a wasm local (or a constant).
 *
 * Results are bit-identical to the JavaScript kernels, which round every float operation to float32
 * with `Math.fround`: float values are f32 locals, and f32.add/sub/mul/div/sqrt give the correctly
 * rounded float32 result that `fround` of the double operation gives (double has more than
 * 2 * 24 + 2 bits). Where the JavaScript computes in double before one rounding (rsqrt, round,
 * transcendental functions through `Math`), this writer does the same in f64 and demotes once.
 * Integer division by zero gives 0 and float-to-int conversion saturates with NaN -> 0, as in
 * codegen/js/scalar.ts.
 *
 * What the writer cannot express throws `WasmUnsupported`; the CPU backend then runs the JavaScript
 * kernel, so coverage can grow without ever changing a result.
 */
import type { IRExpr, IRLValue, IRStmt } from '../../ir.js';
import { flatKinds, type Kind } from '../js/scalar.js';
import { STOP_WORD_ADDRESS } from '../loop-poll.js';
import { exprComponents, helperCopyIn, helperCopyOut, helperGather, lvalueComponents, type ExprWriter } from '../scalar-form.js';
import { WasmGathers } from './gathers.js';
import { containsCall, literal, valType, VectorUnsupported, WasmUnsupported, type Scope, type Val, type Var } from './values.js';

export { HOST_IMPORTS_SOURCE, valType, VectorUnsupported, WasmUnsupported, type Val, type WasmParam } from './values.js';

/** The writer: statements, expressions, selects and inlined helper calls, on the parts below it
 *  (values.ts, arith.ts, builtins.ts, gathers.ts). */
export class WasmKernelEmitter extends WasmGathers {
  /** The kernel body inside `block kbody` (a kernel's `return` leaves it). */
  emitBody(): void {
    const scope: Scope = {
      vars: new Map(),
      params: this.params.map((b, k) => ({ ...b, type: b.type ?? this.ir.params[k]!.type })),
      assigned: this.assigned.get('')!,
    };
    this.fn.open('block', 'kbody');
    this.emitStmts(this.ir.body, scope);
    this.fn.close();
  }

  // ---- statements -------------------------------------------------------------------------------

  protected emitStmts(stmts: IRStmt[], scope: Scope): void {
    for (const s of stmts) this.emitStmt(s, scope);
  }

  protected emitStmt(s: IRStmt, scope: Scope): void {
    switch (s.op) {
      case 'declare': {
        const kinds = flatKinds(s.type);
        const init = s.init ? this.emitExpr(s.init, scope) : kinds.map((k) => literal(k, 0));
        const vals = kinds.map((_, k) => init[k] ?? init[0]!);
        if (!scope.assigned.has(s.name) && vals.every((v) => v.local === undefined || !this.mutable.has(v.local))) {
          scope.vars.set(s.name, { comps: vals, kinds, type: s.type });
          return;
        }
        const comps = vals.map((v, k) => this.mutableCopy(kinds[k]!, v));
        scope.vars.set(s.name, { comps, kinds, type: s.type });
        return;
      }
      case 'assign': {
        const target = this.lvalue(s.target, scope);
        let value = this.emitExpr(s.value, scope);
        if (target.comps.length > 1) {
          const written = new Set(target.comps.map((c) => c.local));
          value = value.map((v) => (v.local !== undefined && written.has(v.local) ? this.tmp(v.kind, () => this.push(v), undefined, v.vec) : v));
        }
        target.comps.forEach((c, k) => this.store(c, value[value.length === 1 ? 0 : k]!));
        return;
      }
      case 'expr':
        this.emitExpr(s.expr, scope);
        return;
      case 'if': {
        const [c] = this.emitExpr(s.cond, scope);
        if (c!.vec) throw new VectorUnsupported('a condition that differs between positions');
        this.push(c!);
        this.fn.open('if');
        this.block(s.then, scope);
        if (s.else.length > 0) {
          this.fn.else();
          this.block(s.else, scope);
        }
        this.fn.close();
        return;
      }
      case 'loop':
        this.emitLoop(s, scope);
        return;
      case 'break':
        this.fn.br(this.currentLoop().brk);
        return;
      case 'continue':
        this.fn.br(this.currentLoop().cont);
        return;
      case 'return': {
        if (scope.ret) {
          if (s.value) {
            const v = this.emitExpr(s.value, scope);
            scope.ret.comps.forEach((c, k) => this.store(c, v[k]!));
          }
          this.fn.br(scope.ret.label);
        } else {
          this.fn.br('kbody');
        }
        return;
      }
      case 'push':
        throw new WasmUnsupported('push (vout)');
    }
  }

  /** A fresh assignable local (v128 in the vector version) holding v. */
  protected mutableCopy(kind: Kind, v: Val): Val {
    if (this.vector && kind === 'double') throw new VectorUnsupported('double locals');
    const l = this.fn.local(this.vector ? 'v128' : valType(kind));
    this.push(this.vector ? this.vec(v, kind) : v);
    this.fn.set(l);
    this.mutable.add(l);
    return this.vector ? { kind, local: l, vec: true } : { kind, local: l };
  }

  /** Assigns v to the assignable local `target`. */
  protected store(target: Val, v: Val): void {
    this.push(target.vec ? this.vec(v, target.kind) : v);
    this.fn.set(target.local!);
  }

  protected block(stmts: IRStmt[], scope: Scope): void {
    this.emitStmts(stmts, { ...scope, vars: new Map(scope.vars) });
  }

  protected currentLoop(): { brk: string; cont: string } {
    const l = this.loops[this.loops.length - 1];
    if (!l) throw new Error('internal: break or continue outside a loop');
    return l;
  }

  protected emitLoop(s: Extract<IRStmt, { op: 'loop' }>, outer: Scope): void {
    const brk = this.label('L');
    const cont = this.label('C');
    const top = this.label('T');
    const scope: Scope = { ...outer, vars: new Map(outer.vars) };
    this.emitStmts(s.init, scope);
    this.fn.open('block', brk);
    this.fn.open('loop', top);
    const test = () => {
      if (!s.cond) return;
      const [c] = this.emitExpr(s.cond, { ...scope, vars: new Map(scope.vars) });
      if (c!.vec) throw new VectorUnsupported('a loop condition that differs between positions');
      this.push(c!);
      this.fn.op('i32.eqz');
      this.fn.brIf(brk);
    };
    if (s.testFirst) test();
    this.loops.push({ brk, cont });
    this.fn.open('block', cont);
    this.block(s.body, scope);
    this.fn.close();
    this.emitStmts(s.update, { ...scope, vars: new Map(scope.vars) });
    this.loops.pop();
    if (!s.testFirst) test();
    this.backEdgePoll();
    this.fn.br(top);
    this.fn.close();
    this.fn.close();
  }

  /**
   * A loop's back edge: counts up an i32 local (zero at function entry, wrapping is harmless) and, when
   * its low bits are all zero (every pollEvery back edges), reads the stop word (loop-poll.ts
   * STOP_WORD_ADDRESS, an atomic load from the shared memory) and traps with `unreachable` if it is set;
   * the runtime turns the trap into its located stop error. A load and a trap, not a call: a call in the
   * loop, even on the cold path, made V8 spill the loop's values every iteration (+27-38% on a
   * one-operation body), while a trapping block is cold code to it.
   */
  protected backEdgePoll(): void {
    if (this.pollEvery <= 0) return;
    const f = this.fn;
    if (this.pollCounter < 0) this.pollCounter = f.local('i32');
    f.get(this.pollCounter).i32(1).op('i32.add').tee(this.pollCounter).i32(this.pollEvery - 1).op('i32.and').op('i32.eqz');
    f.open('if');
    f.i32(STOP_WORD_ADDRESS);
    f.code.push(0xfe, 0x10, 0x02, 0x00); // i32.atomic.load align=4 offset=0
    f.open('if');
    f.op('unreachable');
    f.close();
    f.close();
  }

  protected lvalue(lv: IRLValue, scope: Scope): Var {
    const v = lvalueComponents(lv, scope, () => new WasmUnsupported('indexed local arrays'));
    if (v.comps.some((c) => c.local === undefined)) throw new Error('internal: assignment to a constant');
    return v;
  }

  // ---- expressions ------------------------------------------------------------------------------

  emitExpr(e: IRExpr, scope: Scope): Val[] {
    return exprComponents(e, scope, this.exprWriter);
  }

  /** The WebAssembly form of each component operation (scalar-form.ts walks the expression). */
  private readonly exprWriter: ExprWriter<Val, Scope> = {
    emitExpr: (e, scope) => this.emitExpr(e, scope),
    literal,
    binary: (op, kind, a, b) => this.binary(op, kind, a, b),
    unary: (op, kind, x) => this.unary(op, kind, x),
    convert: (from, to, x) => this.convert(from, to, x),
    shortCircuit: (op, left, right, scope) => this.shortCircuit(op, left, right, scope),
    select: (e, scope) => this.select(e, scope),
    builtin: (e, scope) => this.builtin(e, scope),
    inlineCall: (e, scope) => this.inlineCall(e, scope),
    gather: (e, scope) => this.gather(e, scope),
  };

  protected shortCircuit(op: '&&' | '||', left: IRExpr, right: IRExpr, scope: Scope): Val {
    if (this.vector) {
      // Both sides, then the masks combined (the right side has no side effects without calls).
      if (containsCall(right)) throw new VectorUnsupported('a call on the right of && or ||');
      const [l] = this.emitExpr(left, scope);
      const [r] = this.emitExpr(right, scope);
      if (!l!.vec && !r!.vec) return this.tmp('bool', () => this.arith(op === '&&' ? 'i32.and' : 'i32.or', l!, r!), [l!, r!]);
      return this.vop('bool', op === '&&' ? 'v128.and' : 'v128.or', [l!, r!]);
    }
    const [l] = this.emitExpr(left, scope);
    const t = this.fn.local('i32');
    this.push(l!);
    this.fn.tee(t);
    if (op === '||') this.fn.op('i32.eqz');
    this.fn.open('if');
    const [r] = this.emitExpr(right, scope);
    this.push(r!);
    this.fn.set(t);
    this.fn.close();
    return { kind: 'bool', local: t };
  }

  protected select(e: Extract<IRExpr, { op: 'select' }>, scope: Scope): Val[] {
    const c = this.emitExpr(e.cond, scope);
    const kinds = flatKinds(e.type);
    if (this.vector && (c.length > 1 || c[0]!.vec)) {
      // Both sides (as the componentwise select does), then a bit select per lane.
      if (c.length === 1 && (containsCall(e.then) || containsCall(e.else))) throw new VectorUnsupported('a call in a select');
      const a = this.emitExpr(e.then, scope);
      const b = this.emitExpr(e.else, scope);
      return kinds.map((k, i) => {
        const x = a[a.length === 1 ? 0 : i]!;
        const y = b[b.length === 1 ? 0 : i]!;
        const m = c[c.length === 1 ? 0 : i]!;
        if (!x.vec && !y.vec && !m.vec) return this.tmp(k, () => (this.push(x), this.push(y), this.push(m), this.fn.op('select')), [x, y, m]);
        if (k === 'double') throw new VectorUnsupported('double vectors');
        const vm = this.vec(m, 'bool');
        return this.vop(k, 'v128.bitselect', [this.vec(x, k), this.vec(y, k), vm]);
      });
    }
    if (c.length > 1) {
      // Componentwise select (Cg): both sides are evaluated.
      const a = this.emitExpr(e.then, scope);
      const b = this.emitExpr(e.else, scope);
      return kinds.map((k, i) =>
        this.tmp(k, () => {
          this.push(a[a.length === 1 ? 0 : i]!);
          this.push(b[b.length === 1 ? 0 : i]!);
          this.push(c[i]!);
          this.fn.op('select');
        }, [a[a.length === 1 ? 0 : i]!, b[b.length === 1 ? 0 : i]!, c[i]!]),
      );
    }
    // A condition the same for all positions: only the chosen side runs.
    const ts = kinds.map((k) => this.mutableCopy(k, literal(k, 0)));
    // Where both sides are whole numbers, so is the result: an i32 twin set in both branches.
    const twins = kinds.map((k) => (k === 'float' ? this.mutableCopy('int', literal('int', 0)) : null));
    const sides: { lo: number; hi: number; nz: boolean }[][] = [[], []];
    const branch = (vals: Val[], side: number) => {
      ts.forEach((t, i) => {
        const v = vals[vals.length === 1 ? 0 : i]!;
        this.store(t, v);
        const w = this.wholeOf(v);
        const twin = twins[i];
        if (twin && w && !w.int.vec === !twin.vec) {
          this.store(twin, w.int);
          sides[side]![i] = w;
        }
      });
    };
    this.push(c[0]!);
    this.fn.open('if');
    branch(this.emitExpr(e.then, scope), 0);
    this.fn.else();
    branch(this.emitExpr(e.else, scope), 1);
    this.fn.close();
    // The results are set once here and never again: usable like any computed value.
    for (const t of ts) this.mutable.delete(t.local!);
    ts.forEach((t, i) => {
      const [x, y] = [sides[0]![i], sides[1]![i]];
      const twin = twins[i];
      if (!x || !y || !twin) return;
      this.mutable.delete(twin.local!);
      this.markWhole(t, twin, Math.min(x.lo, y.lo), Math.max(x.hi, y.hi), x.nz || y.nz);
    });
    return ts;
  }



  protected inlineCall(e: Extract<IRExpr, { op: 'call' }>, scope: Scope): Val[] {
    const h = this.helpers.get(e.helper);
    if (!h) throw new Error(`internal: unknown helper kernel '${e.helper}'`);
    const f = this.fn;
    const id = this.label('h');
    const { args: argComps, hidden } = helperCopyIn(e, h, (a) => this.emitExpr(a, scope));
    const inner: Scope = { vars: new Map(), hidden, params: [], assigned: this.assigned.get(h.name)! };
    const retKinds = h.returnType.kind === 'void' ? [] : flatKinds(h.returnType);
    const ret: Val[] = retKinds.map((k) => this.mutableCopy(k, literal(k, 0)));
    h.params.forEach((p, k) => {
      if (p.type.kind === 'gather') {
        inner.params.push(helperGather(e, h, k, scope.params));
        return;
      }
      const kinds = flatKinds(p.type);
      const init = argComps[k];
      const comps: Val[] = kinds.map((kind, i) => this.mutableCopy(kind, init ? init[init.length === 1 ? 0 : i]! : literal(kind, 0)));
      inner.vars.set(p.name, { comps, kinds, type: p.type });
      inner.params.push({ comps, kinds, type: p.type, writable: true });
    });
    inner.ret = { label: id, comps: ret };
    const savedLoops = this.loops;
    this.loops = [];
    f.open('block', id);
    this.emitStmts(h.body, inner);
    f.close();
    this.loops = savedLoops;
    for (const { param, target: lv } of helperCopyOut(e, h)) {
      const target = this.lvalue(lv, scope);
      const src = inner.params[param]!.comps!;
      target.comps.forEach((c, i) => this.store(c, src[i]!));
    }
    return ret;
  }
}
