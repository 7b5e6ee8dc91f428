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
 * WebGPUStartError with the step that failed.
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
import type { Backend, BufferHandle, CompiledKernel, Launch, LaunchArg, StreamOp, TiledGroup } from '../../brt/api.js';
import { brtError } from '../../brt/errors.js';
import { BrookRuntimeError } from '../../compiler/diagnostics.js';
import { flattenElement, wordKind, type Type } from '../../compiler/types.js';
import { planMap, planModule, planPieces, WgslUnsupportedError, type DeviceLimits } from '../../compiler/kernels.js';
import { shapeSpecFor } from './specialize.js';
import { asGpuBuf, GpuBuf, pagedBuf } from './buffers.js';
import { MAX_STREAM_BYTES, pageLimit, segments } from './paging.js';
import { hasSplitStream, runPagedMap } from './paged-launch.js';
import { GpuContext } from './context.js';
import { startDevice, type WebGPUBackendOptions } from './device.js';
import { count, fillParams, paramBuffers, putPadded, variantFor, type StreamArg } from './launch.js';
import { reduceAll, reduceBlocks } from './reduce.js';
import { gatherOp, scatterOp } from './scatter.js';
import { runVout } from './vout.js';
import { STAGED_FROM } from './upload.js';
import { findMemo, rememberLaunch } from './memo.js';
import type { GpuFailure } from './recorder.js';
import { budgetFailure, iterationsPerMs, kernelTag, writesWhatItReads } from './loop-budget.js';
import type { GpuTimes } from './timer.js';
import type { PipelineCounts } from './pipelines.js';
import { ProfileTags } from './profile-tags.js';
import { runNative, type NativeHost } from './native.js';
import { WHOLE_WORK, recordWhole, wholeWorkFor } from './bounded.js';
import { mapSchedule } from './coop.js';
import { WrapperCollector } from './collect.js';
import { nativesEnabled, type NativeUse } from '../../brt/native.js';
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

/** Dawn's instance lives as long as the object `create()` returned is reachable: if it were collected
 *  while the device is in use, Dawn would crash (segfaults under lavapipe). Every live backend keeps it here. */
const liveInstances = new Set<unknown>();

