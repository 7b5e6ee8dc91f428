/**
 * Whole programs for the differential fuzzer: a host main() that fills streams from literal arrays
 * (streamRead), calls generated kernels (maps with gathers, loops, helpers, structs, iterators and
 * indexof; reductions full and partial; vout), writes every output back (streamWrite) and prints each
 * value as one line `NAME INDEX VALUE` (`%.9g`: float32 round-trips exactly; `%d` for ints).
 * Program `index` under `seed` is a pure function of the two (Rng.forInput).
 *
 * Values are exact by construction (gen-expr.ts), so every printed value must agree bit for bit,
 * except the outputs built with a transcendental built-in or a division, which are applied last and
 * carry the tolerance of WGSL's accuracy table for their argument range (`classes`). Every loop has a
 * constant trip bound (at most 6), so every program terminates.
 */
import { ExprGen, fits, floatLit, qOf, type Limit, type Scope, type Term } from './gen-expr.js';
import { Rng } from './rng.js';

/** How the printed values of one output name are compared (compare.ts). */
export type OutputClass = { kind: 'exact' } | { kind: 'approx'; fn: string; ulp: number; abs: number; zeroSign?: boolean };

export interface GeneratedProgram {
  text: string;
  classes: Record<string, OutputClass>;
  /** The constructs the program holds (for the run's counts). */
  features: string[];
}

interface HostStream {
  name: string;
  elem: 'float' | 'int' | 'float2' | 'FzS';
  shape: number[];
  bound: number;
  q: number;
}

const DATA: Limit = { bound: 8, q: 2 };
const OUT: Limit = { bound: 2 ** 15, q: 6 };
const LOCAL: Limit = { bound: 512, q: 5 };

/** An output parameter of a map kernel, the stream it writes and what it holds. */
interface MapOutput {
  p: string;
  host: HostStream;
  kind: 'float' | 'int' | 'float4' | 'math' | 'FzS';
}

const size = (shape: number[]) => shape.reduce((a, b) => a * b, 1);
const ext = (shape: number[]) => `<${shape.join(', ')}>`;

export function generateProgram(seed: number, index: number): GeneratedProgram {
  return new ProgramGen(Rng.forInput(seed ^ 0x5bd1e995, index)).build();
}

class ProgramGen {
  private top: string[] = [];
  private main: string[] = [];
  /** Lines printing a kernel's outputs, made with the kernel and placed after its call. */
  private after: string[] = [];
  private decls: string[] = [];
  private classes: Record<string, OutputClass> = {};
  private features = new Set<string>();
  private n = 0;
  private usesStruct = false;

  constructor(private readonly r: Rng) {}

  private fresh(p: string): string {
    return `${p}${this.n++}`;
  }

  build(): GeneratedProgram {
    const r = this.r;
    // Mostly small; now and then large enough for the GPU's other schedules (several workgroups,
    // 32x8 tiles and vec4 stores of 2-D maps, reductions over many 256-element chunks).
    const large = r.chance(0.1);
    const shape = r.chance(0.7)
      ? [large ? 200 + r.int(2800) : 1 + r.int(r.chance(0.2) ? 300 : 24)]
      : large ? [8 + r.int(17), 4 * (4 + r.int(20)) + (r.chance(0.3) ? r.int(4) : 0)] : [1 + r.int(6), 1 + r.int(6)];
    if (large) this.features.add('large');
    const inputs: HostStream[] = [];
    const nf = 1 + r.int(3);
    for (let i = 0; i < nf; i++) inputs.push(this.readStream('float', shape));
    if (r.chance(0.4)) inputs.push(this.readStream('int', shape));
    if (r.chance(0.25)) inputs.push(this.readStream('float2', shape));
    if (r.chance(0.2)) inputs.push(this.readStream('FzS', shape));
    if (shape.length === 1 && r.chance(0.15)) {
      // A stream of another length: read resized (docs/DECISIONS.md "Shape resizing").
      inputs.push(this.readStream('float', [1 + r.int(24)]));
      this.features.add('resize');
    }
    const outs = this.mapKernel(inputs, shape);
    if (r.chance(0.35)) {
      const feed = [...outs.filter((o) => o.elem === 'float' && o.shape === shape), ...inputs.filter((s) => s.elem === 'float' && s.shape === shape)];
      if (feed.length > 0) this.mapKernel([r.pick(feed), ...inputs.filter(() => r.chance(0.3))], shape);
    }
    if (r.chance(0.45)) this.reduction(r.pick([...inputs, ...outs].filter((s) => (s.elem === 'float' || s.elem === 'int') && s.shape === shape)), shape);
    if (r.chance(0.2)) this.sumLoop();
    if (shape.length === 1 && r.chance(0.3)) this.vout(r.pick(inputs.filter((s) => s.elem === 'float' && s.shape === shape)), shape);
    const head = ['#include <stdio.h>', ''];
    if (this.usesStruct) head.push('typedef struct {', '  float a;', '  float2 b;', '} FzS;', '');
    const text = [...head, ...this.top, 'int main(void) {', '  int i, n;', ...this.decls.map((d) => `  ${d}`), ...this.main.map((l) => `  ${l}`), '  return 0;', '}', ''].join('\n');
    return { text, classes: this.classes, features: [...this.features].sort() };
  }

