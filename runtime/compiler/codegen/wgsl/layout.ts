/**
 * The contract between a generated WGSL module and the backend that launches it: which binding
 * holds what, and where each parameter's numbers sit in the uniform block.
 *
 * Uniform block `U: array<vec4<u32>, K>` (bound with a dynamic offset, one slot per dispatch):
 *   U[0]  output shape, padded to 4-D with leading 1s: .x slowest ... .w fastest (declaration order)
 *   U[1]  .x = end (exclusive linear output index of this dispatch), .y = threads per grid row
 *         (2-D dispatch), .z = first linear index of this dispatch, .w = total outputs of the launch;
 *         with a 2-D grid (ShapeSpec.grid 2) .x = end row and .z = first row of this dispatch
 *   U[2]  mode words: reductions .x = elements per thread (ordered), .y = element count,
 *         .z = partials, .w = threads (strided);
 *         vout .x = number of output positions n
 *   then one slot per parameter, at `ParamPlan.uniform`:
 *   - streams (in, out, gather, reduce target, vout, mask): lo, shape (of the domain), strides
 *     (of the whole stream, in elements), each a padded 4-D vec4 like U[0];
 *   - iterators: lo, shape, full shape, value lo (f32 bits), value hi (f32 bits), .x = rank;
 *   - constants: their flat words (f32/i32/u32 bits), 4 to a vec4.
 * A variant with `shapes` (ShapeSpec) has the words of U[0] and of every stream slot written into
 * the module as constants; the backend still fills the whole block, so both read the same numbers.
 * Binding 0 is the uniform block; streams follow in parameter order, then the mask, then the
 * mode's own buffers (`extra`).
 *
 * A kernel with loops (budget.ts) takes one more uniform vec4 after everything else (.x the loop
 * budget per element, .y the kernel's tag) and one more storage binding after the mode's own, the
 * status buffer `b_lstat` (ModulePlan.budget).
 *
 * Split streams (variant `pages`; backends/webgpu/paging.ts): a parameter stored in pages takes
 * `slots` consecutive bindings, one page each, from its binding number on. After the mask, one u32
 * per such binding (the page bases, ParamPlan.pages.base) holds the element index where the page
 * bound to its first slot starts; the element's page is then (e - base) >> log2(pageElems).
 */
import { mapTiling, vec4ProducerInputs, vec4Rows } from '../../schedule/tiling.js';
import { WG2D } from '../../schedule/map.js';
import type { StagePlan } from '../../schedule/stage.js';
import type { IRParam, KernelIR } from '../../ir.js';
import type { Type } from '../../types.js';
import { flattenElement } from '../../types.js';
import { hasLoops } from './budget.js';

export const HEADER_VEC4S = 3;

export type StorageKind =
  | { kind: 'typed'; array: string } // array<f32>, array<vec4<f32>>, ...: one array entry per element
  | { kind: 'words'; words: number }; // array<u32>, `words` entries per element (vec3, structs, bools)

export interface ParamPlan {
  index: number;
  role: IRParam['role'];
  type: Type;
  /** First vec4 of the parameter's uniform slot. */
  uniform: number;
  /** Storage binding, or null (constants, iterators, the accumulator of a full reduction). */
  binding: number | null;
  storage: StorageKind | null;
  /** Set when the stream is split into pages (bindings binding .. binding + slots - 1). */
  pages?: PagePlan;
}

export type VariantMode = 'map' | 'reduceAll' | 'reduceBlocks' | 'voutCount' | 'voutWrite' | 'scatterFold' | 'gatherFold';

