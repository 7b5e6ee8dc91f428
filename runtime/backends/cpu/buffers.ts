/**
 * CPU stream storage: 32-bit words with three views over the same bytes, so a struct of float and int
 * fields is read through the view of each component's kind without conversion. A buffer is a block of
 * the backend's arena (arena.ts: one shared WebAssembly.Memory, which WebAssembly kernels address) or,
 * where the arena is full or missing, a standalone ArrayBuffer (a SharedArrayBuffer when workers may
 * touch it) that only JavaScript kernels use.
 */
import { Arena, type ArenaBlock } from './arena.js';

export interface CpuBuffer {
  readonly words: number;
  readonly bytes: ArrayBuffer | SharedArrayBuffer;
  readonly F: Float32Array;
  readonly I: Int32Array;
  readonly U: Uint32Array;
  /** The arena block holding the words (F/I/U view exactly them), or null for a standalone buffer. */
  readonly block: ArenaBlock | null;
  released: boolean;
}

export function createCpuBuffer(words: number, shared: boolean): CpuBuffer {
  const bytes = shared ? new SharedArrayBuffer(words * 4) : new ArrayBuffer(words * 4);
  return { words, bytes, F: new Float32Array(bytes), I: new Int32Array(bytes), U: new Uint32Array(bytes), block: null, released: false };
}

function arenaBuffer(arena: Arena, block: ArenaBlock, words: number): CpuBuffer {
  const bytes = arena.buffer;
  return {
    words,
    bytes,
    F: new Float32Array(bytes, block.at, words),
    I: new Int32Array(bytes, block.at, words),
    U: new Uint32Array(bytes, block.at, words),
    block,
    released: false,
  };
}

/**
 * Where a backend's buffers come from: its arena first (created on the first allocation), standalone
 * buffers (recycled by size) when the arena cannot hold a request. `arenaEnabled: false` keeps every
 * buffer standalone (tests of the JavaScript-only path).
 */
export class CpuStorage {
  private arenaMade = false;
  private arenaValue: Arena | null = null;
  private readonly recycler = new BufferRecycler();

  constructor(
    private readonly shared: boolean,
    private readonly arenaEnabled = true,
  ) {}

  get arena(): Arena | null {
    if (!this.arenaMade) {
      this.arenaMade = true;
      this.arenaValue = this.arenaEnabled ? Arena.create() : null;
    }
    return this.arenaValue;
  }

  take(words: number): CpuBuffer {
    const arena = this.arena;
    const block = arena?.alloc(words * 4);
    if (arena && block) return arenaBuffer(arena, block, words);
    return this.recycler.take(words, this.shared);
  }

  give(b: CpuBuffer): void {
    if (b.released) return;
    if (b.block) {
      b.released = true;
      this.arenaValue!.release(b.block);
      return;
    }
    this.recycler.give(b);
  }
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
    const b: CpuBuffer = { words, bytes, F: new Float32Array(bytes), I: new Int32Array(bytes), U: new Uint32Array(bytes), block: null, released: false };
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
