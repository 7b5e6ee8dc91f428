/**
 * Kernel fusion of recorded calls (issue 16). Kernel calls are held here, not run, while the next
 * operation may still fuse with them; a chain of map calls that read each other's outputs element
 * by element, optionally ending in a reduction of the last one, runs as one launch of a kernel that
 * compiler/fuse writes. What fuses and what an intermediate stream's fate is are decided from what
 * the program did, conservatively (docs/DECISIONS.md, "Kernel fusion"):
 *
 * - A call joins the held group when it reads at least one stream the group wrote, at the same
 *   position: the same box, no resizing (the group and the call iterate one shape). It must not
 *   gather or resize anything the group wrote; anything the group reads that the call writes must
 *   be read by the group at the call's own position (in place); a stream both write must have one
 *   box; no write masks, no vout; at most MAX_GROUP calls and the backend's stream limit. A
 *   reduction joins as the last call when its input is a group output read whole; its target must
 *   be untouched by the group.
 * - An intermediate (a stream the group wrote and a later call of the group read) is not written
 *   when it is dead: the program said so (CallHints.dead, from the compiler's liveness of
 *   block-local streams), freed it, or overwrote it whole (a later call's output, a whole-stream
 *   streamRead) before reading it. Anything else that happens while the group is held (a read by
 *   the host, a display, a TypeScript handle, any other operation, the end of the cell) runs the
 *   group with every intermediate written. An output no call of the group read is always written.
 * - Any operation other than a kernel call or a reduction submits the held group first
 *   (`flush`), so program order is what the backend sees; the runtime calls it.
 *
 * BROOK_FUSE=0 (or mode 'off') runs every call as it comes. Mode 'verify' runs every fused group
 * also unfused on copies of the streams it writes and compares the results bit for bit (fusion
 * must not change a single bit); a difference is an error at the next wait (`settled`).
 */
import type { Backend, Launch, LaunchArg, Stream } from './api.js';
import { FusionVerifier } from './fusion-verify.js';
import { buildFusedLaunch, same, sameBox, streamArgs } from './fused-launch.js';
import { sessionAbort } from './abort.js';
import { activeProfile, deferredTag, runDeferred } from './profile-hooks.js';
import { DeferredOutputs } from './deferred.js';
import { knownStepRefusal, TileChain, type TileMode, type TileStats } from './tiling.js';

type StreamArg = LaunchArg & { kind: 'stream' };

export type FusionMode = 'on' | 'off' | 'verify';

/** Calls fused into one launch at most (a longer chain runs as several launches). */
export const MAX_GROUP = 8;

/** The mode BROOK_FUSE asks for: 0/off/false/no -> off, verify -> verify, anything else on. */
export function fusionModeFromEnv(env: Record<string, string | undefined> = process.env): FusionMode {
  const v = env.BROOK_FUSE?.trim().toLowerCase();
  if (v === undefined || v === '') return 'on';
  if (v === '0' || v === 'off' || v === 'false' || v === 'no') return 'off';
  if (v === 'verify') return 'verify';
  return 'on';
}

/** Counts since the runtime started (`%brook fuse` and verify mode report them). */
export interface FusionStats {
  /** Launches that ran two or more calls. */
  groups: number;
  /** Calls that ran inside those launches. */
  calls: number;
  /** Intermediate streams kept in registers only. */
  elided: number;
  /** Groups run unfused because the IR could not be fused (compiler/fuse refused). */
  refused: number;
  /** Fused groups checked against their unfused run (verify mode). */
  verified: number;
}

export interface Member {
  launch: Launch;
  /** The launch as planned, when `launch` is a copy with frozen arguments (beforeSwap). */
  planned?: Launch;
  mode: 'map' | 'reduceBlocks' | 'reduceAll';
  target?: StreamArg;
  temps: unknown[];
  /** The profile's tag of the call (brt/profile-hooks.ts), so its time is its own when it runs later. */
  tag?: number | null;
  /** Why the call could not join the tiled chain before it (brt/tiling.ts), for the profile. */
  tileNote?: string;
}

