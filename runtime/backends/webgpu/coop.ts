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
  return switches().coop;
}

/**
 * The environment's switches, read once per synchronous run of calls and forgotten at the next
 * microtask: a loop issues hundreds of calls in one turn, and every process.env read crosses into C++
 * (0.2-0.5 us; three a call were a tenth of a bitonic sort's host time on an H200). A change to
 * process.env takes effect from the next turn of the event loop (tests change them between awaits).
 */
let snapshot: { coop: boolean; staging: boolean } | null = null;
function switches(): { coop: boolean; staging: boolean } {
  if (snapshot === null) {
    snapshot = { coop: process.env.BROOK_COOP_LOOPS !== '0', staging: readStaging(process.env) };
    queueMicrotask(() => (snapshot = null));
  }
  return snapshot;
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
 *  the same switch turns off the tiling of multipass chains. BROOK_STAGE=0 turns staging alone off (to
 *  compare it on one GPU). */
export function stagingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env === process.env ? switches().staging : readStaging(env);
}
const readStaging = (env: NodeJS.ProcessEnv) => !isOff(env.BROOK_TILE) && !isOff(env.BROOK_STAGE);
const isOff = (v: string | undefined) => ['0', 'off', 'false', 'no'].includes(v?.trim().toLowerCase() ?? '');

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
