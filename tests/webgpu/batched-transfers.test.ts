/**
 * Issue 11's batched-call and transfer paths of the WebGPU backend:
 * - uniform slots shared between dispatches whose uniform words repeat (recorder.ts sharedSlot):
 *   constants that change, repeat, change back, and two kernels interleaved must each see their
 *   own values; identical calls must really share (the mechanism is on);
 * - chunked readback (download.ts, off by default, on here): reads of several chunks with a ragged
 *   tail, into a view at an offset, from a domain, chunks that grow, and program order against a
 *   kernel that overwrites the stream after a streamWrite that was not awaited.
 * Every value is checked against a float64 recurrence or the host data computed here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { firstMismatch, pattern } from './transfer-data.js';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { createRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { FLOAT, vec } from '../../runtime/compiler/types.js';
import { Downloader, READ_CHUNK, READ_GROWTH } from '../../runtime/backends/webgpu/download.js';
import { Recorder } from '../../runtime/backends/webgpu/recorder.js';

const F4 = vec('float', 4);
let rt: BrookRuntimeHandle;
let step: CompiledKernel;
let add: CompiledKernel;
beforeAll(async () => {
  rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
  const src = [
    'kernel void step(float4 x<>, float a, float b, out float4 y<>) { y = a * x + b; }',
    'kernel void add(float x<>, float c, out float y<>) { y = x + c; }',
    'int main() { return 0; }',
  ].join('\n');
  const out = compile(src, { fileName: 'batched.br' });
  if (!out.ok) throw new Error(`batched.br does not compile:\n${out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n')}`);
  step = out.kernels.get('step')!;
  add = out.kernels.get('add')!;
});
afterAll(() => rt?.dispose());
afterEach(() => {
  Downloader.chunkBytes = READ_CHUNK;
  Downloader.growth = READ_GROWTH;
});

/** float32 a * x + b with both roundings (values are halves and small integers: exact either way). */
const f = (a: number, x: number, b: number) => Math.fround(Math.fround(a * x) + b);

/** The recorder's count of shared uniform slots (the backend's context is private: read through
 *  the prototype's method, counting calls that returned an earlier slot). */
function countSharing(): { shared: () => number; stop: () => void } {
  const proto = Recorder.prototype as unknown as { sharedSlot: (o: number) => number };
  const orig = proto.sharedSlot;
  let n = 0;
  proto.sharedSlot = function (this: Recorder, o: number) {
    const r = orig.call(this, o);
    if (r !== o) n++;
    return r;
  };
  return { shared: () => n, stop: () => void (proto.sharedSlot = orig) };
}

describe('uniform slots shared between repeated dispatches', () => {
  it('constants that change, repeat and change back each reach their own call', async () => {
    const n = 256;
    const X = rt.createStream('x', F4, [n]);
    const Y = rt.createStream('y', F4, [n]);
    const host = Float32Array.from({ length: 4 * n }, (_, i) => (i % 32) - 16);
    await rt.streamRead(X, host);
    const want = Float64Array.from(host);
    // a: repeats in runs, changes, comes back; b changes alone once.
    const as = [0.5, 0.5, 0.5, 2, 2, 0.5, 0.25, 0.25, 0.5, 0.5, 2, 0.5];
    const bs = [1, 1, 1, 1, 0, 0, 1, 1, 1, -1, -1, 1];
    const count = countSharing();
    const mode = rt.fusion.mode;
    rt.fusion.mode = 'off'; // each call its own dispatch (fused, the chain would be one launch)
    try {
      as.forEach((a, c) => {
        rt.call(step, c % 2 === 0 ? [X, a, bs[c]!, Y] : [Y, a, bs[c]!, X]);
        for (let i = 0; i < want.length; i++) want[i] = f(a, want[i]!, bs[c]!);
      });
      await rt.finish();
      expect(count.shared()).toBeGreaterThan(0);
    } finally {
      count.stop();
      rt.fusion.mode = mode;
    }
    const out = new Float32Array(4 * n);
    await rt.streamWrite(as.length % 2 === 0 ? X : Y, out);
    expect(firstMismatch(out, want)).toBe(-1);
    rt.free(X);
    rt.free(Y);
  });

  it('two kernels interleaved (different uniform sizes and pipelines) stay apart', async () => {
    const n = 300;
    const A = rt.createStream('a', FLOAT, [n]);
    const B = rt.createStream('b', FLOAT, [n]);
    const P = rt.createStream('p', F4, [n]);
    const Q = rt.createStream('q', F4, [n]);
    const ha = Float32Array.from({ length: n }, (_, i) => i - 100);
    const hp = Float32Array.from({ length: 4 * n }, (_, i) => (i % 9) - 4);
    await rt.streamRead(A, ha);
    await rt.streamRead(P, hp);
    const wa = Float64Array.from(ha);
    const wp = Float64Array.from(hp);
    for (let c = 0; c < 40; c++) {
      const cst = c % 3 === 0 ? 1 : 2;
      rt.call(add, c % 2 === 0 ? [A, cst, B] : [B, cst, A]);
      for (let i = 0; i < n; i++) wa[i] = Math.fround(wa[i]! + cst);
      rt.call(step, c % 2 === 0 ? [P, 0.5, cst, Q] : [Q, 0.5, cst, P]);
      for (let i = 0; i < wp.length; i++) wp[i] = f(0.5, wp[i]!, cst);
    }
    const oa = new Float32Array(n);
    const op = new Float32Array(4 * n);
    await rt.streamWrite(A, oa);
    await rt.streamWrite(P, op);
    expect(firstMismatch(oa, wa)).toBe(-1);
    expect(firstMismatch(op, wp)).toBe(-1);
    for (const s of [A, B, P, Q]) rt.free(s);
  });
});

