/// <reference types="@webgpu/types" />
/**
 * The last few launch signatures of each kernel with their pipeline and bind group, so a run of
 * calls on the same streams (a loop, ping-pong between two streams) skips building the variant, its
 * key and the bind group key: each of those allocates, and batched small calls are bound by host work.
 *
 * A signature is what decides the variant and the bind group: each argument's kind and buffer object,
 * whether it is addressed directly (launch.ts isDirect), and the mask's buffer. A released buffer's
 * handle is never handed out again, so an entry naming one simply never matches again.
 */
import type { CompiledKernel, Launch } from '../../brt/api.js';
import type { KernelPipeline } from './context.js';
import { isDirect } from './launch.js';
import { loopBudget } from './loop-budget.js';
import { hasLoops } from '../../compiler/kernels.js';
import { sameShapes, shapeMemo, type ShapeMemo } from './specialize.js';

export interface LaunchMemo {
  kinds: string[];
  bufs: unknown[];
  direct: boolean[];
  mask: unknown;
  p: KernelPipeline;
  bindGroup: GPUBindGroup;
  /** The shapes a specialized pipeline was made for (null: a generic pipeline, any shapes). */
  shapes: ShapeMemo | null;
}

const KEEP = 4;
const KEY = 'webgpu:memo';

/** The entry last found for a launch object, with the buffers and stream shapes it was found for:
 *  brt reuses one planned launch for a run of calls like it (brt/plan-cache.ts), and checking that
 *  these references are unchanged is cheaper than matching the entry list again. */
interface Found {
  e: LaunchMemo;
  space: readonly number[];
  bufs: unknown[];
  shapes: unknown[];
  mask: unknown;
}
const byLaunch = new WeakMap<Launch, Found>();

function stillFound(f: Found, launch: Launch, space: readonly number[]): boolean {
  if (f.space !== space || f.mask !== launch.mask?.stream.buffer) return false;
  const args = launch.args;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a.kind !== 'value' && (a.stream.buffer !== f.bufs[k] || a.stream.shape !== f.shapes[k])) return false;
  }
  return true;
}

function noteFound(launch: Launch, space: readonly number[], e: LaunchMemo): void {
  byLaunch.set(launch, {
    e,
    space,
    bufs: launch.args.map(bufferOf),
    shapes: launch.args.map((a) => (a.kind !== 'value' ? a.stream.shape : undefined)),
    mask: launch.mask?.stream.buffer,
  });
}

function bufferOf(a: Launch['args'][number]): unknown {
  return a && a.kind !== 'value' ? a.stream.buffer : undefined;
}

/** The memo entry matching `launch` over `space` (with `coop` lanes, 0 for none: the choice
 *  depends on constant arguments, which signatures leave out), or undefined. */
export function findMemo(launch: Launch, space: readonly number[], coop = 0, stage = ''): LaunchMemo | undefined {
  const f = byLaunch.get(launch);
  // (BROOK_LOOP_BUDGET=0 set in-process, the bench's same-run ratio: modules without counters.)
  const budget = loopBudget() > 0 && hasLoops(launch.kernel.ir);
  if (f && f.e.p.coop === coop && f.e.p.stage === stage && (f.e.p.statusBinding !== undefined) === budget && stillFound(f, launch, space)) return f.e;
  const list = launch.kernel.cache.get(KEY) as LaunchMemo[] | undefined;
  if (!list) return undefined;
  const args = launch.args;
  const mask = launch.mask?.stream.buffer;
  outer: for (const e of list) {
    if (e.mask !== mask || e.bufs.length !== args.length || e.p.coop !== coop || e.p.stage !== stage || (e.p.statusBinding !== undefined) !== budget) continue;
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      if (a.kind !== e.kinds[k] || bufferOf(a) !== e.bufs[k] || isDirect(a, space) !== e.direct[k]) continue outer;
    }
    if (e.shapes && !sameShapes(e.shapes, launch, space)) continue;
    noteFound(launch, space, e);
    return e;
  }
  return undefined;
}

export function rememberLaunch(kernel: CompiledKernel, launch: Launch, space: readonly number[], p: KernelPipeline, bindGroup: GPUBindGroup): LaunchMemo {
  let list = kernel.cache.get(KEY) as LaunchMemo[] | undefined;
  if (!list) kernel.cache.set(KEY, (list = []));
  const e: LaunchMemo = {
    kinds: launch.args.map((a) => a.kind),
    bufs: launch.args.map(bufferOf),
    direct: launch.args.map((a) => isDirect(a, space)),
    mask: launch.mask?.stream.buffer,
    p,
    bindGroup,
    shapes: p.specialized ? shapeMemo(launch, space) : null,
  };
  list.unshift(e);
  if (list.length > KEEP) list.pop();
  noteFound(launch, space, e);
  return e;
}
