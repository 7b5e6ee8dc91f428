/**
 * BrookGPU's `brook::stream` values in host memory. Its programs keep streams in malloc'ed arrays
 * (`(brook::stream*)brmalloc(n * sizeof(brook::stream))`, then `memcpy(streams + i, &s,
 * sizeof(brook::stream))`) and read them back as `streams[i]`. A stream here is a runtime object,
 * not bytes, so such a slot holds a handle: a small integer (stored like a pointer, 8 bytes) that
 * this table maps back to the stream. Handle 0 is no stream (memory that was never given one).
 *
 * In:  stream objects (`&s` of a host stream is the stream itself: codegen/host/expr.ts).
 * Out: handles written into Mem, streams read back from Mem.
 * Always: a stream keeps one handle for the run; reading a slot without one is a located error; a
 * stream assigned into a slot (`*p = s`) is never freed before the program ends.
 * Also BrookGPU's element types as values (`brook::getStreamType`): one address per type.
 */
import type { Mem } from './memory.js';
import { BrookRuntimeError } from '../compiler/diagnostics.js';
import type { Span } from '../compiler/source.js';

/** BRK5017 ('{op}: {what}', hint '{fix}') at the C call. */
const fail = (what: string, fix: string, span?: Span) => new BrookRuntimeError('BRK5017', `brook::stream: ${what}`, span, fix);

export class StreamHandles {
  private readonly ids = new Map<object, number>();
  private readonly byId: object[] = [];
  /** brook::getStreamType: one address per element type (by its JSON, equal across cells). */
  private readonly typeAddrs = new Map<string, number>();
  private readonly typesAt = new Map<number, object>();
  /** Streams assigned into a slot: they live until the program ends. */
  private readonly kept = new WeakSet<object>();
  /** getExtents(): a block of extents per stream. */
  private readonly extentBlocks = new WeakMap<object, { p: number; n: number }>();

  constructor(private readonly mem: Mem) {}

  /** memcpy(dst, &s, n) with a stream as the source: the stream's handle into the slot at dst. */
  store(dst: number, stream: object, n: number, span?: Span): number {
    if (n !== 8) throw fail(`memcpy from a stream copies ${n} bytes; a brook::stream slot is 8`, 'copy one stream per slot: memcpy(p + i, &s, sizeof(brook::stream))', span);
    let id = this.ids.get(stream);
    if (id === undefined) {
      this.byId.push(stream);
      id = this.byId.length;
      this.ids.set(stream, id);
    }
    this.mem.storeI64(dst, id);
    return dst;
  }

  /** `new brook::stream(...)`: a fresh 8-byte slot holding the stream's handle (a brook::stream *). */
  alloc(stream: object, span?: Span): number {
    const p = this.mem.malloc(8);
    return this.store(p, stream, 8, span);
  }

  /**
   * `*p = s` / `p[i] = s`: BrookGPU's brook::stream assignment through a pointer. When p addresses
   * brook::stream slots (new brook::stream, an array of them) the slot now names s, and s is held:
   * it outlives its block (BrookGPU counted references) until the program ends. When p is `&t` of a
   * declared stream, t and s would be two names of one stream; streams are tracked by identity
   * (in-place calls, fusion, swaps), so that is a located error here, when the statement runs.
   */
  assign(p: number | object, i: number, s: object, span?: Span): object {
    if (typeof p === 'object') {
      throw fail('assigning a stream through a pointer to a declared stream (&t) would make two names share one stream; not supported', 'point at a heap stream (brook::stream *p = new brook::stream(...)) so that the slot names the new stream, or copy the values with a kernel or exchange them with streamSwap(*p, s)', span);
    }
    const at = p + 8 * i;
    if (!this.mem.accessible(at, 8)) {
      const f = this.mem.fault(at, 8, true);
      throw new BrookRuntimeError(f.code, f.message, span, f.hint);
    }
    this.store(at, s, 8, span);
    this.kept.add(s);
    return s;
  }

  /** Whether a slot was given s by `assign` (its block must not free it). */
  held(s: object): boolean {
    return this.kept.has(s);
  }

  /** `brook::getStreamType((T *)0)`: the address standing for element type T (a 16-byte block, as a
   *  FILE *), the same for every call with that T, so programs may compare and keep it. */
  typeAddress(elem: object): number {
    const key = JSON.stringify(elem);
    let p = this.typeAddrs.get(key);
    if (p === undefined) {
      p = this.mem.malloc(16);
      this.typeAddrs.set(key, p);
      this.typesAt.set(p, elem);
    }
    return p;
  }

  /** The element type a `const brook::StreamType *` stands for (its use in new brook::stream). */
  elemType(p: number, span?: Span): object {
    const t = this.typesAt.get(p);
    if (!t) throw fail(`no element type at address ${p}`, 'pass brook::getStreamType((T *)0), or a variable holding it', span);
    return t;
  }

  /** `p->getExtents()`: the stream's extents in declaration order (`float s<4, 8>`: 4, 8) as
   *  unsigned ints in host memory, one block per stream, rewritten at each call (a vout or streamSwap
   *  may have changed them since); valid while the program runs. */
  extents(s: object, span?: Span): number {
    const shape = (s as { shape?: readonly number[] }).shape;
    if (!shape) throw fail('getExtents() of a domain', 'call it on the whole stream', span);
    let b = this.extentBlocks.get(s);
    if (!b || b.n !== shape.length) {
      b = { p: this.mem.malloc(4 * shape.length), n: shape.length };
      this.extentBlocks.set(s, b);
    }
    for (let i = 0; i < shape.length; i++) this.mem.u32[(b.p >>> 2) + i] = shape[i]!;
    return b.p;
  }

  /** `p[i]` of a pointer to streams: the stream itself when p is one (`&s`, i = 0), else the stream
   *  whose handle is in the slot at p + 8 i. */
  at(p: number | object, i: number, span?: Span): object {
    if (typeof p === 'object') {
      if (i === 0) return p;
      throw fail(`index ${i} of a pointer to one stream (&s)`, 'only [0] (or *p) of &s exists; keep several streams in an array of brook::stream', span);
    }
    if (p === 0) throw fail('a null pointer (an empty brook::stream handle) names no stream', 'pass a stream, or compare the pointer with the empty handle before using it', span);
    const id = this.mem.loadI64(p + 8 * i);
    const s = this.byId[id - 1];
    if (!s) throw fail(`no stream at address ${p + 8 * i}`, 'copy a stream into the slot first: memcpy(p + i, &s, sizeof(brook::stream))', span);
    return s;
  }
}
