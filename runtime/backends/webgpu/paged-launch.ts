/// <reference types="@webgpu/types" />
/**
 * Launches that read or write split streams (paging.ts): map launches here, reductions through
 * planPagedLaunch / pagedBuffers / putPageBases (reduce.ts).
 *
 * The output positions are cut into ranges ("chunks"); each chunk is its own dispatch (or several:
 * context.ts dispatch) binding, for each split stream, only the pages that the chunk's positions can
 * touch, starting at the chunk's first page (its element index is the page base in the uniform
 * block, layout.ts). Chunks start at multiples of the page length of the streams read or written at
 * the position itself (same shape as the output), so those need one page each: a saxpy over 4 GiB
 * streams is one dispatch per page with plain `e - base` addressing, no page selection in the shader.
 * Domains and resized inputs take the pages of the box their positions map into; gathers bind every
 * page of the gathered box (a whole stream or a domain: indices are clamped into it) and pick the
 * page per element.
 *
 * Every chunk of a launch uses one pipeline, so a stream gets as many slots as its largest chunk
 * needs; slots a chunk does not need hold small unused buffers. When the slots exceed the adapter's
 * storage buffers per shader, chunks are halved until they fit; when even one position cannot fit
 * (gathers of too many pages), the call fails with BRK5400.
 */
import type { Launch, LaunchArg } from '../../brt/api.js';
import type { KernelIR } from '../../compiler/ir.js';
import { brtError } from '../../brt/errors.js';
import { planModule, paramIsBound, type KernelVariant, type ModulePlan, type PagePlan, type PageSpec, type VariantMode } from '../../compiler/kernels.js';
import { asGpuBuf, type GpuBuf } from './buffers.js';
import { recordWhole } from './bounded.js';
import type { GpuContext } from './context.js';
import { count, fillParams, isDirect, putPadded, variantFor, type BoundBuffer, type StreamArg } from './launch.js';
import type { RecordedCall } from './recorder.js';
import { shapeSpecFor } from './specialize.js';

/** Most dispatch ranges one launch is cut into before it is refused (BRK5400). */
const MAX_CHUNKS = 1 << 16;

/** Whether any stream of the launch (or its mask) is split into pages. */
export function hasSplitStream(launch: Launch): boolean {
  for (let k = 0; k <= launch.args.length; k++) {
    const a = k < launch.args.length ? launch.args[k] : launch.mask;
    // (A fused reduction's computed input has no buffer.)
    if (a && a.kind === 'stream' && a.stream.buffer !== undefined && asGpuBuf(a.stream.buffer).paged) return true;
  }
  return false;
}

/** One binding of the launch: a stream and the arguments bound through it (in-place outputs and
 *  repeated inputs share it, as variantFor's `share` says). */
interface Group {
  /** Parameter index of the owner (the launch's parameter count for the mask). */
  owner: number;
  buf: GpuBuf;
  args: StreamArg[];
  /** Per argument: how positions reach elements: at the position ('at': the element the resizing
   *  rule gives), in blocks (a partial reduction's input), or anywhere in its box (a gather). */
  reads: ('at' | 'blocks' | 'gather')[];
}

export interface Chunk {
  lo: number;
  hi: number;
  /** Per split group (in `split` order): the first page bound. */
  first: number[];
  /** Per split group: pages the chunk touches. */
  spans: number[];
}

/**
 * How a launch over split streams is cut: its bindings, the position ranges (chunks) with the first
 * page each split stream binds in each, and the page slots of the variant.
 */
export interface PagedLaunch {
  groups: Group[];
  /** The groups whose stream is split, in `groups` order; Chunk.first and .spans follow it. */
  split: Group[];
  chunks: Chunk[];
  /** KernelVariant.pages for the launch: per parameter, then the mask. */
  pages: (PageSpec | null)[];
}

/**
 * Plans a launch of `mode` over the positions of `space` (the output; for reductions the input's
 * elements or the target's). `v` is its variant before paging (variantFor: the shared bindings);
 * `extra` counts the mode's own bindings (partials, result) against the adapter's limit.
 */
