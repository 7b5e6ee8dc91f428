/// <reference types="@webgpu/types" />
import { PieceQueue } from './pieces.js';
import { InFlight } from './in-flight.js';
import type { GpuTimer } from './timer.js';
import type { LoopStatus, LoopStatusWords } from './loop-budget.js';
/**
 * Recording GPU work: kernel calls go into one command encoder (one compute pass while only
 * dispatches follow each other) and are submitted when the host needs data or at `finish`
 * (DESIGN.md: 73 us per call submitted alone, 5.6 us batched). A batch is also submitted after a
 * bounded amount of work, so one long program does not become one enormous submit.
 *
 * Uniforms: every dispatch takes a 256-byte-aligned slot of a CPU-side arena; the arena is written to
 * its GPU buffer with one queue.writeBuffer just before the submit (queue order puts it before the
 * batch's commands; the next batch's write is ordered after this batch runs).
 *
 * Errors: a submit runs inside validation and out-of-memory error scopes; what they catch is
 * reported by `sync` (the next read or finish) with the labels of the calls in that batch, which
 * name kernel calls as `brook#<seq>` so the message can point at the call (see `describeError`).
 * Device loss is watched through device.lost and reported with Dawn's reason.
 */

export interface RecordedCall {
  seq: number;
  what: string;
  span?: unknown;
}

export interface GpuFailure {
  kind: 'validation' | 'out-of-memory' | 'lost' | 'compile' | 'budget';
  message: string;
  call?: RecordedCall;
  /** kind 'budget': what the loop status buffer held (loop-budget.ts). */
  status?: LoopStatusWords;
}

const ARENA_BYTES = 1 << 18;
export const UNIFORM_ALIGN = 256;
/** Elements of work after which a batch is submitted even if the host needs nothing yet. */
const WORK_PER_SUBMIT = 1 << 28;
/** Dispatches after which a batch is submitted: the GPU starts on the first calls of a long run of
 *  small ones while the host records the rest (a submit costs far less than 128 recorded calls). */
const DISPATCHES_PER_SUBMIT = 128;
/** Elements of work after which a batch is submitted at the end of a call, at least: a loop of large
 *  calls keeps the GPU fed while the host records the next ones. Each submit also costs the GPU a
 *  gap between command buffers, and the host ~55 us on an H200 (Dawn/Vulkan), so a batch holds at
 *  least CALLS_PER_EARLY_SUBMIT of its largest call. Measured on an H100 (50 saxpy calls, wall clock
 *  against a hand loop in one submit): 2^20 float4 calls 0.79x with 2^22, 0.93x with 2^24, 0.90x with
 *  2^26; 2^24 calls 0.92x with 2^22 or 2^24, 0.98x with 2^26. Then on an H200 (issue 28,
 *  `EARLY_CALLS=N node bench/probes/loop-host.mjs segment 2048 20 30`, a 2-D stencil of 30 us a pass):
 *  4 calls a batch 40.0 us of host time and 48.6 us of wall a call, 8 calls 25.6 / 38.9 us, 16 calls
 *  23.4 / 44.7 us (the GPU then waits for the first batch); a bitonic sort's 210 calls are the same
 *  with 4 and 8 (15.5 / 15.8 us of wall a call). */
