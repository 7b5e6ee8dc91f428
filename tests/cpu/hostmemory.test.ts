/**
 * Backend.hostMemory on the CPU backend (issue 27, transfers): host arrays in the memory streams live
 * in, which streamRead/streamWrite copy with memory.copy (arena.ts copy) instead of TypedArray.set into
 * shared memory. The values are the same as through a plain array, whatever grew the memory in between;
 * stream-to-stream copies (backend.copy, also memory.copy) keep their values; a released block is
 * reused. The WebGPU backend has no host memory of its own (tests/gpu cover its transfers).
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, F4, assign, inp, k, kernel, mul, out, p, P } from '../brt/ir.js';

const double = kernel('double', 'map', [inp('a', F4), out('o', F4)], () => [assign(P(1), mul(p(0), k(F4, 2, 2, 2, 2)))]);

describe('CPU host memory (Backend.hostMemory)', () => {
  it('streamRead from and streamWrite into host memory give the plain arrays\' values, across a memory grow', async () => {
    const rt = createCpuRuntime({ cpu: { workers: 0 } });
    const n = 1 << 14;
    const want = Float32Array.from({ length: 4 * n }, (_, i) => (i % 1013) * 0.25 - 100);
    const a = rt.backend.hostMemory!(4 * want.length)!;
    const b = rt.backend.hostMemory!(4 * want.length)!;
    const hostIn = new Float32Array(a.bytes.buffer, a.bytes.byteOffset, want.length);
    const hostOut = new Float32Array(b.bytes.buffer, b.bytes.byteOffset, want.length);
    expect(hostOut.every((v) => v === 0)).toBe(true); // zeroed when handed out
    hostIn.set(want);
    // A stream large enough to grow the memory: the views made before stay valid and recognized.
    const big = rt.createStream('big', F, [4 << 20]);
    const s = rt.createStream('s', F4, [n]);
    const o = rt.createStream('o', F4, [n]);
    await rt.streamRead(s, hostIn);
    rt.call(double, [s, o]);
    await rt.streamWrite(o, hostOut);
    expect(hostOut).toEqual(want.map((v) => 2 * v));
    // The same through plain arrays.
    const plain = new Float32Array(want.length);
    await rt.streamRead(s, want);
    rt.call(double, [s, o]);
    await rt.streamWrite(o, plain);
    expect(plain).toEqual(hostOut);
    // Stream to stream (backend.copy between arena blocks): a sub-range, word exact.
    rt.backend.copy(o.buffer, 8, s.buffer, 4, 400);
    const back = new Float32Array(want.length);
    await rt.streamWrite(s, back);
    expect(back).toEqual(want.map((v, i) => (i >= 4 && i < 404 ? 2 * want[i + 4]! : v)));
    rt.free(big);
    a.release();
    b.release();
    a.release(); // twice: no effect
    rt.dispose();
  });

  it('a released block is handed out again, zeroed', () => {
    const rt = createCpuRuntime({ cpu: { workers: 0 } });
    const a = rt.backend.hostMemory!(4096)!;
    a.bytes.fill(7);
    const at = a.bytes.byteOffset;
    a.release();
    const b = rt.backend.hostMemory!(4096)!;
    expect(b.bytes.byteOffset).toBe(at);
    expect(b.bytes.every((v) => v === 0)).toBe(true);
    b.release();
    rt.dispose();
  });
});
