/**
 * The C memory model of generated host code.
 *
 * One `Mem` per program (or notebook session): a single growable WebAssembly.Memory with typed views
 * of its buffer, so host loops compiled to WebAssembly (codegen/host/wasmloop.ts) address the same
 * bytes as the JavaScript around them.
 * Decisions (the host code generator relies on them):
 * - A C pointer is a plain JS number: the byte offset into that one Mem. NULL is 0. Pointer arithmetic,
 *   comparison and casts between pointer types are therefore integer operations on byte offsets.
 *   Where a pointer leaves host code (streamRead/streamWrite) it becomes the `{ mem, off }` HostArray
 *   of runtime/brt/api.ts via `hostPtr`.
 * - Offsets 0..4095 are never handed out: 0 is NULL (an access there, NULL plus a field offset, is a
 *   NULL dereference), and 16/32/48 are the FILE objects of stdin, stdout and stderr (so
 *   `stderr != NULL` and `fprintf(stderr, ...)` work).
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
// Bytes 256..287 hold the record of a compiled host loop's failed check (compiler/host-memory.ts
// WASM_FAULT_RECORD), 288..291 how a compiled loop's call left (WASM_LOOP_ENDED): below HEAP_BASE,
// where no C object ever is.
/** Addresses below this are never handed out: a pointer there is NULL plus a small offset. */
const HEAP_BASE = 4096;
const HEADER = 16; // block header: u32 requested size at p - 12, u32 size at p - 8, u32 state at p - 4
/** Largest heap: typed-array offsets use `>>> 2`, valid below 2^32; a 32-bit WebAssembly memory ends there. */
const MAX_BYTES = 2 ** 32 - 2 ** 16;
const WASM_PAGE = 65536;
/** Blocks of at least this many bytes start their header at a 4 KiB page (allocBlock). */
const LARGE_BLOCK = 1 << 20;

// Block states (header word at p - 4).
const FREE = 0;
const MALLOCED = 1;
/** Frames, globals, string literals: live storage that `free` must not accept. */
const INTERNAL = 2;

/**
 * Shadow memory (one byte per 8-byte granule, the AddressSanitizer scheme): 0 = all 8 bytes
 * addressable, 1..7 = only the first k bytes, a poison code otherwise (what the bytes are, so a
 * fault can say why the access is wrong).
 */
export const SHADOW_OK = 0;
const POISON_UNALLOCATED = 0xfa;
const POISON_REDZONE = 0xfb;
const POISON_FREED = 0xfd;
const POISON_FRAME_GAP = 0xf2;
const POISON_RETURNED = 0xf5;
/** The old storage of a notebook global that a re-run cell declared anew (cellGlobal). */
const POISON_REPLACED = 0xf6;

/** Page summary of the shadow: 4 KiB pages, 512 granules each. */
const PAGE_SHIFT = 12;
const PAGE_GRANULE_SHIFT = PAGE_SHIFT - 3;
const PAGE_GRANULE_MASK = (1 << PAGE_GRANULE_SHIFT) - 1;
/** Free lists of blocks up to this size live in an array (see smallLists). */
const SMALL_LIST_BYTES = 4096;

/** Freed malloc blocks wait this many bytes of later frees before reuse, so a use after free is caught. */
const QUARANTINE_BYTES = 16 << 20;

/** Thrown for a memory fault; the caller (generated code) supplies the C location. */
export class MemoryFault extends Error {
  constructor(readonly code: string, message: string, readonly hint: string) {
    super(message);
    this.name = 'MemoryFault';
  }
}

