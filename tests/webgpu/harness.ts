/**
 * Streams and launches without brt: enough to drive a Backend directly from tests, so the WebGPU
 * backend can be compared with the CPU backend call by call.
 */
import type { Backend, Launch, LaunchArg, Stream } from '../../runtime/brt/api.js';
import { flattenElement, type Type } from '../../runtime/compiler/types.js';

let ids = 1;

export function makeStream(backend: Backend, elem: Type, shape: number[], name = 's'): Stream {
  const words = flattenElement(elem).length;
  const n = shape.reduce((a, b) => a * b, 1);
  return { id: ids++, name, elem, shape, words, buffer: backend.allocate(n * words), freed: false };
}

export function makeIter(elem: Type, shape: number[], lo: number[], hi: number[], name = 'it'): Stream {
  return { id: ids++, name, elem, shape, words: flattenElement(elem).length, iter: { lo, hi }, freed: false };
}

/** A stream filled with `data` (words: floats as Float32Array, ints as Int32Array). */
export function streamOf(backend: Backend, elem: Type, shape: number[], data: Float32Array | Int32Array | Uint32Array, name = 's'): Stream {
  const s = makeStream(backend, elem, shape, name);
  backend.write(s.buffer, 0, data);
  return s;
}

export function arg(s: Stream, lo?: number[], hi?: number[]): LaunchArg & { kind: 'stream' } {
  const l = lo ?? s.shape.map(() => 0);
  const h = hi ?? s.shape;
  return { kind: 'stream', stream: s, lo: l, shape: h.map((x, d) => x - l[d]!) };
}

export function iterArg(s: Stream): LaunchArg & { kind: 'iter' } {
  return { kind: 'iter', stream: s, lo: s.shape.map(() => 0), shape: s.shape };
}

export const val = (...value: number[]): LaunchArg => ({ kind: 'value', value });

export async function readF32(backend: Backend, s: Stream): Promise<Float32Array> {
  const n = s.shape.reduce((a, b) => a * b, 1) * s.words;
  const u = await backend.read(s.buffer, 0, n);
  return new Float32Array(u.buffer, u.byteOffset, u.length);
}

export async function readI32(backend: Backend, s: Stream): Promise<Int32Array> {
  const n = s.shape.reduce((a, b) => a * b, 1) * s.words;
  const u = await backend.read(s.buffer, 0, n);
  return new Int32Array(u.buffer, u.byteOffset, u.length);
}

export function launch(kernel: Launch['kernel'], args: LaunchArg[], outShape: number[], mask?: Launch['mask']): Launch {
  return { kernel, args, outShape, mask };
}
