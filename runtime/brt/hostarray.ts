/**
 * Host arrays for streamRead/streamWrite: checks that the host side is long enough and holds the
 * stream's element type, then exposes it as 32-bit words (the stream layout equals C's layout of
 * the element types streams allow, so a copy is a plain word copy).
 *
 * Accepted host arrays (api.ts HostArray):
 * - a C pointer `{ mem, off, bytes?, elem? }`: `elem`'s scalar components must match the stream's
 *   (a `float *` may feed a float4 stream: C programs pass `float a[n][4]`); char/void pointers are raw
 *   bytes. Without `bytes` the copy is bounded by the end of host memory only.
 * - Float32Array for float components, Int32Array for int, Uint32Array for uint/bool or any struct
 *   (raw words), Uint8Array/DataView for structs (raw C bytes);
 * - a plain number[] (one number per component, converted to each component's kind).
 * Anything else (Float64Array into a float stream, ...) is BRK5003, a short array BRK5002.
 */
import type { Span } from '../compiler/source.js';
import { fixedCode, fixedValue, shortfixedCode, shortfixedValue, flattenElement, hasNarrowStorage, narrowNumber, sizeOf, typeToString, wordKind, type Type } from '../compiler/types.js';
import type { HostArray } from './api.js';
import { brtError, plural } from './errors.js';

type Comp = 'float' | 'int' | 'uint' | 'bool';

export interface HostWords {
  /** Words of the first `words` words of the host array (a view when possible). */
  get(words: number): Uint32Array;
  /** Store words into the host array. */
  set(data: Uint32Array): void;
  /** The host array's first `words` words as a view to write into in place, when it is one
   *  (typed arrays, aligned C memory); absent for number[] and unaligned memory. */
  direct?(words: number): Uint32Array;
}

/** The kind of each component's 32-bit word (a char component is an int word, a fixed a float). */
function kindsOf(t: Type): Comp[] {
  return flattenElement(t).map((c) => wordKind(c.scalar));
}

function arrayName(kinds: Comp[]): string {
  if (kinds.every((k) => k === 'float')) return 'Float32Array';
  if (kinds.every((k) => k === 'int')) return 'Int32Array';
  return 'Uint32Array';
}

function repeatsMatch(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  if (long.length % short.length !== 0) return false;
  return long.every((k, i) => k === short[i % short.length]);
}

