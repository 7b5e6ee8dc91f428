/**
 * Cooperative loops, the schedule's half: which map kernels can run a workgroup per output element
 * (a kernel whose work is one counted sum loop `for (i = 0; i < n; i++) s += term(i)`: `coopLoop`,
 * with the reason when one does not qualify), and how many trips a call's loop makes (`coopTrips`,
 * from its constant arguments: `evalUniform`), for map.ts, stage.ts and chain-tile.ts to choose
 * with. The WGSL writer prints the chosen form (codegen/wgsl/coop.ts). The rule of which kernels
 * qualify is docs/DECISIONS.md "Cooperative loops".
 */
import type { IRExpr, IRLValue, IRStmt, KernelIR } from '../ir.js';
import type { Type } from '../types.js';

/** The loop a kernel runs cooperatively, read from its IR. */
export interface CoopLoop {
  /** Position of the loop in `ir.body`: statements before it are the prologue, after it the epilogue. */
  at: number;
  /** The loop counter (a local) and its scalar type. */
  index: string;
  indexType: 'float' | 'int' | 'uint';
  /** First counter value and the bound, both uniform (constants and scalar kernel arguments). */
  start: IRExpr;
  bound: IRExpr;
  /** `i <= bound` rather than `i < bound`. */
  inclusive: boolean;
  /** The counter's constant, positive increment. */
  step: number;
  /** Locals updated only by `acc = acc + term` / `acc = acc - term` in the loop (float types). */
  accumulators: { name: string; type: Type }[];
}

export type CoopCheck = { ok: true; loop: CoopLoop } | { ok: false; reason: string };

/** Bytes of accumulators at most: WG (256) lanes of each fit the 16 KiB of workgroup memory
 *  every WebGPU adapter offers. */
export const COOP_MAX_ACC_BYTES = 64;

const cache = new WeakMap<KernelIR, CoopCheck>();

/** Whether `ir` can run cooperatively, and its loop; cached per kernel. */
export function coopLoop(ir: KernelIR): CoopCheck {
  let c = cache.get(ir);
  if (!c) cache.set(ir, (c = check(ir)));
  return c;
}

const no = (reason: string): CoopCheck => ({ ok: false, reason });

