/**
 * A small reference interpreter of kernel IR, written for the lowering tests only: it runs a kernel
 * body for one element so tests can compare results with values computed independently (by hand or
 * in float64). It follows ir.ts literally: gathers round floor(i + 0.25) and clamp, index[0] is the
 * fastest dimension, helper calls copy arguments in and out arguments back, `declare` without init is 0.
 * Floats are rounded to float32 after each operation; ints wrap to 32 bits.
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from '../../../runtime/compiler/ir.js';
import type { Type } from '../../../runtime/compiler/types.js';

export type Val = number[] | { [field: string]: Val };

export interface Gather { shape: number[]; data: Val[] } // shape in declaration order, row-major data

export interface ElementInput {
  /** One value per param (current element for streams; the value for constants; ignored for gathers). */
  params: Val[];
  gathers?: Record<number, Gather>;
  /** Position (float4, x fastest) per stream param, for indexof. */
  positions?: Record<number, number[]>;
}

export interface ElementOutput {
  params: Val[];
  pushed: Record<number, Val[]>;
}

class Return { constructor(readonly value: Val | null) {} }
class Break {}
class Continue {}

interface Frame {
  locals: Map<string, Val>;
  params: Val[];
  gathers: Record<number, Gather>;
  positions: Record<number, number[]>;
  helpers: Map<string, IRHelper>;
  pushed: Record<number, Val[]>;
}

const copy = (v: Val): Val => (Array.isArray(v) ? v.slice() : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)])));

function scalarOf(t: Type): string {
  return t.kind === 'scalar' ? t.name : t.kind === 'vector' ? t.elem : 'float';
}

function norm(t: Type, xs: number[]): number[] {
  const s = scalarOf(t);
  if (s === 'float') return xs.map((x) => Math.fround(x));
  if (s === 'int') return xs.map((x) => (Number.isFinite(x) ? Math.trunc(x) | 0 : 0));
  if (s === 'uint') return xs.map((x) => (Number.isFinite(x) ? Math.trunc(x) >>> 0 : 0));
  if (s === 'bool') return xs.map((x) => (x ? 1 : 0));
  return xs;
}

function zero(t: Type): Val {
  if (t.kind === 'struct') return Object.fromEntries(t.fields.map((f) => [f.name, zero(f.type)]));
  return new Array(t.kind === 'vector' ? t.size : 1).fill(0);
}

export function runElement(ir: KernelIR, input: ElementInput): ElementOutput {
  const frame: Frame = {
    locals: new Map(),
    params: input.params.map((p, i) => (p === undefined ? zero(ir.params[i]!.type) : copy(p))),
    gathers: input.gathers ?? {},
    positions: input.positions ?? {},
    helpers: new Map(ir.helpers.map((h) => [h.name, h])),
    pushed: {},
  };
  try {
    block(ir.body, frame);
  } catch (e) {
    if (!(e instanceof Return)) throw e;
  }
  return { params: frame.params, pushed: frame.pushed };
}

function block(stmts: IRStmt[], f: Frame): void {
  for (const s of stmts) stmt(s, f);
}

function stmt(s: IRStmt, f: Frame): void {
  switch (s.op) {
    case 'declare': f.locals.set(s.name, s.init ? evaluate(s.init, f) : zero(s.type)); return;
    case 'assign': store(s.target, evaluate(s.value, f), f); return;
    case 'expr': evaluate(s.expr, f); return;
    case 'if': block((evaluate(s.cond, f) as number[])[0] ? s.then : s.else, f); return;
    case 'loop': {
      block(s.init, f);
      let first = true;
      for (let guard = 0; guard < 1e6; guard++) {
        if (s.cond && (s.testFirst || !first) && !(evaluate(s.cond, f) as number[])[0]) return;
        first = false;
        try {
          block(s.body, f);
        } catch (e) {
          if (e instanceof Break) return;
          if (!(e instanceof Continue)) throw e;
        }
        try {
          block(s.update, f);
        } catch (e) {
          if (e instanceof Break) return;
          throw e;
        }
      }
      throw new Error('loop did not end');
    }
    case 'break': throw new Break();
    case 'continue': throw new Continue();
    case 'return': throw new Return(s.value ? evaluate(s.value, f) : null);
    case 'push': (f.pushed[s.param] ??= []).push(copy(evaluate(s.value, f))); return;
  }
}

