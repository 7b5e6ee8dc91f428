/**
 * Streams, iterators and domains: creation, validation and the box arithmetic every other module
 * uses. Shapes and domain bounds are in declaration order (last extent fastest), as in api.ts.
 *
 * Decisions:
 * - Extents are integers >= 0 (a vout result may be empty); rank 1 to 4.
 * - A domain of a domain is relative to the outer domain and must lie inside it.
 * - An iterator's element i holds lo + ((hi - lo) * i) / n, evaluated in float32 step by step
 *   (d = hi - lo; t = d * i; t = t / n; lo + t). 1-D: every component steps along the stream. 2-D and
 *   up: x steps along the fastest dimension (columns), y along the next (rows), z and w further;
 *   components past the rank stay at lo. Both backends compute it from the position: no memory.
 */
import type { Span } from '../compiler/source.js';
import { flattenElement, isNarrowStorage, typeToString, type Type } from '../compiler/types.js';
import type { Backend, Domain, LaunchArg, Stream, StreamLike } from './api.js';
import { brtError, shapeText } from './errors.js';
import { limitText, MAX_STREAM_EXTENT } from '../compiler/limits.js';
import { iteratorValue } from '../compiler/facts/iterator.js';

export interface Box {
  stream: Stream;
  lo: number[];
  shape: number[];
}

export function isDomain(s: StreamLike): s is Domain {
  return (s as Domain).kind === 'domain';
}

export function count(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** 32-bit words per element, one a component (8/16-bit and fixed components too: types.ts
 *  narrowStorage); 64-bit components cannot live in a stream. */
export function elementWords(name: string, elem: Type, span?: Span): number {
  const comps = flattenElement(elem);
  const bad = comps.find((c) => !['float', 'int', 'uint', 'bool'].includes(c.scalar) && !isNarrowStorage(c.scalar));
  if (comps.length === 0 || bad) {
    throw brtError('BRK5001', { name, shape: '', why: `elements of type ${typeToString(elem)} cannot be stored in a stream (only float, int, uint, bool, char, unsigned char, short, fixed, their vectors and structs of them)` }, span);
  }
  return comps.length;
}

export function checkShape(name: string, shape: readonly number[], span?: Span): void {
  const why =
    shape.length < 1 || shape.length > 4
      ? `a stream has 1 to 4 dimensions, not ${shape.length}`
      : shape.some((x) => !Number.isInteger(x) || x < 0)
        ? `extent ${shape.find((x) => !Number.isInteger(x) || x < 0)} is not a non-negative integer`
        : shape.some((x) => x > MAX_STREAM_EXTENT)
          ? `extent ${shape.find((x) => x > MAX_STREAM_EXTENT)} is larger than the limit of ${limitText(MAX_STREAM_EXTENT)}`
          : undefined;
  if (why) throw brtError('BRK5001', { name, shape: shapeText(shape), why }, span);
}

export function checkLive(s: Stream, span?: Span): void {
  if (s.freed) throw brtError('BRK5011', { name: s.name }, span);
}

/** The box a stream or domain denotes. */
export function boxOf(s: StreamLike, span?: Span): Box {
  if (isDomain(s)) {
    checkLive(s.stream, span);
    return { stream: s.stream, lo: [...s.lo], shape: s.hi.map((h, d) => h - s.lo[d]!) };
  }
  checkLive(s, span);
  return { stream: s, lo: s.shape.map(() => 0), shape: [...s.shape] };
}

export function nameOf(s: StreamLike): string {
  return isDomain(s) ? `${s.stream.name}.domain(...)` : s.name;
}

export function makeDomain(s: StreamLike, lo: number[], hi: number[], span?: Span): Domain {
  const outer = boxOf(s, span);
  const name = outer.stream.name;
  const rank = outer.shape.length;
  const fail = (why: string) => brtError('BRK5004', { name, why, shape: shapeText(outer.stream.shape) }, span);
  if (lo.length !== rank || hi.length !== rank) {
    throw fail(`the stream has ${rank} dimension${rank === 1 ? '' : 's'} but the bounds have ${lo.length} and ${hi.length} components`);
  }
  for (let d = 0; d < rank; d++) {
    const l = lo[d]!;
    const h = hi[d]!;
    if (!Number.isInteger(l) || !Number.isInteger(h)) throw fail(`bounds (${lo.join(', ')}) to (${hi.join(', ')}) are not integers`);
    if (l < 0 || h < l || h > outer.shape[d]!) {
      throw fail(`dimension ${d} (extent ${outer.shape[d]}) gets [${l}, ${h})`);
    }
  }
  return {
    kind: 'domain',
    stream: outer.stream,
    lo: lo.map((l, d) => l + outer.lo[d]!),
    hi: hi.map((h, d) => h + outer.lo[d]!),
  };
}

/** A launch argument for a box. */
export function launchArg(b: Box): LaunchArg & { kind: 'stream' | 'iter' } {
  return { kind: b.stream.iter ? 'iter' : 'stream', stream: b.stream, lo: b.lo, shape: b.shape };
}

/** Iterator values of a box, row-major, flattened (float32): the rule of compiler/facts/iterator.ts. */
export function iterValues(b: Box): Float32Array {
  const it = b.stream.iter!;
  const comps = it.lo.length;
  const n = count(b.shape);
  const out = new Float32Array(n * comps);
  const rank = b.stream.shape.length;
  const pos = b.shape.map(() => 0);
  const f = Math.fround;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < comps; c++) {
      const d = rank === 1 ? 0 : c < rank ? rank - 1 - c : -1;
      const lo = f(it.lo[c]!);
      if (d < 0) {
        out[i * comps + c] = lo;
        continue;
      }
      const idx = pos[d]! + b.lo[d]!;
      out[i * comps + c] = iteratorValue(lo, f(f(it.hi[c]!) - lo), b.stream.shape[d]!, idx);
    }
    for (let d = rank - 1; d >= 0; d--) {
      if (++pos[d]! < b.shape[d]!) break;
      pos[d] = 0;
    }
  }
  return out;
}