  private datum(elem: 'float' | 'int'): string {
    return elem === 'int' ? String(this.r.int(41) - 20) : String(this.r.int(65) / 4 - 8);
  }

  /**
   * A host array `host` of `count` input values (quarters in [-8, 8], or ints in [-20, 20]): literals
   * when few; when many, a fill loop `host[i] = (i * A + (i / C) * D + B) % 65 - 32` (times 0.25),
   * so a large program's host code is not thousands of literals that every backend's run compiles
   * again (for 3000 elements they cost more than the program's kernels).
   */
  private hostValues(base: 'float' | 'int', count: number, host: string): void {
    if (count <= 64) {
      this.decls.push(`${base} ${host}[${count}] = {${Array.from({ length: count }, () => this.datum(base)).join(', ')}};`);
      return;
    }
    const r = this.r;
    const [a, b, c, d] = [1 + 2 * r.int(40), r.int(1000), 2 + r.int(9), 1 + r.int(50)];
    const mixed = `(i * ${a} + (i / ${c}) * ${d} + ${b})`;
    this.decls.push(`${base} ${host}[${count}];`);
    this.main.push(`for (i = 0; i < ${count}; i++) ${host}[i] = ${base === 'int' ? `${mixed} % 41 - 20` : `(float)(${mixed} % 65 - 32) * 0.25f`};`);
  }

  /** A host array of input values read into a new stream. */
  private readStream(elem: HostStream['elem'], shape: number[]): HostStream {
    const name = this.fresh('s');
    const n = size(shape);
    if (elem === 'FzS') {
      this.usesStruct = true;
      this.features.add('struct');
      const host = name.toUpperCase();
      this.hostValues('float', 3 * n, `${host}v`);
      this.decls.push(`FzS ${host}[${n}];`, `FzS ${name}${ext(shape)};`);
      this.main.push(`for (i = 0; i < ${n}; i++) { ${host}[i].a = ${host}v[3 * i]; ${host}[i].b.x = ${host}v[3 * i + 1]; ${host}[i].b.y = ${host}v[3 * i + 2]; }`);
      this.main.push(`streamRead(${name}, ${host});`);
      return { name, elem, shape, ...DATA };
    }
    const comps = elem === 'float2' ? 2 : 1;
    const base = elem === 'int' ? 'int' : 'float';
    this.hostValues(base, comps * n, name.toUpperCase());
    this.decls.push(`${elem} ${name}${ext(shape)};`);
    this.main.push(`streamRead(${name}, ${name.toUpperCase()});`);
    if (elem === 'int') this.features.add('int');
    return { name, elem, shape, bound: elem === 'int' ? 20 : DATA.bound, q: elem === 'int' ? 0 : DATA.q };
  }

  private gatherArray(scope: Scope, params: string[], args: string[]): void {
    const r = this.r;
    const rank = r.pick([1, 1, 1, 2, 2, 3, 4] as const);
    const extents = Array.from({ length: rank }, () => 1 + r.int(rank === 1 ? 10 : rank === 2 ? 5 : 3));
    const s = this.readStream('float', extents);
    const pname = this.fresh('g');
    params.push(`float ${pname}${'[]'.repeat(rank)}`);
    args.push(s.name);
    scope.gathers.push({ name: pname, rank, extents, bound: s.bound, q: s.q });
    this.features.add(`gather${rank}`);
  }

