/**
 * The order and shape of a reduction, written once (BROOK.md 5; docs/DECISIONS.md "Reduction operand
 * order" and "Reductions: order and shape"). Every writer and the CPU backend's joins follow it:
 *
 * - Operands: in `reduce void f(T a<>, reduce T r<>)` the body runs with `r` = the combination of the
 *   earlier elements (row-major, left) and `a` = the later ones; `r = r * a` over matrices gives
 *   M0 * M1 * ... * Mn. Partial results join the same way: join(left, right) runs the body with
 *   r = left, a = right.
 * - Seed: the first element of each group seeds `r`; no identity value is needed or used.
 * - Shape: into a host value, the whole stream is one group; into a stream of the same rank, output
 *   element (i0..i3) reduces the block of F_d = inExtent_d / outExtent_d elements per dimension d
 *   starting at i_d * F_d, in row-major order inside the block.
 * - Chunks (CPU writers): a whole-stream reduction folds chunks of REDUCE_CHUNK elements left to right
 *   into one partial each, then joins the partials in the fixed tree `treeJoins` (neighbours first:
 *   (0,1) (2,3) ..., then (0,2) (4,6) ..., an odd one carried up). A block reduction folds chunks of
 *   REDUCE_CHUNK and joins finished chunks on a stack like a binary counter (after the d-th finished
 *   chunk, the top two partials are joined once per trailing zero bit of d: adjacent partials only),
 *   then folds what is left on the stack right to left (the JavaScript writer prints it; the
 *   WebAssembly writer has no block form). The result never depends on how positions are split
 *   among threads.
 * - The WebGPU schedules (compiler/schedule order.ts) print this same order, leaves of REDUCE_CHUNK
 *   and the fixed tree, for every workgroup size, so an ordered reduction gives the CPU's bits; where
 *   the order cannot matter (`commutativeOperator`: r = r + a, r * a, min, max over the two operands
 *   only) lanes take strided elements instead, in an order fixed by the element count alone.
 * Exact operations (integers, min, max, matrix products of small integers) give identical bits on
 * every writer; float sums agree to the rounding of their (fixed, per writer) trees.
 */
import type { IRExpr, KernelIR } from '../ir.js';

/** Elements folded left to right before partial results are joined (CPU writers). */
export const REDUCE_CHUNK = 256;

export interface ReductionFacts {
  /** The parameter holding the later elements (`a`). */
  input: number;
  /** The accumulator (`r`): the earlier elements. */
  accumulator: number;
  /** Operand order of every join: the accumulator is the left (earlier) operand. */
  order: 'r-earlier-a-later';
  /** The first element of each group seeds the accumulator. */
  seed: 'first-element';
  /** r = r + a, r * a, min(r, a) or max(r, a) (either operand order): regrouping cannot change it. */
  commutativeOperator: '+' | '*' | 'min' | 'max' | null;
}

/** The facts of a reduce kernel, or null for a map kernel. */
export function reductionFacts(ir: KernelIR): ReductionFacts | null {
  if (ir.kind !== 'reduce') return null;
  return {
    input: ir.params.findIndex((p) => p.role === 'in'),
    accumulator: ir.params.findIndex((p) => p.role === 'reduce'),
    order: 'r-earlier-a-later',
    seed: 'first-element',
    commutativeOperator: commutativeOperator(ir),
  };
}

/** Whether regrouping cannot change the reduction's result: its body is one r = r op a (or a op r)
 *  with op + * min max over the two operands only. */
export function isCommutativeReduction(ir: KernelIR): boolean {
  return commutativeOperator(ir) !== null;
}

/** The body is one `r = r op a` (or `a op r`, or min/max of the two) with op commutative. */
function commutativeOperator(ir: KernelIR): ReductionFacts['commutativeOperator'] {
  if (ir.kind !== 'reduce' || ir.body.length !== 1) return null;
  const s = ir.body[0]!;
  const acc = ir.params.findIndex((p) => p.role === 'reduce');
  const input = ir.params.findIndex((p) => p.role === 'in');
  if (s.op !== 'assign' || s.target.root.kind !== 'param' || s.target.root.index !== acc || s.target.path.length > 0) return null;
  const v: IRExpr = s.value;
  const op = v.op === 'binary' && (v.operator === '+' || v.operator === '*') ? v.operator
    : v.op === 'builtin' && (v.name === 'min' || v.name === 'max') && v.args.length === 2 ? v.name : null;
  if (!op) return null;
  const operands = v.op === 'binary' ? [v.left, v.right] : v.op === 'builtin' ? v.args : [];
  const idx = operands.map((o) => (o.op === 'param' ? o.index : -1)).sort();
  return idx[0] === Math.min(acc, input) && idx[1] === Math.max(acc, input) ? op : null;
}

/**
 * The fixed tree over `m` chunk partials: each pair [left, right] joins partial right into partial
 * left (left = join(left, right)), in this order; partial 0 ends with the whole result.
 */
export function treeJoins(m: number): [number, number][] {
  const out: [number, number][] = [];
  for (let s = 1; s < m; s *= 2) for (let i = 0; i + s < m; i += 2 * s) out.push([i, i + s]);
  return out;
}