/** An output value a held call wrote: member `member`'s out parameter `param`. */
export interface Value {
  member: number;
  param: number;
  arg: StreamArg;
  /** Later members that read it in registers. */
  readers: number[];
  /** Overwritten by a later member of the group. */
  superseded: boolean;
  /** Never read after the group (hint, free, whole overwrite). */
  dead: boolean;
}

export class FusionQueue {
  private members: Member[] = [];
  /** The latest value of each stream the group wrote. */
  private latest = new Map<Stream, Value>();
  private values: Value[] = [];
  private space: number[] = [];
  private closed = false;
  /** The unit of work (cell, program: brt/abort.ts) that made the held calls. */
  private unit = 0;
  private nextGroup = 1;
  private readonly verifier = new FusionVerifier();
  /** Intermediates left unwritten until something may read them (deferred.ts). */
  readonly deferred = new DeferredOutputs(() => this.backend());
  readonly stats: FusionStats = { groups: 0, calls: 0, elided: 0, refused: 0, verified: 0 };
  /** The held calls as a tiled chain (brt/tiling.ts), when they are one. */
  private chain: TileChain | null = null;
  /** A streamSwap renamed buffers under the held calls (their arguments were frozen): the
   *  per-stream bookkeeping of fusion no longer holds, so only a chain may grow. */
  private swapped = false;
  private readonly tileVerifier = new FusionVerifier();
  readonly tileStats: TileStats = { chains: 0, calls: 0, verified: 0, replayed: 0 };

  constructor(
    private readonly backend: () => Backend,
    public mode: FusionMode = 'on',
    public tileMode: TileMode = 'on',
    /** The most lanes a tile may have (BROOK_TILE=N). */
    public tileLanes = 1024,
  ) {}

  get holding(): boolean {
    return this.members.length > 0;
  }

  /** A map call (no vout): held, fused into the held group, or (fusion off, a mask) run now. */
  map(launch: Launch, temps: unknown[], dead: Stream[]): void {
    this.deferred.beforeLaunch(launch);
    const m: Member = { launch, mode: 'map', temps, tag: deferredTag() };
    // A kernel with a library's hand-written form (`#pragma brook native`, brt/native.ts) runs alone:
    // fused, it would run from its Brook body (the gemm without its workgroup tiles).
    // So does a call the backend runs in a form of its own (Backend.runsAlone: a cooperative loop
    // reads its rows coalesced; inside a fused launch it would loop per element).
    const b = this.backend();
    if ((this.mode === 'off' && this.tileMode === 'off') || launch.mask || launch.kernel.ir.native !== undefined || b.runsAlone?.(launch)) {
      m.tileNote = this.tileMode === 'off' ? TILE_OFF : launch.mask ? 'a write mask is set' : launch.kernel.ir.native !== undefined ? 'it has a hand-written form' : 'the backend runs it in a form of its own';
      this.flushKeeping();
      this.deferred.beforeLaunch(launch); // (the group that ran may have deferred what it touches)
      this.runAlone(m);
      return;
    }
    if (this.chain) {
      const why = this.chain.join(launch);
      if (why === null) {
        this.members.push(m);
        this.markDead(dead);
        return;
      }
      m.tileNote = why;
    } else if (this.mode !== 'off' && !this.swapped && this.joinMap(m)) {
      this.markDead(dead);
      return;
    } else if (this.tileMode !== 'off' && b.runTiled && this.members.length === 1 && this.members[0]!.mode === 'map') {
      const held = this.members[0]!;
      const refused = knownStepRefusal(held.launch, b, held.planned);
      const c = refused ? `the call before it cannot be tiled: ${refused}` : TileChain.pair(held.launch, launch, b, this.tileLanes, held.planned, this.tileStats);
      if (typeof c !== 'string') {
        this.chain = c;
        this.members.push(m);
        this.markDead(dead);
        return;
      }
      m.tileNote = c;
      // The held call runs alone: the profile says why this call did not join it.
      if (held.tileNote === undefined && !refused) held.tileNote = `the next call (${launch.kernel.ir.name}) could not join it: ${c}`;
    }
    if (!this.swapped) this.overwrittenBy(launch);
    this.flushKeeping();
    this.deferred.beforeLaunch(launch);
    this.start(m);
    this.markDead(dead);
  }

