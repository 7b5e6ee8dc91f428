/**
 * The CPU backend's launches (brt/api.ts Backend): a map, a full reduction (fixed chunks, then the
 * fixed tree: compiler/facts reduce.ts), a partial reduction into a stream, and a vout launch. Each
 * prepares its data and plan (prepare.ts), takes the compiled kernel (kernels.ts) and runs its
 * positions (execute.ts).
 */
import type { BufferHandle, Launch, LaunchArg } from '../../brt/api.js';
import { flatKinds, REDUCE_CHUNK, treeJoins } from '../../compiler/kernels.js';
import { MAIN_STOP_WORD } from '../../brt/abort-watch.js';
import { asCpuBuffer, type CpuBuffer, type CpuStorage } from './buffers.js';
import { accessOf, pad4, streamData } from './launchdata.js';
import { hasLoop, outputsOf, stoppable } from './stopping.js';
import type { WorkerPool } from './workers.js';
import type { CpuKernels } from './kernels.js';
import type { CpuExecutor } from './execute.js';
import { prepareLaunch } from './prepare.js';
import { storeNumbers } from './stream-ops.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** One backend's state, shared by its launches and stream operations. */
export interface CpuCore {
  pool: WorkerPool | null;
  storage: CpuStorage;
  kernels: CpuKernels;
  executor: CpuExecutor;
}

export function runMap(core: CpuCore, launch: Launch): void {
  const { L, plan, n, arenaOnly } = prepareLaunch(launch, 'map', launch.outShape);
  core.executor.execute(core.kernels.compiled(launch, plan, arenaOnly), L, n, launch);
}

/**
 * Whole-stream reduction. With a `combine` (accumulator and element of one type), positions are
 * folded in fixed chunks of REDUCE_CHUNK, left to right, and the chunk results are combined
 * pairwise in a tree: element order is kept, the rounding error grows with log(n) instead of n,
 * and the result is the same however the chunks are spread over workers.
 */
export function reduceAll(core: CpuCore, launch: Launch): number[] {
  const { L, plan, n, arenaOnly } = prepareLaunch(launch, 'reduceAll', launch.outShape);
  let c = core.kernels.compiled(launch, plan, arenaOnly);
  const ir = launch.kernel.ir;
  const W = flatKinds(ir.params.find((p) => p.role === 'reduce')!.type).length;
  // Without combineAt (accumulator and element of different types, or indexof) one sequential fold.
  const chunk = c.combineAt ? REDUCE_CHUNK : Math.max(1, n);
  const m = Math.ceil(n / chunk);
  // A WebAssembly kernel writes the partials into the arena (a block for this launch).
  let scratch: CpuBuffer | null = c.wasm ? core.storage.take(m * W * 2) : null;
  if (scratch && !scratch.block) {
    core.storage.give(scratch);
    scratch = null;
    c = core.kernels.compiled(launch, plan, false);
  }
  try {
    const P = scratch
      ? new Float64Array(scratch.bytes, scratch.block!.at, m * W)
      : core.pool
        ? new Float64Array(new SharedArrayBuffer(m * W * 8))
        : new Float64Array(m * W);
    L.chunk = chunk;
    L.partials = P;
    // Without combineAt the fold is one sequential chunk: on the calling thread, in order.
    core.executor.execute(c, L, n, launch, { align: chunk, split: c.combineAt !== null });
    // The fixed tree over the chunk partials (compiler/facts reduce.ts treeJoins). The combining
    // steps are the reduce body (JavaScript): stoppable when it has loops.
    const tree = () => {
      for (const [left, right] of treeJoins(m)) c.combineAt!(L, P, left, right);
    };
    if (m > 1 && hasLoop(ir)) stoppable(MAIN_STOP_WORD, launch.span, outputsOf(launch), tree);
    else tree();
    return Array.from(P.subarray(0, W));
  } finally {
    if (scratch) core.storage.give(scratch);
  }
}

export function reduceBlocks(core: CpuCore, launch: Launch, target: StreamArg): void {
  const input = launch.args.findIndex((_, k) => launch.kernel.ir.params[k]!.role === 'in');
  const inShape = pad4((launch.args[input] as StreamArg).shape, 1);
  const out = pad4(target.shape, 1);
  const { L, plan, n } = prepareLaunch(launch, 'reduceBlocks', target.shape);
  L.F = inShape.map((x, d) => (out[d] === 0 ? 0 : x / out[d]!));
  plan.target = accessOf(target, target.shape);
  L.target = streamData(target, asCpuBuffer(target.stream.buffer));
  const c = core.kernels.compiled(launch, plan, false);
  // Blocks are folded in chunks joined on a stack of partials (at most one per bit of the count).
  const W = flatKinds(launch.kernel.ir.params.find((p) => p.role === 'reduce')!.type).length;
  L.chunk = REDUCE_CHUNK;
  L.stack = new Float64Array(W * 64);
  core.executor.execute(c, L, n, launch, { weight: inShape.reduce((a, b) => a * b, 1) / Math.max(1, n) });
}

export function runVout(core: CpuCore, launch: Launch): { counts: number[]; buffers: BufferHandle[] } {
  const { L, plan, n } = prepareLaunch(launch, 'map', launch.outShape);
  const c = core.kernels.compiled(launch, plan, false);
  core.executor.execute(c, L, n, launch, { split: false }); // pushes keep position order
  const counts: number[] = [];
  const buffers: BufferHandle[] = [];
  launch.kernel.ir.params.forEach((p, k) => {
    if (p.role !== 'vout') return;
    const pushed = (L.args as { pushed: number[] }[])[k]!.pushed;
    const kinds = flatKinds(p.type);
    const b = core.storage.take(Math.max(1, pushed.length));
    storeNumbers(b, 0, pushed, kinds);
    counts.push(pushed.length / kinds.length);
    buffers.push(b);
  });
  return { counts, buffers };
}
