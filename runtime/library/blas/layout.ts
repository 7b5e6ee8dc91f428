/**
 * The BLAS library's storage (lib/brook/blas.br): a vector of n numbers is a float4 stream of
 * ceil(n/4) elements, an m x n matrix a float4 stream <ceil(m/4)*4, ceil(n/4)> (rows padded to a
 * multiple of 4 too, since level 2 and 3 results are vectors and matrices of that many rows).
 * Padding is zero, except on the diagonal of a square matrix's padding, which is 1: the padded
 * matrix is then [[A, 0], [0, I]], so triangular solves stay defined and products keep their top-left
 * block, which is all that is read back.
 */

export function roundUp4(n: number): number {
  return Math.ceil(n / 4) * 4;
}

/** Numbers of a vector of n, padded to the stream's 4 * ceil(n/4) (the data itself when it needs none). */
export function packVector(data: ArrayLike<number>, n: number): Float32Array {
  if (data instanceof Float32Array && data.length === n && n % 4 === 0) return data;
  const out = new Float32Array(roundUp4(n));
  if (ArrayBuffer.isView(data)) out.set((data as Float32Array).subarray(0, n));
  else for (let i = 0; i < n; i++) out[i] = data[i]!;
  return out;
}

/** A row-major rows x cols matrix as the stream's padded rows (see the file comment); the data
 *  itself when it needs no padding. */
export function packMatrix(data: ArrayLike<number>, rows: number, cols: number): Float32Array {
  const pr = roundUp4(rows);
  const pc = roundUp4(cols);
  if (data instanceof Float32Array && pr === rows && pc === cols && data.length === rows * cols) return data;
  const out = new Float32Array(pr * pc);
  const typed = ArrayBuffer.isView(data) ? (data as Float32Array) : undefined;
  for (let i = 0; i < rows; i++) {
    const src = i * cols;
    const dst = i * pc;
    if (typed) out.set(typed.subarray(src, src + cols), dst);
    else for (let j = 0; j < cols; j++) out[dst + j] = data[src + j]!;
  }
  if (rows === cols) for (let i = rows; i < pr; i++) out[i * pc + i] = 1;
  return out;
}

/** The rows x cols matrix inside a padded stream's numbers. */
export function unpackMatrix(padded: Float32Array, rows: number, cols: number): Float32Array {
  const pc = roundUp4(cols);
  if (pc === cols) return rows * cols === padded.length ? padded : padded.slice(0, rows * cols);
  const out = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) out.set(padded.subarray(i * pc, i * pc + cols), i * cols);
  return out;
}
