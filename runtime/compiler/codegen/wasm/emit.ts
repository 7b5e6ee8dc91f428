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
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from '../../ir.js';
import type { Type } from '../../types.js';
import { fieldRange, flatKinds, type Kind } from '../js/scalar.js';
import type { HostImport, ValType } from './encode.js';
import { append, FuncBuilder, setLocal } from './func.js';
import { emitExpF64, inlineExpMatchesHost } from './exp.js';
import { loopPollEvery, STOP_WORD_ADDRESS } from '../loop-poll.js';

export class WasmUnsupported extends Error {}

/** A value: a local or a constant. `vec`: a v128 local holding the value at 4 consecutive positions
 *  (the vector version of a body; bool lanes are masks, 0 or -1). */
export type Val = { kind: Kind; local: number; num?: undefined; vec?: boolean } | { kind: Kind; num: number; local?: undefined; vec?: undefined };

/** Thrown where the vector version of a body cannot be written (the scalar versions still run). */
export class VectorUnsupported extends Error {}

/** How the body reaches kernel parameter i (set up by the driver). */
export interface WasmParam {
  kinds: Kind[];
  comps?: Val[];
  /** The four float components of `indexof` (x fastest). */
  indexof?: Val[];
  /** Gather: locals holding the stream's byte address and per padded dimension extent e, offset l, stride s. */
  gather?: { words: number; addr: number; e: number[]; l: number[]; s: number[] };
  writable?: boolean;
  type?: Type;
}

interface Var {
  comps: Val[];
  kinds: Kind[];
  type?: Type;
}

interface Scope {
  vars: Map<string, Var>;
  params: WasmParam[];
  ret?: { label: string; comps: Val[] };
  hidden?: Map<number, Val[]>;
  assigned: Set<string>;
}

export function valType(k: Kind): ValType {
  return k === 'float' ? 'f32' : k === 'double' ? 'f64' : 'i32';
}

/** Host functions kernels may call, by import name (f64 in, f64 out; the same functions the
 *  JavaScript kernels call, so results are identical). Source text, so worker threads build it too. */
export const HOST_IMPORTS_SOURCE = `({
  acos: Math.acos, asin: Math.asin, atan: Math.atan, cos: Math.cos, cosh: Math.cosh, sin: Math.sin,
  sinh: Math.sinh, tan: Math.tan, tanh: Math.tanh, exp: Math.exp, log: Math.log, log2: Math.log2,
  log10: Math.log10, pow: Math.pow, atan2: Math.atan2, sqrt: Math.sqrt, fmod: (x, y) => x % y,
})`;

const HOST_ARITY: Record<string, number> = { pow: 2, atan2: 2, fmod: 2 };
/** Built-ins written with SIMD operations in the vector version (the others run once per lane). */
const VECTOR_BUILTINS = new Set(['sqrt', 'floor', 'ceil', 'trunc', 'min', 'max', 'clamp', 'saturate', 'lerp', 'frac', 'dot', 'length', 'distance', 'normalize', 'cross']);
/** Magnitudes under this are exact in float32. */
const EXACT_F32 = 2 ** 24;
const UNARY_MATH = new Set(['acos', 'asin', 'atan', 'cos', 'cosh', 'sin', 'sinh', 'tan', 'tanh', 'exp', 'log', 'log2', 'log10']);

/** Locals assigned after their declaration (targets of assignments and of out arguments). */
function assignedLocals(stmts: IRStmt[]): Set<string> {
  const out = new Set<string>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (const y of x) visit(y);
      return;
    }
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown> & { op?: string; target?: IRLValue; outArgs?: (IRLValue | null)[] };
    if (o.op === 'assign' && o.target?.root.kind === 'local') out.add(o.target.root.name);
    if (o.op === 'call') for (const lv of o.outArgs ?? []) if (lv && lv.root.kind === 'local') out.add(lv.root.name);
    // Statements and expressions only: types and source spans hold no assignments.
    for (const key in o) if (key !== 'type' && key !== 'span') visit(o[key]);
  };
  visit(stmts);
  return out;
}

function containsCall(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(containsCall);
  if (!e || typeof e !== 'object') return false;
  if ((e as { op?: string }).op === 'call') return true;
  return Object.values(e).some((v) => v && typeof v === 'object' && containsCall(v));
}

function literal(kind: Kind, v: number): Val {
  switch (kind) {
    case 'bool': return { kind, num: v !== 0 ? 1 : 0 };
    case 'float': return { kind, num: Math.fround(v) };
    case 'int': return { kind, num: v | 0 };
    case 'uint': return { kind, num: v >>> 0 };
    default: return { kind, num: v };
  }
}

export class WasmKernelEmitter {
  private next = 0;
  private loops: { brk: string; cont: string }[] = [];
  private readonly helpers: Map<string, IRHelper>;
  private readonly mutable = new Set<number>();
  private readonly assigned = new Map<string, Set<string>>();
  /**
   * Hoisting (set by the driver): pure operations whose operands are all fixed for a row of positions
   * go to `rowCode`, which the driver runs once per row; their results join `invariant`.
   */
  rowCode: number[] | null = null;
  readonly invariant = new Set<number>();
  /** Common subexpressions computed in the row code (valid in the whole element loop). */
  private readonly hoistedCse = new Map<string, number>();
  /**
   * Float locals known to hold a whole number in [lo, hi] (|lo|, |hi| < 2^24, never -0), with an i32
   * local holding the same number: indexof components and sums, differences and products of them and
   * of whole constants. Exact in float32 either way, so index arithmetic on them runs in i32 and a
   * gather indexed by one clamps it as an integer (what the JavaScript's whole-number facts do).
   */
  readonly whole = new Map<number, { int: Val; lo: number; hi: number; nz: boolean }>();
  /**
   * i32 locals known to equal c3 + K (the fastest coordinate plus a constant): indexof's x and sums
   * with constants. A gather indexed by such a value needs no clamp where every c3 + K is inside its
   * extent; with `interior` set the writer leaves those clamps out (the driver runs that version of
   * the body only for such positions), and `interiorUses` collects the (K, extent) pairs it relies on.
   */
  readonly affine = new Map<number, number>();
  interior = false;
  /**
   * Writing the vector version of the body (the driver sets it with `interior`): values that differ
   * between the 4 positions are v128 locals (`vec`), values fixed for the row stay scalar and are
   * splatted where they meet vectors. Conditions must be the same for all 4 positions.
   */
  vector = false;
  /** The i32 local holding c3 of the first of the 4 positions (vector version). */
  c3 = -1;
  /** In the vector version: SIMD operations written, and operations written once per lane (the
   *  driver drops a vector version that is mostly per-lane work: it runs slower than the scalar one). */
  vectorOps = 0;
  laneOps = 0;
  readonly interiorUses = new Map<string, { K: number; n: number }>();

  constructor(
    readonly ir: KernelIR,
    readonly fn: FuncBuilder,
    readonly params: WasmParam[],
    /** Host functions used, in import order (function index = position); shared by the emitters of
     *  one function (a fused reduction's producer and body). */
    readonly imports: HostImport[] = [],
  ) {
    this.helpers = new Map(ir.helpers.map((h) => [h.name, h]));
    for (const b of params) if (b.writable) for (const c of b.comps ?? []) if (c.local !== undefined) this.mutable.add(c.local);
    this.assigned.set('', assignedLocals(ir.body));
    for (const h of ir.helpers) this.assigned.set(h.name, assignedLocals(h.body));
  }

  /** Registers a local the body assigns (an output's component). */
  markMutable(local: number): void {
    this.mutable.add(local);
  }

  /** Back edges between loop polls (0: none; codegen/loop-poll.ts) and the i32 local counting them. */
  private readonly pollEvery = loopPollEvery();
  private pollCounter = -1;

  /** After an abandoned body version: no loop is open. */
  resetLoops(): void {
    this.loops = [];
  }

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

