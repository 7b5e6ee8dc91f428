/// <reference types="@webgpu/types" />
/**
 * Device memory: stream buffers (the handles brt holds), scratch buffers for reductions, scans and
 * scatters, and staging buffers for reads, reused by size class so a program that reads every
 * iteration does not create a mapping buffer each time.
 *
 * Buffers are rounded up to 16 bytes: vec4 arrays bind in 16-byte units and WebGPU refuses empty
 * bindings, so an empty stream still owns 16 bytes.
 */

let nextId = 1;

/**
 * A stream's storage: one buffer, or (a stream larger than one binding: paging.ts) several page
 * buffers of `pageElems` elements each (the last one shorter), in element order.
 */
export class GpuBuf {
  readonly id = nextId++;
  released = false;
  /** Total bytes of all pages, read once: GPUBuffer.size is a native getter. */
  readonly bytes: number;
  /** Element index where page k starts is k * pageElems; Infinity for a stream of one buffer. */
  readonly pageElems: number;
  constructor(
    /** Every buffer of the stream in order: one entry unless the stream is split. */
    readonly pages: GPUBuffer[],
    readonly words: number,
    /** 32-bit words per element (pages hold whole elements). */
    readonly elemWords = 1,
    pageElems = Infinity,
  ) {
    this.bytes = pages.reduce((s, b) => s + b.size, 0);
    this.pageElems = pages.length > 1 ? pageElems : Infinity;
  }

  /** Whether the stream is split across several buffers. */
  get paged(): boolean {
    return this.pages.length > 1;
  }

  /** The one buffer of a stream that is not split. Code that cannot handle pages asks through
   *  this, so a split stream reaching it is a loud internal error rather than a read of page 0. */
  get buffer(): GPUBuffer {
    if (this.pages.length !== 1) throw new Error('internal: whole-buffer access to a stream split into pages');
    return this.pages[0]!;
  }

  /** Words in each page but the last. */
  get pageWords(): number {
    return this.pageElems * this.elemWords;
  }
}

export function asGpuBuf(h: unknown): GpuBuf {
  if (!(h instanceof GpuBuf)) throw new Error('internal: not a WebGPU buffer handle');
  if (h.released) throw new Error('internal: use of a released WebGPU buffer');
  return h;
}

/** The handle's page buffers when it is a split stream, else null (also for non-WebGPU handles
 *  that tests pass to the WGSL writer). */
export function pagedBuf(h: unknown): GpuBuf | null {
  return h instanceof GpuBuf && h.paged ? h : null;
}

export function paddedBytes(words: number): number {
  return Math.max(16, Math.ceil((words * 4) / 16) * 16);
}

export const STORAGE_USAGE = 0x80 | 0x04 | 0x08; // STORAGE | COPY_SRC | COPY_DST

/** Buffers reused by power-of-two size class; `take` hands one out, `give` returns it. */
export class BufferPool {
  private readonly free = new Map<number, GPUBuffer[]>();
  constructor(
    private readonly device: GPUDevice,
    private readonly usage: number,
    private readonly label: string,
  ) {}

  take(bytes: number): GPUBuffer {
    const size = sizeClass(bytes);
    const list = this.free.get(size);
    const b = list?.pop();
    if (b) return b;
    return this.device.createBuffer({ size, usage: this.usage, label: this.label });
  }

  give(b: GPUBuffer): void {
    const list = this.free.get(b.size) ?? [];
    // Keep a few per class: enough for reuse, bounded memory.
    if (list.length < 4) {
      list.push(b);
      this.free.set(b.size, list);
    } else b.destroy();
  }

  dispose(): void {
    for (const l of this.free.values()) for (const b of l) b.destroy();
    this.free.clear();
  }
}

function sizeClass(bytes: number): number {
  if (bytes > 64 * 2 ** 20) return Math.ceil(bytes / 2 ** 20) * 2 ** 20;
  let s = 256;
  while (s < bytes) s *= 2;
  return s;
}
