/**
 * The 2^28 SAXPY case's check (bench/reference.ts checkSaxpyChunks): part by part, one pass per part
 * without float64 reference arrays. It must pass a correct result and name the part and element of a
 * wrong one (a value off by more than the tolerance, a NaN, a short read).
 */
import { describe, expect, it } from 'vitest';
import { checkSaxpyChunks, chunkedFloat4 } from '../../bench/reference.js';

const A = 2.5;
const N = 3 * 1024 + 100; // float4 elements: three whole parts of 1024 and a short one
const x = chunkedFloat4(N, 1024, 11);
const y = chunkedFloat4(N, 1024, 1011);

/** The result computed separately, in float32 as a GPU would store it. */
function result(): Float32Array[] {
  return x.parts.map((xp, k) => Float32Array.from(xp, (v, i) => Math.fround(A * v + y.parts[k]![i]!)));
}

function reader(parts: Float32Array[]) {
  return async (first: number, count: number) => {
    const k = first / 1024;
    expect(Number.isInteger(k)).toBe(true);
    return parts[k]!.slice(0, 4 * count);
  };
}

describe('checkSaxpyChunks', () => {
  it('accepts the float32 result of every part', async () => {
    expect(x.parts.length).toBe(4);
    const c = await checkSaxpyChunks(A, x, y, reader(result()));
    expect(c.ok).toBe(true);
    expect(c.maxRelError).toBeLessThan(1);
  });

  it('names the part and element of a value off by more than the tolerance', async () => {
    const r = result();
    const i = 4 * 17 + 2;
    r[2]![i] = r[2]![i]! + 1e-3 * (Math.abs(r[2]![i]!) + 1);
    const c = await checkSaxpyChunks(A, x, y, reader(r));
    expect(c.ok).toBe(false);
    expect(c.detail).toContain('part 2');
    expect(c.detail).toContain(`element ${i}`);
    const want = A * x.parts[2]![i]! + y.parts[2]![i]!;
    expect(c.detail).toContain(`expected ${want}`);
  });

  it('fails on a NaN in the short last part and on a short read', async () => {
    const r = result();
    r[3]![5] = NaN;
    const c = await checkSaxpyChunks(A, x, y, reader(r));
    expect(c.ok).toBe(false);
    expect(c.maxRelError).toBe(Infinity);
    expect(c.detail).toContain('part 3');
    const short = result();
    short[1] = short[1]!.subarray(0, 100);
    expect((await checkSaxpyChunks(A, x, y, reader(short))).ok).toBe(false);
  });
});