function store(lv: IRLValue, value: Val, f: Frame): void {
  const get = (): Val => (lv.root.kind === 'local' ? f.locals.get(lv.root.name)! : f.params[lv.root.index]!);
  const set = (v: Val) => (lv.root.kind === 'local' ? f.locals.set(lv.root.name, v) : (f.params[lv.root.index] = v));
  if (lv.path.length === 0) { set(copy(value)); return; }
  let target = get();
  for (let i = 0; i < lv.path.length; i++) {
    const p = lv.path[i]!;
    const last = i === lv.path.length - 1;
    if (p.kind === 'field') {
      const obj = target as { [k: string]: Val };
      if (last) { obj[p.name] = copy(value); return; }
      target = obj[p.name]!;
    } else if (p.kind === 'swizzle') {
      if (!last) throw new Error('swizzle must end an lvalue path');
      const arr = target as number[];
      const vs = value as number[];
      p.components.forEach((c, k) => (arr[c] = vs[k]!));
      return;
    } else {
      throw new Error('index paths are not produced by the lowering');
    }
  }
}

function cw(t: Type, a: number[], b: number[], fn: (x: number, y: number) => number): number[] {
  return norm(t, a.map((x, i) => fn(x, b[i]!)));
}

const BIN: Record<string, (x: number, y: number, intLike: boolean) => number> = {
  '+': (x, y) => x + y, '-': (x, y) => x - y, '*': (x, y, i) => (i ? Math.imul(x, y) : x * y),
  '/': (x, y, i) => (i ? (y === 0 ? 0 : Math.trunc(x / y)) : x / y), '%': (x, y) => x % y,
  '<': (x, y) => +(x < y), '>': (x, y) => +(x > y), '<=': (x, y) => +(x <= y), '>=': (x, y) => +(x >= y),
  '==': (x, y) => +(x === y), '!=': (x, y) => +(x !== y), '&': (x, y) => x & y, '|': (x, y) => x | y,
  '^': (x, y) => x ^ y, '<<': (x, y) => x << y, '>>': (x, y) => x >> y,
};