  private helper(scope: Scope): void {
    const name = this.fresh('fz_h');
    const arg: Limit = { bound: 16, q: 3 };
    const inner: Scope = { floats: [{ type: 'float', text: 'x', ...arg }, { type: 'float', text: 'y', ...arg }], ints: [], gathers: [], helpers: [] };
    const body = new ExprGen(this.r, inner).float(2, { bound: 1024, q: 6 });
    this.top.push(`kernel float ${name}(float x, float y) { return ${body.text}; }`, '');
    scope.helpers.push({ name, arg, result: { ...body, text: '' } });
    this.features.add('helper');
  }

  /** A map kernel over `inputs` (same shape, or resized), its call, and its printed outputs. */
  private mapKernel(inputs: HostStream[], shape: number[]): HostStream[] {
    const r = this.r;
    const kname = this.fresh('fz_k');
    const params: string[] = [];
    const args: string[] = [];
    const scope: Scope = { floats: [], ints: [], gathers: [], helpers: [] };
    for (const s of inputs) {
      const p = this.fresh('a');
      params.push(`${s.elem} ${p}<>`);
      args.push(s.name);
      if (s.elem === 'float') scope.floats.push({ type: 'float', text: p, bound: s.bound, q: s.q });
      else if (s.elem === 'int') scope.ints.push({ type: 'int', text: p, bound: s.bound, q: 0 });
      else if (s.elem === 'float2') {
        scope.floats.push({ type: 'float', text: `${p}.x`, ...DATA }, { type: 'float', text: `${p}.y`, ...DATA });
        scope.floats.push({ type: 'float', text: `dot(${p}, ${p})`, bound: 2 * DATA.bound ** 2, q: 2 * DATA.q });
      } else scope.floats.push({ type: 'float', text: `${p}.a`, ...DATA }, { type: 'float', text: `${p}.b.y`, ...DATA });
    }
    if (r.chance(0.5)) this.gatherArray(scope, params, args);
    if (r.chance(0.2)) this.gatherArray(scope, params, args);
    if (r.chance(0.3)) {
      const c = r.pick([0.5, 1.5, -2, 3, 0.25]);
      const p = this.fresh('c');
      params.push(`float ${p}`);
      args.push(floatLit(c));
      scope.floats.push({ type: 'float', text: p, bound: Math.abs(c), q: qOf(c) });
    }
    if (shape.length === 1 && r.chance(0.3)) {
      const lo = r.pick([0, -2, 1.5, -0.25]);
      const step = r.pick([0.25, 0.5, 1, 2]);
      const it = this.fresh('it');
      const hi = lo + shape[0]! * step;
      this.decls.push(`iter float ${it}${ext(shape)} = iter(${floatLit(lo)}, ${floatLit(hi)});`);
      const p = this.fresh('a');
      params.push(`iter float ${p}<>`);
      args.push(it);
      scope.floats.push({ type: 'float', text: p, bound: Math.max(Math.abs(lo), Math.abs(hi)), q: Math.max(qOf(lo), qOf(step)) });
      this.features.add('iter');
    } else if (shape.length === 2 && r.chance(0.3)) {
      // .x steps along the columns (the last extent), .y along the rows.
      const lo = [r.pick([0, -1, 0.5]), r.pick([0, 2, -0.25])];
      const step = [r.pick([0.25, 0.5, 1]), r.pick([0.5, 1, 2])];
      const hi = [lo[0]! + shape[1]! * step[0]!, lo[1]! + shape[0]! * step[1]!];
      const it = this.fresh('it');
      this.decls.push(`iter float2 ${it}${ext(shape)} = iter(float2(${floatLit(lo[0]!)}, ${floatLit(lo[1]!)}), float2(${floatLit(hi[0]!)}, ${floatLit(hi[1]!)}));`);
      const p = this.fresh('a');
      params.push(`iter float2 ${p}<>`);
      args.push(it);
      for (const [c, k] of [['x', 0], ['y', 1]] as const) {
        scope.floats.push({ type: 'float', text: `${p}.${c}`, bound: Math.max(Math.abs(lo[k]!), Math.abs(hi[k]!)), q: Math.max(qOf(lo[k]!), qOf(step[k]!)) });
      }
      this.features.add('iter2');
    }
    if (r.chance(0.2)) {
      const v = r.int(9) - 3;
      const p = this.fresh('n');
      params.push(`int ${p}`);
      args.push(String(v));
      scope.ints.push({ type: 'int', text: p, bound: Math.abs(v), q: 0 });
    }
    if (r.chance(0.25)) this.helper(scope);
    // Outputs: declared now (indexof names one), assigned at the end of the body.
    const outs: MapOutput[] = [];
    const nOut = 1 + r.int(3);
    for (let i = 0; i < nOut; i++) {
      const kind = r.pick(['float', 'float', 'int', 'float4', 'math', 'math', ...(this.usesStruct || r.chance(0.2) ? (['FzS'] as const) : [])] as const);
      const p = this.fresh('o');
      const elemType = kind === 'math' ? 'float' : kind;
      // In place now and then: the first input (read element by element, never gathered) is also written.
      const inPlace = i === 0 && kind === 'float' && inputs[0]?.elem === 'float' && inputs[0].shape === shape && r.chance(0.2);
      const host: HostStream = inPlace ? inputs[0]! : { name: this.fresh('s'), elem: kind === 'int' ? 'int' : kind === 'FzS' ? 'FzS' : 'float', shape, ...OUT };
      if (kind === 'FzS') this.usesStruct = true;
      params.push(`out ${elemType} ${p}<>`);
      args.push(host.name);
      if (inPlace) this.features.add('inPlace');
      else this.decls.push(`${elemType} ${host.name}${ext(shape)};`);
      outs.push({ p, host, kind });
    }
    if (r.chance(0.3)) {
      const o = outs[0]!.p;
      scope.ints.push({ type: 'int', text: `(int)indexof(${o}).x`, bound: shape[shape.length - 1]!, q: 0 });
      if (shape.length === 2) scope.ints.push({ type: 'int', text: `(int)indexof(${o}).y`, bound: shape[0]!, q: 0 });
      this.features.add('indexof');
    }
    const body = this.body(scope);
    const g = new ExprGen(r, scope);
    // Every output is assigned at the end and, now and then, also in an early-return branch before it.
    const early = r.chance(0.15) ? g.cond(1) : undefined;
    const assign = () => this.assignOutputs(g, outs);
    const last = assign();
    const meta = last.meta;
    if (early) {
      const first = assign();
      body.push(`if (${early}) {`, ...first.lines.map((l) => `  ${l}`), '  return;', '}');
      first.meta.forEach((m, i) => {
        const b = meta[i]!;
        b.bound = Math.max(b.bound, m.bound);
        b.q = Math.max(b.q, m.q);
        // Two built-ins may reach one output: the larger of their bounds holds for both.
        if (b.cls.kind === 'approx' && m.cls.kind === 'approx') {
          b.cls = { kind: 'approx', fn: `${b.cls.fn}|${m.cls.fn}`, ulp: Math.max(b.cls.ulp, m.cls.ulp), abs: Math.max(b.cls.abs, m.cls.abs), zeroSign: b.cls.zeroSign || m.cls.zeroSign };
        }
      });
      this.features.add('return');
    }
    body.push(...last.lines);
    outs.forEach((o, i) => {
      const m = meta[i]!;
      if (o.kind === 'float') {
        o.host.bound = m.bound;
        o.host.q = m.q;
      }
      this.print(o.host, o.kind === 'math' ? 'float' : o.kind, m.cls);
      if (o.kind === 'float4') this.features.add('vector');
      if (o.kind === 'FzS') this.features.add('struct');
      if (o.kind === 'math') this.features.add('math');
    });
    this.top.push(`kernel void ${kname}(${params.join(', ')}) {`, ...body.map((l) => `  ${l}`), '}', '');
    this.main.push(`${kname}(${args.join(', ')});`, ...this.after.splice(0));
    return outs.filter((o) => o.kind === 'float').map((o) => o.host);
  }

