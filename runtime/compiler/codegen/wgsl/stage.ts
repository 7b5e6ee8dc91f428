/**
 * Prints a staged map variant (KernelVariant.stage; the rule and the choice are schedule/stage.ts):
 * the gathered streams the loop reads at its counter go through workgroup memory in blocks.
 *
 *   kbody(lid, live, ...):  prologue; { init; loop {                    // uniform: start, bound, step
 *                             if (!(cond)) { break; }
 *                             let sgb_k = <the gather's coordinate of the counter>;
 *                             workgroupBarrier();                       // the last block is read
 *                             sg_k[t] = g_k(sgb_k + t), t = lid, lid + WG, ... < BLOCK
 *                             workgroupBarrier();                       // the block is loaded
 *                             up to BLOCK trips: if (!(cond)) break; body; update
 *                           } } epilogue
 *
 * In the trips, a gather at the counter reads `sgl_k(c, sgb_k)`: the block's copy when its coordinate
 * `c` (computed exactly as the unstaged gather computes it) lies in the block, memory otherwise. The
 * block holds the values memory holds (the call does not write the stream), so every read returns
 * the same bits as before. The entry (`stagedMain`) runs every invocation of a workgroup, those past
 * the end of the call with the last element's arguments (`live` false: no stores, no budget reports),
 * so each reaches every barrier: WGSL allows barriers only in uniform control flow.
 */
import type { IRExpr, IRStmt, KernelIR } from '../../ir.js';
import type { StagePlan } from '../../schedule/stage.js';
import type { BodyWriter } from './body.js';
import { loopHeader } from '../../schedule/coop-loop.js';
import { wgslType } from './names.js';
import type { KernelVariant, ModulePlan } from './layout.js';
import type { Shapes } from './shapes.js';
import { a, argumentSetup, bodyCall } from './args.js';

/** Module-scope declarations: one block array per staged stream. */
export function stageShared(ir: KernelIR, st: StagePlan): string[] {
  return st.params.map((k) => `var<workgroup> sg_${k}: array<${wgslType(ir.params[k]!.type)}, ${st.block}>;`);
}

/** The staged reads: the block's copy of coordinate `c` when the block holds it, memory otherwise. */
function stageFns(ir: KernelIR, st: StagePlan): string[] {
  if (st.direct) return [];
  return st.params.map((k) => {
    const t = wgslType(ir.params[k]!.type);
    return `fn sgl_${k}(c: u32, b: u32) -> ${t} {\n  let d = c - b;\n  if (d < ${st.block}u) { return sg_${k}[d]; }\n  return g_${k}(c);\n}`;
  });
}

/**
 * The gathers of a staged variant's body (kernel.ts asks for each gather): while the loop's trips are
 * written (`counter` set), a gather of a staged stream at the counter itself reads the block; the
 * coordinate text of each (as the unstaged gather computes it) is kept for the block's start.
 */
export class StagedReads {
  counter: string | null = null;
  readonly coords = new Map<number, string>();

  constructor(readonly plan: StagePlan) {}

  /** The WGSL of gather `i` at `coords`, or null where memory is read as before. */
  read<C extends { text: string; ir?: IRExpr }>(i: number, coords: C[], coordinate: (c: C) => string): string | null {
    const c0 = coords[0];
    if (this.counter === null || coords.length !== 1 || c0?.ir?.op !== 'local' || c0.ir.name !== this.counter || !this.plan.params.includes(i)) return null;
    const c = coordinate(c0);
    if (!this.coords.has(i)) this.coords.set(i, c);
    // Direct trips (schedule/stage.ts directTrips): trip sg_n's coordinate is sgb + sg_n, held at sg_n.
    return this.plan.direct ? `sg_${i}[sg_n]` : `sgl_${i}(${c}, sgb_${i})`;
  }
}

/** The staged reads' functions and `kbody(lid, live, ...sig)`; `extent(k)`: gather k's elements. */
export function stagedKbody(ir: KernelIR, reads: StagedReads, wg: number, writer: BodyWriter, sig: string[], startBudget: string[], extent: (k: number) => string): string[] {
  const body = writeStagedBody(ir, reads.plan, wg, writer, {
    stageReads: (counter) => (reads.counter = counter),
    coordinate: (k) => reads.coords.get(k),
    extent,
  });
  // Invocations past the end (live false) run the body but report no spent budget.
  const start = startBudget.map((l) => l.replace('brk_spent = false;', 'brk_spent = !live;'));
  return [...stageFns(ir, reads.plan), `fn kbody(${['lid: u32', 'live: bool', ...sig].join(', ')}) {\n${[...start, ...body].join('\n')}\n}`];
}

