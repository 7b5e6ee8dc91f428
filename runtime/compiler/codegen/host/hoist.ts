/**
 * Memory checks hoisted out of counted loops: the analysis is bounds.ts's; this module writes the one
 * range check per access that runs before the loop (it emits operands, so it sits above expr.ts).
 */
import type { Expr, ForStmt, IndexExpr } from '../../ast.js';
import type { Type } from '../../types.js';
import { sizeOf } from '../../types.js';
import { strideOf, view } from './ctypes.js';
import type { Ctx } from './expr.js';
import { emitAs, emitValue } from './expr.js';
import { storageOf } from './gen.js';
import { assigns, invariant, isIncrement, offsetFrom, provenInBounds, straightLine, unconditionalAccesses } from './bounds.js';
import { walkExpr, walkStmt } from './walk.js';

/**
 * `for (i = A; i < E; i++) body` where every iteration runs the top-level statements of `body` to
 * completion (no break, return, goto or call that might end the loop early, no call that might free
 * memory): an access `P[i + K]` among those statements (P a pointer held in a local, K and E made of
 * constants and locals the body does not assign) touches exactly the elements from i + K to E - 1 + K.
 * One range check before the loop replaces a check per iteration; it names the access's line. The
 * accesses it covers are emitted unchecked.
 */
export interface HoistedChecks {
  /** JS statements to run after the loop's init, before its first test. */
  pre: string[];
  /** The IndexExpr nodes covered by them. */
  covered: Set<Expr>;
}

export function hoistChecks(c: Ctx, s: ForStmt): HoistedChecks | undefined {
  if (c.g.options.memoryChecks === false) return undefined;
  const init = s.init;
  const cond = s.cond;
  if (!cond || cond.kind !== 'BinaryExpr' || (cond.op !== '<' && cond.op !== '<=') || cond.left.kind !== 'Ident') return undefined;
  const sym = cond.left.symbol;
  if (sym?.type.kind === 'pointer') return hoistPointerWalk(c, s);
  if (!sym || sym.type.kind !== 'scalar' || sym.type.name !== 'int') return undefined;
  const name = sym.emitName;
  if (c.f?.lookup(sym)?.kind !== 'js') return undefined;
  if (!init || !isIncrement(s.update, name)) return undefined;
  const et = cond.right.type;
  if (!et || et.kind !== 'scalar' || (et.name !== 'int' && et.name !== 'short' && et.name !== 'char')) return undefined;
  if (!straightLine(s.body) || assigns(s.body, name)) return undefined;
  if (!invariant(c, cond.right, s.body)) return undefined;

  const covered = new Set<Expr>();
  const pre: string[] = [];
  const i = emitValue(c, cond.left);
  const end = emitValue(c, cond.right);
  const count = cond.op === '<' ? `(${end} - ${i})` : `(${end} - ${i} + 1)`;
  const checks: string[] = [];
  const seen = new Set<string>();
  for (const { e, write } of unconditionalAccesses(s.body)) {
    if (e.kind !== 'IndexExpr') continue;
    const obj = e.object;
    const ot = obj.type;
    if (!ot || ot.kind !== 'pointer' || !e.type || e.type.kind === 'void') continue;
    // A pointer in a JS variable (a local, or a global the loop reads through an alias) that the body keeps.
    if (obj.kind !== 'Ident' || !obj.symbol || storageOf(c, obj.symbol)?.kind !== 'js' || assigns(s.body, obj.symbol.emitName)) continue;
    const k = offsetFrom(e.index, name);
    if (k === undefined || (k.expr && !invariant(c, k.expr, s.body))) continue;
    const stride = strideOf(ot);
    const first = k.expr ? `(${i} ${k.sign} ${emitAs(c, k.expr, LONG)})` : i;
    const p = emitValue(c, obj);
    const elem = Math.min(stride, Math.max(1, sizeOf(e.type)));
    covered.add(e);
    // One check per range: a[i].x = ...; a[i].y = ... touch the same elements.
    const key = `${p}|${first}|${stride}|${write}`;
    if (seen.has(key)) continue;
    seen.add(key);
    checks.push(`$H.ckr($M, ${p} + ${first} * ${stride}, ${count} * ${stride}, ${write ? 1 : 0}, ${c.g.span(e.span)}, ${elem});`);
  }
  if (!checks.length) return undefined;
  pre.push(`if (${i} ${cond.op} ${end}) {`, ...checks.map((x) => '  ' + x), '}');
  return { pre, covered };
}