export function planPagedLaunch(ctx: GpuContext, launch: Launch, mode: VariantMode, space: readonly number[], v: KernelVariant, extra = 0): PagedLaunch {
  const ir = launch.kernel.ir;
  const n = count(space);
  const groups = bindingGroups(launch, v, mode);
  const split = groups.filter((g) => g.buf.paged);
  const chunks = planChunks(ctx, launch, space, split, groups.length - split.length + extra, n);
  const pages: (PageSpec | null)[] = ir.params.map(() => null as PageSpec | null).concat([null]);
  split.forEach((g, j) => {
    pages[g.owner] = { slots: widest(chunks, j), pageElems: g.buf.pageElems };
  });
  return { groups, split, chunks, pages };
}

/** Writes each split stream's page base (the element index of its first bound page) for chunk `c`. */
export function putPageBases(data: Uint32Array, plan: ModulePlan, pl: PagedLaunch, c: Chunk): void {
  pl.split.forEach((g, j) => (data[pagePlanOf(plan, g.owner).base] = c.first[j]! * g.buf.pageElems));
}

/** Records a map launch over split streams. */
export function runPagedMap(ctx: GpuContext, launch: Launch, call: RecordedCall, workgroup: number): void {
  const ir = launch.kernel.ir;
  const space = launch.outShape;
  const n = count(space);
  const base = variantFor(launch, 'map', space, workgroup);
  const pl = planPagedLaunch(ctx, launch, 'map', space, base);
  const v: KernelVariant = { ...base, pages: pl.pages };
  v.shapes = shapeSpecFor(launch, planModule(ir, v), space, 'map', ctx.maxGroupsPerDim, false);
  const p = ctx.kernelPipeline(launch.kernel, v);
  const label = () => `brook#${call.seq} ${call.what}`;
  const record = (c: Chunk, from: number, to: number) => {
    const bg = ctx.bindGroups.get(p, ctx.rec.uniformBuffer, pagedBuffers(ctx, p.plan, pl, c), label);
    const fill = (data: Uint32Array) => {
      putPadded(data, 0, space, 1);
      fillParams(data, p.plan, ir, launch.args, launch.mask);
      putPageBases(data, p.plan, pl, c);
    };
    ctx.dispatch(p, 'main', [], n, workgroup, fill, call, bg, from, to);
  };
  // Long launches still go in pieces (pieces.ts); a piece runs the chunks it overlaps.
  ctx.rec.pieces.launch(n, (lo, hi) => {
    for (const c of pl.chunks) {
      const a = Math.max(lo, c.lo);
      const b = Math.min(hi, c.hi);
      if (a < b) record(c, a, b);
    }
  }, call.what, launch.span, 1, recordWhole(ir, n, ctx.wholeWork));
}

/** The launch's stream bindings, in parameter order, with the mask last. */
function bindingGroups(launch: Launch, v: KernelVariant, mode: VariantMode): Group[] {
  const ir = launch.kernel.ir;
  const groups: Group[] = [];
  const byOwner = new Map<number, Group>();
  const add = (k: number, a: LaunchArg | undefined, reads: Group['reads'][number]) => {
    if (!a || a.kind !== 'stream' || a.stream.buffer === undefined) return;
    const owner = v.share[k]! >= 0 ? v.share[k]! : k;
    let g = byOwner.get(owner);
    if (!g) {
      g = { owner, buf: asGpuBuf(a.stream.buffer), args: [], reads: [] };
      byOwner.set(owner, g);
      groups.push(g);
    }
    g.args.push(a);
    g.reads.push(reads);
  };
  ir.params.forEach((p, k) => {
    // A partial reduction's input is read in blocks: a block of the input per target position.
    if (paramIsBound(p, mode)) add(k, launch.args[k], p.role === 'gather' ? 'gather' : mode === 'reduceBlocks' && p.role === 'in' ? 'blocks' : 'at');
  });
  add(ir.params.length, launch.mask, 'at');
  return groups;
}

/**
 * Chunks of the positions [0, n): as long as the split streams addressed by position allow (one
 * page each), halved until the slots fit the adapter's storage buffers per shader.
 */