/**
 * Contiguous runs of a box in its stream, in row-major order: [wordOffset, words] pairs. A whole
 * stream or a box of full rows is one run.
 */
export function runsOf(b: Box): [number, number][] {
  const w = b.stream.words;
  const S = b.stream.shape;
  const rank = S.length;
  const strides = S.map((_, d) => count(S.slice(d + 1)));
  // Merge trailing dimensions that the box covers fully.
  let inner = rank - 1;
  let runLen = b.shape[rank - 1]!;
  while (inner > 0 && b.shape[inner] === S[inner] && b.lo[inner] === 0) {
    inner--;
    runLen *= b.shape[inner]!;
  }
  const n = count(b.shape);
  if (n === 0) return [];
  const runs: [number, number][] = [];
  const outer = b.shape.slice(0, inner);
  const pos = outer.map(() => 0);
  const total = count(outer);
  for (let r = 0; r < total; r++) {
    let e = 0;
    for (let d = 0; d < inner; d++) e += (pos[d]! + b.lo[d]!) * strides[d]!;
    e += b.lo[inner]! * strides[inner]!;
    runs.push([e * w, runLen * w]);
    for (let d = inner - 1; d >= 0; d--) {
      if (++pos[d]! < outer[d]!) break;
      pos[d] = 0;
    }
  }
  return runs;
}

export function allocateFor(backend: Backend, name: string, words: number, span?: Span, elementWords = 1): unknown {
  const bytes = words * 4;
  if (bytes > backend.limits.maxBufferBytes) {
    throw brtError('BRK5009', { name, bytes, backend: backend.name, limit: backend.limits.maxBufferBytes }, span);
  }
  // Zero-sized buffers are not allowed everywhere (WebGPU); one spare word costs nothing.
  return backend.allocate(Math.max(1, words), elementWords);
}
