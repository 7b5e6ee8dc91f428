/**
 * The CPU loop plan: how a CPU kernel walks the positions of one launch. Both CPU kernel writers print
 * it, the JavaScript one (codegen/js) and the WebAssembly one (codegen/wasm); neither owns it.
 *
 * Decision (docs/DECISIONS.md "The CPU writers share one loop plan"): one loop plan, not one shared
 * scalar form. The two writers' per-component operations differ by nature (JavaScript text rounded
 * with fround and left to V8; WebAssembly locals, i32 twins of whole floats, SIMD lanes), and each is
 * checked against the other bit for bit (tests/cpu/wasm.test.ts); how they pair components is one set
 * of rules (codegen/scalar-form.ts). What was written twice, and could drift, is the walk: which
 * values are fixed per launch, per row or per element, where a range is cut into segments, how each
 * stream's address advances, when coordinates are kept. That is decided here.
 *
 * In: the kernel's IR and the launch's `JsPlan` (built by backends/cpu/index.ts `prepare`).
 * Out: a `LoopPlan`. The walk it describes:
 * - The iteration space is padded to 4 dimensions (c0 slowest .. c3 fastest). [start, end) is walked
 *   in row segments: the rest of the current row (positions differing only in c3), or the whole range
 *   when nothing reads coordinates (`usesCoords` false); a full reduction (`chunked`) also cuts a
 *   segment at the end of each chunk of L.chunk positions.
 * - Values fixed for a launch are read once; values fixed for a row (row bases of strided streams,
 *   iterator components along c0..c2, indexof y/z/w) once per segment; the rest per element.
 * - A stream walked 'linear' is at base + i; otherwise at a row base (sum of the slower dimensions'
 *   domain indices times strides) plus c3's domain index, which is a running offset when c3 is not
 *   resized (`running`) and computed per element when it is (the resize rule: loop-plan `resizeIndex`).
 * - A full reduction seeds each chunk's accumulator with the chunk's first element (before the element
 *   loop, so the loop has no test), and stores the chunk's partial at its end or at the range's end,
 *   at index floor((i - 1) / L.chunk); the caller joins partials in a fixed tree. A partial reduction
 *   (JavaScript only) folds each output's block in chunks joined on a stack.
 * Always: a result never depends on how [0, n) is split into ranges (worker threads rely on it), and
 * every loop a body contains polls for a stop request (codegen/loop-poll.ts); the element loops
 * themselves do not (the backend checks between chunks).
 */
import type { WholeSeeds } from '../facts/index.js';
import type { KernelIR } from '../ir.js';

export type Access = 'linear' | 'table' | string;

/** What a launch tells of a value (an iterator or constant component): 'g' nothing; for iterators
 *  'e' exactly lo + index (the step is 1 and the formula's roundings are exact); 'z' a whole number
 *  (iterators: 'e' with a whole lo), so a gather indexed by it needs no rounding; 's' a whole number
 *  of magnitude at most SMALL_WHOLE, so sums of a few such values are exact without fround. */
export type IterForm = 'g' | 'e' | 'z' | 's';

/** Bound of 's' values and of indexof components under `JsPlan.smallIndex`. */
export const SMALL_WHOLE = 2 ** 22;

/**
 * A CPU launch's plan: how each stream argument of one launch is addressed, the launch mode, and what
 * the launch tells of iterator and constant values; `planKey` names it in the kernel caches.
 * Addressing per padded dimension (c0 slowest .. c3 fastest):
 *   'linear'  element = base + i (same shape as the space, contiguous)
 *   'iiri'..  per padded dimension 'i' (extent as the space's: index c) or 'r' (resized: index
 *             resizeIndex(c, extent, spaceExtent)); element = base + sum(index_d * stride_d)
 *   'table'   the old name of 'rrrr' (every dimension through the resize formula; exact for any shape)
 */
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
 * true floor. The same rule as `resizedIndex` (backends/cpu/launchdata.ts) and the WGSL `brk_resize1`;
 * the WebAssembly writer computes it in 64-bit integers (codegen/wasm/element.ts `dimIndex`).
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

/** How a stream's element address is walked. */
export interface StreamWalk {
  /** The access as given ('linear', or per-dimension forms once 'table' is read as 'rrrr'). */
  linear: boolean;
  /** Per padded dimension 'i' or 'r' ('iiii' for a linear walk). */
  forms: string;
  /** Whether the address advances by one element per position within a row segment (linear, or c3
   *  not resized); otherwise it is computed per element from the row base and c3's domain index. */
  running: boolean;
}

export function streamWalk(access: Access): StreamWalk {
  const forms = dimForms(access);
  return { linear: access === 'linear', forms, running: access === 'linear' || forms[3] === 'i' };
}

/** Where a value is computed: once per launch, once per row segment, or for every element. */
export type Where = 'launch' | 'row' | 'element';

/** A value following padded dimension d (an iterator component, an indexof component; -1: none, an
 *  iterator stays at lo): the fastest dimension changes per element, the slower ones per row. */
export function whereAlong(d: number): Where {
  return d < 0 ? 'launch' : d === 3 ? 'element' : 'row';
}

export interface LoopPlan {
  mode: JsPlan['mode'];
  /** Whether the walk keeps coordinates c0..c3 (row segments end at row ends). */
  usesCoords: boolean;
  /** reduceAll: segments also end at chunk ends; one partial per chunk, seeded by its first element. */
  chunked: boolean;
  /** reduceAll and reduceBlocks: the first element of each group seeds the accumulator. */
  firstSeeds: boolean;
  /** Per kernel parameter: the walk of its stream (in, out), null for others (and for a fused
   *  reduction's computed input, which has no storage). */
  streams: (StreamWalk | null)[];
  mask: StreamWalk | null;
}

/**
 * The loop plan of a launch. Coordinates are kept when something reads them: a stream, mask, target
 * or index stream not walked linearly, an iterator component along a dimension, indexof, and the
 * partial reduction and scatter modes (their element parts use them).
 */
export function planLoop(ir: KernelIR, plan: JsPlan): LoopPlan {
  const produce = ir.kind === 'reduce' && plan.mode !== 'scatter' ? ir.produce : undefined;
  const inputParam = ir.kind === 'reduce' ? ir.params.findIndex((p) => p.role === 'in') : -1;
  const streams = ir.params.map((p, k) => {
    if (p.role !== 'in' && p.role !== 'out') return null;
    if (produce && k === inputParam) return null;
    return streamWalk(plan.access[k] ?? 'table');
  });
  const mask = plan.mask ? streamWalk(plan.mask) : null;
  const iterAlongDim = ir.params.some((p, k) => p.role === 'iter' && (plan.iterDims?.[k] ?? []).some((d) => d >= 0));
  const usesCoords =
    plan.mode === 'reduceBlocks' ||
    plan.mode === 'scatter' ||
    ir.indexofParams.length > 0 ||
    iterAlongDim ||
    streams.some((s, k) => s !== null && !s.linear && !(plan.mode === 'reduceBlocks' && produce && k >= produce.from)) ||
    (mask !== null && !mask.linear);
  return { mode: plan.mode, usesCoords, chunked: plan.mode === 'reduceAll', firstSeeds: plan.mode === 'reduceAll' || plan.mode === 'reduceBlocks', streams, mask };
}
