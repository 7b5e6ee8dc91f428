/**
 * Which IR values are whole numbers, decided once for every writer.
 *
 * A float value is whole when it is built only from whole sources with operations that keep
 * wholeness in float32:
 * - sources: integer constants; indexof components (positions); conversions from int, uint or bool;
 *   launch values a writer vouches for (`WholeSeeds`: a constant or iterator component the launch
 *   makes whole); the rounding built-ins (floor, ceil, trunc, round, sign, step);
 * - operations: + - * (a float32 sum, difference or product of whole numbers is whole, or an
 *   infinity, or NaN: at 2^24 and above every float32 is whole), unary -, select, C's fmod, and
 *   min, max, abs, clamp, saturate of whole arguments; swizzles, splats and constructors by component;
 * - locals declared with a whole initializer and never assigned again.
 * A gather indexed by a whole float needs no rounding: floor(x + 0.25) is x (gather.ts). An infinity
 * or NaN is clamped as the rule says either way.
 *
 * `exactInt` is narrower: an i32 form of a float coordinate built only from indexof components,
 * integer constants, + and - (and the locals, swizzles and constructors above), with every
 * intermediate magnitude below 2^24, where float arithmetic is exact; a writer with the launch's
 * extents (WGSL's specialized modules) computes such a coordinate in integers.
 */
import type { IRExpr, IRHelper, IRStmt, KernelIR } from '../ir.js';
import type { Type } from '../types.js';

/** Whether component `comp` of parameter `param` is a whole number in this launch (const and iter
 *  parameters: the launch values decide). Int, uint and bool components need no seed. */
export type WholeSeeds = (param: number, comp: number) => boolean;

/** An exact integer form of a float coordinate (see the file comment). */
export type ExactTerm =
  | { op: 'const'; value: number }
  | { op: 'indexof'; param: number; comp: number }
  | { op: 'neg'; a: ExactTerm }
  | { op: '+' | '-'; a: ExactTerm; b: ExactTerm };

/** Magnitudes under this are exact in float32. */
export const EXACT_F32 = 2 ** 24;

const WHOLE_RESULT = new Set(['floor', 'ceil', 'trunc', 'round', 'sign', 'step']);
const KEEPS_WHOLE = new Set(['min', 'max', 'abs', 'clamp', 'fmod', 'saturate']);

function isFloatType(t: Type): boolean {
  const s = t.kind === 'scalar' ? t.name : t.kind === 'vector' ? t.elem : undefined;
  return s === 'float' || s === 'double' || s === 'fixed' || s === 'shortfixed';
}

function isIntegerType(t: Type): boolean {
  const s = t.kind === 'scalar' ? t.name : t.kind === 'vector' ? t.elem : undefined;
  return s !== undefined && !isFloatType(t);
}

function components(t: Type): number {
  return t.kind === 'vector' ? t.size : 1;
}

/** Locals of one body (a kernel's, a fused producer's with it, or a helper's) declared with an
 *  initializer and never assigned afterwards: their value is their initializer's. */
export function singleAssignmentLocals(bodies: IRStmt[][]): Map<string, IRExpr> {
  const assigned = new Set<string>();
  const declared = new Map<string, IRExpr | null>();
  const exprOuts = (e: IRExpr): void => {
    forEachExpr(e, (x) => {
      if (x.op === 'call') for (const o of x.outArgs) if (o?.root.kind === 'local') assigned.add(o.root.name);
    });
  };
  const walk = (list: IRStmt[]): void => {
    for (const s of list) {
      switch (s.op) {
        case 'declare':
          if (declared.has(s.name)) assigned.add(s.name);
          declared.set(s.name, s.init);
          if (s.init) exprOuts(s.init);
          break;
        case 'assign':
          if (s.target.root.kind === 'local') assigned.add(s.target.root.name);
          exprOuts(s.value);
          break;
        case 'expr': exprOuts(s.expr); break;
        case 'if': exprOuts(s.cond); walk(s.then); walk(s.else); break;
        case 'loop': if (s.cond) exprOuts(s.cond); walk(s.init); walk(s.update); walk(s.body); break;
        case 'return': case 'push': if (s.value) exprOuts(s.value); break;
        default: break;
      }
    }
  };
  for (const b of bodies) walk(b);
  const out = new Map<string, IRExpr>();
  for (const [name, init] of declared) if (init && !assigned.has(name)) out.set(name, init);
  return out;
}

