/**
 * Chain tiling of recorded calls (issue 28), fusion's sibling: map calls held by the fusion queue
 * (fusion.ts) that each read the previous call's output only inside a bounded tile of it run as one
 * launch that keeps the tile in workgroup memory (compiler/schedule/chain-tile.ts decides the tile and
 * proves the bound, codegen/wgsl/chain-tile.ts prints the launch). The rule, conservative:
 *
 * - Every call of a chain iterates one output shape; its streams are whole streams (no domains, no
 *   resizing, no split streams); its kernel may be tiled at all (chain-tile.ts tileRefusal).
 * - A call reads what the chain wrote only from the previous call's outputs (through the tile: an
 *   input at its own position, or gathers proven to stay inside the tile). A chain starts only with a
 *   call that gathers (element-wise hand-overs alone are fusion's, fusion.ts). A stream an earlier call
 *   wrote is not read again; one that a call gathers from memory is written by a later call only when
 *   that gather too is proven to stay inside the tile (so no workgroup reads what another writes).
 * - Every stream the chain writes is written (its last writer stores it): nothing is elided.
 * - A chain holds at most MAX_CHAIN_STEPS calls.
 * - BROOK_TILE=0 turns it off, BROOK_TILE=verify also runs every chain call by call on copies and
 *   compares bit for bit (fusion-verify.ts), BROOK_TILE=N caps a tile at N lanes.
 * - The CPU backend has no `runTiled`: it runs the calls one by one (each call's tile-sized pieces
 *   already stay in a core's cache), so its results are trivially the untiled ones.
 *
 * Replay: a loop hands the same launch objects over again (plan-cache.ts gives a plan out again only
 * while its streams keep the buffers, shapes and constants it was planned with), and what `join`
 * decides depends on nothing else. So every decision is kept in a trie of launch objects (Recorded):
 * a chain that follows a path already taken takes each step's decision from it, and its analysis
 * state is rebuilt only where the path leaves what was recorded. TiledGroup.replay names the path,
 * so a backend can keep what it prepared for the launch (webgpu/tiled.ts). (Issue 28: the analysis
 * and the launch's wiring were written again every round, most of a bitonic sort's host time.)
 */
import { kernelId, planChainTile, proveChain, tileRefusal, type ChainStepFacts } from '../compiler/schedule/chain-tile.js';

/** Refusals of a chain's first pair, by kernels, constants and shape (TileChain.join). */
const refusedPairs = new Map<string, string>();
import { wordsOf } from '../compiler/codegen/wgsl/names.js';
import type { Backend, Launch, LaunchArg, TiledGroup } from './api.js';
import { streamArgs } from './fused-launch.js';

type StreamArg = LaunchArg & { kind: 'stream' };

export type TileMode = 'on' | 'off' | 'verify';

/** Calls one tiled launch holds at most; the next call starts a new chain. A loop whose every call
 *  stays in the tile (a row-wise FFT's passes, round after round) would otherwise chain without end,
 *  and its module grow with it: NVIDIA's Vulkan compiler refused a chain of 400 FFT passes
 *  (VK_ERROR_UNKNOWN, H200, 2026-12-03); a bitonic sort of 2^20 chains 55 and 65. */
export const MAX_CHAIN_STEPS = 64;

/** BROOK_TILE: 0/off/false/no -> off, verify -> verify, anything else on. */
export function tileModeFromEnv(env: Record<string, string | undefined> = process.env): TileMode {
  const v = env.BROOK_TILE?.trim().toLowerCase();
  if (v === undefined || v === '') return 'on';
  if (v === '0' || v === 'off' || v === 'false' || v === 'no') return 'off';
  if (v === 'verify') return 'verify';
  return 'on';
}

/** BROOK_TILE=N (a number >= 2): the most lanes a tile may have. */
export function tileLanesFromEnv(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.BROOK_TILE);
  return Number.isInteger(n) && n >= 2 ? n : 1024;
}

/** Counts since the runtime started. */
export interface TileStats {
  /** Tiled launches run. */
  chains: number;
  /** Calls inside them. */
  calls: number;
  /** Tiled launches checked against their calls run one by one (verify mode). */
  verified: number;
  /** Joins decided by the replay trie, without analysis (a loop's calls after its first round). */
  replayed: number;
}

interface Step {
  launch: Launch;
  /** Per parameter: reads the previous step's output through the tile. */
  fromTile: boolean[];
  facts: ChainStepFacts & { local: Set<number> };
}