  /**
   * streamSwap(a, b) is about to exchange two streams' buffers. A fused group names streams, so it
   * runs first; a single held call or a chain names buffers: its arguments are frozen as they are
   * now (copies of the stream objects), and it may go on growing as a chain.
   */
  beforeSwap(a: Stream, b: Stream): void {
    if (this.members.length === 0) {
      this.deferred.touch(a);
      this.deferred.touch(b);
      return;
    }
    if (this.tileMode === 'off' || (this.members.length > 1 && !this.chain) || this.closed) {
      this.flushFor([], [a, b]);
      return;
    }
    // Deferred intermediates (deferred.ts) reading or making a or b run before the buffers move.
    this.deferred.touch(a);
    this.deferred.touch(b);
    const frozen = new Map<Stream, Stream>();
    const freeze = (x: LaunchArg): LaunchArg => {
      if ((x.kind !== 'stream' && x.kind !== 'iter') || (x.stream !== a && x.stream !== b)) return x;
      let f = frozen.get(x.stream);
      if (!f) frozen.set(x.stream, (f = { ...x.stream }));
      return { ...x, stream: f };
    };
    for (const g of this.members) {
      g.planned ??= g.launch;
      g.launch = { ...g.launch, args: g.launch.args.map(freeze), ...(g.launch.mask ? { mask: freeze(g.launch.mask) as StreamArg } : {}) };
      if (g.target) g.target = freeze(g.target) as StreamArg;
    }
    this.chain?.refreeze(this.members.map((g) => g.launch));
    this.swapped = true;
  }

  /** A reduction into a stream: the last call of the held group when it reduces the group's output. */
  reduceBlocks(launch: Launch, target: StreamArg, temps: unknown[], dead: Stream[]): void {
    this.deferred.beforeLaunch(launch, target);
    const m: Member = { launch, mode: 'reduceBlocks', target, temps, tag: deferredTag() };
    if (this.mode !== 'off' && this.joinReduction(m)) {
      this.markDead(dead);
      return;
    }
    this.flushKeeping();
    this.deferred.beforeLaunch(launch, target);
    this.runAlone(m);
  }

  /** A reduction into a host value: fused with the held group when it reduces the group's output. */
  async reduceAll(launch: Launch, temps: unknown[], dead: Stream[]): Promise<number[]> {
    this.deferred.beforeLaunch(launch);
    const m: Member = { launch, mode: 'reduceAll', temps, tag: deferredTag() };
    if (this.mode !== 'off' && this.joinReduction(m)) {
      this.markDead(dead);
      return (await this.runGroup())!;
    }
    this.flushKeeping();
    this.deferred.beforeLaunch(launch);
    return (await this.runAlone(m))!;
  }

  /** `s` will never be read again (freed, or overwritten whole by a host copy): an intermediate of
   *  the held group holding it need not be written. Runs the group if it uses `s` at all. */
  discardContents(s: Stream): void {
    const v = this.latest.get(s);
    if (v) v.dead = true;
    if (this.uses(s)) this.flushKeeping();
    this.deferred.discard(s);
  }

  /** Runs the held group, if any, and writes every deferred intermediate (deferred.ts): the next
   *  operation may read anything. */
  flush(): void {
    this.flushKeeping();
    this.deferred.materializeAll();
  }

  /** Runs the held group, if any; deferred intermediates wait for a reader (finish()). */
  flushKeeping(): void {
    if (this.members.length === 0) return;
    void this.runGroup();
  }

  /** flushKeeping, then writes the deferred intermediates among `reads` (streamWrite, streamPrint)
   *  and everything deferred that `changed` touches (a copy into it, a swap). */
  flushFor(reads: Stream[], changed: Stream[] = []): void {
    this.flushKeeping();
    for (const s of reads) this.deferred.beforeRead(s);
    for (const s of changed) this.deferred.touch(s);
  }

  /** Forgets the held group without running it (the device was lost). */
  drop(): void {
    this.reset();
    this.deferred.clear();
  }