/** What varies between pipelines of one kernel: the mode and facts about this call's arguments. */
export interface KernelVariant {
  mode: VariantMode;
  /** Per parameter: its element index is the launch's linear index (whole stream, same shape as the output, no resizing). */
  direct: boolean[];
  /** Per parameter, then one entry for the mask: the index of an earlier parameter (or the
   *  parameter count, for the mask) bound to the same buffer in this launch, or -1. WebGPU refuses
   *  a buffer bound twice when one binding writes it (in-place kernels), so such arguments share
   *  one binding. */
  share: number[];
  masked: boolean;
  workgroupSize: number;
  /** reduceAll only: the operation is commutative (`r = r + a`, `*`, min, max), so threads may take
   *  grid-strided elements (coalesced loads) instead of contiguous chunks. */
  strided?: boolean;
  /** reduceAll only: a lane of `combine` folds more than SHORT_RUN partials (schedule/reduce.ts
   *  combineRun), so it keeps its subtrees on a stack; otherwise the short form, written out. */
  longRuns?: boolean;
  /** Loops without budget counters (BROOK_LOOP_BUDGET=0, to measure what they cost; budget.ts). */
  noBudget?: boolean;
  /** map only: no thread coarsening (schedule tiling.ts), a choice forced on the schedule. */
  untiled?: boolean;
  /** map only: a workgroup of `workgroupSize` lanes per output element, which split the kernel's
   *  sum loop (coop.ts; the kernel must pass `coopLoop`). */
  coop?: boolean;
  /** map only: gathered streams staged through workgroup memory in blocks (schedule/stage.ts,
   *  printed by stage.ts); a 1-D grid. */
  stage?: StagePlan;
  /** reduceBlocks only: a workgroup per target element (large blocks) instead of a thread. */
  wide?: boolean;
  /** map and reduceBlocks: this call's shapes as constants (absent: read from the uniform block). */
  shapes?: ShapeSpec;
  /** Per parameter, then one entry for the mask: how a split stream is bound (absent or null: one
   *  binding, as for every stream that fits one). A shared parameter uses its owner's entry. */
  pages?: (PageSpec | null)[];
}

/** A split stream's binding: `slots` page bindings of `pageElems` elements (a power of two) each. */
export interface PageSpec {
  slots: number;
  pageElems: number;
}

/** Where a split stream's pages are in the module: bindings `binding .. binding + slots - 1`. */
export interface PagePlan {
  slots: number;
  /** log2 of the elements per page. */
  shift: number;
  /** The uniform word with the first bound page's element index: word `base` of U (U[base >> 2]). */
  base: number;
}

/**
 * The shapes of one call, fixed in a pipeline: no division or modulo for 1-D and 2-D outputs, no
 * uniform reads for extents and strides, resizing by whole factors as a multiply or a shift.
 */
export interface ShapeSpec {
  /** Words of the uniform vec4s that are constants in the module, by vec4 index: U[0] and each
   *  stream slot's lo, shape and strides (iterators' slots stay in the uniform block). */
  words: Map<number, readonly number[]>;
  /** 1: one grid dimension over the linear index; 2: a 2-D grid of WG2D workgroups over
   *  (row, column) of a 2-D output, split into bands of rows (U[1]). */
  grid: 1 | 2;
  /** Stable text of `words` and `grid`, the cache key. */
  key: string;
}

/** The 2-D grid's workgroup is the schedule's (schedule/map.ts); re-exported for the writer's users. */
export { WG2D };

export interface ExtraBinding {
  name: 'partials' | 'result' | 'counts' | 'offsets' | 'vstat' | 'list';
  binding: number;
}

export interface LoopBudgetPlan {
  uniform: number;
  binding: number;
}

export interface BindingPlan {
  binding: number;
  /** WGSL element type of the array: `f32`, `vec4<f32>`, ... or `u32` for word storage. */
  array: string;
  writable: boolean;
}

export interface ModulePlan {
  params: ParamPlan[];
  /** Stream bindings (parameters and mask), each declared once as `bb_<binding>`. */
  bindings: BindingPlan[];
  mask: { uniform: number; binding: number; storage: StorageKind; pages?: PagePlan } | null;
  extra: ExtraBinding[];
  /** vec4s in the uniform block. */
  uniformVec4s: number;
  /** Bindings that are written (storage read_write); the rest of the storage bindings are read-only. */
  writable: Set<number>;
  /** Every storage binding number in order. */
  storageBindings: number[];
  /** Outputs per thread of a 2-D map along its row (schedule/tiling.ts mapTiling): 1, or 4 consecutive columns. */
  coarsen: 1 | 4;
  /** A kernel with loops (budget.ts): the uniform vec4 of its budget (.x: iterations per element,
   *  .y: the kernel's tag in the status word) and the binding of the status buffer; else null. */
  budget: LoopBudgetPlan | null;
  /** Parameters whose binding is declared as vec4 of their scalar (coarsened maps: direct inputs
   *  and outputs, read and written four elements at a time). */
  vec4Params: Set<number>;
  /** A partial reduction's input read as rows of vec4 (schedule/tiling.ts vec4Rows): bound as vec4, or
   *  computed by a fused producer four elements at a time (reduce.ts pr4); else null. */
  vec4RowInput: number | null;
}

