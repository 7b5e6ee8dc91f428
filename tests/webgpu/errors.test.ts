/**
 * Errors on the WebGPU backend reach the user as BrookRuntimeError with a code, naming what failed:
 * a stream past the device's binding limit (both sizes named), a kernel using double (WGSL has none),
 * a GPU validation error reported at the next read/finish with the call that caused it, and a start
 * failure naming the step.
 */
import { describe, expect, it } from 'vitest';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { WebGPUStartError } from '../../runtime/backends/webgpu/index.js';
import { B, useBackends } from './backends.js';
import { arg, launch, makeStream } from './harness.js';
import { F, assign, compiled, kernel, p, param, toParam } from './ir.js';

useBackends();

describe('errors from the WebGPU backend', () => {
  it('a stream past the largest the backend splits: BRK5009 naming both sizes', () => {
    // Streams larger than one binding are split into pages (tests/webgpu/paged.test.ts); past
    // maxBufferBytes (element indices must stay 32-bit) the allocation is refused before any buffer exists.
    const limit = B.gpu.limits.maxBufferBytes;
    expect(limit).toBeGreaterThan(B.gpu.limits.maxBindingBytes);
    const words = limit / 4 + 4;
    let err: unknown;
    try {
      B.gpu.allocate(words, 4);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BrookRuntimeError);
    const e = err as BrookRuntimeError;
    expect(e.code).toBe('BRK5009');
    expect(e.message).toContain(String(words * 4));
    expect(e.message).toContain(String(limit));
  });

  it('double inside a kernel: a clear error with a hint, not a shader compile failure', () => {
    const D = { kind: 'scalar', name: 'double' } as const;
    const k = kernel('dbl', [param('a', 'in', F), param('r', 'out', F)], [
      { op: 'declare', name: 'l_d', type: D, init: { op: 'convert', type: D, value: p(0, F) } },
      assign(toParam(1, F), { op: 'convert', type: F, value: { op: 'local', type: D, name: 'l_d' } }),
    ]);
    const a = makeStream(B.gpu, F, [4]);
    const r = makeStream(B.gpu, F, [4]);
    let err: unknown;
    try {
      B.gpu.run(launch(compiled(k), [arg(a), arg(r)], [4]));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BrookRuntimeError);
    expect((err as BrookRuntimeError).message).toContain("no 'double'");
    expect((err as BrookRuntimeError).hint).toContain('BROOK_BACKEND=cpu');
  });

  it('a GPU validation error surfaces at the next finish as BRK5017 and the backend keeps working', async () => {
    const s = makeStream(B.gpu, F, [4]);
    B.gpu.write(s.buffer, 1000, new Float32Array([1, 2, 3, 4])); // past the end: Dawn refuses it
    await expect(B.gpu.finish()).rejects.toMatchObject({ code: 'BRK5017', name: 'BrookRuntimeError' });
    B.gpu.write(s.buffer, 0, new Float32Array([1, 2, 3, 4]));
    expect([...new Float32Array((await B.gpu.read(s.buffer, 0, 4)).buffer)]).toEqual([1, 2, 3, 4]);
  });

  it('a failed start names the step (no adapter matches a bogus adapter name)', async () => {
    const { createWebGPUBackend } = await import('../../runtime/backends/webgpu/index.js');
    const err = await createWebGPUBackend({ flags: ['adapter=no such adapter'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebGPUStartError);
    expect((err as WebGPUStartError).step).toBe('adapter');
  });
});
