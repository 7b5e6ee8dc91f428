/** Data and comparison shared by the transfer tests (transfer.test.ts, batched-transfers.test.ts). */

/** `n` floats that differ from their neighbours in every byte (a wrong offset or chunk shows). */
export function pattern(n: number, seed: number): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = ((i * 2654435761 + seed) % 1000003) / 7 - 50000;
  return a;
}

/** Index of the first element that differs (-0 and NaN bits count), -2 on a length mismatch, -1 if none. */
export function firstMismatch(got: ArrayLike<number>, want: ArrayLike<number>): number {
  if (got.length !== want.length) return -2;
  for (let i = 0; i < want.length; i++) if (!Object.is(got[i], want[i])) return i;
  return -1;
}
