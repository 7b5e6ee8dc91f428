/**
 * Host statements to JavaScript statements.
 *
 * - Loops, if, switch (JS's switch has C's fallthrough), break and continue map one to one.
 * - Locals are hoisted to the top of the function (emitNames are unique per function), so a
 *   declaration is an assignment at its place, and `case` labels may skip declarations as in C.
 * - A block that declares streams frees them when it is left (C++ destructors did that in BRT).
 * - goto, only where it is structured: a forward jump to a label later in the same or an enclosing
 *   block becomes `break` out of a labeled block; a backward jump to a label earlier in an enclosing
 *   block becomes `continue` of a labeled loop around the statements from the label on. Anything else
 *   (jumping into a block, both directions to one label) is a clear compile error (BRK2602).
 */
import type { Block, CaseClause, Declarator, Expr, Stmt, SwitchStmt, VarDecl, ForStmt } from '../../ast.js';
import type { Type } from '../../types.js';
import { sizeOf } from '../../types.js';
import { scalarOfType, view } from './ctypes.js';
import type { Ctx } from './expr.js';
import { emitAs, emitCond, emitEffect, emitValue, typeOfExpr } from './expr.js';
import { emitDeclarator } from './init.js';
import { aliasGlobals, countedLoop, loopIsCallFree, scalarKindsIn } from './bounds.js';
import { wasmLoop } from './wasmloop.js';
import { hoistChecks, hoistSpans, UNROLL, unrollTest } from './hoist.js';

export class Lines {
  readonly out: string[] = [];
  private depth = 0;
  constructor(depth = 0) {
    this.depth = depth;
  }
  line(s: string): void {
    this.out.push('  '.repeat(this.depth) + s);
  }
  indent(): void {
    this.depth++;
  }
  dedent(): void {
    this.depth--;
  }
}

/** Goto bookkeeping for one function. */
export interface GotoState {
  /** Number of gotos per label in the whole function. */
  counts: Map<string, number>;
  /** label -> how a goto to it is emitted, while inside its region. */
  active: Map<string, string>;
  /** Labels whose forward region was already emitted. */
  done: Set<string>;
  /** Label loops and switches so break/continue stay correct inside synthetic loops. */
  labelAll: boolean;
  breakTargets: string[];
  continueTargets: string[];
  next: number;
}

export interface StmtCtx extends Ctx {
  goto: GotoState;
}

export function emitStmt(c: StmtCtx, s: Stmt, L: Lines): void {
  if (s.kind === 'ExprStmt' || s.kind === 'DeclStmt') c.stmtSpan = s.span;
  switch (s.kind) {
    case 'Block':
      L.line('{');
      L.indent();
      emitBlockBody(c, s.body, L);
      L.dedent();
      L.line('}');
      return;
    case 'ExprStmt':
      L.line(`${emitEffect(c, s.expr)};`);
      return;
    case 'DeclStmt':
      if (s.decl.kind === 'VarDecl') emitVarDecl(c, s.decl, L);
      return;
    case 'IfStmt':
      L.line(`if (${emitCond(c, s.cond)}) {`);
      emitNested(c, s.then, L);
      if (s.else) {
        L.line('} else {');
        emitNested(c, s.else, L);
      }
      L.line('}');
      return;
    case 'WhileStmt':
      loop(c, L, `while (${emitCond(c, s.cond)})`, s.body);
      return;
    case 'DoWhileStmt': {
      const label = loopLabel(c);
      L.line(`${label}do {`);
      interruptPoint(c, L);
      withTargets(c, label, true, () => emitNested(c, s.body, L));
      L.line(`} while (${emitCond(c, s.cond)});`);
      return;
    }
    case 'ForStmt':
      emitFor(c, s, L);
      return;
    case 'ReturnStmt':
      emitReturn(c, s.value, L);
      return;
    case 'BreakStmt': {
      const t = c.goto.labelAll ? c.goto.breakTargets[c.goto.breakTargets.length - 1] : undefined;
      L.line(t ? `break ${t};` : 'break;');
      return;
    }
    case 'ContinueStmt': {
      const t = c.goto.labelAll ? c.goto.continueTargets[c.goto.continueTargets.length - 1] : undefined;
      L.line(t ? `continue ${t};` : 'continue;');
      return;
    }
    case 'SwitchStmt':
      emitSwitch(c, s, L);
      return;
    case 'CaseClause':
      c.g.error('BRK2602', s.span, 'this case label is inside a nested block of its switch', 'put case labels directly in the switch body; the host code generator does not translate jumps into nested blocks');
      return;
    case 'EmptyStmt':
      return;
    case 'GotoStmt': {
      const how = c.goto.active.get(s.label);
      if (!how) {
        c.g.error('BRK2602', s.span, `goto '${s.label}' is not structured: it jumps into a block or to a label in another branch`, 'restructure the jump as a loop with break/continue, or move the label into the same or an enclosing block');
        return;
      }
      L.line(how);
      return;
    }
    case 'LabeledStmt':
      // Labels inside a statement list are handled by emitBlockBody; here a label without gotos.
      if ((c.goto.counts.get(s.label) ?? 0) > 0) {
        c.g.error('BRK2602', s.span, `label '${s.label}' must be a statement of a block to be a goto target`, 'put the label on its own statement inside { }');
      }
      emitStmt(c, s.body, L);
      return;
  }
}