export class Mem {
  /** The memory host loops compiled to WebAssembly import; `buffer` is its current buffer. */
  readonly memory: WebAssembly.Memory;
  buffer!: ArrayBuffer;
  u8!: Uint8Array;
  i8!: Int8Array;
  u16!: Uint16Array;
  i16!: Int16Array;
  u32!: Uint32Array;
  i32!: Int32Array;
  f32!: Float32Array;
  f64!: Float64Array;
  /** Shadow bytes, one per 8 bytes of `buffer` (see SHADOW_OK). */
  sh!: Uint8Array;
  /** The shadow as 32-bit words (fast scans). */
  private sh32!: Uint32Array;
  /**
   * One byte per 4 KiB page of `buffer`: 1 when the whole page is known addressable, 0 when it may not
   * be. A loop's range check (rangeAccessible) reads these for whole pages, so its cost does not grow
   * with the range; it scans a page marked 0 once and marks it 1 if every granule is addressable.
   * Kept lazily: a fill that makes part of a page addressable leaves its mark as it was, so a stack
   * frame's alloca/release costs no page scan (that scan was 40% of a C++ loop of small method calls:
   * bench loops.cxx_class).
   */
  private pages!: Uint8Array;
  /** Bump pointer: everything at or above it is unused. */
  private top = HEAP_BASE;
  /** Free blocks by rounded size (exact-size classes: C programs free and re-allocate the same sizes). */
  private freeLists = new Map<number, number[]>();
  /** The same lists for sizes up to SMALL_LIST_BYTES, by size / 16: a frame's alloca/release is on
   *  every call of a function with a local in memory, and a Map lookup was a good part of it. */
  private smallLists: number[][] = [];
  /** Freed malloc blocks not yet reusable (FIFO), and their total size. */
  private quarantine: number[] = [];
  private quarantineHead = 0;
  private quarantined = 0;
  /** Bytes in live malloc blocks (for leak checks in tests). */
  liveBytes = 0;

  constructor(initialBytes = 1 << 20) {
    const pages = Math.ceil(Math.max(initialBytes, 4096) / WASM_PAGE);
    this.memory = new WebAssembly.Memory({ initial: pages, maximum: MAX_BYTES / WASM_PAGE });
    this.setBuffer(this.memory.buffer as ArrayBuffer);
  }

  private setBuffer(buf: ArrayBuffer): void {
    const oldShadow = this.sh;
    this.buffer = buf;
    this.u8 = new Uint8Array(buf);
    this.i8 = new Int8Array(buf);
    this.u16 = new Uint16Array(buf);
    this.i16 = new Int16Array(buf);
    this.u32 = new Uint32Array(buf);
    this.i32 = new Int32Array(buf);
    this.f32 = new Float32Array(buf);
    this.f64 = new Float64Array(buf);
    this.sh = new Uint8Array(buf.byteLength >>> 3).fill(POISON_UNALLOCATED);
    if (oldShadow) this.sh.set(oldShadow);
    this.sh32 = new Uint32Array(this.sh.buffer, 0, this.sh.length >>> 2);
    const oldPages = this.pages;
    this.pages = new Uint8Array(buf.byteLength >>> PAGE_SHIFT);
    if (oldPages) this.pages.set(oldPages);
  }

  /** Set the shadow of granules [g0, g1) to v, keeping the page summary right. */
  private fillShadow(v: number, g0: number, g1: number): void {
    if (g1 <= g0) return;
    // A frame's shadow is a few granules: a plain loop (TypedArray fill costs ~0.15 us a call in V8,
    // most of a small C++ method call's time: bench loops.cxx_class).
    const sh = this.sh;
    if (g1 - g0 <= 32) for (let g = g0; g < g1; g++) sh[g] = v;
    else sh.fill(v, g0, g1);
    const first = g0 >>> PAGE_GRANULE_SHIFT;
    const last = (g1 - 1) >>> PAGE_GRANULE_SHIFT;
    if (v !== SHADOW_OK) {
      for (let k = first; k <= last; k++) this.pages[k] = 0;
      return;
    }
    // Pages wholly inside [g0, g1) are addressable now; a partly covered one keeps its mark (a 1 stays
    // true; a 0 is re-checked by the next range check that spans it).
    const wholeFrom = (g0 & PAGE_GRANULE_MASK) === 0 ? first : first + 1;
    const wholeTo = (g1 & PAGE_GRANULE_MASK) === 0 ? last + 1 : last;
    if (wholeTo > wholeFrom) this.pages.fill(1, wholeFrom, wholeTo);
  }

