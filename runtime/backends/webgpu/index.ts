/// <reference types="@webgpu/types" />
/**
 * The WebGPU backend (Dawn through the `webgpu` package): implements `Backend` of brt/api.ts.
 *
 * In:  resolved launches (brt checked every shape rule), host words to write, buffers to read.
 * Out: kernels run as WGSL compute shaders generated from the kernel IR (codegen/wgsl), with the
 *      CPU backend's results up to float32 rounding (the CPU backend is the reference).
 * Always:
 * - kernel calls are recorded and submitted when the host needs data (read, reduceAll, runVout) or
 *   at finish (recorder.ts); results are identical however the work is batched or split;
 * - reductions keep element order (kernel.ts), so non-commutative operations give the ordered result;
 * - map kernels and partial reductions run pipelines specialized on the call's shapes (specialize.ts:
 *   constants instead of uniform extents, 2-D grids for 2-D outputs, at most 16 shape sets a kernel);
 *   a 2-D map of width 4k computes four outputs a thread with vec4 stores, and a row reduction reads
 *   aligned rows as vec4 (compiler/schedule/tiling.ts mapTiling, vec4Rows);
 * - a tiled chain of calls (brt/tiling.ts) runs as one dispatch, a workgroup per tile, of the module
 *   codegen/wgsl/chain-tile.ts writes (tiled.ts), with the calls' results bit for bit;
 * - GPU errors (validation, out of memory, a generated shader that does not compile: a bug in us)
 *   and device loss surface as BrookRuntimeError from the next read/finish, naming the call;
 * - host writes no kernel call follows are still submitted (recorder.ts queueWrite), and a quiet
 *   point between cells runs a major collection now and then (collect.ts): Dawn frees upload memory
 *   only after a submit, and its objects only with their JS wrappers.
 * Only this folder imports `webgpu`. Start with `createWebGPUBackend(options)`; a failed start throws
 * WebGPUStartError with the step that failed. It joins the parts: start.ts (device, context),
 * stream-store.ts (allocate, write, read, copy), map-launch.ts (run), reduce.ts, vout.ts, scatter.ts,
 * and failures.ts (GPU failures as located errors).
 *
 * Known limits (each a decision, not an accident):
 * - float results match the CPU backend up to float32 rounding of the built-ins (tests/webgpu/
 *   builtins.test.ts states the tolerance per built-in); subnormals may flush to zero; a NaN may
 *   come back with another bit pattern (sign, payload);
 * - a stream larger than one binding (maxStorageBufferBindingSize: 128 MiB under lavapipe, 2 GiB on
 *   an H100) is split into page buffers (paging.ts, paged-launch.ts); streamScatterOp and
 *   streamGatherOp refuse split streams (BRK5401), and a call whose split streams need more storage
 *   bindings than the adapter has is refused (BRK5400);
 * - reductions use workgroup memory trees, not subgroup operations (measured memory-bound anyway;
 *   subgroupAdd saved 7% of an 8192-float row sum, and a fixed combining order across subgroups would
 *   rest on a lane layout WGSL does not promise: docs/DECISIONS.md);
 * - a map kernel whose work is a counted sum loop runs as a workgroup per output element when the
 *   call has few outputs for its loop (coop.ts; BROOK_COOP_LOOPS=0 turns it off): its sums then
 *   differ from the CPU backend's in rounding, as a reduction's do, identically run to run;
 * - a write mask skips masked positions in the shader; it does not compact the active ones;
 * - streamScatterOp ADD/MUL on floats combines colliding values in an unspecified order;
 *   ASSIGN and reduce-kernel operators give the CPU backend's (element-order) result;
 * - Dawn's adapter warnings are kept off stderr only where fd 2 can be reopened (a terminal, a pipe,
 *   a file; not a socket, as under vitest): see quiet.ts.
 */
import type { Backend, BufferHandle, CompiledKernel, Launch, StreamOp, TiledGroup } from '../../brt/api.js';
import { flattenElement, wordKind, type Type } from '../../compiler/types.js';
import type { DeviceLimits } from '../../compiler/kernels.js';
import { MAX_STREAM_BYTES } from './paging.js';
import type { WebGPUBackendOptions } from './device.js';
import type { StreamArg } from './launch.js';
import { reduceAll, reduceBlocks } from './reduce.js';
import { gatherOp, scatterOp } from './scatter.js';
import { runVout } from './vout.js';
import type { GpuTimes } from './timer.js';
import type { PipelineCounts } from './pipelines.js';
import { ProfileTags } from './profile-tags.js';
import { WrapperCollector } from './collect.js';
import type { NativeUse } from '../../brt/native.js';
import { startBackend } from './start.js';
import { createStreamStore } from './stream-store.js';
import { runMap, runsAlone } from './map-launch.js';
import { checkSubmitted, guard, readChecked } from './failures.js';
import { runTiledChain } from './tiled.js';

export { WebGPUStartError, type WebGPUBackendOptions } from './device.js';
export type { GpuTimes } from './timer.js';
export type { PipelineCounts } from './pipelines.js';