  /** One assignment per output (exact expressions; a built-in applied last for a `math` one). */
  private assignOutputs(g: ExprGen, outs: readonly MapOutput[]): { lines: string[]; meta: { bound: number; q: number; cls: OutputClass }[] } {
    const r = this.r;
    const lines: string[] = [];
    const meta: { bound: number; q: number; cls: OutputClass }[] = [];
    for (const o of outs) {
      switch (o.kind) {
        case 'float': {
          const e = g.float(3, OUT);
          lines.push(`${o.p} = ${e.text};`);
          meta.push({ bound: e.bound, q: e.q, cls: { kind: 'exact' } });
          break;
        }
        case 'int':
          lines.push(`${o.p} = ${g.int(3, { bound: 2 ** 31, q: 0 }).text};`);
          meta.push({ bound: 0, q: 0, cls: { kind: 'exact' } });
          break;
        case 'float4': {
          const c = [0, 1, 2, 3].map(() => g.float(2, OUT).text);
          lines.push(r.chance(0.5) ? `${o.p} = float4(${c.join(', ')});` : `${o.p}.wzyx = float4(${c.join(', ')});`);
          meta.push({ bound: 0, q: 0, cls: { kind: 'exact' } });
          break;
        }
        case 'FzS':
          lines.push(`${o.p}.a = ${g.float(2, OUT).text};`, `${o.p}.b = float2(${g.float(2, OUT).text}, ${g.float(2, OUT).text});`);
          meta.push({ bound: 0, q: 0, cls: { kind: 'exact' } });
          break;
        case 'math': {
          const m = this.mathExpr(g);
          lines.push(`${o.p} = ${m.text};`);
          meta.push({ bound: 0, q: 0, cls: m.cls });
          break;
        }
      }
    }
    return { lines, meta };
  }