  /** Waits for verify mode's comparisons; throws the first difference found. */
  async settled(): Promise<void> {
    const n = await this.verifier.settle();
    this.stats.verified += n;
    this.tileStats.verified += await this.tileVerifier.settle();
  }

  // ---- joining ---------------------------------------------------------------------------------

  private start(m: Member): void {
    this.unit = sessionAbort().unit;
    this.members = [m];
    this.space = m.launch.outShape;
    this.closed = false;
    this.addOutputs(0, m.launch);
  }

  private addOutputs(member: number, l: Launch): void {
    l.kernel.ir.params.forEach((p, k) => {
      const a = l.args[k];
      if (p.role !== 'out' || !a || a.kind !== 'stream') return;
      const before = this.latest.get(a.stream);
      if (before) before.superseded = true;
      const v: Value = { member, param: k, arg: a, readers: [], superseded: false, dead: false };
      this.latest.set(a.stream, v);
      this.values.push(v);
    });
  }

  private joinMap(m: Member): boolean {
    const l = m.launch;
    const ir = l.kernel.ir;
    if (this.members.length === 0 || this.closed || this.members.length >= MAX_GROUP) return false;
    if (ir.params.some((p) => p.role === 'vout') || !same(l.outShape, this.space)) return false;
    const consumed: Value[] = [];
    for (const { a, role } of streamArgs(l)) {
      const v = this.latest.get(a.stream);
      if (role === 'in' || role === 'gather') {
        if (!v) continue;
        // A value of the group is read at the same position only (no gather, no resizing).
        if (role === 'gather' || !sameBox(a, v.arg) || !same(a.shape, this.space)) return false;
        consumed.push(v);
      } else if (role === 'out') {
        // What the group reads of a stream this call writes, it reads at the call's own positions.
        for (const g of this.members) {
          for (const x of streamArgs(g.launch)) {
            if (x.a.stream !== a.stream || x.role === 'out') continue;
            if (x.role !== 'in' || !sameBox(x.a, a) || !same(x.a.shape, this.space)) return false;
          }
        }
        if (v && !sameBox(v.arg, a)) return false;
      }
    }
    if (consumed.length === 0 || !this.fitsBackend(l)) return false;
    const index = this.members.length;
    for (const v of consumed) if (!v.readers.includes(index)) v.readers.push(index);
    this.members.push(m);
    this.addOutputs(index, l);
    return true;
  }

  private joinReduction(m: Member): boolean {
    const l = m.launch;
    const ir = l.kernel.ir;
    if (this.members.length === 0 || this.closed || this.chain || this.swapped || this.members.length >= MAX_GROUP) return false;
    if (ir.indexofParams.length > 0 || !same(l.outShape, this.space)) return false;
    const input = ir.params.findIndex((p) => p.role === 'in');
    const a = l.args[input];
    if (!a || a.kind !== 'stream') return false;
    const v = this.latest.get(a.stream);
    if (!v || !sameBox(a, v.arg)) return false;
    for (const x of streamArgs(l)) if (x.k !== input && this.latest.has(x.a.stream)) return false;
    // The target is written while the group's threads still run: the group must not touch it.
    if (m.target && (this.uses(m.target.stream) || m.target.stream === a.stream)) return false;
    // A partial reduction runs one worker (CPU) or one workgroup (WebGPU) per target element: into a
    // single element, the fused group's maps would run on that one worker or workgroup. Alone, they
    // run over the whole machine and only the reduction is narrow (a power iteration's norm).
    if (m.target && m.target.shape.every((x) => x === 1)) return false;
    if (!this.fitsBackend(l, m.target)) return false;
    // An input split into pages (WebGPU: a stream larger than one binding) is reduced in the split
    // launch's order; the fused launch, without that stream, would take the unsplit order (rows as
    // vec4: compiler/schedule/tiling.ts vec4Rows) and differ in the last bit. Fused, it is split only
    // when another of its streams is.
    if (this.splitStream(a.stream) && !this.members.some((g) => streamArgs(g.launch).some((x) => x.a.stream !== a.stream && this.splitStream(x.a.stream)))) return false;
    const index = this.members.length;
    v.readers.push(index);
    this.members.push(m);
    this.closed = true;
    return true;
  }

