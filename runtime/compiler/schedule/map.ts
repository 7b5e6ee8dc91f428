/**
 * Schedules of maps and vout passes: the workgroup size, the 2-D grid, and the cooperative form of
 * a sum loop (coop-loop.ts, printed by codegen/wgsl/coop.ts: a workgroup per output element whose lanes split the loop;
 * docs/DECISIONS.md "Cooperative loops").
 */
import type { KernelIR } from '../ir.js';
import { coopLoop, coopTrips } from './coop-loop.js';
import type { DeviceLimits, ScheduleForce } from './limits.js';
import { planStage, type StagePlan } from './stage.js';

/** Threads of a map workgroup (1-D grid). */
export const MAP_WORKGROUP = 256;
/** Workgroup of a 2-D grid: a warp covers 32 consecutive columns of one row (a whole 128-byte line
 *  of floats), 8 rows a workgroup. */
export const WG2D: readonly [number, number] = [32, 8];
/** Threads of a vout pass's workgroup. */
export const VOUT_WORKGROUP = 64;

/** Fewest loop trips worth a cooperative workgroup: below, most lanes would idle through the tree. */
export const COOP_MIN_TRIPS = 64;
/** Most outputs run cooperatively: past this a thread per output already fills a GPU. */
export const COOP_MAX_OUTPUTS = 1 << 16;
/** Outputs per loop trip at most ("few outputs relative to the work"). */
export const COOP_OUTPUTS_PER_TRIP = 64;

export interface MapSchedule {
  /** Threads of a workgroup (1-D grid), or the lanes of a cooperative workgroup. */
  workgroupSize: number;
  /** Lanes of the cooperative form (a workgroup per output element), 0 for a thread per output. */
  coopLanes: number;
  /** Whether a 2-D grid may be used where the call's shapes allow it (useGrid2d). */
  grid2d: boolean;
  /** Whether a 2-D map may compute four outputs a thread where its layout allows it (tiling.ts). */
  tiling: boolean;
  /** Gathered streams staged through workgroup memory (stage.ts), or null, and why not. */
  stage: StagePlan | null;
  stageWhy?: string;
}

/**
 * Lanes for a cooperative run of `ir` over `outputs` elements, or 0 for a thread per output. The
 * kernel must qualify (coopLoop) and the call must have few outputs for its work: one thread per
 * output would leave the GPU mostly idle and, for row-wise gathers, read uncoalesced. Lanes: a power
 * of two from 64 to 256, about four iterations each. The lanes split the loop's sum, so their count
 * is part of the sum's order: a function of the call's trips, never of the device.
 */
export function coopLanes(ir: KernelIR, outputs: number, masked: boolean, constArg: (param: number) => number[] | undefined, force: ScheduleForce = {}): number {
  if (masked || force.coop === false) return 0;
  if (ir.kind !== 'map' || !ir.body.some((s) => s.op === 'loop')) return 0;
  const c = coopLoop(ir);
  if (!c.ok) return 0;
  const trips = coopTrips(ir, c.loop, constArg);
  if (trips === null || trips < COOP_MIN_TRIPS) return 0;
  if (outputs > COOP_MAX_OUTPUTS || outputs > COOP_OUTPUTS_PER_TRIP * trips) return 0;
  return trips >= 1024 ? 256 : trips >= 512 ? 128 : 64;
}

/**
 * A map launch over `outputs` positions (not over split streams). `written(k)`: the call writes
 * gather parameter k's buffer (absent: assumed written, so nothing is staged). A staged call runs a
 * 1-D grid without coarsening (stage.ts: a workgroup shares its blocks).
 */
export function planMap(ir: KernelIR, outputs: number, masked: boolean, constArg: (param: number) => number[] | undefined, limits: DeviceLimits, force: ScheduleForce = {}, written: (param: number) => boolean = () => true): MapSchedule {
  const lanes = coopLanes(ir, outputs, masked, constArg, force);
  if (lanes > 0) return { workgroupSize: lanes, coopLanes: lanes, grid2d: false, tiling: false, stage: null, stageWhy: 'runs cooperatively (a workgroup per output element)' };
  const workgroupSize = workgroup(MAP_WORKGROUP, limits, force);
  const staged = planStage(ir, masked, constArg, workgroupSize, limits, written, force);
  if (staged.plan) return { workgroupSize, coopLanes: 0, grid2d: false, tiling: false, stage: staged.plan };
  return { workgroupSize, coopLanes: 0, grid2d: force.grid2d !== false, tiling: force.tiling !== false, stage: null, stageWhy: staged.why };
}

/** The vout passes (count, then write). */
export function planVout(limits: DeviceLimits, force: ScheduleForce = {}): { workgroupSize: number } {
  return { workgroupSize: workgroup(VOUT_WORKGROUP, limits, force) };
}

/** A 2-D grid (WG2D) for a map over `out` (padded to 4-D), when `allowed` (MapSchedule.grid2d): rows
 *  and columns enough to fill it, and few enough column groups for the device. */
export function useGrid2d(allowed: boolean, out: readonly number[], maxGroupsPerDim: number): boolean {
  const rows = out[2]!;
  const cols = out[3]!;
  return allowed && out[0] === 1 && out[1] === 1 && rows >= WG2D[1] && cols >= WG2D[0] / 2 && Math.ceil(cols / WG2D[0]) <= maxGroupsPerDim;
}

function workgroup(preferred: number, limits: DeviceLimits, force: ScheduleForce): number {
  const most = Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
  const wg = force.workgroupSize ?? Math.min(preferred, most);
  if (!(wg >= 1 && wg <= most && (wg & (wg - 1)) === 0)) throw new Error(`internal: workgroup size ${wg} is not a power of two up to ${most}`);
  return wg;
}
