/**
 * Recording a profile: a wrapper around a BrookRuntime that tags each operation, marks the backend
 * with the tag (so device time can be told apart per operation), times what the host spends in it,
 * and keeps what it moved and computed (traffic.ts). The wrapped runtime behaves exactly as the
 * runtime does; a profile only ends compute passes earlier and waits for the device before a readback
 * (so a readback's time is the copy's, not the kernels' before it).
 *
 * Lifecycle: `new ProfileRecorder(rt)`, `start()`, run work through `runtime` (the wrapper), then
 * `await stop()` gives the records with device times filled in.
 */
import type { Backend, BrookRuntime, CompiledKernel, HostArray, KernelArg, StreamLike, StreamOp } from '../brt/api.js';
import { setActiveProfile, type FusedStreams, type ProfileHooks } from '../brt/profile-hooks.js';
import type { Span } from '../compiler/source.js';
import { copyTraffic, mapTraffic, reduceTraffic, scatterGatherTraffic, type Traffic } from './traffic.js';

export type OpKind = 'kernel' | 'reduction' | 'streamRead' | 'streamWrite' | 'streamPrint' | 'scatterOp' | 'gatherOp';

/** One operation as the profile saw it. */
export interface OpRecord extends Traffic {
  tag: number;
  kind: OpKind;
  /** Kernel name, or the stream's name for copies. */
  name: string;
  /** Set when kernel fusion ran this call inside a fused launch (brt/profile-hooks.ts): its label. */
  group?: string;
  /** A map call: whether it ran in a tiled chain (brt/tiling.ts), and if not why not. */
  tile?: string;
  /** Host time inside the call: issuing it (GPU), or running it (CPU: the call returns when done). */
  hostMs: number;
  /** Staging of gathered streams (compiler/schedule/stage.ts): what was staged, or why nothing was. */
  stage?: string;
  /** Device time from the backend (timestamps or submit-to-completion), when it has it. */
  deviceMs?: number;
  /** Compute passes of the operation that got no timestamp pair (its device time is then short). */
  untimedPasses?: number;
}

/** A call the CPU backend can run again on a sample of its domain (cpu-sample.ts). */
export interface SampleCall {
  kind: 'map' | 'reduceToValue' | 'reduceToStream';
  kernel: CompiledKernel;
  args: KernelArg[];
  records: number;
}

export interface RecordedProfile {
  records: OpRecord[];
  /** Fused launches: tag of the group -> label, the tags of its calls, the streams passed in registers. */
  groups: Map<number, FusedGroupRecord>;
  /** Per kernel name: its largest call, for K_cpu. */
  samples: Map<string, SampleCall>;
  /** Wall time from start() to the end of stop() (the device work done). */
  wallMs: number;
  /** Waiting for the device before readbacks (not part of any copy's time). */
  waitMs: number;
  /** How device times were measured: 'timestamps', 'completion', or 'host' (no device clock: CPU). */
  deviceClock: 'timestamps' | 'completion' | 'host';
  backend: string;
  adapter: string;
}

export interface FusedGroupRecord {
  label: string;
  tags: number[];
  passed?: FusedStreams;
}

/** The BrookRuntime methods the recorder wraps. */
const WRAPPED = new Set<PropertyKey>(['call', 'reduceToValue', 'reduceToStream', 'scatterOp', 'gatherOp', 'streamRead', 'streamWrite', 'streamPrint']);

export class ProfileRecorder implements ProfileHooks {
  private nextTag = 1;
  private tag: number | null = null;
  private readonly records: OpRecord[] = [];
  /** Records by tag, and the fused group's label by member tag: a long loop of fused calls makes
   *  many of both, and looking them up one by one made profiled programs quadratically slower. */
  private readonly recordByTag = new Map<number, OpRecord>();
  private readonly groupOfTag = new Map<number, string>();
  private readonly groups = new Map<number, FusedGroupRecord>();
  /** Host time to add to (or take from) records not made yet (runDeferred moved it). */
  private readonly pendingMs = new Map<number, number>();
  /** Staging notes of calls whose record is not made yet (the backend runs a call inside it). */
  private readonly pendingStage = new Map<number, string>();
  /** Tile notes of calls whose record is not made yet. */
  private readonly pendingTile = new Map<number, string>();
  private readonly samples = new Map<string, SampleCall>();
  private startedAt = 0;
  private waitMs = 0;
  private proxy?: BrookRuntime;
  private running = false;

  constructor(readonly rt: BrookRuntime) {}

  get currentTag(): number | null {
    return this.tag;
  }

  get isRunning(): boolean {
    return this.running;
  }

  fused(tags: number[], label: string, passed?: FusedStreams): number {
    const g = this.nextTag++;
    this.groups.set(g, { label, tags: [...tags], ...(passed ? { passed: { elided: [...passed.elided], written: [...passed.written] } } : {}) });
    for (const t of tags) {
      this.groupOfTag.set(t, label);
      const r = this.recordByTag.get(t);
      if (r) r.group = label;
    }
    return g;
  }

