/**
 * Reductions on the GPU, as their schedules say (compiler/schedule: planReduceAll, planReduceBlocks;
 * codegen/wgsl/reduce.ts writes the shaders).
 *
 * Full reduction, two dispatches in one batch: `main`'s lanes are the leaves of the fixed tree (a
 * lane folds REDUCE_LEAF consecutive elements left to right, as the CPU does; or, for a commutative
 * body, grid-strided elements, so neighbouring threads load neighbouring words), a workgroup joins
 * its lanes in that tree, one partial per workgroup; `combine` continues the same tree over the
 * partials in one workgroup. So the bits do not depend on the workgroup size.
 *
 * Partial reduction into a stream: one thread per target element folds its block (one leaf) in
 * row-major order; blocks of WIDE_BLOCK elements or more get a workgroup per target element instead
 * (its lanes fold the block's leaves in the fixed tree), so a few large blocks still use the whole GPU.
 *
 * Split streams (paging.ts): the positions (input elements, or targets) are cut into ranges whose
 * pages fit the adapter's bindings (paged-launch.ts); a full reduction runs `main` once per range,
 * each writing its partials after the previous range's, and one `combine` folds them all in order;
 * a partial reduction runs one dispatch per range of targets.
 */
import type { Launch } from '../../brt/api.js';
import type { KernelVariant } from '../../compiler/kernels.js';
import { combineRun, planModule, planReduceAll, planReduceBlocks, SHORT_RUN, type ReduceAllSchedule } from '../../compiler/kernels.js';
import { shapeSpecFor } from './specialize.js';
import { flattenElement } from '../../compiler/types.js';
import type { GpuContext, KernelPipeline } from './context.js';
import { count, fillParams, isDirect, pad4, paramBuffers, variantFor, type BoundBuffer, type StreamArg } from './launch.js';
import { hasSplitStream, pagedBuffers, planPagedLaunch, putPageBases } from './paged-launch.js';
import { findMemo, rememberLaunch, type LaunchMemo } from './memo.js';

function roles(launch: Launch): { input: number; acc: number } {
  const ps = launch.kernel.ir.params;
  return { input: ps.findIndex((p) => p.role === 'in'), acc: ps.findIndex((p) => p.role === 'reduce') };
}

/** U[2] of a full reduction's `main`: leaf size, elements, workgroups (partials), lanes. */
const mainWords = (s: ReduceAllSchedule, n: number) => [s.chunk, n, s.groups, s.lanes];

/** Records the reduction and returns the promise of the result's words; null for an empty stream. */
export function reduceAll(ctx: GpuContext, launch: Launch): Promise<Uint32Array> | null {
  const ir = launch.kernel.ir;
  const { acc } = roles(launch);
  const n = count(launch.outShape);
  if (n === 0) return null;
  const words = flattenElement(ir.params[acc]!.type).length;
  const s = planReduceAll(ir, n, ctx.limits, ctx.force);
  const wg = s.workgroupSize;
  const groups = s.groups;
  const v: KernelVariant = { ...variantFor(launch, 'reduceAll', launch.outShape, wg), strided: s.order === 'strided' };
  if (hasSplitStream(launch)) return reduceAllSplit(ctx, launch, v, words);
  if (s.combineRun > SHORT_RUN) v.longRuns = true;
  const p = ctx.kernelPipeline(launch.kernel, v);
  const partials = ctx.scratchBuffer(groups * words);
  const result = ctx.scratchBuffer(words);
  const buffers = paramBuffers(p.plan, launch.args);
  for (const e of p.plan.extra) {
    const b = e.name === 'partials' ? partials : result;
    buffers.push({ binding: e.binding, buffer: b.buffer, id: b.id });
  }
  const call = ctx.rec.nextSeq(`reduction '${ir.name}'`, launch.span);
  const fill = (data: Uint32Array) => {
    data.set(pad4(launch.outShape, 1), 0);
    data.set([n, 0, 0, n], 4);
    data.set(mainWords(s, n), 8);
    fillParams(data, p.plan, ir, launch.args);
  };
  ctx.dispatchGroups(p, 'main', buffers, groups, wg, fill, call);
  ctx.dispatchGroups(p, 'combine', buffers, 1, wg, fill, call);
  ctx.rec.addWork(n);
  return ctx.readWords(result.buffer, 0, words);
}

