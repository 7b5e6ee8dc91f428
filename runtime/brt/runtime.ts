/**
 * The runtime generated host code calls (`BrookRuntime` of api.ts), on top of any `Backend`.
 * Everything backend-independent happens here: argument and shape checks (launch.ts), domain
 * arithmetic (streams.ts), host array checks (hostarray.ts), streamPrint's text (print.ts), the
 * reduction rules, vout resizing, scatter/gather checks and the write mask state.
 *
 * Errors are BrookRuntimeError (BRK5xxx) carrying the span the generated code passed. A device loss
 * (BRK5019 from a GPU backend) is reported once; the session then continues on the CPU backend
 * (`hooks.fallback`), keeping its streams with zeroed contents.
 */
import type { Span } from '../compiler/source.js';
import { FLOAT, flattenElement, hasNarrowStorage, isNarrowStorage, narrowNumber, storageScalars, typeToString, type Type } from '../compiler/types.js';
import {
  type Backend,
  type BrookRuntime,
  type CallHints,
  type CompiledKernel,
  type Domain,
  type HostArray,
  type KernelArg,
  type LaunchArg,
  type Stream,
  type StreamLike,
  type StreamOp,
} from './api.js';
import { BrookRuntimeError } from '../compiler/diagnostics.js';
import { brtError, plural, shapeText } from './errors.js';
import { hostWords } from './hostarray.js';
import { isStreamLike, materialize, planLaunch, snapshot, type PlannedLaunch } from './launch.js';
import { PlanCache } from './plan-cache.js';
import { FusionQueue, fusionModeFromEnv, hintedStreams, type FusionMode } from './fusion.js';
import { tileLanesFromEnv, tileModeFromEnv } from './tiling.js';
import { formatStream } from './print.js';
import { TransferClock } from './transfer-clock.js';
import { allocateFor, boxOf, isDomain, checkShape, count, elementWords, iterValues, launchArg, makeDomain, nameOf, runsOf, type Box } from './streams.js';
import { whileWaiting } from './abort.js';

type StreamArg = LaunchArg & { kind: 'stream' };

/** Runs a backend call; a runtime error it raises without a location gets the statement's. */
function located<T>(span: Span | undefined, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof BrookRuntimeError && !e.span) e.span = span;
    throw e;
  }
}

export interface RuntimeHooks {
  /** Makes the CPU backend the session continues on after the GPU device was lost (BRK5019). */
  fallback?: () => Backend;
  /** Where the one-line notice of such a switch goes. */
  notice?: (line: string) => void;
}

export class Runtime implements BrookRuntime {
  private nextId = 1;
  private live = new Set<Stream>();
  /** brook::sentinelStream's streams, by dimension count. */
  private sentinels = new Map<number, Stream>();
  private mask: StreamLike | undefined;
  private maskEnabled = false;
  private current: Backend;
  /** Set when the session moved to the CPU after a device loss: the loss's message. */
  protected deviceLost?: string;
  /** Time in streamRead/streamWrite (read by `%%brook --time`). */
  readonly transfers = new TransferClock();
  /** Kernel calls held for fusion (fusion.ts); every other operation runs them first. */
  readonly fusion: FusionQueue;
  /** Recent map-call plans per kernel, reused by calls like them (plan-cache.ts). */
  private readonly plans = new PlanCache();

  constructor(backend: Backend, private readonly hooks: RuntimeHooks = {}, fusion: FusionMode = fusionModeFromEnv()) {
    this.current = backend;
    this.fusion = new FusionQueue(() => this.current, fusion, tileModeFromEnv(), tileLanesFromEnv());
  }

  /** The backend, after the calls held for fusion were handed to it (code that uses the backend
   *  directly, a profiler, `%brook info`, sees every call made so far). */
  get backend(): Backend {
    this.fusion.flush();
    return this.current;
  }

  /** The backend as it is, held calls not run first: a profile marks it between operations (held
   *  calls carry their own marks, brt/profile-hooks.ts), and must not end fusion by looking. */
  get currentBackend(): Backend {
    return this.current;
  }