const LONG: Type = { kind: 'scalar', name: 'long' };

/**
 * A pointer walk, `for (p = A; p < E; p++) body` (or ++p, p += 1, p = p + 1): p and E pointers held
 * in JavaScript locals, the body straight-line (as above) and assigning neither. Every `*p` and
 * `p->member` among the body's top-level statements lies in the elements from p's first value up to E:
 * ceil((E - A) / size) of them. One range check before the loop replaces a check per element (issue
 * 27: the shadow lookup was most of the walk's time, and a checked `*p` kept it out of WebAssembly).
 */
function hoistPointerWalk(c: Ctx, s: ForStmt): HoistedChecks | undefined {
  const cond = s.cond;
  if (!cond || cond.kind !== 'BinaryExpr' || cond.op !== '<' || cond.left.kind !== 'Ident') return undefined;
  const sym = cond.left.symbol;
  const bound = cond.right;
  if (!sym || sym.type.kind !== 'pointer' || c.f?.lookup(sym)?.kind !== 'js') return undefined;
  if (bound.kind !== 'Ident' || bound.symbol?.type.kind !== 'pointer' || storageOf(c, bound.symbol)?.kind !== 'js') return undefined;
  const name = sym.emitName;
  if (!isIncrement(s.update, name) || !straightLine(s.body) || assigns(s.body, name) || assigns(s.body, bound.symbol.emitName)) return undefined;
  const stride = strideOf(sym.type);
  const p = emitValue(c, cond.left);
  const end = emitValue(c, bound);
  const covered = new Set<Expr>();
  const checks = new Map<string, string>();
  for (const { e, write } of unconditionalAccesses(s.body)) {
    // `*p` and `p->member`: both inside the element p points at.
    const through = e.kind === 'UnaryExpr' && e.op === '*' ? e.operand : e.kind === 'MemberExpr' ? e.object : undefined;
    if (through?.kind !== 'Ident' || through.symbol?.emitName !== name || !e.type || e.type.kind === 'void') continue;
    covered.add(e);
    const elem = e.kind === 'MemberExpr' ? stride : Math.min(stride, Math.max(1, sizeOf(e.type)));
    // One check per direction: a read and a write of *p touch the same elements.
    const key = write ? 'w' : 'r';
    if (!checks.has(key)) checks.set(key, `$H.ckr($M, ${p}, Math.ceil((${end} - ${p}) / ${stride}) * ${stride}, ${write ? 1 : 0}, ${c.g.span(e.span)}, ${elem});`);
  }
  if (!checks.size) return undefined;
  return { pre: [`if (${p} < ${end}) {`, ...[...checks.values()].map((x) => '  ' + x), '}'], covered };
}

/**
 * Checked element accesses `P[e]` in a call-free loop whose pointer P the loop does not change (a
 * local, or a global the loop only reads: aliasGlobals): before the loop, how many elements from P on
 * are addressable for sure (`$H.span`: the malloc block P starts, else 0). Inside, an index below
 * that count skips the shadow lookup (expr.ts elementIndex); any other index is a fault when the count
 * is above 0 (outside P's block, even where the bytes belong to another block: $H.ckb), and gets the
 * full check when it is 0. Compiled loops (wasmloop.ts) run only where every count is above 0.
 * Keys: `${P's JS text}|${log2 of the element size}`.
 */