  /** The bindings of the group's and the candidate's distinct buffers (a stream split into pages
   *  counting one per page) within the backend's per-launch limit. */
  private fitsBackend(l: Launch, target?: StreamArg): boolean {
    const b = this.backend();
    const limit = b.limits.maxKernelStreams;
    if (limit === undefined) return true;
    const bufs = new Set<unknown>();
    for (const g of [...this.members.map((x) => x.launch), l]) for (const x of streamArgs(g)) bufs.add(x.a.stream.buffer);
    if (target) bufs.add(target.stream.buffer);
    let bindings = 0;
    for (const buf of bufs) bindings += b.bindingsFor?.(buf) ?? 1;
    return bindings <= limit;
  }

  /** Whether the backend stores `s` in more than one binding (pages). */
  private splitStream(s: Stream): boolean {
    return (this.backend().bindingsFor?.(s.buffer) ?? 1) > 1;
  }

  /** Whether any held call reads or writes stream `s`. */
  private uses(s: Stream): boolean {
    for (const g of this.members) {
      // (Held arguments may be frozen copies after a streamSwap: the buffer tells.)
      const same = (t: Stream) => t === s || (s.buffer !== undefined && t.buffer === s.buffer);
      if (g.target && same(g.target.stream)) return true;
      for (const x of streamArgs(g.launch)) if (same(x.a.stream)) return true;
    }
    return false;
  }

  /** A call that did not join overwrites some outputs whole without reading them first. */
  private overwrittenBy(l: Launch): void {
    if (this.members.length === 0 || l.mask) return;
    const args = streamArgs(l);
    for (const { a, role } of args) {
      if (role !== 'out') continue;
      const whole = a.lo.every((x) => x === 0) && same(a.shape, a.stream.shape);
      const read = args.some((x) => x.role !== 'out' && x.a.stream === a.stream);
      const v = this.latest.get(a.stream);
      if (v && whole && !read) v.dead = true;
    }
  }

  private markDead(dead: Stream[]): void {
    for (const s of dead) {
      const v = this.latest.get(s);
      if (v) v.dead = true;
    }
  }

  // ---- running ---------------------------------------------------------------------------------

  private reset(): void {
    this.members = [];
    this.latest = new Map();
    this.values = [];
    this.closed = false;
    this.chain = null;
    this.swapped = false;
  }

  /** Runs one call as it was planned. */
  private runAlone(m: Member): Promise<number[]> | undefined {
    const b = this.backend();
    if (m.mode === 'map') noteTile(m, () => `not tiled: ${this.tileMode === 'off' ? TILE_OFF : m.tileNote ?? knownStepRefusal(m.launch, b) ?? 'no call after it read its output'}`);
    return runDeferred(b, [m.tag], m.launch.kernel.ir.name, undefined, () => this.runAloneNow(b, m));
  }

  private runAloneNow(b: Backend, m: Member): Promise<number[]> | undefined {
    try {
      if (m.mode === 'map') b.run(m.launch);
      else if (m.mode === 'reduceBlocks') b.reduceBlocks(m.launch, m.target!);
      else return b.reduceAll(m.launch).finally(() => this.release(m));
    } catch (e) {
      this.release(m);
      throw e;
    }
    this.release(m);
    return undefined;
  }

  private release(m: Member): void {
    const b = this.backend();
    for (const t of m.temps) b.release(t);
  }

