/**
 * Floating-point operations (and gather reads) of one kernel position, counted from the kernel IR
 * with the launch's constant arguments known.
 *
 * The counting rule (docs/PROFILE.md; docs/DECISIONS.md "Profiles"):
 * - float (and double) `+ - * /` and `%`: one flop per component of the result. `a * x + y` on float4
 *   is 8 flops, whether or not the GPU fuses it into FMAs (an FMA is 2 flops, the usual convention);
 * - built-ins cost a fixed number per component (BUILTIN_COST) or by vector size (dot, length, ...);
 * - nothing else is a flop: comparisons, logic, integer arithmetic, negation, conversions, swizzles,
 *   selects, loads and stores (stream reads, gathers), min/max/abs/clamp/floor/step...;
 * - loop control (a loop's init, condition and update) is not counted, so `for (j = 0.0f; j < n;
 *   j += 1.0f)` costs what an int counter costs: sgemv is 2n flops a row, gemm 2n a element;
 * - loops and ifs are followed symbolically: a value made of literals, kernel constants (the call's
 *   values) and locals assigned from them is known, so a loop bounded by them runs its exact number of
 *   iterations and an if on them takes its branch. The count is then exact. A condition that depends on
 *   stream data or the position (indexof) is unknown: an unknown if counts its larger branch, an
 *   unknown loop counts its body once; the count is marked inexact with the reason.
 *
 * A map kernel's count is per output position; a reduction's per combine (a reduction of n elements
 * into m results combines n - m times).
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from '../compiler/ir.js';
import type { Type } from '../compiler/types.js';

export interface FlopCount {
  /** Flops of one position (map kernel) or one combine (reduction). */
  flops: number;
  /** Gather reads of one position, by parameter index. */
  gathers: Map<number, number>;
  /** True when every loop and if was decided by known values. */
  exact: boolean;
  /** Why the count is not exact (the first reason met). */
  note?: string;
}

/** Flops per component of the result. Not listed: 0 (selection, rounding, classification). */
const BUILTIN_COST: Record<string, number> = {
  sqrt: 1, rsqrt: 1, exp: 1, exp2: 1, log: 1, log2: 1, log10: 1, pow: 1,
  sin: 1, cos: 1, tan: 1, asin: 1, acos: 1, atan: 1, atan2: 1, sinh: 1, cosh: 1, tanh: 1,
  degrees: 1, radians: 1, frac: 1, fmod: 1, ldexp: 1, modf: 1, frexpMantissa: 1,
  lerp: 3, // a + s * (b - a)
  smoothstep: 7, // t = saturate((x - a) / (b - a)); t * t * (3 - 2 * t)
};

/** Built-ins whose cost follows the size N of their vector argument. */
function vectorBuiltinCost(name: string, n: number): number | undefined {
  switch (name) {
    case 'dot': return 2 * n - 1;
    case 'length': return 2 * n; // dot + sqrt
    case 'distance': return 3 * n; // n subtractions + length
    case 'normalize': return 3 * n; // length + n divisions
    case 'cross': return 9;
    default: return undefined;
  }
}

/** Symbolic steps (statements and loop iterations) before a count gives up as inexact. */
const MAX_STEPS = 2_000_000;

type Val = number[] | undefined;
type Env = Map<string, Val>;
type Signal = 'normal' | 'break' | 'continue' | 'return';

class TooLong extends Error {}

function comps(t: Type): number {
  return t.kind === 'vector' ? t.size : 1;
}

function isFloat(t: Type): boolean {
  if (t.kind === 'scalar') return t.name === 'float' || t.name === 'double';
  if (t.kind === 'vector') return t.elem === 'float' || t.elem === 'double';
  return false;
}

function scalarOf(t: Type): string {
  if (t.kind === 'scalar') return t.name;
  if (t.kind === 'vector') return t.elem;
  return 'other';
}

/** A number as the type holds it (float32 rounding, 32-bit integers). */
function asType(v: number, t: Type): number {
  switch (scalarOf(t)) {
    case 'float': return Math.fround(v);
    case 'double': return v;
    case 'bool': return v !== 0 && !Number.isNaN(v) ? 1 : 0;
    case 'uint': case 'uchar': case 'ushort': case 'ulong': return Number.isFinite(v) ? Math.trunc(v) >>> 0 : 0;
    default: {
      if (Number.isNaN(v)) return 0;
      const x = Math.trunc(v);
      return x > 2147483647 ? 2147483647 : x < -2147483648 ? -2147483648 : x | 0;
    }
  }
}