/**
 * A `for` loop: its init in a block of its own, then (for a call-free loop) the hoisted views,
 * aliases, check ranges and spans, and the loop as WebAssembly (wasmloop.ts) or JavaScript.
 */
function emitFor(c: StmtCtx, s: ForStmt, L: Lines): void {
  const hasInit = s.init !== null;
  if (hasInit) {
    L.line('{');
    L.indent();
    emitStmt(c, s.init!, L);
  }
  const outerAliases = c.aliases;
  const outerViews = c.views;
  if (!outerViews && c.f && loopIsCallFree(s)) c.views = hoistViews(c, s, L);
  const aliased = aliasGlobals(c, s);
  if (aliased) {
    for (const line of aliased.pre) L.line(line);
    c.aliases = new Map([...(outerAliases ?? []), ...aliased.aliases]);
  }
  const cond = s.cond ? emitCond(c, s.cond) : '';
  const update = s.update ? emitEffect(c, s.update) : '';
  // A counted loop: its variable's range lets bounds.ts drop memory checks in the body.
  const counted = countedLoop(c, s);
  const outer = c.ranges;
  const outerHoisted = c.hoisted;
  if (counted) c.ranges = new Map(outer).set(counted.name, counted.range);
  // Checks of pointer accesses done once for the whole loop (bounds.ts).
  const hoisted = hoistChecks(c, s);
  if (hoisted) {
    for (const line of hoisted.pre) L.line(line);
    c.hoisted = new Set([...(outerHoisted ?? []), ...hoisted.covered]);
  }
  // Counts of elements addressable for sure from the pointers the loop keeps (hoist.ts).
  const outerSpans = c.spans;
  const spans = hoistSpans(c, s);
  if (spans) {
    for (const line of spans.pre) L.line(line);
    c.spans = new Map([...(outerSpans ?? []), ...spans.spans]);
  }
  try {
    // A short straight-line body: single iterations until the rest is a multiple of UNROLL, then
    // UNROLL per test (hoist.ts unrollTest).
    const jsLoop = (): void => {
      const unrolled = c.goto.labelAll ? undefined : unrollTest(c, s);
      if (unrolled) {
        loop(c, L, `for (; ${cond} && ${unrolled.rest} % ${UNROLL} !== 0; ${update})`, s.body);
        L.line(`for (; ${unrolled.test};) {`);
        interruptPoint(c, L);
        for (let k = 0; k < UNROLL; k++) {
          emitNested(c, s.body, L);
          L.line(`  ${update};`);
        }
        L.line('}');
      } else {
        loop(c, L, `for (; ${cond}; ${update})`, s.body);
      }
    };
    // A call-free loop in WebAssembly (wasmloop.ts), when everything in it is covered; its guard
    // false, the JavaScript loop.
    const compiled = c.goto.labelAll ? undefined : wasmLoop(c, s);
    if (compiled?.guard) {
      L.line(`if (${compiled.guard}) {`);
      for (const line of compiled.lines) L.line('  ' + line);
      L.line('} else {');
      L.indent();
      jsLoop();
      L.dedent();
      L.line('}');
    } else if (compiled) {
      for (const line of compiled.lines) L.line(line);
    } else {
      jsLoop();
    }
  } finally {
    c.ranges = outer;
    c.hoisted = outerHoisted;
    c.aliases = outerAliases;
    c.views = outerViews;
    c.spans = outerSpans;
  }
  if (hasInit) {
    L.dedent();
    L.line('}');
  }
}

function emitNested(c: StmtCtx, s: Stmt, L: Lines): void {
  L.indent();
  if (s.kind === 'Block') emitBlockBody(c, s.body, L);
  else emitStmt(c, s, L);
  L.dedent();
}

function loopLabel(c: StmtCtx): string {
  if (!c.goto.labelAll) return '';
  return `$loop${c.goto.next++}: `;
}

function withTargets(c: StmtCtx, label: string, isLoop: boolean, f: () => void): void {
  const name = label.replace(/: $/, '');
  c.goto.breakTargets.push(name);
  if (isLoop) c.goto.continueTargets.push(name);
  try {
    f();
  } finally {
    c.goto.breakTargets.pop();
    if (isLoop) c.goto.continueTargets.pop();
  }
}