const WORK_PER_EARLY_SUBMIT = 1 << 24;
const CALLS_PER_EARLY_SUBMIT = 8;
/** Elements of work of a call recorded while the GPU is idle for which that call is submitted at
 *  once, alone: the GPU starts on it while the host records the next batch. A smaller call waits for
 *  its batch: submitted alone, it ends long before the next batch is recorded (8 calls and a submit),
 *  and the GPU waits in between. Issue 28, on an H200 (Figure 3's segmentation: 20 calls of 2^22
 *  elements, 31 us each; `IDLE_WORK=1 node bench/probes/loop-host.mjs segment 2048 20 30` for the old
 *  rule): every first call alone gave 42.7-50.5 us of wall a call and 0.881 ms from the first pass's
 *  start to the last one's end (hand-written WGSL in one submit: 0.604); this rule 35.8-37.7 us and
 *  0.5025 ms. A call of 2^24 elements (a SAXPY float4 moves 805 MB) runs far longer than a batch
 *  takes to record. The bitonic sort's first tiled chain (55 steps, 2^20 x 55 elements of work) goes
 *  alone too; the GPU then waits while the host records the rest, which Figure 3's GPU span counts:
 *  on the H200 (2026-12-03, seven runs each, `fig3-app.mjs sort`) 1.19-1.80 ms with this rule against
 *  1.14-1.15 ms with IDLE_WORK past any call; but the wall clock a user waits for
 *  (`bench/probes/loop-host.mjs sort 20 16`, four runs each) was 11.1-18.2 us a call with the rule and
 *  15.4-20.1 us without, so the rule stays. */
const WORK_PER_IDLE_SUBMIT = 1 << 24;
/** Submits that share one pair of error scopes at most (a program that never syncs still reports). */
const WINDOW_SUBMITS = 64;
/** Bytes of queue writes after which they are submitted even with nothing recorded (queueWrite). */
const WRITES_PER_SUBMIT = 16 << 20;

export class Recorder {
  /** WORK_PER_EARLY_SUBMIT, settable by measurements that compare thresholds. */
  static earlyWork = WORK_PER_EARLY_SUBMIT;
  /** DISPATCHES_PER_SUBMIT, settable by measurements (the calls-profile probe, in git history). */
  static dispatchesPerSubmit = DISPATCHES_PER_SUBMIT;
  /** CALLS_PER_EARLY_SUBMIT, settable by measurements (bench/probes/loop-host.mjs EARLY_CALLS). */
  static callsPerEarlySubmit = CALLS_PER_EARLY_SUBMIT;
  /** WORK_PER_IDLE_SUBMIT, settable by measurements (bench/probes/loop-host.mjs IDLE_WORK). */
  static idleWork = WORK_PER_IDLE_SUBMIT;

  private encoder: GPUCommandEncoder | null = null;
  private pass: GPUComputePassEncoder | null = null;
  private passPipeline: GPUComputePipeline | null = null;
  /** The bind group and uniform offset last set in the open pass (a repeat is not set again). */
  private passBindGroup: GPUBindGroup | null = null;
  private passOffset = -1;
  /** A plain array, not a Uint32Array: dawn.node's setBindGroup(index, group, Uint32Array, start,
   *  length) overload costs about a microsecond more a call than the sequence overload (measured on
   *  lavapipe: 3.1-4.5 us against 2.5). */
  private readonly offsets = [0];
  /** The last uniform slot handed out, and the one before it (byte offsets; -1: none in this batch),
   *  with their sizes: a dispatch whose uniform words equal the previous slot's reuses that slot. */
  private lastSlot = -1;
  private lastSlotBytes = 0;
  private prevSlot = -1;
  private prevSlotBytes = 0;
  /** Uniform slots given back because their words repeated the previous slot (bench/probes). */
  reusedSlots = 0;
  /** This batch's uniform slot of each launch dispatched whole, with the pipeline it was written
   *  for: a launch object brt hands over again (brt/plan-cache.ts) has the same uniform words, so
   *  they are neither written nor compared again. Cleared with the arena at every submit. */
  private readonly slotsByLaunch = new Map<object, { pipeline: object; offset: number }>();
  private readonly arenaCpu = new Uint32Array(ARENA_BYTES / 4);
  private arena: GPUBuffer;
  private arenaUsed = 0;
  private work = 0;
  private dispatches = 0;
  private calls: RecordedCall[] = [];
  /** The shared error scopes of batches of several calls (openWindow). */
  private windowOpen = false;
  private windowCalls: RecordedCall[] = [];
  private windowSubmits = 0;
  private settleWindow: ((f: Promise<GpuFailure | null>) => void) | null = null;
  /** Nothing submitted is still running (after a sync): the next large call is submitted at once, so
   *  the GPU starts on a loop's first call instead of waiting for the batch (WORK_PER_IDLE_SUBMIT). */
  private idle = true;
  private submits = 0;
  /** Work recorded when the last call ended, and the largest call of the batch. */
  private workAtCall = 0;
  private largestCall = 0;
  private seq = 0;
  private readonly checks: Promise<GpuFailure | null>[] = [];
  private afterSubmit: (() => void)[] = [];
  /** Bytes of queue.writeBuffer since the last submit: Dawn holds the memory it staged them in until
   *  a submit after them completes, so they are submitted (an empty batch) past WRITES_PER_SUBMIT
   *  and at `sync`. */
  private writesUnsubmitted = 0;
  lost: GpuFailure | null = null;
  /** The device's loop status (loop-budget.ts): a batch that ran a kernel with loops reads it back. */
  loopStatus: LoopStatus | null = null;
  /** What the GPU may still be running, for the notice of a wait (in-flight.ts). */
  readonly inFlight = new InFlight();
  /** The waiting pieces of a long map launch (pieces.ts). */
  readonly pieces: PieceQueue = new PieceQueue(this);

