/**
 * The proof behind chain tiling (chain-tile.ts): every gather of a kernel body from a stream the
 * previous call of a chain wrote reaches only elements of the output's own tile.
 *
 * The output domain is cut into tiles (boxes of `tile` extents, each dividing the output's). A
 * position is `origin + lane` with `origin` a multiple of the tile extents and `lane` inside the tile.
 * The body is interpreted abstractly over all lanes of one tile at once, with the tile's origin
 * symbolic: a scalar value is either unknown, or known as
 *
 *     value(origin, lane) = sum_d c[d] * origin[d] + f[lane]          (exact, for every tile)
 *
 * with integer coefficients `c` and one number per lane `f`. Constants are known (their values are
 * the call's, known when it is recorded), `indexof` gives c = the unit vector of its dimension and
 * f = the lane's offset; loads from streams and anything else are unknown. An operation keeps a value
 * known only where the identity provably holds for every tile: + - by adding; * by a number that is
 * the same on every lane; fmod/% by m when every c[d] * tile[d] is a multiple of m and the value is
 * never negative; ^ & | with a constant, >> and << when the origin part is a multiple of a large enough
 * power of two; comparisons and select when both sides have equal c (the origin part cancels). Values
 * with c != 0 must be integers below 2^24, so float32 arithmetic on them is exact; values with c = 0
 * are computed per lane in float32 (Math.fround after every operation) or int32, as a kernel does.
 * A gather coordinate along output dimension d must be origin[d] + g(lane) with 0 <= floor(g + 0.25)
 * < tile[d] (then clamping never applies), unless the tile spans the whole dimension (a row): then
 * any coordinate, even one read from memory, clamps into the tile. Statements: a branch on a per-lane known condition merges
 * per lane; otherwise, and for every local a loop assigns, the local becomes unknown.
 * Sound, not complete: what is not proven is refused, and the refusal says why.
 */
import type { IRExpr, IRLValue, IRStmt, KernelIR } from '../ir.js';
import type { Type } from '../types.js';

/** A scalar known for every tile: sum_d c[d] * origin[d] + f[lane]; null when unknown. */
interface Known {
  c: number[];
  f: Float64Array;
}
type Scalar = Known | null;
/** A value: one scalar per component (structs and arrays: null). */
type Value = Scalar[] | null;

export interface TileProofInput {
  ir: KernelIR;
  /** The call's value of constant parameter `k` (flattened components). */
  constArg(k: number): readonly number[] | undefined;
  /** Output extents, declaration order. */
  outShape: readonly number[];
  /** Tile extents, declaration order; each divides outShape's. */
  tile: readonly number[];
  /** Gather parameters whose every gather must stay inside the tile. */
  local: ReadonlySet<number>;
}

const EXACT = 2 ** 24;

class Refusal extends Error {}

/** null when every gather of `local` parameters provably stays in the output's tile; else why not. */
export function proveTileLocal(input: TileProofInput): string | null {
  try {
    new Prover(input).run();
    return null;
  } catch (e) {
    if (e instanceof Refusal) return e.message;
    throw e;
  }
}

function scalarName(t: Type): string {
  if (t.kind === 'scalar') return t.name;
  if (t.kind === 'vector') return t.elem;
  return 'other';
}

function isFloat(t: Type): boolean {
  const s = scalarName(t);
  return s === 'float' || s === 'double' || s === 'fixed';
}

function comps(t: Type): number {
  return t.kind === 'vector' ? t.size : t.kind === 'scalar' ? 1 : 0;
}

class Prover {
  private readonly lanes: number;
  private readonly rank: number;
  /** Largest |origin[d]|: bounds the exactness test. */
  private readonly maxOrigin: number[];
  private env = new Map<string, Value>();

  constructor(private readonly x: TileProofInput) {
    this.rank = x.outShape.length;
    this.lanes = x.tile.reduce((a, b) => a * b, 1);
    this.maxOrigin = x.outShape.map((n, d) => n - x.tile[d]!);
  }

  run(): void {
    this.stmts(this.x.ir.body);
  }

  // ---- values -----------------------------------------------------------------------------------

