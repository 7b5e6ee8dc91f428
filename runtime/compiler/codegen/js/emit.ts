/**
 * Kernel IR statements and expressions to JavaScript text, scalarized: every value is a list of flat
 * components (float4 -> 4, a struct -> its C-order components), each held in its own local. No object
 * or array is created per element, so V8 keeps everything in registers.
 *
 * Rules the writer follows (drivers.ts relies on them):
 * - `emitExpr` returns atoms (identifiers or literals), never larger expressions: every operation is
 *   materialized into a `const t<N>`. Atoms may be repeated freely (splat, broadcasting, swizzles).
 * - Evaluation order is the IR's; `&&`, `||` and `? :` with a scalar condition evaluate their right or
 *   unused side only when C would (the side may contain a helper call with a loop).
 * - Helper kernels are inlined with value semantics: arguments are copied into fresh locals, out
 *   arguments copied back after the body; `return` is a `break` out of a labelled block.
 * - Every `break`/`continue` is labelled, so nothing ever escapes into the driver's element loop.
 * - Every loop's back edge counts down `brk_n`; when it reaches 0 it reads the stop word `brk_w` and
 *   throws `brk_stop` if it is set (loop-poll.ts), so an endless loop can be stopped; the function
 *   around a body declares the counter (pollCounterLine).
 *   A kernel's own `return` jumps to the label `kbody`, after which the driver stores the outputs.
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from '../../ir.js';
import { emitBuiltin } from './builtins.js';
import { assignedLocals, exprComponents, helperCopyIn, helperCopyOut, helperGather, lvalueComponents, type ExprWriter } from '../scalar-form.js';
import { binary, convert, flatKinds, literal, unary, viewOf, zero } from './scalar.js';
import { loopPollEvery, STOP_NAME, STOP_WORD_NAME } from '../loop-poll.js';
import { ATOM, EXACT_F32, FIXED_NAMES, isWholeLiteral, namesIn, POLL_COUNTER, type EmitFacts, type ParamBinding, type Scope, type Var } from './bindings.js';
import { jsGatherFunction, type KernelFacts } from '../../facts/index.js';

export { pollCounterLine, POLL_COUNTER, type EmitFacts, type ParamBinding } from './bindings.js';


export class KernelEmitter {
  private lines: string[] = [];
  private depth = 2;
  private next = 0;
  private loops: { brk: string; cont: string }[] = [];
  private helpers: Map<string, IRHelper>;
  /** Names whose value may change after they are set (locals kept as `let`, writable parameters). */
  private mutable = new Set<string>();
  /** Per function body (kernel: '', helper: its name): locals assigned after their declaration. */
  private assigned = new Map<string, Set<string>>();
  /** Index classes of the gathers (compiler/facts): whether an index is rounded. */
  private readonly index: KernelFacts;
  private bounds: Map<string, number>;
  /** Back edges between loop polls (0: none; codegen/loop-poll.ts). */
  private readonly pollEvery = loopPollEvery();

  constructor(
    readonly ir: KernelIR,
    readonly params: ParamBinding[],
    /** The kernel's facts (compiler/facts); a launch's view of them with `facts.seeds`. */
    kernelFacts: KernelFacts,
    /** Code for `push(value)` to vout parameter `param`. */
    private readonly onPush?: (param: number, comps: string[]) => string[],
    private readonly facts?: EmitFacts,
  ) {
    this.helpers = new Map(ir.helpers.map((h) => [h.name, h]));
    this.index = facts?.seeds ? kernelFacts.seeded(facts.seeds) : kernelFacts;
    this.bounds = facts?.bounds ?? new Map();
    for (const b of params) if (b.writable) for (const c of b.comps ?? []) this.mutable.add(c);
    this.assigned.set('', assignedLocals(ir.body));
    for (const h of ir.helpers) this.assigned.set(h.name, assignedLocals(h.body));
  }

  /** A bound on |a| when a is a whole number known to be small (see EmitFacts.bounds). */
  private boundOf(a: string): number | undefined {
    const b = this.bounds.get(a);
    if (b !== undefined) return b;
    return isWholeLiteral(a) ? Math.abs(Number(a.replace(/[()]/g, ''))) : undefined;
  }

  /** `a op b` on floats without rounding when both are small whole numbers and so is the result. */
  private exactWhole(op: string, a: string, b: string): string | null {
    if (op !== '+' && op !== '-' && op !== '*') return null;
    const ba = this.boundOf(a);
    const bb = this.boundOf(b);
    if (ba === undefined || bb === undefined) return null;
    const bound = op === '*' ? ba * bb : ba + bb;
    if (!(bound < EXACT_F32)) return null;
    const t = this.atom(`(${a} ${op} ${b})`);
    if (!isWholeLiteral(t)) this.bounds.set(t, bound);
    return t;
  }

  /** The kernel body as lines, inside `kbody: { ... }`. */
  emitBody(indent: number): string[] {
    this.lines = [];
    this.depth = indent;
    const scope: Scope = {
      vars: new Map(),
      prefix: 'v_',
      params: this.params.map((b, k) => ({ ...b, type: b.type ?? this.ir.params[k]!.type })),
      assigned: this.assigned.get('')!,
    };
    this.line('kbody: {');
    this.depth++;
    this.emitStmts(this.ir.body, scope);
    this.depth--;
    this.line('}');
    return this.lines;
  }

  private line(s: string): void {
    this.lines.push('  '.repeat(this.depth) + s);
  }

  private fresh(base = 't'): string {
    return `${base}${this.next++}`;
  }

  /** Materializes `e` into a fresh const (once per row when it only reads row-fixed names). */
  private atom(e: string): string {
    if (ATOM.test(e)) return e;
    const t = this.fresh();
    const f = this.facts;
    if (f && namesIn(e).every((n) => FIXED_NAMES.has(n) || f.rowInvariant.has(n))) {
      f.hoisted.push(`const ${t} = ${e};`);
      f.rowInvariant.add(t);
    } else {
      this.line(`const ${t} = ${e};`);
    }
    return t;
  }

  /** Run `f` collecting the lines it emits instead of appending them. */
  private capture(f: () => string[]): { lines: string[]; comps: string[] } {
    const saved = this.lines;
    this.lines = [];
    const comps = f();
    const lines = this.lines;
    this.lines = saved;
    return { lines, comps };
  }

  // ---- statements -------------------------------------------------------------------------------

  private emitStmts(stmts: IRStmt[], scope: Scope): void {
    for (const s of stmts) this.emitStmt(s, scope);
  }

  private emitStmt(s: IRStmt, scope: Scope): void {
    switch (s.op) {
      case 'declare': {
        const kinds = flatKinds(s.type);
        const base = scope.prefix + s.name;
        const comps = kinds.map((_, k) => (kinds.length === 1 ? base : `${base}_${k}`));
        const init = s.init ? this.emitExpr(s.init, scope) : kinds.map(zero);
        const vals = comps.map((_, k) => init[k] ?? init[0]!);
        // A local never assigned again names its initial values directly (they are constants), so
        // what is known of them (fixed for the row, whole numbers) carries over.
        if (!scope.assigned.has(s.name) && vals.every((v) => !this.mutable.has(v))) {
          scope.vars.set(s.name, { comps: vals, kinds, type: s.type });
          return;
        }
        this.line(`let ${comps.map((c, k) => `${c} = ${vals[k]}`).join(', ')};`);
        for (const c of comps) this.mutable.add(c);
        scope.vars.set(s.name, { comps, kinds, type: s.type });
        return;
      }
      case 'assign': {
        const target = this.lvalue(s.target, scope);
        let value = this.emitExpr(s.value, scope);
        // `v.xy = v.yx`: read every source component before the first write.
        if (target.comps.length > 1) {
          const written = new Set(target.comps);
          value = value.map((v) => (written.has(v) ? this.copy(v) : v));
        }
        target.comps.forEach((c, k) => this.line(`${c} = ${value[value.length === 1 ? 0 : k]};`));
        return;
      }
      case 'expr':
        this.emitExpr(s.expr, scope);
        return;
      case 'if': {
        const [c] = this.emitExpr(s.cond, scope);
        this.line(`if (${c}) {`);
        this.block(s.then, scope);
        if (s.else.length > 0) {
          this.line('} else {');
          this.block(s.else, scope);
        }
        this.line('}');
        return;
      }
      case 'loop':
        this.emitLoop(s, scope);
        return;
      case 'break':
        this.line(`break ${this.currentLoop().brk};`);
        return;
      case 'continue':
        this.line(`break ${this.currentLoop().cont};`);
        return;
      case 'return': {
        if (scope.ret) {
          if (s.value) {
            const v = this.emitExpr(s.value, scope);
            scope.ret.comps.forEach((c, k) => this.line(`${c} = ${v[k]};`));
          }
          this.line(`break ${scope.ret.label};`);
        } else {
          this.line('break kbody;');
        }
        return;
      }
      case 'push': {
        if (!this.onPush) throw new Error('internal: push outside a vout kernel');
        const v = this.emitExpr(s.value, scope);
        for (const l of this.onPush(s.param, v)) this.line(l);
        return;
      }
    }
  }

  private copy(v: string): string {
    const t = this.fresh();
    this.line(`const ${t} = ${v};`);
    return t;
  }

  private block(stmts: IRStmt[], scope: Scope): void {
    this.depth++;
    this.emitStmts(stmts, { ...scope, vars: new Map(scope.vars) });
    this.depth--;
  }

  private currentLoop(): { brk: string; cont: string } {
    const l = this.loops[this.loops.length - 1];
    if (!l) throw new Error('internal: break or continue outside a loop');
    return l;
  }

  private emitLoop(s: Extract<IRStmt, { op: 'loop' }>, outer: Scope): void {
    const brk = this.fresh('L');
    const cont = this.fresh('C');
    const scope: Scope = { ...outer, vars: new Map(outer.vars) };
    this.line('{');
    this.depth++;
    this.emitStmts(s.init, scope);
    this.line(`${brk}: for (;;) {`);
    this.depth++;
    const test = () => {
      if (!s.cond) return;
      const [c] = this.emitExpr(s.cond, { ...scope, vars: new Map(scope.vars) });
      this.line(`if (!${c}) break ${brk};`);
    };
    if (s.testFirst) test();
    this.loops.push({ brk, cont });
    this.line(`${cont}: {`);
    this.block(s.body, scope);
    this.line('}');
    // The update may hold a `break` (the lowering moves a do-while's condition with side effects there).
    this.emitStmts(s.update, { ...scope, vars: new Map(scope.vars) });
    this.loops.pop();
    if (!s.testFirst) test();
    // The back edge: a countdown, and a poll when it runs out (a `break` above skips it; `continue` not).
    if (this.pollEvery > 0) this.line(`if (--${POLL_COUNTER} === 0) { ${POLL_COUNTER} = ${this.pollEvery}; if (Atomics.load(${STOP_WORD_NAME}, 0) !== 0) throw ${STOP_NAME}; }`);
    this.depth--;
    this.line('}');
    this.depth--;
    this.line('}');
  }

  private lvalue(lv: IRLValue, scope: Scope): Var {
    return lvalueComponents(lv, scope, () => new Error('internal: indexed local arrays are not supported by the JavaScript kernel writer'));
  }

  // ---- expressions ------------------------------------------------------------------------------

  emitExpr(e: IRExpr, scope: Scope): string[] {
    return exprComponents(e, scope, this.exprWriter);
  }

  /** The JavaScript form of each component operation (scalar-form.ts walks the expression). */
  private readonly exprWriter: ExprWriter<string, Scope> = {
    emitExpr: (e, scope) => this.emitExpr(e, scope),
    literal,
    binary: (op, kind, a, b) => {
      const exact = kind === 'float' || kind === 'double' ? this.exactWhole(op, a, b) : null;
      return exact ?? this.atom(binary(op, kind, a, b));
    },
    unary: (op, kind, x) => {
      const t = this.atom(unary(op, kind, x));
      const b = this.boundOf(x);
      if (op === '-' && b !== undefined && (kind === 'float' || kind === 'double')) this.bounds.set(t, b);
      return t;
    },
    convert: (from, to, x) => this.atom(convert(from, to, x)),
    shortCircuit: (op, left, right, scope) => this.shortCircuit(op, left, right, scope),
    select: (e, scope) => this.select(e, scope),
    builtin: (e, scope) => this.builtin(e, scope),
    inlineCall: (e, scope) => this.inlineCall(e, scope),
    gather: (e, scope) => this.gather(e, scope),
  };

  private shortCircuit(op: '&&' | '||', left: IRExpr, right: IRExpr, scope: Scope): string {
    const [l] = this.emitExpr(left, scope);
    const r = this.capture(() => this.emitExpr(right, scope));
    if (r.lines.length === 0) return this.atom(`(${l} ${op} ${r.comps[0]})`);
    const t = this.fresh();
    this.line(`let ${t} = ${l};`);
    this.line(op === '&&' ? `if (${t}) {` : `if (!${t}) {`);
    for (const x of r.lines) this.line('  ' + x.trimStart());
    this.line(`  ${t} = ${r.comps[0]};`);
    this.line('}');
    return t;
  }

  private select(e: Extract<IRExpr, { op: 'select' }>, scope: Scope): string[] {
    const c = this.emitExpr(e.cond, scope);
    if (c.length > 1) {
      // Componentwise select (Cg): both sides are evaluated.
      const a = this.emitExpr(e.then, scope);
      const b = this.emitExpr(e.else, scope);
      return a.map((x, k) => this.atom(`(${c[k]} ? ${x} : ${b[k]})`));
    }
    const a = this.capture(() => this.emitExpr(e.then, scope));
    const b = this.capture(() => this.emitExpr(e.else, scope));
    if (a.lines.length === 0 && b.lines.length === 0) {
      return a.comps.map((x, k) => {
        const t = this.atom(`(${c[0]} ? ${x} : ${b.comps[k]})`);
        const ba = this.boundOf(x);
        const bb = this.boundOf(b.comps[k]!);
        if (ba !== undefined && bb !== undefined && !isWholeLiteral(t)) this.bounds.set(t, Math.max(ba, bb));
        return t;
      });
    }
    const ts = a.comps.map(() => this.fresh());
    this.line(`let ${ts.join(', ')};`);
    this.line(`if (${c[0]}) {`);
    for (const x of a.lines) this.line('  ' + x.trimStart());
    ts.forEach((t, k) => this.line(`  ${t} = ${a.comps[k]};`));
    this.line('} else {');
    for (const x of b.lines) this.line('  ' + x.trimStart());
    ts.forEach((t, k) => this.line(`  ${t} = ${b.comps[k]};`));
    this.line('}');
    return ts;
  }

  private builtin(e: Extract<IRExpr, { op: 'builtin' }>, scope: Scope): string[] {
    const args = e.args.map((a) => ({ comps: this.emitExpr(a, scope), kinds: flatKinds(a.type) }));
    const kinds = flatKinds(e.type);
    if (e.name === 'normalize') {
      const [len] = emitBuiltin('length', args, [kinds[0]!]);
      const l = this.atom(len!);
      return args[0]!.comps.map((x, k) => this.atom(kinds[k] === 'float' ? `fround(${x} / ${l})` : `(${x} / ${l})`));
    }
    return emitBuiltin(e.name, args, kinds).map((x) => this.atom(x));
  }

  private gather(e: Extract<IRExpr, { op: 'gather' }>, scope: Scope): string[] {
    const p = scope.params[e.param];
    if (!p?.gather) throw new Error(`internal: parameter ${e.param} is not a gather`);
    const g = p.gather;
    // Index k (fastest first) addresses padded dimension 3 - k; see drivers.ts for G<id>e/l/s.
    // One atom per dimension, so the terms of slower dimensions are computed once per row when
    // their index is fixed for the row (a stencil's neighbour rows). The index rule and each index's
    // class (rounded or not) are the kernel facts' (compiler/facts); every index is clamped.
    const coords = this.index.gather(e).coords;
    const terms = e.index.map((ix, k) => {
      const [v] = this.emitExpr(ix, scope);
      const d = coords[k]!.dim;
      const f = jsGatherFunction(coords[k]!.cls);
      return this.atom(`(${f}(${v}, G${g.id}e${d}) + G${g.id}l${d}) * G${g.id}s${d}`);
    });
    // Word offsets stay below 2^29 (buffers are under 2 GiB), so `| 0` is exact and keeps V8 in int32.
    const o = this.atom(`(${g.words === 1 ? terms.join(' + ') : `(${terms.join(' + ')}) * ${g.words}`}) | 0`);
    return p.kinds.map((k, c) => {
      const at = c === 0 ? o : `${o} + ${c}`;
      return this.atom(k === 'bool' ? `(G${g.id}${viewOf(k)}[${at}] !== 0)` : `G${g.id}${viewOf(k)}[${at}]`);
    });
  }

  private inlineCall(e: Extract<IRExpr, { op: 'call' }>, scope: Scope): string[] {
    const h = this.helpers.get(e.helper);
    if (!h) throw new Error(`internal: unknown helper kernel '${e.helper}'`);
    const id = this.fresh('h');
    // Copy-in: every parameter gets fresh locals (value semantics), out parameters start at zero;
    // a gather parameter aliases the caller's gather.
    const { args: argComps, hidden } = helperCopyIn(e, h, (a) => this.emitExpr(a, scope));
    const inner: Scope = { vars: new Map(), prefix: `${id}_`, hidden, params: [], assigned: this.assigned.get(h.name)! };
    const retKinds = h.returnType.kind === 'void' ? [] : flatKinds(h.returnType);
    const ret = retKinds.map(() => this.fresh('r'));
    if (ret.length > 0) this.line(`let ${ret.map((r, k) => `${r} = ${zero(retKinds[k]!)}`).join(', ')};`);
    this.line('{');
    this.depth++;
    h.params.forEach((p, k) => {
      if (p.type.kind === 'gather') {
        inner.params.push(helperGather(e, h, k, scope.params));
        return;
      }
      const kinds = flatKinds(p.type);
      const base = inner.prefix + p.name;
      const comps = kinds.map((_, c) => (kinds.length === 1 ? base : `${base}_${c}`));
      const init = argComps[k];
      this.line(`let ${comps.map((c, i) => `${c} = ${init ? init[init.length === 1 ? 0 : i] : zero(kinds[i]!)}`).join(', ')};`);
      for (const c of comps) this.mutable.add(c);
      inner.vars.set(p.name, { comps, kinds, type: p.type });
      inner.params.push({ comps, kinds, type: p.type, writable: true });
    });
    inner.ret = { label: id, comps: ret };
    const savedLoops = this.loops;
    this.loops = [];
    this.line(`${id}: {`);
    this.depth++;
    this.emitStmts(h.body, inner);
    this.depth--;
    this.line('}');
    this.loops = savedLoops;
    // Copy-out.
    for (const { param, target: lv } of helperCopyOut(e, h)) {
      const target = this.lvalue(lv, scope);
      const src = inner.params[param]!.comps!;
      target.comps.forEach((c, i) => this.line(`${c} = ${src[i]};`));
    }
    this.depth--;
    this.line('}');
    return ret;
  }
}

