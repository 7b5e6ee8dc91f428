/**
 * Statements and expressions of kernel and helper bodies as WGSL text.
 *
 * The writer only prints: the IR already has final types, conversions and unique local names
 * (ir.ts). What it adds is what WGSL needs and the IR does not say:
 * - helper calls with out arguments and frexp/modf become statements before the expression that
 *   uses them (out arguments copied out through a zero-initialised temporary: Cg's `out`);
 * - multi-component write masks (`v.zy = e`) become one assignment per component;
 * - operations WGSL defines differently from the CPU reference: integer division by zero gives 0,
 *   shift amounts are taken modulo 32, float `%` is C's fmod, float to int truncates and saturates
 *   with NaN -> 0, float `!=` is true for NaN;
 * - an operation on two literals goes through a `let`, because WGSL evaluates constant expressions
 *   at compile time and rejects results such as 1.0 / 0.0 that the program may mean at run time.
 * How parameters, gathers, indexof and push read or write memory is the caller's business
 * (`BodyContext`), so one writer serves map kernels, reductions, vout passes and helpers.
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt } from '../../ir.js';
import type { Type } from '../../types.js';
import { componentCount } from '../../types.js';
import { BUILTIN_NAMES, Library, builtinCall, floatDiv, floatMod, floatToInt, frexpParts, modfParts } from './builtins.js';
import { budgetTest } from './budget.js';
import { fieldName, safeName, scalarKind, scalarLiteral, structName, wgslType } from './names.js';

export interface BodyContext {
  lib: Library;
  helpers: Map<string, IRHelper>;
  /** Value of kernel parameter `index` (the current element for streams). */
  param(index: number): string;
  /** Assignable text of an out/reduce parameter. */
  paramLValue(index: number): string;
  /** `ir`: the coordinate's expression, for writers that can prove it an exact integer. */
  gather(index: number, coords: { text: string; type: Type; ir?: IRExpr }[]): string;
  /** The kernel's gather parameter that gather parameter `index` of this body names (the identity in
   *  the kernel body; through the specialization's map in a helper). */
  gatherParam(index: number): number;
  /** Name of the WGSL function of `helper` specialized for gathers that name the kernel's gather
   *  parameters `gathers` (one per gather parameter of the helper, in order; WGSL cannot pass a
   *  storage buffer to a function, so each combination is its own function). */
  helperName(helper: IRHelper, gathers: number[]): string;
  indexof(index: number): string;
  /** Statements for `push(param, value)`. */
  push(index: number, value: string, indent: string): string[];
  /** Inside a helper: the hidden position argument of its stream parameter `index`. */
  helperIndexof(index: number): string;
  /** Names that are pointers (helper out parameters): read and written through `*`. */
  pointers: Set<string>;
  /** The loop's number for its budget test (budget.ts), or null for a loop without one (the module
   *  has no budget, or the writer bounds this loop itself). Absent: no budget. */
  loopId?: (s: IRStmt & { op: 'loop' }) => number | null;
}

const COMPONENTS = ['x', 'y', 'z', 'w'];

/** A helper's WGSL name; a helper with gather parameters gets one per combination of kernel gathers. */
export function helperFnName(name: string, gathers: number[] = []): string {
  return `h_${safeName(name)}${gathers.map((g) => `_g${g}`).join('')}`;
}

export class BodyWriter {
  private temp = 0;

  constructor(private readonly ctx: BodyContext) {}

  stmts(list: IRStmt[], indent: string): string[] {
    const out: string[] = [];
    for (const s of list) out.push(...this.stmt(s, indent));
    return out;
  }