export function evaluate(e: IRExpr, f: Frame): Val {
  switch (e.op) {
    case 'const': return e.value.slice();
    case 'local': return copy(f.locals.get(e.name)!);
    case 'param': return copy(f.params[e.index]!);
    case 'binary': {
      if (e.operator === '&&') return [(evaluate(e.left, f) as number[])[0] ? (evaluate(e.right, f) as number[])[0]! : 0];
      if (e.operator === '||') return [(evaluate(e.left, f) as number[])[0] ? 1 : (evaluate(e.right, f) as number[])[0]!];
      const l = evaluate(e.left, f) as number[];
      const r = evaluate(e.right, f) as number[];
      const intLike = scalarOf(e.left.type) !== 'float';
      return cw(e.type, l, r, (x, y) => BIN[e.operator]!(x, y, intLike));
    }
    case 'unary': {
      const v = evaluate(e.operand, f) as number[];
      return norm(e.type, v.map((x) => (e.operator === '-' ? -x : e.operator === '!' ? +!x : ~x)));
    }
    case 'select': {
      const c = evaluate(e.cond, f) as number[];
      const a = evaluate(e.then, f);
      const b = evaluate(e.else, f);
      if (c.length === 1) return c[0] ? a : b;
      return (a as number[]).map((x, i) => (c[i] ? x : (b as number[])[i]!));
    }
    case 'convert': return norm(e.type, evaluate(e.value, f) as number[]);
    case 'splat': {
      const n = e.type.kind === 'vector' ? e.type.size : 1;
      return new Array(n).fill((evaluate(e.value, f) as number[])[0]);
    }
    case 'swizzle': {
      const v = evaluate(e.value, f) as number[];
      return e.components.map((c) => v[c]!);
    }
    case 'construct': {
      const vals = e.args.map((a) => evaluate(a, f));
      if (e.type.kind === 'struct') return Object.fromEntries(e.type.fields.map((fd, i) => [fd.name, vals[i]!]));
      return norm(e.type, vals.flatMap((v) => v as number[]));
    }
    case 'field': return copy((evaluate(e.value, f) as { [k: string]: Val })[e.field]!);
    case 'builtin': return builtin(e.name, e.type, e.args.map((a) => evaluate(a, f) as number[]));
    case 'gather': {
      const g = f.gathers[e.param]!;
      const idx = e.index.map((x) => (evaluate(x, f) as number[])[0]!);
      // index[0] is the fastest dimension = the last extent of the shape.
      let flat = 0;
      for (let d = 0; d < g.shape.length; d++) {
        const extent = g.shape[d]!;
        const i = idx[g.shape.length - 1 - d]!;
        const k = Math.min(Math.max(Math.floor(i + 0.25), 0), extent - 1);
        flat = flat * extent + k;
      }
      return copy(g.data[flat]!);
    }
    case 'indexof': return f.positions[e.param]!.slice();
    case 'helperIndexof': return f.positions[e.param]!.slice();
    case 'call': {
      const h = f.helpers.get(e.helper)!;
      const positions: Record<number, number[]> = {};
      h.hiddenIndexofParams.forEach((p, i) => (positions[p] = evaluate(e.indexofArgs[i]!, f) as number[]));
      const gathers: Record<number, Gather> = {};
      const params = e.args.map((a, i) => {
        if (a.type.kind === 'gather' && a.op === 'param') { gathers[i] = f.gathers[a.index]!; return [0]; }
        return evaluate(a, f);
      });
      const inner: Frame = { locals: new Map(), params, gathers, positions, helpers: f.helpers, pushed: f.pushed };
      let result: Val = [0];
      try {
        block(h.body, inner);
      } catch (x) {
        if (!(x instanceof Return)) throw x;
        if (x.value) result = x.value;
      }
      e.outArgs.forEach((o, i) => { if (o) store(o, inner.params[i]!, f); });
      return result;
    }
  }
}

function builtin(name: string, t: Type, a: number[][]): number[] {
  const m = (fn: (...x: number[]) => number) => norm(t, a[0]!.map((_, i) => fn(...a.map((v) => v[i]!))));
  switch (name) {
    case 'fmod': return m((x, y) => x % y);
    case 'floor': return m(Math.floor);
    case 'trunc': return m(Math.trunc);
    case 'sqrt': return m(Math.sqrt);
    case 'abs': return m(Math.abs);
    case 'min': return m(Math.min);
    case 'max': return m(Math.max);
    case 'lerp': return m((x, y, s) => x + s * (y - x));
    case 'dot': return norm(t, [a[0]!.reduce((s, x, i) => s + x * a[1]![i]!, 0)]);
    case 'length': return norm(t, [Math.sqrt(a[0]!.reduce((s, x) => s + x * x, 0))]);
    case 'cross': {
      const [x, y] = a as [number[], number[]];
      return norm(t, [x[1]! * y[2]! - x[2]! * y[1]!, x[2]! * y[0]! - x[0]! * y[2]!, x[0]! * y[1]! - x[1]! * y[0]!]);
    }
    case 'any': return [a[0]!.some((x) => x !== 0) ? 1 : 0];
    case 'all': return [a[0]!.every((x) => x !== 0) ? 1 : 0];
    default: throw new Error(`ir-eval: built-in ${name} not implemented`);
  }
}