/** What joining one launch at one place of a chain decided: a node of the replay trie (see above). */
interface Recorded {
  /** Why the launch could not join; null when it joined. */
  why: string | null;
  /** When it joined: its step's fromTile, and the chain's tile and workgroup size from then on. */
  fromTile?: boolean[];
  tile?: number[];
  workgroupSize?: number;
  /** What the launches after it decided, by launch object. */
  next: WeakMap<Launch, Recorded>;
}

/** The replay trie's roots: the chains that began with a launch, per backend and lane cap. */
const recordedChains = new WeakMap<Launch, { backend: Backend; lanes: number; root: Recorded }>();

/** A step whose facts are made only if an analysis asks for them (a replayed step, a chain's first). */
function replayedStep(launch: Launch, fromTile: boolean[]): Step {
  let facts: Step['facts'] | undefined;
  return {
    launch,
    fromTile,
    get facts() {
      return (facts ??= stepFacts(launch, fromTile));
    },
  };
}

/** A step's facts when it joins: the gathers it reads through the tile are proven local. */
function stepFacts(l: Launch, fromTile: boolean[]): Step['facts'] {
  const local = new Set<number>();
  l.kernel.ir.params.forEach((p, k) => {
    if (fromTile[k] && p.role === 'gather') local.add(k);
  });
  return { ir: l.kernel.ir, constArg: constArgOf(l), local };
}

const sameShape = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function whole(a: StreamArg): boolean {
  return a.lo.every((x) => x === 0) && sameShape(a.shape, a.stream.shape);
}

/** An argument as a cache key sees it: a value, or a stream's box and shape. */
function argSignature(a: LaunchArg): string {
  if (a.kind === 'value') return `v${a.value}`;
  if (a.kind === 'stream') return `s${a.lo}:${a.shape}:${a.stream.shape}`;
  return a.kind;
}

function constArgOf(l: Launch): (k: number) => readonly number[] | undefined {
  return (k) => {
    const a = l.args[k];
    return a && a.kind === 'value' ? a.value : undefined;
  };
}

/** stepRefusal of a launch object, per backend (a loop hands the same launch over again: plan-cache.ts). */
const stepRefusals = new WeakMap<Launch, { backend: Backend; why: string | null }>();

/** stepRefusal, once per launch object and backend (`planned`: the object `l` is a frozen copy of). */
export function knownStepRefusal(l: Launch, b: Backend, planned: Launch = l): string | null {
  const known = stepRefusals.get(planned);
  if (known !== undefined && known.backend === b) return known.why;
  const why = stepRefusal(l, b);
  stepRefusals.set(planned, { backend: b, why });
  return why;
}

/** Why `l` cannot be a step of a tiled chain on backend `b` at all, or null. */
export function stepRefusal(l: Launch, b: Backend): string | null {
  if (!b.runTiled || !b.tileLimits) return `the ${b.name} backend runs calls one by one`;
  if (l.mask) return 'a write mask is set';
  const r = tileRefusal(l.kernel.ir, constArgOf(l));
  if (r) return r;
  for (const { a, role } of streamArgs(l)) {
    if (!whole(a)) return `'${a.stream.name}' is passed as a domain`;
    if ((role === 'in' || role === 'out') && !sameShape(a.shape, l.outShape)) return `'${a.stream.name}' is resized to the output`;
    if ((b.bindingsFor?.(a.stream.buffer) ?? 1) > 1) return `'${a.stream.name}' is split into pages`;
  }
  return null;
}

/** A chain being formed: its steps and, from the second on, its tile. */
export class TileChain {
  readonly steps: Step[] = [];
  tile: number[] = [];
  workgroupSize = 0;
  // What joinChecked asks of the steps so far, kept as they join so a join costs the same at the
  // 50th step as at the 2nd (a bitonic sort's chain reaches 55 steps; rebuilt per join, the host
  // time per call grew with the chain).
  // (Made by `rebuild` when an analysis needs them: a chain whose joins all come from the replay
  // trie, or that is refused at once, never allocates them.)
  /** The last step that writes each buffer. */
  private writer!: Map<unknown, number>;
  /** Every buffer the steps bind. */
  private bound!: Set<unknown>;
  /** Gathers from memory (not through the tile), by buffer: a later step writing it is a hazard. */
  private memoryGathers!: Map<unknown, { step: Step; k: number }[]>;
  /** The hand-over slots (handOver's keys) and their bytes per lane. */
  private slots!: Set<string>;
  private slotBytes = 0;
  /** The maps above describe every step (false until the first analysis, and after a replayed step). */
  private live = false;
  /** The replay trie's node of the last step. */
  private node: Recorded;

