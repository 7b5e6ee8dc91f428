/**
 * Size limits shared by the compiler and the runtime, checked before anything is allocated, so an
 * impossible size is a clear error naming the limit (never a wrap, a RangeError or an out-of-memory
 * death of the process).
 *
 * - One host object (an array, a struct) is at most 2^31 - 1 bytes: host memory is a 32-bit address
 *   space (hostlib/memory.ts), and a 32-bit C compiler rejects larger objects for the same reason
 *   (pointer differences must fit a 32-bit ptrdiff_t).
 * - A stream extent is at most 2^31 - 1: kernels index elements with 32-bit integers on both backends.
 *   The total size of a stream is limited further by the backend (BRK5009).
 */
export const MAX_HOST_OBJECT_BYTES = 2 ** 31 - 1;
export const MAX_STREAM_EXTENT = 2 ** 31 - 1;

/** Numbers in messages: 2147483647 reads better as 2147483647 (2^31 - 1). */
export function limitText(n: number): string {
  for (let p = 8; p <= 62; p++) {
    if (n === 2 ** p) return `${n} (2^${p})`;
    if (n === 2 ** p - 1) return `${n} (2^${p} - 1)`;
  }
  return String(n);
}
