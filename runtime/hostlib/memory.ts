/**
 * The C memory model of generated host code.
 *
 * One `Mem` per program (or notebook session): a single growable ArrayBuffer with typed views.
 * Decisions (the host code generator relies on them):
 * - A C pointer is a plain JS number: the byte offset into that one Mem. NULL is 0. Pointer arithmetic,
 *   comparison and casts between pointer types are therefore integer operations on byte offsets.
 *   Where a pointer leaves host code (streamRead/streamWrite) it becomes the `{ mem, off }` HostArray
 *   of runtime/brt/api.ts via `hostPtr`.
 * - Offsets 0..63 are never handed out: 0 is NULL, and 16/32/48 are the FILE objects of stdin, stdout
 *   and stderr (so `stderr != NULL` and `fprintf(stderr, ...)` work).
 * - Loads and stores use the typed view of the access type at offset >> log2(size): every object the
 *   compiler lays out (C layout from compiler/types.ts) and every malloc block (16-byte aligned) is
 *   naturally aligned. A misaligned access through a cast pointer is not supported (C calls it
 *   undefined behaviour too).
 * - Views are replaced when the heap grows: generated code reads `M.f32` at every access and never
 *   caches a view across a call that may allocate.
 * - 64-bit integers (`long`, `size_t`, pointers stored in memory) are two 32-bit words, little-endian,
 *   exact for magnitudes below 2^53 (JS numbers).
 */

export const NULL_PTR = 0;
export const STDIN_PTR = 16;
export const STDOUT_PTR = 32;
export const STDERR_PTR = 48;
const HEAP_BASE = 64;
const HEADER = 16; // block header: u32 size at block - 8
/** Largest heap: typed-array offsets use `>>> 2`, valid below 2^32. */
const MAX_BYTES = 2 ** 32 - 2 ** 16;

export class Mem {
  buffer!: ArrayBuffer;
  u8!: Uint8Array;
  i8!: Int8Array;
  u16!: Uint16Array;
  i16!: Int16Array;
  u32!: Uint32Array;
  i32!: Int32Array;
  f32!: Float32Array;
  f64!: Float64Array;
  /** Bump pointer: everything at or above it is unused. */
  private top = HEAP_BASE;
  /** Free blocks by rounded size (exact-size classes: C programs free and re-allocate the same sizes). */
  private freeLists = new Map<number, number[]>();
  /** Bytes in live malloc blocks (for leak checks in tests). */
  liveBytes = 0;

  constructor(initialBytes = 1 << 20) {
    this.setBuffer(new ArrayBuffer(Math.max(initialBytes, 4096)));
  }

  private setBuffer(buf: ArrayBuffer): void {
    this.buffer = buf;
    this.u8 = new Uint8Array(buf);
    this.i8 = new Int8Array(buf);
    this.u16 = new Uint16Array(buf);
    this.i16 = new Int16Array(buf);
    this.u32 = new Uint32Array(buf);
    this.i32 = new Int32Array(buf);
    this.f32 = new Float32Array(buf);
    this.f64 = new Float64Array(buf);
  }

  get byteLength(): number {
    return this.buffer.byteLength;
  }

  /** Make the buffer at least `bytes` long; false if that exceeds the 4 GiB address space. */
  private ensure(bytes: number): boolean {
    if (bytes <= this.buffer.byteLength) return true;
    if (bytes > MAX_BYTES) return false;
    let size = this.buffer.byteLength;
    while (size < bytes) size = Math.min(MAX_BYTES, size * 2);
    let next: ArrayBuffer;
    try {
      next = new ArrayBuffer(size);
    } catch {
      return false; // the JS engine refused the allocation: malloc returns NULL
    }
    new Uint8Array(next).set(this.u8);
    this.setBuffer(next);
    return true;
  }

  /** C malloc: a 16-byte aligned block, or 0 when memory is exhausted. malloc(0) gives a unique block. */
  malloc(n: number): number {
    n = Math.max(0, Math.floor(n));
    const size = Math.max(16, Math.ceil(n / 16) * 16);
    const list = this.freeLists.get(size);
    let p: number;
    if (list && list.length > 0) {
      p = list.pop()!;
    } else {
      p = this.top + HEADER;
      if (!this.ensure(p + size)) return 0;
      this.top = p + size;
      this.u32[(p - 8) >>> 2] = size;
    }
    this.u32[(p - 4) >>> 2] = 1; // in use
    this.u32[(p - 12) >>> 2] = n; // requested size, for bounds of streamRead/streamWrite
    this.liveBytes += size;
    return p;
  }

