/**
 * The WebAssembly kernel writer's values (codegen/wasm/emit.ts is the whole writer): a value is a
 * local or a constant, per flat component, as in the JavaScript writer (codegen/js/emit.ts). This base
 * class holds the writer's state (hoisting to the row, common subexpressions, whole-number and affine
 * facts, the vector version's flags) and the operations every part uses: push, tmp (a pure operation
 * once per row or once per element), vectors and lanes, host functions.
 */
import type { IRExpr, IRHelper, KernelIR } from '../../ir.js';
import type { Type } from '../../types.js';
import type { Kind } from '../js/scalar.js';
import type { HostImport, ValType } from './encode.js';
import { append, FuncBuilder, setLocal } from './func.js';
import { loopPollEvery } from '../loop-poll.js';
import { assignedLocals } from '../scalar-form.js';

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

export interface Var {
  comps: Val[];
  kinds: Kind[];
  type?: Type;
}

export interface Scope {
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

export const HOST_ARITY: Record<string, number> = { pow: 2, atan2: 2, fmod: 2 };
/** Built-ins written with SIMD operations in the vector version (the others run once per lane). */
export const VECTOR_BUILTINS = new Set(['sqrt', 'floor', 'ceil', 'trunc', 'min', 'max', 'clamp', 'saturate', 'lerp', 'frac', 'dot', 'length', 'distance', 'normalize', 'cross', 'fuseFence']);
/** Magnitudes under this are exact in float32. */
export const EXACT_F32 = 2 ** 24;
export const UNARY_MATH = new Set(['acos', 'asin', 'atan', 'cos', 'cosh', 'sin', 'sinh', 'tan', 'tanh', 'exp', 'log', 'log2', 'log10']);

export function containsCall(e: unknown): boolean {
  if (Array.isArray(e)) return e.some(containsCall);
  if (!e || typeof e !== 'object') return false;
  if ((e as { op?: string }).op === 'call') return true;
  return Object.values(e).some((v) => v && typeof v === 'object' && containsCall(v));
}

export function literal(kind: Kind, v: number): Val {
  switch (kind) {
    case 'bool': return { kind, num: v !== 0 ? 1 : 0 };
    case 'float': return { kind, num: Math.fround(v) };
    case 'int': return { kind, num: v | 0 };
    case 'uint': return { kind, num: v >>> 0 };
    default: return { kind, num: v };
  }
}

export abstract class WasmValues {
  protected next = 0;
  protected loops: { brk: string; cont: string }[] = [];
  protected readonly helpers: Map<string, IRHelper>;
  protected readonly mutable = new Set<number>();
  protected readonly assigned = new Map<string, Set<string>>();
  /**
   * Hoisting (set by the driver): pure operations whose operands are all fixed for a row of positions
   * go to `rowCode`, which the driver runs once per row; their results join `invariant`.
   */
  rowCode: number[] | null = null;
  readonly invariant = new Set<number>();
  /** Common subexpressions computed in the row code (valid in the whole element loop). */
  protected readonly hoistedCse = new Map<string, number>();
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
  protected readonly pollEvery = loopPollEvery();
  protected pollCounter = -1;

  /** After an abandoned body version: no loop is open. */
  resetLoops(): void {
    this.loops = [];
  }


  protected label(base: string): string {
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

  protected vop(kind: Kind, name: Parameters<FuncBuilder['simd']>[0], args: Val[]): Val {
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

  protected hostFn(name: string): number {
    let k = this.imports.findIndex((i) => i.name === name);
    if (k < 0) {
      const n = HOST_ARITY[name] ?? 1;
      this.imports.push({ name, params: new Array<ValType>(n).fill('f64'), results: ['f64'] });
      k = this.imports.length - 1;
    }
    return k;
  }

  /** Pushes v as f64 (exact for every kind). */
  protected pushF64(v: Val): void {
    this.push(v);
    switch (v.kind) {
      case 'float': this.fn.op('f64.promote_f32'); return;
      case 'double': return;
      case 'uint': this.fn.op('f64.convert_i32_u'); return;
      default: this.fn.op('f64.convert_i32_s');
    }
  }

  /** Leaves an f64 on the stack as the kind's value (float: one rounding to float32). */
  protected fromF64(kind: Kind): void {
    if (kind === 'float') this.fn.op('f32.demote_f64');
    else if (kind !== 'double') throw new WasmUnsupported(`f64 result as ${kind}`);
  }

  /** The components of an expression (codegen/wasm/emit.ts). */
  abstract emitExpr(e: IRExpr, scope: Scope): Val[];
}