  private constructor(private readonly backend: Backend, private readonly maxLanes: number, planned: Launch, private readonly stats?: TileStats) {
    let r = recordedChains.get(planned);
    if (!r || r.backend !== backend || r.lanes !== maxLanes) recordedChains.set(planned, (r = { backend, lanes: maxLanes, root: { why: null, next: new WeakMap() } }));
    this.node = r.root;
  }

  /** A chain of `first` (which knownStepRefusal accepts) and `next`, or why they cannot make one.
   *  `planned` is the launch object the
   *  runtime planned, when `first` is a frozen copy of it (FusionQueue.beforeSwap): the replay trie
   *  knows the planned one, which a loop hands over again. A pair refused before is answered from
   *  the trie without making a chain (a ping-pong stencil asks on every call). */
  static pair(first: Launch, next: Launch, backend: Backend, maxLanes: number, planned: Launch = first, stats?: TileStats): TileChain | string {
    const r = recordedChains.get(planned);
    const known = r !== undefined && r.backend === backend && r.lanes === maxLanes ? r.root.next.get(next) : undefined;
    if (known !== undefined && known.why !== null) {
      if (stats) stats.replayed++;
      return known.why;
    }
    const c = new TileChain(backend, maxLanes, planned, stats);
    c.steps.push(replayedStep(first, first.kernel.ir.params.map(() => false)));
    return c.join(next) ?? c;
  }

  /** Adds `l` as the next step: null when it joined, else why it cannot. A decision taken before
   *  at the same place of the same chain (the replay trie) is taken again without analysis. */
  join(l: Launch): string | null {
    const known = this.node.next.get(l);
    if (known !== undefined) {
      if (this.stats) this.stats.replayed++;
      if (known.why === null) {
        this.steps.push(replayedStep(l, known.fromTile!));
        this.tile = known.tile!;
        this.workgroupSize = known.workgroupSize!;
        this.live = false;
        this.node = known;
      }
      return known.why;
    }
    if (!this.live) this.rebuild();
    const why = this.joinAnalysed(l);
    const rec: Recorded = why !== null ? { why, next: new WeakMap() } : { why, fromTile: this.steps[this.steps.length - 1]!.fromTile, tile: this.tile, workgroupSize: this.workgroupSize, next: new WeakMap() };
    this.node.next.set(l, rec);
    if (why === null) this.node = rec;
    return why;
  }

  /** The analysis state of every step, after replayed steps left it behind (join). A gather that a
   *  later step's hazard had proven local again counts as a memory gather here, so the next hazard
   *  proves it again: more work, the same decisions. */
  private rebuild(): void {
    const steps = this.steps.splice(0);
    this.writer = new Map();
    this.bound = new Set();
    this.memoryGathers = new Map();
    this.slots = new Set();
    this.slotBytes = 0;
    steps.forEach((s, i) => {
      if (i > 0) {
        for (const x of handOverPair(steps[i - 1]!.launch, s.launch, s.fromTile)) {
          if (this.slots.has(x.key)) continue;
          this.slots.add(x.key);
          this.slotBytes += x.bytes;
        }
      }
      this.add(s);
    });
    this.live = true;
  }

  /** join's analysis of `l` (the state is live). */
  private joinAnalysed(l: Launch): string | null {
    // A re-planned call (new launch objects, so the replay trie cannot know it) that repeats a
    // refused first pair is known by its kernels, constants, shapes and which arguments share buffers.
    const first = this.steps.length === 1 ? this.steps[0]!.launch : null;
    const quick = first === null ? null : this.pairKey(l);
    const known = quick === null ? undefined : refusedPairs.get(quick);
    const why = known !== undefined ? known : this.joinChecked(l);
    if (why !== null && quick !== null && known === undefined) {
      if (refusedPairs.size > 4096) refusedPairs.clear();
      refusedPairs.set(quick, why);
    }
    return why;
  }

