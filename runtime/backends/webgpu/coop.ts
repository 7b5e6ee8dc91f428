/**
 * The schedule of a map launch on this device (compiler/schedule planMap): whether it runs
 * cooperatively (codegen/wgsl/coop.ts: a workgroup per output element whose lanes split the
 * kernel's sum loop, docs/DECISIONS.md "Cooperative loops") and its workgroup size.
 * `BROOK_COOP_LOOPS=0` turns the cooperative form off.
 */
import type { Launch } from '../../brt/api.js';
import type { KernelIR } from '../../compiler/ir.js';
import { coopLanes as plannedLanes, planMap, type MapSchedule, type ScheduleForce } from '../../compiler/kernels.js';
import type { GpuContext } from './context.js';

export { COOP_MAX_OUTPUTS } from '../../compiler/kernels.js';

export function coopLoopsEnabled(): boolean {
  return process.env.BROOK_COOP_LOOPS !== '0';
}

const constArgOf = (launch: Launch) => (k: number) => {
  const a = launch.args[k];
  return a && a.kind === 'value' ? a.value : undefined;
};

/** Lanes of a cooperative run of `launch` over `outputs` elements, or 0 (the schedule's rule,
 *  and the environment's switch). */
export function coopLanes(launch: Launch, outputs: number, force: ScheduleForce = {}): number {
  const lanes = plannedLanes(launch.kernel.ir, outputs, launch.mask !== undefined, constArgOf(launch), force);
  // Last: reading the environment costs more than the checks above (this runs for every call).
  return lanes > 0 && coopLoopsEnabled() ? lanes : 0;
}

/** BROOK_TILE=0 (or off/false/no) turns staging through workgroup memory off (schedule/stage.ts);
 *  the same switch turns off the tiling of multipass chains. */
export function stagingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  // BROOK_STAGE=0 turns staging alone off (to compare it on one GPU); BROOK_TILE=0 turns off both it and chain tiling.
  // Asked on every call: the answer is kept per pair of raw values (tests change them at run time).
  const tile = env.BROOK_TILE;
  const stage = env.BROOK_STAGE;
  if (tile !== lastEnv.tile || stage !== lastEnv.stage) lastEnv = { tile, stage, on: !isOff(tile) && !isOff(stage) };
  return lastEnv.on;
}
const isOff = (v: string | undefined) => ['0', 'off', 'false', 'no'].includes(v?.trim().toLowerCase() ?? '');
let lastEnv: { tile: string | undefined; stage: string | undefined; on: boolean } = { tile: undefined, stage: undefined, on: true };

/** Whether the launch writes the buffer of its argument k (an output bound to the same stream). */
const writtenBy = (launch: Launch) => (k: number) => {
  const a = launch.args[k];
  if (!a || a.kind !== 'stream') return true;
  return launch.kernel.ir.params.some((p, j) => (p.role === 'out' || p.role === 'vout') && launch.args[j]?.kind === 'stream' && (launch.args[j] as typeof a).stream.buffer === a.stream.buffer);
};

/** A map call's staging, as the profile shows it: what was staged, or why not. */
export function stageNote(ir: KernelIR, s: MapSchedule): string {
  if (!s.stage) return `not staged: ${s.stageWhy ?? 'unknown'}`;
  const names = s.stage.params.map((k) => ir.params[k]!.sourceName).join(', ');
  return `staged ${names} through workgroup memory in blocks of ${s.stage.block}`;
}

/** Schedules already planned, per launch: fusion asks runsAlone and then run plans the same launch
 *  again (about 10 us of host time a call, which a many-call loop pays on every call). */
const planned = new WeakMap<Launch, { ctx: GpuContext; outputs: number; staging: boolean; coop: boolean; s: MapSchedule }>();

export function mapSchedule(ctx: GpuContext, launch: Launch, outputs: number): MapSchedule {
  const staging = stagingEnabled();
  const coop = coopLoopsEnabled();
  const known = planned.get(launch);
  if (known && known.ctx === ctx && known.outputs === outputs && known.staging === staging && known.coop === coop) return known.s;
  const s = planMapSchedule(ctx, launch, outputs, staging, coop);
  planned.set(launch, { ctx, outputs, staging, coop, s });
  return s;
}

function planMapSchedule(ctx: GpuContext, launch: Launch, outputs: number, staging: boolean, coopLoops: boolean): MapSchedule {
  const ir = launch.kernel.ir;
  const force = staging ? ctx.force : { ...ctx.force, stage: false };
  const s = planMap(ir, outputs, launch.mask !== undefined, constArgOf(launch), ctx.limits, force, writtenBy(launch));
  if (s.coopLanes === 0 || coopLoops) return s;
  return planMap(ir, outputs, launch.mask !== undefined, constArgOf(launch), ctx.limits, { ...force, coop: false }, writtenBy(launch));
}
