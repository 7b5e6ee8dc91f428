/**
 * Stream storage of the CPU backend: blocks of one shared WebAssembly.Memory per backend, so kernels
 * compiled to WebAssembly (codegen/wasm) address every stream of a launch in one linear memory, and
 * the JavaScript kernels and worker threads see the same bytes through typed-array views.
 *
 * The memory is shared (a SharedArrayBuffer underneath), so growing it never detaches the views made
 * before: a block's views stay valid for the block's life, and worker threads share it without copies.
 * It grows on demand (at least doubling) up to MAX_BYTES; a request that does not fit gets null and
 * the caller falls back to a standalone buffer (usable by JavaScript kernels only).
 *
 * Allocation: first fit over an address-ordered free list with coalescing, else from the top. Blocks
 * are aligned to ALIGN bytes (a cache line; also the alignment of 128-bit SIMD accesses), except large
 * ones, which start at the page offset of large host arrays (LARGE_PAGE_OFFSET: 16-byte aligned). A block is
 * zeroed when handed out (memory past the highest block ever used is still zero from the grow).
 */

import { encodeMemoryCopyModule, STOP_WORD_ADDRESS } from '../../compiler/kernels.js';

/** Bytes per WebAssembly page. */
const PAGE = 65536;
/** The memory's maximum: 2 GiB, so every word offset fits an int32 with room (kernels use `| 0`). */
export const MAX_BYTES = 2 ** 31;
export const ALIGN = 64;
/** Bytes at the start kept out of allocation: the WebAssembly kernels' stop word lives there
 *  (compiler/codegen/loop-poll.ts STOP_WORD_ADDRESS). */
const RESERVED = ALIGN;
/** Pages the memory starts with (grown on the first allocation that needs more). */
const INITIAL_PAGES = 16;

export interface ArenaBlock {
  /** Byte offset of the block in the memory. */
  readonly at: number;
  readonly bytes: number;
  /** The range taken from the free list (at least [at, at + bytes); more for a block placed at
   *  LARGE_PAGE_OFFSET), given back on release. */
  readonly span: { readonly at: number; readonly bytes: number };
}

/** Blocks of at least this many bytes start LARGE_PAGE_OFFSET bytes past a 4 KiB page boundary. */
const LARGE_BYTES = 1 << 20;
/**
 * Where large host arrays start in their page: glibc hands out large malloc blocks (every large
 * JavaScript ArrayBuffer, through Node's allocator) 16 bytes past a page boundary, and the host heap
 * places its large blocks the same way (hostlib/memory.ts). A copy between two buffers at the same
 * page offset runs at memcpy's full speed; with the destination 16 to ~1000 bytes ahead in its page,
 * glibc's non-temporal copy of large sizes stalls on 4K aliasing and ran at 0.4x (256 MiB streamRead
 * from a plain Float32Array, issue 27).
 */
const LARGE_PAGE_OFFSET = 16;
const PAGE_BYTES = 4096;

export class Arena {
  readonly memory: WebAssembly.Memory;
  /** A process-unique id (worker threads cache instances per arena). */
  readonly id: number;
  private top = RESERVED;
  /** Bytes below this were handed out before (may hold old data). */
  private used = RESERVED;
  /** The stop word WebAssembly kernels poll (nonzero: leave the kernel; see loop-poll.ts). */
  readonly stopWord: Int32Array;
  private readonly free: { at: number; bytes: number }[] = [];
  private static next = 1;
  /** Every buffer object the memory has had (one per size it grew to): views of this memory. */
  private readonly buffers = new WeakSet<object>();
  private copier: ((dst: number, src: number, bytes: number) => void) | undefined;

  private constructor(memory: WebAssembly.Memory) {
    this.memory = memory;
    this.id = Arena.next++;
    this.stopWord = new Int32Array(memory.buffer as unknown as SharedArrayBuffer, STOP_WORD_ADDRESS, 1);
  }

