/**
 * Pipelines specialized on the shapes of a call (layout.ts ShapeSpec): the output shape and every
 * stream argument's domain offset, extent and strides become constants of the module, so a 1-D or
 * 2-D kernel needs no division or modulo, and a 2-D output runs on a 2-D grid.
 *
 * Each distinct set of shapes is its own pipeline (a compile, milliseconds), so a kernel gets at most
 * MAX_SPECIALIZED of them; calls with further shapes (a loop over shrinking domains, say) use the
 * generic module, which reads the same numbers from the uniform block. The uniform block is filled
 * either way, so both modules see identical values.
 */
import type { Launch } from '../../brt/api.js';
import type { KernelVariant, ModulePlan, ShapeSpec } from '../../compiler/kernels.js';
import { useGrid2d } from '../../compiler/kernels.js';
import { fillParams, putPadded } from './launch.js';

/** Distinct shape sets compiled per kernel before calls fall back to the generic module. */
export const MAX_SPECIALIZED = 16;
const KEY = 'webgpu:shapes';

/**
 * The spec of `launch` over output shape `space`, given the generic module's plan (slot positions do
 * not depend on the spec); undefined when the kernel already has MAX_SPECIALIZED other shape sets.
 */
export function shapeSpecFor(launch: Launch, plan: ModulePlan, space: readonly number[], mode: KernelVariant['mode'], maxGroupsPerDim: number, allow2d = true): ShapeSpec | undefined {
  const data = new Uint32Array(plan.uniformVec4s * 4);
  putPadded(data, 0, space, 1);
  fillParams(data, plan, launch.kernel.ir, launch.args, launch.mask);
  const words = new Map<number, readonly number[]>();
  const take = (k: number) => words.set(k, Array.from(data.subarray(4 * k, 4 * k + 4)));
  take(0);
  for (const p of plan.params) {
    const a = launch.args[p.index];
    if (p.role === 'const' || p.role === 'iter' || !a || a.kind !== 'stream') continue;
    for (let k = 0; k < 3; k++) take(p.uniform + k);
  }
  if (plan.mask) for (let k = 0; k < 3; k++) take(plan.mask.uniform + k);
  const out = words.get(0)!;
  // allow2d false: the schedule's 1-D grid (a cooperative map, a forced one), or a launch over split
  // streams, which runs 1-D ranges of positions (paged-launch.ts).
  const twoD = mode === 'map' && useGrid2d(allow2d, out, maxGroupsPerDim);
  const grid = twoD ? 2 : 1;
  let key = `g${grid}`;
  for (const [k, w] of [...words].sort((x, y) => x[0] - y[0])) key += `|${k}:${w.join(',')}`;
  let seen = launch.kernel.cache.get(KEY) as Set<string> | undefined;
  if (!seen) launch.kernel.cache.set(KEY, (seen = new Set()));
  if (!seen.has(key)) {
    if (seen.size >= MAX_SPECIALIZED) return undefined;
    seen.add(key);
  }
  return { words, grid, key };
}

/** A copy of the shapes a specialized pipeline was made for, to match later calls against. */
export interface ShapeMemo {
  space: number[];
  args: (null | { lo: number[]; shape: number[]; full: number[] })[];
  mask: null | { lo: number[]; shape: number[]; full: number[] };
}

export function shapeMemo(launch: Launch, space: readonly number[]): ShapeMemo {
  const one = (a: Launch['args'][number] | undefined) => (a && a.kind !== 'value' ? { lo: a.lo.slice(), shape: a.shape.slice(), full: a.stream.shape.slice() } : null);
  return { space: space.slice(), args: launch.args.map(one), mask: one(launch.mask) };
}

function same(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `launch` over `space` has exactly the shapes `m` was made for (no allocation: per call). */
export function sameShapes(m: ShapeMemo, launch: Launch, space: readonly number[]): boolean {
  if (!same(m.space, space)) return false;
  for (let k = 0; k < launch.args.length; k++) {
    const a = launch.args[k]!;
    const e = m.args[k];
    if (a.kind === 'value') continue;
    if (!e || !same(e.lo, a.lo) || !same(e.shape, a.shape) || !same(e.full, a.stream.shape)) return false;
  }
  const mk = launch.mask;
  if (mk) {
    const e = m.mask;
    if (!e || !same(e.lo, mk.lo) || !same(e.shape, mk.shape) || !same(e.full, mk.stream.shape)) return false;
  }
  return true;
}
