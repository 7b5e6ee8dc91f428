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
 * - A kernel with loops (they need the loop budget, which a tiled launch has not), vout, a helper
 *   that gathers, or an iterator argument is not tiled.
 *
 * Pure: no device, no environment.
 */
import type { KernelIR } from '../ir.js';
import { proveTileLocal } from './chain-proof.js';

export { proveTileLocal, type TileProofInput } from './chain-proof.js';

/** Threads of a tiled workgroup; a tile of up to TILE_LANES_PER_THREAD times this many lanes. */
export const TILE_WORKGROUP = 256;
export const TILE_LANES_PER_THREAD = 4;

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

/** Why kernel `ir` cannot be a step of a tiled chain at all, or null. */
export function tileRefusal(ir: KernelIR): string | null {
  if (ir.kind !== 'map') return 'a reduction';
  if (ir.params.some((p) => p.role === 'vout')) return 'it has vout outputs';
  if (ir.params.some((p) => p.role === 'iter')) return 'an iterator argument';
  if (ir.native !== undefined) return 'it has a hand-written form';
  if (hasLoop(ir.body) || ir.helpers.some((h) => hasLoop(h.body))) return 'its loops need the loop budget, which a tiled launch has not';
  if (ir.helpers.some((h) => h.params.some((p) => p.type.kind === 'gather'))) return 'a helper it calls gathers';
  return null;
}

function hasLoop(list: import('../ir.js').IRStmt[]): boolean {
  return list.some((s) => s.op === 'loop' || (s.op === 'if' && (hasLoop(s.then) || hasLoop(s.else))));
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
  const wgMax = Math.min(TILE_WORKGROUP, limits.maxInvocations);
  const maxLanes = Math.min(limits.maxLanes, wgMax * TILE_LANES_PER_THREAD, Math.floor(limits.maxWorkgroupBytes / Math.max(1, bytesPerLane)));
  const candidates = tileCandidates(outShape, maxLanes);
  if (candidates.length === 0) return `no tile of 2..${maxLanes} lanes divides the output ${outShape.join('x')}`;
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
    const r = proveTileLocal({ ir: s.ir, constArg: s.constArg, outShape, tile, local: s.local });
    if (r !== null) return `${s.ir.name}: ${r}`;
  }
  return null;
}
