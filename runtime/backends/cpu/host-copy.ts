/**
 * Copies between a host array and stream storage that the arena's memory.copy cannot do (one side is
 * outside the arena: a plain JavaScript array, C host memory, a standalone buffer).
 *
 * Why not TypedArray.set: when either side is a SharedArrayBuffer (every arena block is), V8 copies
 * with relaxed atomic word stores, cached stores that first read each destination line: 256 MiB moved
 * at 0.55-0.65x of a memmove (issue 27; `bench --only cpu.streamRead` measures it). Node's
 * Buffer#fill with a buffer as large as the range is one memcpy (node_buffer.cc Fill), which streams
 * large copies with non-temporal stores. Small copies keep `set`, which costs less to start.
 *
 * Streams are not written by kernels while a copy runs (the CPU backend runs a launch to its end
 * before the next operation), so the plain memcpy races with nothing.
 */
import { Buffer } from 'node:buffer';

/** Copies of at least this many bytes go through memcpy (below it a call's fixed cost dominates). */
const MEMCPY_MIN_BYTES = 1 << 16;

/** `dst.set(src, at)` for word arrays, as one memcpy when large and the two do not share storage. */
export function copyWords(dst: Uint32Array, at: number, src: Uint32Array): void {
  const bytes = src.byteLength;
  if (at < 0 || at + src.length > dst.length) throw new RangeError('internal: copy past the end of a buffer');
  if (bytes < MEMCPY_MIN_BYTES || dst.buffer === src.buffer) {
    dst.set(src, at);
    return;
  }
  const to = Buffer.from(dst.buffer, dst.byteOffset + 4 * at, bytes);
  to.fill(Buffer.from(src.buffer, src.byteOffset, bytes));
}