  private stmt(s: IRStmt, ind: string): string[] {
    const pre: string[] = [];
    const inner = ind + '  ';
    switch (s.op) {
      case 'declare': {
        const t = wgslType(s.type);
        if (!s.init) return [`${ind}var ${safeName(s.name)}: ${t};`];
        const v = this.expr(s.init, pre, ind);
        return [...pre, `${ind}var ${safeName(s.name)}: ${t} = ${v};`];
      }
      case 'assign': {
        const v = this.expr(s.value, pre, ind);
        return [...pre, ...this.assign(s.target, v, pre, ind)];
      }
      case 'expr': {
        const v = this.expr(s.expr, pre, ind, true);
        // Pure expressions have no effect; calls already left their statements in `pre`.
        if (v !== '' && s.expr.op === 'call') pre.push(`${ind}_ = ${v};`);
        return pre;
      }
      case 'if': {
        const c = this.expr(s.cond, pre, ind);
        const out = [...pre, `${ind}if (${c}) {`, ...this.stmts(s.then, inner)];
        if (s.else.length > 0) out.push(`${ind}} else {`, ...this.stmts(s.else, inner));
        out.push(`${ind}}`);
        return out;
      }
      case 'loop': {
        const out = [`${ind}{`];
        out.push(...this.stmts(s.init, inner));
        out.push(`${inner}loop {`);
        const body = inner + '  ';
        const id = this.ctx.loopId?.(s) ?? null;
        if (id !== null) out.push(budgetTest(id, body));
        const condPre: string[] = [];
        const cond = s.cond ? this.expr(s.cond, condPre, body + '  ') : null;
        if (s.testFirst && cond !== null) out.push(...condPre, `${body}if (!(${cond})) { break; }`);
        out.push(...this.stmts(s.body, body));
        const cont = this.stmts(s.update, body + '  ');
        if (!s.testFirst && cond !== null) cont.push(...condPre, `${body}  break if !(${cond});`);
        if (cont.length > 0) out.push(`${body}continuing {`, ...cont, `${body}}`);
        out.push(`${inner}}`, `${ind}}`);
        return out;
      }
      case 'break': return [`${ind}break;`];
      case 'continue': return [`${ind}continue;`];
      case 'return': {
        if (!s.value) return [`${ind}return;`];
        const v = this.expr(s.value, pre, ind);
        return [...pre, `${ind}return ${v};`];
      }
      case 'push': {
        const v = this.expr(s.value, pre, ind);
        return [...pre, ...this.ctx.push(s.param, v, ind)];
      }
    }
  }

  private newTemp(): string {
    return `t_${this.temp++}`;
  }

  /** Text of an lvalue's root. */
  private root(lv: IRLValue): string {
    if (lv.root.kind === 'param') return this.ctx.paramLValue(lv.root.index);
    const n = safeName(lv.root.name);
    return this.ctx.pointers.has(lv.root.name) ? `(*${n})` : n;
  }

  /** Assignment statements of `value` (already evaluated text) into `lv`. */
  assign(lv: IRLValue, value: string, pre: string[], ind: string): string[] {
    let base = this.root(lv);
    let mask: number[] | null = null;
    for (const p of lv.path) {
      if (p.kind === 'field') base = `${base}.${fieldName(p.name)}`;
      else if (p.kind === 'index') {
        const i = this.expr(p.index, pre, ind);
        base = `${base}[${scalarKind(p.index.type) === 'f32' ? `i32(${i})` : i}]`;
      } else mask = mask === null ? p.components : p.components.map((c) => mask![c]!);
    }
    if (mask === null) return [`${ind}${base} = ${value};`];
    if (mask.length === 1) return [`${ind}${base}.${COMPONENTS[mask[0]!]} = ${value};`];
    const t = this.newTemp();
    const out = [`${ind}{`, `${ind}  let ${t} = ${value};`];
    mask.forEach((c, k) => out.push(`${ind}  ${base}.${COMPONENTS[c]} = ${t}.${COMPONENTS[k]};`));
    out.push(`${ind}}`);
    return out;
  }

