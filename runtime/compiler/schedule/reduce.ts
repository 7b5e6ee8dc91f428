/**
 * Schedules of reductions: how many lanes, workgroups and leaves a call uses. The order is
 * order.ts's; these choices only say which threads carry it out.
 */
import type { KernelIR } from '../ir.js';
import { flattenElement } from '../types.js';
import type { DeviceLimits, ScheduleForce } from './limits.js';
import { isCommutativeReduction, REDUCE_LEAF, STRIDED_BLOCK_LANES, stridedLanes, VEC4_BLOCK_WG, WIDE_BLOCK } from './order.js';

export interface ReduceAllSchedule {
  /** 'leaves': lane t folds elements [t * chunk, (t + 1) * chunk) left to right; 'strided' (a
   *  commutative operation): lane t folds elements t, t + lanes, ... Then the lanes join the fixed tree. */
  order: 'leaves' | 'strided';
  workgroupSize: number;
  /** Elements of a leaf (order 'leaves': REDUCE_LEAF). */
  chunk: number;
  /** Lanes of `main` that hold the tree's first level. */
  lanes: number;
  /** Workgroups of `main`: one partial each, folded by `combine` as the same tree. */
  groups: number;
  /** Partials a lane of `combine` folds (combineRun): at most SHORT_RUN prints the short form. */
  combineRun: number;
}

export interface ReduceBlocksSchedule {
  /** A workgroup per target element (blocks of WIDE_BLOCK elements or more), else a thread. */
  wide: boolean;
  /** A commutative operation's wide blocks: lanes take strided elements (order.ts STRIDED_BLOCK_LANES). */
  strided: boolean;
  workgroupSize: number;
  /** The workgroup when the blocks are rows read as vec4 (the writer's layout decides that it can). */
  vec4WorkgroupSize: number;
}

/**
 * Partials a lane of the one `combine` workgroup of `wg` lanes folds when `main` left `partials`:
 * the least power of two with run * wg >= partials, so each lane holds an aligned subtree of the
 * fixed tree over the partials and the workgroup tree joins them (the same tree for every wg).
 */
export function combineRun(partials: number, wg: number): number {
  let run = 1;
  while (run * wg < partials) run *= 2;
  return run;
}

/**
 * Runs up to SHORT_RUN partials a lane (every default plan: a workgroup of 256 and at most 2^18
 * strided lanes or 2^26 elements in leaves give at most 1024 partials) are printed as their subtree
 * written out: four loads and three combines, as before the fixed tree (measured on an H200, a
 * stack of subtrees in private memory took sum 2^20 float4 from 22.5 to 39.7 us). Longer runs
 * (forced small workgroups, larger ordered reductions) take the stack form (variant `longRuns`).
 */
export const SHORT_RUN = 4;

/** Most lanes of a reduction workgroup. */
const REDUCE_WG = 256;

/**
 * The largest power of two (at most 256) whose shared arrays (a value and a flag a lane) fit the
 * device's workgroup memory and invocation limits. Every size it can give divides 256 and
 * stridedLanes, so `groups` is whole.
 */
function reduceWorkgroup(words: number, limits: DeviceLimits, force: ScheduleForce): number {
  let wg = Math.min(REDUCE_WG, limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
  while (wg > 1 && wg * (words * 4 + 4) > limits.maxComputeWorkgroupStorageSize) wg /= 2;
  const f = force.workgroupSize;
  if (f !== undefined) {
    if (!(f >= 1 && f <= wg && (f & (f - 1)) === 0)) throw new Error(`internal: forced workgroup size ${f} is not a power of two up to ${wg}`);
    return f;
  }
  return wg;
}

function accWords(ir: KernelIR): number {
  const acc = ir.params.find((p) => p.role === 'reduce');
  if (!acc) throw new Error(`internal: reduction '${ir.name}' has no reduce parameter`);
  return flattenElement(acc.type).length;
}

/** A full reduction of `n` elements (one range of pages, for split streams). */
export function planReduceAll(ir: KernelIR, n: number, limits: DeviceLimits, force: ScheduleForce = {}): ReduceAllSchedule {
  const workgroupSize = reduceWorkgroup(accWords(ir), limits, force);
  if (isCommutativeReduction(ir)) {
    const lanes = stridedLanes(n);
    const groups = lanes / workgroupSize;
    return { order: 'strided', workgroupSize, chunk: REDUCE_LEAF, lanes, groups, combineRun: combineRun(groups, workgroupSize) };
  }
  const lanes = Math.ceil(n / REDUCE_LEAF);
  const groups = Math.ceil(lanes / workgroupSize);
  return { order: 'leaves', workgroupSize, chunk: REDUCE_LEAF, lanes, groups, combineRun: combineRun(groups, workgroupSize) };
}

/** A partial reduction whose targets each fold `block` elements. */
export function planReduceBlocks(ir: KernelIR, block: number, limits: DeviceLimits, force: ScheduleForce = {}): ReduceBlocksSchedule {
  const wide = block >= WIDE_BLOCK;
  const strided = wide && isCommutativeReduction(ir);
  if (!wide) {
    // A thread per target: its block is one leaf, whatever the workgroup.
    const f = force.workgroupSize;
    return { wide, strided, workgroupSize: f ?? 64, vec4WorkgroupSize: VEC4_BLOCK_WG };
  }
  // The strided lanes are the order's (STRIDED_BLOCK_LANES): a forced size does not apply to them;
  // the device's workgroup memory may still cap them (docs/DECISIONS.md "Schedules").
  const words = accWords(ir);
  const workgroupSize = strided ? Math.min(STRIDED_BLOCK_LANES, reduceWorkgroup(words, limits, {})) : reduceWorkgroup(words, limits, force);
  return { wide, strided, workgroupSize, vec4WorkgroupSize: VEC4_BLOCK_WG };
}