  /**
   * Device loss: the error reaches the user once (from the call that noticed it); the session then
   * carries on on the CPU backend. Every live stream gets fresh zeroed CPU storage (its contents
   * were lost with the device), so later statements and cells run instead of failing one by one.
   */
  private lost(e: unknown): void {
    if (!(e instanceof BrookRuntimeError) || e.code !== 'BRK5019' || !this.hooks.fallback || this.current.name === 'cpu') return;
    const gpu = this.current;
    this.fusion.drop();
    const cpu = this.hooks.fallback();
    const reset = [...this.live].filter((s) => s.buffer !== undefined).map((s) => s.name);
    for (const s of this.live) {
      if (s.buffer === undefined) continue;
      s.buffer = cpu.allocate(Math.max(1, count(s.shape) * s.words));
    }
    this.current = cpu;
    this.deviceLost = e.message;
    try {
      gpu.dispose();
    } catch {
      // the lost device may refuse even this; nothing is left to free
    }
    const names = reset.length === 0 ? '' : `: ${reset.slice(0, 20).join(', ')}${reset.length > 20 ? ` and ${reset.length - 20} more` : ''}`;
    this.hooks.notice?.(`brook: the GPU device was lost; continuing on the CPU backend (stream contents were reset to zero${names})\n`);
  }

  private async guard<T>(f: () => Promise<T>): Promise<T> {
    try {
      return await whileWaiting(f);
    } catch (e) {
      this.lost(e);
      throw e;
    }
  }