  private setShadow(g: number, v: number): void {
    this.sh[g] = v;
    this.pages[g >>> PAGE_GRANULE_SHIFT] = 0; // v is never SHADOW_OK here
  }

  /** Whether every granule of `page` is addressable, scanned and remembered (see `pages`). */
  private pageAccessible(page: number): boolean {
    if (this.pages[page] === 1) return true;
    const w = this.sh32;
    const end = (page + 1) << (PAGE_GRANULE_SHIFT - 2);
    for (let k = page << (PAGE_GRANULE_SHIFT - 2); k < end; k++) if (w[k] !== 0) return false;
    this.pages[page] = 1;
    return true;
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
    try {
      // Growing keeps the bytes and detaches the old buffer: every view is made anew below.
      this.memory.grow((size - this.buffer.byteLength) / WASM_PAGE);
    } catch {
      return false; // the JS engine refused the allocation: malloc returns NULL
    }
    this.setBuffer(this.memory.buffer as ArrayBuffer);
    return true;
  }

  /** Shadow of [p, p + n) addressable, the rest of the block up to p + size a redzone. */
  private unpoison(p: number, n: number, size: number): void {
    const g = p >>> 3;
    const full = Math.floor(n / 8);
    this.fillShadow(SHADOW_OK, g, g + full);
    let end = g + full;
    if (n % 8 !== 0) this.setShadow(end++, n % 8);
    this.fillShadow(POISON_REDZONE, end, (p + size) >>> 3);
  }

  private allocBlock(n: number, state: number): number {
    // (size_t)-1 and other impossible sizes: C's malloc returns NULL.
    if (!(n >= 0) || n > MAX_BYTES) return 0;
    n = Math.floor(n);
    const size = Math.max(16, Math.ceil(n / 16) * 16);
    const list = size <= SMALL_LIST_BYTES ? this.smallLists[size >>> 4] : this.freeLists.get(size);
    let p: number;
    if (list && list.length > 0) {
      p = list.pop()!;
    } else {
      // A large block's header starts a page: the data 16 bytes past a page boundary, where glibc puts
      // large blocks and the CPU backend its large streams (backends/cpu/arena.ts LARGE_PAGE_OFFSET),
      // so streamRead/streamWrite copy at memcpy's full speed (no 4K aliasing).
      p = (size >= LARGE_BLOCK ? Math.ceil(this.top / 4096) * 4096 : this.top) + HEADER;
      if (!this.ensure(p + size)) return 0;
      this.top = p + size;
      this.u32[(p - 8) >>> 2] = size;
      this.fillShadow(POISON_REDZONE, (p - HEADER) >>> 3, p >>> 3); // the header is a redzone
    }
    this.u32[(p - 4) >>> 2] = state;
    this.u32[(p - 12) >>> 2] = n; // requested size, for bounds of streamRead/streamWrite
    this.unpoison(p, n, size);
    if (state === MALLOCED) this.liveBytes += size;
    return p;
  }

  /** The free list of blocks of `size` bytes, made when first needed. */
  private freeList(size: number): number[] {
    if (size <= SMALL_LIST_BYTES) return (this.smallLists[size >>> 4] ??= []);
    let list = this.freeLists.get(size);
    if (!list) this.freeLists.set(size, (list = []));
    return list;
  }

  /** C malloc: a 16-byte aligned block, or 0 when memory is exhausted. malloc(0) gives a unique block. */
  malloc(n: number): number {
    return this.allocBlock(n, MALLOCED);
  }