  /** A new arena, or null where this engine cannot make a shared memory (the caller uses plain buffers). */
  static create(): Arena | null {
    try {
      return new Arena(new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAX_BYTES / PAGE, shared: true }));
    } catch {
      return null;
    }
  }

  /** The memory's current bytes (a new SharedArrayBuffer object after each grow; older ones stay valid). */
  get buffer(): SharedArrayBuffer {
    const b = this.memory.buffer as unknown as SharedArrayBuffer;
    this.buffers.add(b);
    return b;
  }

  /** The byte address of `view` in this memory, or undefined when it views other storage. */
  addressOf(view: ArrayBufferView): number | undefined {
    if (this.buffers.has(view.buffer)) return view.byteOffset;
    return view.buffer === this.memory.buffer ? view.byteOffset : undefined;
  }

  /**
   * Copies `bytes` bytes inside the memory (ranges may overlap) with WebAssembly's memory.copy: a
   * memmove. Why not TypedArray.set: V8 copies into and out of a SharedArrayBuffer with relaxed
   * atomic word stores (0.55-0.65x of a memmove for 256 MiB, issue 27); memory.copy runs at memmove's
   * speed in shared memory too.
   */
  copy(dst: number, src: number, bytes: number): void {
    this.copier ??= copierOf(this.memory);
    this.copier(dst, src, bytes);
  }

  /** Bytes handed out and not released (tests; leak checks). */
  get liveBytes(): number {
    return this.top - RESERVED - this.free.reduce((s, f) => s + f.bytes, 0);
  }

  alloc(bytes: number): ArenaBlock | null {
    const size = Math.max(ALIGN, Math.ceil(bytes / ALIGN) * ALIGN);
    // A large block takes a span a page longer and starts inside it at LARGE_PAGE_OFFSET.
    const large = size >= LARGE_BYTES;
    const spanBytes = large ? size + PAGE_BYTES : size;
    const place = (at: number): ArenaBlock => {
      // (at % PAGE_BYTES first: JavaScript's % of a negative number is negative, which placed a block
      // up to 48 bytes before its span, over the block below it.)
      const skip = large ? (LARGE_PAGE_OFFSET - (at % PAGE_BYTES) + PAGE_BYTES) % PAGE_BYTES : 0;
      const block = { at: at + skip, bytes: size, span: { at, bytes: spanBytes } };
      this.zero(block);
      return block;
    };
    for (let k = 0; k < this.free.length; k++) {
      const f = this.free[k]!;
      if (f.bytes < spanBytes) continue;
      if (f.bytes === spanBytes) this.free.splice(k, 1);
      else this.free[k] = { at: f.at + spanBytes, bytes: f.bytes - spanBytes };
      return place(f.at);
    }
    if (this.top + spanBytes > MAX_BYTES) return null;
    const have = this.buffer.byteLength;
    if (this.top + spanBytes > have) {
      const want = Math.min(MAX_BYTES, Math.max(this.top + spanBytes, 2 * have));
      try {
        this.memory.grow(Math.ceil((want - have) / PAGE));
      } catch {
        return null; // the engine could not commit more: a standalone buffer instead
      }
    }
    const at = this.top;
    this.top += spanBytes;
    return place(at);
  }

  release(block: ArenaBlock): void {
    // Keep the free list ordered by address and merge neighbours; a free block at the top lowers it.
    const span = block.span;
    let k = 0;
    while (k < this.free.length && this.free[k]!.at < span.at) k++;
    this.free.splice(k, 0, { at: span.at, bytes: span.bytes });
    if (k + 1 < this.free.length && this.free[k]!.at + this.free[k]!.bytes === this.free[k + 1]!.at) {
      this.free[k]!.bytes += this.free[k + 1]!.bytes;
      this.free.splice(k + 1, 1);
    }
    if (k > 0 && this.free[k - 1]!.at + this.free[k - 1]!.bytes === this.free[k]!.at) {
      this.free[k - 1]!.bytes += this.free[k]!.bytes;
      this.free.splice(k, 1);
      k--;
    }
    const last = this.free[this.free.length - 1];
    if (last && last.at + last.bytes === this.top) {
      this.top = last.at;
      this.free.pop();
    }
  }

  private zero(block: ArenaBlock): void {
    const end = block.at + block.bytes;
    if (block.at < this.used) new Uint8Array(this.buffer, block.at, Math.min(end, this.used) - block.at).fill(0);
    if (end > this.used) this.used = end;
  }
}

/** `copy(dst, src, bytes)`: memory.copy on the shared memory `memory`. */
function copierOf(memory: WebAssembly.Memory): (dst: number, src: number, bytes: number) => void {
  const bytes = encodeMemoryCopyModule(MAX_BYTES / PAGE);
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { m: { mem: memory } });
  return instance.exports.copy as (dst: number, src: number, bytes: number) => void;
}