function loop(c: StmtCtx, L: Lines, head: string, body: Stmt): void {
  const label = loopLabel(c);
  L.line(`${label}${head} {`);
  interruptPoint(c, L);
  withTargets(c, label, true, () => emitNested(c, body, L));
  L.line('}');
}

/** Notebook cells: every 65536 loop iterations, let the session stop a cell that spins. */
/** Copies the typed-array views the loop may use to locals before it (see Ctx.views). */
function hoistViews(c: StmtCtx, s: ForStmt, L: Lines): Map<string, string> | undefined {
  const names = new Set<string>();
  for (const k of scalarKindsIn(s)) {
    const v = view(k);
    if (v) names.add(v[0]);
  }
  if (!names.size) return undefined;
  // The shadow bytes too, for the accesses checked one by one ($ckv, ctypes.ts checkedAddr).
  if (c.g.options.memoryChecks !== false) names.add('sh');
  const views = new Map<string, string>();
  for (const name of names) {
    const t = c.f!.temp();
    L.line(`${t} = $M.${name};`);
    views.set(name, t);
  }
  return views;
}

function interruptPoint(c: StmtCtx, L: Lines): void {
  if (c.g.cell) L.line('  if ((++$ic & 65535) === 0) $S.checkInterrupt?.();');
}

function emitReturn(c: StmtCtx, value: Expr | null, L: Lines): void {
  const f = c.f;
  if (!f) {
    L.line('return;');
    return;
  }
  if (!value) {
    L.line(f.name === 'main' ? 'return 0;' : 'return;');
    return;
  }
  const rt = f.returnType;
  if (f.structReturn) {
    L.line(`return $H.copy($M, $ret, ${emitValue(c, value)}, ${sizeOf(rt)});`);
    return;
  }
  if (rt.kind === 'void') {
    L.line(`${emitValue(c, value)};`);
    L.line('return;');
    return;
  }
  L.line(`return ${emitAs(c, value, rt)};`);
}

// ---------------------------------------------------------------------------------------------------
// Blocks, declarations, labels

/** Streams declared directly in this statement list (freed when the block is left). */
function blockStreams(stmts: Stmt[]): Declarator[] {
  const out: Declarator[] = [];
  for (const s of stmts) {
    if (s.kind === 'DeclStmt' && s.decl.kind === 'VarDecl' && !s.decl.isStatic) {
      for (const d of s.decl.declarators) if (d.streamDims && d.symbol) out.push(d);
    }
  }
  return out;
}

export function emitBlockBody(c: StmtCtx, stmts: Stmt[], L: Lines): void {
  const streams = blockStreams(stmts);
  if (streams.length === 0) {
    emitStatementList(c, stmts, L);
    return;
  }
  const names = streams.map((d) => d.symbol!.emitName);
  L.line('try {');
  L.indent();
  emitStatementList(c, stmts, L);
  L.dedent();
  L.line('} finally {');
  L.indent();
  // A stream a brook::stream slot names (`*p = s`, hostlib/stream-handles.ts) outlives its block.
  for (const n of names) L.line(`if (${n} !== undefined) { if (!$L.streams.held(${n})) $rt.free(${n}); ${n} = undefined; }`);
  L.dedent();
  L.line('}');
}

function emitStatementList(c: StmtCtx, stmts: Stmt[], L: Lines): void {
  for (let i = 0; i < stmts.length; i++) {
    const s = stmts[i]!;
    if (s.kind !== 'LabeledStmt') {
      // A forward goto region opens at the first statement containing a goto to a later label.
      const fwd = forwardRegion(c, stmts, i);
      if (fwd) {
        const { label, end } = fwd;
        const name = `$fwd_${label}`;
        L.line(`${name}: {`);
        L.indent();
        c.goto.active.set(label, `break ${name};`);
        for (let j = i; j < end; j++) emitStmt(c, stmts[j]!, L);
        c.goto.active.delete(label);
        c.goto.done.add(label);
        L.dedent();
        L.line('}');
        i = end - 1;
        continue;
      }
      emitStmt(c, s, L);
      continue;
    }
    const total = c.goto.counts.get(s.label) ?? 0;
    const after = countGotos([s, ...stmts.slice(i + 1)], s.label);
    if (total === 0 || c.goto.active.has(s.label) || c.goto.done.has(s.label)) {
      emitStmt(c, s.body, L);
      continue;
    }
    if (after !== total) {
      c.g.error('BRK2602', s.span, `goto to label '${s.label}' cannot be translated: the jumps go both forward and backward, or into this block from outside`, 'use a loop with break/continue instead of goto');
      emitStmt(c, s.body, L);
      continue;
    }
    // Backward gotos: a loop around the label's statement and everything after it in this block.
    const name = `$back_${s.label}`;
    const wasLabelAll = c.goto.labelAll;
    c.goto.labelAll = true;
    L.line(`${name}: for (;;) {`);
    L.indent();
    c.goto.active.set(s.label, `continue ${name};`);
    emitStmt(c, s.body, L);
    for (let j = i + 1; j < stmts.length; j++) emitStmt(c, stmts[j]!, L);
    L.line(`break ${name};`);
    c.goto.active.delete(s.label);
    L.dedent();
    L.line('}');
    c.goto.labelAll = wasLabelAll;
    return;
  }
}

