/**
 * A CPU launch's plan (`JsPlan`): how each stream argument of one launch is addressed, the launch mode,
 * and what the launch tells of iterator and constant values. The CPU backend builds it
 * (backends/cpu/index.ts `prepare`); both CPU kernel writers (codegen/js, codegen/wasm) are specialized
 * on it, and `planKey` names the specialization in the kernel caches.
 *
 * Addressing per padded dimension (c0 slowest .. c3 fastest):
 *   'linear'  element = base + i (same shape as the space, contiguous)
 *   'iiri'..  per padded dimension 'i' (extent as the space's: index c) or 'r' (resized: index
 *             resizeIndex(c, extent, spaceExtent)); element = base + sum(index_d * stride_d)
 *   'table'   the old name of 'rrrr' (every dimension through the resize formula; exact for any shape)
 */
import type { WholeSeeds } from '../../facts/index.js';

export type Access = 'linear' | 'table' | string;

/** What a launch tells of a value (an iterator or constant component): 'g' nothing; for iterators
 *  'e' exactly lo + index (the step is 1 and the formula's roundings are exact); 'z' a whole number
 *  (iterators: 'e' with a whole lo), so a gather indexed by it needs no rounding; 's' a whole number
 *  of magnitude at most SMALL_WHOLE, so sums of a few such values are exact without fround. */
export type IterForm = 'g' | 'e' | 'z' | 's';

/** Bound of 's' values and of indexof components under `JsPlan.smallIndex`. */
export const SMALL_WHOLE = 2 ** 22;

export interface JsPlan {
  mode: 'map' | 'reduceAll' | 'reduceBlocks' | 'scatter';
  /** Per kernel parameter: how its stream is addressed (in/out/iter); null otherwise. */
  access: (Access | null)[];
  /** Write mask addressing, or null when no mask is enabled. */
  mask: Access | null;
  /** reduceBlocks and scatter: addressing of the target (reduceBlocks) or of the index stream (scatter). */
  target?: Access;
  /** Per iterator parameter: the padded dimension (0..3) each component follows, -1 for none. */
  iterDims?: (number[] | null)[];
  /** Per iterator parameter: the form of each component (default 'g'). */
  iterForms?: (IterForm[] | null)[];
  /** Per constant parameter: the form of each float component in this launch ('g', 'z' or 's'). */
  constForms?: (IterForm[] | null)[];
  /** Every extent of the space and of the arguments is at most SMALL_WHOLE (indexof is small). */
  smallIndex?: boolean;
}

export function planKey(p: JsPlan): string {
  const it = (p.iterDims ?? []).map((d) => (d ? d.join('') : '-')).join(',');
  const forms = (p.iterForms ?? []).map((f) => (f ? f.join('') : '-')).join(',');
  const consts = (p.constForms ?? []).map((f) => (f ? f.join('') : '-')).join(',');
  return `${p.mode}|${p.access.map((a) => a ?? '-').join(',')}|${p.mask ?? '-'}|${p.target ?? '-'}|${it}|${forms}|${consts}|${p.smallIndex ? 's' : '-'}`;
}

const seedsOfPlan = new WeakMap<JsPlan, WholeSeeds>();

/** What the plan tells the kernel facts (compiler/facts whole.ts): the constant and iterator
 *  components that are whole numbers in this launch (forms 'z' and 's'). One function per plan, so
 *  both CPU writers share the facts they get for it. */
export function planWholeSeeds(plan: JsPlan): WholeSeeds {
  let seeds = seedsOfPlan.get(plan);
  if (!seeds) {
    seeds = (param, comp) => {
      const form = plan.constForms?.[param]?.[comp] ?? plan.iterForms?.[param]?.[comp];
      return form === 'z' || form === 's';
    };
    seedsOfPlan.set(plan, seeds);
  }
  return seeds;
}

/**
 * Domain index along a resized dimension (BROOK.md 4, the original BrookGPU): output position c of
 * `out` positions reads element floor(c * extent / out) (123 -> 111222333, 1..10 -> 13579). Exact in
 * doubles: extents are below 2^31, so the product stays below 2^53 and floor of the quotient is the
 * true floor. The same rule as `resizedIndex` (backends/cpu/launchdata.ts) and the WGSL `brk_resize1`.
 */
export function resizeIndex(c: string, extent: string, out: string): string {
  return `floor((${c} * ${extent}) / ${out})`;
}

/** The per-dimension form of an access: 'i' (identity) or 'r' (resized), for all four dimensions. */
export function dimForms(a: Access): string {
  if (a === 'linear') return 'iiii';
  if (a === 'table') return 'rrrr';
  if (!/^[ir]{4}$/.test(a)) throw new Error(`internal: unknown access '${a}'`);
  return a;
}
