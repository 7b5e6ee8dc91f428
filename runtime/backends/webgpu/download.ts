/// <reference types="@webgpu/types" />
/**
 * Device-to-host copies of large reads in chunks, so the host's copy out of one mapped chunk could
 * overlap the GPU's copy of the next. OFF by default (READ_CHUNK = 0): measured slower than one
 * piece on both GPU machines tried, so large reads take context.ts readWords' one-piece path (one
 * staging buffer, one map, one `set` straight into the caller's array). Kept as a knob
 * (BROOK_READ_CHUNK_MIB, BROOK_READ_CHUNK_GROWTH) because the balance depends on the host.
 *
 * Measured (bench/probes/transfers.mjs, 256 MiB, bench/results/transfers-h200.jsonl): on an
 * H200 one piece took 30.2 ms (GPU copy + map 5.2 ms, the copy out of mapped memory 24.8 ms at
 * 10.8 GB/s, the host's memcpy 10.7 GB/s); in chunks of 8-64 MiB, or growing from 4-16 MiB, 41.6-58.1
 * ms, the copies out of the chunk buffers alone taking 40.7-43.1 ms (6.2 GB/s) although the waits for
 * their maps were 0.4-5 ms: copying out while the GPU writes host memory runs slower than the wait
 * it saves. On an H100 (bench, 8 MiB chunks) 62.5 ms against the hand-written one-piece 35.9 ms.
 *
 * How it works when on: every chunk's copy is recorded now, each in a submit of its own (a map
 * resolves when the submit that wrote its buffer is done, so one submit for all would resolve every
 * map together), and the chunks are copied out in order as their maps resolve, each straight into
 * the caller's array (one copy, no conversion). All copies are recorded before `read` first yields,
 * so work recorded after the read (a kernel that writes the stream) cannot reach the GPU before
 * them: program order holds. Chunk buffers are kept for the next read up to KEEP_BYTES.
 */
import { envNumber } from './env.js';
import type { Recorder } from './recorder.js';

/** Bytes of the first chunk; 0: every read in one piece (the default: see above). BROOK_READ_CHUNK_MIB
 *  overrides it. */
export const READ_CHUNK = 0;
/** Each chunk this many times the last, up to MAX_READ_CHUNK (1: equal chunks): the host starts
 *  copying after a small first chunk, and a large read needs few maps (BROOK_READ_CHUNK_GROWTH). */
export const READ_GROWTH = 1;
export const MAX_READ_CHUNK = 64 << 20;
/** Chunk buffers kept between reads (bounded memory for a program that reads large streams). */
const KEEP_BYTES = 256 << 20;
const MAP_READ = 0x01;
const COPY_DST = 0x08;

export class Downloader {
  /** READ_CHUNK and READ_GROWTH, settable by measurements that compare them. */
  static chunkBytes = Math.floor((envNumber('BROOK_READ_CHUNK_MIB', READ_CHUNK / 2 ** 20) * 2 ** 20) / 4) * 4;
  static growth = Math.max(1, envNumber('BROOK_READ_CHUNK_GROWTH', READ_GROWTH));
  /** Time recording the copies, waiting for maps and copying out, over the process (probes). */
  static readonly stats = { recordMs: 0, waitMs: 0, copyMs: 0, chunks: 0 };
  /** Free chunk buffers by size, and their total bytes. */
  private readonly free = new Map<number, GPUBuffer[]>();
  private freeBytes = 0;
  private disposed = false;

  constructor(
    private readonly device: GPUDevice,
    private readonly rec: Recorder,
  ) {}

  /** Whether a read of `bytes` goes through `read` (else the caller's one-piece path): chunks are
   *  on and the read holds at least two. */
  takes(bytes: number): boolean {
    const chunk = Downloader.chunkBytes;
    return chunk > 0 && bytes >= 2 * chunk;
  }