  private label(base: string): string {
    return `${base}${this.next++}`;
  }

  /** Pushes a value on the stack. */
  push(v: Val): void {
    if (v.local !== undefined) this.fn.get(v.local);
    else this.fn.const(valType(v.kind), v.num!);
  }

  /**
   * A local of kind k holding what `emit` leaves on the stack. With `deps` (every value the pure,
   * trap-free operation reads; `emit` must not call `tmp` itself), the operation is computed once per
   * row when all of them are fixed there, and an identical operation on the same immutable values
   * that is already computed where this point is reached is reused (common subexpressions).
   */
  tmp(kind: Kind, emit: () => void, deps?: Val[], vec = false): Val {
    const f = this.fn;
    const saved = f.code;
    const code: number[] = [];
    f.code = code;
    emit();
    f.code = saved;
    const pure = deps !== undefined && deps.every((d) => d.local === undefined || !this.mutable.has(d.local));
    const hoist = pure && this.rowCode !== null && deps!.every((d) => d.local === undefined || this.invariant.has(d.local));
    const key = pure ? `${vec ? 'v' : ''}${kind}:${code.join(',')}` : '';
    if (pure) {
      const known = (hoist ? this.hoistedCse : f.cse).get(key);
      if (known !== undefined) return vec ? { kind, local: known, vec: true } : { kind, local: known };
    }
    const l = f.local(vec ? 'v128' : valType(kind));
    append(hoist ? this.rowCode! : f.code, code, setLocal(l));
    if (hoist) {
      this.invariant.add(l);
      this.hoistedCse.set(key, l);
    } else if (pure) {
      f.cse.set(key, l);
    }
    return vec ? { kind, local: l, vec: true } : { kind, local: l };
  }

  // ---- vector values ----------------------------------------------------------------------------

  /** A v128 of kind k's lanes from a value: a vector as it is, a scalar splatted (once per row when
   *  it is fixed for the row). Bools splat to masks. */
  vec(v: Val, kind: Kind = v.kind): Val {
    if (v.vec) return v;
    const f = this.fn;
    return this.tmp(kind, () => {
      this.push(v);
      if (kind === 'float') f.simd('f32x4.splat');
      else if (kind === 'bool') f.i32(-1).op('i32.mul').simd('i32x4.splat'); // 1 -> -1
      else if (kind === 'int' || kind === 'uint') f.simd('i32x4.splat');
      else throw new VectorUnsupported(`${kind} vectors`);
    }, [v], true);
  }

  private vop(kind: Kind, name: Parameters<FuncBuilder['simd']>[0], args: Val[]): Val {
    this.vectorOps++;
    const vs = args.map((a) => this.vec(a, a.kind));
    return this.tmp(kind, () => {
      for (const v of vs) this.push(v);
      this.fn.simd(name);
    }, vs, true);
  }

  /**
   * Runs the scalar writer once per lane (lanes extracted from the vector arguments) and gathers the
   * results into vectors: for what has no SIMD form (host functions, integer division, gathers at
   * computed indices, ...). Same results as the scalar version, lane by lane.
   */
  perLane(kinds: Kind[], args: Val[], f: (lane: Val[]) => Val[]): Val[] {
    this.laneOps++;
    const results: Val[][] = [];
    for (let lane = 0; lane < 4; lane++) {
      const scalars = args.map((a) => (a.vec ? this.extract(a, lane) : a));
      const saved = this.vector;
      this.vector = false;
      try {
        results.push(f(scalars));
      } finally {
        this.vector = saved;
      }
    }
    return kinds.map((kind, c) => {
      const lanes = results.map((r) => r[c]!);
      if (lanes.every((v) => !v.vec && v.local === undefined && Object.is(v.num, lanes[0]!.num))) return lanes[0]!;
      return this.tmp(kind, () => {
        const fb = this.fn;
        this.push(lanes[0]!);
        if (kind === 'float') fb.simd('f32x4.splat');
        else if (kind === 'bool') fb.i32(-1).op('i32.mul').simd('i32x4.splat');
        else if (kind === 'int' || kind === 'uint') fb.simd('i32x4.splat');
        else throw new VectorUnsupported(`${kind} vectors`);
        for (let lane = 1; lane < 4; lane++) {
          this.push(lanes[lane]!);
          if (kind === 'bool') fb.i32(-1).op('i32.mul');
          fb.simd(kind === 'float' ? 'f32x4.replace_lane' : 'i32x4.replace_lane', lane);
        }
      }, lanes, true);
    });
  }

  /** Lane `lane` of a vector as a scalar value (bool masks back to 0 / 1). */
  extract(v: Val, lane: number): Val {
    return this.tmp(v.kind, () => {
      this.push(v);
      if (v.kind === 'float') this.fn.simd('f32x4.extract_lane', lane);
      else {
        this.fn.simd('i32x4.extract_lane', lane);
        if (v.kind === 'bool') this.fn.i32(1).op('i32.and');
      }
    }, [v]);
  }

  private hostFn(name: string): number {
    let k = this.imports.findIndex((i) => i.name === name);
    if (k < 0) {
      const n = HOST_ARITY[name] ?? 1;
      this.imports.push({ name, params: new Array<ValType>(n).fill('f64'), results: ['f64'] });
      k = this.imports.length - 1;
    }
    return k;
  }

  /** Pushes v as f64 (exact for every kind). */
  private pushF64(v: Val): void {
    this.push(v);
    switch (v.kind) {
      case 'float': this.fn.op('f64.promote_f32'); return;
      case 'double': return;
      case 'uint': this.fn.op('f64.convert_i32_u'); return;
      default: this.fn.op('f64.convert_i32_s');
    }
  }

  /** Leaves an f64 on the stack as the kind's value (float: one rounding to float32). */
  private fromF64(kind: Kind): void {
    if (kind === 'float') this.fn.op('f32.demote_f64');
    else if (kind !== 'double') throw new WasmUnsupported(`f64 result as ${kind}`);
  }

  // ---- statements -------------------------------------------------------------------------------

  private emitStmts(stmts: IRStmt[], scope: Scope): void {
    for (const s of stmts) this.emitStmt(s, scope);
  }