export function hostWords(
  op: 'streamRead' | 'streamWrite',
  host: HostArray,
  streamName: string,
  elem: Type,
  elements: number,
  span?: Span,
): HostWords {
  const kinds = kindsOf(elem);
  const w = kinds.length;
  const need = elements * w;
  const short = (haveElements: number) =>
    brtError('BRK5002', { op, have: haveElements, s: plural(haveElements), elem: typeToString(elem), name: streamName, need: elements, bytes: hasNarrowStorage(elem) ? elements * sizeOf(elem) : need * 4 }, span);
  const wrongType = (have: string) =>
    brtError('BRK5003', { op, have, name: streamName, elem: typeToString(elem), want: `${typeToString(elem)} values`, array: arrayName(kinds) }, span);

  const narrow = hasNarrowStorage(elem);
  if (Array.isArray(host)) {
    if (host.length < need) throw short(Math.floor(host.length / w));
    if (narrow) return narrowNumberWords(host, elem, need);
    const tmp = new ArrayBuffer(need * 4);
    const F = new Float32Array(tmp);
    const I = new Int32Array(tmp);
    const U = new Uint32Array(tmp);
    return {
      get(words) {
        for (let i = 0; i < words; i++) {
          const k = kinds[i % w]!;
          const v = Number(host[i]);
          if (k === 'float') F[i] = v;
          else if (k === 'int') I[i] = v;
          else if (k === 'bool') U[i] = v !== 0 ? 1 : 0;
          else U[i] = v;
        }
        return U.subarray(0, words);
      },
      set(data) {
        U.set(data);
        for (let i = 0; i < data.length; i++) {
          const k = kinds[i % w]!;
          host[i] = k === 'float' ? F[i]! : k === 'int' ? I[i]! : U[i]!;
        }
      },
    };
  }

  const isPointer = typeof host === 'object' && host !== null && 'mem' in host && typeof (host as { off?: unknown }).off === 'number';
  const isBytes = host instanceof Uint8Array || host instanceof Int8Array || host instanceof Uint16Array || host instanceof Int16Array || host instanceof DataView;
  if (narrow && (isPointer || isBytes)) return narrowByteWords(host, elem, elements, short, wrongType);

  let buffer: ArrayBufferLike;
  let byteOffset: number;
  let byteLength: number;
  // A notebook can pass any TypeScript value (a string, a number, null): `in` would throw a TypeError on it.
  if (typeof host === 'object' && host !== null && 'mem' in host && typeof (host as { off?: unknown }).off === 'number') {
    const p = host as { mem: { buffer: ArrayBuffer }; off: number; bytes?: number; elem?: Type };
    if (p.elem && !['void', 'char', 'uchar'].includes(p.elem.kind === 'scalar' ? p.elem.name : p.elem.kind)) {
      const pk = flattenElement(p.elem).map((c) => c.scalar as string);
      if (!repeatsMatch(pk, kinds)) throw wrongType(`${typeToString(p.elem)} values`);
    }
    buffer = p.mem.buffer;
    byteOffset = p.off;
    byteLength = Math.max(0, Math.min(p.bytes ?? Infinity, p.mem.buffer.byteLength - p.off));
  } else if (ArrayBuffer.isView(host)) {
    const v = host as ArrayBufferView;
    const raw = v instanceof Uint8Array || v instanceof DataView;
    const ok =
      v instanceof Float32Array ? kinds.every((k) => k === 'float')
      : v instanceof Int32Array ? kinds.every((k) => k === 'int')
      : v instanceof Uint32Array ? kinds.every((k) => k === 'uint' || k === 'bool') || elem.kind === 'struct'
      : raw ? elem.kind === 'struct'
      : false;
    if (!ok) throw wrongType(`a ${v.constructor.name}`);
    buffer = v.buffer;
    byteOffset = v.byteOffset;
    byteLength = v.byteLength;
  } else {
    throw wrongType(`a value of type ${typeof host}`);
  }
  if (byteLength < need * 4) throw short(Math.floor(byteLength / (w * 4)));
  if (narrow) return narrowedWords(buffer, byteOffset, elem);
  const aligned = byteOffset % 4 === 0;
  return {
    direct: aligned ? (words) => new Uint32Array(buffer, byteOffset, words) : undefined,
    get(words) {
      if (aligned) return new Uint32Array(buffer, byteOffset, words);
      const copy = new Uint8Array(words * 4);
      copy.set(new Uint8Array(buffer, byteOffset, words * 4));
      return new Uint32Array(copy.buffer);
    },
    set(data) {
      new Uint8Array(buffer, byteOffset, data.length * 4).set(new Uint8Array(data.buffer, data.byteOffset, data.length * 4));
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Narrow elements (char, uchar, short, ushort, fixed: types.ts narrowStorage). The host holds C's
// layout (1 or 2 bytes a component; a fixed as its 8-bit code), the device one 32-bit word a
// component holding the value kernels read; each copy converts.

/** A notebook's number[]: one number a component, the value a kernel reads (a fixed as 0..1). */
function narrowNumberWords(host: number[], elem: Type, need: number): HostWords {
  const comps = flattenElement(elem);
  const w = comps.length;
  const tmp = new ArrayBuffer(need * 4);
  const F = new Float32Array(tmp);
  const I = new Int32Array(tmp);
  const U = new Uint32Array(tmp);
  return {
    get(words) {
      for (let i = 0; i < words; i++) {
        const s = comps[i % w]!.scalar;
        const v = narrowNumber(s, Number(host[i]));
        const k = wordKind(s);
        if (k === 'float') F[i] = v;
        else if (k === 'int') I[i] = v;
        else if (k === 'bool') U[i] = v !== 0 ? 1 : 0;
        else U[i] = v;
      }
      return U.subarray(0, words);
    },
    set(data) {
      U.set(data);
      for (let i = 0; i < data.length; i++) {
        const k = wordKind(comps[i % w]!.scalar);
        host[i] = k === 'float' ? F[i]! : k === 'int' ? I[i]! : U[i]!;
      }
    },
  };
}

/** C memory (a pointer), or raw bytes (Uint8Array, Int8Array, DataView, 16-bit arrays) in C layout. */
function narrowByteWords(
  host: HostArray,
  elem: Type,
  elements: number,
  short: (haveElements: number) => Error,
  wrongType: (have: string) => Error,
): HostWords {
  const comps = flattenElement(elem);
  const size = sizeOf(elem);
  let view: DataView;
  if (typeof host === 'object' && host !== null && 'mem' in host && typeof (host as { off?: unknown }).off === 'number') {
    const p = host as { mem: { buffer: ArrayBuffer }; off: number; bytes?: number; elem?: Type };
    if (p.elem && !['void', 'char', 'uchar'].includes(p.elem.kind === 'scalar' ? p.elem.name : p.elem.kind)) {
      const pk = flattenElement(p.elem).map((c) => c.scalar as string);
      if (!repeatsMatch(pk, comps.map((c) => c.scalar))) throw wrongType(`${typeToString(p.elem)} values`);
    }
    const len = Math.max(0, Math.min(p.bytes ?? Infinity, p.mem.buffer.byteLength - p.off));
    view = new DataView(p.mem.buffer, p.off, len);
  } else if (host instanceof Uint8Array || host instanceof Int8Array || host instanceof Uint16Array || host instanceof Int16Array || host instanceof DataView) {
    view = new DataView(host.buffer, host.byteOffset, host.byteLength);
  } else {
    throw wrongType(ArrayBuffer.isView(host) ? `a ${(host as ArrayBufferView).constructor.name}` : `a value of type ${typeof host}`);
  }
  if (view.byteLength < elements * size) throw short(Math.floor(view.byteLength / size));
  const w = comps.length;
  return {
    get(words) {
      const out = new Uint32Array(words);
      const F = new Float32Array(out.buffer);
      const I = new Int32Array(out.buffer);
      for (let i = 0; i < words; i++) {
        const c = comps[i % w]!;
        const at = Math.floor(i / w) * size + c.byteOffset;
        switch (c.scalar) {
          case 'char': I[i] = view.getInt8(at); break;
          case 'uchar': I[i] = view.getUint8(at); break;
          case 'short': I[i] = view.getInt16(at, true); break;
          case 'ushort': I[i] = view.getUint16(at, true); break;
          case 'fixed': F[i] = fixedValue(view.getUint8(at)); break;
          case 'shortfixed': F[i] = shortfixedValue(view.getUint16(at, true)); break;
          case 'float': F[i] = view.getFloat32(at, true); break;
          case 'int': I[i] = view.getInt32(at, true); break;
          default: out[i] = view.getUint32(at, true); // uint, bool
        }
      }
      return out;
    },
    set(data) {
      const F = new Float32Array(data.buffer, data.byteOffset, data.length);
      const I = new Int32Array(data.buffer, data.byteOffset, data.length);
      for (let i = 0; i < data.length; i++) {
        const c = comps[i % w]!;
        const at = Math.floor(i / w) * size + c.byteOffset;
        switch (c.scalar) {
          case 'char': case 'uchar': view.setUint8(at, I[i]! & 255); break;
          case 'short': case 'ushort': view.setUint16(at, I[i]! & 65535, true); break;
          case 'fixed': view.setUint8(at, fixedCode(F[i]!)); break;
          case 'shortfixed': view.setUint16(at, shortfixedCode(F[i]!), true); break;
          case 'float': view.setFloat32(at, F[i]!, true); break;
          default: view.setUint32(at, data[i]!, true);
        }
      }
    },
  };
}

/** A 32-bit typed array (Int32Array for char/uchar/short words, Float32Array for fixed) holding the
 *  device words of a narrow stream: read through narrowNumber, so an out-of-range value wraps. */
function narrowedWords(buffer: ArrayBufferLike, byteOffset: number, elem: Type): HostWords {
  const comps = flattenElement(elem);
  const w = comps.length;
  return {
    get(words) {
      const src = new Uint8Array(buffer, byteOffset, words * 4);
      const out = new Uint32Array(words);
      new Uint8Array(out.buffer).set(src);
      const F = new Float32Array(out.buffer);
      const I = new Int32Array(out.buffer);
      for (let i = 0; i < words; i++) {
        const s = comps[i % w]!.scalar;
        const k = wordKind(s);
        if (k === 'float') F[i] = narrowNumber(s, F[i]!);
        else if (k === 'int') I[i] = narrowNumber(s, I[i]!);
      }
      return out;
    },
    set(data) {
      new Uint8Array(buffer, byteOffset, data.length * 4).set(new Uint8Array(data.buffer, data.byteOffset, data.length * 4));
    },
  };
}

/**
 * A host array of `words` 32-bit words of the kind the runtime accepts for `elem`: Float32Array when
 * every component's word is float (fixed too), Int32Array when every one is int (char too), else
 * Uint32Array (raw words).
 */
export function hostArrayFor(elem: Type, words: number): Float32Array | Int32Array | Uint32Array {
  const comps = flattenElement(elem);
  if (comps.every((c) => wordKind(c.scalar) === 'float')) return new Float32Array(words);
  if (comps.every((c) => wordKind(c.scalar) === 'int')) return new Int32Array(words);
  return new Uint32Array(words);
}