/** Whole-number facts of one body. */
export class WholeNumbers {
  private readonly memo = new Map<IRExpr, boolean[]>();

  constructor(
    private readonly inits: Map<string, IRExpr>,
    /** Seeds for `param` reads; null inside a helper (its parameters are copies, never seeded). */
    private readonly seeds: WholeSeeds | null,
  ) {}

  /** Whether component `comp` of `e` is a whole number (integer-typed values always are). */
  isWhole(e: IRExpr, comp = 0): boolean {
    let m = this.memo.get(e);
    if (!m) {
      this.memo.set(e, []); // a cycle through locals cannot happen (inits precede uses); be safe
      m = Array.from({ length: components(e.type) }, (_, k) => this.decide(e, k, 0));
      this.memo.set(e, m);
    }
    return m[components(e.type) === 1 ? 0 : comp] ?? false;
  }

  private decide(e: IRExpr, k: number, depth: number): boolean {
    if (isIntegerType(e.type)) return true;
    if (!isFloatType(e.type) || depth > 64) return false;
    const sub = (x: IRExpr, c: number) => this.isWhole(x, components(x.type) === 1 ? 0 : c);
    switch (e.op) {
      case 'const': {
        const v = e.value[e.value.length === 1 ? 0 : k];
        return v !== undefined && Number.isInteger(v);
      }
      case 'local': {
        const init = this.inits.get(e.name);
        return init !== undefined && sub(init, k);
      }
      case 'param': return this.seeds !== null && this.seeds(e.index, k);
      case 'indexof': case 'helperIndexof': return true;
      case 'binary':
        return (e.operator === '+' || e.operator === '-' || e.operator === '*' || e.operator === '%') && sub(e.left, k) && sub(e.right, k);
      case 'unary': return e.operator === '-' && sub(e.operand, k);
      case 'select': return sub(e.then, k) && sub(e.else, k);
      case 'convert': return sub(e.value, k);
      case 'splat': return sub(e.value, 0);
      case 'swizzle': return sub(e.value, e.components[k]!);
      case 'construct': {
        let at = k;
        for (const arg of e.args) {
          const n = components(arg.type);
          if (at < n) return sub(arg, n === 1 ? 0 : at);
          at -= n;
        }
        return false;
      }
      case 'builtin':
        if (WHOLE_RESULT.has(e.name)) return true;
        return KEEPS_WHOLE.has(e.name) && e.args.every((a) => sub(a, k));
      default:
        return false;
    }
  }

  /**
   * The exact integer form of component `k` of float `e` (see the file comment), or null.
   * `indexofBound(param, comp)` bounds an indexof component's magnitude (null: unknown, no form).
   */
  exactInt(e: IRExpr, k: number, indexofBound: (param: number, comp: number) => number | null): { term: ExactTerm; bound: number } | null {
    return this.exact(e, k, indexofBound, 0);
  }

