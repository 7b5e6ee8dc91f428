/**
 * The CPU backend's copies between plain host arrays and streams (issue 27, transfers): large ones
 * are one memcpy (runtime/backends/cpu/host-copy.ts) instead of TypedArray.set into shared memory, and
 * large streams and large host-heap blocks start 16 bytes past a page (arena.ts LARGE_PAGE_OFFSET,
 * hostlib/memory.ts), the page offset of glibc's large blocks, so that memcpy never stalls on 4K
 * aliasing. Values must be word exact whatever the path: whole streams, domains (row runs at an
 * offset), small copies, NaN payloads and -0; and a large block gives its whole span back.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { Arena } from '../../runtime/backends/cpu/arena.js';
import { copyWords } from '../../runtime/backends/cpu/host-copy.js';
import { Mem } from '../../runtime/hostlib/memory.js';
import { F, F4 } from '../brt/ir.js';

/** Words that a float conversion would change: NaN payloads, -0, denormals, then a counter. */
function rawWords(n: number): Uint32Array {
  const u = new Uint32Array(n);
  for (let i = 0; i < n; i++) u[i] = i % 7 === 0 ? 0x7fc00001 + i : i % 7 === 1 ? 0x80000000 : i % 7 === 2 ? 1 + i : (i * 2654435761) >>> 0;
  return u;
}

/** The first index where the two differ (or the shorter length), -1 when equal: vitest's toEqual
 *  takes seconds on arrays this long. */
function firstDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