export async function createWebGPUBackend(options: WebGPUBackendOptions = {}): Promise<WebGPUBackend> {
  const started = await startDevice(options);
  const { device } = started;
  const instance = { gpu: started.gpu, adapter: started.adapter };
  liveInstances.add(instance);
  const timing = options.timing ?? process.env.BROOK_GPU_TIMING === '1';
  const maxBinding = device.limits.maxStorageBufferBindingSize;
  const maxBuffer = device.limits.maxBufferSize;
  const ctx = new GpuContext(device, started.features, timing, pageLimit(maxBinding, maxBuffer, options.pageBytes));
  ctx.wholeWork = wholeWorkFor(started.description);
  if (options.schedule) {
    ctx.force = { ...options.schedule };
    ctx.rec.pieces.schedule = planPieces(ctx.force);
  }
  ctx.loopRate = iterationsPerMs(ctx.wholeWork === WHOLE_WORK);
  ctx.loopStatus.rate = ctx.loopRate;
  // Anything outside our error scopes becomes a failure of the next sync instead of text Dawn prints.
  // preventDefault: otherwise dawn.node also prints the error to stdout, into the program's output.
  device.addEventListener('uncapturederror', (ev) => {
    ev.preventDefault();
    const message = (ev as GPUUncapturedErrorEvent).error.message;
    ctx.rec.addCheck(Promise.resolve({ kind: 'validation', message }));
  });
  const profileTags = new ProfileTags(ctx);
  const natives: NativeHost = createNativeHost(device, started.features, options);
  let disposed = false;
  const collector = new WrapperCollector();

  /** Turn a GPU failure into the error the user reads. */
  function failureError(f: GpuFailure): BrookRuntimeError {
    if (f.kind === 'lost') return brtError('BRK5019', { backend: 'WebGPU', why: f.message });
    if (f.kind === 'budget') return budgetFailure(f.status!, f.call?.span);
    const span = f.call?.span as BrookRuntimeError['span'];
    const what = f.call ? ` in ${f.call.what}` : '';
    if (f.kind === 'out-of-memory') {
      return brtError('BRK5017', { op: `GPU out of memory${what}`, what: f.message, fix: 'free streams that are no longer needed, or use smaller streams' }, span);
    }
    return brtError('BRK5017', { op: `GPU error${what}`, what: f.message, fix: 'this is a bug in the Brook WebGPU backend; BROOK_BACKEND=cpu runs the program on the CPU meanwhile' }, span);
  }

  async function check(): Promise<void> {
    const f = await ctx.rec.sync();
    if (f) throw failureError(f);
  }

  /** A readback and the error check of everything submitted with it, waited for together: each
   *  wait on Dawn costs a round of its event polling, so one wait instead of two. */
  async function readChecked(read: Promise<Uint32Array>): Promise<Uint32Array> {
    const [out, f] = await Promise.all([read, ctx.rec.sync()]);
    if (f) throw failureError(f);
    return out;
  }

  /** Host words into one buffer: large writes through the mapped staging ring (upload.ts). */
  function writeWords(buffer: GPUBuffer, byteOffset: number, data: Uint32Array | Float32Array | Int32Array): void {
    if (data.length * 4 >= STAGED_FROM) {
      ctx.upload.write(buffer, byteOffset, new Uint8Array(data.buffer, data.byteOffset, data.length * 4));
      return;
    }
    // queue.writeBuffer runs before anything still recorded: submit that first to keep program order.
    if (ctx.rec.hasWork) ctx.rec.flush();
    device.pushErrorScope('validation');
    ctx.rec.queueWrite(buffer, byteOffset, data.buffer, data.byteOffset, data.length * 4);
    const scope = device.popErrorScope();
    ctx.rec.addCheck(scope.then((e) => (e ? { kind: 'validation', message: e.message, call: { seq: 0, what: 'a stream write' } } : null)));
  }

  /** Words of a split stream into `dst`, a page at a time (each page its own staging copy). */
  async function readPages(b: GpuBuf, wordOffset: number, words: number, dst: Uint32Array): Promise<void> {
    for (const s of segments(b, wordOffset, words)) {
      await readChecked(ctx.readWords(s.page, s.byteOffset, s.words, dst.subarray(s.at, s.at + s.words)));
    }
  }

  /** Words from one buffer to another (WebGPU cannot copy a buffer onto itself: through scratch). */
  function copyWords(src: GPUBuffer, srcByte: number, dst: GPUBuffer, dstByte: number, words: number): void {
    const enc = ctx.rec.commands();
    if (src !== dst) {
      enc.copyBufferToBuffer(src, srcByte, dst, dstByte, words * 4);
      return;
    }
    const tmp = ctx.scratchBuffer(words);
    enc.copyBufferToBuffer(src, srcByte, tmp.buffer, 0, words * 4);
    enc.copyBufferToBuffer(tmp.buffer, 0, dst, dstByte, words * 4);
  }

  function guard<T>(launch: Launch, f: () => T): T {
    const located = (e: unknown) => {
      if (e instanceof WgslUnsupportedError) {
        return brtError('BRK5017', { op: `kernel '${launch.kernel.ir.name}' on WebGPU`, what: e.message, fix: e.hint }, launch.span);
      }
      // Errors raised below without a location (BRK5400 from a pipeline's page bindings) get the call's.
      if (e instanceof BrookRuntimeError && !e.span) e.span = launch.span;
      return e;
    };
    try {
      const r = f();
      return (r instanceof Promise ? r.catch((e: unknown) => { throw located(e); }) : r) as T;
    } catch (e) {
      throw located(e);
    }
  }

  const backend: WebGPUBackend = {
    name: 'webgpu',
    description: started.description,
    // A stream may pass one buffer (it is split into pages); maxBindingBytes is the page limit.
    // A reduction binds two buffers of its own (partials, result) beside the kernel's streams.
    limits: { maxBufferBytes: MAX_STREAM_BYTES, maxBindingBytes: ctx.pageBytes, maxKernelStreams: device.limits.maxStorageBuffersPerShaderStage - 2 },
    features: started.features,
    device,

    allocate(words: number, elementWords = 1): BufferHandle {
      const bytes = words * 4;
      if (bytes > MAX_STREAM_BYTES) {
        throw brtError('BRK5009', { name: '(stream)', bytes, backend: 'WebGPU', limit: MAX_STREAM_BYTES });
      }
      // Out of memory shows up asynchronously: report it at the next read or finish.
      device.pushErrorScope('out-of-memory');
      const b = ctx.newStreamBuffer(words, 'brook stream', elementWords);
      const scope = device.popErrorScope();
      ctx.rec.addCheck(scope.then((e) => (e ? { kind: 'out-of-memory', message: `allocating ${bytes} bytes: ${e.message}` } : null)));
      return b;
    },

    release(h: BufferHandle): void {
      const b = h as GpuBuf;
      if (!(b instanceof GpuBuf) || b.released) return;
      b.released = true;
      ctx.bindGroups.forget(b.id);
      // Destroy after the batch that may still use it is submitted.
      const destroy = () => { for (const page of b.pages) page.destroy(); };
      if (ctx.rec.hasWork) ctx.rec.onSubmitted(destroy);
      else destroy();
    },

    write(h: BufferHandle, wordOffset: number, data: Uint32Array | Float32Array | Int32Array): void {
      const b = asGpuBuf(h);
      if (data.length === 0) return;
      // A split stream: one write per page the words fall in.
      if (b.paged) {
        for (const s of segments(b, wordOffset, data.length)) writeWords(s.page, s.byteOffset, data.subarray(s.at, s.at + s.words));
        return;
      }
      writeWords(b.buffer, wordOffset * 4, data);
    },

    async read(h: BufferHandle, wordOffset: number, words: number): Promise<Uint32Array> {
      const b = asGpuBuf(h);
      if (b.paged) {
        const out = new Uint32Array(words);
        await readPages(b, wordOffset, words, out);
        return out;
      }
      return readChecked(ctx.readWords(b.buffer, wordOffset * 4, words));
    },

    async readInto(h: BufferHandle, wordOffset: number, words: number, dst: Uint32Array): Promise<void> {
      const b = asGpuBuf(h);
      if (dst.length < words) throw new Error('internal: readInto target too short');
      if (b.paged) return readPages(b, wordOffset, words, dst);
      await readChecked(ctx.readWords(b.buffer, wordOffset * 4, words, dst));
    },

    copy(src: BufferHandle, srcWord: number, dst: BufferHandle, dstWord: number, words: number): void {
      if (words === 0) return;
      const s = asGpuBuf(src);
      const d = asGpuBuf(dst);
      // Split streams: the pieces that lie in one page of each side.
      for (const a of segments(s, srcWord, words)) {
        for (const c of segments(d, dstWord + a.at, a.words)) copyWords(a.page, a.byteOffset + (c.at * 4), c.page, c.byteOffset, c.words);
      }
    },

    bindingsFor(h: BufferHandle): number {
      return pagedBuf(h)?.pages.length ?? 1;
    },

    runsAlone(launch: Launch): boolean {
      return mapSchedule(ctx, launch, count(launch.outShape)).coopLanes > 0 && !hasSplitStream(launch);
    },

    run(launch: Launch): void {
      const ir = launch.kernel.ir;
      const n = count(launch.outShape);
      if (n === 0) return;
      if (hasSplitStream(launch)) {
        const call = ctx.rec.nextSeq(callName(ir), launch.span);
        guard(launch, () => runPagedMap(ctx, launch, call, planMap(ir, n, launch.mask !== undefined, () => undefined, ctx.limits, { ...ctx.force, coop: false }).workgroupSize));
        ctx.rec.callRecorded();
        return;
      }
      // A library's hand-written form (`#pragma brook native`), when it takes this launch (native.ts).
      if (ir.native !== undefined && runNative(ctx, natives, launch, callName(ir))) return;
      const call = ctx.rec.nextSeq(callName(ir), launch.span);
      // The schedule (compiler/schedule): a sum loop over few outputs takes a workgroup of `lanes`
      // per output element (coop.ts); otherwise a thread per position, in a 2-D grid where it fits.
      const s = mapSchedule(ctx, launch, n);
      const lanes = s.coopLanes;
      let memo = findMemo(launch, launch.outShape, lanes);
      if (!memo) {
        const v = variantFor(launch, 'map', launch.outShape, s.workgroupSize);
        if (lanes) v.coop = true;
        if (!s.tiling) v.untiled = true;
        v.shapes = shapeSpecFor(launch, planModule(ir, v), launch.outShape, 'map', ctx.maxGroupsPerDim, s.grid2d);
        const p = guard(launch, () => ctx.kernelPipeline(launch.kernel, v));
        const bg = ctx.bindGroups.get(p, ctx.rec.uniformBuffer, paramBuffers(p.plan, launch.args, launch.mask), () => `brook#${call.seq} ${call.what}`);
        memo = rememberLaunch(launch.kernel, launch, launch.outShape, p, bg);
      }
      const p = memo.p;
      const fill = (data: Uint32Array) => {
        putPadded(data, 0, launch.outShape, 1);
        fillParams(data, p.plan, ir, launch.args, launch.mask);
      };
      // A long launch goes in pieces of its output domain, so an interrupt can land between them (pieces.ts).
      const bg = memo.bindGroup;
      // A loop-free kernel of bounded work needs no pieces: they would cost a host round trip each.
      const whole = recordWhole(ir, n, ctx.wholeWork);
      const loops = p.plan.budget ? { rerun: !writesWhatItReads(launch), rate: ctx.loopRate, tag: kernelTag(ir) } : undefined;
      if (p.grid2d) {
        const s = launch.outShape;
        const rows = s.length >= 2 ? s[s.length - 2]! : 1;
        const cols = s[s.length - 1]!;
        ctx.rec.pieces.launch(rows, (lo, hi) => ctx.dispatchRows(p, rows, cols, fill, call, bg, lo, hi), call.what, launch.span, cols, whole, loops);
      } else if (lanes) {
        // A workgroup per position: the grid counts workgroups, U[1].y is workgroups per grid row.
        ctx.rec.pieces.launch(n, (lo, hi) => ctx.dispatch(p, 'main', [], n, 1, fill, call, bg, lo, hi, launch), call.what, launch.span, 1, whole, loops);
      } else ctx.rec.pieces.launch(n, (lo, hi) => ctx.dispatch(p, 'main', [], n, p.workgroupSize, fill, call, bg, lo, hi, launch), call.what, launch.span, 1, whole, loops);
      ctx.rec.callRecorded();
    },

    tileLimits: { maxWorkgroupBytes: device.limits.maxComputeWorkgroupStorageSize, maxInvocations: device.limits.maxComputeInvocationsPerWorkgroup },

    runTiled(group: TiledGroup): void {
      const what = `tiled chain ${group.steps.map((l) => l.kernel.ir.name).join('+')}`;
      guard(group.steps[0]!, () => runTiledChain(ctx, group, what));
    },

    async reduceAll(launch: Launch): Promise<number[]> {
      const words = guard(launch, () => reduceAll(ctx, launch));
      if (!words) return [];
      const out = await readChecked(words);
      const acc = launch.kernel.ir.params.find((p) => p.role === 'reduce')!;
      return wordsToNumbers(out, acc.type);
    },

    reduceBlocks(launch: Launch, target: StreamArg): void {
      guard(launch, () => reduceBlocks(ctx, launch, target));
    },

    async runVout(launch: Launch): Promise<{ counts: number[]; buffers: BufferHandle[] }> {
      const r = await guard(launch, () => runVout(ctx, launch));
      await check();
      return r;
    },

    scatterOp(dst: StreamArg, index: StreamArg, data: StreamArg, op: StreamOp): void {
      scatterOp(ctx, dst, index, data, op);
    },

    gatherOp(dst: StreamArg, index: StreamArg, src: StreamArg, op: StreamOp): void {
      gatherOp(ctx, dst, index, src, op);
    },

    async gpuTimes(): Promise<GpuTimes | null> {
      if (!ctx.timer) return null;
      // Submit and wait, but leave any failure for the next read or finish to report.
      ctx.rec.flush();
      await device.queue.onSubmittedWorkDone();
      return ctx.timer.settle();
    },

    resetGpuTimes(): void {
      ctx.timer?.reset();
    },

    profileTag(tag: number | null): void {
      if (!disposed) profileTags.mark(tag);
    },

    profileTimes() {
      return profileTags.times();
    },

    profileReset(): void {
      profileTags.reset();
    },

    pipelineCounts(): PipelineCounts {
      return { ...ctx.pipelines.counts };
    },

    buildTimes() {
      return { built: ctx.pipelines.counts.created, ms: ctx.pipelines.counts.ms };
    },

    nativeUse(): Record<string, NativeUse> {
      return Object.fromEntries([...natives.use].map(([k, v]) => [k, { ...v }]));
    },

    kernelVariants(kernel: CompiledKernel): string[] {
      return ctx.kernelVariants(kernel);
    },

    scheduleLimits: ctx.limits,

    async finish(): Promise<void> {
      if (disposed) return;
      await check();
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
      device.destroy();
      liveInstances.delete(instance);
    },
  };
  return backend;
}


function createNativeHost(device: GPUDevice, features: Set<string>, options: WebGPUBackendOptions): NativeHost {
  const limits: Record<string, number> = {};
  for (const k of ['maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup', 'maxComputeWorkgroupsPerDimension', 'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupSizeY', 'maxStorageBufferBindingSize']) {
    limits[k] = (device.limits as unknown as Record<string, number>)[k]!;
  }
  return { enabled: options.natives ?? nativesEnabled(), device: { limits, features }, use: new Map() };
}

/** "kernel 'name'" of a kernel, built once (error messages only; naming it per call cost a string). */
const callNames = new WeakMap<object, string>();
function callName(ir: Launch['kernel']['ir']): string {
  let s = callNames.get(ir);
  if (s === undefined) callNames.set(ir, (s = `kernel '${ir.name}'`));
  return s;
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