/** What the staged body needs from the module writer (kernel.ts). */
interface StageHooks {
  /** Turn the staged reads of gathers at `counter` on (while writing the loop's trips) and off. */
  stageReads(counter: string | null): void;
  /** The coordinate text the staged reads of parameter k computed (in terms of the counter), if any. */
  coordinate(k: number): string | undefined;
  /** The extent of gather parameter k (its elements), as WGSL text. */
  extent(k: number): string;
}

/** The lines of `kbody` for a staged variant of `wg` invocations (signature: `lid: u32, live: bool, ...`). */
function writeStagedBody(ir: KernelIR, st: StagePlan, wg: number, writer: BodyWriter, hooks: StageHooks): string[] {
  const loop = ir.body[st.at] as IRStmt & { op: 'loop' };
  const header = loopHeader(ir, loop);
  if ('reason' in header || !loop.cond) throw new Error(`internal: kernel '${ir.name}' cannot be staged: ${'reason' in header ? header.reason : 'no condition'}`);
  const [i0, i1, i2, i3, i4] = ['  ', '    ', '      ', '        ', '          '];
  const L: string[] = [];
  L.push(...writer.stmts(ir.body.slice(0, st.at), i0));
  L.push(`${i0}{`);
  L.push(...writer.stmts(loop.init, i1));
  L.push(`${i1}loop {`);
  const pre: string[] = [];
  const cond = writer.expr(loop.cond, pre, i2);
  L.push(...pre, `${i2}if (!(${cond})) { break; }`);
  // The trips first: writing them records the coordinate text of each staged gather.
  hooks.stageReads(header.index);
  const tripPre: string[] = [];
  const tripCond = writer.expr(loop.cond, tripPre, i3);
  const body = writer.stmts(loop.body, i4);
  const update = writer.stmts(loop.update, i3);
  hooks.stageReads(null);
  for (const k of st.params) L.push(`${i2}let sgb_${k} = ${hooks.coordinate(k) ?? '0u'};`);
  L.push(`${i2}workgroupBarrier();`);
  L.push(`${i2}for (var sg_t = lid; sg_t < ${st.block}u; sg_t = sg_t + ${wg}u) {`);
  for (const k of st.params) L.push(`${i3}sg_${k}[sg_t] = g_${k}(min(sgb_${k} + sg_t, ${hooks.extent(k)} - 1u));`);
  L.push(`${i2}}`);
  L.push(`${i2}workgroupBarrier();`);
  L.push(`${i2}for (var sg_n = 0u; sg_n < ${st.block}u; sg_n = sg_n + 1u) {`);
  L.push(...tripPre, `${i3}if (!(${tripCond})) { break; }`);
  L.push(`${i3}{`, ...body, `${i3}}`, ...update);
  L.push(`${i2}}`, `${i1}}`, `${i0}}`);
  L.push(...writer.stmts(ir.body.slice(st.at + 1), i0));
  return L;
}

/**
 * The entry of a staged map: a thread per position on a 1-D grid. Every invocation runs `kbody`
 * (positions past the end take the last position's arguments, `live` false) and only live ones store.
 */
export function stagedMain(ir: KernelIR, v: KernelVariant, plan: ModulePlan, indexofSet: Set<number>, S: Shapes): string {
  const u = S.unflatten('i', 0);
  const L = [
    `@compute @workgroup_size(${v.workgroupSize})`,
    'fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {',
    '  let i_at = U[1].z + gid.x + gid.y * U[1].y;',
    '  let live = i_at < U[1].x;',
    '  let i = min(i_at, U[1].x - 1u);',
    ...u.setup.map((l) => '  ' + l),
    ...argumentSetup(ir, v, plan, indexofSet, '  ', S, u.pos),
    `  ${bodyCall(ir, ['lid', 'live'])}`,
    '  if (live) {',
  ];
  for (const p of plan.params) {
    if (p.role !== 'out') continue;
    const idx = v.direct[p.index] ? 'i' : S.linear(u.pos, p.uniform, p.uniform + 2);
    L.push(`    st_${p.index}(${idx}, ${a(p.index)});`);
  }
  L.push('  }', '}');
  return L.join('\n');
}
