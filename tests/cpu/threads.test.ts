/**
 * The CPU backend's threads: how many it uses, that launches cut into many chunks shared by the
 * calling thread and the workers give the bits of a one-thread run (maps identical, reductions
 * identical run to run and across thread counts), and that an interrupt or a watchdog timeout stops
 * a long launch between chunks, on one thread and on several.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createCpuRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { defaultCpuThreads } from '../../runtime/backends/cpu/index.js';
import { AbortState, sessionAbort, setSessionAbort } from '../../runtime/brt/abort.js';
import type { CompiledKernel, Stream } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
import { FLOAT, vec } from '../../runtime/compiler/types.js';

const F2 = vec('float', 2);

const SOURCE = `
kernel void blur(float g[][], iter float2 it<>, float k, out float r<>) {
  float2 p = indexof(r).xy;
  r = 0.5f * g[p] + k * (g[p - float2(1.0f, 0.0f)] + g[p + float2(1.0f, 0.0f)] + g[it]
                       + g[p + float2(0.0f, 1.0f)]) + fmod(p.x, 7.0f);
}
kernel void resized(float a<>, float b<>, out float r<>) { r = a * 2.0f + b; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
kernel void spin(float a<>, float n, out float r<>) {
  float s = a;
  float i;
  for (i = 0.0f; i < n; i += 1.0f) s = s * 0.999f + 1.0f;
  r = s;
}
int main() { return 0; }
`;

function kernels(): Map<string, CompiledKernel> {
  const c = compile(SOURCE);
  if (!c.ok) throw new Error(JSON.stringify(c.diagnostics));
  return c.kernels;
}

async function words(rt: BrookRuntimeHandle, s: Stream): Promise<number[]> {
  const o = new Float32Array(s.shape.reduce((a, b) => a * b, 1) * s.words);
  await rt.streamWrite(s, o);
  return [...new Uint32Array(o.buffer)];
}

async function scenario(rt: BrookRuntimeHandle) {
  const K = kernels();
  const [h, w] = [300, 257];
  const g = rt.createStream('g', FLOAT, [h, w]);
  await rt.streamRead(g, Array.from({ length: h * w }, (_, i) => Math.sin(i * 0.37) * 100));
  const it = rt.createIter('it', F2, [h, w], [-3, 2], [w - 3, h + 2]);
  const r = rt.createStream('r', FLOAT, [h, w]);
  rt.call(K.get('blur')!, [g, it, 0.125, r]);
  const small = rt.createStream('s', FLOAT, [100, 77]);
  await rt.streamRead(small, Array.from({ length: 7700 }, (_, i) => i * 0.5));
  const r2 = rt.createStream('r2', FLOAT, [h, w]);
  rt.call(K.get('resized')!, [small, r, r2]); // small resized onto the space: floor(c * in / out)
  const total = await rt.reduceToValue(K.get('sum')!, [r2, 0]);
  const blocks = rt.createStream('b', FLOAT, [30, 1]);
  rt.reduceToStream(K.get('sum')!, [r2, blocks]);
  return { r: await words(rt, r), r2: await words(rt, r2), total, blocks: await words(rt, blocks) };
}

describe('CPU threads', () => {
  const saved = sessionAbort();
  afterEach(() => setSessionAbort(saved));

  it('default to every core, BROOK_CPU_THREADS overrides', () => {
    expect(defaultCpuThreads({})).toBe(availableParallelism());
    expect(defaultCpuThreads({ BROOK_CPU_THREADS: '3' })).toBe(3);
    expect(defaultCpuThreads({ BROOK_CPU_THREADS: '1' })).toBe(1);
    expect(defaultCpuThreads({ BROOK_CPU_THREADS: 'lots' })).toBe(availableParallelism());
  });

  it('chunks shared by 1, 2 and 5 threads give identical bits, run after run', async () => {
    const one = createCpuRuntime({ cpu: { workers: 0 } });
    const a = await scenario(one);
    for (const workers of [1, 4]) {
      const rt = createCpuRuntime({ cpu: { workers, workerThresholdMs: 0 } });
      for (let run = 0; run < 2; run++) {
        const b = await scenario(rt);
        expect(b.r).toEqual(a.r);
        expect(b.r2).toEqual(a.r2);
        expect(b.total).toBe(a.total);
        expect(b.blocks).toEqual(a.blocks);
      }
      const pool = (rt.backend as unknown as { pool: { splitLaunches: number } }).pool;
      expect(pool.splitLaunches).toBeGreaterThanOrEqual(6);
      rt.dispose();
    }
    // Spot values against a float64 computation of the same rule (clamped neighbours, iterator gather).
    const [h, w] = [300, 257];
    const G = (y: number, x: number) => Math.fround(Math.sin(Math.min(h - 1, Math.max(0, y)) * w * 0.37 + Math.min(w - 1, Math.max(0, x)) * 0.37) * 100);
    for (const [y, x] of [[0, 0], [17, 256], [299, 100], [150, 3]] as const) {
      const itx = -3 + x;
      const ity = 2 + y;
      const want = 0.5 * G(y, x) + 0.125 * (G(y, x - 1) + G(y, x + 1) + G(ity, itx) + G(y + 1, x)) + (x % 7);
      const got = new Float32Array(new Uint32Array([a.r[y * w + x]!]).buffer)[0]!;
      expect(Math.abs(got - want)).toBeLessThan(1e-3 * Math.max(1, Math.abs(want)));
    }
    one.dispose();
  });

  for (const workers of [0, 2]) {
    it(`an interrupt stops a long launch between chunks (${workers + 1} thread${workers ? 's' : ''})`, async () => {
      const slots = new Int32Array(new SharedArrayBuffer(8));
      const state = new AbortState(slots, {});
      setSessionAbort(state);
      state.begin(7);
      const rt = createCpuRuntime({ cpu: { workers, workerThresholdMs: 0 } });
      const a = rt.createStream('a', FLOAT, [1 << 20]);
      const r = rt.createStream('r', FLOAT, [1 << 20]);
      const spin = kernels().get('spin')!;
      // Another thread asks for the interrupt 300 ms in, as the kernel's control thread does.
      const asker = new Worker(
        `const { workerData: s } = require('node:worker_threads');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
         Atomics.store(s, 1, 0); Atomics.store(s, 0, 7);`,
        { eval: true, workerData: slots },
      );
      const t0 = performance.now();
      let err: unknown = null;
      try {
        rt.call(spin, [a, 3000, r]); // 3e9 steps: seconds without the interrupt
        await rt.finish(); // a held call (kernel fusion) runs here
      } catch (e) {
        err = e;
      }
      const ms = performance.now() - t0;
      await asker.terminate();
      expect((err as { code?: string } | null)?.code).toBe('BRK5050');
      // Printed, not checked: how soon it stops is tests/kernel/cpu-interrupt.test.ts's bound (jupyter
      // project) and the bench's session.interrupt.cpuKernel; without the stop this call runs for seconds.
      console.log(`interrupt requested at 300 ms, launch stopped at ${ms.toFixed(0)} ms (${workers + 1} threads)`);
      state.end();
      rt.dispose();
    });
  }

  it('a watchdog timeout stops a long launch (BRK5051)', async () => {
    const state = new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '0.3' });
    setSessionAbort(state);
    state.begin(1);
    const rt = createCpuRuntime({ cpu: { workers: 1, workerThresholdMs: 0 } });
    const a = rt.createStream('a', FLOAT, [1 << 20]);
    const r = rt.createStream('r', FLOAT, [1 << 20]);
    let code: string | undefined;
    try {
      rt.call(kernels().get('spin')!, [a, 3000, r]);
      await rt.finish(); // a held call (kernel fusion) runs here
    } catch (e) {
      code = (e as { code?: string }).code;
    }
    expect(code).toBe('BRK5051');
    state.end();
    rt.dispose();
  });
});