  constructor(
    readonly device: GPUDevice,
    readonly timer: GpuTimer | null = null,
  ) {
    this.arena = this.newArena();
    device.lost.then((info) => {
      if (info.reason !== 'destroyed') this.lost = { kind: 'lost', message: info.message || String(info.reason) };
    });
  }

  private newArena(): GPUBuffer {
    return this.device.createBuffer({ size: ARENA_BYTES, usage: 0x40 | 0x08, label: 'brook uniforms' }); // UNIFORM | COPY_DST
  }

  get uniformBuffer(): GPUBuffer {
    return this.arena;
  }

  /** Batches submitted so far on this device. */
  get submitCount(): number {
    return this.submits;
  }

  get hasWork(): boolean {
    return this.encoder !== null || this.pieces.hasPending;
  }

  nextSeq(what: string, span?: unknown): RecordedCall {
    const c = { seq: ++this.seq, what, span };
    this.calls.push(c);
    return c;
  }

  /** A uniform slot of `bytes` (<= 64 KiB); returns its byte offset and a view to fill. Flushes when full. */
  uniformSlot(bytes: number): { offset: number; data: Uint32Array } {
    const size = Math.ceil(bytes / UNIFORM_ALIGN) * UNIFORM_ALIGN;
    if (this.arenaUsed + size > ARENA_BYTES) this.flush();
    const offset = this.arenaUsed;
    this.arenaUsed += size;
    const data = this.arenaCpu.subarray(offset / 4, (offset + bytes) / 4);
    data.fill(0);
    this.prevSlot = this.lastSlot;
    this.prevSlotBytes = this.lastSlotBytes;
    this.lastSlot = offset;
    this.lastSlotBytes = bytes;
    return { offset, data };
  }

  /** The slot already written in this batch for `launch` on `pipeline`, if any. */
  launchSlot(launch: object, pipeline: object): number | undefined {
    const s = this.slotsByLaunch.get(launch);
    return s && s.pipeline === pipeline ? s.offset : undefined;
  }

  /**
   * The slot to bind for a dispatch whose uniform words were written at `offset`: when that is the
   * newest slot and its words equal the slot before it (a loop calling one kernel on the same
   * shapes and values, or ping-ponging two streams), the newest slot is given back and the earlier
   * one is used: fewer uniform bytes written per batch, and a repeated (bind group, offset) pair is
   * not set again.
   */
  private sharedSlot(offset: number): number {
    if (offset !== this.lastSlot || this.prevSlot < 0 || this.prevSlotBytes !== this.lastSlotBytes) return offset;
    const a = this.prevSlot >> 2;
    const b = offset >> 2;
    const words = this.lastSlotBytes >> 2;
    const m = this.arenaCpu;
    for (let i = 0; i < words; i++) if (m[a + i] !== m[b + i]) return offset;
    this.arenaUsed = offset;
    this.lastSlot = this.prevSlot;
    this.prevSlot = -1;
    this.reusedSlots++;
    return this.lastSlot;
  }