  /** An lvalue-shaped expression (local, out param, field, swizzle) as an IRLValue. */
  private toLValue(e: IRExpr): IRLValue | null {
    if (e.op === 'local') return { root: { kind: 'local', name: e.name }, type: e.type, path: [] };
    if (e.op === 'param') return { root: { kind: 'param', index: e.index }, type: e.type, path: [] };
    if (e.op === 'field' || e.op === 'swizzle') {
      const inner = this.toLValue(e.value);
      if (!inner) return null;
      inner.path.push(e.op === 'field' ? { kind: 'field', name: e.field } : { kind: 'swizzle', components: e.components });
      inner.type = e.type;
      return inner;
    }
    return null;
  }

  /** Expression text; statements it needs first go to `pre`. `asStatement`: a void call may yield ''. */
  expr(e: IRExpr, pre: string[], ind: string, asStatement = false): string {
    switch (e.op) {
      case 'const': return constText(e.type, e.value);
      case 'local': {
        const n = safeName(e.name);
        return this.ctx.pointers.has(e.name) ? `(*${n})` : n;
      }
      case 'param': return this.ctx.param(e.index);
      case 'binary': return this.binary(e, pre, ind);
      case 'unary': {
        const v = this.expr(e.operand, pre, ind);
        if (e.operator === '!' && scalarKind(e.operand.type) !== 'bool') return `(${v} == ${wgslType(e.operand.type)}())`;
        return `(${e.operator}${v})`;
      }
      case 'select': {
        const c = this.expr(e.cond, pre, ind);
        const t = this.expr(e.then, pre, ind);
        const f = this.expr(e.else, pre, ind);
        return `select(${f}, ${t}, ${c})`;
      }
      case 'convert': {
        const v = this.expr(e.value, pre, ind);
        const to = scalarKind(e.type);
        if (scalarKind(e.value.type) === 'f32' && (to === 'i32' || to === 'u32')) return floatToInt(this.ctx.lib, e.value.type, to, v);
        return `${wgslType(e.type)}(${v})`;
      }
      case 'splat': return `${wgslType(e.type)}(${this.expr(e.value, pre, ind)})`;
      case 'swizzle': {
        const v = this.expr(e.value, pre, ind);
        if (e.value.type.kind === 'scalar') return componentCount(e.type) === 1 ? v : `${wgslType(e.type)}(${v})`;
        return `${v}.${e.components.map((c) => COMPONENTS[c]).join('')}`;
      }
      case 'construct': {
        const args = e.args.map((a) => this.expr(a, pre, ind));
        return `${wgslType(e.type)}(${args.join(', ')})`;
      }
      case 'field': return `${this.expr(e.value, pre, ind)}.${fieldName(e.field)}`;
      case 'builtin': return this.builtin(e, pre, ind);
      case 'call': return this.call(e, pre, ind, asStatement);
      case 'gather': {
        const coords = e.index.map((i) => ({ text: this.expr(i, pre, ind), type: i.type, ir: i }));
        return this.ctx.gather(e.param, coords);
      }
      case 'indexof': return this.ctx.indexof(e.param);
      case 'helperIndexof': return this.ctx.helperIndexof(e.param);
    }
  }

  private binary(e: Extract<IRExpr, { op: 'binary' }>, pre: string[], ind: string): string {
    let a = this.expr(e.left, pre, ind);
    const b = this.expr(e.right, pre, ind);
    if (e.left.op === 'const' && e.right.op === 'const') {
      const t = this.newTemp();
      pre.push(`${ind}let ${t} = ${a};`);
      a = t;
    }
    const t = e.left.type;
    const kind = scalarKind(t);
    switch (e.operator) {
      case '%':
        if (kind === 'f32') return floatMod(this.ctx.lib, t, a, b);
        return this.intDiv('%', t, a, b);
      case '/':
        if (kind === 'f32') return floatDiv(this.ctx.lib, t, a, b);
        return this.intDiv('/', t, a, b);
      case '<<': case '>>': {
        const u = componentCount(t) === 1 ? 'u32' : `vec${componentCount(t)}<u32>`;
        return `(${a} ${e.operator} (bitcast<${u}>(${b}) & ${u}(31u)))`;
      }
      case '!=':
        // Vulkan drivers may compile float != as an ordered comparison (false with NaN); C says true.
        if (kind === 'f32') return `(!(${a} == ${b}))`;
        return `(${a} != ${b})`;
      case '^':
        if (kind === 'bool') return `(${a} != ${b})`;
        return `(${a} ^ ${b})`;
      default:
        return `(${a} ${e.operator} ${b})`;
    }
  }