  private uniform(v: number): Known {
    return { c: new Array<number>(this.rank).fill(0), f: new Float64Array(this.lanes).fill(v) };
  }

  private laneOffset(d: number): Float64Array {
    const f = new Float64Array(this.lanes);
    let stride = 1;
    for (let e = this.rank - 1; e > d; e--) stride *= this.x.tile[e]!;
    const extent = this.x.tile[d]!;
    for (let l = 0; l < this.lanes; l++) f[l] = Math.floor(l / stride) % extent;
    return f;
  }

  private zeroC(k: Known): boolean {
    return k.c.every((c) => c === 0);
  }

  /** `k` with its lanes rounded as the kernel computes them; null when a c != 0 value is not exact. */
  private checked(k: Known, float: boolean): Scalar {
    if (this.zeroC(k)) {
      for (let l = 0; l < this.lanes; l++) k.f[l] = float ? Math.fround(k.f[l]!) : k.f[l]! | 0;
      return k;
    }
    let originPart = 0;
    for (let d = 0; d < this.rank; d++) {
      if (!Number.isInteger(k.c[d]!)) return null;
      originPart += Math.abs(k.c[d]!) * this.maxOrigin[d]!;
    }
    for (let l = 0; l < this.lanes; l++) {
      const v = k.f[l]!;
      if (!Number.isInteger(v) || Math.abs(v) + originPart >= EXACT) return null;
    }
    return k;
  }

  private sameC(a: Known, b: Known): boolean {
    for (let d = 0; d < this.rank; d++) if (a.c[d] !== b.c[d]) return false;
    return true;
  }

  /** The one number every lane of `k` holds, when c = 0 and the lanes agree. */
  private constantOf(k: Scalar): number | null {
    if (!k || !this.zeroC(k)) return null;
    const v = k.f[0]!;
    for (let l = 1; l < this.lanes; l++) if (!Object.is(k.f[l], v)) return null;
    return v;
  }

  private map1(a: Known, fn: (x: number) => number): Known {
    const f = new Float64Array(this.lanes);
    for (let l = 0; l < this.lanes; l++) f[l] = fn(a.f[l]!);
    return { c: a.c.slice(), f };
  }

  private map2(a: Known, b: Known, c: number[], fn: (x: number, y: number) => number): Known {
    const f = new Float64Array(this.lanes);
    for (let l = 0; l < this.lanes; l++) f[l] = fn(a.f[l]!, b.f[l]!);
    return { c, f };
  }

  /** Every lane >= 0 and every c >= 0: the value is never negative. */
  private nonNegative(a: Known): boolean {
    return a.c.every((c) => c >= 0) && a.f.every((v) => v >= 0);
  }

  /** The origin part of `a` is a multiple of m on every tile. */
  private originMultipleOf(a: Known, m: number): boolean {
    return a.c.every((c, d) => (c * this.x.tile[d]!) % m === 0);
  }