function check(ir: KernelIR): CoopCheck {
  if (ir.kind !== 'map') return no('not a map kernel');
  if (ir.params.some((p) => p.role === 'vout')) return no('a vout kernel (push counts per element)');
  const at = ir.body.findIndex((s) => s.op === 'loop');
  if (at < 0) return no('no loop in the body');
  const prologue = ir.body.slice(0, at);
  const epilogue = ir.body.slice(at + 1);
  const loop = ir.body[at] as IRStmt & { op: 'loop' };
  if (prologue.some((s) => someStmt(s, (t) => t.op === 'return'))) return no('a return before the loop');
  const header = loopHeader(ir, loop);
  if ('reason' in header) return no(header.reason);
  const { index, indexType, start, bound, inclusive, step } = header;

  // Locals declared inside the loop body are private to an iteration.
  const inner = new Set<string>();
  for (const s of loop.body) walkStmt(s, (t) => { if (t.op === 'declare') inner.add(t.name); });

  // Every assignment in the body: to an inner local, an accumulator update, or an outer local
  // that each iteration writes before it reads (checked below).
  const accs = new Map<string, Type>();
  const plain = new Set<string>();
  const selfReads = new Map<IRExpr, string>();
  let bad: string | null = null;
  const visit = (list: IRStmt[], depth: number) => {
    for (const s of list) {
      if (bad) return;
      switch (s.op) {
        case 'return': bad = 'a return inside the loop'; return;
        case 'push': bad = 'a push inside the loop'; return;
        case 'break': if (depth === 0) bad = 'a break out of the loop (the trip count would depend on the data)'; break;
        case 'loop':
          visit(s.init, depth + 1);
          visit(s.update, depth + 1);
          visit(s.body, depth + 1);
          break;
        case 'if':
          visit(s.then, depth);
          visit(s.else, depth);
          break;
        case 'assign': {
          const t = s.target;
          if (t.root.kind === 'param') { bad = `writes the output '${ir.params[t.root.index]!.sourceName}' inside the loop`; return; }
          const name = t.root.name;
          if (name === index) { bad = 'assigns the loop counter inside the body'; return; }
          if (inner.has(name)) break;
          const self = accumulation(s.target, s.value);
          if (self) {
            accs.set(name, t.type);
            selfReads.set(self, name);
          } else plain.add(name);
          break;
        }
        default: break;
      }
    }
  };
  visit(loop.body, 0);
  if (bad) return no(bad);
  // A local also assigned otherwise (an inner loop's counter: set, then += 1) is no accumulator;
  // it must then be private to an iteration (below).
  for (const name of [...accs.keys()]) {
    if (!plain.has(name)) continue;
    accs.delete(name);
    for (const [e, n] of selfReads) if (n === name) selfReads.delete(e);
  }
  if (accs.size === 0) return no('no accumulator (a local updated by += in the loop)');
  for (const [name, t] of accs) {
    if (!isFloat(t)) return no(`accumulates into '${sourceName(name)}', which is not a float type (only float sums run cooperatively)`);
  }
  let bytes = 0;
  // Workgroup arrays of vec3 have a 16-byte stride.
  for (const t of accs.values()) bytes += t.kind === 'vector' ? (t.size === 3 ? 16 : 4 * t.size) : 4;
  if (bytes > COOP_MAX_ACC_BYTES) return no(`accumulators of ${bytes} bytes (at most ${COOP_MAX_ACC_BYTES})`);

  // Calls with out arguments write memory the analysis does not follow.
  if (loop.body.some((s) => someExprInStmt(s, (e) => e.op === 'call' && e.outArgs.some((o) => o !== null)))) {
    return no('a helper call with out arguments inside the loop');
  }
  // Accumulators are read only by their own update (lanes hold partial sums).
  for (const s of loop.body) {
    const r = someExprInStmt(s, (e) => e.op === 'local' && accs.has(e.name) && !selfReads.has(e));
    if (r) return no('reads an accumulator inside the loop other than in its own +=');
  }
  // An outer local assigned in the loop carries nothing from one iteration to the next only if every
  // iteration assigns it before reading it, and nothing after the loop reads it (lane 0's value
  // is not the last iteration's).
  for (const name of plain) {
    if (epilogue.some((s) => mentions(s, name))) return no(`'${sourceName(name)}' is assigned in the loop and used after it`);
    if (!writtenFirst(loop.body, name)) return no(`'${sourceName(name)}' carries a value from one iteration to the next`);
  }
  if (epilogue.some((s) => mentions(s, index))) return no('the loop counter is used after the loop');
  const accumulators = [...accs].map(([name, type]) => ({ name, type }));
  return { ok: true, loop: { at, index, indexType, start, bound, inclusive, step, accumulators } };
}

export type Header = Omit<CoopLoop, 'at' | 'accumulators'>;

/** `for (i = start; i < bound; i += step)` with a uniform start and bound and a constant step. */
export function loopHeader(ir: KernelIR, loop: IRStmt & { op: 'loop' }): Header | { reason: string } {
  if (!loop.testFirst || !loop.cond) return { reason: 'the loop is not a counted for/while loop' };
  if (loop.init.length !== 1) return { reason: 'the loop does not start by setting one counter' };
  const first = loop.init[0]!;
  let index: string;
  let start: IRExpr;
  if (first.op === 'declare' && first.init) [index, start] = [first.name, first.init];
  else if (first.op === 'assign' && first.target.root.kind === 'local' && first.target.path.length === 0) [index, start] = [first.target.root.name, first.value];
  else return { reason: 'the loop does not start by setting one counter' };
  const t = start.type;
  if (t.kind !== 'scalar' || (t.name !== 'float' && t.name !== 'int' && t.name !== 'uint')) return { reason: 'the counter is not a float, int or uint' };
  const indexType = t.name;
  const c = loop.cond;
  let bound: IRExpr;
  let inclusive: boolean;
  const isIndex = (e: IRExpr) => e.op === 'local' && e.name === index;
  if (c.op === 'binary' && (c.operator === '<' || c.operator === '<=') && isIndex(c.left)) [bound, inclusive] = [c.right, c.operator === '<='];
  else if (c.op === 'binary' && (c.operator === '>' || c.operator === '>=') && isIndex(c.right)) [bound, inclusive] = [c.left, c.operator === '>='];
  else return { reason: 'the loop condition is not counter < bound (or <=)' };
  if (!uniform(ir, bound)) return { reason: 'the bound is not uniform (constants and scalar kernel arguments only)' };
  if (!uniform(ir, start)) return { reason: 'the counter does not start at a uniform value (constants and scalar kernel arguments only)' };
  if (loop.update.length !== 1) return { reason: 'the counter is not stepped by a constant' };
  const u = loop.update[0]!;
  let step: number | null = null;
  if (u.op === 'assign' && u.target.root.kind === 'local' && u.target.root.name === index && u.target.path.length === 0) {
    const v = u.value;
    if (v.op === 'binary' && v.operator === '+') {
      if (isIndex(v.left) && v.right.op === 'const') step = v.right.value[0]!;
      else if (isIndex(v.right) && v.left.op === 'const') step = v.left.value[0]!;
    }
  }
  if (step === null || !(step > 0)) return { reason: 'the counter is not stepped by a positive constant' };
  // A float counter must count exactly: lane l starts at start + l*step, which equals the serial
  // loop's repeated additions only for whole numbers below 2^24.
  if (indexType === 'float') {
    if (!Number.isInteger(step) || start.op !== 'const' || !Number.isInteger(start.value[0]) || Math.abs(start.value[0]!) >= 2 ** 24) {
      return { reason: 'a float counter must start at a whole-number constant and step by a whole number' };
    }
  }
  return { index, indexType, start, bound, inclusive, step };
}