/** reduceAll over split streams: `main` per range of pages into consecutive partials, then `combine`. */
function reduceAllSplit(ctx: GpuContext, launch: Launch, base: KernelVariant, words: number): Promise<Uint32Array> {
  const ir = launch.kernel.ir;
  const n = count(launch.outShape);
  const wg = base.workgroupSize;
  const pl = planPagedLaunch(ctx, launch, 'reduceAll', launch.outShape, base, 2);
  // Each range of pages is planned as a reduction of its own (same workgroup: the same limits).
  const ranges = pl.chunks.map((c) => {
    const m = c.hi - c.lo;
    const s = planReduceAll(ir, m, ctx.limits, ctx.force);
    return { c, m, s, groups: s.groups };
  });
  const total = ranges.reduce((s, r) => s + r.groups, 0);
  const v: KernelVariant = { ...base, pages: pl.pages };
  if (combineRun(total, wg) > SHORT_RUN) v.longRuns = true;
  const p = ctx.kernelPipeline(launch.kernel, v);
  const partials = ctx.scratchBuffer(total * words);
  const result = ctx.scratchBuffer(words);
  const withExtra = (buffers: BoundBuffer[]) => {
    for (const e of p.plan.extra) {
      const b = e.name === 'partials' ? partials : result;
      buffers.push({ binding: e.binding, buffer: b.buffer, id: b.id });
    }
    return buffers;
  };
  const call = ctx.rec.nextSeq(`reduction '${ir.name}'`, launch.span);
  let at = 0;
  let last: BoundBuffer[] = [];
  for (const r of ranges) {
    const firstPartial = at;
    last = withExtra(pagedBuffers(ctx, p.plan, pl, r.c));
    ctx.dispatchGroups(p, 'main', last, r.groups, wg, (data) => {
      data.set(pad4(launch.outShape, 1), 0);
      data.set([firstPartial, 0, r.c.lo, n], 4);
      data.set(mainWords(r.s, r.m), 8);
      fillParams(data, p.plan, ir, launch.args);
      putPageBases(data, p.plan, pl, r.c);
    }, call);
    at += r.groups;
  }
  // combine reads only the partials; it binds the last range's buffers to fill the layout.
  ctx.dispatchGroups(p, 'combine', last, 1, wg, (data) => {
    data.set(pad4(launch.outShape, 1), 0);
    data.set([0, 0, 0, n], 4);
    data.set([0, n, total, 0], 8);
    fillParams(data, p.plan, ir, launch.args);
    putPageBases(data, p.plan, pl, ranges[ranges.length - 1]!.c);
  }, call);
  ctx.rec.addWork(n);
  return ctx.readWords(result.buffer, 0, words);
}