class Counter {
  flops = 0;
  gathers = new Map<number, number>();
  exact = true;
  note?: string;
  private steps = 0;
  /** Off inside loop control. */
  private counting = true;
  /** Known values of the parameters of the kernel or helper being followed (constants only). */
  private params: Val[];

  constructor(ir: KernelIR, consts: readonly (number[] | undefined)[]) {
    this.params = ir.params.map((p, i) => (p.role === 'const' ? consts[i] : undefined));
  }

  inexact(why: string): void {
    if (this.exact) this.note = why;
    this.exact = false;
  }

  private step(): void {
    if (++this.steps > MAX_STEPS) {
      this.inexact(`loops too long to follow (over ${MAX_STEPS.toLocaleString('en-US')} steps)`);
      throw new TooLong();
    }
  }

  private add(n: number): void {
    if (this.counting) this.flops += n;
  }

  /** Run `f` without counting (loop control). */
  private control<T>(f: () => T): T {
    const was = this.counting;
    this.counting = false;
    try {
      return f();
    } finally {
      this.counting = was;
    }
  }

  // ---- statements ---------------------------------------------------------------------------------

  block(stmts: IRStmt[], env: Env, helpers: Map<string, IRHelper>): Signal {
    for (const s of stmts) {
      const sig = this.stmt(s, env, helpers);
      if (sig !== 'normal') return sig;
    }
    return 'normal';
  }

  private stmt(s: IRStmt, env: Env, helpers: Map<string, IRHelper>): Signal {
    this.step();
    switch (s.op) {
      case 'declare':
        env.set(s.name, s.init ? this.expr(s.init, env, helpers) : undefined);
        return 'normal';
      case 'assign':
        this.assign(s.target, this.expr(s.value, env, helpers), env, helpers);
        return 'normal';
      case 'expr':
        this.expr(s.expr, env, helpers);
        return 'normal';
      case 'push':
        this.expr(s.value, env, helpers);
        return 'normal';
      case 'break': return 'break';
      case 'continue': return 'continue';
      case 'return':
        if (s.value) this.expr(s.value, env, helpers);
        return 'return';
      case 'if': {
        const c = this.expr(s.cond, env, helpers);
        if (c !== undefined) return this.block(c.some((x) => x !== 0) ? s.then : s.else, env, helpers);
        this.inexact('an if on stream data or the position (its larger branch is counted)');
        return this.eitherBranch(s.then, s.else, env, helpers);
      }
      case 'loop':
        return this.loop(s, env, helpers);
    }
  }

  /** Both branches of an unknown if: the larger count is kept; locals they set differently become unknown. */
  private eitherBranch(a: IRStmt[], b: IRStmt[], env: Env, helpers: Map<string, IRHelper>): Signal {
    const before = { flops: this.flops, gathers: new Map(this.gathers) };
    const envA = new Map(env);
    const sigA = this.block(a, envA, helpers);
    const after = { flops: this.flops, gathers: new Map(this.gathers) };
    this.flops = before.flops;
    this.gathers = new Map(before.gathers);
    const envB = new Map(env);
    const sigB = this.block(b, envB, helpers);
    if (after.flops > this.flops) {
      this.flops = after.flops;
      this.gathers = after.gathers;
    }
    for (const k of new Set([...envA.keys(), ...envB.keys()])) {
      const x = envA.get(k);
      const y = envB.get(k);
      env.set(k, x !== undefined && y !== undefined && x.length === y.length && x.every((v, i) => Object.is(v, y[i])) ? x : undefined);
    }
    if (sigA === sigB) return sigA;
    if (sigA !== 'normal' || sigB !== 'normal') this.inexact('a break, continue or return under an if on stream data');
    return 'normal';
  }

  private loop(s: IRStmt & { op: 'loop' }, env: Env, helpers: Map<string, IRHelper>): Signal {
    this.control(() => this.block(s.init, env, helpers));
    for (let first = true; ; first = false) {
      this.step();
      if (s.testFirst || !first) {
        const c = s.cond ? this.control(() => this.expr(s.cond!, env, helpers)) : [1];
        if (c === undefined) {
          this.inexact('a loop whose trip count depends on stream data or the position (its body is counted once)');
          this.forgetAssigned([...s.body, ...s.update], env);
          this.block(s.body, new Map(env), helpers);
          return 'normal';
        }
        if (!c.some((x) => x !== 0)) return 'normal';
      }
      const sig = this.block(s.body, env, helpers);
      if (sig === 'break') return 'normal';
      if (sig === 'return') return 'return';
      this.control(() => this.block(s.update, env, helpers));
    }
  }