  private binaryScalar(op: string, a: Scalar, b: Scalar, t: Type, operandType: Type): Scalar {
    if (!a || !b) return null;
    const float = isFloat(t);
    const zero = new Array<number>(this.rank).fill(0);
    switch (op) {
      case '+': return this.checked(this.map2(a, b, a.c.map((c, d) => c + b.c[d]!), (x, y) => x + y), float);
      case '-': return this.checked(this.map2(a, b, a.c.map((c, d) => c - b.c[d]!), (x, y) => x - y), float);
      case '*': {
        if (this.zeroC(a) && this.zeroC(b)) return this.checked(this.map2(a, b, zero, float ? (x, y) => x * y : (x, y) => Math.imul(x, y)), float);
        const ka = this.constantOf(a);
        const kb = this.constantOf(b);
        const [v, k] = ka !== null ? [b, ka] : kb !== null ? [a, kb] : [null, null];
        if (!v || k === null) return null;
        return this.checked({ c: v.c.map((c) => c * k), f: v.f.map((x) => x * k) }, float);
      }
      case '/': {
        if (this.zeroC(a) && this.zeroC(b)) return float ? this.checked(this.map2(a, b, zero, (x, y) => x / y), true) : null;
        const k = this.constantOf(b);
        if (k === null || k === 0 || !float) return null;
        const q = { c: a.c.map((c) => c / k), f: a.f.map((x) => x / k) };
        return this.checked(q, float);
      }
      case '%': return this.mod(a, b, float);
      case '<': case '>': case '<=': case '>=': case '==': case '!=': {
        if (!this.sameC(a, b)) return null;
        const cmp = (x: number, y: number): boolean => {
          switch (op) {
            case '<': return x < y;
            case '>': return x > y;
            case '<=': return x <= y;
            case '>=': return x >= y;
            case '==': return x === y;
            default: return x !== y;
          }
        };
        void operandType;
        return this.map2(a, b, zero, (x, y) => (cmp(x, y) ? 1 : 0));
      }
      case '&&': return this.zeroC(a) && this.zeroC(b) ? this.map2(a, b, zero, (x, y) => (x && y ? 1 : 0)) : null;
      case '||': return this.zeroC(a) && this.zeroC(b) ? this.map2(a, b, zero, (x, y) => (x || y ? 1 : 0)) : null;
      case '^': case '&': case '|': {
        const fn = op === '^' ? (x: number, y: number) => x ^ y : op === '&' ? (x: number, y: number) => x & y : (x: number, y: number) => x | y;
        if (this.zeroC(a) && this.zeroC(b)) return this.map2(a, b, zero, fn);
        // origin part + lane part ^ k: the origin part keeps its bits when it is a multiple of a power
        // of two above every lane value and k.
        const [v, k] = this.zeroC(b) ? [a, this.constantOf(b)] : [b, this.constantOf(a)];
        if (k === null || k < 0 || !this.nonNegative(v)) return null;
        let p = 1;
        while (p <= Math.max(k, ...v.f)) p *= 2;
        if (!this.originMultipleOf(v, p)) return null;
        return this.checked({ c: op === '&' ? zero : v.c.slice(), f: v.f.map((x) => fn(x, k)) }, false);
      }
      case '<<': case '>>': {
        const s = this.constantOf(b);
        if (s === null || s < 0 || s > 30) return null;
        if (this.zeroC(a)) return this.map1(a, op === '<<' ? (x) => x << s : (x) => x >> s);
        if (op === '<<') return this.checked({ c: a.c.map((c) => c * 2 ** s), f: a.f.map((x) => x * 2 ** s) }, false);
        if (!this.nonNegative(a) || !this.originMultipleOf(a, 2 ** s)) return null;
        return this.checked({ c: a.c.map((c) => c / 2 ** s), f: a.f.map((x) => x >> s) }, false);
      }
    }
    return null;
  }

  /** fmod / % by a number the same on every lane: C's remainder (sign of the dividend). */
  private mod(a: Known, b: Known, float: boolean): Scalar {
    const rem = float ? (x: number, y: number) => x % y : (x: number, y: number) => (y === 0 ? 0 : x % y);
    if (this.zeroC(a) && this.zeroC(b)) return this.checked(this.map2(a, b, a.c.slice(), rem), float);
    const m = this.constantOf(b);
    if (m === null || m <= 0 || !Number.isInteger(m)) return null;
    if (!this.nonNegative(a) || !this.originMultipleOf(a, m)) return null;
    return this.checked({ c: new Array<number>(this.rank).fill(0), f: a.f.map((x) => x % m) }, float);
  }

  // ---- expressions ------------------------------------------------------------------------------