export function storageKind(t: Type): StorageKind {
  const flat = flattenElement(t);
  if (t.kind === 'scalar' && t.name !== 'bool') {
    return { kind: 'typed', array: t.name === 'float' ? 'f32' : t.name === 'uint' ? 'u32' : 'i32' };
  }
  if (t.kind === 'vector' && (t.size === 2 || t.size === 4) && t.elem !== 'bool' && t.elem !== 'double') {
    const s = t.elem === 'float' ? 'f32' : t.elem === 'uint' ? 'u32' : 'i32';
    return { kind: 'typed', array: `vec${t.size}<${s}>` };
  }
  return { kind: 'words', words: flat.length };
}

function slotSize(p: IRParam): number {
  switch (p.role) {
    case 'const': return Math.max(1, Math.ceil(flattenElement(p.type).length / 4));
    case 'iter': return 6;
    default: return 3;
  }
}

/** Whether a parameter's storage is bound in this mode. */
export function paramIsBound(p: IRParam, mode: VariantMode): boolean {
  switch (p.role) {
    case 'in': case 'gather': case 'out': return true;
    case 'reduce': return mode === 'reduceBlocks' || mode === 'scatterFold' || mode === 'gatherFold';
    case 'vout': return mode === 'voutWrite';
    default: return false;
  }
}

