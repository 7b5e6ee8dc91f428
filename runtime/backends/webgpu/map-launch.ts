/// <reference types="@webgpu/types" />
/**
 * A map launch (`Backend.run`), as its schedule says (compiler/schedule planMap, coop.ts mapSchedule):
 * a split stream's launch goes to paged-launch.ts; a library kernel's hand-written form runs where it
 * takes the call (native.ts); otherwise a thread per position (a 2-D grid where it fits) or a
 * workgroup per position (the cooperative form), gathers staged through workgroup memory (stage), recorded in pieces (pieces.ts) unless the work is
 * small and bounded (bounded.ts). The pipeline and bind group of a call like an earlier one come from
 * memo.ts.
 */
import type { Launch } from '../../brt/api.js';
import { planMap, planModule, stageKey } from '../../compiler/kernels.js';
import { activeProfile } from '../../brt/profile-hooks.js';
import type { GpuContext } from './context.js';
import { shapeSpecFor } from './specialize.js';
import { hasSplitStream, runPagedMap } from './paged-launch.js';
import { count, fillParams, paramBuffers, putPadded, variantFor } from './launch.js';
import { findMemo, rememberLaunch } from './memo.js';
import { kernelTag, writesWhatItReads } from './loop-budget.js';
import { runNative, type NativeHost } from './native.js';
import { recordWhole } from './bounded.js';
import { mapSchedule, stageNote } from './coop.js';
import { guard } from './failures.js';

/** Whether `launch` must run alone in its batch (the cooperative form, gathers staged through
 *  workgroup memory: fused, the loop would sit in a helper). */
export function runsAlone(ctx: GpuContext, launch: Launch): boolean {
  const s = mapSchedule(ctx, launch, count(launch.outShape));
  return (s.coopLanes > 0 || s.stage !== null) && !hasSplitStream(launch);
}

export function runMap(ctx: GpuContext, natives: NativeHost, launch: Launch): void {
  const ir = launch.kernel.ir;
  const n = count(launch.outShape);
  if (n === 0) return;
  if (hasSplitStream(launch)) {
    const call = ctx.rec.nextSeq(callName(ir), launch.span);
    guard(launch, () => runPagedMap(ctx, launch, call, planMap(ir, n, launch.mask !== undefined, () => undefined, ctx.limits, { ...ctx.force, coop: false }).workgroupSize));
    ctx.rec.callRecorded();
    return;
  }
  // A library's hand-written form (`#pragma brook native`), when it takes this launch (native.ts).
  if (ir.native !== undefined && runNative(ctx, natives, launch, callName(ir))) return;
  const call = ctx.rec.nextSeq(callName(ir), launch.span);
  // The schedule (compiler/schedule): a sum loop over few outputs takes a workgroup of `lanes`
  // per output element (coop.ts); otherwise a thread per position, in a 2-D grid where it fits.
  const s = mapSchedule(ctx, launch, n);
  const lanes = s.coopLanes;
  if (ctx.profileTag !== null) activeProfile()?.stageNote?.(ctx.profileTag, stageNote(ir, s));
  let memo = findMemo(launch, launch.outShape, lanes, stageKey(s.stage));
  if (!memo) {
    const v = variantFor(launch, 'map', launch.outShape, s.workgroupSize);
    if (lanes) v.coop = true;
    if (s.stage) v.stage = s.stage;
    if (!s.tiling) v.untiled = true;
    v.shapes = shapeSpecFor(launch, planModule(ir, v), launch.outShape, 'map', ctx.maxGroupsPerDim, s.grid2d);
    const p = guard(launch, () => ctx.kernelPipeline(launch.kernel, v));
    const bg = ctx.bindGroups.get(p, ctx.rec.uniformBuffer, paramBuffers(p.plan, launch.args, launch.mask), () => `brook#${call.seq} ${call.what}`);
    memo = rememberLaunch(launch.kernel, launch, launch.outShape, p, bg);
  }
  const p = memo.p;
  const fill = (data: Uint32Array) => {
    putPadded(data, 0, launch.outShape, 1);
    fillParams(data, p.plan, ir, launch.args, launch.mask);
  };
  // A long launch goes in pieces of its output domain, so an interrupt can land between them (pieces.ts).
  const bg = memo.bindGroup;
  // A loop-free kernel of bounded work needs no pieces: they would cost a host round trip each.
  const whole = recordWhole(ir, n, ctx.wholeWork);
  const loops = p.plan.budget ? { rerun: !writesWhatItReads(launch), rate: ctx.loopRate, tag: kernelTag(ir) } : undefined;
  if (p.grid2d) {
    const shape = launch.outShape;
    const rows = shape.length >= 2 ? shape[shape.length - 2]! : 1;
    const cols = shape[shape.length - 1]!;
    ctx.rec.pieces.launch(rows, (lo, hi) => ctx.dispatchRows(p, rows, cols, fill, call, bg, lo, hi), call.what, launch.span, cols, whole, loops);
  } else if (lanes) {
    // A workgroup per position: the grid counts workgroups, U[1].y is workgroups per grid row.
    ctx.rec.pieces.launch(n, (lo, hi) => ctx.dispatch(p, 'main', [], n, 1, fill, call, bg, lo, hi, launch), call.what, launch.span, 1, whole, loops);
  } else ctx.rec.pieces.launch(n, (lo, hi) => ctx.dispatch(p, 'main', [], n, p.workgroupSize, fill, call, bg, lo, hi, launch), call.what, launch.span, 1, whole, loops);
  ctx.rec.callRecorded();
}

/** "kernel 'name'" of a kernel, built once (error messages only; naming it per call cost a string). */
const callNames = new WeakMap<object, string>();
function callName(ir: Launch['kernel']['ir']): string {
  let s = callNames.get(ir);
  if (s === undefined) callNames.set(ir, (s = `kernel '${ir.name}'`));
  return s;
}