  calloc(count: number, size: number): number {
    const n = Math.floor(count) * Math.floor(size);
    const p = this.malloc(n);
    if (p !== 0) this.u8.fill(0, p, p + this.blockSize(p));
    return p;
  }

  realloc(p: number, n: number): number {
    if (p === 0) return this.malloc(n);
    this.checkFree(p);
    if (!(n >= 0) || n > MAX_BYTES) return 0;
    const old = this.u32[(p - 12) >>> 2]!;
    if (n <= this.blockSize(p)) {
      this.u32[(p - 12) >>> 2] = n;
      this.unpoison(p, n, this.blockSize(p));
      return p;
    }
    const q = this.malloc(n);
    if (q === 0) return 0;
    this.u8.copyWithin(q, p, p + old);
    this.free(p);
    return q;
  }

  /** Why `free(p)` is wrong, as a MemoryFault, or nothing when p is a live malloc block. */
  private checkFree(p: number): void {
    const ok = p >= HEAP_BASE + HEADER && p < this.top && p % 16 === 0;
    const state = ok ? this.u32[(p - 4) >>> 2] : -1;
    if (state === MALLOCED) return;
    if (ok && state === FREE && this.sh[p >>> 3] === POISON_FREED) {
      throw new MemoryFault('BRK5108', 'double free: this block was already freed', 'free each malloc block once; set the pointer to NULL after free(p) so a second free(NULL) does nothing');
    }
    throw new MemoryFault('BRK5109', `free of a pointer that malloc did not return (${describeAddress(this, p)})`, 'pass free exactly the pointer that malloc, calloc or realloc returned; arrays and locals are not freed');
  }

  /** C free. free(NULL) is a no-op; a double free or a pointer malloc did not return is a MemoryFault. */
  free(p: number): void {
    if (p === 0) return;
    this.checkFree(p);
    const size = this.blockSize(p);
    this.u32[(p - 4) >>> 2] = FREE;
    this.fillShadow(POISON_FREED, p >>> 3, (p + size) >>> 3);
    this.liveBytes -= size;
    this.quarantine.push(p);
    this.quarantined += size;
    while (this.quarantined > QUARANTINE_BYTES && this.quarantineHead < this.quarantine.length) {
      this.reuse(this.quarantine[this.quarantineHead++]!);
    }
    if (this.quarantineHead > 1024 && this.quarantineHead * 2 > this.quarantine.length) {
      this.quarantine = this.quarantine.slice(this.quarantineHead);
      this.quarantineHead = 0;
    }
  }

  private reuse(p: number): void {
    const size = this.blockSize(p);
    this.quarantined -= size;
    const list = this.freeList(size);
    list.push(p);
  }

  /**
   * Zeroed storage for a stack frame or a global, released with `release`. `gaps` lists [offset,
   * length] ranges inside it that no C object occupies (between frame slots): they stay poisoned, so
   * running off the end of a local array is caught.
   */
  alloca(n: number, gaps?: readonly number[]): number {
    const p = this.allocBlock(n, INTERNAL);
    if (p === 0) throw new RangeError(`out of host memory allocating ${n} bytes`);
    this.u8.fill(0, p, p + this.blockSize(p));
    if (gaps) for (let i = 0; i < gaps.length; i += 2) this.poisonGap(p + gaps[i]!, p + gaps[i]! + gaps[i + 1]!);
    return p;
  }

  /** Storage of each notebook global that lives in memory (arrays, structs), by name: see `cellGlobal`. */
  private cellGlobals = new Map<string, number>();

  /**
   * Zeroed storage for the notebook global `name` (a cell declaring an array or struct). A re-declared
   * global replaces the old one: the block the name held is released first, so re-running a cell
   * reuses its storage instead of growing the heap (a same-size re-declaration gets the same address
   * back, so a pointer a later cell took into it still points at the global of that name). Pointers into
   * an old block of another size dangle, as into a returned frame (BRK5107 until reused).
   */
  cellGlobal(name: string, n: number): number {
    const old = this.cellGlobals.get(name);
    if (old !== undefined) this.release(old, POISON_REPLACED);
    const p = this.alloca(n);
    this.cellGlobals.set(name, p);
    return p;
  }