  private ensureEncoder(): GPUCommandEncoder {
    if (!this.encoder) this.encoder = this.device.createCommandEncoder({ label: 'brook batch' });
    return this.encoder;
  }

  computePass(): GPUComputePassEncoder {
    this.pieces.recordRest();
    if (!this.pass) {
      const timestampWrites = this.timer?.passWrites();
      this.pass = this.ensureEncoder().beginComputePass(timestampWrites ? { label: 'brook kernels', timestampWrites } : { label: 'brook kernels' });
      this.passPipeline = null;
      this.passBindGroup = null;
    }
    return this.pass;
  }

  /** One dispatch in the open compute pass (the pipeline is set only when it changes: each native
   *  call costs microseconds, and batched small kernels are bound by them). */
  dispatch(pipeline: GPUComputePipeline, bg: GPUBindGroup, uniformOffset: number, gx: number, gy: number, launch?: { key: object; pipeline: object }): void {
    const pass = this.computePass();
    if (this.passPipeline !== pipeline) {
      pass.setPipeline(pipeline);
      this.passPipeline = pipeline;
      this.passBindGroup = null;
    }
    const offset = this.sharedSlot(uniformOffset);
    if (launch) this.slotsByLaunch.set(launch.key, { pipeline: launch.pipeline, offset });
    if (bg !== this.passBindGroup || offset !== this.passOffset) {
      this.offsets[0] = offset;
      pass.setBindGroup(0, bg, this.offsets);
      this.passBindGroup = bg;
      this.passOffset = offset;
    }
    pass.dispatchWorkgroups(gx, gy);
    this.dispatches++;
  }

  /** Close the open compute pass (a profile gives each operation passes of its own). */
  endPass(): void {
    this.pieces.recordRest();
    if (this.pass) {
      this.pass.end();
      this.pass = null;
    }
  }

  /** Called after every submit (profile-tags.ts times submits when there are no timestamps). */
  onEachSubmit: (() => void) | null = null;

  /** The encoder outside a compute pass (copies, clears). */
  commands(): GPUCommandEncoder {
    this.pieces.recordRest();
    if (this.pass) {
      this.pass.end();
      this.pass = null;
    }
    return this.ensureEncoder();
  }

  /** A point between whole operations (after a map kernel's launch, which holds no scratch buffer
   *  across dispatches): submit if the batch has many dispatches. */
  callRecorded(): void {
    // A long launch's first piece goes to the GPU now; its other pieces wait for the host (pieces.ts).
    if (this.pieces.hasPending) {
      this.pieces.keepStatus(this.submitRecorded(this.pieces.wantsStatus));
      return;
    }
    this.largestCall = Math.max(this.largestCall, this.work - this.workAtCall);
    this.workAtCall = this.work;
    const early = Math.max(Recorder.earlyWork, Recorder.callsPerEarlySubmit * this.largestCall);
    const startsIdleGpu = this.idle && this.largestCall >= Recorder.idleWork;
    if (startsIdleGpu || this.dispatches >= Recorder.dispatchesPerSubmit || this.work >= early) this.flush();
  }

  /** Count work; submit when a batch has become long. */
  addWork(elements: number): void {
    this.work += elements;
    // (Not in the middle of a launch's piece: its batch's loop status belongs to pieces.ts.)
    if (this.work >= WORK_PER_SUBMIT && !this.pieces.isRecording) this.flush();
  }

  /** Run after the current batch is submitted (release temporaries the batch still uses). */
  onSubmitted(f: () => void): void {
    this.afterSubmit.push(f);
  }