/** Whether `acc = acc + term` (or `term + acc`, `acc - term`) with `term` not reading acc; returns
 *  the read of acc in the update. */
function accumulation(target: IRLValue, value: IRExpr): IRExpr | null {
  if (target.root.kind !== 'local' || target.path.length > 0 || value.op !== 'binary') return null;
  const name = target.root.name;
  const isAcc = (e: IRExpr) => e.op === 'local' && e.name === name;
  let self: IRExpr | null = null;
  let term: IRExpr | null = null;
  if ((value.operator === '+' || value.operator === '-') && isAcc(value.left)) [self, term] = [value.left, value.right];
  else if (value.operator === '+' && isAcc(value.right)) [self, term] = [value.right, value.left];
  if (!self || !term || someExpr(term, (e) => e.op === 'local' && e.name === name)) return null;
  return self;
}

function isFloat(t: Type): boolean {
  return (t.kind === 'scalar' && t.name === 'float') || (t.kind === 'vector' && t.elem === 'float');
}

/** Constants and scalar constant arguments combined by arithmetic: the same for every element. */
function uniform(ir: KernelIR, e: IRExpr): boolean {
  switch (e.op) {
    case 'const': return e.type.kind === 'scalar';
    case 'param': return ir.params[e.index]!.role === 'const' && e.type.kind === 'scalar';
    case 'binary': return ['+', '-', '*', '/'].includes(e.operator) && uniform(ir, e.left) && uniform(ir, e.right);
    case 'unary': return e.operator === '-' && uniform(ir, e.operand);
    case 'convert': return uniform(ir, e.value);
    case 'builtin': return (e.name === 'min' || e.name === 'max') && e.args.every((a) => uniform(ir, a));
    default: return false;
  }
}

/** Whether every iteration assigns the whole of `name` before reading it: the first top-level
 *  statement mentioning it is such an assignment, or a loop whose setup is. */
function writtenFirst(body: IRStmt[], name: string): boolean {
  for (const s of body) {
    if (!mentions(s, name)) continue;
    if (s.op === 'assign') return s.target.root.kind === 'local' && s.target.root.name === name && s.target.path.length === 0 && !readsLocal(s.value, name);
    if (s.op === 'declare') return false;
    if (s.op === 'loop') return writtenFirst(s.init, name);
    return false;
  }
  return false;
}

function readsLocal(e: IRExpr, name: string): boolean {
  return someExpr(e, (x) => x.op === 'local' && x.name === name);
}

function mentions(s: IRStmt, name: string): boolean {
  if (someStmt(s, (t) => t.op === 'assign' && t.target.root.kind === 'local' && t.target.root.name === name)) return true;
  return someExprInStmt(s, (e) => e.op === 'local' && e.name === name);
}

function sourceName(local: string): string {
  return local.replace(/^l_/, '').replace(/_\d+$/, '');
}

// --- walking the IR -------------------------------------------------------------------------------

export function walkStmt(s: IRStmt, f: (s: IRStmt) => void): void {
  f(s);
  if (s.op === 'if') { s.then.forEach((t) => walkStmt(t, f)); s.else.forEach((t) => walkStmt(t, f)); }
  if (s.op === 'loop') for (const list of [s.init, s.update, s.body]) list.forEach((t) => walkStmt(t, f));
}

