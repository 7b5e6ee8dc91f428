/**
 * Staging of small read-only gathered streams through workgroup memory (issue 28; printed by
 * codegen/wgsl/stage.ts). A map kernel whose loop reads `s[i]` with `i` the loop counter (the ray
 * tracer's `e1[i]` over the triangles) reads the same element in every invocation at each trip. Staged,
 * the invocations of a workgroup load a block of `s` together (one element each), meet at a barrier,
 * run the block's trips reading the block from workgroup memory, and meet again before the next block.
 *
 * The rule (docs/DECISIONS.md "Staging gathered streams"), every part of it proved here from the IR
 * and the call:
 *   - the kernel is a map (no vout, no mask): every invocation of a workgroup reaches every barrier;
 *     invocations past the end of the call run the loop with a real element's arguments and store
 *     nothing (masked work), so no early return comes before a barrier;
 *   - a top-level counted loop with uniform start and bound and a constant positive step (coop.ts
 *     loopHeader), its trip count known at the call and bounded, with no return, push, break or
 *     continue out of it (a barrier must be in uniform control flow: loops inside it may exit per
 *     invocation, their own budget exits included, as they leave only themselves), and nothing
 *     before it returns;
 *   - each staged stream is a 1-D gather read in the loop at the counter itself (the same index in
 *     every invocation at each trip), of a scalar or vector type, and not written by the call.
 * A trip whose index falls outside the block (a step over 1, clamping at the ends) reads memory as
 * before; the block holds the very values memory holds, so results are bit-identical. Where every
 * trip's index is provably the block's start plus the trip's number (`direct`: a whole start >= 0,
 * a step of 1), a trip reads the block at its number: no index rounding, test or fallback a trip.
 */
import type { IRExpr, IRStmt, KernelIR } from '../ir.js';
import { coopTrips, loopHeader, someExprInStmt, someStmt } from './coop-loop.js';
import type { DeviceLimits, ScheduleForce } from './limits.js';

/** Where and what a map call stages (KernelVariant.stage). */
export interface StagePlan {
  /** Position of the loop in `ir.body`. */
  at: number;
  /** The staged gather parameters, ascending. */
  params: number[];
  /** Elements of each stream per block (a power of two, at most the workgroup size). */
  block: number;
  /** Every trip's coordinate is the block's start plus the trip's number within the block (the
   *  counter starts at a whole number >= 0, steps by 1 and stays below 2^24): a trip reads the block
   *  at its number, with no test and no fallback to memory. */
  direct: boolean;
}

export type StageDecision = { plan: StagePlan; why?: undefined } | { plan: null; why: string };

/** Fewest trips worth staging: below, a block's loads and two barriers cost more than they save. */
export const STAGE_MIN_TRIPS = 64;
/** Most trips staged: the staged loop has no loop budget (its exit must be uniform), so its length
 *  is bounded here instead; a float counter also counts exactly only below 2^24. */
export const STAGE_MAX_TRIPS = 1 << 24;
/** Smallest block worth a barrier pair. */
export const STAGE_MIN_BLOCK = 32;

/** Stable text of a plan (pipeline and launch memo keys). */
export function stageKey(st: StagePlan | undefined | null): string {
  return st ? `${st.at}:${st.params.join('.')}:${st.block}${st.direct ? ':d' : ''}` : '';
}

const no = (why: string): StageDecision => ({ plan: null, why });

/**
 * Whether a map call of `ir` over `outputs` positions with workgroups of `workgroupSize` stages its
 * loop's gathers, and which; or why not. `written(k)`: the call writes gather parameter k's buffer.
 */
