/**
 * Chain tiling (issue 28): which tile a chain of map calls over one output shape runs in, when each
 * call after the first reads what the call before it wrote only inside its own tile (chain-proof.ts
 * proves it from the IR and the calls' constants). brt/tiling.ts forms the chains and asks here; the
 * WGSL writer (codegen/wgsl/chain-tile.ts) prints the launch: a workgroup per tile, the tile in
 * workgroup memory between the steps. The rule (docs/DECISIONS.md, "Chain tiling"):
 *
 * - Tiles are boxes whose extents divide the output's: for a 1-D output a run of T elements; for 2-D
 *   and up, a run of T along the last (fastest) dimension, else along one other dimension, the rest 1.
 *   T is a power of two from the largest that fits down to 2: at most `maxLanes` lanes (four per
 *   thread of the workgroup), and the slots the chain hands over must fit in workgroup memory.
 * - The largest tile for which every proof holds is taken when the second call joins; later calls
 *   must hold in that tile (else the chain ends and a new one starts with that call).
 * - A kernel with loops not counted by the call's constants (they would need the loop budget, which
 *   a tiled launch has not), vout, a helper that gathers, or an iterator argument is not tiled.
 *
 * Pure: no device, no environment.
 */
import type { IRStmt, KernelIR } from '../ir.js';
import { evalUniform } from './coop-loop.js';
import { proveTileLocal } from './chain-proof.js';

export { proveTileLocal, type TileProofInput } from './chain-proof.js';

/** Threads of a tiled workgroup at most (the device's limit below it); a tile of up to
 *  TILE_LANES_PER_THREAD times this many lanes. A thread a lane where the device allows it: the FFT's
 *  1024-lane rows and columns ran 0.545 -> 0.285 ms on an H200 against 256 threads of four lanes
 *  (each thread keeps its lanes' results in registers across a barrier; fewer, fuller threads hid less
 *  latency). The sort's Figure 3, four runs each alternating on an H200 (2026-12-03): 1.186-1.189 ms
 *  (0.77x) with a thread a lane, 1.360-1.539 ms (0.60-0.68x) with 256 threads. */
export const TILE_WORKGROUP = 1024;
export const TILE_LANES_PER_THREAD = 4;
/** Lanes a tile has at least (unless the whole output is smaller). */
export const TILE_MIN_LANES = 32;

/** What a chain step offers the proof: its kernel, its constants and the parameters to prove. */
export interface ChainStepFacts {
  ir: KernelIR;
  constArg(k: number): readonly number[] | undefined;
  /** Gather parameters that must stay in the tile (they read the previous step's output, or a stream
   *  a later step writes). */
  local: ReadonlySet<number>;
}

export interface ChainTile {
  tile: number[];
  workgroupSize: number;
}

/** Loop trips a tiled step may run at most per element (all its loops, nested ones multiplied). */
export const TILE_MAX_TRIPS = 4096;

/**
 * Why kernel `ir` cannot be a step of a tiled chain at all, or null. With the call's constants
 * (`constArg`), a loop counted from a constant to a constant by a constant step is allowed: its work
 * is bounded when the call is recorded, so the launch needs no loop budget (a tiled launch has none).
 */
export function tileRefusal(ir: KernelIR, constArg?: (k: number) => readonly number[] | undefined): string | null {
  if (ir.kind !== 'map') return 'a reduction';
  if (ir.params.some((p) => p.role === 'vout')) return 'it has vout outputs';
  if (ir.params.some((p) => p.role === 'iter')) return 'an iterator argument';
  if (ir.native !== undefined) return 'it has a hand-written form';
  if (ir.helpers.some((h) => hasLoop(h.body))) return 'a helper it calls loops (a tiled launch has no loop budget)';
  if (hasLoop(ir.body)) {
    const trips = constArg ? countedTrips(ir, ir.body, constArg) : null;
    if (trips === null) return 'its loops are not counted by constants (a tiled launch has no loop budget)';
    if (trips > TILE_MAX_TRIPS) return `its loops run ${trips} trips, more than ${TILE_MAX_TRIPS}`;
  }
  if (ir.helpers.some((h) => h.params.some((p) => p.type.kind === 'gather'))) return 'a helper it calls gathers';
  return null;
}