  /** Poison [start, end) (end 8-aligned); a granule that starts before `start` keeps its first bytes. */
  private poisonGap(start: number, end: number): void {
    let g = start >>> 3;
    if (start & 7) this.setShadow(g++, start & 7);
    this.fillShadow(POISON_FRAME_GAP, g, end >>> 3);
  }

  /** End of a frame: its storage is reusable at once; pointers into it fault until then. */
  release(p: number, poison = POISON_RETURNED): void {
    const size = this.blockSize(p);
    this.u32[(p - 4) >>> 2] = FREE;
    this.fillShadow(poison, p >>> 3, (p + size) >>> 3);
    const list = this.freeList(size);
    list.push(p);
  }

  /**
   * Bytes from p to the end of the C object it points into (a malloc block, an array, a frame slot),
   * or undefined when p points at nothing addressable.
   */
  blockBytes(p: number): number | undefined {
    if (!(p >= HEAP_BASE && p < this.top)) return undefined;
    if (p % 16 === 0 && this.u32[(p - 4) >>> 2] === MALLOCED && this.sh[(p - 8) >>> 3] === POISON_REDZONE) {
      const requested = this.u32[(p - 12) >>> 2]!;
      if (requested <= this.blockSize(p)) return requested;
    }
    // Anything else: the addressable bytes from p on (the shadow ends each object with a redzone).
    const sh = this.sh;
    const s0 = sh[p >>> 3]!;
    if (s0 !== SHADOW_OK && !(s0 < 8 && (p & 7) < s0)) return undefined;
    let g = p >>> 3;
    while (g < sh.length && sh[g] === SHADOW_OK) g++;
    const s = sh[g];
    const end = g * 8 + (s !== undefined && s > 0 && s < 8 ? s : 0);
    return end - p;
  }

  /**
   * Bytes addressable from p on when p is the start of a live malloc block (its requested size), else
   * 0: O(1), for a call-free loop's fast check of the elements it indexes from p (nothing in such a
   * loop can free or resize the block).
   */
  mallocSpan(p: number): number {
    if (!(p >= HEAP_BASE + HEADER && p < this.top && p % 16 === 0)) return 0;
    if (this.u32[(p - 4) >>> 2] !== MALLOCED || this.sh[(p - 8) >>> 3] !== POISON_REDZONE) return 0;
    const requested = this.u32[(p - 12) >>> 2]!;
    return requested <= this.blockSize(p) ? requested : 0;
  }

  private blockSize(p: number): number {
    return this.u32[(p - 8) >>> 2]!;
  }

  // ---- checked access (generated code calls these where it cannot prove an access valid) ----------

  /**
   * Whether the n bytes at p (n <= 8, p aligned to n as every C access is) are addressable. The
   * generated code tests `sh[p >>> 3] === 0` inline and calls this only otherwise.
   */
  accessible(p: number, n: number): boolean {
    if (!(p >= 0 && p + n <= this.buffer.byteLength)) return false;
    if (n > 8 || (p & 7) + n > 8) return this.rangeAccessible(p, p + n);
    const s = this.sh[p >>> 3]!;
    return s === SHADOW_OK || (s < 8 && (p & 7) + n <= s);
  }

