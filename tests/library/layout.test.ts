/**
 * The BLAS library's float4 storage (runtime/library/blas/layout.ts): padding to multiples of 4 with
 * zeros and 1 on a square matrix's padded diagonal, trimming on read-back, and data that needs no
 * padding passed as it is (no copy).
 */
import { describe, expect, it } from 'vitest';
import { packMatrix, packVector, unpackMatrix } from '../../runtime/library/blas/layout.js';

describe('blas layout', () => {
  it('pads a vector with zeros; a Float32Array of a multiple of 4 is used as it is', () => {
    expect(Array.from(packVector([1, 2, 3, 4, 5], 5))).toEqual([1, 2, 3, 4, 5, 0, 0, 0]);
    expect(Array.from(packVector(Float64Array.from([1, 2, 3]), 3))).toEqual([1, 2, 3, 0]);
    const x = new Float32Array(8).fill(2);
    expect(packVector(x, 8)).toBe(x);
  });

  it('pads rows and columns; a square matrix gets 1 on its padded diagonal; unpack trims', () => {
    const A = [1, 2, 3, 4, 5, 6]; // 2 x 3
    expect(Array.from(packMatrix(A, 2, 3))).toEqual([1, 2, 3, 0, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const S = Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]); // 3 x 3
    const p = packMatrix(S, 3, 3);
    expect(Array.from(p)).toEqual([1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0, 0, 0, 0, 1]);
    expect(Array.from(unpackMatrix(p, 3, 3))).toEqual(Array.from(S));
    const M = new Float32Array(16).fill(3);
    expect(packMatrix(M, 4, 4)).toBe(M);
    expect(unpackMatrix(M, 4, 4)).toBe(M);
  });
});