function hasLoop(list: IRStmt[]): boolean {
  return list.some((s) => s.op === 'loop' || (s.op === 'if' && (hasLoop(s.then) || hasLoop(s.else))));
}

/**
 * Trips of the statements' loops at most (nested ones multiplied, siblings added), when every loop
 * is `for (v = start; v < bound (or <=); v += step)` with start and bound computed from constants,
 * a constant step > 0, a test before each trip, no `break`-free escape needed and `v` assigned
 * nowhere else; else null.
 */
function countedTrips(ir: KernelIR, list: IRStmt[], constArg: (k: number) => readonly number[] | undefined): number | null {
  let total = 0;
  for (const s of list) {
    if (s.op === 'if') {
      const a = countedTrips(ir, s.then, constArg);
      const b = countedTrips(ir, s.else, constArg);
      if (a === null || b === null) return null;
      total += Math.max(a, b);
      continue;
    }
    if (s.op !== 'loop') continue;
    const init = s.init.length === 1 ? s.init[0]! : null;
    const counter = init?.op === 'assign' && init.target.root.kind === 'local' && init.target.path.length === 0 ? init.target.root.name : init?.op === 'declare' ? init.name : null;
    const start = init?.op === 'assign' ? init.value : init?.op === 'declare' ? init.init : null;
    const cond = s.cond;
    const upd = s.update.length === 1 ? s.update[0]! : null;
    if (!counter || !start || !cond || !s.testFirst || cond.op !== 'binary' || (cond.operator !== '<' && cond.operator !== '<=')) return null;
    if (cond.left.op !== 'local' || cond.left.name !== counter) return null;
    if (upd?.op !== 'assign' || upd.target.root.kind !== 'local' || upd.target.root.name !== counter || upd.value.op !== 'binary' || upd.value.operator !== '+') return null;
    const inc = upd.value;
    if (inc.left.op !== 'local' || inc.left.name !== counter) return null;
    const step = evalUniform(ir, inc.right, constArg);
    const from = evalUniform(ir, start, constArg);
    const to = evalUniform(ir, cond.right, constArg);
    if (step === null || from === null || to === null || !(step > 0) || !Number.isFinite(from) || !Number.isFinite(to)) return null;
    if (assigns(s.body, counter)) return null;
    const span = (to - from) / step;
    const trips = Math.max(0, cond.operator === '<=' ? Math.floor(span) + 1 : Math.ceil(span));
    const inner = countedTrips(ir, s.body, constArg);
    if (inner === null) return null;
    total += trips * Math.max(1, inner);
  }
  return total;
}

function assigns(list: IRStmt[], name: string): boolean {
  return list.some((s) =>
    (s.op === 'assign' && s.target.root.kind === 'local' && s.target.root.name === name) ||
    (s.op === 'declare' && s.name === name) ||
    (s.op === 'if' && (assigns(s.then, name) || assigns(s.else, name))) ||
    (s.op === 'loop' && assigns([...s.init, ...s.body, ...s.update], name)));
}

/** Tile shapes to try for `outShape`, largest first (at most `maxLanes` lanes, a power of two each). */
export function tileCandidates(outShape: readonly number[], maxLanes: number): number[][] {
  const out: number[][] = [];
  const R = outShape.length;
  const dims = [R - 1, ...Array.from({ length: R - 1 }, (_, d) => R - 2 - d)];
  for (let t = pow2Floor(maxLanes); t >= 2; t /= 2) {
    for (const d of dims) {
      if (outShape[d]! % t !== 0) continue;
      const tile = outShape.map(() => 1);
      tile[d] = t;
      out.push(tile);
    }
  }
  return out;
}