export function reduceBlocks(ctx: GpuContext, launch: Launch, target: StreamArg): void {
  const ir = launch.kernel.ir;
  const { acc } = roles(launch);
  const n = count(target.shape);
  if (n === 0) return;
  const args = launch.args.slice();
  args[acc] = target;
  const l2: Launch = { ...launch, args };
  const block = count(launch.outShape) / n;
  // Large blocks get a workgroup each (lanes fold the block's leaves in the fixed tree); small blocks a thread.
  const s = planReduceBlocks(ir, block, ctx.limits, ctx.force);
  const wide = s.wide;
  // A call like an earlier one (same buffers, same shapes where specialized): its pipeline, bind
  // group and workgroup size as found then (memo.ts), without planning the module again. Not for a
  // fused producer (its inputs are addressed at the input's positions, which the signature leaves out).
  const memo = ir.produce || hasSplitStream(l2) ? undefined : findMemo(l2, target.shape);
  const wgOfMemo = memo && blockWorkgroups.get(memo);
  if (memo && wgOfMemo) return dispatchBlocks(ctx, l2, target, memo.p, wide, wgOfMemo, memo.bindGroup);
  // A commutative body lets a wide block's threads take strided (coalesced) elements.
  const v = { ...variantFor(l2, 'reduceBlocks', target.shape, s.workgroupSize), wide, strided: s.strided };
  // A fused producer's parameters are addressed at input positions (kernel.ts pr_elem).
  if (ir.produce) for (let k = ir.produce.from; k < args.length; k++) v.direct[k] = (ir.params[k]!.role === 'in' || ir.params[k]!.role === 'out') && isDirect(args[k]!, launch.outShape);
  if (hasSplitStream(l2)) return reduceBlocksSplit(ctx, l2, target, v);
  v.shapes = shapeSpecFor(l2, planModule(ir, v), target.shape, 'reduceBlocks', ctx.maxGroupsPerDim);
  // Rows read as vec4 take their own workgroup size (schedule/tiling.ts vec4Rows).
  if (wide && planModule(ir, v).vec4RowInput !== null) v.workgroupSize = s.vec4WorkgroupSize;
  const wg = v.workgroupSize;
  const p = ctx.kernelPipeline(launch.kernel, v);
  if (ir.produce) return dispatchBlocks(ctx, l2, target, p, wide, wg);
  const bg = ctx.bindGroups.get(p, ctx.rec.uniformBuffer, paramBuffers(p.plan, args), () => `reduction '${ir.name}'`);
  blockWorkgroups.set(rememberLaunch(launch.kernel, l2, target.shape, p, bg), wg);
  dispatchBlocks(ctx, l2, target, p, wide, wg, bg);
}

/** Workgroup size of each remembered reduceBlocks launch (memo.ts keeps pipeline and bind group). */
const blockWorkgroups = new WeakMap<LaunchMemo, number>();

/** Record a partial reduction (not split): a workgroup per target for wide blocks, else a thread. */
function dispatchBlocks(ctx: GpuContext, l2: Launch, target: StreamArg, p: KernelPipeline, wide: boolean, wg: number, bg?: GPUBindGroup): void {
  const ir = l2.kernel.ir;
  const n = count(target.shape);
  const args = l2.args;
  const call = ctx.rec.nextSeq(`reduction '${ir.name}'`, l2.span);
  const fill = (data: Uint32Array) => {
    data.set(pad4(target.shape, 1), 0);
    if (wide) data.set([n, 0, 0, n], 4);
    fillParams(data, p.plan, ir, args);
  };
  const buffers = bg ? [] : paramBuffers(p.plan, args);
  if (wide) {
    ctx.dispatchGroups(p, 'main', buffers, n, wg, fill, call, bg);
    ctx.rec.addWork(count(l2.outShape));
  } else {
    ctx.dispatch(p, 'main', buffers, n, wg, fill, call, bg);
  }
}

/** reduceBlocks over split streams: one dispatch per range of targets whose blocks' pages fit. */
function reduceBlocksSplit(ctx: GpuContext, l2: Launch, target: StreamArg, base: KernelVariant): void {
  const ir = l2.kernel.ir;
  const n = count(target.shape);
  const pl = planPagedLaunch(ctx, l2, 'reduceBlocks', target.shape, base);
  const v: KernelVariant = { ...base, pages: pl.pages };
  v.shapes = shapeSpecFor(l2, planModule(ir, v), target.shape, 'reduceBlocks', ctx.maxGroupsPerDim);
  const p = ctx.kernelPipeline(l2.kernel, v);
  const call = ctx.rec.nextSeq(`reduction '${ir.name}'`, l2.span);
  for (const c of pl.chunks) {
    const fill = (data: Uint32Array) => {
      data.set(pad4(target.shape, 1), 0);
      if (v.wide) data.set([c.hi, 0, c.lo, n], 4);
      fillParams(data, p.plan, ir, l2.args);
      putPageBases(data, p.plan, pl, c);
    };
    const buffers = pagedBuffers(ctx, p.plan, pl, c);
    if (v.wide) {
      ctx.dispatchGroups(p, 'main', buffers, c.hi - c.lo, v.workgroupSize, fill, call);
      ctx.rec.addWork((c.hi - c.lo) * (count(l2.outShape) / n));
    } else {
      ctx.dispatch(p, 'main', buffers, n, v.workgroupSize, fill, call, undefined, c.lo, c.hi);
    }
  }
}