  /** Integer division and remainder by zero give 0 (as on the CPU backend); WGSL would give x or 0. */
  private intDiv(op: '/' | '%', t: Type, a: string, b: string): string {
    const ty = wgslType(t);
    const zero = `${ty}()`;
    const one = `${ty}(1)`;
    return `select(${a} ${op} select(${b}, ${one}, ${b} == ${zero}), ${zero}, ${b} == ${zero})`;
  }

  private builtin(e: Extract<IRExpr, { op: 'builtin' }>, pre: string[], ind: string): string {
    if ((e.name === 'frexp' || e.name === 'modf') && e.args.length === 2) {
      const x = this.expr(e.args[0]!, pre, ind);
      const lv = this.toLValue(e.args[1]!);
      if (!lv) throw new Error(`internal: ${e.name}'s second argument is not assignable`);
      const fn = e.name === 'frexp' ? frexpParts(this.ctx.lib, e.args[0]!.type) : modfParts(this.ctx.lib, e.args[0]!.type);
      const tmp = this.newTemp();
      const res = this.newTemp();
      pre.push(`${ind}var ${tmp}: ${wgslType(e.args[1]!.type)};`);
      pre.push(`${ind}let ${res} = ${fn}(${x}, &${tmp});`);
      pre.push(...this.assign(lv, tmp, pre, ind));
      return res;
    }
    if (!BUILTIN_NAMES.has(e.name)) throw new Error(`internal: unknown built-in '${e.name}'`);
    const args = e.args.map((a) => ({ text: this.expr(a, pre, ind), type: a.type }));
    // Arguments used more than once in the WGSL text are evaluated once, into lets.
    const once = args.map((a) => (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(a.text) ? a : this.letOf(a, pre, ind)));
    return builtinCall(this.ctx.lib, e.name, once, e.type);
  }

  private letOf(a: { text: string; type: Type }, pre: string[], ind: string): { text: string; type: Type } {
    const t = this.newTemp();
    pre.push(`${ind}let ${t} = ${a.text};`);
    return { text: t, type: a.type };
  }

  private call(e: Extract<IRExpr, { op: 'call' }>, pre: string[], ind: string, asStatement: boolean): string {
    const h = this.ctx.helpers.get(e.helper);
    if (!h) throw new Error(`internal: unknown helper kernel '${e.helper}'`);
    const args: string[] = [];
    const copyOut: string[] = [];
    const gathers: number[] = [];
    h.params.forEach((p, i) => {
      const lv = e.outArgs[i];
      if (p.type.kind === 'gather') {
        // Not an argument: the callee is specialized for the kernel gather it names.
        const g = e.args[i]!;
        if (g.op !== 'param') throw new Error(`internal: gather argument ${i} of helper '${h.name}' does not name a gather`);
        gathers.push(this.ctx.gatherParam(g.index));
      } else if (p.isOut && lv) {
        // Cg's `out`: copy-out only, the parameter starts at zero (as on the CPU backend).
        const tmp = this.newTemp();
        pre.push(`${ind}var ${tmp}: ${wgslType(p.type)};`);
        args.push(`&${tmp}`);
        copyOut.push(...this.assign(lv, tmp, pre, ind));
      } else if (p.isOut) {
        // An out argument the caller drops: a scratch variable.
        const tmp = this.newTemp();
        pre.push(`${ind}var ${tmp}: ${wgslType(p.type)};`);
        args.push(`&${tmp}`);
      } else {
        args.push(this.expr(e.args[i]!, pre, ind));
      }
    });
    for (const ix of e.indexofArgs) args.push(this.expr(ix, pre, ind));
    const text = `${this.ctx.helperName(h, gathers)}(${args.join(', ')})`;
    if (h.returnType.kind === 'void') {
      pre.push(`${ind}${text};`, ...copyOut);
      if (!asStatement) throw new Error(`internal: value of void helper '${h.name}' used`);
      return '';
    }
    if (copyOut.length === 0 && !asStatement) return text;
    const r = this.newTemp();
    pre.push(`${ind}let ${r} = ${text};`, ...copyOut);
    return asStatement ? '' : r;
  }
}

