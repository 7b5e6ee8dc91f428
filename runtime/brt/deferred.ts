/**
 * Deferred intermediates of fused groups (issue 28: SGEMV as written). A fused group (fusion.ts)
 * writes an intermediate it passed in registers when the program may still read it: the seeds' SGEMV
 * `mul(A, x, T); sum(T, y)` then writes all of T, a second matrix of traffic beside A, and runs at half
 * the speed of a matrix-vector product (H200 8192^2: 148 us with T written, 90 us without).
 *
 * Instead, such an intermediate is left unwritten with its recipe: the one call that made it. The
 * call is a map with one output whose inputs the group does not write, so running it again later
 * gives the same bits, as long as nothing wrote its inputs in between. It runs (the intermediate is
 * materialized) before anything that may read the intermediate or write one of the recipe's inputs:
 * - a kernel call or reduction that reads it (any argument role) or writes an input of the recipe;
 * - freeing, overwriting or swapping an input of the recipe (streamRead, free, streamSwap);
 * - every operation the runtime does not describe stream by stream (FusionQueue.flush: scatter and
 *   gather, vout, a planned snapshot copy, direct backend use, the end of a failed cell).
 * It is dropped, never run, when the intermediate is overwritten whole by a call that does not read
 * it, or freed. `finish()`, and `streamWrite` or `streamPrint` of other streams, leave it pending
 * (FusionQueue.flushKeeping, flushFor). So a loop that recomputes T each time, as Figure 3's harness
 * does, never writes it.
 *
 * Only fusion mode 'on' defers (verify mode compares every written stream with its unfused run).
 */
import type { Backend, Launch, LaunchArg, Stream } from './api.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** A held call, as fusion.ts keeps it. */
export interface DeferMember {
  launch: Launch;
  mode: 'map' | 'reduceBlocks' | 'reduceAll';
  temps: unknown[];
}

/** An output a held call wrote, as fusion.ts keeps it. */
export interface DeferValue {
  member: number;
  param: number;
  arg: StreamArg;
  readers: number[];
  superseded: boolean;
  dead: boolean;
}

interface Recipe {
  /** The intermediate (its buffer: what reads and writes name). */
  output: unknown;
  /** The buffers the call reads. */
  inputs: Set<unknown>;
  launch: Launch;
}

const wholeArg = (a: StreamArg) => a.lo.every((x) => x === 0) && a.shape.every((x, d) => x === a.stream.shape[d]);

export class DeferredOutputs {
  private recipes: Recipe[] = [];
  /** Intermediates materialized (run later) and dropped (never written), for tests and `%brook fuse`. */
  readonly stats = { deferred: 0, materialized: 0, dropped: 0 };

  constructor(private readonly backend: () => Backend) {}

  get pending(): number {
    return this.recipes.length;
  }

  /**
   * Before a group of `members` is fused: marks the intermediates that can wait (alive, read by a
   * later member, made by a call that can run again) dead for the fused launch, and returns what
   * `keep` registers once the launch ran.
   */
  deferFrom(members: DeferMember[], values: DeferValue[]): Recipe[] {
    const written = new Set<unknown>();
    for (const m of members) for (const x of streamArgsOf(m.launch)) if (x.role === 'out' || x.role === 'vout') written.add(x.a.stream.buffer);
    const out: Recipe[] = [];
    for (const v of values) {
      if (v.readers.length === 0 || v.dead || v.superseded) continue;
      const m = members[v.member]!;
      const ir = m.launch.kernel.ir;
      if (m.mode !== 'map' || m.temps.length > 0 || m.launch.mask || ir.native !== undefined) continue;
      if (ir.params.filter((p) => p.role === 'out' || p.role === 'vout').length !== 1 || !wholeArg(v.arg)) continue;
      const args = streamArgsOf(m.launch);
      const inputs = new Set(args.filter((x) => x.role !== 'out').map((x) => x.a.stream.buffer));
      if ([...inputs].some((b) => written.has(b))) continue;
      v.dead = true;
      out.push({ output: v.arg.stream.buffer, inputs, launch: m.launch });
    }
    return out;
  }

  /** The fused launch ran without writing these: they wait for a reader. */
  keep(recipes: Recipe[]): void {
    for (const r of recipes) {
      this.dropOutput(r.output);
      this.recipes.push(r);
      this.stats.deferred++;
    }
  }

  /** Before a kernel call or reduction (`target`: a reduction's stream target). */
  beforeLaunch(launch: Launch, target?: StreamArg): void {
    if (this.recipes.length === 0) return;
    const args = streamArgsOf(launch);
    for (const x of args) {
      const b = x.a.stream.buffer;
      if (x.role === 'out' || x.role === 'vout') {
        this.materializeReading(b);
        const read = args.some((y) => y.role !== 'out' && y.role !== 'vout' && y.a.stream.buffer === b);
        if (wholeArg(x.a) && !read && !launch.mask) this.dropOutput(b);
        else this.materializeOutput(b);
      } else this.materializeOutput(b);
    }
    if (target) {
      this.materializeReading(target.stream.buffer);
      this.materializeOutput(target.stream.buffer);
    }
  }

  /** `s` is freed or overwritten whole by a copy: its pending contents are not needed, and recipes
   *  reading it must run first. */
  discard(s: Stream): void {
    if (this.recipes.length === 0) return;
    this.materializeReading(s.buffer);
    this.dropOutput(s.buffer);
  }

  /** Before the host or an operation reads `s`. */
  beforeRead(s: Stream): void {
    if (this.recipes.length > 0) this.materializeOutput(s.buffer);
  }

  /** `s` changes (a partial copy into it, a swap of its buffer): recipes reading or making it run. */
  touch(s: Stream): void {
    if (this.recipes.length === 0) return;
    this.materializeReading(s.buffer);
    this.materializeOutput(s.buffer);
  }

  /** Runs every pending recipe, in the order they were made. */
  materializeAll(): void {
    const all = this.recipes;
    this.recipes = [];
    for (const r of all) this.run(r);
  }

  /** Forgets every pending recipe (the device was lost, the runtime ends). */
  clear(): void {
    this.recipes = [];
  }

  private materializeOutput(buffer: unknown): void {
    const i = this.recipes.findIndex((r) => r.output === buffer);
    if (i < 0) return;
    const [r] = this.recipes.splice(i, 1);
    this.run(r!);
  }

  /** Runs the recipes that read `buffer` (it is about to change). */
  private materializeReading(buffer: unknown): void {
    const hit = this.recipes.filter((r) => r.inputs.has(buffer));
    if (hit.length === 0) return;
    this.recipes = this.recipes.filter((r) => !r.inputs.has(buffer));
    for (const r of hit) this.run(r);
  }

  private dropOutput(buffer: unknown): void {
    const before = this.recipes.length;
    this.recipes = this.recipes.filter((r) => r.output !== buffer);
    this.stats.dropped += before - this.recipes.length;
  }

  private run(r: Recipe): void {
    this.stats.materialized++;
    this.backend().run(r.launch);
  }
}

function streamArgsOf(l: Launch): { a: StreamArg; role: string }[] {
  const out: { a: StreamArg; role: string }[] = [];
  l.kernel.ir.params.forEach((p, k) => {
    const a = l.args[k];
    if (a && a.kind === 'stream' && a.stream.buffer !== undefined) out.push({ a, role: p.role });
  });
  return out;
}