  stageNote(tag: number, note: string): void {
    const r = this.recordByTag.get(tag);
    if (r) r.stage = note;
    else this.pendingStage.set(tag, note);
  }

  tileNote(tag: number, note: string): void {
    const r = this.recordByTag.get(tag);
    if (r) r.tile = note;
    else this.pendingTile.set(tag, note);
  }

  ranLater(tags: number[], ms: number): void {
    // The time belongs to the held calls, not to the operation that happened to run them.
    if (this.tag !== null) this.moveMs(this.tag, -ms);
    for (const t of tags) this.moveMs(t, ms / tags.length);
  }

  private moveMs(tag: number, ms: number): void {
    const r = this.recordByTag.get(tag);
    if (r) r.hostMs += ms;
    else this.pendingMs.set(tag, (this.pendingMs.get(tag) ?? 0) + ms);
  }

  /** The backend, without running calls held for fusion (they carry their own tags). */
  private get backendNow(): Backend {
    return (this.rt as { currentBackend?: Backend }).currentBackend ?? this.rt.backend;
  }

  start(): void {
    this.running = true;
    // Looking at `backend` runs calls held from before the profile: they are not part of it.
    this.rt.backend.profileReset?.();
    setActiveProfile(this);
    this.startedAt = performance.now();
  }

  async stop(): Promise<RecordedProfile> {
    // `backend` runs the calls still held for fusion (under their own tags) before the times are read.
    const backend = this.rt.backend;
    try {
      backend.profileTag?.(null);
      const times = backend.profileTimes ? await backend.profileTimes() : null;
      // The device work is done: the profile's wall time includes waiting for it, as the cell does.
      const wallMs = performance.now() - this.startedAt;
      if (times) {
        for (const r of this.records) {
          const t = times.byTag.get(r.tag);
          if (t && t.passes > 0) r.deviceMs = t.ns / 1e6;
          if (t && t.untimedPasses > 0) r.untimedPasses = t.untimedPasses;
        }
        // A fused launch's time goes to its calls in proportion to their records.
        for (const [g, { tags }] of this.groups) {
          const t = times.byTag.get(g);
          if (!t) continue;
          const members = tags.map((t) => this.recordByTag.get(t)).filter((r): r is OpRecord => r !== undefined);
          const total = members.reduce((n, r) => n + r.records, 0) || 1;
          for (const r of members) r.deviceMs = (r.deviceMs ?? 0) + ((t.ns / 1e6) * r.records) / total;
        }
      }
      return {
        records: this.records,
        groups: this.groups,
        samples: this.samples,
        wallMs,
        waitMs: this.waitMs,
        deviceClock: times ? times.source : 'host',
        backend: backend.name,
        adapter: backend.description,
      };
    } finally {
      this.running = false;
      setActiveProfile(null);
    }
  }

  /** The runtime to run profiled work through (the same object every time). */
  get runtime(): BrookRuntime {
    this.proxy ??= new Proxy(this.rt, {
      get: (target, key) => {
        const v = Reflect.get(target, key, target) as unknown;
        if (typeof v !== 'function') return v;
        if (!WRAPPED.has(key) || !this.running) return (v as (...a: unknown[]) => unknown).bind(target);
        return (this as unknown as Record<string, (...a: unknown[]) => unknown>)[`wrap_${String(key)}`]!.bind(this);
      },
    });
    return this.proxy;
  }

  // ---- the wrapped operations ---------------------------------------------------------------------

  private begin(): number {
    const tag = this.nextTag++;
    this.tag = tag;
    this.backendNow.profileTag?.(tag);
    return tag;
  }

  private end(): void {
    this.tag = null;
  }

  private add(tag: number, kind: OpKind, name: string, traffic: Traffic, hostMs: number): void {
    const r: OpRecord = { tag, kind, name, ...traffic, hostMs: hostMs + (this.pendingMs.get(tag) ?? 0) };
    this.pendingMs.delete(tag);
    const stage = this.pendingStage.get(tag);
    if (stage !== undefined) {
      r.stage = stage;
      this.pendingStage.delete(tag);
    }
    const tile = this.pendingTile.get(tag);
    if (tile !== undefined) {
      r.tile = tile;
      this.pendingTile.delete(tag);
    }
    // Fusion may name a call's group before the call returned.
    const group = this.groupOfTag.get(tag);
    if (group !== undefined) r.group = group;
    this.records.push(r);
    if (!this.recordByTag.has(tag)) this.recordByTag.set(tag, r);
  }

  private keepSample(s: SampleCall): void {
    const old = this.samples.get(s.kernel.ir.name);
    if (!old || s.records >= old.records) this.samples.set(s.kernel.ir.name, s);
  }