  /** Locals assigned anywhere in `stmts` become unknown. */
  private forgetAssigned(stmts: IRStmt[], env: Env): void {
    for (const s of stmts) {
      if (s.op === 'assign' && s.target.root.kind === 'local') env.set(s.target.root.name, undefined);
      else if (s.op === 'declare') env.set(s.name, undefined);
      else if (s.op === 'if') {
        this.forgetAssigned(s.then, env);
        this.forgetAssigned(s.else, env);
      } else if (s.op === 'loop') this.forgetAssigned([...s.init, ...s.update, ...s.body], env);
    }
  }

  private assign(target: IRLValue, v: Val, env: Env, helpers: Map<string, IRHelper>): void {
    for (const p of target.path) if (p.kind === 'index') this.expr(p.index, env, helpers);
    if (target.root.kind === 'param') {
      // Outputs are not followed; a helper's by-value parameter may be reassigned.
      this.params[target.root.index] = target.path.length === 0 ? v : undefined;
      return;
    }
    const name = target.root.name;
    if (target.path.length === 0) {
      env.set(name, v);
      return;
    }
    const only = target.path[0]!;
    const old = env.get(name);
    if (target.path.length === 1 && only.kind === 'swizzle' && old !== undefined && v !== undefined) {
      const next = [...old];
      only.components.forEach((c, i) => (next[c] = v[i]!));
      env.set(name, next);
    } else env.set(name, undefined);
  }

  // ---- expressions --------------------------------------------------------------------------------

  expr(e: IRExpr, env: Env, helpers: Map<string, IRHelper>): Val {
    switch (e.op) {
      case 'const': return e.value;
      case 'local': return env.get(e.name);
      case 'param': return this.params[e.index];
      case 'indexof': case 'helperIndexof': return undefined;
      case 'binary': return this.binary(e, env, helpers);
      case 'unary': {
        const v = this.expr(e.operand, env, helpers);
        if (v === undefined) return undefined;
        return v.map((x) => asType(e.operator === '-' ? -x : e.operator === '!' ? (x === 0 ? 1 : 0) : ~x, e.type));
      }
      case 'select': {
        const c = this.expr(e.cond, env, helpers);
        const a = this.expr(e.then, env, helpers);
        const b = this.expr(e.else, env, helpers);
        if (c === undefined || a === undefined || b === undefined) return undefined;
        const n = comps(e.type);
        return Array.from({ length: n }, (_, i) => ((c.length === 1 ? c[0]! : c[i]!) !== 0 ? a[i]! : b[i]!));
      }
      case 'convert': {
        const v = this.expr(e.value, env, helpers);
        return v?.map((x) => asType(x, e.type));
      }
      case 'splat': {
        const v = this.expr(e.value, env, helpers);
        return v === undefined ? undefined : new Array<number>(comps(e.type)).fill(v[0]!);
      }
      case 'swizzle': {
        const v = this.expr(e.value, env, helpers);
        return v === undefined ? undefined : e.components.map((c) => v[c]!);
      }
      case 'construct': {
        const parts = e.args.map((a) => this.expr(a, env, helpers));
        if (e.type.kind === 'struct' || parts.some((p) => p === undefined)) return undefined;
        return parts.flatMap((p) => p!).map((x) => asType(x, e.type));
      }
      case 'field':
        this.expr(e.value, env, helpers);
        return undefined;
      case 'gather':
        for (const i of e.index) this.expr(i, env, helpers);
        if (this.counting) this.gathers.set(e.param, (this.gathers.get(e.param) ?? 0) + 1);
        return undefined;
      case 'builtin': return this.builtin(e, env, helpers);
      case 'call': return this.call(e, env, helpers);
    }
  }