/** A constant of any kernel type (scalars, vectors, structs from their flat components). */
export function constText(t: Type, value: number[]): string {
  if (t.kind === 'scalar') return scalarLiteral(scalarKind(t), value[0] ?? 0);
  if (t.kind === 'vector') {
    const k = scalarKind(t);
    const comps = Array.from({ length: t.size }, (_, i) => scalarLiteral(k, value[i] ?? 0));
    return `${wgslType(t)}(${comps.join(', ')})`;
  }
  if (t.kind === 'struct') {
    let off = 0;
    const fields = t.fields.map((f) => {
      const n = flatLength(f.type);
      const s = constText(f.type, value.slice(off, off + n));
      off += n;
      return s;
    });
    return `${structName(t.name)}(${fields.join(', ')})`;
  }
  if (t.kind === 'array' && t.length !== null) {
    const n = flatLength(t.elem);
    const items = Array.from({ length: t.length }, (_, i) => constText(t.elem, value.slice(i * n, (i + 1) * n)));
    return `${wgslType(t)}(${items.join(', ')})`;
  }
  throw new Error(`internal: constant of type ${t.kind}`);
}

export function flatLength(t: Type): number {
  if (t.kind === 'scalar') return 1;
  if (t.kind === 'vector') return t.size;
  if (t.kind === 'struct') return t.fields.reduce((s, f) => s + flatLength(f.type), 0);
  if (t.kind === 'array') return (t.length ?? 0) * flatLength(t.elem);
  return 0;
}

/** A helper kernel as a WGSL function: value parameters, out parameters as ptr<function, T>,
 *  then one hidden vec4<f32> per stream parameter whose indexof the body reads. */
export function writeHelper(h: IRHelper, base: Omit<BodyContext, 'pointers' | 'helperIndexof'>, gathers: number[] = []): string {
  const pointers = new Set(h.params.filter((p) => p.isOut).map((p) => p.name));
  const hidden = new Map(h.hiddenIndexofParams.map((p, k) => [p, `hix_${k}`]));
  // Gather parameter i of the helper (by parameter position) -> the kernel's gather parameter.
  const gatherOf = new Map<number, number>();
  h.params.forEach((p, i) => {
    if (p.type.kind === 'gather') gatherOf.set(i, gathers[gatherOf.size]!);
  });
  const kernelGather = (i: number) => {
    const g = gatherOf.get(i);
    if (g === undefined) throw new Error(`internal: helper '${h.name}' gathers from parameter ${i}, which is not a gather`);
    return g;
  };
  const ctx: BodyContext = {
    ...base,
    gather: (i, coords) => base.gather(kernelGather(i), coords),
    gatherParam: kernelGather,
    pointers,
    // A helper's parameters may be read as locals by name or as params by position.
    param: (i) => (h.params[i]!.isOut ? `(*${safeName(h.params[i]!.name)})` : `${safeName(h.params[i]!.name)}_v`),
    paramLValue: (i) => (h.params[i]!.isOut ? `(*${safeName(h.params[i]!.name)})` : `${safeName(h.params[i]!.name)}_v`),
    helperIndexof: (i) => {
      const n = hidden.get(i);
      if (!n) throw new Error(`internal: helper '${h.name}' reads indexof of parameter ${i} without a hidden argument`);
      return n;
    },
  };
  const values = h.params.filter((p) => p.type.kind !== 'gather');
  const params = values.map((p) => `${safeName(p.name)}: ${p.isOut ? `ptr<function, ${wgslType(p.type)}>` : wgslType(p.type)}`);
  for (const n of hidden.values()) params.push(`${n}: vec4<f32>`);
  const ret = h.returnType.kind === 'void' ? '' : ` -> ${wgslType(h.returnType)}`;
  // WGSL parameters are immutable: copy value parameters into vars so the body may assign them.
  const copies = values.filter((p) => !p.isOut).map((p) => `  var ${safeName(p.name)}_v = ${safeName(p.name)};`);
  const body = new BodyWriter(ctx).stmts(renameParams(h), '  ');
  const needsReturn = h.returnType.kind !== 'void' && !endsWithReturn(h.body);
  const tail = needsReturn ? [`  return ${wgslType(h.returnType)}();`] : [];
  return [`fn ${helperFnName(h.name, gathers)}(${params.join(', ')})${ret} {`, ...copies, ...body, ...tail, '}'].join('\n');
}

