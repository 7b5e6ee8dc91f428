/**
 * CPU stream storage: one ArrayBuffer (a SharedArrayBuffer when workers may touch it) of 32-bit
 * words with three views over the same bytes, so a struct of float and int fields is read through
 * the view of each component's kind without conversion.
 */
export interface CpuBuffer {
  readonly words: number;
  readonly bytes: ArrayBuffer | SharedArrayBuffer;
  readonly F: Float32Array;
  readonly I: Int32Array;
  readonly U: Uint32Array;
  released: boolean;
}

export function createCpuBuffer(words: number, shared: boolean): CpuBuffer {
  const bytes = shared ? new SharedArrayBuffer(words * 4) : new ArrayBuffer(words * 4);
  return { words, bytes, F: new Float32Array(bytes), I: new Int32Array(bytes), U: new Uint32Array(bytes), released: false };
}

export function asCpuBuffer(h: unknown): CpuBuffer {
  const b = h as CpuBuffer;
  if (!b || !(b.U instanceof Uint32Array)) throw new Error('internal: not a CPU buffer');
  if (b.released) throw new Error('internal: use of a released CPU buffer');
  return b;
}