export interface WebGPUBackend extends Backend {
  readonly name: 'webgpu';
  /** Features in use (timestamp-query, subgroups, shader-f16 where offered). */
  readonly features: ReadonlySet<string>;
  readonly device: GPUDevice;
  /** GPU time of the work submitted so far (null unless timing was asked for and the adapter has
   *  timestamp-query); waits for submitted batches' timestamps. */
  gpuTimes(): Promise<GpuTimes | null>;
  resetGpuTimes(): void;
  /** Pipelines created on this device and requests that found one already made (pipelines.ts). */
  pipelineCounts(): PipelineCounts;
  /** How launches of kernels marked native ran, by pragma name (native.ts). */
  nativeUse(): Record<string, NativeUse>;
  /** The variants (mode, layout, shapes) of `kernel` this device has pipelines for. */
  kernelVariants(kernel: CompiledKernel): string[];
  /** What the schedules read of this device (compiler/schedule DeviceLimits). */
  readonly scheduleLimits: DeviceLimits;
}

export async function createWebGPUBackend(options: WebGPUBackendOptions = {}): Promise<WebGPUBackend> {
  const { started, ctx, natives, detach } = await startBackend(options);
  const { device } = started;
  const profileTags = new ProfileTags(ctx);
  const collector = new WrapperCollector();
  let disposed = false;

  const backend: WebGPUBackend = {
    name: 'webgpu',
    description: started.description,
    // A stream may pass one buffer (it is split into pages); maxBindingBytes is the page limit.
    // A reduction binds two buffers of its own (partials, result) beside the kernel's streams.
    limits: { maxBufferBytes: MAX_STREAM_BYTES, maxBindingBytes: ctx.pageBytes, maxKernelStreams: device.limits.maxStorageBuffersPerShaderStage - 2 },
    features: started.features,
    device,
    ...createStreamStore(ctx),
    runsAlone: (launch: Launch) => runsAlone(ctx, launch),
    run: (launch: Launch) => runMap(ctx, natives, launch),

    // A tiled launch is a 1-D workgroup (up to 1024 threads: schedule/chain-tile.ts), so both limits apply.
    tileLimits: { maxWorkgroupBytes: device.limits.maxComputeWorkgroupStorageSize, maxInvocations: Math.min(device.limits.maxComputeInvocationsPerWorkgroup, device.limits.maxComputeWorkgroupSizeX) },

    runTiled(group: TiledGroup): void {
      const what = `tiled chain ${group.steps.map((l) => l.kernel.ir.name).join('+')}`;
      guard(group.steps[0]!, () => runTiledChain(ctx, group, what));
    },

    async reduceAll(launch: Launch): Promise<number[]> {
      const words = guard(launch, () => reduceAll(ctx, launch));
      if (!words) return [];
      const out = await readChecked(ctx, words);
      const acc = launch.kernel.ir.params.find((p) => p.role === 'reduce')!;
      return wordsToNumbers(out, acc.type);
    },

    reduceBlocks(launch: Launch, target: StreamArg): void {
      guard(launch, () => reduceBlocks(ctx, launch, target));
    },

    async runVout(launch: Launch): Promise<{ counts: number[]; buffers: BufferHandle[] }> {
      const r = await guard(launch, () => runVout(ctx, launch));
      await checkSubmitted(ctx);
      return r;
    },

    scatterOp: (dst: StreamArg, index: StreamArg, data: StreamArg, op: StreamOp) => scatterOp(ctx, dst, index, data, op),
    gatherOp: (dst: StreamArg, index: StreamArg, src: StreamArg, op: StreamOp) => gatherOp(ctx, dst, index, src, op),

    async gpuTimes(): Promise<GpuTimes | null> {
      if (!ctx.timer) return null;
      // Submit and wait, but leave any failure for the next read or finish to report.
      ctx.rec.flush();
      await device.queue.onSubmittedWorkDone();
      return ctx.timer.settle();
    },
    resetGpuTimes: () => ctx.timer?.reset(),
    profileTag(tag: number | null): void {
      ctx.profileTag = tag;
      if (!disposed) profileTags.mark(tag);
    },
    profileTimes: () => profileTags.times(),
    profileReset: () => profileTags.reset(),
    pipelineCounts: (): PipelineCounts => ({ ...ctx.pipelines.counts }),
    buildTimes: () => ({ built: ctx.pipelines.counts.created, ms: ctx.pipelines.counts.ms }),
    nativeUse: (): Record<string, NativeUse> => Object.fromEntries([...natives.use].map(([k, v]) => [k, { ...v }])),
    kernelVariants: (kernel: CompiledKernel): string[] => ctx.kernelVariants(kernel),
    scheduleLimits: ctx.limits,

    async finish(): Promise<void> {
      if (disposed) return;
      await checkSubmitted(ctx);
    },
    quietPoint(): void {
      if (!disposed) collector.quietPoint(ctx.rec.submitCount);
    },
    dispose(): void {
      if (disposed) return;
      disposed = true;
      ctx.staging.dispose();
      ctx.upload.dispose();
      ctx.download.dispose();
      ctx.scratch.dispose();
      detach();
      device.destroy();
    },
  };
  return backend;
}

/** Words of one element as the numbers brt expects (float components as their float32 values). */
export function wordsToNumbers(words: Uint32Array, t: Type): number[] {
  const flat = flattenElement(t);
  const f = new Float32Array(words.buffer, words.byteOffset, words.length);
  const i = new Int32Array(words.buffer, words.byteOffset, words.length);
  return flat.map((c, k) => {
    switch (wordKind(c.scalar)) {
      case 'float': return f[k]!;
      case 'uint': return words[k]!;
      case 'bool': return words[k]! !== 0 ? 1 : 0;
      default: return i[k]!;
    }
  });
}