function endsWithReturn(body: IRStmt[]): boolean {
  const last = body[body.length - 1];
  return last !== undefined && last.op === 'return';
}

/** Value parameters are read and written as their `_v` copies inside the helper body. */
function renameParams(h: IRHelper): IRStmt[] {
  const values = new Set(h.params.filter((p) => !p.isOut).map((p) => p.name));
  const ren = (n: string) => (values.has(n) ? `${n}_v` : n);
  const ex = (e: IRExpr): IRExpr => mapExpr(e, ren);
  const lv = (l: IRLValue): IRLValue => ({
    ...l,
    root: l.root.kind === 'local' ? { kind: 'local', name: ren(l.root.name) } : l.root,
    path: l.path.map((p) => (p.kind === 'index' ? { kind: 'index', index: ex(p.index) } : p)),
  });
  const st = (s: IRStmt): IRStmt => {
    switch (s.op) {
      case 'declare': return { ...s, init: s.init ? ex(s.init) : null };
      case 'assign': return { ...s, target: lv(s.target), value: ex(s.value) };
      case 'expr': return { ...s, expr: ex(s.expr) };
      case 'if': return { ...s, cond: ex(s.cond), then: s.then.map(st), else: s.else.map(st) };
      case 'loop': return { ...s, init: s.init.map(st), cond: s.cond ? ex(s.cond) : null, update: s.update.map(st), body: s.body.map(st) };
      case 'return': return { ...s, value: s.value ? ex(s.value) : null };
      case 'push': return { ...s, value: ex(s.value) };
      default: return s;
    }
  };
  return h.body.map(st);

  function mapExpr(e: IRExpr, f: (n: string) => string): IRExpr {
    switch (e.op) {
      case 'local': return { ...e, name: f(e.name) };
      case 'binary': return { ...e, left: mapExpr(e.left, f), right: mapExpr(e.right, f) };
      case 'unary': return { ...e, operand: mapExpr(e.operand, f) };
      case 'select': return { ...e, cond: mapExpr(e.cond, f), then: mapExpr(e.then, f), else: mapExpr(e.else, f) };
      case 'convert': case 'splat': case 'swizzle': case 'field': return { ...e, value: mapExpr(e.value, f) } as IRExpr;
      case 'construct': return { ...e, args: e.args.map((a) => mapExpr(a, f)) };
      case 'builtin': return { ...e, args: e.args.map((a) => mapExpr(a, f)) };
      case 'call': return { ...e, args: e.args.map((a) => mapExpr(a, f)), indexofArgs: e.indexofArgs.map((a) => mapExpr(a, f)), outArgs: e.outArgs.map((o) => (o ? lv(o) : o)) };
      case 'gather': return { ...e, index: e.index.map((a) => mapExpr(a, f)) };
      default: return e;
    }
  }
}
