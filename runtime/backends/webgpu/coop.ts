/**
 * When a map launch runs cooperatively (codegen/wgsl/coop.ts: a workgroup per output element whose
 * lanes split the kernel's sum loop), and with how many lanes. docs/DECISIONS.md "Cooperative loops".
 *
 * The kernel must qualify (`coopLoop`), and the call must have few outputs for its work: one thread
 * per output would leave the GPU mostly idle and, for row-wise gathers, read uncoalesced. A call
 * with many outputs keeps a thread per element (every thread busy, and column-wise gathers stay
 * coalesced there). `BROOK_COOP_LOOPS=0` turns the cooperative form off.
 */
import type { Launch } from '../../brt/api.js';
import { coopLoop, coopTrips } from '../../compiler/kernels.js';

/** Fewest loop trips worth a workgroup: below, most lanes would idle through the tree. */
export const COOP_MIN_TRIPS = 64;
/** Most outputs run cooperatively: past this a thread per output already fills a GPU. */
export const COOP_MAX_OUTPUTS = 1 << 16;
/** Outputs per loop trip at most ("few outputs relative to the work"). */
export const COOP_OUTPUTS_PER_TRIP = 64;

export function coopLoopsEnabled(): boolean {
  return process.env.BROOK_COOP_LOOPS !== '0';
}

/**
 * Lanes per workgroup for a cooperative run of `launch` over `outputs` elements, or 0 for the
 * per-element form. Lanes: a power of two from 64 to 256, about four iterations each.
 */
export function coopLanes(launch: Launch, outputs: number): number {
  if (launch.mask) return 0;
  const ir = launch.kernel.ir;
  if (ir.kind !== 'map' || !ir.body.some((s) => s.op === 'loop')) return 0;
  const c = coopLoop(ir);
  if (!c.ok) return 0;
  const trips = coopTrips(ir, c.loop, (k) => {
    const a = launch.args[k];
    return a && a.kind === 'value' ? a.value : undefined;
  });
  if (trips === null || trips < COOP_MIN_TRIPS) return 0;
  if (outputs > COOP_MAX_OUTPUTS || outputs > COOP_OUTPUTS_PER_TRIP * trips) return 0;
  // Last: reading the environment costs more than the checks above (this runs for every call).
  if (!coopLoopsEnabled()) return 0;
  return trips >= 1024 ? 256 : trips >= 512 ? 128 : 64;
}