/** If stmts[i] contains a goto to a label later in this list (and all its gotos are before it). */
function forwardRegion(c: StmtCtx, stmts: Stmt[], i: number): { label: string; end: number } | undefined {
  for (let k = i + 1; k < stmts.length; k++) {
    const s = stmts[k]!;
    if (s.kind !== 'LabeledStmt' || c.goto.active.has(s.label)) continue;
    const total = c.goto.counts.get(s.label) ?? 0;
    if (total === 0) continue;
    if (countGotos([stmts[i]!], s.label) === 0) continue;
    if (countGotos(stmts.slice(i, k), s.label) === total) return { label: s.label, end: k };
  }
  return undefined;
}

/** Gotos to `label` anywhere inside these statements. */
export function countGotos(stmts: Stmt[], label: string): number {
  let n = 0;
  const visit = (s: Stmt | null): void => {
    if (!s) return;
    switch (s.kind) {
      case 'GotoStmt': if (s.label === label) n++; return;
      case 'Block': s.body.forEach(visit); return;
      case 'IfStmt': visit(s.then); visit(s.else); return;
      case 'WhileStmt': case 'DoWhileStmt': visit(s.body); return;
      case 'ForStmt': visit(s.body); return;
      case 'SwitchStmt': visit(s.body); return;
      case 'LabeledStmt': visit(s.body); return;
      default: return;
    }
  };
  stmts.forEach(visit);
  return n;
}

export function emitVarDecl(c: StmtCtx, d: VarDecl, L: Lines): void {
  if (d.isStatic) emitFirstPassStatics(c, d, L);
  if (d.isStatic || d.isExtern) return; // static locals are initialized once, at module load (func.ts)
  for (const dec of d.declarators) emitDeclarator(c, d, dec, L);
}

/**
 * C++'s static locals with run-time initializers (and static streams): initialized the first time
 * control gets here. The guard is 0 (not yet), 1 (being initialized: reaching it again is BRK5110,
 * as g++'s recursive_init_error) or 2 (done).
 */
function emitFirstPassStatics(c: StmtCtx, d: VarDecl, L: Lines): void {
  for (const dec of d.declarators) {
    const guard = c.g.firstPassStatics.get(dec);
    if (!guard) continue;
    L.line(`if (${guard} !== 2) {`);
    L.indent();
    L.line(`if (${guard} === 1) throw $H.recursiveInit(${JSON.stringify(dec.name)}, ${c.g.span(dec.span)});`);
    L.line(`${guard} = 1;`);
    emitDeclarator(c, d, dec, L);
    L.line(`${guard} = 2;`);
    L.dedent();
    L.line('}');
  }
}

// ---------------------------------------------------------------------------------------------------
// switch

function emitSwitch(c: StmtCtx, s: SwitchStmt, L: Lines): void {
  const dt = promoted(typeOfExpr(c, s.discriminant));
  const label = loopLabel(c);
  L.line(`${label}switch (${emitAs(c, s.discriminant, dt)}) {`);
  L.indent();
  withTargets(c, label, false, () => {
    const body: Block = s.body;
    let seenCase = false;
    for (const st of body.body) {
      if (st.kind === 'CaseClause') {
        seenCase = true;
        emitCase(c, st, dt, L);
        continue;
      }
      // Before the first case label nothing runs (C jumps past it; its declarations are hoisted),
      // and JavaScript allows no statement there.
      if (!seenCase) continue;
      L.indent();
      emitStmt(c, st, L);
      L.dedent();
    }
  });
  L.dedent();
  L.line('}');
}

function emitCase(c: StmtCtx, cl: CaseClause, dt: Type, L: Lines): void {
  if (!cl.test) L.line('default:');
  else L.line(`case ${emitAs(c, cl.test, dt)}:`);
}

function promoted(t: Type): Type {
  const s = scalarOfType(t);
  if (s === 'char' || s === 'uchar' || s === 'short' || s === 'ushort' || s === 'bool') return { kind: 'scalar', name: 'int' };
  return t;
}