  private emitStmt(s: IRStmt, scope: Scope): void {
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
  private mutableCopy(kind: Kind, v: Val): Val {
    if (this.vector && kind === 'double') throw new VectorUnsupported('double locals');
    const l = this.fn.local(this.vector ? 'v128' : valType(kind));
    this.push(this.vector ? this.vec(v, kind) : v);
    this.fn.set(l);
    this.mutable.add(l);
    return this.vector ? { kind, local: l, vec: true } : { kind, local: l };
  }

  /** Assigns v to the assignable local `target`. */
  private store(target: Val, v: Val): void {
    this.push(target.vec ? this.vec(v, target.kind) : v);
    this.fn.set(target.local!);
  }

  private block(stmts: IRStmt[], scope: Scope): void {
    this.emitStmts(stmts, { ...scope, vars: new Map(scope.vars) });
  }

  private currentLoop(): { brk: string; cont: string } {
    const l = this.loops[this.loops.length - 1];
    if (!l) throw new Error('internal: break or continue outside a loop');
    return l;
  }

  private emitLoop(s: Extract<IRStmt, { op: 'loop' }>, outer: Scope): void {
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
  private backEdgePoll(): void {
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

  private lvalue(lv: IRLValue, scope: Scope): Var {
    let v: Var;
    if (lv.root.kind === 'local') {
      const found = scope.vars.get(lv.root.name);
      if (!found) throw new Error(`internal: assignment to undeclared local '${lv.root.name}'`);
      v = found;
    } else {
      const p = scope.params[lv.root.index];
      if (!p?.comps || !p.writable) throw new Error(`internal: assignment to read-only parameter ${lv.root.index}`);
      v = { comps: p.comps, kinds: p.kinds, type: p.type };
    }
    let t = v.type;
    for (const step of lv.path) {
      if (step.kind === 'field') {
        const r = fieldRange(t!, step.name);
        t = (t as Extract<Type, { kind: 'struct' }>).fields.find((f) => f.name === step.name)!.type;
        v = { comps: v.comps.slice(r.start, r.start + r.count), kinds: v.kinds.slice(r.start, r.start + r.count), type: t };
      } else if (step.kind === 'swizzle') {
        v = { comps: step.components.map((c) => v.comps[c]!), kinds: step.components.map((c) => v.kinds[c]!) };
        t = undefined;
      } else {
        throw new WasmUnsupported('indexed local arrays');
      }
    }
    if (v.comps.some((c) => c.local === undefined)) throw new Error('internal: assignment to a constant');
    return v;
  }

  // ---- expressions ------------------------------------------------------------------------------

  emitExpr(e: IRExpr, scope: Scope): Val[] {
    switch (e.op) {
      case 'const': {
        const kinds = flatKinds(e.type);
        return kinds.map((k, i) => literal(k, e.value[i] ?? e.value[0] ?? 0));
      }
      case 'local': {
        const v = scope.vars.get(e.name);
        if (!v) throw new Error(`internal: unknown local '${e.name}'`);
        return v.comps;
      }
      case 'param': {
        const p = scope.params[e.index];
        if (!p?.comps) throw new Error(`internal: parameter ${e.index} has no value here`);
        return p.comps;
      }
      case 'binary': {
        if (e.operator === '&&' || e.operator === '||') return [this.shortCircuit(e.operator, e.left, e.right, scope)];
        const l = this.emitExpr(e.left, scope);
        const r = this.emitExpr(e.right, scope);
        const kinds = flatKinds(e.left.type);
        const n = Math.max(l.length, r.length);
        const out: Val[] = [];
        for (let k = 0; k < n; k++) {
          const a = l[l.length === 1 ? 0 : k]!;
          const b = r[r.length === 1 ? 0 : k]!;
          out.push(this.binary(e.operator, kinds[k] ?? kinds[0]!, a, b));
        }
        return out;
      }
      case 'unary': {
        const v = this.emitExpr(e.operand, scope);
        const kinds = flatKinds(e.operand.type);
        return v.map((x, k) => this.unary(e.operator, kinds[k]!, x));
      }
      case 'select':
        return this.select(e, scope);
      case 'convert': {
        const v = this.emitExpr(e.value, scope);
        const from = flatKinds(e.value.type);
        return flatKinds(e.type).map((k, i) => this.convert(from[i] ?? from[0]!, k, v[i] ?? v[0]!));
      }
      case 'splat': {
        const [v] = this.emitExpr(e.value, scope);
        const from = flatKinds(e.value.type)[0]!;
        return flatKinds(e.type).map((k) => this.convert(from, k, v!));
      }
      case 'swizzle': {
        const v = this.emitExpr(e.value, scope);
        return e.components.map((c) => v[c]!);
      }
      case 'construct': {
        const kinds = flatKinds(e.type);
        const comps: Val[] = [];
        const from: Kind[] = [];
        for (const a of e.args) {
          comps.push(...this.emitExpr(a, scope));
          from.push(...flatKinds(a.type));
        }
        if (comps.length === 1 && kinds.length > 1) return kinds.map((k) => this.convert(from[0]!, k, comps[0]!));
        return kinds.map((k, i) => this.convert(from[i]!, k, comps[i]!));
      }
      case 'field': {
        const v = this.emitExpr(e.value, scope);
        const r = fieldRange(e.value.type, e.field);
        return v.slice(r.start, r.start + r.count);
      }
      case 'builtin':
        return this.builtin(e, scope);
      case 'call':
        return this.inlineCall(e, scope);
      case 'gather':
        return this.gather(e, scope);
      case 'indexof': {
        const p = scope.params[e.param];
        if (!p?.indexof) throw new Error(`internal: indexof of parameter ${e.param} is not available`);
        return p.indexof.slice(0, flatKinds(e.type).length);
      }
      case 'helperIndexof': {
        const h = scope.hidden?.get(e.param);
        if (!h) throw new Error(`internal: helperIndexof of parameter ${e.param} outside its helper`);
        return h.slice(0, flatKinds(e.type).length);
      }
    }
  }

  /** The whole-number view of a float value (see `whole`), or null. */
  wholeOf(v: Val): { int: Val; lo: number; hi: number; nz: boolean } | null {
    if (v.kind !== 'float') return null;
    if (v.local !== undefined) return this.whole.get(v.local) ?? null;
    const n = v.num!;
    if (!Number.isInteger(n) || Math.abs(n) >= EXACT_F32) return null;
    return { int: { kind: 'int', num: n + 0 }, lo: n, hi: n, nz: Object.is(n, -0) };
  }

  /** Registers float local `f` as whole: the value of i32 `int` (0 for -0), within [lo, hi]; `nz`:
   *  the float may be -0. */
  markWhole(f: Val, int: Val, lo: number, hi: number, nz = false): void {
    if (f.local !== undefined) this.whole.set(f.local, { int, lo, hi, nz });
  }

  /** Float `a op b` on whole numbers, computed exactly in i32 when the result stays whole and small;
   *  null when the facts do not allow it (then the float operation runs). */
  private wholeBinary(op: string, a: Val, b: Val): Val | null {
    if (op !== '+' && op !== '-' && op !== '*') return null;
    const x = this.wholeOf(a);
    const y = this.wholeOf(b);
    if (!x || !y) return null;
    // x - 0 is x; x + 0 and 0 + x are x unless x may be -0 (-0 + 0 is +0).
    if (op === '-' && y.lo === 0 && y.hi === 0 && a.local !== undefined) return a;
    if (op === '+' && y.lo === 0 && y.hi === 0 && !x.nz && a.local !== undefined) return a;
    if (op === '+' && x.lo === 0 && x.hi === 0 && !y.nz && b.local !== undefined) return b;
    let lo: number;
    let hi: number;
    let nz: boolean;
    const mayBeZero = (w: { lo: number; hi: number }) => w.lo <= 0 && w.hi >= 0;
    if (op === '+') [lo, hi, nz] = [x.lo + y.lo, x.hi + y.hi, x.nz && y.nz];
    else if (op === '-') [lo, hi, nz] = [x.lo - y.hi, x.hi - y.lo, x.nz];
    else {
      const p = [x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi];
      [lo, hi] = [Math.min(...p), Math.max(...p)];
      nz = x.nz || y.nz || (mayBeZero(x) && y.lo < 0) || (mayBeZero(y) && x.lo < 0);
    }
    if (Math.max(Math.abs(lo), Math.abs(hi)) >= EXACT_F32) return null;
    const name = op === '+' ? 'add' : op === '-' ? 'sub' : 'mul';
    const vector = x.int.vec || y.int.vec || a.vec || b.vec;
    const int = vector
      ? this.vop('int', `i32x4.${name}` as 'i32x4.add', [x.int, y.int])
      : this.tmp('int', () => this.arith(`i32.${name}` as 'i32.add', x.int, y.int), [x.int, y.int]);
    // The float result by the float operation (exact here, and -0 where the JavaScript gives -0);
    // the i32 twin holds the same number for index arithmetic.
    const fl = vector ? this.vop('float', `f32x4.${name}` as 'f32x4.add', [a, b]) : this.tmp('float', () => this.arith(`f32.${name}` as 'f32.add', a, b), [a, b]);
    this.markWhole(fl, int, lo, hi, nz);
    // c3 + K plus or minus a constant is c3 + K' again.
    const ka = x.int.local !== undefined ? this.affine.get(x.int.local) : undefined;
    const kb = y.int.local !== undefined ? this.affine.get(y.int.local) : undefined;
    if (op !== '*' && ka !== undefined && y.int.local === undefined) this.affine.set(int.local!, op === '+' ? ka + y.int.num! : ka - y.int.num!);
    if (op === '+' && kb !== undefined && x.int.local === undefined) this.affine.set(int.local!, kb + x.int.num!);
    return fl;
  }

  /** `a op b` with the semantics of codegen/js/scalar.ts `binary`. */
  binary(op: string, kind: Kind, a: Val, b: Val): Val {
    const f = this.fn;
    if (kind === 'float') {
      const w = this.wholeBinary(op, a, b);
      if (w) return w;
    }
    if (a.vec || b.vec) return this.vbinary(op, kind, a, b);
    const cmp: Record<string, string> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '==': 'eq', '!=': 'ne' };
    if (op in cmp) {
      const c = cmp[op]!;
      return this.tmp('bool', () => {
        this.push(a);
        this.push(b);
        if (kind === 'float' || kind === 'double') f.op(`${valType(kind)}.${c}` as 'f32.lt');
        else if (c === 'eq' || c === 'ne') f.op(`i32.${c}` as 'i32.eq');
        else f.op(`i32.${c}_${kind === 'uint' ? 'u' : 's'}` as 'i32.lt_s');
      }, [a, b]);
    }
    if (kind === 'bool') {
      if (op === '&' || op === '|' || op === '^') return this.tmp('bool', () => this.arith(op === '&' ? 'i32.and' : op === '|' ? 'i32.or' : 'i32.xor', a, b), [a, b]);
      throw new Error(`internal: operator ${op} on bool`);
    }
    if (kind === 'float' || kind === 'double') {
      const t = valType(kind);
      if (op === '%') return this.fmod(kind, a, b);
      const names: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div' };
      if (!(op in names)) throw new Error(`internal: operator ${op} on ${kind}`);
      return this.tmp(kind, () => this.arith(`${t}.${names[op]}` as 'f32.add', a, b), [a, b]);
    }
    const u = kind === 'uint';
    switch (op) {
      case '+': return this.tmp(kind, () => this.arith('i32.add', a, b));
      case '-': return this.tmp(kind, () => this.arith('i32.sub', a, b));
      case '*': return this.tmp(kind, () => this.arith('i32.mul', a, b));
      case '&': return this.tmp(kind, () => this.arith('i32.and', a, b));
      case '|': return this.tmp(kind, () => this.arith('i32.or', a, b));
      case '^': return this.tmp(kind, () => this.arith('i32.xor', a, b));
      case '<<': return this.tmp(kind, () => this.arith('i32.shl', a, b));
      case '>>': return this.tmp(kind, () => this.arith(u ? 'i32.shr_u' : 'i32.shr_s', a, b));
      case '/':
      case '%':
        // JavaScript: (a / b) | 0 and (a % b) | 0: 0 for b = 0, and INT_MIN / -1 wraps to INT_MIN
        // (wasm traps on both, so they are tested first).
        return this.tmp(kind, () => {
          this.push(b);
          f.op('i32.eqz');
          f.open('if', null, 'i32');
          f.i32(0);
          f.else();
          if (op === '/' && !u) {
            this.push(b);
            f.i32(-1).op('i32.eq');
            f.open('if', null, 'i32');
            f.i32(0);
            this.push(a);
            f.op('i32.sub');
            f.else();
            this.arith('i32.div_s', a, b);
            f.close();
          } else {
            this.arith(op === '/' ? 'i32.div_u' : u ? 'i32.rem_u' : 'i32.rem_s', a, b);
          }
          f.close();
        }, [a, b]);
    }
    throw new Error(`internal: operator ${op} on ${kind}`);
  }

  /** `a op b` on vectors (4 positions), lane by lane the same as `binary`. */
  private vbinary(op: string, kind: Kind, a: Val, b: Val): Val {
    if (kind === 'double') throw new VectorUnsupported('double vectors');
    const cmp: Record<string, string> = { '<': 'lt', '>': 'gt', '<=': 'le', '>=': 'ge', '==': 'eq', '!=': 'ne' };
    if (op in cmp) {
      const c = cmp[op]!;
      if (kind === 'float') return this.vop('bool', `f32x4.${c}` as 'f32x4.eq', [a, b]);
      if (c === 'eq' || c === 'ne') return this.vop('bool', `i32x4.${c}` as 'i32x4.eq', [a, b]);
      if (kind === 'bool') throw new VectorUnsupported('ordered comparison of bools');
      return this.vop('bool', `i32x4.${c}_${kind === 'uint' ? 'u' : 's'}` as 'i32x4.lt_s', [a, b]);
    }
    if (op === '&' || op === '|' || op === '^') return this.vop(kind, op === '&' ? 'v128.and' : op === '|' ? 'v128.or' : 'v128.xor', [a, b]);
    if (kind === 'float') {
      const names: Record<string, string> = { '+': 'add', '-': 'sub', '*': 'mul', '/': 'div' };
      if (op in names) return this.vop(kind, `f32x4.${names[op]}` as 'f32x4.add', [a, b]);
      return this.perLane([kind], [a, b], ([x, y]) => [this.binary(op, kind, x!, y!)])[0]!;
    }
    if (kind === 'bool') throw new Error(`internal: operator ${op} on bool`);
    if (op === '+' || op === '-' || op === '*') return this.vop(kind, op === '+' ? 'i32x4.add' : op === '-' ? 'i32x4.sub' : 'i32x4.mul', [a, b]);
    if ((op === '<<' || op === '>>') && !b.vec) {
      // A shift count the same for all positions: the SIMD shift (count mod 32, as the scalar one).
      const va = this.vec(a);
      const name = op === '<<' ? 'i32x4.shl' : kind === 'uint' ? 'i32x4.shr_u' : 'i32x4.shr_s';
      return this.tmp(kind, () => (this.push(va), this.push(b), this.fn.simd(name)), [va, b], true);
    }
    return this.perLane([kind], [a, b], ([x, y]) => [this.binary(op, kind, x!, y!)])[0]!;
  }

  /**
   * C's fmod as the JavaScript prelude's `fmodf` computes it: for x and y whole numbers in int32 range
   * (y not 0) the integer remainder, with x's sign on a zero result (x * 0); otherwise JavaScript's
   * `%` through the host. Rounded once to the kind.
   */
  private fmod(kind: Kind, a: Val, b: Val): Val {
    const f = this.fn;
    const t = valType(kind) as 'f32' | 'f64';
    const fm = this.hostFn('fmod');
    const wa = this.wholeOf(a);
    const wb = this.wholeOf(b);
    if (wa && wb && !a.vec && !b.vec) {
      // Both whole (in int32): the integer remainder unless y is 0.
      return this.tmp(kind, () => {
        this.push(wb.int);
        f.open('if', null, t);
        const r = f.local('i32');
        this.push(wa.int);
        this.push(wb.int);
        f.op('i32.rem_s').tee(r).op('i32.eqz');
        f.open('if', null, t);
        this.push(a);
        f.const(t, 0).op(`${t}.mul` as 'f32.mul');
        f.else();
        f.get(r).op(`${t}.convert_i32_s` as 'f32.convert_i32_s');
        f.close();
        f.else();
        this.pushF64(a);
        this.pushF64(b);
        f.call(fm);
        this.fromF64(kind);
        f.close();
      }, [a, b, wa.int, wb.int]);
    }
    const xd = this.tmp('double', () => this.pushF64(a), [a]);
    const yd = this.tmp('double', () => this.pushF64(b), [b]);
    const xi = this.tmp('int', () => (this.push(xd), f.sat('i32.trunc_sat_f64_s')), [xd]);
    const yi = this.tmp('int', () => (this.push(yd), f.sat('i32.trunc_sat_f64_s')), [yd]);
    return this.tmp(kind, () => {
      // (x | 0) === x && (y | 0) === y && y !== 0
      this.push(xi);
      f.op('f64.convert_i32_s');
      this.push(xd);
      f.op('f64.eq');
      this.push(yi);
      f.op('f64.convert_i32_s');
      this.push(yd);
      f.op('f64.eq').op('i32.and');
      this.push(yi);
      f.i32(0).op('i32.ne').op('i32.and');
      f.open('if', null, t);
      const r = f.local('i32');
      this.push(xi);
      this.push(yi);
      f.op('i32.rem_s').tee(r).op('i32.eqz');
      f.open('if', null, t);
      this.push(a);
      f.const(t, 0).op(`${t}.mul` as 'f32.mul');
      f.else();
      f.get(r).op(`${t}.convert_i32_s` as 'f32.convert_i32_s');
      f.close();
      f.else();
      this.push(xd);
      this.push(yd);
      f.call(fm);
      this.fromF64(kind);
      f.close();
    }, [a, b, xd, yd, xi, yi]);
  }

  private arith(name: Parameters<FuncBuilder['op']>[0], a: Val, b: Val): void {
    this.push(a);
    this.push(b);
    this.fn.op(name);
  }

  unary(op: '-' | '!' | '~', kind: Kind, a: Val): Val {
    const f = this.fn;
    if (a.vec) {
      if (kind === 'double') throw new VectorUnsupported('double vectors');
      if (op === '~' || kind === 'bool') return this.vop(kind, 'v128.not', [a]); // on bools, ! and - are both not
      if (op === '!') return this.vop('bool', kind === 'float' ? 'f32x4.eq' : 'i32x4.eq', [a, literal(kind, 0)]);
      return this.vop(kind, kind === 'float' ? 'f32x4.neg' : 'i32x4.neg', [a]);
    }
    if (op === '!') {
      return this.tmp('bool', () => {
        this.push(a);
        if (kind === 'float') f.f32(0).op('f32.eq');
        else if (kind === 'double') f.f64(0).op('f64.eq');
        else f.op('i32.eqz');
      }, [a]);
    }
    if (op === '~') return this.tmp(kind, () => this.arith('i32.xor', a, { kind, num: -1 }), [a]);
    const w = this.wholeOf(a);
    if (kind === 'float' && w) {
      // -x of a whole number: the i32 twin is 0 - x (the float may be -0, the integer 0).
      const int = this.tmp('int', () => this.arith('i32.sub', { kind: 'int', num: 0 }, w.int), [w.int]);
      const fl = this.tmp('float', () => (this.push(a), f.op('f32.neg')), [a]);
      this.markWhole(fl, int, -w.hi, -w.lo, w.lo <= 0 && w.hi >= 0);
      return fl;
    }
    switch (kind) {
      case 'float': return this.tmp(kind, () => (this.push(a), f.op('f32.neg')), [a]);
      case 'double': return this.tmp(kind, () => (this.push(a), f.op('f64.neg')), [a]);
      case 'bool': return this.tmp(kind, () => (this.push(a), f.op('i32.eqz')), [a]);
      default: return this.tmp(kind, () => this.arith('i32.sub', { kind, num: 0 }, a), [a]);
    }
  }

  /** codegen/js/scalar.ts `convert`. */
  convert(from: Kind, to: Kind, v: Val): Val {
    if (from === to) return v;
    const f = this.fn;
    if (v.vec) {
      if (from === 'double' || to === 'double') throw new VectorUnsupported('double vectors');
      const one = { kind: 'int' as Kind, num: 1 };
      if (from === 'bool') {
        const bits = this.vop('int', 'v128.and', [v, one]); // mask -> 0 / 1
        if (to === 'int' || to === 'uint') return { ...bits, kind: to } as Val;
        return this.vop('float', 'f32x4.convert_i32x4_u', [bits]);
      }
      if (to === 'bool') return this.vop('bool', from === 'float' ? 'f32x4.ne' : 'i32x4.ne', [v, literal(from, 0)]);
      if (to === 'float') return this.vop('float', from === 'uint' ? 'f32x4.convert_i32x4_u' : 'f32x4.convert_i32x4_s', [v]);
      if (from === 'float') return this.vop(to, to === 'int' ? 'i32x4.trunc_sat_f32x4_s' : 'i32x4.trunc_sat_f32x4_u', [v]);
      return { ...v, kind: to } as Val; // int <-> uint: the same bits
    }
    if (v.local === undefined) {
      // Constants convert here (same rules).
      const n = v.num!;
      if (from === 'bool') return literal(to, n);
      if (to === 'bool') return literal('bool', n !== 0 ? 1 : 0);
      if (to === 'float') return literal('float', n);
      if (to === 'double') return literal('double', n);
      if (to === 'int') return literal('int', from === 'uint' ? n : n >= 2147483647 ? 2147483647 : n <= -2147483648 ? -2147483648 : Number.isNaN(n) ? 0 : Math.trunc(n));
      return literal('uint', from === 'int' ? n : n >= 4294967295 ? 4294967295 : n > 0 ? Math.trunc(n) : 0);
    }
    if (from === 'bool') {
      if (to === 'int' || to === 'uint') return { kind: to, local: v.local };
      return this.tmp(to, () => (this.push(v), f.op(to === 'float' ? 'f32.convert_i32_u' : 'f64.convert_i32_u')), [v]);
    }
    return this.tmp(to, () => {
      this.push(v);
      switch (to) {
        case 'bool':
          if (from === 'float') f.f32(0).op('f32.ne');
          else if (from === 'double') f.f64(0).op('f64.ne');
          else f.i32(0).op('i32.ne');
          return;
        case 'float':
          f.op(from === 'double' ? 'f32.demote_f64' : from === 'uint' ? 'f32.convert_i32_u' : 'f32.convert_i32_s');
          return;
        case 'double':
          f.op(from === 'float' ? 'f64.promote_f32' : from === 'uint' ? 'f64.convert_i32_u' : 'f64.convert_i32_s');
          return;
        case 'int':
          if (from === 'float') f.sat('i32.trunc_sat_f32_s');
          else if (from === 'double') f.sat('i32.trunc_sat_f64_s');
          return; // uint -> int: the same bits
        case 'uint':
          if (from === 'float') f.sat('i32.trunc_sat_f32_u');
          else if (from === 'double') f.sat('i32.trunc_sat_f64_u');
          return;
      }
    }, [v]);
  }

  private shortCircuit(op: '&&' | '||', left: IRExpr, right: IRExpr, scope: Scope): Val {
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

  private select(e: Extract<IRExpr, { op: 'select' }>, scope: Scope): Val[] {
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

  // ---- built-in functions (codegen/js/builtins.ts, the same formulas) ----------------------------

  private builtin(e: Extract<IRExpr, { op: 'builtin' }>, scope: Scope): Val[] {
    const args = e.args.map((a) => ({ comps: this.emitExpr(a, scope), kinds: flatKinds(a.type) }));
    return this.builtinOn(e.name, args, flatKinds(e.type));
  }

  private builtinOn(name: string, args: { comps: Val[]; kinds: Kind[] }[], kinds: Kind[]): Val[] {
    if (args.some((a) => a.comps.some((c) => c.vec)) && !VECTOR_BUILTINS.has(name)) {
      // No SIMD form: the scalar built-in once per lane.
      const flat = args.flatMap((a) => a.comps);
      return this.perLane(kinds, flat, (lane) => {
        let at = 0;
        const scalarArgs = args.map((a) => ({ comps: a.comps.map(() => lane[at++]!), kinds: a.kinds }));
        return this.builtinOn(name, scalarArgs, kinds);
      });
    }
    const e = { name };
    const at = (i: number, k: number) => {
      const a = args[i]!;
      return a.comps.length === 1 ? a.comps[0]! : a.comps[k]!;
    };
    const map = (f: (k: number, kind: Kind) => Val) => kinds.map((kind, k) => f(k, kind));
    const argKind = args[0]?.kinds[0] ?? 'float';
    const isF = (k: Kind) => k === 'float' || k === 'double';
    const fop = (kind: Kind, name: string) => `${valType(kind)}.${name}` as 'f32.add';
    const vector = (xs: Val[], kind: Kind) => {
      if (!xs.some((x) => x.vec)) return false;
      if (kind !== 'float') throw new VectorUnsupported(`${kind} vectors in ${name}`);
      return true;
    };
    const un = (kind: Kind, op: string, x: Val) =>
      vector([x], kind) ? this.vop(kind, `f32x4.${op}` as 'f32x4.abs', [x]) : this.tmp(kind, () => (this.push(x), this.fn.op(fop(kind, op))), [x]);
    const bin = (kind: Kind, op: string, x: Val, y: Val) =>
      vector([x, y], kind) ? this.vop(kind, `f32x4.${op}` as 'f32x4.add', [x, y]) : this.tmp(kind, () => this.arith(fop(kind, op), x, y), [x, y]);
    /** A Math function through the host, on f64, rounded once to the result kind. */
    const host = (kind: Kind, name: string, ...xs: Val[]) => {
      if (!isF(kind)) throw new WasmUnsupported(`${name} on ${kind}`);
      const fnIndex = this.hostFn(name);
      return this.tmp(kind, () => {
        for (const x of xs) this.pushF64(x);
        this.fn.call(fnIndex);
        this.fromF64(kind);
      }, xs);
    };
    const fconst = (kind: Kind, v: number): Val => literal(kind, v);

    if (e.name === 'exp' && isF(argKind) && inlineExpMatchesHost()) {
      // Written in the kernel (exp.ts, Math.exp's bits): no call out of the kernel per element.
      const hostExp = this.hostFn('exp');
      return map((k, kind) => this.tmp(kind, () => {
        this.pushF64(at(0, k));
        emitExpF64(this.fn, hostExp);
        this.fromF64(kind);
      }, [at(0, k)]));
    }
    if (UNARY_MATH.has(e.name)) return map((k, kind) => host(kind, e.name, at(0, k)));
    switch (e.name) {
      case 'sqrt': return map((k, kind) => (isF(kind) ? un(kind, 'sqrt', at(0, k)) : host(kind, 'sqrt', at(0, k))));
      case 'exp2': return map((k, kind) => host(kind, 'pow', fconst('double', 2), at(0, k)));
      case 'ceil': return map((k, kind) => this.rounding(kind, 'ceil', at(0, k)));
      case 'floor': return map((k, kind) => this.rounding(kind, 'floor', at(0, k)));
      case 'trunc': return map((k, kind) => this.rounding(kind, 'trunc', at(0, k)));
      case 'abs':
        return map((k, kind) => {
          if (isF(kind)) return un(kind, 'abs', at(0, k));
          if (kind === 'uint') return at(0, k);
          // (Math.abs(x) | 0): INT_MIN stays INT_MIN.
          const x = at(0, k);
          const neg = this.unary('-', 'int', x);
          return this.tmp(kind, () => {
            this.push(neg);
            this.push(x);
            this.push(x);
            this.fn.i32(0).op('i32.lt_s');
            this.fn.op('select');
          }, [x, neg]);
        });
      case 'frac': return map((k, kind) => bin(kind, 'sub', at(0, k), this.rounding(kind, 'floor', at(0, k))));
      // compiler/fuse: what a stream would have held between two fused calls (codegen/js/builtins.ts).
      case 'fuseFence':
        return map((k, kind) => {
          const x = at(0, k);
          if (kind !== 'double') return x;
          return this.tmp(kind, () => (this.push(x), this.fn.op('f32.demote_f64').op('f64.promote_f32')), [x]);
        });
      case 'round':
        // roundAway in double: x < 0 ? -floor(-x + 0.5) : x === 0 ? x : floor(x + 0.5), rounded once.
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('round on integers');
          const x = at(0, k);
          return this.tmp(kind, () => {
            const f = this.fn;
            const xd = f.local('f64');
            this.pushF64(x);
            f.set(xd);
            f.get(xd).f64(0).op('f64.lt');
            f.open('if', null, 'f64');
            f.get(xd).op('f64.neg').f64(0.5).op('f64.add').op('f64.floor').op('f64.neg');
            f.else();
            f.get(xd).f64(0).op('f64.eq');
            f.open('if', null, 'f64');
            f.get(xd);
            f.else();
            f.get(xd).f64(0.5).op('f64.add').op('f64.floor');
            f.close();
            f.close();
            this.fromF64(kind);
          });
        });
      case 'rsqrt':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('rsqrt on integers');
          return this.tmp(kind, () => {
            this.fn.f64(1);
            this.pushF64(at(0, k));
            this.fn.op('f64.sqrt').op('f64.div');
            this.fromF64(kind);
          });
        });
      case 'saturate':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('saturate on integers');
          return bin(kind, 'min', bin(kind, 'max', at(0, k), fconst(kind, 0)), fconst(kind, 1));
        });
      case 'sign':
        return map((k, kind) => {
          const x = at(0, k);
          if (kind === 'uint') return this.tmp(kind, () => (this.push(x), this.fn.i32(0).op('i32.ne')));
          if (!isF(kind)) {
            // (Math.sign(x) | 0): (x > 0) - (x < 0)
            return this.tmp(kind, () => {
              this.push(x);
              this.fn.i32(0).op('i32.gt_s');
              this.push(x);
              this.fn.i32(0).op('i32.lt_s');
              this.fn.op('i32.sub');
            });
          }
          // Math.sign: NaN and +-0 give themselves.
          return this.tmp(kind, () => {
            const f = this.fn;
            this.push(x);
            f.const(valType(kind), 0).op(fop(kind, 'gt'));
            f.open('if', null, valType(kind));
            f.const(valType(kind), 1);
            f.else();
            this.push(x);
            f.const(valType(kind), 0).op(fop(kind, 'lt'));
            f.open('if', null, valType(kind));
            f.const(valType(kind), -1);
            f.else();
            this.push(x);
            f.close();
            f.close();
          });
        });
      case 'degrees': return map((k, kind) => (isF(kind) ? bin(kind, 'mul', at(0, k), fconst(kind, 180 / Math.PI)) : host(kind, 'unsupported')));
      case 'radians': return map((k, kind) => (isF(kind) ? bin(kind, 'mul', at(0, k), fconst(kind, Math.PI / 180)) : host(kind, 'unsupported')));
      case 'isfinite':
        return map((k) => {
          const x = at(0, k);
          if (!isF(x.kind)) return literal('bool', 1);
          // x - x is 0 for finite x, NaN otherwise.
          return this.tmp('bool', () => {
            this.push(x);
            this.push(x);
            this.fn.op(fop(x.kind, 'sub'));
            this.fn.const(valType(x.kind), 0).op(fop(x.kind, 'eq'));
          });
        });
      case 'isinf':
        return map((k) => {
          const x = at(0, k);
          if (!isF(x.kind)) return literal('bool', 0);
          return this.tmp('bool', () => {
            this.push(x);
            this.fn.op(fop(x.kind, 'abs'));
            this.fn.const(valType(x.kind), Infinity).op(fop(x.kind, 'eq'));
          });
        });
      case 'isnan':
        return map((k) => {
          const x = at(0, k);
          if (!isF(x.kind)) return literal('bool', 0);
          return this.tmp('bool', () => {
            this.push(x);
            this.push(x);
            this.fn.op(fop(x.kind, 'ne'));
          });
        });
      case 'atan2': return map((k, kind) => host(kind, 'atan2', at(0, k), at(1, k)));
      case 'pow': return map((k, kind) => host(kind, 'pow', at(0, k), at(1, k)));
      case 'fmod': return map((k, kind) => (isF(kind) ? this.fmod(kind, at(0, k), at(1, k)) : host(kind, 'fmod', at(0, k), at(1, k))));
      case 'min':
      case 'max':
        return map((k, kind) => {
          if (isF(kind)) return bin(kind, e.name, at(0, k), at(1, k));
          return this.intMinMax(e.name as 'min' | 'max', kind, at(0, k), at(1, k));
        });
      case 'clamp':
        return map((k, kind) => {
          if (isF(kind)) return bin(kind, 'min', bin(kind, 'max', at(0, k), at(1, k)), at(2, k));
          return this.intMinMax('min', kind, this.intMinMax('max', kind, at(0, k), at(1, k)), at(2, k));
        });
      case 'step':
        return map((k, kind) => {
          const a = at(0, k);
          const b = at(1, k);
          const ge = this.binary('>=', a.kind, b, a);
          return this.convert('bool', kind === 'bool' ? 'bool' : kind, ge);
        });
      case 'ldexp':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('ldexp on integers');
          const p = this.hostFn('pow');
          return this.tmp(kind, () => {
            this.pushF64(at(0, k));
            this.fn.f64(2);
            this.pushF64(at(1, k));
            this.fn.call(p).op('f64.mul');
            this.fromF64(kind);
          });
        });
      case 'lerp':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('lerp on integers');
          const a = at(0, k);
          return bin(kind, 'add', a, bin(kind, 'mul', at(2, k), bin(kind, 'sub', at(1, k), a)));
        });
      case 'smoothstep':
        return map((k, kind) => {
          if (!isF(kind)) throw new WasmUnsupported('smoothstep on integers');
          const a = at(0, k);
          const t0 = bin(kind, 'div', bin(kind, 'sub', at(2, k), a), bin(kind, 'sub', at(1, k), a));
          // t < 0 ? 0 : t > 1 ? 1 : t (NaN stays NaN)
          const t = this.tmp(kind, () => {
            const f = this.fn;
            this.push(t0);
            f.const(valType(kind), 0).op(fop(kind, 'lt'));
            f.open('if', null, valType(kind));
            f.const(valType(kind), 0);
            f.else();
            this.push(t0);
            f.const(valType(kind), 1).op(fop(kind, 'gt'));
            f.open('if', null, valType(kind));
            f.const(valType(kind), 1);
            f.else();
            this.push(t0);
            f.close();
            f.close();
          });
          return bin(kind, 'mul', bin(kind, 'mul', t, t), bin(kind, 'sub', fconst(kind, 3), bin(kind, 'mul', fconst(kind, 2), t)));
        });
      case 'dot':
        if (argKind === 'uint' || argKind === 'bool') throw new WasmUnsupported('dot of uint'); // the JavaScript multiplies unwrapped
        return [this.dot(args[0]!.comps, args[1]!.comps, argKind)];
      case 'length': {
        const d = this.dot(args[0]!.comps, args[0]!.comps, argKind);
        return [isF(argKind) ? un(argKind, 'sqrt', d) : host(argKind, 'sqrt', d)];
      }
      case 'distance': {
        if (!isF(argKind)) throw new WasmUnsupported('distance on integers');
        const d = args[0]!.comps.map((x, k) => bin(argKind, 'sub', x, at(1, k)));
        return [un(argKind, 'sqrt', this.dot(d, d, argKind))];
      }
      case 'normalize': {
        if (!isF(argKind)) throw new WasmUnsupported('normalize on integers');
        const len = un(argKind, 'sqrt', this.dot(args[0]!.comps, args[0]!.comps, argKind));
        return args[0]!.comps.map((x) => bin(argKind, 'div', x, len));
      }
      case 'cross': {
        if (!isF(argKind)) throw new WasmUnsupported('cross on integers');
        const m = (i: number, j: number) => bin(argKind, 'sub', bin(argKind, 'mul', at(0, i), at(1, j)), bin(argKind, 'mul', at(0, j), at(1, i)));
        return [m(1, 2), m(2, 0), m(0, 1)];
      }
      case 'any':
      case 'all': {
        const truth = args[0]!.comps.map((x) => (x.kind === 'bool' ? x : this.convert(x.kind, 'bool', x)));
        let acc = truth[0]!;
        for (const x of truth.slice(1)) acc = this.tmp('bool', () => this.arith(e.name === 'any' ? 'i32.or' : 'i32.and', acc, x));
        return [acc];
      }
    }
    throw new WasmUnsupported(`builtin ${e.name}`);
  }

  /** floor/ceil/trunc: whole numbers stay as they are (the JavaScript's Math.floor of an int). */
  private rounding(kind: Kind, name: 'floor' | 'ceil' | 'trunc', x: Val): Val {
    if (kind !== 'float' && kind !== 'double') {
      if (x.kind === kind) return x;
      throw new WasmUnsupported(`${name} of ${x.kind} as ${kind}`);
    }
    if (x.vec) {
      if (kind !== 'float') throw new VectorUnsupported('double vectors');
      return this.vop(kind, `f32x4.${name}` as 'f32x4.floor', [x]);
    }
    return this.tmp(kind, () => (this.push(x), this.fn.op(`${valType(kind)}.${name}` as 'f32.floor')), [x]);
  }

  private intMinMax(which: 'min' | 'max', kind: Kind, a: Val, b: Val): Val {
    if (a.vec || b.vec) {
      if (kind === 'bool') throw new VectorUnsupported('min/max of bools');
      return this.vop(kind, `i32x4.${which}_${kind === 'uint' ? 'u' : 's'}` as 'i32x4.min_s', [a, b]);
    }
    return this.tmp(kind, () => {
      this.push(a);
      this.push(b);
      this.push(a);
      this.push(b);
      this.fn.op(kind === 'uint' ? (which === 'min' ? 'i32.lt_u' : 'i32.gt_u') : which === 'min' ? 'i32.lt_s' : 'i32.gt_s');
      this.fn.op('select');
    }, [a, b]);
  }

  /** Sum of products in component order, rounded after each operation (builtins.ts `dot`). */
  private dot(a: Val[], b: Val[], kind: Kind): Val {
    const n = Math.max(a.length, b.length);
    const at = (v: Val[], k: number) => (v.length === 1 ? v[0]! : v[k]!);
    let acc: Val | null = null;
    for (let k = 0; k < n; k++) {
      const p = this.binary('*', kind, at(a, k), at(b, k));
      acc = acc === null ? p : this.binary('+', kind, acc, p);
    }
    return acc!;
  }

  // ---- gathers and helper calls -----------------------------------------------------------------

  private gather(e: Extract<IRExpr, { op: 'gather' }>, scope: Scope): Val[] {
    const p = scope.params[e.param];
    if (!p?.gather) throw new Error(`internal: parameter ${e.param} is not a gather`);
    const idx = e.index.map((ix) => ({ v: this.emitExpr(ix, scope)[0]!, kind: flatKinds(ix.type)[0]! }));
    if (idx.some((x) => x.v.vec)) return this.vgather(p, idx);
    return this.gatherAt(p, idx);
  }

  /**
   * A gather in the vector version: where the 4 positions read 4 consecutive words (a 1-word element,
   * the fastest index c3 + K inside the grid, the other indices the same for the 4), one v128 load;
   * otherwise the scalar gather once per lane.
   */
  private vgather(p: WasmParam, idx: { v: Val; kind: Kind }[]): Val[] {
    const g = p.gather!;
    const x = idx[0]!.v;
    const w = this.wholeOf(x);
    const K = w?.int.local !== undefined ? this.affine.get(w.int.local) : undefined;
    const contiguous = [1, 2, 4].includes(g.words) && this.interior && K !== undefined && idx.slice(1).every((i) => !i.v.vec) && !p.kinds.includes('double');
    if (!contiguous) {
      return this.perLane(p.kinds, idx.map((i) => i.v), (lanes) => this.gatherAt(p, lanes.map((v, k) => ({ v, kind: idx[k]!.kind }))));
    }
    this.interiorUses.set(`${K}:${g.e[3]}`, { K: K!, n: g.e[3]! });
    // The scalar gather's address at the first position: index c3 + K needs no clamp here.
    const c3: Val = { kind: 'int', local: this.c3 };
    const first = this.tmp('int', () => (this.push(c3), this.fn.i32(K!).op('i32.add')), [c3]);
    const at = this.gatherAddress(g, [{ v: first, kind: 'int', exact: true }, ...idx.slice(1).map((i) => ({ ...i, exact: false }))]);
    // The 4 elements' words (loaded once per address: gathered streams are not written), then one
    // vector per component.
    const rows = p.kinds.map((_, j) =>
      this.tmp('int', () => {
        this.push(at);
        this.fn.i32(16 * j).op('i32.add').simd('v128.load');
      }, [at], true),
    );
    if (g.words === 1) {
      const kind = p.kinds[0]!;
      return [kind === 'bool' ? this.vop('bool', 'i32x4.ne', [rows[0]!, { kind: 'int', num: 0 }]) : { ...rows[0]!, kind } as Val];
    }
    const out = p.kinds.map((kind) => ({ kind, local: this.fn.local('v128'), vec: true }) as Val);
    this.fn.transpose(g.words, rows.map((r) => r.local!), out.map((o) => o.local!));
    return out.map((o) => (o.kind === 'bool' ? this.vop('bool', 'i32x4.ne', [{ ...o, kind: 'int' } as Val, { kind: 'int', num: 0 }]) : o));
  }

  /** The scalar gather: clamped indices, then the element's components. */
  private gatherAt(p: WasmParam, idx: { v: Val; kind: Kind }[]): Val[] {
    const f = this.fn;
    const at = this.gatherAddress(p.gather!, idx.map((i) => ({ ...i, exact: false })));
    return p.kinds.map((kind, c) =>
      this.tmp(kind, () => {
        this.push(at);
        if (kind === 'float') f.load('f32', c * 4);
        else if (kind === 'double') f.load('f32', c * 4).op('f64.promote_f32');
        else {
          f.load('i32', c * 4);
          if (kind === 'bool') f.i32(0).op('i32.ne');
        }
      }, [at]),
    );
  }

  /**
   * Byte address = addr + 4 * words * sum_k (index_k + l_d) * s_d (index k along dimension 3 - k;
   * `exact` indices are known inside the grid, the others are clamped as gidx does), grouped so that
   * everything fixed for a row (offsets, strides, row-fixed indices) is one hoisted base. The
   * fastest dimension's stride is always 1. Gathered streams are never written by the launch
   * (brt: BRK5010), so a load at a row-fixed address is hoisted too.
   */
  private gatherAddress(g: NonNullable<WasmParam['gather']>, idx: { v: Val; kind: Kind; exact: boolean }[]): Val {
    const f = this.fn;
    const bytes = 4 * g.words;
    const base = this.tmp('int', () => {
      f.get(g.addr);
      for (const k of idx.keys()) {
        const d = 3 - k;
        f.get(g.l[d]!);
        if (d !== 3) f.get(g.s[d]!).op('i32.mul');
        f.i32(bytes).op('i32.mul').op('i32.add');
      }
    }, []);
    const terms = idx.map(({ v, kind, exact }, k) => {
      const d = 3 - k;
      const i = exact ? v : this.gatherIndex(v, kind, g.e[d]!);
      return this.tmp('int', () => {
        this.push(i);
        if (d !== 3) f.get(g.s[d]!).op('i32.mul');
        f.i32(bytes).op('i32.mul');
      }, [i]);
    });
    // Row-fixed terms first, so their sum with the base is hoisted too.
    const fixed = (t: Val) => t.local === undefined || this.invariant.has(t.local);
    let addr = base;
    for (const t of [...terms.filter(fixed), ...terms.filter((t) => !fixed(t))]) {
      const sum = addr;
      addr = this.tmp('int', () => this.arith('i32.add', sum, t), [sum, t]);
    }
    return addr;
  }

  /** gidx / gidxz / gidxi of the JavaScript prelude: floor(x + 0.25) in float32 for floats, clamped
   *  into [0, n) (NaN: 0). `n` is the local holding the extent (fixed for the launch). */
  private gatherIndex(v: Val, kind: Kind, n: number): Val {
    const f = this.fn;
    // A whole number: floor(x + 0.25) is x, so the integer clamp gives the same index.
    const w = this.wholeOf(v);
    if (w) return this.gatherIndex(w.int, 'int', n);
    const K = v.local !== undefined ? this.affine.get(v.local) : undefined;
    if (K !== undefined) {
      this.interiorUses.set(`${K}:${n}`, { K, n });
      if (this.interior) return v; // inside [0, n) for every position of the interior version
    }
    if (kind === 'float' || kind === 'double') {
      const x = this.tmp('double', () => {
        this.push(v);
        if (kind === 'float') f.f32(0.25).op('f32.add').op('f64.promote_f32');
        else f.f64(0.25).op('f64.add').op('f32.demote_f64').op('f64.promote_f32');
      }, [v]);
      return this.tmp('int', () => {
        // x >= 0 ? (x < n ? trunc(x) : n - 1) : 0, with both arms computed (no traps: saturating).
        this.push(x);
        f.sat('i32.trunc_sat_f64_s');
        f.get(n).i32(1).op('i32.sub');
        this.push(x);
        f.get(n).op('f64.convert_i32_s').op('f64.lt');
        f.op('select');
        f.i32(0);
        this.push(x);
        f.f64(0).op('f64.ge');
        f.op('select');
      }, [x]);
    }
    // Integers: x >= 0 ? (x < n ? x : n - 1) : 0 (a uint is never negative).
    return this.tmp('int', () => {
      this.push(v);
      f.get(n).i32(1).op('i32.sub');
      this.push(v);
      f.get(n).op(kind === 'uint' ? 'i32.lt_u' : 'i32.lt_s');
      f.op('select');
      if (kind !== 'uint') {
        f.i32(0);
        this.push(v);
        f.i32(0).op('i32.ge_s');
        f.op('select');
      }
    }, [v]);
  }

  private inlineCall(e: Extract<IRExpr, { op: 'call' }>, scope: Scope): Val[] {
    const h = this.helpers.get(e.helper);
    if (!h) throw new Error(`internal: unknown helper kernel '${e.helper}'`);
    const f = this.fn;
    const id = this.label('h');
    const inner: Scope = { vars: new Map(), hidden: new Map(), params: [], assigned: this.assigned.get(h.name)! };
    const argComps = h.params.map((p, k) => {
      const a = e.args[k];
      if (p.type.kind === 'gather') return null;
      return a && !(p.isOut && e.outArgs[k]) ? this.emitExpr(a, scope) : null;
    });
    e.indexofArgs.forEach((a, j) => {
      const pi = h.hiddenIndexofParams[j];
      if (pi !== undefined) inner.hidden!.set(pi, this.emitExpr(a, scope));
    });
    const retKinds = h.returnType.kind === 'void' ? [] : flatKinds(h.returnType);
    const ret: Val[] = retKinds.map((k) => this.mutableCopy(k, literal(k, 0)));
    h.params.forEach((p, k) => {
      if (p.type.kind === 'gather') {
        const a = e.args[k];
        const g = a && a.op === 'param' ? scope.params[a.index] : undefined;
        if (!g?.gather) throw new Error(`internal: gather argument ${k} of helper ${h.name} does not name a gather`);
        inner.params.push(g);
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
    h.params.forEach((p, k) => {
      const lv = e.outArgs[k];
      if (!p.isOut || !lv) return;
      const target = this.lvalue(lv, scope);
      const src = inner.params[k]!.comps!;
      target.comps.forEach((c, i) => this.store(c, src[i]!));
    });
    return ret;
  }
}
