/// <reference types="@webgpu/types" />
/**
 * What every part of the WebGPU backend shares: the device, the recorder, pipeline and bind group
 * caches, scratch and staging buffers, and `dispatch`, which turns a count of positions into 1-D or
 * 2-D grids (past 65535 workgroups per dimension) and splits very long launches into several
 * dispatches with their own uniform slots.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CompiledKernel } from '../../brt/api.js';
import { WG2D, deviceLimits, planModule, stageKey, writeKernelModule, type DeviceLimits, type KernelVariant, type ModulePlan, type ScheduleForce } from '../../compiler/kernels.js';
import { checkPageBudget } from './paged-launch.js';
import { BufferPool, GpuBuf, STORAGE_USAGE, paddedBytes } from './buffers.js';
import { createStreamStorage } from './paging.js';
import { variantKey } from './launch.js';
import { BindGroupCache, PipelineCache, type Pipeline } from './pipelines.js';
import { Recorder, type RecordedCall } from './recorder.js';
import { GpuTimer } from './timer.js';
import { Uploader } from './upload.js';
import { Downloader } from './download.js';
import { WHOLE_WORK } from './bounded.js';
import { LoopStatus, iterationsPerMs } from './loop-budget.js';

export interface KernelPipeline extends Pipeline {
  plan: ModulePlan;
  /** Made for one call's shapes (variant.shapes): a 2-D grid when `grid2d`. */
  specialized: boolean;
  grid2d: boolean;
  /** Lanes of a cooperative variant (a workgroup per output element, coop.ts); 0 otherwise. */
  coop: number;
  /** The variant's workgroup size (its schedule's). */
  workgroupSize: number;
  /** A staged variant's plan (schedule/stage.ts stageKey); '' for none. */
  stage: string;
}

/** Positions per dispatch: bounds one dispatch's run time (GPU watchdogs) and keeps indices in u32. */
const MAX_PER_DISPATCH = 1 << 26;

export class GpuContext {
  readonly rec: Recorder;
  readonly bindGroups: BindGroupCache;
  /** Every pipeline of this device by the hash of its WGSL and layout (pipelines.ts). */
  readonly pipelines: PipelineCache;
  private readonly libPipelines = new Map<string, Pipeline>();
  readonly staging: BufferPool;
  readonly scratch: BufferPool;
  readonly upload: Uploader;
  readonly download: Downloader;
  readonly maxGroupsPerDim: number;
  /** What the schedules (compiler/schedule) read of this device. */
  readonly limits: DeviceLimits;
  /** Choices forced on the schedules (WebGPUBackendOptions.schedule: tests and sweeps). */
  force: ScheduleForce = {};
  /** The profiled operation being issued (Backend.profileTag), for its staging note. */
  profileTag: number | null = null;
  /** Storage buffers one shader may bind (the budget for the pages of split streams). */
  readonly maxStorageBuffers: number;
  /** Streams past this many bytes are split into pages (paging.ts). */
  pageBytes: number;
  /** Positions x IR nodes a loop-free launch may have and still be recorded whole (bounded.ts). */
  wholeWork = WHOLE_WORK;
  /** A software renderer (lavapipe, SwiftShader): its compiler, LLVM, is what a long module costs. */
  software = false;
  /** Loop iterations per millisecond this device runs at least (loop-budget.ts iterationsPerMs). */
  loopRate = iterationsPerMs(true);
  /** The adapter's own page limit, min(maxStorageBufferBindingSize, maxBufferSize). */
  readonly hardPageBytes: number;

  readonly timer: GpuTimer | null;
  /** Where kernels with loops report a spent budget (loop-budget.ts). */
  readonly loopStatus: LoopStatus;
  private readonly dummies: GPUBuffer[] = [];