export function planModule(ir: KernelIR, v: KernelVariant): ModulePlan {
  let u = HEADER_VEC4S;
  let b = 1;
  const writable = new Set<number>();
  const storageBindings: number[] = [];
  const members = new Map<number, { storage: StorageKind; writes: boolean }[]>();
  const join = (binding: number, storage: StorageKind, writes: boolean) => {
    const list = members.get(binding) ?? [];
    list.push({ storage, writes });
    members.set(binding, list);
  };
  const params: ParamPlan[] = ir.params.map((p, index) => {
    const plan: ParamPlan = { index, role: p.role, type: p.type, uniform: u, binding: null, storage: null };
    u += slotSize(p);
    return plan;
  });
  // Split streams: slots per owner binding; their page bases are numbered here, placed after the mask.
  const pageOwners: { pages: PagePlan; spec: PageSpec }[] = [];
  const pagePlan = (spec: PageSpec | null | undefined): PagePlan | undefined => {
    if (!spec) return undefined;
    const pages: PagePlan = { slots: spec.slots, shift: Math.log2(spec.pageElems), base: -1 };
    pageOwners.push({ pages, spec });
    return pages;
  };
  // A fused reduction's input is computed, not stored (ir.ts `produce`): it has no binding.
  const computed = ir.produce && (v.mode === 'reduceAll' || v.mode === 'reduceBlocks') ? ir.params.findIndex((p) => p.role === 'in') : -1;
  for (const plan of params) {
    const p = ir.params[plan.index]!;
    if (!paramIsBound(p, v.mode) || plan.index === computed) continue;
    const s = v.share[plan.index] ?? -1;
    const owner = s >= 0 ? params[s]! : null;
    if (owner && owner.binding !== null) {
      plan.binding = owner.binding;
      if (owner.pages) plan.pages = owner.pages;
    } else {
      plan.pages = pagePlan(v.pages?.[plan.index]);
      plan.binding = b;
      const slots = plan.pages?.slots ?? 1;
      for (let k = 0; k < slots; k++) storageBindings.push(b + k);
      b += slots;
    }
    plan.storage = storageKind(p.type);
    // gatherFold writes its input parameter: the gather destination receives the fetched values.
    join(plan.binding, plan.storage, p.role === 'out' || p.role === 'reduce' || p.role === 'vout' || (v.mode === 'gatherFold' && p.role === 'in'));
  }
  let mask: ModulePlan['mask'] = null;
  if (v.masked) {
    const s = v.share[ir.params.length] ?? -1;
    const owner = s >= 0 ? params[s]! : null;
    if (owner && owner.binding !== null) {
      mask = { uniform: u, binding: owner.binding, storage: { kind: 'typed', array: 'f32' }, pages: owner.pages };
    } else {
      const pages = pagePlan(v.pages?.[ir.params.length]);
      mask = { uniform: u, binding: b, storage: { kind: 'typed', array: 'f32' }, pages };
      const slots = pages?.slots ?? 1;
      for (let k = 0; k < slots; k++) storageBindings.push(b + k);
      b += slots;
    }
    u += 3;
    join(mask.binding, mask.storage, false);
  }
  if (pageOwners.length > 0) {
    pageOwners.forEach((o, j) => (o.pages.base = u * 4 + j));
    u += Math.ceil(pageOwners.length / 4);
  }
  // One array type per binding: the members' common typed array, else 32-bit words for all of them.
  const slotsOf = new Map<number, number>();
  for (const plan of params) if (plan.binding !== null && plan.pages) slotsOf.set(plan.binding, plan.pages.slots);
  if (mask?.pages) slotsOf.set(mask.binding, mask.pages.slots);
  const bindings: BindingPlan[] = [];
  for (const [binding, list] of members) {
    const first = list[0]!.storage;
    const same = list.every((m) => m.storage.kind === 'typed' && first.kind === 'typed' && m.storage.array === first.array);
    const writes = list.some((m) => m.writes);
    // Every page slot of a split stream is declared alike.
    for (let k = 0; k < (slotsOf.get(binding) ?? 1); k++) {
      if (writes) writable.add(binding + k);
      bindings.push({ binding: binding + k, array: same && first.kind === 'typed' ? first.array : 'u32', writable: writes });
    }
    if (!same) {
      for (const plan of params) if (plan.binding === binding) plan.storage = { kind: 'words', words: flattenElement(plan.type).length };
      if (mask && mask.binding === binding) mask.storage = { kind: 'words', words: 1 };
    }
  }
  const extraNames: ExtraBinding['name'][] =
    v.mode === 'reduceAll' ? ['partials', 'result']
      : v.mode === 'voutCount' ? ['counts', 'vstat']
        : v.mode === 'voutWrite' ? ['offsets']
          : v.mode === 'scatterFold' || v.mode === 'gatherFold' ? ['offsets', 'list'] : [];
  const extra = extraNames.map((name) => {
    const e = { name, binding: b++ };
    storageBindings.push(e.binding);
    if (name !== 'offsets') writable.add(e.binding);
    return e;
  });
  // Last, so a module without loops keeps the layout it always had.
  let budget: LoopBudgetPlan | null = null;
  if (!v.noBudget && hasLoops(ir)) {
    budget = { uniform: u++, binding: b++ };
    storageBindings.push(budget.binding);
    writable.add(budget.binding);
  }
  // Tiling is the schedule's (compiler/schedule tiling.ts): four outputs a thread, rows as vec4.
  const { coarsen, vec4Params } = mapTiling(ir, v, params, members);
  const vec4RowInput = vec4Rows(ir, v, params, members);
  if (vec4RowInput !== null && !ir.produce) vec4Params.add(vec4RowInput);
  if (vec4RowInput !== null) for (const k of vec4ProducerInputs(ir, v, params, members)) vec4Params.add(k);
  for (const k of vec4Params) {
    const bp = bindings.find((x) => x.binding === params[k]!.binding)!;
    bp.array = `vec4<${bp.array}>`;
  }
  return { params, bindings, mask, extra, uniformVec4s: u, writable, storageBindings, coarsen, vec4Params, vec4RowInput, budget };
}

/** Number of vout parameters (in parameter order) and their parameter indices. */
export function voutParams(ir: KernelIR): number[] {
  return ir.params.flatMap((p, i) => (p.role === 'vout' ? [i] : []));
}