  private exact(e: IRExpr, k: number, ib: (param: number, comp: number) => number | null, depth: number): { term: ExactTerm; bound: number } | null {
    if (depth > 32 || !isFloatType(e.type) || (e.type.kind === 'scalar' && e.type.name !== 'float') || (e.type.kind === 'vector' && e.type.elem !== 'float')) return null;
    const d = depth + 1;
    switch (e.op) {
      case 'const': {
        const v = e.value[e.value.length === 1 ? 0 : k];
        if (v === undefined || !Number.isInteger(v) || Math.abs(v) >= EXACT_F32) return null;
        return { term: { op: 'const', value: v }, bound: Math.abs(v) };
      }
      case 'local': {
        const init = this.inits.get(e.name);
        return init ? this.exact(init, k, ib, d) : null;
      }
      case 'swizzle': return this.exact(e.value, e.components[k]!, ib, d);
      case 'splat': return this.exact(e.value, 0, ib, d);
      case 'indexof': {
        const bound = ib(e.param, k);
        return bound === null ? null : { term: { op: 'indexof', param: e.param, comp: k }, bound };
      }
      case 'unary': {
        if (e.operator !== '-') return null;
        const a = this.exact(e.operand, k, ib, d);
        return a && { term: { op: 'neg', a: a.term }, bound: a.bound };
      }
      case 'binary': {
        if (e.operator !== '+' && e.operator !== '-') return null;
        const a = this.exact(e.left, components(e.left.type) === 1 ? 0 : k, ib, d);
        const b = a && this.exact(e.right, components(e.right.type) === 1 ? 0 : k, ib, d);
        if (!a || !b || a.bound + b.bound >= EXACT_F32) return null;
        return { term: { op: e.operator, a: a.term, b: b.term }, bound: a.bound + b.bound };
      }
      case 'construct': {
        let at = k;
        for (const arg of e.args) {
          const n = components(arg.type);
          if (at < n) return this.exact(arg, n === 1 ? 0 : at, ib, d);
          at -= n;
        }
        return null;
      }
      default:
        return null;
    }
  }
}

/** Calls `f` on `e` and every expression inside it. */
export function forEachExpr(e: IRExpr, f: (e: IRExpr) => void): void {
  f(e);
  switch (e.op) {
    case 'binary': forEachExpr(e.left, f); forEachExpr(e.right, f); break;
    case 'unary': forEachExpr(e.operand, f); break;
    case 'select': forEachExpr(e.cond, f); forEachExpr(e.then, f); forEachExpr(e.else, f); break;
    case 'convert': case 'splat': case 'swizzle': case 'field': forEachExpr(e.value, f); break;
    case 'construct': case 'builtin': for (const a of e.args) forEachExpr(a, f); break;
    case 'call':
      for (const a of e.args) forEachExpr(a, f);
      for (const a of e.indexofArgs) forEachExpr(a, f);
      for (const o of e.outArgs) if (o) for (const p of o.path) if (p.kind === 'index') forEachExpr(p.index, f);
      break;
    case 'gather': for (const a of e.index) forEachExpr(a, f); break;
    default: break;
  }
}

/** Calls `f` on every expression of a statement list (lvalue indices included). */
export function forEachExprIn(list: IRStmt[], f: (e: IRExpr) => void): void {
  const lv = (t: { path: { kind: string; index?: IRExpr }[] }) => {
    for (const p of t.path) if (p.kind === 'index' && p.index) forEachExpr(p.index, f);
  };
  for (const s of list) {
    switch (s.op) {
      case 'declare': if (s.init) forEachExpr(s.init, f); break;
      case 'assign': lv(s.target); forEachExpr(s.value, f); break;
      case 'expr': forEachExpr(s.expr, f); break;
      case 'if': forEachExpr(s.cond, f); forEachExprIn(s.then, f); forEachExprIn(s.else, f); break;
      case 'loop':
        forEachExprIn(s.init, f);
        if (s.cond) forEachExpr(s.cond, f);
        forEachExprIn(s.update, f);
        forEachExprIn(s.body, f);
        break;
      case 'return': if (s.value) forEachExpr(s.value, f); break;
      case 'push': forEachExpr(s.value, f); break;
      default: break;
    }
  }
}

/** The bodies of a kernel: its own (with a fused producer's) and each helper's. */
export function bodiesOf(ir: KernelIR): { helper: IRHelper | null; stmts: IRStmt[][] }[] {
  return [{ helper: null, stmts: ir.produce ? [ir.body, ir.produce.body] : [ir.body] }, ...ir.helpers.map((h) => ({ helper: h, stmts: [h.body] }))];
}