  constructor(
    readonly device: GPUDevice,
    readonly features: Set<string>,
    timing = false,
    pageBytes = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize),
  ) {
    this.pageBytes = pageBytes;
    this.hardPageBytes = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
    this.maxStorageBuffers = device.limits.maxStorageBuffersPerShaderStage;
    this.timer = timing && features.has('timestamp-query') ? new GpuTimer(device) : null;
    this.rec = new Recorder(device, this.timer);
    this.loopStatus = new LoopStatus(device);
    this.rec.loopStatus = this.loopStatus;
    this.bindGroups = new BindGroupCache(device, this.loopStatus.buffer);
    this.pipelines = new PipelineCache(this.rec);
    this.staging = new BufferPool(device, 0x01 | 0x08, 'brook readback'); // MAP_READ | COPY_DST
    this.scratch = new BufferPool(device, STORAGE_USAGE, 'brook scratch');
    this.upload = new Uploader(device, this.rec);
    this.download = new Downloader(device, this.rec);
    this.maxGroupsPerDim = device.limits.maxComputeWorkgroupsPerDimension;
    this.limits = deviceLimits(device.limits, features);
  }

  /**
   * Pipelines of kernel variants, per device. Not on the CompiledKernel's own cache: one compiled
   * kernel may run on several WebGPU runtimes in a process (a notebook's kernels on the bench
   * harness's runtimes, bench/apps/figure3.ts), and a pipeline belongs to the device that made it.
   */
  private readonly kernelPipelines = new WeakMap<CompiledKernel, Map<string, KernelPipeline>>();

  /** Pipeline of a kernel variant on this device. */
  kernelPipeline(kernel: CompiledKernel, v: KernelVariant): KernelPipeline {
    const key = variantKey(v);
    let mine = this.kernelPipelines.get(kernel);
    if (!mine) this.kernelPipelines.set(kernel, (mine = new Map()));
    let p = mine.get(key);
    if (p) return p;
    const t0 = performance.now();
    if (v.pages) checkPageBudget(this, kernel.ir, planModule(kernel.ir, v), v);
    const m = writeKernelModule(kernel.ir, v, kernel.facts);
    dumpWgsl(`${kernel.ir.name}.${v.mode}`, m.code);
    const bindings = m.plan.storageBindings.map((b) => ({ binding: b, writable: m.plan.writable.has(b) }));
    const base = this.pipelines.get({ label: `kernel '${kernel.ir.name}' (${v.mode})`, code: m.code, entries: m.entries, uniformBytes: m.plan.uniformVec4s * 16, bindings });
    p = { ...base, plan: m.plan, statusBinding: m.plan.budget?.binding, specialized: v.shapes !== undefined, grid2d: v.shapes?.grid === 2, coop: v.coop ? v.workgroupSize : 0, workgroupSize: v.workgroupSize, stage: stageKey(v.stage) };
    mine.set(key, p);
    this.pipelines.counts.ms += performance.now() - t0;
    return p;
  }

  kernelVariants(kernel: CompiledKernel): string[] {
    return [...(this.kernelPipelines.get(kernel)?.keys() ?? [])];
  }

  /** Pipeline of a library shader (scan, scatter, ...), cached by `key`. */
  libPipeline(key: string, make: () => { code: string; entries: string[]; uniformVec4s: number; bindings: { binding: number; writable: boolean }[] }): Pipeline {
    let p = this.libPipelines.get(key);
    if (p) return p;
    const t0 = performance.now();
    const m = make();
    dumpWgsl(key.replace(/[^A-Za-z0-9]+/g, '_'), m.code);
    p = this.pipelines.get({ label: `library shader ${key}`, code: m.code, entries: m.entries, uniformBytes: m.uniformVec4s * 16, bindings: m.bindings });
    this.libPipelines.set(key, p);
    this.pipelines.counts.ms += performance.now() - t0;
    return p;
  }

  /**
   * Record `count` positions of `entry`, `wg` threads a workgroup. `fill` writes the parameter part
   * of each dispatch's uniform slot; the header (U[1]: end, threads per row, first, total) is set here.
   */
  dispatch(
    p: Pipeline,
    entry: string,
    buffers: { binding: number; buffer: GPUBuffer; id: number | string }[],
    count: number,
    wg: number,
    fill: (data: Uint32Array) => void,
    call: RecordedCall,
    bindGroup?: GPUBindGroup,
    from = 0,
    to = count,
    launch?: object,
  ): void {
    if (count === 0) return;
    const pipeline = p.pipelines.get(entry);
    if (!pipeline) throw new Error(`internal: no entry point ${entry}`);
    // A whole launch in one dispatch: its uniform words depend on the launch and pipeline only,
    // so a launch object dispatched again in this batch reuses its slot (recorder.ts launchSlot).
    const whole = launch !== undefined && from === 0 && to === count && count <= MAX_PER_DISPATCH ? { key: launch, pipeline } : undefined;
    // [from, to): a piece of the launch (pieces.ts); positions keep their launch-wide numbers.
    for (let first = from; first < to; first += MAX_PER_DISPATCH) {
      const n = Math.min(MAX_PER_DISPATCH, to - first);
      const gx = this.gridX(Math.ceil(n / wg));
      const gy = Math.ceil(Math.ceil(n / wg) / this.maxGroupsPerDim);
      let offset = whole ? this.rec.launchSlot(launch!, pipeline) : undefined;
      if (offset === undefined) {
        const slot = this.rec.uniformSlot(p.uniformBytes);
        fill(slot.data);
        slot.data[4] = first + n;
        slot.data[5] = gx * wg;
        slot.data[6] = first;
        slot.data[7] = count;
        offset = slot.offset;
      }
      const bg = bindGroup ?? this.bindGroups.get(p, this.rec.uniformBuffer, buffers, () => `brook#${call.seq} ${call.what}`);
      if (p.statusBinding !== undefined) this.loopStatus.noteDispatch(n);
      this.rec.dispatch(pipeline, bg, offset, gx, gy, whole);
      this.rec.addWork(n);
    }
  }

  /**
   * Record a 2-D grid over `rows` x `cols` positions (a module specialized with grid 2), in bands
   * of rows: each dispatch stays under MAX_PER_DISPATCH positions and the per-dimension limit.
   * U[1].x is the band's end row, .z its first row.
   */
  dispatchRows(
    p: KernelPipeline,
    rows: number,
    cols: number,
    fill: (data: Uint32Array) => void,
    call: RecordedCall,
    bindGroup: GPUBindGroup,
    fromRow = 0,
    toRow = rows,
  ): void {
    const pipeline = p.pipelines.get('main');
    if (!pipeline) throw new Error('internal: no entry point main');
    // A coarsened map (schedule/tiling.ts mapTiling) covers `coarsen` columns a thread.
    const gx = Math.ceil(cols / p.plan.coarsen / WG2D[0]);
    const byCount = Math.floor(MAX_PER_DISPATCH / cols / WG2D[1]) * WG2D[1];
    const band = Math.max(WG2D[1], Math.min(byCount, this.maxGroupsPerDim * WG2D[1]));
    // [fromRow, toRow): a piece of the launch (pieces.ts).
    for (let first = fromRow; first < toRow; first += band) {
      const n = Math.min(band, toRow - first);
      const slot = this.rec.uniformSlot(p.uniformBytes);
      fill(slot.data);
      slot.data[4] = first + n;
      slot.data[5] = gx * WG2D[0];
      slot.data[6] = first;
      slot.data[7] = rows * cols;
      if (p.statusBinding !== undefined) this.loopStatus.noteDispatch(n * cols);
      this.rec.dispatch(pipeline, bindGroup, slot.offset, gx, Math.ceil(n / WG2D[1]));
      this.rec.addWork(n * cols);
    }
  }

  /** Record one dispatch of exactly `groups` workgroups (reductions and scans size their own grids). */
  dispatchGroups(
    p: Pipeline,
    entry: string,
    buffers: { binding: number; buffer: GPUBuffer; id: number | string }[],
    groups: number,
    wg: number,
    fill: (data: Uint32Array) => void,
    call: RecordedCall,
    bindGroup?: GPUBindGroup,
  ): void {
    const pipeline = p.pipelines.get(entry);
    if (!pipeline) throw new Error(`internal: no entry point ${entry}`);
    const [gx, gy] = this.grid(groups);
    const slot = this.rec.uniformSlot(p.uniformBytes);
    fill(slot.data);
    slot.data[5] = gx * wg; // U[1].y: threads per grid row
    const bg = bindGroup ?? this.bindGroups.get(p, this.rec.uniformBuffer, buffers, () => `brook#${call.seq} ${call.what}`);
    if (p.statusBinding !== undefined) this.loopStatus.noteDispatch(groups * wg);
    this.rec.dispatch(pipeline, bg, slot.offset, gx, gy);
  }

  /** A grid of at least `groups` workgroups, balanced over two dimensions past the per-dimension
   *  limit: 65536 groups become 32768 x 2, not 65535 x 2 with half the groups idle (launching the
   *  idle ones cost an H100 about a fifth of a 2^24 SAXPY). Shaders bound-check the linear index. */
  grid(groups: number): [number, number] {
    const gy = Math.ceil(groups / this.maxGroupsPerDim);
    return [Math.ceil(groups / gy), gy];
  }

  /** grid(groups)[0] without the array (per kernel call). */
  private gridX(groups: number): number {
    return Math.ceil(groups / Math.ceil(groups / this.maxGroupsPerDim));
  }

  /** A scratch storage buffer for the batch being recorded. It returns to the pool when the batch
   *  is submitted: later batches run after this one in queue order, so reuse from then on is safe. */
  scratchBuffer(words: number): { buffer: GPUBuffer; id: string } {
    const b = this.scratch.take(paddedBytes(words));
    this.rec.onSubmitted(() => this.scratch.give(b));
    return { buffer: b, id: `s${scratchIds.get(b) ?? setId(b)}` };
  }

  /** Copy `words` words at `byteOffset` of `src` to the host (submits and waits): into `into` when
   *  given (one copy out of the mapped range, no allocation: large streamWrites), else a new array. */
  async readWords(src: GPUBuffer, byteOffset: number, words: number, into?: Uint32Array): Promise<Uint32Array> {
    if (words === 0) return into ?? new Uint32Array(0);
    // The waiting pieces of a long launch first, one at a time, so an interrupt lands between them.
    if (this.rec.pieces.hasPending) await this.rec.pieces.drain();
    const bytes = words * 4;
    // Large reads in chunks, the host copying one out while the GPU copies the next (download.ts).
    if (this.download.takes(bytes)) {
      const out = into ?? new Uint32Array(words);
      await this.download.read(src, byteOffset, bytes, new Uint8Array(out.buffer, out.byteOffset, bytes));
      return out;
    }
    const st = this.staging.take(Math.ceil(bytes / 4) * 4);
    this.rec.commands().copyBufferToBuffer(src, byteOffset, st, 0, bytes);
    this.rec.flush();
    try {
      await st.mapAsync(1, 0, bytes); // GPUMapMode.READ
    } catch (e) {
      this.staging.give(st);
      throw e;
    }
    const mapped = st.getMappedRange(0, bytes);
    let out: Uint32Array;
    if (into) {
      into.set(new Uint32Array(mapped, 0, words));
      out = into;
    } else out = new Uint32Array(mapped.slice(0));
    st.unmap();
    this.staging.give(st);
    return out;
  }

  /** Stream storage of `words` words of `elemWords`-word elements, split into pages past pageBytes. */
  newStreamBuffer(words: number, label?: string, elemWords = 1): GpuBuf {
    return createStreamStorage(this.device, words, elemWords, this.pageBytes, this.hardPageBytes, label);
  }

  /** The k-th small buffer bound in page slots a dispatch leaves unused (never read or written;
   *  each slot gets its own, since WebGPU refuses one buffer bound twice where one is writable). */
  dummyBuffer(k: number): { buffer: GPUBuffer; id: string } {
    while (this.dummies.length <= k) {
      this.dummies.push(this.device.createBuffer({ size: 256, usage: STORAGE_USAGE, label: `brook unused page slot ${this.dummies.length}` }));
    }
    return { buffer: this.dummies[k]!, id: `u${k}` };
  }
}

/** BROOK_WGSL_DUMP=DIR writes every generated module to DIR (for debugging the writer). */
function dumpWgsl(name: string, code: string): void {
  const dir = process.env.BROOK_WGSL_DUMP;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.wgsl`), code);
}

const scratchIds = new WeakMap<GPUBuffer, number>();
let nextScratch = 1;
function setId(b: GPUBuffer): number {
  const id = nextScratch++;
  scratchIds.set(b, id);
  return id;
}
