/**
 * Reductions on the GPU (kernel.ts writes the shaders).
 *
 * Full reduction, two dispatches in one batch: `main` gives each thread a contiguous chunk that it
 * folds left to right, combines the chunks of a workgroup in order (neighbour tree), one partial per
 * workgroup; `combine` folds the partials the same way in one workgroup. At most MAX_GROUPS
 * workgroups, so the second pass is small. The element order is kept, so a non-commutative
 * (associative) operation gives the ordered result. A commutative body (`r = r + a`, `*`, min,
 * max: isCommutativeReduction) takes grid-strided elements instead, so neighbouring threads load
 * neighbouring words (coalesced), with the same pass structure.
 *
 * Partial reduction into a stream: one thread per target element folds its block in row-major order;
 * blocks of WIDE_BLOCK elements or more get a workgroup per target element instead (its threads fold
 * contiguous runs of the block, combined in order), so a few large blocks still use the whole GPU.
 */
import type { Launch } from '../../brt/api.js';
import { isCommutativeReduction, planModule } from '../../compiler/codegen/wgsl/index.js';
import { shapeSpecFor } from './specialize.js';
import { flattenElement } from '../../compiler/types.js';
import type { GpuContext } from './context.js';
import { count, fillParams, isDirect, pad4, paramBuffers, variantFor, type StreamArg } from './launch.js';

const MAX_GROUPS = 4096;
/** Workgroups of a strided (commutative) full reduction: about one resident wave on an H100/H200,
 *  so no partial last wave and 4x fewer workgroup trees than MAX_GROUPS (measured on an H200:
 *  261 us for 2^26 float4, the hand-written two-pass subgroupAdd baseline's best plan 267 us). */
const STRIDED_GROUPS = 1024;

function roles(launch: Launch): { input: number; acc: number } {
  const ps = launch.kernel.ir.params;
  return { input: ps.findIndex((p) => p.role === 'in'), acc: ps.findIndex((p) => p.role === 'reduce') };
}

/** Largest power-of-two workgroup (<= 256) whose shared arrays fit the device's workgroup memory. */
function reduceWorkgroup(ctx: GpuContext, words: number): number {
  const limit = ctx.device.limits.maxComputeWorkgroupStorageSize;
  let wg = 256;
  while (wg > 1 && wg * (words * 4 + 4) > limit) wg /= 2;
  return wg;
}

/** Records the reduction and returns the promise of the result's words; null for an empty stream. */
export function reduceAll(ctx: GpuContext, launch: Launch): Promise<Uint32Array> | null {
  const ir = launch.kernel.ir;
  const { acc } = roles(launch);
  const n = count(launch.outShape);
  if (n === 0) return null;
  const words = flattenElement(ir.params[acc]!.type).length;
  const wg = reduceWorkgroup(ctx, words);
  const strided = isCommutativeReduction(ir);
  // Ordered: contiguous chunks of at least 4 elements per thread; strided: 4 * wg elements a group at least.
  const chunk = Math.max(4, Math.ceil(n / (wg * MAX_GROUPS)));
  const groups = strided ? Math.min(STRIDED_GROUPS, Math.ceil(n / (4 * wg))) : Math.ceil(Math.ceil(n / chunk) / wg);
  const v = { ...variantFor(launch, 'reduceAll', launch.outShape, wg), strided };
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
    data.set([chunk, n, groups, groups * wg], 8);
    fillParams(data, p.plan, ir, launch.args);
  };
  ctx.dispatchGroups(p, 'main', buffers, groups, wg, fill, call);
  ctx.dispatchGroups(p, 'combine', buffers, 1, wg, fill, call);
  ctx.rec.addWork(n);
  return ctx.readWords(result.buffer, 0, words);
}

export function reduceBlocks(ctx: GpuContext, launch: Launch, target: StreamArg): void {
  const ir = launch.kernel.ir;
  const { input, acc } = roles(launch);
  const n = count(target.shape);
  if (n === 0) return;
  const args = launch.args.slice();
  args[acc] = target;
  const l2: Launch = { ...launch, args };
  const block = count(launch.outShape) / n;
  // Large blocks get a workgroup each (threads split the block, combined in order); small blocks a thread.
  const wide = block >= WIDE_BLOCK;
  const words = flattenElement(ir.params[acc]!.type).length;
  const wg = wide ? Math.min(reduceWorkgroup(ctx, words), 256) : 64;
  // A commutative body lets a wide block's threads take strided (coalesced) elements.
  const v = { ...variantFor(l2, 'reduceBlocks', target.shape, wg), wide, strided: wide && isCommutativeReduction(ir) };
  // A fused producer's parameters are addressed at input positions (kernel.ts pr_elem).
  if (ir.produce) for (let k = ir.produce.from; k < args.length; k++) v.direct[k] = (ir.params[k]!.role === 'in' || ir.params[k]!.role === 'out') && isDirect(args[k]!, launch.outShape);
  v.shapes = shapeSpecFor(l2, planModule(ir, v), target.shape, 'reduceBlocks', ctx.maxGroupsPerDim);
  const p = ctx.kernelPipeline(launch.kernel, v);
  const call = ctx.rec.nextSeq(`reduction '${ir.name}'`, launch.span);
  const fill = (data: Uint32Array) => {
    data.set(pad4(target.shape, 1), 0);
    if (wide) data.set([n, 0, 0, n], 4);
    fillParams(data, p.plan, ir, args);
  };
  if (wide) {
    ctx.dispatchGroups(p, 'main', paramBuffers(p.plan, args), n, wg, fill, call);
    ctx.rec.addWork(count(launch.outShape));
  } else {
    ctx.dispatch(p, 'main', paramBuffers(p.plan, args), n, wg, fill, call);
  }
}

/** Elements per target from which a partial reduction uses a workgroup per target. */
export const WIDE_BLOCK = 256;