  /** What decides whether `l` may follow the chain's only step (join's cache key): the kernels,
   *  every argument's value or box, which of `l`'s streams share a buffer with the first call's. */
  private pairKey(l: Launch): string {
    const first = this.steps[0]!.launch;
    let key = `${kernelId(first.kernel.ir)}>${kernelId(l.kernel.ir)}|${this.maxLanes}|${l.mask ? 'm' : ''}|${l.outShape}|${first.outShape}|`;
    for (const a of first.args) key += `${argSignature(a)};`;
    key += '>';
    for (const a of l.args) {
      if (a.kind === 'stream') key += `${first.args.findIndex((f) => (f.kind === 'stream' || f.kind === 'iter') && a.stream.buffer !== undefined && f.stream.buffer === a.stream.buffer)}@`;
      key += `${argSignature(a)};`;
    }
    return key;
  }

  private joinChecked(l: Launch): string | null {
    const b = this.backend;
    if (this.steps.length >= MAX_CHAIN_STEPS) return `the chain has ${MAX_CHAIN_STEPS} calls, the most one tiled launch holds`;
    const refused = knownStepRefusal(l, b);
    if (refused) return refused;
    const first = this.steps[0]!.launch;
    if (!sameShape(l.outShape, first.outShape)) return 'its output shape differs from the chain\'s';
    const last = this.steps.length - 1;
    const prev = this.steps[last]!;
    const lArgs = streamArgs(l);
    const fromTile = l.kernel.ir.params.map(() => false);
    const local = new Set<number>();
    let reads = 0;
    for (const { k, a, role } of lArgs) {
      if (role !== 'in' && role !== 'gather') continue;
      const writer = this.writer.get(a.stream.buffer);
      if (writer === last) {
        if (!sameShape(a.shape, l.outShape)) return `it reads '${a.stream.name}' in another shape than the chain's output`;
        fromTile[k] = true;
        reads++;
        if (role === 'gather') local.add(k);
      } else if (writer !== undefined) {
        return `it reads '${a.stream.name}', which call ${writer + 1} of the chain wrote (only the previous call's outputs are kept in the tile)`;
      }
    }
    if (reads === 0) return 'it reads nothing the previous call wrote';
    // Element-wise hand-overs alone are fusion's business (fusion.ts; BROOK_FUSE=0 means one by one):
    // a chain starts with a gather; later steps may also read at their own position.
    if (this.steps.length === 1 && local.size === 0) return 'it reads the previous output only at its own position (fusion\'s case)';
    // A stream this call writes that earlier steps gathered from memory: those gathers must stay in
    // the tile too (else a workgroup would read what another one writes).
    const hazards = new Map<Step, Set<number>>();
    for (const { a, role } of lArgs) {
      if (role !== 'out') continue;
      for (const g of this.memoryGathers.get(a.stream.buffer) ?? []) {
        if (g.step.facts.local.has(g.k)) continue;
        if (!hazards.has(g.step)) hazards.set(g.step, new Set(g.step.facts.local));
        hazards.get(g.step)!.add(g.k);
      }
    }
    const step: Step = { launch: l, fromTile, facts: { ir: l.kernel.ir, constArg: constArgOf(l), local } };
    const facts = [...hazards].map(([s, loc]) => ({ ...s.facts, local: loc }));
    facts.push(step.facts);
    // The bindings: every distinct buffer once.
    const limit = b.limits.maxKernelStreams;
    if (limit !== undefined) {
      const fresh = new Set(lArgs.map((x) => x.a.stream.buffer).filter((buf) => !this.bound.has(buf)));
      if (this.bound.size + fresh.size > limit) return `the chain would bind ${this.bound.size + fresh.size} streams, more than the ${limit} a launch may`;
    }
    const newSlots = handOverPair(prev.launch, l, fromTile).filter((x) => !this.slots.has(x.key));
    const bytes = this.slotBytes + newSlots.reduce((n, x) => n + x.bytes, 0);
    if (this.steps.length === 1) {
      const lim = b.tileLimits!;
      const plan = planChainTile([...this.allFacts(hazards), step.facts], l.outShape, bytes, { maxWorkgroupBytes: lim.maxWorkgroupBytes, maxInvocations: lim.maxInvocations, maxLanes: this.maxLanes });
      if (typeof plan === 'string') return plan;
      this.tile = plan.tile;
      this.workgroupSize = plan.workgroupSize;
    } else {
      const lanes = this.tile.reduce((x, y) => x * y, 1);
      if (bytes * lanes > b.tileLimits!.maxWorkgroupBytes) return `its tile would need ${bytes * lanes} bytes of workgroup memory`;
      const why = proveChain(facts, l.outShape, this.tile);
      if (why) return why;
    }
    for (const [s, loc] of hazards) s.facts.local = loc;
    for (const x of newSlots) this.slots.add(x.key);
    this.slotBytes = bytes;
    this.add(step);
    return null;
  }

