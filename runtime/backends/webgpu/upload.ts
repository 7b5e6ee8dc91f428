/// <reference types="@webgpu/types" />
/**
 * Host-to-device copies of large writes (streamRead) through reused, already mapped staging buffers.
 *
 * Why not queue.writeBuffer: through dawn.node a large writeBuffer ran at 1.6 GB/s on an H100 (Dawn
 * stages each large write in a fresh host-visible allocation). Here the host words are copied once
 * into a mapped MAP_WRITE buffer, which is unmapped and copied to the stream with copyBufferToBuffer in
 * the recorder's encoder (so program order is the recorder's order, with no flush needed before).
 * Writes are cut into CHUNK-byte pieces, each submitted when filled, so the GPU's copy of one piece
 * overlaps the host's copy of the next.
 *
 * A staging buffer is re-mapped (mapAsync WRITE) once the batch that reads it is submitted; WebGPU
 * resolves that map only after the copy has run, so a buffer handed out again is never still in use.
 * A write that finds no mapped buffer ready creates one mapped at creation. At most KEEP buffers
 * (KEEP * CHUNK bytes) are kept; writes below STAGED_FROM bytes keep using queue.writeBuffer.
 *
 * Measured on an H200 (bench/probes/transfers.mjs, 256 MiB, bench/results/transfers-h200.jsonl):
 * 16, 32 and 64 MiB chunks 29.2-29.5 ms (9.1 GB/s; the host's memcpy 10.7 GB/s), of which the copies
 * into mapped memory 28.2-28.9 ms (the probe's copy into already mapped MAP_WRITE memory alone: 31.5 ms,
 * 8.5 GB/s; into buffers mapped at creation 89 ms), unmaps 0.1 ms, submits 1-2 ms: one copy at the
 * speed the host writes mapped memory. 4 and 8 MiB chunks took 77 and 60 ms: KEEP buffers of them
 * cover 64 and 128 MiB, so the rest of a 256 MiB write went through queue.writeBuffer (3 GB/s there),
 * as any single write larger than KEEP * CHUNK does for its excess.
 */
import { envNumber } from './env.js';
import type { Recorder } from './recorder.js';

export const CHUNK = 16 << 20;
export const STAGED_FROM = 1 << 20;
const KEEP = 16;
/** Most staging buffers waiting for a re-map at once; past it, writes go through queue.writeBuffer. */
const MAX_REMAPPING = KEEP;
const MAP_WRITE = 0x02;
const COPY_SRC = 0x04;

export class Uploader {
  /** CHUNK, settable by measurements that compare chunk sizes (applies to later writes); also
   *  BROOK_UPLOAD_CHUNK_MIB. */
  static chunkBytes = Math.max(1 << 16, Math.floor((envNumber('BROOK_UPLOAD_CHUNK_MIB', CHUNK / 2 ** 20) * 2 ** 20) / 4) * 4);
  /** Staging buffers created (mapped at creation), reused (re-mapped), and chunks that fell back
   *  to queue.writeBuffer, over the process (bench/probes/transfers.mjs reads them). */
  static readonly stats = { created: 0, reused: 0, fallback: 0, copyMs: 0, unmapMs: 0, submitMs: 0 };
  private readonly ready: GPUBuffer[] = [];
  /** Staging buffers submitted and waiting for their re-map. */
  private remapping = 0;
  private disposed = false;

  constructor(
    private readonly device: GPUDevice,
    private readonly rec: Recorder,
    private readonly chunkOverride?: number,
  ) {}

  /** Copy `src` (a whole number of 4-byte words) to `dst` at `byteOffset` (a multiple of 4). */
  write(dst: GPUBuffer, byteOffset: number, src: Uint8Array): void {
    const chunk = this.chunkOverride ?? Uploader.chunkBytes;
    for (let at = 0; at < src.length; at += chunk) {
      const n = Math.min(chunk, src.length - at);
      if (this.ready.length === 0 && this.remapping >= MAX_REMAPPING) {
        // Staging buffers whose re-map has not resolved yet (the host has not yielded to the device's
        // events): creating more would grow memory without bound over many writes (a notebook cell
        // re-run 1000 times). Queue order after a flush keeps program order.
        this.rec.flush();
        this.rec.queueWrite(dst, byteOffset + at, src, at, n);
        Uploader.stats.fallback++;
        continue;
      }
      let st = this.ready.pop();
      if (st && st.size !== chunk) {
        st.destroy();
        st = undefined;
      }
      if (st) Uploader.stats.reused++;
      else Uploader.stats.created++;
      st ??= this.device.createBuffer({ size: chunk, usage: MAP_WRITE | COPY_SRC, mappedAtCreation: true, label: 'brook upload' });
      const t0 = performance.now();
      new Uint8Array(st.getMappedRange(0, n)).set(src.subarray(at, at + n));
      const t1 = performance.now();
      st.unmap();
      const t2 = performance.now();
      this.rec.commands().copyBufferToBuffer(st, 0, dst, byteOffset + at, n);
      this.rec.onSubmitted(() => this.remap(st));
      this.rec.flush();
      const stats = Uploader.stats;
      stats.copyMs += t1 - t0;
      stats.unmapMs += t2 - t1;
      stats.submitMs += performance.now() - t2;
    }
  }

  private remap(st: GPUBuffer): void {
    this.remapping++;
    st.mapAsync(MAP_WRITE).then(
      () => {
        this.remapping--;
        if (!this.disposed && this.ready.length < KEEP) this.ready.push(st);
        else st.destroy();
      },
      // Device lost or destroyed: the buffer is gone with it.
      () => {
        this.remapping--;
      },
    );
  }

  dispose(): void {
    this.disposed = true;
    for (const b of this.ready.splice(0)) b.destroy();
  }
}