  /** Runs the held group (one launch when it has several calls) and forgets it. */
  private runGroup(): Promise<number[]> | undefined {
    const members = this.members;
    const values = this.values;
    const chain = this.chain;
    this.reset();
    // The cell that made the calls was interrupted or timed out: like the rest of its work, they do
    // not run (as the waiting pieces of a long GPU launch, backends/webgpu/pieces.ts).
    if (sessionAbort().wasStopped(this.unit) && members[members.length - 1]!.mode !== 'reduceAll') {
      for (const m of members) this.release(m);
      return undefined;
    }
    if (members.length === 1) return this.runAlone(members[0]!);
    if (chain) return this.runChain(chain, members);
    const later = this.mode === 'on' ? this.deferred.deferFrom(members, values) : [];
    const fused = buildFusedLaunch(members, values, this.nextGroup);
    if (fused) this.deferred.keep(later);
    if (!fused) {
      // compiler/fuse refused the pair: the calls run one by one, every output written.
      this.stats.refused++;
      const last = members[members.length - 1]!;
      for (const m of members.slice(0, -1)) this.runAlone(m);
      return this.runAlone(last);
    }
    this.nextGroup++;
    this.stats.groups++;
    this.stats.calls += members.length;
    this.stats.elided += fused.launch.fused!.elided.length;
    const b = this.backend();
    const last = members[members.length - 1]!;
    const releaseAll = () => {
      for (const m of members) this.release(m);
    };
    const check = this.mode === 'verify' ? this.verifier.prepare(b, members, fused.launch) : undefined;
    const group = fused.launch.fused!;
    const label = group.calls.map((c) => c.kernel).join('+');
    return runDeferred(b, members.map((m) => m.tag), label, group, () => runFusedLaunch(b, fused.launch, last, check, releaseAll));
  }

  /** Runs a tiled chain as one launch (verify mode: also call by call on copies, compared). */
  private runChain(chain: TileChain, members: Member[]): undefined {
    const b = this.backend();
    const group = chain.group(this.nextGroup++);
    this.tileStats.chains++;
    this.tileStats.calls += members.length;
    const shape = chain.tile.join('x');
    for (const m of members) noteTile(m, () => `tiled (chains of ${members.length} calls, tile ${shape})`);
    const label = `${runs(members.map((m) => m.launch.kernel.ir.name)).join('+')} (tiled)`;
    const written = new Set<Stream>();
    for (const m of members) for (const x of streamArgs(m.launch)) if (x.role === 'out') written.add(x.a.stream);
    const check = this.tileMode === 'verify' ? this.tileVerifier.prepare(b, members, members[0]!.launch, written, 'tiled') : undefined;
    runDeferred(b, members.map((m) => m.tag), label, undefined, () => {
      try {
        b.runTiled!(group);
        if (check) void check(undefined);
      } finally {
        for (const m of members) this.release(m);
      }
    });
    return undefined;
  }
}

const TILE_OFF = 'tiling is off (BROOK_TILE=0)';

/** Names with repeats counted: [a, a, a, b] -> ['a x3', 'b']. */
function runs(names: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < names.length; ) {
    let j = i;
    while (j < names.length && names[j] === names[i]) j++;
    out.push(j - i > 1 ? `${names[i]} x${j - i}` : names[i]!);
    i = j;
  }
  return out;
}

/** Tells a running profile whether the call ran tiled, and if not why not. */
function noteTile(m: Member, note: () => string): void {
  // (The note is built only for a running profile: a loop's every call passes here.)
  const profile = typeof m.tag === 'number' ? activeProfile() : undefined;
  if (profile?.tileNote) profile.tileNote(m.tag!, note());
}

/** Runs a fused group's launch; `releaseAll` frees the members' temporaries once it ran. */
function runFusedLaunch(
  b: Backend,
  launch: Launch,
  last: Member,
  check: ((v: number[] | undefined) => Promise<void>) | undefined,
  releaseAll: () => void,
): Promise<number[]> | undefined {
  try {
    if (last.mode === 'map') b.run(launch);
    else if (last.mode === 'reduceBlocks') b.reduceBlocks(launch, last.target!);
    else {
      const value = b.reduceAll(launch);
      const out = check ? value.then(async (v) => (await check(v), v)) : value;
      return out.finally(releaseAll);
    }
  } catch (e) {
    releaseAll();
    throw e;
  }
  if (check) void check(undefined);
  releaseAll();
  return undefined;
}

/** The streams a dead-hint list names (a domain names only part of a stream: ignored). */
export function hintedStreams(dead: unknown[] | undefined): Stream[] {
  if (!dead) return [];
  return dead.filter((d): d is Stream => typeof d === 'object' && d !== null && (d as { kind?: string }).kind !== 'domain' && 'shape' in d);
}