  /** Chunks of a read of `bytes`: the first chunkBytes, each next growth times the last (a
   *  multiple of 4, at most MAX_READ_CHUNK or chunkBytes if larger); `len` is what a chunk copies
   *  (the last one what is left), `size` its buffer's size: a size of that sequence, so every read
   *  uses the same few buffer sizes whatever its length. */
  private chunks(bytes: number): { len: number; size: number }[] {
    const out: { len: number; size: number }[] = [];
    let size = Downloader.chunkBytes;
    const cap = Math.max(MAX_READ_CHUNK, Downloader.chunkBytes);
    const grow = (x: number) => Math.min(cap, Math.floor((x * Downloader.growth) / 4) * 4);
    for (let at = 0; at < bytes; ) {
      const len = Math.min(size, bytes - at);
      // A short last chunk takes the smallest size of the sequence that holds it.
      let fit = Downloader.chunkBytes;
      while (fit < len && grow(fit) > fit) fit = grow(fit);
      out.push({ len, size: len < size ? Math.max(fit, len) : size });
      at += len;
      size = grow(size);
    }
    return out;
  }

  /** Copy `bytes` (a multiple of 4) at `byteOffset` of `src` into `into` (at least `bytes` long). */
  async read(src: GPUBuffer, byteOffset: number, bytes: number, into: Uint8Array): Promise<void> {
    const t0 = performance.now();
    const chunks = this.chunks(bytes);
    const n = chunks.length;
    const bufs: GPUBuffer[] = [];
    const maps: Promise<void>[] = [];
    let at = 0;
    for (let i = 0; i < n; i++) {
      const { len, size } = chunks[i]!;
      const b = this.take(size);
      bufs.push(b);
      this.rec.commands().copyBufferToBuffer(src, byteOffset + at, b, 0, len);
      this.rec.flush();
      const m = b.mapAsync(MAP_READ, 0, len);
      // Awaited in order below; a failure past the first is reported through the first await.
      m.catch(() => undefined);
      maps.push(m);
      at += len;
    }
    let i = 0;
    at = 0;
    const stats = Downloader.stats;
    let t = performance.now();
    stats.recordMs += t - t0;
    stats.chunks += n;
    try {
      for (; i < n; i++) {
        const len = chunks[i]!.len;
        await maps[i];
        const t1 = performance.now();
        into.set(new Uint8Array(bufs[i]!.getMappedRange(0, len)), at);
        bufs[i]!.unmap();
        this.give(bufs[i]!);
        at += len;
        const t2 = performance.now();
        stats.waitMs += t1 - t;
        stats.copyMs += t2 - t1;
        t = t2;
      }
    } catch (e) {
      // Device lost or destroyed: the buffers not copied out yet go with it.
      for (let k = i; k < n; k++) bufs[k]!.destroy();
      throw e;
    }
  }

  private take(size: number): GPUBuffer {
    const b = this.free.get(size)?.pop();
    if (b) {
      this.freeBytes -= size;
      return b;
    }
    return this.device.createBuffer({ size, usage: MAP_READ | COPY_DST, label: 'brook readback chunk' });
  }

  /** Keep `b` for the next read; past KEEP_BYTES, buffers of other sizes (an earlier setting of
   *  chunkBytes or growth) go first, so the sizes in use stay kept. */
  private give(b: GPUBuffer): void {
    const size = b.size;
    if (this.disposed || size > KEEP_BYTES) {
      b.destroy();
      return;
    }
    for (const [other, list] of this.free) {
      if (this.freeBytes + size <= KEEP_BYTES) break;
      if (other === size) continue;
      while (list.length > 0 && this.freeBytes + size > KEEP_BYTES) {
        list.pop()!.destroy();
        this.freeBytes -= other;
      }
    }
    if (this.freeBytes + size > KEEP_BYTES) {
      b.destroy();
      return;
    }
    let list = this.free.get(size);
    if (!list) this.free.set(size, (list = []));
    list.push(b);
    this.freeBytes += size;
  }

  dispose(): void {
    this.disposed = true;
    for (const list of this.free.values()) for (const b of list) b.destroy();
    this.free.clear();
    this.freeBytes = 0;
  }
}