  private expr(e: IRExpr): Value {
    const n = comps(e.type);
    const top = (): Value => (n === 0 ? null : new Array<Scalar>(n).fill(null));
    switch (e.op) {
      case 'const': {
        if (n === 0) return null;
        const float = isFloat(e.type);
        return e.value.slice(0, n).map((v) => this.checked(this.uniform(v), float));
      }
      case 'local': {
        const v = this.env.get(e.name);
        return v === undefined ? top() : v;
      }
      case 'param': {
        const p = this.x.ir.params[e.index]!;
        if (p.role !== 'const' || n === 0) return top();
        const v = this.x.constArg(e.index);
        if (!v) return top();
        const float = isFloat(e.type);
        return v.slice(0, n).map((x) => this.checked(this.uniform(x), float));
      }
      case 'indexof': {
        const p = this.x.ir.params[e.param]!;
        if (p.role !== 'out' && p.role !== 'in') return top();
        // x = the fastest dimension; components past the rank are 0.
        return Array.from({ length: n }, (_, k) => {
          const d = this.rank - 1 - k;
          if (d < 0) return this.uniform(0);
          const c = new Array<number>(this.rank).fill(0);
          c[d] = 1;
          return this.checked({ c, f: this.laneOffset(d) }, true);
        });
      }
      case 'binary': {
        const a = this.expr(e.left);
        const b = this.expr(e.right);
        if (!a || !b || n === 0) return top();
        const out: Scalar[] = [];
        for (let k = 0; k < n; k++) out.push(this.binaryScalar(e.operator, a[a.length === 1 ? 0 : k] ?? null, b[b.length === 1 ? 0 : k] ?? null, e.type, e.left.type));
        return out;
      }
      case 'unary': {
        const a = this.expr(e.operand);
        if (!a || n === 0) return top();
        return a.map((s) => {
          if (!s) return null;
          if (e.operator === '-') return this.checked({ c: s.c.map((c) => -c), f: s.f.map((x) => -x) }, isFloat(e.type));
          if (!this.zeroC(s)) return null;
          return this.map1(s, e.operator === '!' ? (x) => (x ? 0 : 1) : (x) => ~x);
        });
      }
      case 'select': {
        const c = this.expr(e.cond);
        const a = this.expr(e.then);
        const b = this.expr(e.else);
        if (!c || !a || !b || n === 0) return top();
        return a.map((x, k) => this.choose(c[c.length === 1 ? 0 : k] ?? null, x, b[k] ?? null));
      }
      case 'convert': {
        const a = this.expr(e.value);
        if (!a || n === 0) return top();
        const toFloat = isFloat(e.type);
        return a.map((s) => {
          if (!s) return null;
          if (this.zeroC(s)) return this.checked(this.map1(s, toFloat ? (x) => x : (x) => (Number.isNaN(x) ? 0 : Math.trunc(x))), toFloat);
          // An exact integer converts to the same integer.
          return this.checked({ c: s.c.slice(), f: s.f.slice() }, toFloat);
        });
      }
      case 'splat': {
        const a = this.expr(e.value);
        return a ? new Array<Scalar>(n).fill(a[0] ?? null) : top();
      }
      case 'swizzle': {
        const a = this.expr(e.value);
        return a ? e.components.map((k) => a[k] ?? null) : top();
      }
      case 'construct': {
        if (n === 0) {
          for (const x of e.args) this.expr(x);
          return null;
        }
        const out: Scalar[] = [];
        for (const x of e.args) {
          const v = this.expr(x);
          const m = comps(x.type);
          for (let k = 0; k < m; k++) out.push(v ? v[k] ?? null : null);
        }
        return out.length === n ? out : top();
      }
      case 'field': {
        this.expr(e.value);
        return top();
      }
      case 'builtin': return this.builtin(e, top);
      case 'call': {
        e.args.forEach((x) => {
          if (x.op === 'param' && this.x.local.has(x.index)) throw new Refusal(`a helper call passes '${this.x.ir.params[x.index]!.sourceName}' on (tiling proves only the kernel's own gathers)`);
          this.expr(x);
        });
        for (const x of e.indexofArgs) this.expr(x);
        for (const lv of e.outArgs) if (lv) this.forget(lv);
        return top();
      }
      case 'gather': {
        const coords = e.index.map((x) => this.expr(x));
        if (this.x.local.has(e.param)) this.checkGather(e, coords);
        return top();
      }
      case 'helperIndexof': return top();
    }
  }

