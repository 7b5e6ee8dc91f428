/**
 * createRuntime's backend choice (BROOK.md 9): explicit option, BROOK_BACKEND, the original's
 * BRT_RUNTIME, and the one-line notice when it falls back to the CPU.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime, requestedBackend } from '../../runtime/backends/index.js';

describe('backend choice', () => {
  it('reads the option first, then BROOK_BACKEND, then BRT_RUNTIME', () => {
    expect(requestedBackend({ backend: 'cpu', env: { BROOK_BACKEND: 'webgpu' } }).want).toBe('cpu');
    expect(requestedBackend({ env: { BROOK_BACKEND: 'WebGPU', BRT_RUNTIME: 'cpu' } }).want).toBe('webgpu');
    expect(requestedBackend({ env: { BRT_RUNTIME: 'cpu' } }).want).toBe('cpu');
    expect(requestedBackend({ env: { BRT_RUNTIME: 'ogl' } }).want).toBe('webgpu');
    expect(requestedBackend({ env: {} }).want).toBe('auto');
  });

  it('an unknown BROOK_BACKEND falls back to cpu with one line on stderr', async () => {
    const err: string[] = [];
    const rt = await createRuntime({ env: { BROOK_BACKEND: 'metal' }, stderr: (s) => err.push(s) });
    expect(rt.backend.name).toBe('cpu');
    expect(err).toEqual(["brook: unknown BROOK_BACKEND 'metal' (use cpu or webgpu); running on the CPU backend\n"]);
    expect(rt.fallbackReason).toContain('metal');
    rt.dispose();
  });

  it('cpu when asked, silently', async () => {
    const err: string[] = [];
    const rt = await createRuntime({ backend: 'cpu', stderr: (s) => err.push(s) });
    expect(rt.backend.name).toBe('cpu');
    expect(err).toEqual([]);
    rt.dispose();
  });

  it('requireGpu turns a fallback into an error', async () => {
    await expect(createRuntime({ env: { BROOK_BACKEND: 'metal', BROOK_REQUIRE_GPU: '1' }, stderr: () => {} })).rejects.toThrow(/GPU is required/);
  });
});
