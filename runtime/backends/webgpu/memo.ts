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

function bufferOf(a: Launch['args'][number]): unknown {
  return a && a.kind !== 'value' ? a.stream.buffer : undefined;
}

/** The memo entry matching `launch` over `space` (with `coop` lanes, 0 for none: the choice
 *  depends on constant arguments, which signatures leave out), or undefined. */
export function findMemo(launch: Launch, space: readonly number[], coop = 0): LaunchMemo | undefined {
  const list = launch.kernel.cache.get(KEY) as LaunchMemo[] | undefined;
  if (!list) return undefined;
  const args = launch.args;
  const mask = launch.mask?.stream.buffer;
  outer: for (const e of list) {
    if (e.mask !== mask || e.bufs.length !== args.length || e.p.coop !== coop) continue;
    for (let k = 0; k < args.length; k++) {
      const a = args[k]!;
      if (a.kind !== e.kinds[k] || bufferOf(a) !== e.bufs[k] || isDirect(a, space) !== e.direct[k]) continue outer;
    }
    if (e.shapes && !sameShapes(e.shapes, launch, space)) continue;
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
  return e;
}