  private builtin(e: IRExpr & { op: 'builtin' }, top: () => Value): Value {
    const args = e.args.map((x) => this.expr(x));
    const n = comps(e.type);
    if (n === 0 || args.some((a) => !a)) return top();
    const at = (i: number, k: number): Scalar => {
      const a = args[i]!;
      return a[a.length === 1 ? 0 : k] ?? null;
    };
    const float = isFloat(e.type);
    const each = (fn: (k: number) => Scalar): Value => Array.from({ length: n }, (_, k) => fn(k));
    switch (e.name) {
      case 'fmod': return each((k) => (at(0, k) && at(1, k) ? this.mod(at(0, k)!, at(1, k)!, true) : null));
      case 'floor': case 'ceil': case 'round': case 'trunc':
        return each((k) => {
          const s = at(0, k);
          if (!s) return null;
          if (!this.zeroC(s)) return s; // an exact integer already
          const fn = e.name === 'floor' ? Math.floor : e.name === 'ceil' ? Math.ceil : e.name === 'trunc' ? Math.trunc : (x: number) => x - Math.floor(x) === 0.5 ? 2 * Math.round(x / 2) : Math.round(x);
          return this.checked(this.map1(s, fn), float);
        });
      case 'abs': return each((k) => {
        const s = at(0, k);
        if (!s) return null;
        if (this.zeroC(s)) return this.checked(this.map1(s, Math.abs), float);
        return this.nonNegative(s) ? s : null;
      });
      case 'min': case 'max': return each((k) => {
        const a = at(0, k);
        const b = at(1, k);
        if (!a || !b || !this.sameC(a, b)) return null;
        return this.map2(a, b, a.c.slice(), e.name === 'min' ? Math.min : Math.max);
      });
      case 'dot': {
        if (n !== 1) return top();
        const m = comps(e.args[0]!.type);
        let sum: Scalar = null;
        for (let k = 0; k < m; k++) {
          const p = this.binaryScalar('*', at(0, k), at(1, k), e.type, e.type);
          sum = k === 0 ? p : this.binaryScalar('+', sum, p, e.type, e.type);
        }
        return [sum];
      }
    }
    return top();
  }

  /** select(cond, a, b) per lane: known when cond is known and a, b have equal c. */
  private choose(cond: Scalar, a: Scalar, b: Scalar): Scalar {
    if (a && b && a.c.every((c, d) => c === b.c[d]) && a.f.every((v, l) => Object.is(v, b.f[l]))) return a;
    if (!cond || !a || !b || !this.zeroC(cond) || !this.sameC(a, b)) return null;
    const f = new Float64Array(this.lanes);
    for (let l = 0; l < this.lanes; l++) f[l] = cond.f[l] ? a.f[l]! : b.f[l]!;
    return { c: a.c.slice(), f };
  }

  private checkGather(e: IRExpr & { op: 'gather' }, coords: Value[]): void {
    const name = this.x.ir.params[e.param]!.sourceName;
    const where = '';
    if (coords.length !== this.rank) throw new Refusal(`the gather of '${name}'${where} has ${coords.length} coordinates for a ${this.rank}-D output`);
    coords.forEach((v, k) => {
      const d = this.rank - 1 - k;
      // A tile that spans the whole dimension (a row): any index clamps into it.
      if (this.x.tile[d] === this.x.outShape[d]) return;
      const s = v && v.length === 1 ? v[0]! : null;
      const axis = 'xyzw'[k];
      if (!s) throw new Refusal(`the gather of '${name}'${where}: index ${axis} is not known for every tile (it depends on a value read from memory, or on fmod, / or a bit operation by a number that does not divide the tile)`);
      if (!s.c.every((c, e2) => c === (e2 === d ? 1 : 0))) throw new Refusal(`the gather of '${name}'${where}: index ${axis} is not the output position plus an offset within the tile`);
      const extent = this.x.tile[d]!;
      const float = isFloat(e.index[k]!.type);
      for (let l = 0; l < this.lanes; l++) {
        const g = float ? Math.floor(Math.fround(s.f[l]! + 0.25)) : s.f[l]!;
        if (!(g >= 0 && g < extent)) {
          throw new Refusal(`the gather of '${name}'${where}: index ${axis} reaches outside a tile of ${this.x.tile.join('x')} (lane ${l} reads ${g - this.laneOffset(d)[l]!} away)`);
        }
      }
    });
  }

  // ---- statements -------------------------------------------------------------------------------