  /** Whether every byte of [p, end) is addressable. */
  rangeAccessible(p: number, end: number): boolean {
    if (end <= p) return true;
    if (!(p >= 0 && end <= this.buffer.byteLength)) return false;
    const sh = this.sh;
    const last = (end - 1) >>> 3;
    let g = p >>> 3;
    // Whole pages through the page summary; granules only in the first and last page.
    const firstPage = g >>> PAGE_GRANULE_SHIFT;
    const lastPage = last >>> PAGE_GRANULE_SHIFT;
    if (lastPage - firstPage > 1) {
      for (let k = firstPage + 1; k < lastPage; k++) if (!this.pageAccessible(k)) return false;
      for (const stop = (firstPage + 1) << PAGE_GRANULE_SHIFT; g < stop; g++) if (sh[g] !== SHADOW_OK) return false;
      g = lastPage << PAGE_GRANULE_SHIFT;
    }
    for (; g < last; g++) if (sh[g] !== SHADOW_OK) return false;
    const s = sh[last]!;
    return s === SHADOW_OK || (s < 8 && ((end - 1) & 7) < s);
  }

  /** The MemoryFault for an access of n bytes at p that is not addressable. */
  fault(p: number, n: number, write: boolean): MemoryFault {
    const what = `${write ? 'write' : 'read'} of ${n} byte${n === 1 ? '' : 's'}`;
    if (p > -HEAP_BASE && p < HEAP_BASE) {
      return new MemoryFault('BRK5105', `NULL pointer dereference: ${what} at address ${p}`, 'check the pointer against NULL before using it (malloc returns NULL when it cannot allocate)');
    }
    let g = p >>> 3;
    const inBuffer = p >= 0 && p < this.buffer.byteLength;
    // The first bad granule of the access says what the bytes are.
    if (inBuffer) {
      const end = Math.min(this.buffer.byteLength, p + n);
      for (let q = p; q < end; q = (q | 7) + 1) {
        const s = this.sh[q >>> 3]!;
        if (s !== SHADOW_OK && !(s < 8 && ((Math.min(end, (q | 7) + 1) - 1) & 7) < s)) {
          g = q >>> 3;
          break;
        }
      }
    }
    const code = inBuffer ? this.sh[g]! : POISON_UNALLOCATED;
    if (code === POISON_FREED) {
      return new MemoryFault('BRK5107', `use after free: ${what} in a block that was freed`, 'do not use a pointer after free(p); free the block only when nothing uses it any more');
    }
    if (code === POISON_REPLACED) {
      return new MemoryFault('BRK5107', `use after re-declaration: ${what} in the old storage of a global that a re-run cell declared anew`, 'take the address again after re-running the cell that declares the global (a re-declaration of the same size keeps its address)');
    }
    if (code === POISON_RETURNED) {
      return new MemoryFault('BRK5107', `use after return: ${what} in a local of a function that has returned`, 'do not return or keep the address of a local variable; allocate with malloc or use a global');
    }
    return new MemoryFault('BRK5106', `out-of-bounds ${what} at address ${p} (${describeAddress(this, p)})`, 'keep the index within the array or malloc block: valid indices of an array of n elements are 0 to n - 1');
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

/** Where an address lies, in words: the nearest block before it and the offset from its start. */
function describeAddress(mem: Mem, p: number): string {
  if (!(p >= 0 && p < mem.byteLength)) return 'outside host memory';
  const sh = mem.sh;
  const ok = (g: number) => sh[g] === SHADOW_OK || (sh[g]! > 0 && sh[g]! < 8);
  // The addressable run at or before p: the object the pointer most likely came from.
  let q = p >>> 3;
  const stop = Math.max(0, q - (1 << 20));
  while (q > stop && !ok(q)) q--;
  if (!ok(q)) return 'not inside any allocated block';
  let start = q;
  while (start > 0 && ok(start - 1)) start--;
  let last = q;
  while (last + 1 < sh.length && sh[last] === SHADOW_OK && ok(last + 1)) last++;
  const blockStart = start * 8;
  const endByte = last * 8 + (sh[last] === SHADOW_OK ? 8 : sh[last]!);
  const size = endByte - blockStart;
  if (p === endByte) return `just past the end of a ${size}-byte block`;
  if (p > endByte) return `${p - endByte} bytes past the end of a ${size}-byte block`;
  return `offset ${p - blockStart} of a ${size}-byte block`;
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