  wrap_call(k: CompiledKernel, args: KernelArg[], span?: Span): void | Promise<void> {
    const tag = this.begin();
    const t0 = performance.now();
    let result: void | Promise<void>;
    try {
      result = this.rt.call(k, args, span);
    } catch (e) {
      this.end();
      throw e;
    }
    const finish = () => {
      const traffic = mapTraffic(k, args);
      this.add(tag, 'kernel', k.ir.name, traffic, performance.now() - t0);
      if (!k.ir.params.some((p) => p.role === 'vout')) this.keepSample({ kind: 'map', kernel: k, args: [...args], records: traffic.records });
    };
    if (result instanceof Promise) {
      // vout: the outputs are resized when the call settles; they are measured then.
      return result.then(finish).finally(() => this.end());
    }
    finish();
    this.end();
    return result;
  }

  async wrap_reduceToValue(k: CompiledKernel, args: KernelArg[], span?: Span): Promise<number | number[]> {
    const tag = this.begin();
    const t0 = performance.now();
    try {
      const v = await this.rt.reduceToValue(k, args, span);
      const traffic = reduceTraffic(k, args, undefined);
      this.add(tag, 'reduction', k.ir.name, traffic, performance.now() - t0);
      this.keepSample({ kind: 'reduceToValue', kernel: k, args: [...args], records: traffic.records });
      return v;
    } finally {
      this.end();
    }
  }

  wrap_reduceToStream(k: CompiledKernel, args: KernelArg[], span?: Span): void {
    const tag = this.begin();
    const t0 = performance.now();
    try {
      this.rt.reduceToStream(k, args, span);
      const at = k.ir.params.findIndex((p) => p.role === 'reduce');
      const traffic = reduceTraffic(k, args, args[at] as StreamLike);
      this.add(tag, 'reduction', k.ir.name, traffic, performance.now() - t0);
      this.keepSample({ kind: 'reduceToStream', kernel: k, args: [...args], records: traffic.records });
    } finally {
      this.end();
    }
  }

  wrap_scatterOp(dst: StreamLike, index: StreamLike, data: StreamLike, op: StreamOp, span?: Span): void {
    const tag = this.begin();
    const t0 = performance.now();
    try {
      this.rt.scatterOp(dst, index, data, op, span);
      this.add(tag, 'scatterOp', nameOfOp('streamScatterOp', op), scatterGatherTraffic(dst, index, data, typeof op === 'number' ? undefined : op), performance.now() - t0);
    } finally {
      this.end();
    }
  }

  wrap_gatherOp(dst: StreamLike, index: StreamLike, src: StreamLike, op: StreamOp, span?: Span): void {
    const tag = this.begin();
    const t0 = performance.now();
    try {
      this.rt.gatherOp(dst, index, src, op, span);
      this.add(tag, 'gatherOp', nameOfOp('streamGatherOp', op), scatterGatherTraffic(src, index, dst, typeof op === 'number' ? undefined : op), performance.now() - t0);
    } finally {
      this.end();
    }
  }

  async wrap_streamRead(s: StreamLike, src: HostArray, span?: Span): Promise<void> {
    const tag = this.begin();
    const t0 = performance.now();
    try {
      await this.rt.streamRead(s, src, span);
      this.add(tag, 'streamRead', streamName(s), copyTraffic(s), performance.now() - t0);
    } finally {
      this.end();
    }
  }

  async wrap_streamWrite(s: StreamLike, dst: HostArray, span?: Span): Promise<void> {
    await this.waitForDevice();
    const tag = this.begin();
    const t0 = performance.now();
    try {
      await this.rt.streamWrite(s, dst, span);
      this.add(tag, 'streamWrite', streamName(s), copyTraffic(s), performance.now() - t0);
    } finally {
      this.end();
    }
  }

  async wrap_streamPrint(s: StreamLike, span?: Span): Promise<string> {
    await this.waitForDevice();
    const tag = this.begin();
    const t0 = performance.now();
    try {
      const text = await this.rt.streamPrint(s, span);
      this.add(tag, 'streamPrint', streamName(s), copyTraffic(s), performance.now() - t0);
      return text;
    } finally {
      this.end();
    }
  }

  /** Before a readback: let the work recorded so far finish, so the copy's time is its own. */
  private async waitForDevice(): Promise<void> {
    if (!this.backendNow.profileTag) return;
    const t0 = performance.now();
    this.backendNow.profileTag(null);
    await this.rt.finish();
    this.waitMs += performance.now() - t0;
  }
}

function streamName(s: StreamLike): string {
  return 'kind' in s && s.kind === 'domain' ? `${s.stream.name}.domain` : (s as { name: string }).name;
}

function nameOfOp(op: string, code: StreamOp): string {
  if (typeof code !== 'number') return `${op}(${code.ir.name})`;
  const names = op === 'streamScatterOp' ? ['ASSIGN', 'ADD', 'MUL'] : ['FETCH', 'INC'];
  return `${op}(${names[code] ?? code})`;
}