  /** Locals, branches and loops over them (each loop at most 6 trips). */
  private body(scope: Scope): string[] {
    const r = this.r;
    const lines: string[] = [];
    const g = new ExprGen(r, scope);
    const locals: Term[] = [];
    const nl = r.int(4);
    for (let i = 0; i < nl; i++) {
      const name = this.fresh('t');
      if (r.chance(0.75)) {
        const e = g.float(2, LOCAL);
        lines.push(`float ${name} = ${e.text};`);
        const t: Term = { type: 'float', text: name, bound: e.bound, q: e.q };
        locals.push(t);
        scope.floats.push(t);
      } else {
        lines.push(`int ${name} = ${g.int(2, { bound: 2 ** 31, q: 0 }).text};`);
        scope.ints.push({ type: 'int', text: name, bound: 2 ** 31, q: 0 });
      }
    }
    const ns = locals.length > 0 ? r.int(3) : 0;
    for (let i = 0; i < ns; i++) {
      const t = r.pick(locals);
      const k = r.int(5);
      if (k === 0) {
        const a = g.float(2, LOCAL), b = g.float(2, LOCAL);
        lines.push(`if (${g.cond(1)}) {`, `  ${t.text} = ${a.text};`, '} else {', `  ${t.text} = ${b.text};`, '}');
        t.bound = Math.max(a.bound, b.bound);
        t.q = Math.max(a.q, b.q);
      } else if (k === 1) {
        const a = g.float(2, LOCAL);
        const ci = r.int(2) === 0 ? g.int(1, { bound: 2 ** 31, q: 0 }).text : `(int)${r.pick(scope.floats).text}`;
        // Kernels have no switch (BRK2122): the chain a switch on `ci & 3` would be.
        lines.push(`if ((${ci} & 3) == 0) ${t.text} = ${a.text};`, `else if ((${ci} & 3) == ${1 + r.int(2)}) ${t.text} = ${t.text} * 0.5f;`);
        t.bound = Math.max(a.bound, t.bound);
        t.q = Math.max(a.q, t.q + 1);
      } else {
        // t = t + e, at most `trips` times; e may read the counter but not t itself.
        const trips = 1 + r.int(6);
        const idx = scope.floats.indexOf(t);
        scope.floats.splice(idx, 1);
        const ctr = this.fresh('i');
        scope.ints.push({ type: 'int', text: ctr, bound: trips, q: 0 });
        const e = g.float(2, { bound: 64, q: 4 });
        scope.ints.pop();
        scope.floats.splice(idx, 0, t);
        const grown: Term = { type: 'float', text: t.text, bound: t.bound + trips * e.bound, q: Math.max(t.q, e.q) };
        if (!fits(grown, LOCAL)) continue;
        const limitExpr = r.chance(0.5) ? String(trips) : `min(max(${g.int(1, { bound: 2 ** 31, q: 0 }).text}, 0), ${trips})`;
        const brk = r.chance(0.3) ? ` if (${g.cond(1)}) break;` : '';
        // continue only where the increment still runs (the for header).
        const cont = k === 2 && r.chance(0.3) ? ` if (${g.cond(1)}) continue;` : '';
        if (k === 2) lines.push(`for (int ${ctr} = 0; ${ctr} < ${limitExpr}; ${ctr}++) {${cont}`, `  ${t.text} = ${t.text} + ${e.text};${brk}`, '}');
        else if (k === 3) lines.push(`{ int ${ctr} = 0;`, `while (${ctr} < ${limitExpr}) {`, `  ${t.text} = ${t.text} + ${e.text};${brk}`, `  ${ctr}++;`, '} }');
        else lines.push(`{ int ${ctr} = 0;`, 'do {', `  ${t.text} = ${t.text} + ${e.text};${brk}`, `  ${ctr}++;`, `} while (${ctr} < ${limitExpr}); }`);
        t.bound = grown.bound;
        t.q = grown.q;
        this.features.add('loop');
      }
    }
    return lines;
  }