  private guardSync<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      this.lost(e);
      throw e;
    }
  }

  // ---- streams ----------------------------------------------------------------------------------

  createStream(name: string, elem: Type, shape: number[], span?: Span): Stream {
    return this.guardSync(() => {
      checkShape(name, shape, span);
      const words = elementWords(name, elem, span);
      const buffer = allocateFor(this.current, name, count(shape) * words, span, words);
      const s: Stream = { id: this.nextId++, name, elem, shape: [...shape], words, buffer, freed: false };
      this.live.add(s);
      return s;
    });
  }

  createIter(name: string, elem: Type, shape: number[], lo: number[], hi: number[], span?: Span): Stream {
    checkShape(name, shape, span);
    const words = elementWords(name, elem, span);
    const comps = flattenElement(elem);
    if (comps.some((c) => c.scalar !== 'float') || elem.kind === 'struct') {
      throw brtError('BRK5021', { name, why: `iterators hold float..float4, not ${typeToString(elem)}` }, span);
    }
    const fit = (v: number[]) => (v.length === words ? v : v.length === 1 ? new Array<number>(words).fill(v[0]!) : null);
    const l = fit(lo);
    const h = fit(hi);
    if (!l || !h) {
      throw brtError('BRK5021', { name, why: `lo and hi need ${words} component${plural(words)} each, got ${lo.length} and ${hi.length}` }, span);
    }
    const s: Stream = { id: this.nextId++, name, elem, shape: [...shape], words, iter: { lo: l, hi: h }, freed: false };
    this.live.add(s);
    return s;
  }

  domain(s: StreamLike, lo: number[], hi: number[], span?: Span): Domain {
    return makeDomain(s, lo, hi, span);
  }

  free(s: Stream): void {
    if (s.freed) return;
    // Its contents are never read again: a held intermediate holding them need not be written.
    this.fusion.discardContents(s);
    if (s.buffer !== undefined) this.current.release(s.buffer);
    s.buffer = undefined;
    s.freed = true;
    this.live.delete(s);
  }

  liveStreams(): Stream[] {
    return [...this.live];
  }

  // ---- host copies ------------------------------------------------------------------------------

  async streamRead(s: StreamLike, src: HostArray, span?: Span): Promise<void> {
    const b = boxOf(s, span);
    if (b.stream.iter) throw brtError('BRK5023', { name: b.stream.name }, span);
    const n = count(b.shape);
    const host = hostWords('streamRead', src, nameOf(s), b.stream.elem, n, span);
    // Held calls run first, outside the transfer clock; a copy over the whole stream replaces what
    // they left in it, so a held intermediate there need not be written.
    if (b.lo.every((x) => x === 0) && b.shape.every((x, d) => x === b.stream.shape[d])) this.fusion.discardContents(b.stream);
    this.fusion.flushFor([], [b.stream]);
    return this.transfers.time(() => this.guard(async () => {
      const data = host.get(n * b.stream.words);
      let at = 0;
      for (const [off, words] of runsOf(b)) {
        this.current.write(b.stream.buffer, off, data.subarray(at, at + words));
        at += words;
      }
    }));
  }

  async streamWrite(s: StreamLike, dst: HostArray, span?: Span): Promise<void> {
    // Deferred intermediates (deferred.ts) other than this one keep waiting.
    this.fusion.flushFor([isDomain(s) ? s.stream : s]);
    return this.transfers.time(() => this.guard(async () => {
      const b = boxOf(s, span);
      const n = count(b.shape);
      const host = hostWords('streamWrite', dst, nameOf(s), b.stream.elem, n, span);
      // One contiguous run into a host array viewable as words: let the backend copy into it directly.
      const runs = b.stream.iter || !this.current.readInto || !host.direct ? [] : runsOf(b);
      if (runs.length === 1) {
        await this.current.readInto!(b.stream.buffer, runs[0]![0], runs[0]![1], host.direct!(runs[0]![1]));
        return;
      }
      host.set(await this.readBox(b));
    }));
  }

  /** The box's elements as dense row-major words. */
  private async readBox(b: Box): Promise<Uint32Array> {
    if (b.stream.iter) {
      const v = iterValues(b);
      return new Uint32Array(v.buffer, v.byteOffset, v.length);
    }
    const runs = runsOf(b);
    if (runs.length === 1) return this.current.read(b.stream.buffer, runs[0]![0], runs[0]![1]);
    const out = new Uint32Array(count(b.shape) * b.stream.words);
    let at = 0;
    // One read of the covering range, then the rows (fewer device round trips than one per row).
    if (runs.length > 0) {
      const first = runs[0]![0];
      const last = runs[runs.length - 1]!;
      const all = await this.current.read(b.stream.buffer, first, last[0] + last[1] - first);
      for (const [off, words] of runs) {
        out.set(all.subarray(off - first, off - first + words), at);
        at += words;
      }
    }
    return out;
  }

  async streamPrint(s: StreamLike, span?: Span): Promise<string> {
    return this.guard(async () => {
      this.fusion.flushFor([isDomain(s) ? s.stream : s]);
      const b = boxOf(s, span);
      const words = await this.readBox(b);
      return formatStream(words, b.stream.elem, count(b.shape), b.shape[b.shape.length - 1]!);
    });
  }

  streamSwap(a: Stream, b: Stream): void {
    // Held calls name the streams' buffers as they are now: a fused group runs first, a tiled
    // chain freezes its arguments, deferred intermediates reading or making them run (fusion.ts beforeSwap).
    this.fusion.beforeSwap(a, b);
    boxOf(a);
    boxOf(b);
    for (const s of [a, b]) if (s.iter) throw brtError('BRK5023', { name: s.name });
    if (typeToString(a.elem) !== typeToString(b.elem)) {
      throw brtError('BRK5018', { a: a.name, b: b.name, ta: typeToString(a.elem), tb: typeToString(b.elem) });
    }
    const shape = a.shape;
    a.shape = b.shape;
    b.shape = shape;
    const buf = a.buffer;
    a.buffer = b.buffer;
    b.buffer = buf;
  }

  sentinelStream(dim: number, span?: Span): Stream {
    return this.guardSync(() => {
      let s = this.sentinels.get(dim);
      if (s && !s.freed) return s;
      if (!Number.isInteger(dim) || dim < 1 || dim > 4) {
        throw brtError('BRK5001', { name: 'brook::sentinelStream', shape: String(dim), why: `a stream has 1 to 4 dimensions, not ${dim}` }, span);
      }
      s = this.createStream(`sentinelStream(${dim})`, FLOAT, new Array<number>(dim).fill(1), span);
      this.live.delete(s); // the runtime's own, as in BrookGPU (a static there): not a program's leak
      this.backend.write(s.buffer, 0, new Uint32Array(new Float32Array([Infinity]).buffer));
      this.sentinels.set(dim, s);
      return s;
    });
  }

  streamSize(s: StreamLike): number[] {
    const shape = boxOf(s).shape;
    const out = [0, 0, 0, 0];
    for (let k = 0; k < Math.min(shape.length, 4); k++) out[k] = shape[shape.length - 1 - k]!;
    return out;
  }

  // ---- kernels ----------------------------------------------------------------------------------

  call(k: CompiledKernel, args: KernelArg[], span?: Span, hints?: CallHints): void | Promise<void> {
    return this.guardSync(() => {
      if (k.ir.kind !== 'map') {
        throw brtError('BRK5024', { kernel: k.ir.name, have: 'a reduction', want: 'a kernel', fix: 'call it with a reduction target: a host variable or a smaller stream' }, span);
      }
      const mask = this.activeMask(span);
      // A call like a recent one (a loop) reuses its plan (plan-cache.ts); masked calls plan anew.
      const vout = k.ir.params.some((p) => p.role === 'vout');
      let planned = mask === undefined && !vout ? this.plans.find(k, args, span) : undefined;
      if (!planned) {
        planned = planLaunch(this.current, k, args, { mode: 'map', mask, span, beforeCopy: () => this.fusion.flush() });
        if (mask === undefined && !vout) this.plans.remember(k, args, span, planned);
      }
      if (vout) {
        this.fusion.flush();
        return this.guard(() => this.runVout(planned, span));
      }
      this.fusion.map(planned.launch, planned.temps, hintedStreams(hints?.dead));
    });
  }

  private activeMask(span?: Span): StreamLike | undefined {
    if (!this.maskEnabled) return undefined;
    if (!this.mask) throw brtError('BRK5022', {}, span);
    return this.mask;
  }

  private releaseTemps(p: PlannedLaunch): void {
    for (const t of p.temps) this.current.release(t);
  }

  /**
   * vout: the backend returns packed pushes per vout parameter; each vout stream then gets a new
   * buffer. 1-D: exactly the pushed elements. 2-D (and up): rows as wide as the launch's last extent
   * (the inputs' largest, BrookGPU's maxextents[1]), the last row padded with +inf as the original
   * did; the number of rows is ceil(n / width).
   */
  private async runVout(planned: PlannedLaunch, span?: Span): Promise<void> {
    const ir = planned.launch.kernel.ir;
    let result: { counts: number[]; buffers: unknown[] };
    try {
      result = await this.current.runVout(planned.launch);
    } catch (e) {
      const param = (e as { param?: unknown }).param;
      if (typeof param === 'number' && ir.params[param]) {
        const p = ir.params[param]!;
        throw brtError('BRK5020', { kernel: ir.name, max: p.voutMax, s: plural(p.voutMax ?? 0), param: p.sourceName, elem: typeToString(p.type) }, span);
      }
      throw e;
    } finally {
      this.releaseTemps(planned);
    }
    let j = 0;
    ir.params.forEach((p, i) => {
      if (p.role !== 'vout') return;
      const n = result.counts[j]!;
      const buf = result.buffers[j]!;
      j++;
      const s = planned.outputs.get(i)!.stream;
      const w = s.words;
      let shape: number[];
      let storage: unknown = buf;
      if (s.shape.length === 1) {
        shape = [n];
      } else {
        // BrookGPU's vout prologue sized the result by the launch (maxextents of the inputs), not
        // by the declaration: subdivision declares `float2 shouldProduce<streamY, 0>`.
        const launched = planned.launch.outShape;
        const width = Math.max(1, launched.length === s.shape.length ? launched[launched.length - 1]! : s.shape[s.shape.length - 1]!);
        const rows = Math.ceil(n / width);
        shape = [...s.shape.slice(0, -2).map(() => 1), rows, width];
        const padded = count(shape) - n;
        if (padded > 0) {
          storage = allocateFor(this.current, s.name, count(shape) * w, span, w);
          this.current.copy(buf, 0, storage, 0, n * w);
          this.current.write(storage, n * w, new Float32Array(padded * w).fill(Infinity));
          this.current.release(buf);
        }
      }
      if (s.buffer !== undefined) this.current.release(s.buffer);
      s.buffer = storage;
      s.shape = shape;
    });
  }

  async reduceToValue(k: CompiledKernel, args: KernelArg[], span?: Span, hints?: CallHints): Promise<number | number[]> {
    return this.guard(async () => {
      const { planned, input, reduceParam } = this.planReduction(k, args, span);
      if (count(input.shape) === 0) {
        this.releaseTemps(planned);
        throw brtError('BRK5025', { kernel: k.ir.name, name: `'${input.stream.name}'` }, span);
      }
      planned.launch.args[reduceParam] = { kind: 'value', value: [] };
      const all = await this.fusion.reduceAll(planned.launch, planned.temps, hintedStreams(hints?.dead));
      // `reduce char r<>` gives a char: the int the body computed, narrowed like a store.
      const narrow = storageScalars(k.ir.params[reduceParam]!);
      const r = narrow.length > 0 ? all.map((v, c) => narrowNumber(narrow[c]!, v)) : all;
      return r.length === 1 ? r[0]! : r;
    });
  }

  reduceToStream(k: CompiledKernel, args: KernelArg[], span?: Span, hints?: CallHints): void {
    return this.guardSync(() => {
      const { planned, input, reduceParam } = this.planReduction(k, args, span);
      let handed = false;
      try {
        const targetArg = args[reduceParam]!;
        const p = k.ir.params[reduceParam]!;
        if (!isStreamLike(targetArg)) {
          throw brtError('BRK5013', { param: p.sourceName, kernel: k.ir.name, want: 'a stream', have: 'a value', fix: 'use reduceToValue for a host variable' }, span);
        }
        const t = boxOf(targetArg, span);
        if (t.stream.iter) throw brtError('BRK5023', { name: t.stream.name }, span);
        const elem = p.storage ?? p.type;
        if (flattenElement(t.stream.elem).map((c) => c.scalar).join() !== flattenElement(elem).map((c) => c.scalar).join()) {
          throw brtError('BRK5015', { param: p.sourceName, kernel: k.ir.name, want: typeToString(elem), name: nameOf(targetArg), have: typeToString(t.stream.elem) }, span);
        }
        const common = { kernel: k.ir.name, name: nameOf(targetArg), inShape: shapeText(input.shape), outShape: shapeText(t.shape) };
        if (t.shape.length !== input.shape.length) {
          throw brtError('BRK5008', { ...common, have: t.shape.length, want: input.shape.length }, span);
        }
        input.shape.forEach((e, d) => {
          const o = t.shape[d]!;
          if (o === 0 ? e !== 0 : e % o !== 0) throw brtError('BRK5007', { ...common, dim: d, inExtent: e, outExtent: o }, span);
        });
        if (count(t.shape) === 0) return;
        planned.launch.args[reduceParam] = launchArg(t);
        handed = true; // the fusion queue releases the temporaries once the reduction ran
        this.fusion.reduceBlocks(planned.launch, launchArg(t) as StreamArg, planned.temps, hintedStreams(hints?.dead));
      } finally {
        if (!handed) this.releaseTemps(planned);
      }
    });
  }

  private planReduction(k: CompiledKernel, args: KernelArg[], span?: Span) {
    if (k.ir.kind !== 'reduce') {
      throw brtError('BRK5024', { kernel: k.ir.name, have: 'a map kernel', want: 'a reduction', fix: 'declare it with `reduce void name(T a<>, reduce T r<>)`' }, span);
    }
    const planned = planLaunch(this.current, k, args, { mode: 'reduce', span, beforeCopy: () => this.fusion.flush() });
    const inputIndex = k.ir.params.findIndex((p) => p.role === 'in');
    const reduceParam = k.ir.params.findIndex((p) => p.role === 'reduce');
    const inArg = planned.launch.args[inputIndex] as StreamArg;
    planned.launch.outShape = inArg.shape;
    return { planned, input: { stream: inArg.stream, lo: inArg.lo, shape: inArg.shape } as Box, reduceParam };
  }

  // ---- scatter / gather -------------------------------------------------------------------------

  scatterOp(dst: StreamLike, index: StreamLike, data: StreamLike, op: StreamOp, span?: Span): void {
    this.fusion.flush();
    return this.guardSync(() => this.withTemps((temps) => {
      const { d, x, s } = this.checkScatterGather('streamScatterOp', dst, index, data, op, temps, false, span);
      if (typeof op !== 'number') this.checkOpKernel('streamScatterOp', op, d.stream.elem, span);
      located(span, () => this.current.scatterOp(d, x, s, op));
    }));
  }

  gatherOp(dst: StreamLike, index: StreamLike, src: StreamLike, op: StreamOp, span?: Span): void {
    this.fusion.flush();
    return this.guardSync(() => this.withTemps((temps) => {
      const { d, x, s } = this.checkScatterGather('streamGatherOp', src, index, dst, op, temps, true, span);
      if (typeof op !== 'number') this.checkOpKernel('streamGatherOp', op, s.stream.elem, span);
      // Argument order of the backend call: (dst, index, src).
      located(span, () => this.current.gatherOp(s, x, d, op));
    }));
  }

  /** Run `f` with a list for temporaries (materialized iterators), released afterwards however f ends. */
  private withTemps(f: (temps: unknown[]) => void): void {
    const temps: unknown[] = [];
    try {
      f(temps);
    } finally {
      for (const t of temps) this.current.release(t);
    }
  }

  /** A kernel used as a scatter/gather op: a reduce kernel over the streams' element type, whose
   *  other parameters (constants, gathers) cannot be passed through streamScatterOp. */
  private checkOpKernel(op: string, k: CompiledKernel, elem: Type, span?: Span): void {
    const ir = k.ir;
    if (ir.kind !== 'reduce') {
      throw brtError('BRK5024', { kernel: ir.name, have: 'a map kernel', want: 'a reduction', fix: `${op} combines with a reduce kernel (reduce void f(T a<>, reduce T r<>)) or a STREAM_* constant` }, span);
    }
    const kinds = (t: Type) => flattenElement(t).map((c) => c.scalar).join();
    const bad = ir.params.find((p) => (p.role === 'in' || p.role === 'reduce' ? kinds(p.storage ?? p.type) !== kinds(elem) : true));
    if (bad || ir.indexofParams.length > 0) {
      throw brtError('BRK5017', {
        op,
        what: `kernel '${ir.name}' must take exactly (${typeToString(elem)} a<>, reduce ${typeToString(elem)} r<>)${bad ? `, but '${bad.sourceName}' is ${typeToString(bad.storage ?? bad.type)}` : ', without indexof'}`,
        fix: 'write a reduce kernel over the element type of the streams',
      }, span);
    }
  }

  /** `target` is addressed through `index`; `perElement` is iterated (same shape as `index`) and is
   *  written when `perElementWritten` (gatherOp's destination). An iterator index, or an iterator as
   *  the data read, is materialized into a temporary (pushed on `temps`, released by the caller). */
  private checkScatterGather(op: string, target: StreamLike, index: StreamLike, perElement: StreamLike, code: StreamOp, temps: unknown[], perElementWritten: boolean, span?: Span) {
    let t = boxOf(target, span);
    let x = boxOf(index, span);
    let e = boxOf(perElement, span);
    const fail = (what: string, fix: string) => brtError('BRK5017', { op, what, fix }, span);
    if (typeToString(t.stream.elem) !== typeToString(e.stream.elem)) {
      throw fail(`'${nameOf(target)}' holds ${typeToString(t.stream.elem)} but '${nameOf(perElement)}' holds ${typeToString(e.stream.elem)}`, 'use streams of one element type');
    }
    if (shapeText(x.shape) !== shapeText(e.shape)) {
      throw fail(`index stream '${nameOf(index)}' has shape <${shapeText(x.shape)}> but '${nameOf(perElement)}' has <${shapeText(e.shape)}>`, 'the index stream needs one index per element');
    }
    const xk = flattenElement(x.stream.elem);
    if (xk.length !== t.shape.length || xk.some((c) => c.scalar === 'bool' || isNarrowStorage(c.scalar))) {
      throw fail(`index stream '${nameOf(index)}' holds ${typeToString(x.stream.elem)}, but '${nameOf(target)}' has ${t.shape.length} dimension${plural(t.shape.length)}`, `use a stream of ${t.shape.length === 1 ? 'float' : `float${t.shape.length}`} indices (x = the fastest dimension)`);
    }
    // The written streams (scatter's target, gather's destination, and gather's source unless the op
    // only fetches) cannot be iterators; the others are read and may be.
    if (t.stream.iter && (!perElementWritten || code !== 0)) throw brtError('BRK5023', { name: t.stream.name }, span);
    if (perElementWritten && e.stream.iter) throw brtError('BRK5023', { name: e.stream.name }, span);
    if (typeof code === 'number' && ![0, 1, 2].includes(code)) throw fail(`unknown operation ${code}`, 'use one of the STREAM_SCATTER_* / STREAM_GATHER_* constants or a reduce kernel');
    // ADD, MUL and INC run per 32-bit word (atomics on the GPU): they would not wrap an 8-bit
    // element. A reduce kernel as the op stores through the kernel's narrowing stores.
    if (typeof code === 'number' && code !== 0 && hasNarrowStorage(t.stream.elem)) {
      throw fail(`'${nameOf(target)}' holds ${typeToString(t.stream.elem)}: ${op === 'streamScatterOp' ? 'STREAM_SCATTER_ADD and _MUL' : 'STREAM_GATHER_INC'} work on 32-bit elements only`, 'pass a reduce kernel as the op (reduce void add(char a<>, reduce char r<>) { r += a; }), or use int streams');
    }
    // Aliasing (BROOK.md 4: a call reads its inputs' values from before the call). gatherOp's
    // destination and source in one stream would be two writes to one element: refused. A stream read
    // here (the index; scatter's data) that the call also writes is read from a snapshot.
    const targetWritten = !perElementWritten || code !== 0;
    if (perElementWritten && targetWritten && t.stream === e.stream) {
      throw fail(`'${nameOf(target)}' is both the destination and the source`, 'gather into another stream (each element would be written twice: the fetched value and its update)');
    }
    const written = (b: Box) => (targetWritten && b.stream === t.stream) || (perElementWritten && b.stream === e.stream);
    if (!x.stream.iter && written(x)) x = snapshot(this.current, x, temps, span);
    if (!perElementWritten && !e.stream.iter && e.stream === t.stream) e = snapshot(this.current, e, temps, span);
    if (perElementWritten && !targetWritten && !t.stream.iter && t.stream === e.stream) t = snapshot(this.current, t, temps, span);
    if (t.stream.iter) t = materialize(this.current, t, temps, span);
    if (x.stream.iter) x = materialize(this.current, x, temps, span);
    if (e.stream.iter) e = materialize(this.current, e, temps, span);
    return { d: launchArg(t) as StreamArg, x: launchArg(x) as StreamArg, s: launchArg(e) as StreamArg };
  }

  // ---- write mask -------------------------------------------------------------------------------

  setWriteMask(mask: StreamLike, span?: Span): void {
    const b = boxOf(mask, span);
    if (b.stream.iter) throw brtError('BRK5017', { op: 'streamSetWriteMask', what: 'the mask is an iterator', fix: 'streamRead the mask values into a float stream' }, span);
    this.mask = mask;
  }

  enableWriteMask(): void {
    this.maskEnabled = true;
  }

  disableWriteMask(): void {
    this.maskEnabled = false;
  }

  async finish(): Promise<void> {
    return this.guard(async () => {
      this.fusion.flushKeeping();
      await this.current.finish();
      await this.fusion.settled();
    });
  }
}
