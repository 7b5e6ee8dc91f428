/**
 * Stopping a CPU kernel inside an element: every loop in generated kernel code polls the session's abort
 * state every LOOP_POLL_EVERY back edges (compiler/codegen/loop-poll.ts, brt/abort.ts pollAbort), so a
 * loop that never ends for some element is stopped by the watchdog or an interrupt, on the calling thread
 * and in workers, as JavaScript and as WebAssembly, in a map, a reduction and a helper. The error is
 * located at the call and names the streams left with partial results; the runtime stays usable and
 * other streams keep their values. With the polls in, a loop kernel's values are unchanged (a float32
 * reference computed here).
 *
 * That it stops is checked here (without the stop the loop never ends and the test fails at its 20 s
 * timeout); how soon is a promise to the user, checked with a bound in the jupyter project
 * (tests/kernel/cpu-endless.test.ts: interrupt and watchdog of an endless CPU kernel in the kernel
 * process, one and two threads) and measured by the bench (session.interrupt.cpuKernel). The times
 * printed here are for reading, not checked (tests/README.md, "Time in tests").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { createCpuRuntime, type BrookRuntimeHandle } from '../../runtime/backends/index.js';
import { AbortState, sessionAbort, setSessionAbort } from '../../runtime/brt/abort.js';
import type { CompiledKernel } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
import { LOOP_POLL_EVERY } from '../../runtime/compiler/codegen/loop-poll.js';
import { FLOAT } from '../../runtime/compiler/types.js';

const SOURCE = `
kernel float grow(float x) { while (x > 0.0f) { x = x + 1.0f; } return x; }
kernel void endless(float a<>, out float r<>) {
  float x = a;
  while (x > 0.0f) { x = x + 1.0f; }
  r = x;
}
kernel void viaHelper(float a<>, out float r<>) { r = grow(a); }
reduce void endlessSum(float a<>, reduce float r<>) {
  float x = a;
  while (x > 0.0f) { x = x + 1.0f; }
  r += x;
}
kernel void twice(float a<>, out float r<>) { r = 2.0f * a; }
kernel void halving(float a<>, float n, out float r<>) {
  float s = a;
  float i;
  for (i = 0.0f; i < n; i += 1.0f) { s = s * 0.5f + a; if (s > 1000.0f) { continue; } s = s + 0.25f; }
  r = s;
}
int main() { return 0; }
`;

let kernelMap: Map<string, CompiledKernel> | undefined;
function kernel(name: string): CompiledKernel {
  if (!kernelMap) {
    const c = compile(SOURCE);
    if (!c.ok) throw new Error(JSON.stringify(c.diagnostics));
    kernelMap = c.kernels;
  }
  return kernelMap.get(name)!;
}

const previous = sessionAbort();
let rt: BrookRuntimeHandle | undefined;
afterEach(() => {
  rt?.dispose();
  rt = undefined;
  setSessionAbort(previous);
});

/** Inputs: element i is -1 - i except every 97th, which is positive (its loop never ends). */
const N = 4096;
function inputs(): number[] {
  return Array.from({ length: N }, (_, i) => (i % 97 === 5 ? 1 + i : -1 - i));
}

const SETUPS = [
  { name: 'calling thread, JavaScript', cpu: { workers: 0, wasm: false } },
  { name: 'calling thread, WebAssembly', cpu: { workers: 0, wasm: true } },
  { name: 'workers, JavaScript', cpu: { workers: 1, workerThresholdMs: 0, wasm: false } },
  { name: 'workers, WebAssembly', cpu: { workers: 1, workerThresholdMs: 0, wasm: true } },
];

async function stopped(run: () => unknown): Promise<{ err: { code?: string; message?: string; hint?: string; span?: unknown } | null; ms: number }> {
  const t0 = performance.now();
  let err: unknown = null;
  try {
    await run();
    await rt!.finish(); // a held call (kernel fusion) runs here
  } catch (e) {
    err = e;
  }
  return { err: err as never, ms: performance.now() - t0 };
}