  /**
   * A transcendental built-in (or a division) of an exact argument, with the tolerance WGSL's
   * accuracy table gives over the argument's range (ulp of the result, plus an absolute part).
   */
  private mathExpr(g: ExprGen): { text: string; cls: OutputClass } {
    const r = this.r;
    const x = g.float(2, { bound: 64, q: 4 });
    const fn = r.pick(['sin', 'cos', 'exp', 'exp2', 'log', 'log2', 'sqrt', 'rsqrt', 'pow', 'atan', 'atan2', 'div', 'tanh', 'special', 'special', 'special']);
    const B = x.bound;
    switch (fn) {
      case 'special': {
        // Unrestricted arguments: infinities and NaNs (log(0), sqrt(-1), 0 / 0, exp(64)); the WGSL
        // writer spells out C's results where WGSL's are indeterminate (codegen/wgsl/builtins.ts).
        const y = g.float(2, { bound: 64, q: 4 });
        const sp = r.pick(['log', 'sqrt', 'rsqrt', 'div', 'exp', 'pow']);
        const text = sp === 'div' ? `(${y.text} / ${x.text})` : sp === 'pow' ? `pow(${x.text}, ${y.text})` : `${sp}(${x.text})`;
        const ulp = sp === 'exp' ? 3 + 2 * B : sp === 'pow' ? 3 + 2 * 64 * Math.max(2, Math.log2(B + 1)) + 64 : sp === 'div' ? 2.5 : 5;
        this.features.add('special');
        // 1 / +-0, pow(+-0, y < 0): the sign of the infinity is the zero's, which WGSL may drop.
        return { text, cls: { kind: 'approx', fn: `${sp} (unrestricted)`, ulp: Math.ceil(ulp), abs: sp === 'log' ? 2 ** -21 : 0, zeroSign: ['div', 'rsqrt', 'pow'].includes(sp) } };
      }
      case 'sin': case 'cos':
        return { text: `${fn}(clamp(${x.text}, -3.0f, 3.0f))`, cls: { kind: 'approx', fn, ulp: 0, abs: 2 ** -11 } };
      case 'exp': case 'exp2':
        return { text: `${fn}(clamp(${x.text}, -8.0f, 8.0f))`, cls: { kind: 'approx', fn, ulp: 3 + 2 * Math.min(B, 8), abs: 0 } };
      case 'log': case 'log2':
        return { text: `${fn}(abs(${x.text}) + 0.25f)`, cls: { kind: 'approx', fn, ulp: 3, abs: 2 ** -21 } };
      case 'sqrt':
        return { text: `sqrt(abs(${x.text}))`, cls: { kind: 'approx', fn, ulp: 5, abs: 0 } };
      case 'rsqrt':
        return { text: `rsqrt(abs(${x.text}) + 0.25f)`, cls: { kind: 'approx', fn, ulp: 2, abs: 0 } };
      case 'pow': {
        // Inherited from exp2(y * log2(x)): x in [0.25, B + 0.25], |y| <= 3.
        const y = g.float(1, { bound: 3, q: 2 });
        const z = 3 * Math.max(2, Math.log2(B + 0.25));
        const ulp = Math.ceil(3 + 2 * z + (Math.LN2 * (3 * (2 ** -21 + 3 * 2 ** -23 * z) + 2 ** -24 * z)) * 2 ** 23);
        return { text: `pow(abs(${x.text}) + 0.25f, clamp(${y.text}, -3.0f, 3.0f))`, cls: { kind: 'approx', fn, ulp, abs: 0 } };
      }
      case 'atan':
        return { text: `atan(${x.text})`, cls: { kind: 'approx', fn, ulp: 4096, abs: 0 } };
      case 'atan2': {
        const y = g.float(2, { bound: 64, q: 4 });
        // atan2(+-0, x < 0) is +-pi: the zero's sign, which WGSL may drop.
        return { text: `atan2(${y.text}, ${x.text} + 0.5f)`, cls: { kind: 'approx', fn, ulp: 4096, abs: 0, zeroSign: true } };
      }
      case 'tanh':
        // Inherited from sinh/cosh: absolute on the small range the argument is clamped to.
        return { text: `tanh(clamp(${x.text}, -4.0f, 4.0f))`, cls: { kind: 'approx', fn, ulp: 32, abs: 2 ** -20 } };
      default: {
        const y = g.float(2, { bound: 64, q: 4 });
        return { text: `(${y.text} / (abs(${x.text}) + 0.5f))`, cls: { kind: 'approx', fn: 'div', ulp: 2.5, abs: 0 } };
      }
    }
  }

