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

/**
 * Storage of released buffers, kept for the next allocation of the same size (zeroed again): a
 * notebook cell re-run replaces its streams with new ones of the same sizes, and reusing the storage
 * keeps the resident set flat (fresh multi-megabyte allocations fragment the C heap, which does not
 * give the freed pages back). At most `budgetBytes` are kept; kernels run synchronously on the CPU
 * backend, so a released buffer is no longer in use.
 */
export class BufferRecycler {
  private readonly bySize = new Map<number, (ArrayBuffer | SharedArrayBuffer)[]>();
  private keptBytes = 0;

  constructor(private readonly budgetBytes = 256 << 20) {}

  take(words: number, shared: boolean): CpuBuffer {
    const list = this.bySize.get(words);
    const bytes = list?.pop();
    if (!bytes || (bytes instanceof SharedArrayBuffer) !== shared) return createCpuBuffer(words, shared);
    this.keptBytes -= bytes.byteLength;
    const b: CpuBuffer = { words, bytes, F: new Float32Array(bytes), I: new Int32Array(bytes), U: new Uint32Array(bytes), released: false };
    b.U.fill(0);
    return b;
  }

  give(b: CpuBuffer): void {
    if (b.released) return;
    b.released = true;
    if (this.keptBytes + b.bytes.byteLength > this.budgetBytes) return;
    let list = this.bySize.get(b.words);
    if (!list) this.bySize.set(b.words, (list = []));
    list.push(b.bytes);
    this.keptBytes += b.bytes.byteLength;
  }
}
