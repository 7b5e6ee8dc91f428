/**
 * Gather coordinates that are exact integers: `g[indexof(r).xy + float2(1, 0)]` computes positions
 * in float, then rounds with floor(x + 0.25) and clamps (BROOK.md 4). When a coordinate is built only
 * from indexof components, integer float constants, + and - (through swizzles, splats, constructors
 * and locals assigned once), and every intermediate value stays below 2^24 in magnitude, float
 * arithmetic is exact and the rounding is the identity, so the same index comes from i32 arithmetic
 * and the integer clamp: a handful of instructions instead of float rounding per coordinate.
 * Bounds come from the call's shapes (a specialized module), so this applies only there.
 */
import type { IRExpr, IRStmt } from '../../ir.js';
import type { Type } from '../../types.js';

export interface ExactInt {
  /** An i32 WGSL expression. */
  expr: string;
  /** An upper bound of its magnitude. */
  bound: number;
}

const LIMIT = 2 ** 24;

export class ExactIndex {
  /** Locals declared with an initializer and never assigned afterwards. */
  private readonly inits = new Map<string, IRExpr>();

  constructor(
    body: IRStmt[],
    /** Component k (0 = x) of indexof(param) as an exact integer, or null. */
    private readonly indexof: (param: number, k: number) => ExactInt | null,
  ) {
    const assigned = new Set<string>();
    const declared = new Map<string, IRExpr | null>();
    const walkExpr = (e: IRExpr): void => {
      if (e.op === 'call') for (const o of e.outArgs) if (o?.root.kind === 'local') assigned.add(o.root.name);
    };
    const walk = (list: IRStmt[]): void => {
      for (const s of list) {
        switch (s.op) {
          case 'declare':
            if (declared.has(s.name)) assigned.add(s.name);
            declared.set(s.name, s.init);
            if (s.init) visit(s.init, walkExpr);
            break;
          case 'assign':
            if (s.target.root.kind === 'local') assigned.add(s.target.root.name);
            visit(s.value, walkExpr);
            break;
          case 'expr': visit(s.expr, walkExpr); break;
          case 'if': visit(s.cond, walkExpr); walk(s.then); walk(s.else); break;
          case 'loop': if (s.cond) visit(s.cond, walkExpr); walk(s.init); walk(s.update); walk(s.body); break;
          case 'return': case 'push': if (s.value) visit(s.value, walkExpr); break;
          default: break;
        }
      }
    };
    walk(body);
    for (const [name, init] of declared) if (init && !assigned.has(name)) this.inits.set(name, init);
  }

  /** A float gather coordinate as an exact i32 expression, or null. */
  coord(e: IRExpr): ExactInt | null {
    if (!isFloat(e.type) || components(e.type) !== 1) return null;
    return this.comp(e, 0, 0);
  }

  private comp(e: IRExpr, k: number, depth: number): ExactInt | null {
    if (depth > 32 || !isFloat(e.type)) return null;
    const d = depth + 1;
    switch (e.op) {
      case 'const': {
        const v = e.value[e.value.length === 1 ? 0 : k];
        if (v === undefined || !Number.isInteger(v) || Math.abs(v) >= LIMIT) return null;
        return { expr: v < 0 ? `(${v}i)` : `${v}i`, bound: Math.abs(v) };
      }
      case 'local': {
        const init = this.inits.get(e.name);
        return init ? this.comp(init, k, d) : null;
      }
      case 'swizzle': return this.comp(e.value, e.components[k]!, d);
      case 'splat': return this.comp(e.value, 0, d);
      case 'indexof': return this.indexof(e.param, k);
      case 'unary': {
        if (e.operator !== '-') return null;
        const a = this.comp(e.operand, k, d);
        return a && { expr: `(-${a.expr})`, bound: a.bound };
      }
      case 'binary': {
        if (e.operator !== '+' && e.operator !== '-') return null;
        const a = this.comp(e.left, components(e.left.type) === 1 ? 0 : k, d);
        const b = a && this.comp(e.right, components(e.right.type) === 1 ? 0 : k, d);
        if (!a || !b || a.bound + b.bound >= LIMIT) return null;
        return { expr: `(${a.expr} ${e.operator} ${b.expr})`, bound: a.bound + b.bound };
      }
      case 'construct': {
        let at = k;
        for (const arg of e.args) {
          const n = components(arg.type);
          if (at < n) return this.comp(arg, n === 1 ? 0 : at, d);
          at -= n;
        }
        return null;
      }
      default:
        return null;
    }
  }
}

function isFloat(t: Type): boolean {
  return (t.kind === 'scalar' && t.name === 'float') || (t.kind === 'vector' && t.elem === 'float');
}

function components(t: Type): number {
  return t.kind === 'vector' ? t.size : 1;
}

function visit(e: IRExpr, f: (e: IRExpr) => void): void {
  f(e);
  switch (e.op) {
    case 'binary': visit(e.left, f); visit(e.right, f); break;
    case 'unary': visit(e.operand, f); break;
    case 'select': visit(e.cond, f); visit(e.then, f); visit(e.else, f); break;
    case 'convert': case 'splat': case 'swizzle': case 'field': visit(e.value, f); break;
    case 'construct': case 'builtin': for (const a of e.args) visit(a, f); break;
    case 'call': for (const a of e.args) visit(a, f); for (const a of e.indexofArgs) visit(a, f); break;
    case 'gather': for (const a of e.index) visit(a, f); break;
    default: break;
  }
}