export function someStmt(s: IRStmt, f: (s: IRStmt) => boolean): boolean {
  let hit = false;
  walkStmt(s, (t) => { if (!hit && f(t)) hit = true; });
  return hit;
}

function stmtExprs(s: IRStmt): IRExpr[] {
  switch (s.op) {
    case 'declare': return s.init ? [s.init] : [];
    case 'assign': return [s.value, ...lvalueExprs(s.target)];
    case 'expr': return [s.expr];
    case 'if': return [s.cond];
    case 'loop': return s.cond ? [s.cond] : [];
    case 'return': return s.value ? [s.value] : [];
    case 'push': return [s.value];
    default: return [];
  }
}

function lvalueExprs(l: IRLValue): IRExpr[] {
  return l.path.flatMap((p) => (p.kind === 'index' ? [p.index] : []));
}

export function someExprInStmt(s: IRStmt, f: (e: IRExpr) => boolean): boolean {
  let hit = false;
  walkStmt(s, (t) => { if (!hit && stmtExprs(t).some((e) => someExpr(e, f))) hit = true; });
  return hit;
}

export function someExpr(e: IRExpr, f: (e: IRExpr) => boolean): boolean {
  if (f(e)) return true;
  switch (e.op) {
    case 'binary': return someExpr(e.left, f) || someExpr(e.right, f);
    case 'unary': return someExpr(e.operand, f);
    case 'select': return someExpr(e.cond, f) || someExpr(e.then, f) || someExpr(e.else, f);
    case 'convert': case 'splat': case 'swizzle': case 'field': return someExpr(e.value, f);
    case 'construct': case 'builtin': return e.args.some((a) => someExpr(a, f));
    case 'call': return e.args.some((a) => someExpr(a, f)) || e.indexofArgs.some((a) => someExpr(a, f)) || e.outArgs.some((o) => o !== null && lvalueExprs(o).some((x) => someExpr(x, f)));
    case 'gather': return e.index.some((a) => someExpr(a, f));
    default: return false;
  }
}

// --- trips of a call ------------------------------------------------------------------------------

/**
 * Iterations of the loop for a call whose constant arguments are `constArg(i)` (numbers per
 * component), or null when a value is missing. Host arithmetic in doubles: the count only chooses
 * between the cooperative and the per-element form, which give the same results up to rounding.
 */
export function coopTrips(ir: KernelIR, loop: Pick<CoopLoop, 'start' | 'bound' | 'step' | 'inclusive'>, constArg: (index: number) => readonly number[] | undefined): number | null {
  const start = evalUniform(ir, loop.start, constArg);
  const bound = evalUniform(ir, loop.bound, constArg);
  if (start === null || bound === null || !Number.isFinite(start) || !Number.isFinite(bound)) return null;
  const span = (bound - start) / loop.step;
  const trips = loop.inclusive ? Math.floor(span) + 1 : Math.ceil(span);
  return Math.max(0, trips);
}

export function evalUniform(ir: KernelIR, e: IRExpr, constArg: (index: number) => readonly number[] | undefined): number | null {
  const ev = (x: IRExpr) => evalUniform(ir, x, constArg);
  const integer = e.type.kind === 'scalar' && (e.type.name === 'int' || e.type.name === 'uint');
  const fix = (v: number) => (integer ? Math.trunc(v) : Math.fround(v));
  switch (e.op) {
    case 'const': return e.value[0] ?? null;
    case 'param': { const v = constArg(e.index); return v && v.length > 0 ? v[0]! : null; }
    case 'unary': { const v = ev(e.operand); return v === null ? null : -v; }
    case 'convert': { const v = ev(e.value); return v === null ? null : fix(v); }
    case 'binary': {
      const l = ev(e.left);
      const r = ev(e.right);
      if (l === null || r === null) return null;
      switch (e.operator) {
        case '+': return fix(l + r);
        case '-': return fix(l - r);
        case '*': return fix(l * r);
        case '/': return r === 0 ? (integer ? 0 : null) : fix(l / r);
        default: return null;
      }
    }
    case 'builtin': {
      const vs = e.args.map(ev);
      if (vs.some((v) => v === null)) return null;
      return e.name === 'min' ? Math.min(...(vs as number[])) : Math.max(...(vs as number[]));
    }
    default: return null;
  }
}
