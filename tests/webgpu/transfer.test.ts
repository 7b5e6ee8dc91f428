/**
 * Large streamRead/streamWrite through the staged upload (upload.ts: writes of >= STAGED_FROM bytes
 * go through mapped staging buffers in CHUNK pieces) and the direct readback into the host array
 * (readInto). Sizes straddle the chunk size and are not multiples of 4 elements; domains write and
 * read sub-boxes. Every value is checked against the host data itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstMismatch, pattern } from './transfer-data.js';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { CHUNK, STAGED_FROM } from '../../runtime/backends/webgpu/upload.js';
import { FLOAT, vec } from '../../runtime/compiler/types.js';

let rt: BrookRuntimeHandle;
beforeAll(async () => {
  rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
});
afterAll(() => rt?.dispose?.());

describe('large transfers (staged upload, direct readback)', () => {
  it('round-trips a float stream past one chunk, length not a multiple of 4', async () => {
    const n = CHUNK / 4 + 12345 * 4 + 3; // one chunk and a ragged tail
    const host = pattern(n, 1);
    const s = rt.createStream('s', FLOAT, [n]);
    await rt.streamRead(s, host);
    const out = new Float32Array(n).fill(-1);
    await rt.streamWrite(s, out);
    expect(firstMismatch(out, host)).toBe(-1);
    rt.free(s);
  });

  it('a second upload reuses the staging buffers and overwrites the first', async () => {
    const n = 2 * (CHUNK / 16) + 7; // float4 elements: two chunks and 112 bytes
    const s = rt.createStream('s', vec('float', 4), [n]);
    for (const seed of [2, 3]) {
      const host = pattern(4 * n, seed);
      await rt.streamRead(s, host);
      const out = new Float32Array(4 * n);
      await rt.streamWrite(s, out);
      expect(firstMismatch(out, host)).toBe(-1);
    }
    rt.free(s);
  });

  it('keeps program order: a staged upload after kernel-free reads and copies', async () => {
    const n = STAGED_FROM / 4 + 5;
    const a = rt.createStream('a', FLOAT, [n]);
    const first = pattern(n, 4);
    const second = pattern(n, 5);
    await rt.streamRead(a, first);
    const mid = new Float32Array(n);
    await rt.streamWrite(a, mid);
    await rt.streamRead(a, second);
    const end = new Float32Array(n);
    await rt.streamWrite(a, end);
    expect(firstMismatch(mid, first)).toBe(-1);
    expect(firstMismatch(end, second)).toBe(-1);
    rt.free(a);
  });

  for (const [what, lo, hiFrom] of [
    ['whole rows (one staged run)', [3, 0], [2, 0]],
    ['a sub-box (row runs)', [3, 5], [2, 1]],
  ] as const) {
    it(`domain streamRead/streamWrite: ${what}`, async () => {
      const rows = 1031;
      const cols = 517; // float2
      const s = rt.createStream('s', vec('float', 2), [rows, cols]);
      const all = pattern(rows * cols * 2, 6);
      await rt.streamRead(s, all);
      const hi = [rows - hiFrom[0], cols - hiFrom[1]];
      const h = hi[0]! - lo[0];
      const w = hi[1]! - lo[1];
      expect(h * w * 8).toBeGreaterThan(STAGED_FROM);
      const box = pattern(h * w * 2, 7);
      await rt.streamRead(rt.domain(s, [...lo], hi), box);
      const want = all.slice();
      for (let r = 0; r < h; r++) {
        for (let c = 0; c < w; c++) {
          const at = ((lo[0] + r) * cols + lo[1] + c) * 2;
          want[at] = box[(r * w + c) * 2]!;
          want[at + 1] = box[(r * w + c) * 2 + 1]!;
        }
      }
      const out = new Float32Array(rows * cols * 2);
      await rt.streamWrite(s, out);
      expect(firstMismatch(out, want)).toBe(-1);
      const back = new Float32Array(h * w * 2);
      await rt.streamWrite(rt.domain(s, [...lo], hi), back);
      expect(firstMismatch(back, box)).toBe(-1);
      rt.free(s);
    });
  }

  it('streamWrite into a typed view at an offset and into a number[] gives the same words', async () => {
    const n = STAGED_FROM / 4 + 9;
    const host = pattern(n, 8);
    const s = rt.createStream('s', FLOAT, [n]);
    await rt.streamRead(s, host);
    const big = new Float32Array(n + 10).fill(123);
    const view = big.subarray(6, 6 + n);
    await rt.streamWrite(s, view);
    expect(firstMismatch(view, host)).toBe(-1);
    expect([...big.subarray(0, 6), ...big.subarray(6 + n)]).toEqual(new Array(10).fill(123));
    const plain: number[] = new Array(n).fill(0);
    await rt.streamWrite(s, plain);
    expect(firstMismatch(plain, host)).toBe(-1);
    rt.free(s);
  });
});