  private forget(lv: IRLValue): void {
    if (lv.root.kind === 'local') this.env.set(lv.root.name, null);
  }

  private assign(lv: IRLValue, v: Value): void {
    if (lv.root.kind !== 'local') return;
    const name = lv.root.name;
    if (lv.path.length === 0) {
      this.env.set(name, v);
      return;
    }
    const p = lv.path[0]!;
    const old = this.env.get(name);
    if (lv.path.length === 1 && p.kind === 'swizzle' && old && v) {
      const next = old.slice();
      p.components.forEach((c, k) => (next[c] = v[v.length === 1 ? 0 : k] ?? null));
      this.env.set(name, next);
      return;
    }
    for (const q of lv.path) if (q.kind === 'index') this.expr(q.index);
    this.env.set(name, null);
  }

  private stmts(list: IRStmt[]): void {
    for (const s of list) this.stmt(s);
  }

  private stmt(s: IRStmt): void {
    switch (s.op) {
      case 'declare':
        this.env.set(s.name, s.init ? this.expr(s.init) : null);
        return;
      case 'assign':
        this.assign(s.target, this.expr(s.value));
        return;
      case 'expr':
        this.expr(s.expr);
        return;
      case 'push':
        this.expr(s.value);
        return;
      case 'return':
        if (s.value) this.expr(s.value);
        return;
      case 'break': case 'continue':
        return;
      case 'if': {
        const cond = this.expr(s.cond);
        const before = new Map(this.env);
        this.stmts(s.then);
        const afterThen = this.env;
        this.env = new Map(before);
        this.stmts(s.else);
        const afterElse = this.env;
        const c = cond && cond.length === 1 ? cond[0]! : null;
        this.env = new Map();
        for (const name of new Set([...afterThen.keys(), ...afterElse.keys()])) {
          const a = afterThen.get(name);
          const b = afterElse.get(name);
          if (a === b) this.env.set(name, a ?? null);
          else if (a && b && a.length === b.length) this.env.set(name, a.map((x, k) => this.choose(c, x, b[k] ?? null)));
          else this.env.set(name, null);
        }
        return;
      }
      case 'loop': {
        this.stmts(s.init);
        // Whatever the loop assigns varies from trip to trip: unknown inside and after it.
        const assigned = new Set<string>();
        collectAssigned([...s.body, ...s.update], assigned);
        for (const name of assigned) this.env.set(name, null);
        if (s.cond) this.expr(s.cond);
        this.stmts(s.body);
        this.stmts(s.update);
        for (const name of assigned) this.env.set(name, null);
        return;
      }
    }
  }
}

function collectAssigned(list: IRStmt[], out: Set<string>): void {
  const exprs: IRExpr[] = [];
  for (const s of list) {
    if (s.op === 'assign' && s.target.root.kind === 'local') out.add(s.target.root.name);
    if (s.op === 'declare') out.add(s.name);
    if (s.op === 'if') {
      collectAssigned(s.then, out);
      collectAssigned(s.else, out);
    }
    if (s.op === 'loop') collectAssigned([...s.init, ...s.body, ...s.update], out);
    if (s.op === 'declare' && s.init) exprs.push(s.init);
    if (s.op === 'assign') exprs.push(s.value);
    if (s.op === 'expr' || (s.op === 'return' && s.value)) exprs.push(s.op === 'expr' ? s.expr : s.value!);
    if (s.op === 'if') exprs.push(s.cond);
    if (s.op === 'loop' && s.cond) exprs.push(s.cond);
    if (s.op === 'push') exprs.push(s.value);
  }
  // Helper calls anywhere in an expression may write locals through their out arguments.
  const walk = (e: IRExpr): void => {
    if (e.op === 'call') for (const lv of e.outArgs) if (lv?.root.kind === 'local') out.add(lv.root.name);
    for (const v of Object.values(e)) {
      if (Array.isArray(v)) for (const x of v) if (x && typeof x === 'object' && 'op' in x) walk(x as IRExpr);
      if (v && typeof v === 'object' && !Array.isArray(v) && 'op' in v) walk(v as IRExpr);
    }
  };
  exprs.forEach(walk);
}