  /** A reduction of `s` into one value and, when its length allows, into a shorter stream. */
  private reduction(s: HostStream | undefined, shape: number[]): void {
    if (!s) return;
    const r = this.r;
    const n = size(shape);
    const elem = s.elem as 'float' | 'int';
    const sumFits = elem === 'int' || fits({ type: 'float', text: '', bound: n * s.bound, q: s.q }, { bound: 2 ** 23, q: 30 });
    const bodies = elem === 'int' || sumFits ? ['r += a;', 'r = r + a;', 'r = max(r, a);', 'r = min(r, a);', 'if (a > r) r = a;'] : ['r = max(r, a);', 'r = min(r, a);', 'if (a < r) r = a;'];
    const body = r.pick(bodies);
    const kname = this.fresh('fz_r');
    this.top.push(`reduce void ${kname}(${elem} a<>, reduce ${elem} r<>) { ${body} }`, '');
    const v = this.fresh('rv');
    this.decls.push(`${elem} ${v};`);
    this.main.push(`${kname}(${s.name}, ${v});`);
    this.main.push(`printf("${v} 0 ${elem === 'int' ? '%d' : '%.9g'}\\n", ${v});`);
    this.classes[v] = { kind: 'exact' };
    this.features.add('reduce');
    {
      // Each element of the shorter stream reduces a block: its extents divide the input's.
      const divisorsOf = (e: number) => Array.from({ length: e }, (_, i) => i + 1).filter((d) => e % d === 0);
      const target = shape.map((e) => r.pick(divisorsOf(e)));
      if (size(target) === n || r.chance(0.4)) return;
      const host: HostStream = { name: this.fresh('rp'), elem, shape: target, bound: 0, q: 0 };
      this.decls.push(`${elem} ${host.name}${ext(target)};`);
      this.main.push(`${kname}(${s.name}, ${host.name});`);
      this.print(host, elem, { kind: 'exact' });
      this.main.push(...this.after.splice(0));
      this.features.add('reducePartial');
    }
  }