  private binary(e: IRExpr & { op: 'binary' }, env: Env, helpers: Map<string, IRHelper>): Val {
    const l = this.expr(e.left, env, helpers);
    const r = this.expr(e.right, env, helpers);
    const arithmetic = e.operator === '+' || e.operator === '-' || e.operator === '*' || e.operator === '/' || e.operator === '%';
    if (arithmetic && isFloat(e.type)) this.add(comps(e.type));
    if (l === undefined || r === undefined) return undefined;
    const operandType = e.left.type;
    const int = !isFloat(operandType);
    const at = (v: number[], i: number) => (v.length === 1 ? v[0]! : v[i]!);
    const n = Math.max(l.length, r.length);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = at(l, i);
      const b = at(r, i);
      let v: number;
      switch (e.operator) {
        case '+': v = a + b; break;
        case '-': v = a - b; break;
        case '*': v = int ? Math.imul(a, b) : a * b; break;
        case '/': v = int ? (b === 0 ? 0 : Math.trunc(a / b)) : a / b; break;
        case '%': v = int ? (b === 0 ? 0 : a % b) : a % b; break;
        case '<': v = a < b ? 1 : 0; break;
        case '>': v = a > b ? 1 : 0; break;
        case '<=': v = a <= b ? 1 : 0; break;
        case '>=': v = a >= b ? 1 : 0; break;
        case '==': v = a === b ? 1 : 0; break;
        case '!=': v = a !== b ? 1 : 0; break;
        case '&&': v = a !== 0 && b !== 0 ? 1 : 0; break;
        case '||': v = a !== 0 || b !== 0 ? 1 : 0; break;
        case '&': v = a & b; break;
        case '|': v = a | b; break;
        case '^': v = a ^ b; break;
        case '<<': v = a << b; break;
        case '>>': v = scalarOf(operandType) === 'uint' ? a >>> b : a >> b; break;
      }
      out.push(asType(v, e.type));
    }
    return out;
  }

  private builtin(e: IRExpr & { op: 'builtin' }, env: Env, helpers: Map<string, IRHelper>): Val {
    const args = e.args.map((a) => this.expr(a, env, helpers));
    const argComps = e.args[0] ? comps(e.args[0].type) : 1;
    const byVector = vectorBuiltinCost(e.name, argComps);
    if (isFloat(e.type) || (e.args[0] && isFloat(e.args[0].type))) {
      this.add(byVector ?? (BUILTIN_COST[e.name] ?? 0) * comps(e.type));
    }
    if (args.some((a) => a === undefined)) return undefined;
    const a = args as number[][];
    const each = (f: (...xs: number[]) => number): number[] =>
      Array.from({ length: comps(e.type) }, (_, i) => asType(f(...a.map((v) => (v.length === 1 ? v[0]! : v[i]!))), e.type));
    switch (e.name) {
      case 'min': return each(Math.min);
      case 'max': return each(Math.max);
      case 'abs': return each(Math.abs);
      case 'floor': return each(Math.floor);
      case 'ceil': return each(Math.ceil);
      case 'clamp': return each((x, lo, hi) => Math.min(Math.max(x, lo), hi));
      default: return undefined;
    }
  }

  private call(e: IRExpr & { op: 'call' }, env: Env, helpers: Map<string, IRHelper>): Val {
    const args = e.args.map((a) => this.expr(a, env, helpers));
    for (const i of e.indexofArgs) this.expr(i, env, helpers);
    const h = helpers.get(e.helper);
    if (!h) return undefined;
    const outer = this.params;
    // Arguments are passed by value (Cg's copy-in); a stream parameter's element is not known.
    this.params = h.params.map((p, i) => (p.isStream || p.isOut ? undefined : args[i]));
    try {
      this.block(h.body, new Map(), helpers);
    } finally {
      this.params = outer;
    }
    for (const o of e.outArgs) if (o && o.root.kind === 'local') env.set(o.root.name, undefined);
    return undefined;
  }
}

const cache = new WeakMap<KernelIR, Map<string, FlopCount>>();

/**
 * Flops and gather reads of one position of `ir`, given the call's constant arguments (`consts[i]`
 * for parameter i, its flattened components; undefined for streams).
 */
export function countFlops(ir: KernelIR, consts: readonly (number[] | undefined)[]): FlopCount {
  const key = JSON.stringify(ir.params.map((p, i) => (p.role === 'const' ? consts[i] ?? null : null)));
  let byArgs = cache.get(ir);
  if (!byArgs) cache.set(ir, (byArgs = new Map()));
  const hit = byArgs.get(key);
  if (hit) return hit;
  const c = new Counter(ir, consts);
  const helpers = new Map(ir.helpers.map((h) => [h.name, h]));
  try {
    c.block(ir.body, new Map(), helpers);
  } catch (e) {
    if (!(e instanceof TooLong)) throw e;
  }
  const result: FlopCount = { flops: c.flops, gathers: c.gathers, exact: c.exact, ...(c.note ? { note: c.note } : {}) };
  if (byArgs.size > 64) byArgs.clear();
  byArgs.set(key, result);
  return result;
}