  /**
   * Host words into `dst` through queue.writeBuffer (runs before anything recorded and not yet
   * submitted: the caller flushes first where order matters). Dawn copies the words into upload
   * memory of its own and frees it only once a submit after the write has completed; a cell that
   * only writes small streams submits nothing, so without the empty submit in `sync` every write
   * stayed held (a 512 KiB streamRead re-run in a cell grew the process by 512 KiB a run).
   */
  queueWrite(dst: GPUBuffer, byteOffset: number, data: Parameters<GPUQueue['writeBuffer']>[2], dataOffset: number, size: number): void {
    this.device.queue.writeBuffer(dst, byteOffset, data, dataOffset, size);
    this.writesUnsubmitted += size;
    // Many writes and no kernel call: a submit lets Dawn recycle their upload memory as they complete.
    if (this.writesUnsubmitted >= WRITES_PER_SUBMIT) this.submitWrites();
  }

  /** Submit the queue writes not followed by a submit (an empty batch carries them). */
  private submitWrites(): void {
    this.device.queue.submit([]);
    this.writesUnsubmitted = 0;
  }

  /** Submit what is recorded (does not wait), with every piece of a long launch still waiting. */
  flush(): void {
    this.pieces.recordRest();
    this.submitRecorded();
  }

  /**
   * Submit what is recorded, leaving waiting pieces waiting (pieces.ts). The loop status of the batch
   * becomes a check of the next sync, or (`ownStatus`: a piece that decides on it itself) is returned.
   */
  submitRecorded(ownStatus = false): (() => Promise<LoopStatusWords>) | null {
    if (!this.encoder) {
      this.runAfterSubmit();
      return null;
    }
    if (this.pass) {
      this.pass.end();
      this.pass = null;
    }
    const calls = this.calls;
    this.calls = [];
    // A batch of one call gets error scopes of its own (an unlabelled error is that call's); other
    // batches share the window's (openWindow), which attributes errors exactly as theirs would.
    // (An open window closes first: checks stay in submit order, and the first failure is reported.)
    const own = calls.length === 1;
    if (own) {
      this.closeWindow();
      this.device.pushErrorScope('out-of-memory');
      this.device.pushErrorScope('validation');
    } else this.openWindow(calls);
    if (this.arenaUsed > 0) {
      this.device.queue.writeBuffer(this.arena, 0, this.arenaCpu.buffer, 0, this.arenaUsed);
    }
    this.timer?.resolve(this.encoder);
    const worstMs = this.loopStatus?.takeWorstMs() ?? 0;
    const status = this.loopStatus?.recordReadback(this.encoder) ?? null;
    const cmd = this.encoder.finish();
    this.device.queue.submit([cmd]);
    this.timer?.submitted();
    this.onEachSubmit?.();
    if (own) this.addCheck(this.popScopes(calls));
    else if (++this.windowSubmits >= WINDOW_SUBMITS) this.closeWindow();
    this.encoder = null;
    this.writesUnsubmitted = 0;
    this.idle = false;
    this.submits++;
    this.inFlight.note(calls, worstMs);
    this.workAtCall = 0;
    this.largestCall = 0;
    this.arenaUsed = 0;
    this.lastSlot = -1;
    this.prevSlot = -1;
    this.slotsByLaunch.clear();
    this.work = 0;
    this.dispatches = 0;
    this.runAfterSubmit();
    if (status && !ownStatus) {
      this.checkStatus(status, calls);
      return null;
    }
    return status;
  }

  /** The two scopes (validation inside out-of-memory) just pushed: their first error becomes a check of
   *  the next sync, with the call it names (`brook#<seq>`), or the only call of `calls`. */
  private popScopes(calls: RecordedCall[]): Promise<GpuFailure | null> {
    const validation = this.device.popErrorScope();
    const oom = this.device.popErrorScope();
    return Promise.all([validation, oom]).then(([v, o]): GpuFailure | null => {
      const e = v ?? o;
      if (!e) return null;
      return { kind: v ? 'validation' : 'out-of-memory', message: e.message, call: findCall(e.message, calls) };
    });
  }