  /**
   * A counted sum loop over a row of a gather per output (the bench's SGEMV shape, which the WebGPU
   * backend may run as a cooperative loop, a workgroup per output: DECISIONS.md "Cooperative loops").
   * 64 to 128 trips of products of quarters: exact, so the lanes' order cannot show.
   */
  private sumLoop(): void {
    const r = this.r;
    const rows = 1 + r.int(40);
    const trips = 64 + r.int(65);
    const A = this.readStream('float', [rows, trips]);
    const x = this.readStream('float', [trips]);
    const kname = this.fresh('fz_m');
    const y: HostStream = { name: this.fresh('s'), elem: 'float', shape: [rows], bound: 0, q: 0 };
    const init = r.pick([0, 0.5, -3]);
    const skip = r.chance(0.3) ? '    if (v < 0.0f) continue;\n' : '';
    const term = r.pick(['v * x[i]', 'v', 'v * x[i] + x[i]']);
    const epilogue = r.pick(['s', 's * 0.5f', 's + (float)indexof(y).x']);
    const counter = r.chance(0.5) ? ['float i;', 'for (i = 0.0f; i < n; i += 1.0f) {'] : ['int i;', 'for (i = 0; i < (int)n; i++) {'];
    this.top.push(`kernel void ${kname}(float A[][], float x[], float n, out float y<>) {`, '  float row = indexof(y).x;', `  float s = ${floatLit(init)};`, `  ${counter[0]}`, `  ${counter[1]}`,
      '    float v = A[row][i];', ...(skip ? [skip.trimEnd()] : []), `    s += ${term};`, '  }', `  y = ${epilogue};`, '}', '');
    this.decls.push(`float ${y.name}<${rows}>;`);
    this.main.push(`${kname}(${A.name}, ${x.name}, ${floatLit(trips)}, ${y.name});`);
    this.print(y, 'float', { kind: 'exact' });
    this.main.push(...this.after.splice(0));
    this.features.add('sumLoop');
  }

  /** A vout kernel: zero, one or two pushes per element, in element order. */
  private vout(s: HostStream | undefined, shape: number[]): void {
    if (!s) return;
    const r = this.r;
    const kname = this.fresh('fz_v');
    const scope: Scope = { floats: [{ type: 'float', text: 'a', bound: s.bound, q: s.q }], ints: [], gathers: [], helpers: [] };
    const g = new ExprGen(r, scope);
    const lines = [`if (${g.cond(1)}) {`, `  o = ${g.float(2, OUT).text};`, '  push(o);', '}', `o = ${g.float(2, OUT).text};`, `if (${g.cond(1)}) push(o);`];
    this.top.push(`kernel void ${kname}(float a<>, vout [2] float o<>) {`, ...lines.map((l) => `  ${l}`), '}', '');
    const n = size(shape);
    const out = this.fresh('vo');
    this.decls.push(`float ${out}<${2 * n}>;`, `float ${out.toUpperCase()}[${2 * n}];`);
    this.main.push(`${kname}(${s.name}, ${out});`, `n = (int)streamSize(${out}).x;`, `printf("${out}n 0 %d\\n", n);`);
    this.main.push(`streamWrite(${out}, ${out.toUpperCase()});`, `for (i = 0; i < n; i++) printf("${out} %d %.9g\\n", i, ${out.toUpperCase()}[i]);`);
    this.classes[out] = { kind: 'exact' };
    this.classes[`${out}n`] = { kind: 'exact' };
    this.features.add('vout');
  }

  /** streamWrite of an output and one line per value. */
  private print(s: HostStream, elem: 'float' | 'int' | 'float4' | 'FzS', cls: OutputClass): void {
    const n = size(s.shape);
    const H = this.fresh('W');
    this.classes[s.name] = cls;
    if (elem === 'FzS') {
      this.decls.push(`FzS ${H}[${n}];`);
      this.after.push(`streamWrite(${s.name}, ${H});`, `for (i = 0; i < ${n}; i++) printf("${s.name} %d %.9g %.9g %.9g\\n", i, ${H}[i].a, ${H}[i].b.x, ${H}[i].b.y);`);
      return;
    }
    const comps = elem === 'float4' ? 4 : 1;
    const base = elem === 'int' ? 'int' : 'float';
    const fmt = base === 'int' ? '%d' : '%.9g';
    this.decls.push(`${base} ${H}[${comps * n}];`);
    const vals = Array.from({ length: comps }, (_, c) => `${H}[${comps} * i + ${c}]`);
    this.after.push(`streamWrite(${s.name}, ${H});`, `for (i = 0; i < ${n}; i++) printf("${s.name} %d${` ${fmt}`.repeat(comps)}\\n", i, ${vals.join(', ')});`);
  }
}

