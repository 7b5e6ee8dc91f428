/// <reference types="@webgpu/types" />
/**
 * Device-to-host copies of large reads (streamWrite, large readbacks) in chunks, so the host's copy
 * out of one mapped chunk overlaps the GPU's copy of the next.
 *
 * One staging buffer the size of the read (the small-read path, context.ts readWords) costs the
 * whole GPU copy, then a map, then the whole host copy, one after the other: 44.9 ms for 256 MiB on
 * an H200 whose host memcpy takes 27.6 ms. Here every chunk's copy is recorded now, each in a
 * submit of its own (a map resolves when the submit that wrote its buffer is done, so one submit
 * for all would resolve every map together), and the chunks are copied out in order as their maps
 * resolve, each straight into the caller's array (one copy, no conversion).
 *
 * All copies are recorded before `read` first yields, so work recorded after the read (a kernel
 * that writes the stream) cannot reach the GPU before them: program order holds. Chunk buffers are
 * kept for the next read up to KEEP_BYTES.
 */
import type { Recorder } from './recorder.js';

/** Bytes a chunk (bench/probes/transfers.mjs measures the choice). */
export const READ_CHUNK = 8 << 20;
/** Reads from this many bytes go in chunks; smaller ones in one piece (one submit, one map). */
export const CHUNKED_READ_FROM = 2 * READ_CHUNK;
/** Chunk buffers kept between reads (bounded memory for a program that reads large streams). */
const KEEP_BYTES = 256 << 20;
const MAP_READ = 0x01;
const COPY_DST = 0x08;

export class Downloader {
  /** READ_CHUNK, settable by measurements that compare chunk sizes (0: reads in one piece). */
  static chunkBytes = READ_CHUNK;
  private free: GPUBuffer[] = [];
  private disposed = false;

  constructor(
    private readonly device: GPUDevice,
    private readonly rec: Recorder,
  ) {}

  /** Whether a read of `bytes` goes through `read` (else the caller's one-piece path). */
  takes(bytes: number): boolean {
    const chunk = Downloader.chunkBytes;
    return chunk > 0 && bytes >= 2 * chunk;
  }

  /** Copy `bytes` (a multiple of 4) at `byteOffset` of `src` into `into` (at least `bytes` long). */
  async read(src: GPUBuffer, byteOffset: number, bytes: number, into: Uint8Array): Promise<void> {
    const chunk = Downloader.chunkBytes;
    const n = Math.ceil(bytes / chunk);
    const bufs: GPUBuffer[] = [];
    const maps: Promise<void>[] = [];
    for (let i = 0; i < n; i++) {
      const len = Math.min(chunk, bytes - i * chunk);
      const b = this.take(chunk);
      bufs.push(b);
      this.rec.commands().copyBufferToBuffer(src, byteOffset + i * chunk, b, 0, len);
      this.rec.flush();
      const m = b.mapAsync(MAP_READ, 0, len);
      // Awaited in order below; a failure past the first is reported through the first await.
      m.catch(() => undefined);
      maps.push(m);
    }
    let i = 0;
    try {
      for (; i < n; i++) {
        const len = Math.min(chunk, bytes - i * chunk);
        await maps[i];
        into.set(new Uint8Array(bufs[i]!.getMappedRange(0, len)), i * chunk);
        bufs[i]!.unmap();
        this.give(bufs[i]!);
      }
    } catch (e) {
      // Device lost or destroyed: the buffers not copied out yet go with it.
      for (let k = i; k < n; k++) bufs[k]!.destroy();
      throw e;
    }
  }

  private take(size: number): GPUBuffer {
    let b = this.free.pop();
    while (b && b.size !== size) {
      b.destroy();
      b = this.free.pop();
    }
    return b ?? this.device.createBuffer({ size, usage: MAP_READ | COPY_DST, label: 'brook readback chunk' });
  }

  private give(b: GPUBuffer): void {
    if (!this.disposed && (this.free.length + 1) * b.size <= KEEP_BYTES) this.free.push(b);
    else b.destroy();
  }

  dispose(): void {
    this.disposed = true;
    for (const b of this.free.splice(0)) b.destroy();
  }
}
