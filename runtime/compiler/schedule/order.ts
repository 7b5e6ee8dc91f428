/**
 * The reduction order, as the GPU schedules print it (docs/DECISIONS.md "Reductions: order and
 * shape"). These numbers fix which elements combine in which order, so they are not a schedule's to
 * vary: a plan picks workgroup sizes around them. Nothing here depends on a device.
 */
import { REDUCE_CHUNK } from '../facts/index.js';

/** Which reductions are commutative (the strided order) is a kernel fact (compiler/facts). */
export { isCommutativeReduction } from '../facts/index.js';

/** Elements a leaf folds left to right before the leaves join one fixed tree ((0,1) (2,3) ..., then
 *  (0,2) (4,6) ..., a missing right side carried up): the facts' REDUCE_CHUNK, the CPU writers'
 *  chunk, so an ordered reduction gives the CPU's bits. */
export const REDUCE_LEAF = REDUCE_CHUNK;

/** Most lanes of a commutative full reduction (r = r op a, op + * min max): lane t folds elements
 *  t, t + L, t + 2L, ... (neighbouring lanes read neighbouring words, coalesced), then the lanes join
 *  the fixed tree. About one resident wave on an H100/H200 (measured on an H200: 261 us for 2^26
 *  float4, the hand-written two-pass subgroupAdd baseline's best plan 267 us). */
const STRIDED_MAX_LANES = 1 << 18;

/** Lanes L of a commutative full reduction of n elements: at least 4 elements a lane, a multiple of
 *  256 (every workgroup size the planner offers divides it), at most STRIDED_MAX_LANES. A function of
 *  n only, so the result does not depend on the workgroup size. */
export function stridedLanes(n: number): number {
  return Math.min(STRIDED_MAX_LANES, 256 * Math.ceil(n / 1024));
}

/** Elements per target from which a partial reduction uses a workgroup per target (its leaves join
 *  the fixed tree); smaller blocks are one leaf, folded by one thread. */
export const WIDE_BLOCK = 256;

/** Lanes of a commutative partial reduction's wide block: lane l folds elements l, l + 256, ...,
 *  then a halving tree joins the lanes. */
export const STRIDED_BLOCK_LANES = 256;

/** Lanes of a commutative partial reduction whose rows are read as vec4 (layout.ts vec4Blocks): lane
 *  l folds vec4s l, l + 128, ..., each vec4's words in order (measured on an H200, the rows of an
 *  8192^2 float stream: 252 us as 256 threads of scalar loads, 178 us so). */
export const VEC4_BLOCK_WG = 128;
