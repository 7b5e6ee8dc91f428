/**
 * Device loss (BRK5019): the error reaches the user once, then the session carries on on the CPU
 * backend with its streams (contents reset). The GPU is played by a CPU backend that says it is
 * 'webgpu' and fails its reads once told the device is gone.
 */
import { describe, expect, it } from 'vitest';
import { createCpuBackend } from '../../runtime/backends/cpu/index.js';
import type { Backend } from '../../runtime/brt/api.js';
import { brtError } from '../../runtime/brt/errors.js';
import { Runtime } from '../../runtime/brt/index.js';
import { F, add, assign, inp, k, kernel, out, p, P } from './ir.js';

function fakeGpu(): Backend & { lose(): void } {
  const inner = createCpuBackend();
  let gone = false;
  const fail = () => {
    if (gone) throw brtError('BRK5019', { backend: 'WebGPU', why: 'the driver was reset' });
  };
  return {
    ...inner,
    name: 'webgpu',
    description: 'fake GPU',
    async read(h, o, w) {
      fail();
      return inner.read(h, o, w);
    },
    run(l) {
      fail();
      inner.run(l);
    },
    lose() {
      gone = true;
    },
  } as Backend & { lose(): void };
}

describe('device loss', () => {
  it('reports BRK5019 once, then runs on the CPU with the same streams', async () => {
    const gpu = fakeGpu();
    const notices: string[] = [];
    const rt = new Runtime(gpu, { fallback: () => createCpuBackend(), notice: (l) => notices.push(l) });
    const a = rt.createStream('a', F, [3]);
    const b = rt.createStream('b', F, [3]);
    await rt.streamRead(a, [1, 2, 3]);
    const inc = kernel('inc', 'map', [inp('a', F), out('b', F)], () => [assign(P(1), add(p(0), k(F, 1)))]);
    rt.call(inc, [a, b]);
    expect(await rt.streamPrint(b)).toBe('2.00 3.00 4.00 \n');
    gpu.lose();
    await expect(rt.streamPrint(b)).rejects.toMatchObject({ code: 'BRK5019' });
    expect(rt.backend.name).toBe('cpu');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('continuing on the CPU backend');
    // The streams survive (zeroed) and the session goes on.
    expect(await rt.streamPrint(b)).toBe('0.00 0.00 0.00 \n');
    await rt.streamRead(a, [5, 6, 7]);
    rt.call(inc, [a, b]);
    expect(await rt.streamPrint(b)).toBe('6.00 7.00 8.00 \n');
  });
});