  /** Records a step that joined: the buffers it binds and writes, its gathers from memory. */
  private add(step: Step): void {
    const index = this.steps.length;
    this.steps.push(step);
    for (const x of streamArgs(step.launch)) {
      const buf = x.a.stream.buffer;
      this.bound.add(buf);
      if (x.role === 'out') this.writer.set(buf, index);
      if (x.role === 'gather' && !step.fromTile[x.k]) {
        let list = this.memoryGathers.get(buf);
        if (!list) this.memoryGathers.set(buf, (list = []));
        list.push({ step, k: x.k });
      }
    }
  }

  private allFacts(hazards: Map<Step, Set<number>>): ChainStepFacts[] {
    return this.steps.map((s) => ({ ...s.facts, local: hazards.get(s) ?? s.facts.local }));
  }

  /** The steps' launches after their arguments were frozen (FusionQueue.beforeSwap). */
  refreeze(launches: Launch[]): void {
    this.steps.forEach((s, i) => (s.launch = launches[i]!));
  }

  group(id: number): TiledGroup {
    return { id, steps: this.steps.map((s) => s.launch), tile: this.tile, workgroupSize: this.workgroupSize, fromTile: this.steps.map((s) => s.fromTile), replay: this.node };
  }
}

/** The hand-over slots of one pair (`prev` handing over to `next`, which reads `nextFromTile`), with
 *  each slot's bytes per lane: handOver's slots one pair at a time (TileChain's running sum). */
function handOverPair(prev: Launch, next: Launch, nextFromTile: boolean[]): { key: string; bytes: number }[] {
  const out: { key: string; bytes: number }[] = [];
  let q = 0;
  prev.kernel.ir.params.forEach((p, k) => {
    const a = prev.args[k];
    if (p.role !== 'out' || !a || a.kind !== 'stream') return;
    const read = next.kernel.ir.params.some((_, j) => {
      const b = next.args[j];
      return nextFromTile[j] && b !== undefined && b.kind === 'stream' && b.stream.buffer === a.stream.buffer;
    });
    if (!read) return;
    out.push({ key: slotKey(q, p.type), bytes: 4 * wordsOf(p.type) });
    q++;
  });
  return out;
}

/** A hand-over slot's key: the q-th output a step hands over, with its type. */
function slotKey(q: number, t: import('../compiler/types.js').Type): string {
  return `${q}:${JSON.stringify(t)}`;
}

/**
 * The workgroup arrays a chain hands over through: the q-th output (in parameter order) of a step
 * that the next step reads goes to slot (q, its type); the slots' types in order of first use.
 */
export function handOver(steps: Launch[], fromTile: boolean[][]): { slots: import('../compiler/types.js').Type[]; writeSlot: number[][]; readSlot: number[][] } {
  const keys = new Map<string, number>();
  const slots: import('../compiler/types.js').Type[] = [];
  const writeSlot = steps.map((l) => l.kernel.ir.params.map(() => -1));
  const readSlot = steps.map((l) => l.kernel.ir.params.map(() => -1));
  steps.forEach((l, s) => {
    const next = steps[s + 1];
    if (!next) return;
    let q = 0;
    l.kernel.ir.params.forEach((p, k) => {
      const a = l.args[k];
      if (p.role !== 'out' || !a || a.kind !== 'stream') return;
      const readers = next.kernel.ir.params.map((_, j) => j).filter((j) => {
        const b = next.args[j];
        return fromTile[s + 1]![j] && b && b.kind === 'stream' && b.stream.buffer === a.stream.buffer;
      });
      if (readers.length === 0) return;
      const key = slotKey(q, p.type);
      let slot = keys.get(key);
      if (slot === undefined) {
        slot = slots.length;
        keys.set(key, slot);
        slots.push(p.type);
      }
      q++;
      writeSlot[s]![k] = slot;
      for (const j of readers) readSlot[s + 1]![j] = slot;
    });
  });
  return { slots, writeSlot, readSlot };
}