export function planStage(
  ir: KernelIR,
  masked: boolean,
  constArg: (param: number) => readonly number[] | undefined,
  workgroupSize: number,
  limits: DeviceLimits,
  written: (param: number) => boolean,
  force: ScheduleForce = {},
): StageDecision {
  if (force.stage === false) return no('staging is off (BROOK_TILE=0)');
  if (ir.kind !== 'map') return no('not a map kernel');
  if (ir.params.some((p) => p.role === 'vout')) return no('a vout kernel');
  if (masked) return no('a masked call');
  if (!ir.params.some((p) => p.role === 'gather')) return no('no gathered stream');
  const at = ir.body.findIndex((s) => s.op === 'loop');
  if (at < 0) return no('no loop in the body');
  if (ir.body.slice(0, at).some((s) => someStmt(s, (t) => t.op === 'return'))) return no('a return before the loop');
  const loop = ir.body[at] as IRStmt & { op: 'loop' };
  const header = loopHeader(ir, loop);
  if ('reason' in header) return no(header.reason);
  const trips = coopTrips(ir, header, constArg);
  if (trips === null) return no('the loop bounds are not known at the call');
  if (trips < STAGE_MIN_TRIPS) return no(`${trips} trips (staging needs ${STAGE_MIN_TRIPS})`);
  if (trips > STAGE_MAX_TRIPS) return no(`${trips} trips (more than ${STAGE_MAX_TRIPS})`);
  const exit = loopExit(loop.body, header.index);
  if (exit) return no(exit);

  // Gathers at the counter itself, per parameter; any other gather of the same stream still reads memory.
  const isCounter = (e: IRExpr) => e.op === 'local' && e.name === header.index;
  const found = new Set<number>();
  for (const s of loop.body) {
    someExprInStmt(s, (e) => {
      if (e.op === 'gather' && e.index.length === 1 && isCounter(e.index[0]!)) found.add(e.param);
      return false;
    });
  }
  if (found.size === 0) return no('no gather indexed by the loop counter');
  const params: number[] = [];
  const skipped: string[] = [];
  let bytes = 0;
  for (const k of [...found].sort((x, y) => x - y)) {
    const p = ir.params[k]!;
    const size = elementBytes(p.type);
    if ((p.gatherDims ?? 1) !== 1) skipped.push(`'${p.sourceName}' is gathered in ${p.gatherDims} dimensions`);
    else if (size === null) skipped.push(`'${p.sourceName}' is not a scalar or vector`);
    else if (written(k)) skipped.push(`the call writes '${p.sourceName}'`);
    else {
      params.push(k);
      bytes += size;
    }
  }
  if (params.length === 0) return no(skipped.join('; '));
  let block = workgroupSize;
  while (block >= STAGE_MIN_BLOCK && block * bytes > limits.maxComputeWorkgroupStorageSize) block /= 2;
  if (block < STAGE_MIN_BLOCK) return no(`${bytes} bytes an element do not fit workgroup memory in blocks of ${STAGE_MIN_BLOCK}`);
  return { plan: { at, params, block, direct: directTrips(header, trips) } };
}

/**
 * Whether trip n of a block reads element n of the block. A counter that starts at a whole number
 * s >= 0 and steps by 1 is s + n at trip n of a block that starts at s, exactly while it stays below
 * 2^24 (a float counter counts by ones only there), and the gather's coordinate of a whole number
 * c >= 0 is min(c, extent - 1). The block holds elements min(b + t, extent - 1) from b =
 * min(s, extent - 1): element n is min(s + n, extent - 1) in both cases (s below or past the end).
 */
function directTrips(header: { start: IRExpr; step: number }, trips: number): boolean {
  if (header.step !== 1 || header.start.op !== 'const') return false;
  const s = header.start.value[0]!;
  return Number.isInteger(s) && s >= 0 && s + trips <= STAGE_MAX_TRIPS;
}

/** Why the loop's exit is not the same for every invocation, or null. A break or continue inside a
 *  loop nested in the body leaves only that loop. */
function loopExit(body: IRStmt[], counter: string): string | null {
  let why: string | null = null;
  const visit = (list: IRStmt[], nested: boolean) => {
    for (const t of list) {
      if (why) return;
      if (t.op === 'return') why = 'a return inside the loop';
      else if (t.op === 'push') why = 'a push inside the loop';
      else if ((t.op === 'break' || t.op === 'continue') && !nested) why = `a ${t.op} inside the loop`;
      else if (t.op === 'assign' && t.target.root.kind === 'local' && t.target.root.name === counter) why = 'assigns the loop counter inside the body';
      else if (someExprInStmt(t, (e) => e.op === 'call' && e.outArgs.some((o) => o !== null))) why = 'a helper call with out arguments inside the loop';
      else if (t.op === 'if') {
        visit(t.then, nested);
        visit(t.else, nested);
      } else if (t.op === 'loop') {
        visit(t.init, true);
        visit(t.body, true);
        visit(t.update, true);
      }
    }
  };
  visit(body, false);
  return why;
}

/** Bytes of one element in workgroup memory (WGSL's array stride: a vec3 takes 16), or null for types
 *  not staged (structs, arrays, half, double). */
function elementBytes(t: KernelIR['params'][number]['type']): number | null {
  const plain = (n: string) => n === 'float' || n === 'int' || n === 'uint';
  if (t.kind === 'scalar') return plain(t.name) ? 4 : null;
  if (t.kind === 'vector') return plain(t.elem) ? (t.size === 3 ? 16 : 4 * t.size) : null;
  return null;
}
