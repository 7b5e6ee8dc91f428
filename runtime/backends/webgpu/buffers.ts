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

export class GpuBuf {
  readonly id = nextId++;
  released = false;
  /** The buffer's size, read once: GPUBuffer.size is a native getter, and launches check it per call. */
  readonly bytes: number;
  constructor(
    readonly buffer: GPUBuffer,
    readonly words: number,
  ) {
    this.bytes = buffer.size;
  }
}

export function asGpuBuf(h: unknown): GpuBuf {
  if (!(h instanceof GpuBuf)) throw new Error('internal: not a WebGPU buffer handle');
  if (h.released) throw new Error('internal: use of a released WebGPU buffer');
  return h;
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