describe('an endless loop in a CPU kernel is stopped inside the element', () => {
  for (const setup of SETUPS) {
    it(`the watchdog stops it (${setup.name}); the message names the partial output; the runtime carries on`, async () => {
      const state = new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '0.3' });
      setSessionAbort(state);
      state.begin(1);
      rt = createCpuRuntime({ cpu: setup.cpu });
      const a = rt.createStream('a', FLOAT, [N]);
      const result = rt.createStream('result', FLOAT, [N]);
      const kept = rt.createStream('kept', FLOAT, [4]);
      await rt.streamRead(a, inputs());
      await rt.streamRead(kept, [1, 2, 3, 4]);
      const span = { file: 'prog.br', line: 7, col: 3, endLine: 7, endCol: 20 } as never;
      const { err, ms } = await stopped(() => rt!.call(kernel('endless'), [a, result], span));
      process.stderr.write(`watchdog (0.3 s) stopped an endless kernel after ${ms.toFixed(0)} ms (${setup.name})\n`);
      expect(err?.code).toBe('BRK5051');
      expect(err?.hint).toContain("stream 'result' holds partial results");
      expect(err?.span).toBe(span);
      state.end();
      // The next unit of work runs, and the other streams keep their values.
      state.begin(2);
      const doubled = rt.createStream('doubled', FLOAT, [4]);
      rt.call(kernel('twice'), [kept, doubled]);
      const out = new Float32Array(4);
      await rt.streamWrite(doubled, out);
      expect([...out]).toEqual([2, 4, 6, 8]);
      const back = new Float32Array(4);
      await rt.streamWrite(kept, back);
      expect([...back]).toEqual([1, 2, 3, 4]);
      state.end();
    }, 20_000);

    it(`an interrupt from another thread stops it (${setup.name})`, async () => {
      const slots = new Int32Array(new SharedArrayBuffer(8));
      const state = new AbortState(slots, {});
      setSessionAbort(state);
      state.begin(9);
      rt = createCpuRuntime({ cpu: setup.cpu });
      const a = rt.createStream('a', FLOAT, [N]);
      const result = rt.createStream('result', FLOAT, [N]);
      await rt.streamRead(a, inputs());
      // Another thread asks 200 ms in, as the kernel's control thread does on interrupt_request.
      const asker = new Worker(
        `const { workerData: s } = require('node:worker_threads');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
         Atomics.store(s, 0, 9);`,
        { eval: true, workerData: slots },
      );
      const { err, ms } = await stopped(() => rt!.call(kernel('endless'), [a, result]));
      await asker.terminate();
      process.stderr.write(`interrupt at 200 ms stopped an endless kernel after ${ms.toFixed(0)} ms (${setup.name})\n`);
      expect(err?.code).toBe('BRK5050');
      expect(err?.hint).toContain("stream 'result' holds partial results");
      state.clearInterrupt();
      state.end();
    }, 20_000);
  }

  it('stops a reduce kernel with a loop used as streamGatherOp\'s update; the error names both streams', async () => {
    const state = new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '0.2' });
    setSessionAbort(state);
    state.begin(1);
    rt = createCpuRuntime({ cpu: { workers: 0 } });
    const src = rt.createStream('src', FLOAT, [4]);
    const index = rt.createStream('index', FLOAT, [4]);
    const dst = rt.createStream('dst', FLOAT, [4]);
    const kept = rt.createStream('kept', FLOAT, [4]);
    await rt.streamRead(src, [1, -1, -2, -3]); // the update of element 0 never ends (x > 0 grows)
    await rt.streamRead(index, [0, 1, 2, 3]);
    await rt.streamRead(kept, [5, 6, 7, 8]);
    const span = { file: 'prog.br', line: 12, col: 3, endLine: 12, endCol: 40 } as never;
    const { err, ms } = await stopped(() => rt!.gatherOp(dst, index, src, kernel('endlessSum'), span));
    process.stderr.write(`watchdog (0.2 s) stopped an endless gather-op update after ${ms.toFixed(0)} ms\n`);
    expect(err?.code).toBe('BRK5051');
    expect(err?.hint).toMatch(/streams '(dst|src)', '(dst|src)' hold partial results/);
    state.end();
    state.begin(2);
    const back = new Float32Array(4);
    await rt.streamWrite(kept, back);
    expect([...back]).toEqual([5, 6, 7, 8]);
    state.end();
  }, 20_000);

  for (const where of ['calling thread', 'workers'] as const) {
    const cpu = where === 'workers' ? { workers: 1, workerThresholdMs: 0 } : { workers: 0 };
    it(`stops a loop in a helper function (${where})`, async () => {
      const state = new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '0.2' });
      setSessionAbort(state);
      state.begin(1);
      rt = createCpuRuntime({ cpu });
      const a = rt.createStream('a', FLOAT, [N]);
      const r = rt.createStream('r', FLOAT, [N]);
      await rt.streamRead(a, inputs());
      const { err, ms } = await stopped(() => rt!.call(kernel('viaHelper'), [a, r]));
      process.stderr.write(`helper loop stopped after ${ms.toFixed(0)} ms (${where})\n`);
      expect(err?.code).toBe('BRK5051');
      state.end();
    }, 20_000);

    it(`stops a loop in a reduction (${where})`, async () => {
      const state = new AbortState(undefined, { BROOK_KERNEL_TIMEOUT: '0.2' });
      setSessionAbort(state);
      state.begin(1);
      rt = createCpuRuntime({ cpu });
      const a = rt.createStream('a', FLOAT, [N]);
      await rt.streamRead(a, inputs());
      const { err, ms } = await stopped(() => rt!.reduceToValue(kernel('endlessSum'), [a, 0]));
      process.stderr.write(`reduction loop stopped after ${ms.toFixed(0)} ms (${where})\n`);
      expect(err?.code).toBe('BRK5051');
      // The same runtime reduces again once the next unit begins (with no endless element).
      state.end();
      state.begin(2);
      const b = rt.createStream('b', FLOAT, [8]);
      await rt.streamRead(b, [-1, -2, -3, -4, -5, -6, -7, -8]);
      expect(await rt.reduceToValue(kernel('endlessSum'), [b, 0])).toBe(-36);
      state.end();
    }, 20_000);
  }
});

describe('loop polls leave values unchanged', () => {
  // n iterations per element: far more back edges than LOOP_POLL_EVERY, so the polls run many times.
  const n = 3 * LOOP_POLL_EVERY + 17;
  function reference(a: number): number {
    const f = Math.fround;
    let s = f(a);
    for (let i = 0; i < n; i++) {
      s = f(f(s * 0.5) + f(a));
      if (s > 1000) continue;
      s = f(s + 0.25);
    }
    return s;
  }
  for (const setup of SETUPS) {
    it(`a loop kernel matches a float32 reference (${setup.name})`, async () => {
      const state = new AbortState(undefined, {});
      setSessionAbort(state);
      state.begin(1);
      rt = createCpuRuntime({ cpu: setup.cpu });
      const count = 256;
      const xs = Array.from({ length: count }, (_, i) => (i - 100) * 37.25 + 0.125);
      const a = rt.createStream('a', FLOAT, [count]);
      const r = rt.createStream('r', FLOAT, [count]);
      await rt.streamRead(a, xs);
      rt.call(kernel('halving'), [a, n, r]);
      const out = new Float32Array(count);
      await rt.streamWrite(r, out);
      expect([...out]).toEqual(xs.map(reference));
      state.end();
    });
  }
});
