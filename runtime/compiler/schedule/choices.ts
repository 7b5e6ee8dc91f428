/**
 * Every plan the planner can be made to choose on a device, as forced choices (ScheduleForce): the
 * plan sweep (tests/webgpu/plan-sweep.test.ts) runs each and demands the planner's own bits.
 */
import type { DeviceLimits, ScheduleForce } from './limits.js';

/** Smallest workgroup offered: a warp/wave of most GPUs. */
const SMALLEST_WORKGROUP = 32;

export function scheduleChoices(limits: DeviceLimits): ScheduleForce[] {
  const most = Math.min(256, limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
  const out: ScheduleForce[] = [{}];
  for (let wg = SMALLEST_WORKGROUP; wg <= most; wg *= 2) out.push({ workgroupSize: wg });
  out.push({ grid2d: false }, { tiling: false }, { coop: false }, { stage: false }, { pieceMin: 1, firstPiece: 64 }, { workgroupSize: SMALLEST_WORKGROUP, grid2d: false, tiling: false, coop: false, stage: false, pieceMin: 1, firstPiece: 64 });
  return out;
}