  calloc(count: number, size: number): number {
    const n = Math.floor(count) * Math.floor(size);
    const p = this.malloc(n);
    if (p !== 0) this.u8.fill(0, p, p + this.blockSize(p));
    return p;
  }

  realloc(p: number, n: number): number {
    if (p === 0) return this.malloc(n);
    const old = this.blockSize(p);
    if (n <= old) return p;
    const q = this.malloc(n);
    if (q === 0) return 0;
    this.u8.copyWithin(q, p, p + old);
    this.free(p);
    return q;
  }

  /** C free. free(NULL) is a no-op; a double free or a foreign pointer is ignored (no corruption). */
  free(p: number): void {
    if (p < HEAP_BASE + HEADER || p >= this.top) return;
    if (this.u32[(p - 4) >>> 2] !== 1) return;
    this.u32[(p - 4) >>> 2] = 0;
    const size = this.blockSize(p);
    this.liveBytes -= size;
    let list = this.freeLists.get(size);
    if (!list) this.freeLists.set(size, (list = []));
    list.push(p);
  }

  /** Zeroed storage for a stack frame or a global (freed with `free` when the frame ends). */
  alloca(n: number): number {
    const p = this.calloc(1, n);
    if (p === 0) throw new RangeError(`out of host memory allocating ${n} bytes`);
    return p;
  }

  /** Bytes from p to the end of its malloc block when p is the start of a live block, else undefined. */
  blockBytes(p: number): number | undefined {
    if (p < HEAP_BASE + HEADER || p >= this.top || p % 16 !== 0) return undefined;
    if (this.u32[(p - 4) >>> 2] !== 1) return undefined;
    const size = this.blockSize(p);
    const requested = this.u32[(p - 12) >>> 2]!;
    // Only trust the header if it is consistent (p might point into the middle of another block).
    if (size < 16 || size % 16 !== 0 || requested > size || p + size > this.top) return undefined;
    return requested;
  }

  private blockSize(p: number): number {
    return this.u32[(p - 8) >>> 2]!;
  }

  // ---- 64-bit integers and pointers stored in memory --------------------------------------------

  loadI64(p: number): number {
    return this.i32[(p + 4) >>> 2]! * 4294967296 + this.u32[p >>> 2]!;
  }

  loadU64(p: number): number {
    return this.u32[(p + 4) >>> 2]! * 4294967296 + this.u32[p >>> 2]!;
  }

  storeI64(p: number, v: number): number {
    const lo = v % 4294967296;
    this.u32[p >>> 2] = lo;
    this.i32[(p + 4) >>> 2] = Math.floor((v - (lo < 0 ? lo + 4294967296 : lo)) / 4294967296);
    return v;
  }

  // ---- C strings (byte strings: one JS char per byte, 0..255) -----------------------------------

  /** The bytes of the NUL-terminated string at p, as a byte string. */
  cstring(p: number, maxBytes = Infinity): string {
    const u8 = this.u8;
    let end = p;
    const limit = Math.min(u8.length, p + maxBytes);
    while (end < limit && u8[end] !== 0) end++;
    return bytesToString(u8, p, end);
  }

  /** Write a byte string plus its NUL at p. */
  writeCString(p: number, bytes: string): void {
    const u8 = this.u8;
    for (let i = 0; i < bytes.length; i++) u8[p + i] = bytes.charCodeAt(i);
    u8[p + bytes.length] = 0;
  }

  /** A new heap block holding the byte string and its NUL. */
  allocCString(bytes: string): number {
    const p = this.malloc(bytes.length + 1);
    if (p === 0) throw new RangeError('out of host memory for a string');
    this.writeCString(p, bytes);
    return p;
  }

  strlen(p: number): number {
    const u8 = this.u8;
    let end = p;
    while (u8[end] !== 0 && end < u8.length) end++;
    return end - p;
  }
}

function bytesToString(u8: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i += 8192) {
    s += String.fromCharCode.apply(null, u8.subarray(i, Math.min(end, i + 8192)) as unknown as number[]);
  }
  return s;
}

/** A JS (UTF-16) string as its UTF-8 bytes, one char per byte: how string literals enter Mem. */
export function utf8Bytes(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

/** A byte string (as printf produces) decoded as UTF-8 text for display. */
export function decodeBytes(bytes: string): string {
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The HostArray form of runtime/brt/api.ts for a pointer into `mem`. */
export function hostPtr(mem: Mem, off: number): { mem: Mem; off: number } {
  return { mem, off };
}