describe('chunked readback', () => {
  it('8 MiB chunks (the size first tried on a GPU): two chunks and a ragged tail', async () => {
    Downloader.chunkBytes = 8 << 20;
    const n = (16 << 20) / 4 + 12345 * 4 + 3;
    const host = pattern(n, 11);
    const s = rt.createStream('s', FLOAT, [n]);
    await rt.streamRead(s, host);
    const out = new Float32Array(n).fill(-1);
    await rt.streamWrite(s, out);
    expect(firstMismatch(out, host)).toBe(-1);
    rt.free(s);
  });

  it('many small chunks into a view at an offset, twice (chunk buffers reused)', async () => {
    Downloader.chunkBytes = 64 << 10;
    const n = 40 * (64 << 10) / 4 + 77; // 40 chunks and a tail
    const s = rt.createStream('s', FLOAT, [n]);
    for (const seed of [12, 13]) {
      const host = pattern(n, seed);
      await rt.streamRead(s, host);
      const big = new Float32Array(n + 8).fill(7);
      const view = big.subarray(5, 5 + n);
      await rt.streamWrite(s, view);
      expect(firstMismatch(view, host)).toBe(-1);
      expect([...big.subarray(0, 5), ...big.subarray(5 + n)]).toEqual(new Array(8).fill(7));
    }
    rt.free(s);
  });

  it('chunks that grow (64 KiB, 128 KiB, ...) with a ragged tail, then equal chunks of the same read', async () => {
    Downloader.chunkBytes = 64 << 10;
    Downloader.growth = 2;
    const n = (3 << 20) / 4 + 4 * 1001 + 1; // 64 K + 128 K + ... past 3 MiB, and a few words
    const s = rt.createStream('s', FLOAT, [n]);
    const host = pattern(n, 16);
    await rt.streamRead(s, host);
    for (const growth of [2, 1]) {
      Downloader.growth = growth;
      const out = new Float32Array(n).fill(-1);
      await rt.streamWrite(s, out);
      expect(firstMismatch(out, host)).toBe(-1);
    }
    rt.free(s);
  });

  it('a domain of whole rows reads in chunks', async () => {
    Downloader.chunkBytes = 64 << 10;
    const rows = 700;
    const cols = 300; // float4: 4800 bytes a row
    const s = rt.createStream('s', F4, [rows, cols]);
    const all = pattern(rows * cols * 4, 14);
    await rt.streamRead(s, all);
    const back = new Float32Array(600 * cols * 4);
    await rt.streamWrite(rt.domain(s, [50, 0], [650, cols]), back);
    expect(firstMismatch(back, all.subarray(50 * cols * 4, 650 * cols * 4))).toBe(-1);
    rt.free(s);
  });

  it('keeps program order: a kernel recorded after an un-awaited streamWrite does not reach it', async () => {
    Downloader.chunkBytes = 64 << 10;
    const n = 20 * (64 << 10) / 16;
    const X = rt.createStream('x', F4, [n]);
    const host = pattern(4 * n, 15);
    await rt.streamRead(X, host);
    const first = new Float32Array(4 * n);
    const pending = rt.streamWrite(X, first);
    rt.call(step, [X, 0, 3, X]); // overwrites x with 3 everywhere
    await pending;
    expect(firstMismatch(first, host)).toBe(-1);
    const second = new Float32Array(4 * n);
    await rt.streamWrite(X, second);
    expect(second.every((v) => v === 3)).toBe(true);
    rt.free(X);
  });
});