function planChunks(ctx: GpuContext, launch: Launch, space: readonly number[], split: Group[], plain: number, n: number): Chunk[] {
  const direct = split.filter((g) => g.args.every((a, k) => g.reads[k] === 'at' && isDirect(a, space)));
  let size = direct.length > 0 ? Math.min(...direct.map((g) => g.buf.pageElems)) : n;
  // Slots no halving can save: the pages of gathered boxes.
  const fixed = plain + split.reduce((s, g) => {
    const [a, b] = gatheredPages(g);
    return s + Math.max(1, b - a + 1);
  }, 0);
  for (;;) {
    const chunks: Chunk[] = [];
    for (let lo = 0; lo < n; lo += size) {
      const hi = Math.min(n, lo + size);
      const first: number[] = [];
      const spans: number[] = [];
      for (const g of split) {
        const [a, b] = touchedPages(g, space, lo, hi);
        first.push(a);
        spans.push(b - a + 1);
      }
      chunks.push({ lo, hi, first, spans });
    }
    const need = plain + split.reduce((s, _, j) => s + widest(chunks, j), 0);
    if (need <= ctx.maxStorageBuffers) return chunks;
    const next = size > 1 ? 2 ** Math.ceil(Math.log2(size) - 1) : 0;
    if (fixed > ctx.maxStorageBuffers || next < 1 || n / next > MAX_CHUNKS) throw tooManyPages(ctx, launch, split, need);
    size = next;
  }
}

/** The most pages split group `j` spans in any chunk (a loop: there may be 65536 chunks). */
function widest(chunks: Chunk[], j: number): number {
  let m = 0;
  for (const c of chunks) m = Math.max(m, c.spans[j]!);
  return m;
}

/** First and last page of the boxes `g` is gathered from ([0, -1] when it is not gathered). */
function gatheredPages(g: Group): [number, number] {
  let first = Infinity;
  let last = -1;
  g.args.forEach((a, k) => {
    if (g.reads[k] !== 'gather') return;
    const [e0, e1] = boxElements(a);
    first = Math.min(first, Math.floor(e0 / g.buf.pageElems));
    last = Math.max(last, Math.floor(e1 / g.buf.pageElems));
  });
  return last < 0 ? [0, -1] : [first, last];
}

/** First and last element of an argument's box (a gather reads anywhere inside it). */
function boxElements(a: StreamArg): [number, number] {
  const full = a.stream.shape;
  let e0 = 0;
  let e1 = 0;
  for (let d = 0; d < full.length; d++) {
    e0 = e0 * full[d]! + a.lo[d]!;
    e1 = e1 * full[d]! + a.lo[d]! + Math.max(0, a.shape[d]! - 1);
  }
  return [e0, e1];
}

/** First and last page of `g` that positions [lo, hi) of the output can touch. */
function touchedPages(g: Group, space: readonly number[], lo: number, hi: number): [number, number] {
  let first = Infinity;
  let last = -1;
  for (const [k, a] of g.args.entries()) {
    const reads = g.reads[k]!;
    const [e0, e1] = reads === 'gather' ? boxElements(a) : reads === 'at' && isDirect(a, space) ? [lo, hi - 1] : touchedElements(a, space, lo, hi, reads === 'blocks');
    first = Math.min(first, Math.floor(e0 / g.buf.pageElems));
    last = Math.max(last, Math.floor(e1 / g.buf.pageElems));
  }
  return [first, last];
}

/**
 * The smallest and largest element of `a`'s stream read or written at positions [lo, hi): the
 * positions' bounding box, resized onto the argument's domain (floor(c * in / out), monotone in c)
 * and offset by its `lo`; row-major order makes the box's corners the extremes. With `blocks`
 * (a partial reduction's input), position c reads the block up to ceil((c + 1) * in / out) - 1.
 */