export function hoistSpans(c: Ctx, s: ForStmt): { pre: string[]; spans: Map<string, string> } | undefined {
  if (c.g.options.memoryChecks === false || !c.views || !c.f) return undefined;
  const f = c.f;
  const found = new Map<string, { base: string; shift: number }>();
  const exprs = [s.cond, s.update].filter((e): e is Expr => !!e);
  const visit = {
    expr(e: Expr) {
      if (e.kind !== 'IndexExpr') return;
      const obj = e.object;
      if (obj.kind !== 'Ident' || !obj.symbol || obj.type?.kind !== 'pointer' || e.type?.kind !== 'scalar') return;
      const v = view(e.type.name);
      if (!v || 1 << v[1] !== sizeOf(e.type) || strideOf(obj.type) !== sizeOf(e.type)) return;
      if (c.hoisted?.has(e) || provenInBounds(c, e as IndexExpr)) return;
      const sym = obj.symbol;
      const name = sym.emitName;
      const local = f.lookup(sym);
      const kept = local ? local.kind === 'js' && !assigns(s.body, name) && !exprs.some((x) => assigns({ kind: 'ExprStmt', span: x.span, expr: x }, name)) : c.aliases?.has(name);
      if (!kept) return;
      const base = emitValue(c, obj);
      const key = `${base}|${v[1]}`;
      if (!c.spans?.has(key)) found.set(key, { base, shift: v[1] });
    },
  };
  walkStmt(s.body, visit);
  for (const e of exprs) walkExpr(e, visit);
  if (!found.size) return undefined;
  const pre: string[] = [];
  const spans = new Map<string, string>();
  for (const [key, { base, shift }] of found) {
    const t = f.temp();
    pre.push(`${t} = $H.span($M, ${base}, ${shift});`);
    spans.set(key, t);
  }
  return { pre, spans };
}

/** How many copies of the body an unrolled loop runs per test (see unrollTest). */
export const UNROLL = 4;

/**
 * `for (i = A; i < E; i++) body` in a call-free loop whose body is a few straight-line statements
 * (no break, continue, return, goto, switch, call or inner loop; `i` and E unchanged by it): `test`,
 * which lets the loop run UNROLL iterations in a row (`i + 3 < E`, `<=` alike), and `rest`, the
 * iterations left (`E - i`), or undefined. The loop (stmt.ts) first runs single iterations until the
 * rest is a multiple of UNROLL, then body; i++ four times per test: the same iterations in the same
 * order, with a quarter of the tests and branches, which V8 does not remove itself (a third of a
 * fill loop's time). The odd iterations come first so that no code after the loop sees its first
 * run only after V8 optimized the loop (that code would lack type feedback and deoptimize).
 */
export function unrollTest(c: Ctx, s: ForStmt): { test: string; rest: string } | undefined {
  if (!c.views || !c.f || c.g.cell) return undefined;
  const cond = s.cond;
  if (!cond || cond.kind !== 'BinaryExpr' || (cond.op !== '<' && cond.op !== '<=') || cond.left.kind !== 'Ident') return undefined;
  const sym = cond.left.symbol;
  if (!sym || sym.type.kind !== 'scalar' || sym.type.name !== 'int' || c.f.lookup(sym)?.kind !== 'js') return undefined;
  const et = cond.right.type;
  if (!et || et.kind !== 'scalar' || (et.name !== 'int' && et.name !== 'short' && et.name !== 'char')) return undefined;
  const name = sym.emitName;
  if (!isIncrement(s.update, name) || !straightLine(s.body) || assigns(s.body, name) || !invariant(c, cond.right, s.body)) return undefined;
  let small = true;
  let statements = 0;
  walkStmt(s.body, {
    stmt(x) {
      if (x.kind === 'ContinueStmt' || x.kind === 'ForStmt' || x.kind === 'WhileStmt' || x.kind === 'DoWhileStmt') small = false;
      if (x.kind === 'DeclStmt' && x.decl.kind === 'VarDecl' && x.decl.declarators.some((d) => d.streamDims)) small = false;
      if (x.kind !== 'Block') statements++;
    },
  });
  if (!small || statements > 8) return undefined;
  const i = emitValue(c, cond.left);
  const end = emitValue(c, cond.right);
  return { test: `(${i} + ${UNROLL - 1} ${cond.op} ${end})`, rest: cond.op === '<' ? `(${end} - ${i})` : `(${end} - ${i} + 1)` };
}