  /**
   * Batches of several calls (or none) share one pair of error scopes from their first submit to the
   * next sync, at most WINDOW_SUBMITS submits (issue 28: a push and a pop of two scopes cost ~7 us a
   * submit on lavapipe, a submit every 4 calls in a many-call loop). The window's calls are those of
   * its batches: a labelled error names its call among them as before, and an unlabelled one was
   * never attributed in a batch of several calls (window calls are 0 or 2 and more). Scopes are a
   * stack: every other push (pipelines, allocations, writes) is popped before anything else runs, so
   * the window's pair is always the one popped here. Other commands between submits (bind groups,
   * copies) fall into the window instead of the uncaptured-error handler: the same failure at the
   * same sync, out-of-memory now named as such.
   */
  private openWindow(calls: RecordedCall[]): void {
    if (!this.windowOpen) {
      this.device.pushErrorScope('out-of-memory');
      this.device.pushErrorScope('validation');
      // The window's check takes its place among the checks now, settled when the window closes.
      this.addCheck(new Promise((settle) => (this.settleWindow = settle)));
      this.windowOpen = true;
    }
    for (const c of calls) this.windowCalls.push(c);
  }

  private closeWindow(): void {
    if (!this.windowOpen) return;
    const calls = this.windowCalls;
    this.windowCalls = [];
    this.windowSubmits = 0;
    this.windowOpen = false;
    const settle = this.settleWindow!;
    this.settleWindow = null;
    settle(this.popScopes(calls));
  }

  private runAfterSubmit(): void {
    // Waiting pieces of a long launch still bind the buffers these callbacks release (a freed
    // temporary, scratch): keep them until the last piece is submitted.
    if (this.pieces.hasPending) return;
    const fns = this.afterSubmit;
    this.afterSubmit = [];
    for (const f of fns) f();
  }

  /** A batch's loop status, reported at the next sync when a budget was spent (loop-budget.ts). */
  checkStatus(status: () => Promise<LoopStatusWords>, calls: RecordedCall[] = []): void {
    const call = calls.length === 1 ? calls[0] : undefined;
    this.addCheck(status().then((s): GpuFailure | null => (s.word === 0 ? null : { kind: 'budget', message: 'loop budget spent', call, status: s })));
  }

  /** Track an asynchronous check (pipeline creation) to report at the next sync. */
  addCheck(p: Promise<GpuFailure | null>): void {
    // Checks stay in the order of what they check (the first failure is the one reported): a check
    // of something after the window's batches (a write, a pipeline, a status, an uncaptured error)
    // closes the window; a later batch opens a new one. (Every other scope is popped by now.)
    if (this.windowOpen) this.closeWindow();
    this.checks.push(p);
    // A program that never reads back still must not grow this list without bound.
    if (this.checks.length > 256) {
      const all = this.checks.splice(0);
      this.checks.push(Promise.all(all).then((r) => r.find((x) => x !== null) ?? null));
    }
  }

  /** Submit and wait until the GPU has finished; the first failure since the last sync is returned. */
  async sync(): Promise<GpuFailure | null> {
    // Waiting pieces run one at a time, interruptibly (pieces.ts); drain submits what is recorded first.
    if (this.pieces.hasPending) await this.pieces.drain();
    this.flush();
    if (this.writesUnsubmitted > 0) this.submitWrites();
    this.closeWindow();
    const last = this.submits;
    await this.inFlight.announced(this.device.queue.onSubmittedWorkDone());
    // Work submitted while waiting (another cell's calls) may still run: idle only if there was none.
    if (this.submits === last) this.idle = true;
    return this.takeFailure();
  }

  async takeFailure(): Promise<GpuFailure | null> {
    const checks = this.checks.splice(0);
    const results = await Promise.all(checks);
    if (this.lost) return this.lost;
    return results.find((r) => r !== null) ?? null;
  }
}

/** The call whose label (`brook#<seq>`) the message names. */
function findCall(message: string, calls: RecordedCall[]): RecordedCall | undefined {
  const m = /brook#(\d+)/.exec(message);
  if (!m) return calls.length === 1 ? calls[0] : undefined;
  const seq = Number(m[1]);
  return calls.find((c) => c.seq === seq);
}