function pow2Floor(n: number): number {
  let p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

/**
 * The tile for a chain: the first candidate (largest) in which every step's proof holds and whose
 * hand-over fits `bytesPerLane` x lanes of workgroup memory. Returns why not when none does.
 */
export function planChainTile(
  steps: ChainStepFacts[],
  outShape: readonly number[],
  bytesPerLane: number,
  limits: { maxWorkgroupBytes: number; maxInvocations: number; maxLanes: number },
): ChainTile | string {
  // The plan is pure in its inputs; a loop asks for the same one every call (see provenLocal).
  const key = `${steps.map(stepKey).join('/')}|${outShape.join('x')}|${bytesPerLane}|${limits.maxWorkgroupBytes},${limits.maxInvocations},${limits.maxLanes}`;
  let byKey = plans.get(steps[0]!.ir);
  if (!byKey) plans.set(steps[0]!.ir, (byKey = new Map()));
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const plan = planChainTileUncached(steps, outShape, bytesPerLane, limits);
  if (byKey.size > 4096) byKey.clear();
  byKey.set(key, plan);
  return plan;
}

const plans = new WeakMap<KernelIR, Map<string, ChainTile | string>>();
const irIds = new WeakMap<KernelIR, number>();
let nextIrId = 0;

/** A step's part of a cache key: its kernel (by identity), its constants and its tile-local gathers. */
/** A small number per kernel IR (by identity), for cache keys. */
export function kernelId(ir: KernelIR): number {
  let id = irIds.get(ir);
  if (id === undefined) irIds.set(ir, (id = nextIrId++));
  return id;
}

export function stepKey(s: ChainStepFacts): string {
  const id = kernelId(s.ir);
  let consts = '';
  for (let k = 0; k < s.ir.params.length; k++) consts += (s.constArg(k)?.join(',') ?? '-') + ';';
  return `${id}:${consts}:${[...s.local].join(',')}`;
}

function planChainTileUncached(
  steps: ChainStepFacts[],
  outShape: readonly number[],
  bytesPerLane: number,
  limits: { maxWorkgroupBytes: number; maxInvocations: number; maxLanes: number },
): ChainTile | string {
  const wgMax = Math.min(TILE_WORKGROUP, limits.maxInvocations);
  const maxLanes = Math.min(limits.maxLanes, wgMax * TILE_LANES_PER_THREAD, Math.floor(limits.maxWorkgroupBytes / Math.max(1, bytesPerLane)));
  // A tile of few lanes would leave most of a workgroup's threads (and the GPU) idle: not worth a chain.
  const total = outShape.reduce((a, b) => a * b, 1);
  const minLanes = Math.min(TILE_MIN_LANES, total);
  const candidates = tileCandidates(outShape, maxLanes).filter((t) => t.reduce((a, b) => a * b, 1) >= minLanes);
  if (candidates.length === 0) return `no tile of ${minLanes}..${maxLanes} lanes divides the output ${outShape.join('x')} (or fits workgroup memory)`;
  let why = '';
  for (const tile of candidates) {
    const r = proveChain(steps, outShape, tile);
    if (r === null) {
      const lanes = tile.reduce((a, b) => a * b, 1);
      return { tile, workgroupSize: Math.min(lanes, wgMax) };
    }
    if (!why) why = r;
  }
  return why;
}

/** null when every step's proof holds in `tile`; else the first reason. */
export function proveChain(steps: ChainStepFacts[], outShape: readonly number[], tile: readonly number[]): string | null {
  for (const s of steps) {
    if (s.local.size === 0) continue;
    const r = provenLocal(s, outShape, tile);
    if (r !== null) return `${s.ir.name}: ${r}`;
  }
  return null;
}

/** Proofs already made, per kernel: a loop calls the same kernels with the same constants hundreds
 *  of times, and a proof walks the tile (~0.5 ms a call on the H200 host before this cache, enough to
 *  leave the GPU idle between the passes of a 20-call segmentation). proveTileLocal is pure in
 *  (ir, the constants, outShape, tile, local), which is the key. */
const proofs = new WeakMap<KernelIR, Map<string, string | null>>();

function provenLocal(s: ChainStepFacts, outShape: readonly number[], tile: readonly number[]): string | null {
  let byKey = proofs.get(s.ir);
  if (!byKey) proofs.set(s.ir, (byKey = new Map()));
  const key = `${stepKey(s)}|${outShape.join('x')}|${tile.join('x')}`;
  const known = byKey.get(key);
  if (known !== undefined) return known;
  const r = proveTileLocal({ ir: s.ir, constArg: s.constArg, outShape, tile, local: s.local });
  if (byKey.size > 4096) byKey.clear(); // constants that change every call (a loop counter) must not grow it without bound
  byKey.set(key, r);
  return r;
}