export function touchedElements(a: StreamArg, space: readonly number[], lo: number, hi: number, blocks = false): [number, number] {
  const rank = space.length;
  const p0 = unflatten(lo, space);
  const p1 = unflatten(hi - 1, space);
  const boxLo: number[] = [];
  const boxHi: number[] = [];
  let spread = false;
  for (let d = 0; d < rank; d++) {
    if (spread) {
      boxLo.push(0);
      boxHi.push(space[d]! - 1);
      continue;
    }
    boxLo.push(p0[d]!);
    boxHi.push(p1[d]!);
    if (p0[d] !== p1[d]) spread = true;
  }
  const full = a.stream.shape;
  const at = (box: number[], last: boolean) => {
    let e = 0;
    for (let d = 0; d < rank; d++) {
      const b = box[d]!;
      let c = Math.floor((b * a.shape[d]!) / space[d]!);
      if (last && blocks) c = Math.max(c, Math.ceil(((b + 1) * a.shape[d]!) / space[d]!) - 1);
      e = e * full[d]! + Math.min(a.lo[d]! + c, full[d]! - 1);
    }
    return e;
  };
  return [at(boxLo, false), at(boxHi, true)];
}

function unflatten(i: number, shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    const e = shape[d]!;
    out[d] = i % e;
    i = Math.floor(i / e);
  }
  return out;
}

function pagePlanOf(plan: ModulePlan, owner: number): PagePlan {
  const pp = owner < plan.params.length ? plan.params[owner]!.pages : plan.mask?.pages;
  if (!pp) throw new Error(`internal: no page plan for binding owner ${owner}`);
  return pp;
}

/** The buffers of one chunk's bind group: unsplit streams whole, split ones from the chunk's first
 *  page on, unused slots (past the stream's last page) filled with distinct small buffers. */
export function pagedBuffers(ctx: GpuContext, plan: ModulePlan, pl: PagedLaunch, c: Chunk): BoundBuffer[] {
  const out: BoundBuffer[] = [];
  let unused = 0;
  for (const g of pl.groups) {
    const binding = g.owner < plan.params.length ? plan.params[g.owner]!.binding : plan.mask?.binding;
    if (binding === null || binding === undefined) throw new Error(`internal: binding owner ${g.owner} has no binding`);
    const j = pl.split.indexOf(g);
    if (j < 0) {
      out.push({ binding, buffer: g.buf.buffer, id: g.buf.id });
      continue;
    }
    const slots = pagePlanOf(plan, g.owner).slots;
    for (let s = 0; s < slots; s++) {
      const q = c.first[j]! + s;
      if (q < g.buf.pages.length) out.push({ binding: binding + s, buffer: g.buf.pages[q]!, id: `${g.buf.id}p${q}` });
      else out.push({ binding: binding + s, ...ctx.dummyBuffer(unused++) });
    }
  }
  return out;
}

function tooManyPages(ctx: GpuContext, launch: Launch, split: Group[], need: number) {
  const ir = launch.kernel.ir;
  const name = (g: Group) => (g.owner < ir.params.length ? `'${ir.params[g.owner]!.sourceName}'` : 'the write mask');
  const why = split
    .map((g) => {
      const [a, b] = gatheredPages(g);
      return `${name(g)} is ${g.buf.pages.length} pages${b >= a ? `, ${b - a + 1} of them bound for its gathers` : ''}`;
    })
    .join('; ');
  return brtError('BRK5400', { what: `kernel '${ir.name}'`, need, limit: ctx.maxStorageBuffers, why, page: ctx.pageBytes });
}

/** BRK5400 for a module that binds every page of its split streams (reductions, vout) when its
 *  bindings pass the adapter's limit (thrown without a span: the backend's guard adds the call's). */
export function checkPageBudget(ctx: GpuContext, ir: KernelIR, plan: ModulePlan, v: KernelVariant): void {
  if (!v.pages || plan.storageBindings.length <= ctx.maxStorageBuffers) return;
  const split = v.pages.flatMap((p, k) => (p ? [`${k < ir.params.length ? `'${ir.params[k]!.sourceName}'` : 'the write mask'} is ${p.slots} pages, all bound`] : []));
  throw brtError('BRK5400', { what: `${ir.kind === 'reduce' ? 'reduction' : 'kernel'} '${ir.name}'`, need: plan.storageBindings.length, limit: ctx.maxStorageBuffers, why: split.join('; '), page: ctx.pageBytes });
}