describe('CPU host copies (memcpy path)', () => {
  it('copyWords is word exact on both sides of its size threshold, at an offset, and refuses to overrun', () => {
    for (const n of [3, 1 << 10, 1 << 14, (1 << 16) + 5]) {
      const src = rawWords(n);
      const dst = new Uint32Array(new SharedArrayBuffer(4 * (n + 9)));
      copyWords(dst, 7, src);
      expect(firstDiff(dst.subarray(7, 7 + n), src)).toBe(-1);
      expect([...dst.subarray(0, 7), ...dst.subarray(7 + n)]).toEqual(new Array(9).fill(0));
      const back = new Uint32Array(n);
      copyWords(back, 0, dst.subarray(7, 7 + n));
      expect(firstDiff(back, src)).toBe(-1);
    }
    expect(() => copyWords(new Uint32Array(1 << 16), 1, new Uint32Array(1 << 16))).toThrow(/past the end/);
  });

  it('streamRead and streamWrite of plain arrays, whole streams and domains, keep every word', async () => {
    const rt = createCpuRuntime({ cpu: { workers: 0 } });
    const w = 1024;
    const h = 96;
    const raw = rawWords(4 * w * h);
    const data = new Float32Array(raw.buffer);
    const s = rt.createStream('s', F4, [h, w]);
    await rt.streamRead(s, data);
    const back = new Float32Array(data.length);
    await rt.streamWrite(s, back);
    expect(firstDiff(new Uint32Array(back.buffer), raw)).toBe(-1);
    // A domain of whole rows is one run at an offset (one large copy); of part rows, one run a row.
    const rows = rt.domain(s, [10, 0], [60, w]);
    const rowsIn = new Float32Array(rawWords(4 * w * 50).map((x) => x ^ 0x55));
    await rt.streamRead(rows, rowsIn);
    const all = new Float32Array(data.length);
    await rt.streamWrite(s, all);
    const want = new Uint32Array(raw);
    want.set(new Uint32Array(rowsIn.buffer), 4 * w * 10);
    expect(firstDiff(new Uint32Array(all.buffer), want)).toBe(-1);
    const part = rt.domain(s, [5, 100], [25, 900]);
    const partOut = new Float32Array(4 * 800 * 20);
    await rt.streamWrite(part, partOut);
    const wantPart = new Uint32Array(partOut.length);
    for (let y = 0; y < 20; y++) wantPart.set(want.subarray(4 * ((y + 5) * w + 100), 4 * ((y + 5) * w + 900)), 4 * 800 * y);
    expect(firstDiff(new Uint32Array(partOut.buffer), wantPart)).toBe(-1);
    rt.free(s);
    rt.dispose();
  });

  it('large arena blocks start 16 bytes past a page and give back their whole span', () => {
    const arena = Arena.create()!;
    const small = arena.alloc(100)!;
    expect(small.at % 64).toBe(0);
    const big = arena.alloc(3 << 20)!;
    expect(big.at % 4096).toBe(16);
    expect(big.at).toBeGreaterThanOrEqual(small.at + small.bytes);
    const after = arena.alloc(64)!;
    expect(after.at % 64).toBe(0);
    expect(after.at).toBeGreaterThanOrEqual(big.at + big.bytes);
    arena.release(big);
    // The freed span is reused: by a large block at the same page offset, then by small ones.
    const again = arena.alloc(2 << 20)!;
    expect(again.at % 4096).toBe(16);
    expect(again.at).toBeLessThan(after.at);
    new Uint8Array(arena.buffer, again.at, again.bytes).fill(9);
    arena.release(again);
    const reuse = arena.alloc(1024)!;
    expect(reuse.at).toBeLessThan(after.at);
    expect(new Uint8Array(arena.buffer, reuse.at, 1024).every((b) => b === 0)).toBe(true); // zeroed again
    for (const b of [reuse, after, small]) arena.release(b);
    expect(arena.liveBytes).toBe(0);
  });

  it('blocks never overlap and each lies in its span, whatever page offset a span starts at', () => {
    // The sgemv of Figure 3 (a 4 MiB stream, a 4 KiB one, a 4 MiB one) once placed the second large
    // block 48 bytes before its span (JavaScript's % of a negative number), over the small block's
    // tail: a kernel call wrote into another stream's last elements.
    const arena = Arena.create()!;
    const blocks = [4 << 20, 4096, 4 << 20, 4096, 100, 1 << 20, 3 << 20, 64, (1 << 20) + 8, 4096].map((bytes) => arena.alloc(bytes)!);
    const sorted = [...blocks].sort((a, b) => a.at - b.at);
    for (let i = 0; i < sorted.length; i++) {
      const b = sorted[i]!;
      expect(b.at, `block ${i}`).toBeGreaterThanOrEqual(b.span.at);
      expect(b.at + b.bytes, `block ${i}`).toBeLessThanOrEqual(b.span.at + b.span.bytes);
      if (i > 0) expect(b.span.at, `block ${i}`).toBeGreaterThanOrEqual(sorted[i - 1]!.span.at + sorted[i - 1]!.span.bytes);
      if (b.bytes >= 1 << 20) expect(b.at % 4096).toBe(16);
    }
    // Each block's words stay its own: fill every block with its index, then read them all back.
    blocks.forEach((b, i) => new Uint8Array(arena.buffer, b.at, b.bytes).fill(i + 1));
    blocks.forEach((b, i) => expect(new Uint8Array(arena.buffer, b.at, b.bytes).every((x) => x === i + 1), `block ${i}`).toBe(true));
    for (const b of blocks) arena.release(b);
    expect(arena.liveBytes).toBe(0);
  });

  it('the host heap places large blocks 16 bytes past a page, small ones where they fall', () => {
    const mem = new Mem();
    const a = mem.malloc(40);
    const big = mem.malloc(1 << 20);
    const b = mem.malloc(40);
    expect(big % 4096).toBe(16);
    expect(big).toBeGreaterThan(a);
    expect(b).toBe(big + (1 << 20) + 16); // the next block follows with its header, no gap
    // The gap before the large block is not addressable memory.
    expect(mem.rangeAccessible(a, a + 40)).toBe(true);
    expect(mem.rangeAccessible(big - 64, big - 16)).toBe(false);
    mem.free(big);
    mem.free(a);
    mem.free(b);
  });

  it('streamRead from the host heap and a domain at an offset gives the same words as a plain array', async () => {
    const rt = createCpuRuntime({ cpu: { workers: 0 } });
    const mem = new Mem();
    const n = 1 << 16;
    const p = mem.malloc(4 * n);
    const raw = rawWords(n);
    mem.u32.set(raw, p >>> 2);
    const s = rt.createStream('s', F, [n]);
    await rt.streamRead(s, { mem, off: p, bytes: 4 * n });
    const back = new Float32Array(n);
    await rt.streamWrite(s, back);
    expect(firstDiff(new Uint32Array(back.buffer), raw)).toBe(-1);
    const q = mem.malloc(4 * n);
    await rt.streamWrite(rt.domain(s, [1000], [n]), { mem, off: q, bytes: 4 * n });
    expect(firstDiff(mem.u32.subarray(q >>> 2, (q >>> 2) + n - 1000), raw.subarray(1000))).toBe(-1);
    rt.dispose();
  });
});
