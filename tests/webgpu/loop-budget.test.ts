/**
 * Loop budgets of WebGPU kernels (compiler/codegen/wgsl/budget.ts, backends/webgpu/loop-budget.ts):
 * an endless loop in a kernel, a helper function or a reduction stops with BRK5070 located at the
 * loop; a finite loop past the budget does too; sane loops keep their values (float64 reference, on
 * cpu and webgpu), also when a long launch's pieces re-run with a larger budget; the watchdog bounds
 * an endless launch; the session (other streams, later calls) stays usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { SourceSet } from '../../runtime/compiler/source.js';
import { createRuntime } from '../../runtime/backends/index.js';
import { FLOAT } from '../../runtime/compiler/types.js';
import { AbortState, sessionAbort, setSessionAbort } from '../../runtime/brt/abort.js';
import { generateWGSL } from '../../runtime/compiler/codegen/wgsl/index.js';
import { setLoopBudget } from '../../runtime/backends/webgpu/loop-budget.js';
import type { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';

const SRC = `kernel void endless(float a<>, out float b<>) {
  float x = a;
  while (x > 0.0f) {
    x = x + 1.0f;
  }
  b = x;
}
kernel float climb(float v) {
  float x = v;
  while (x > 0.0f) { x = x + 1.0f; }
  return x;
}
kernel void viaHelper(float a<>, out float b<>) { b = climb(a); }
reduce void endlessSum(float a<>, reduce float r<>) {
  float x = a;
  while (x > 0.0f) { x = x + 1.0f; }
  r = r + x;
}
kernel void counted(float a<>, float n, out float b<>) {
  float s = 0.0f;
  float i;
  for (i = 0.0f; i < n; i = i + 1.0f) { s = s * 0.5f + a; }
  b = s;
}
kernel void twice(float a<>, out float b<>) { b = 2.0f * a; }
`;
const LINE = { endless: 3, climb: 10, endlessSum: 16 };

const sources = new SourceSet();
sources.add('k.br', `${SRC}\nint main() { return 0; }\n`);
const compiled = compile(sources);
const K = (name: string) => compiled.kernels.get(name)!;

/** counted(a, n): s = s * 0.5 + a, n times, in float32 as the kernels compute (float64 holds f32 exactly). */
function countedRef(a: number, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s = Math.fround(Math.fround(s * 0.5) + a);
  return s;
}

function lineOf(e: BrookRuntimeError): number {
  return sources.position(e.span!.file, e.span!.start).line;
}

async function rejection(p: Promise<unknown>): Promise<BrookRuntimeError> {
  try {
    await p;
  } catch (e) {
    return e as BrookRuntimeError;
  }
  throw new Error('expected an error');
}

it('compiles', () => expect(compiled.ok, compiled.diagnostics.map((d) => d.message).join('\n')).toBe(true));

it('every loop of a module carries the budget test; a loop-free module has no budget', () => {
  const w = generateWGSL(K('endless').ir, K('endless').facts).code;
  expect(w).toContain('b_lstat');
  expect(w).toMatch(/loop \{\n\s*if \(brk_left == 0u\) \{ brk_out\(1u\); break; \}/);
  expect(generateWGSL(K('viaHelper').ir, K('viaHelper').facts).code).toMatch(/fn h_h_climb[\s\S]*brk_out\(1u\)/);
  expect(generateWGSL(K('twice').ir, K('twice').facts).code).not.toContain('b_lstat');
  expect(generateWGSL(K('twice').ir, K('twice').facts).code).not.toContain('brk_left');
});

describe('on webgpu', () => {
  let rt: Awaited<ReturnType<typeof createRuntime>>;
  const saved = sessionAbort();
  beforeAll(async () => {
    setLoopBudget(100_000);
    rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
  });
  afterAll(() => {
    setLoopBudget(undefined);
    setSessionAbort(saved);
    rt?.dispose();
  });

  async function stream(name: string, data: number[], shape = [data.length]) {
    const s = rt.createStream(name, FLOAT, shape);
    await rt.streamRead(s, Float32Array.from(data));
    return s;
  }
  async function values(s: ReturnType<typeof rt.createStream>): Promise<Float32Array> {
    const o = new Float32Array(s.shape.reduce((a, b) => a * b, 1));
    await rt.streamWrite(s, o);
    return o;
  }

  it('an endless loop stops with BRK5070 at the loop; other streams and later calls are intact', async () => {
    const keep = await stream('keep', [1, 2, 3, 4]);
    const a = await stream('a', [-1, 2, -3, 4, -5, 6, -7, 8]);
    const b = rt.createStream('b', FLOAT, [8]);
    rt.call(K('endless'), [a, b]);
    const e = await rejection(values(b));
    expect(e.code).toBe('BRK5070');
    expect(e.message).toContain("kernel 'endless'");
    expect(e.message).toContain('more than 100000 iterations for 4 elements');
    expect(lineOf(e)).toBe(LINE.endless);
    // The elements whose loop ended have their value; the session goes on.
    const o = await values(b);
    expect([o[0], o[2], o[4], o[6]]).toEqual([-1, -3, -5, -7]);
    expect(Array.from(await values(keep))).toEqual([1, 2, 3, 4]);
    const c = rt.createStream('c', FLOAT, [4]);
    rt.call(K('twice'), [keep, c]);
    expect(Array.from(await values(c))).toEqual([2, 4, 6, 8]);
  });

  it('an endless loop in a helper function: BRK5070 at the helper\'s loop, naming both', async () => {
    const a = await stream('a', [1, -1]);
    const b = rt.createStream('b', FLOAT, [2]);
    rt.call(K('viaHelper'), [a, b]);
    const e = await rejection(values(b));
    expect(e.code).toBe('BRK5070');
    expect(e.message).toContain("kernel 'viaHelper': this loop (in function 'climb')");
    expect(lineOf(e)).toBe(LINE.climb);
  });

  it('an endless loop in a reduction: BRK5070 at its loop', async () => {
    const a = await stream('a', Array.from({ length: 1000 }, (_, i) => (i === 501 ? 1 : -1)));
    // (Element 501, not the first of a chunk: a chunk's first element seeds r without the body.)
    const e = await rejection(rt.reduceToValue(K('endlessSum'), [a, 0]));
    expect(e.code).toBe('BRK5070');
    expect(lineOf(e)).toBe(LINE.endlessSum);
  });

  it('a finite loop past the budget stops; one inside it is exact', async () => {
    const a = await stream('a', [1, 0.5, 0.25]);
    const b = rt.createStream('b', FLOAT, [3]);
    rt.call(K('counted'), [a, 250_000, b]);
    const e = await rejection(values(b));
    expect(e.code).toBe('BRK5070');
    rt.call(K('counted'), [a, 99_999, b]);
    const o = await values(b);
    expect(Array.from(o)).toEqual([1, 0.5, 0.25].map((x) => countedRef(x, 99_999)));
  });

  it('BROOK_LOOP_BUDGET=0 (set in-process, as the bench does) runs modules without counters, and back', async () => {
    const a = await stream('a', [1, 0.5]);
    const b = rt.createStream('b', FLOAT, [2]);
    setLoopBudget(0);
    try {
      rt.call(K('counted'), [a, 150_000, b]);
      expect(Array.from(await values(b))).toEqual([1, 0.5].map((x) => countedRef(x, 150_000)));
    } finally {
      setLoopBudget(100_000);
    }
    rt.call(K('counted'), [a, 150_000, b]);
    expect((await rejection(values(b))).code).toBe('BRK5070');
  });

  it('a long launch whose elements need more than a piece\'s first budget re-runs pieces exactly', async () => {
    // 2^19 positions go in pieces (pieces.ts); each element loops 5,000 times (> a first try's 1024).
    const n = 1 << 19;
    const data = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? 0.75 : 0.125));
    const a = await stream('a', data);
    const steps = rt.createStream('steps', FLOAT, [n]);
    rt.call(K('counted'), [a, 5000, steps]);
    const o = await values(steps);
    const want = [countedRef(0.75, 5000), countedRef(0.125, 5000)];
    let bad = 0;
    for (let i = 0; i < n; i++) if (o[i] !== want[i % 7 === 0 ? 0 : 1]) bad++;
    expect(bad).toBe(0);
  }, 120_000);

  it('the watchdog bounds an endless launch of 2^18 and of 2^20 elements (BRK5051 at the loop)', async () => {
    // The default budget (2^30 iterations an element): the deadline, not the budget, must stop these.
    setLoopBudget(undefined);
    for (const n of [1 << 18, 1 << 20]) {
      const state = new AbortState(new Int32Array(new SharedArrayBuffer(8)), { BROOK_KERNEL_TIMEOUT: '2' });
      setSessionAbort(state);
      state.begin();
      const a = await stream('a', Array.from({ length: n }, (_, i) => (i === 1000 ? 1 : -1)));
      const b = rt.createStream('b', FLOAT, [n]);
      const t0 = performance.now();
      rt.call(K('endless'), [a, b]);
      const e = await rejection(values(b));
      const s = (performance.now() - t0) / 1000;
      console.log(`endless launch of ${n} elements under a 2 s watchdog: ${e.code} after ${s.toFixed(2)} s`);
      expect(e.code).toBe('BRK5051');
      expect(lineOf(e)).toBe(LINE.endless);
      expect(s).toBeLessThan(2 + 6); // the bound is 2 s past the limit; generous for a loaded CI machine
      state.end();
      setSessionAbort(saved);
      // The session goes on: a fresh call and read work at once.
      const c = rt.createStream('c', FLOAT, [4]);
      const keep = await stream('keep', [1, 2, 3, 4]);
      rt.call(K('twice'), [keep, c]);
      expect(Array.from(await values(c))).toEqual([2, 4, 6, 8]);
    }
    setLoopBudget(100_000);
  }, 120_000);
});

describe('no silent waits on webgpu', () => {
  it('a later cell waiting for a launch an earlier cell left running says so within 1 s, with the kernel and a bound', async () => {
    // An endless launch nothing waits for (2^16 elements x 60,000 iterations: 1-2 s on an idle lavapipe,
    // more under load; 20,000 took only 0.6 s on an idle 2-core machine, too close to the notice's 0.5 s).
    setLoopBudget(60_000);
    const state = new AbortState(new Int32Array(new SharedArrayBuffer(8)), {});
    const saved = sessionAbort();
    setSessionAbort(state);
    const rt = await createRuntime({ backend: 'webgpu', requireGpu: true, stdout: () => {} });
    const notices: { text: string; at: number }[] = [];
    try {
      state.begin(1);
      const n = 1 << 16;
      const a = rt.createStream('a', FLOAT, [n]);
      await rt.streamRead(a, Float32Array.from({ length: n }, () => 1));
      const keep = rt.createStream('keep', FLOAT, [4]);
      await rt.streamRead(keep, Float32Array.from([1, 2, 3, 4]));
      const b = rt.createStream('b', FLOAT, [n]);
      rt.call(K('endless'), [a, b]);
      // The cell reads the result; it is interrupted while it waits (it returns, the GPU runs on).
      const first = rt.streamWrite(b, new Float32Array(n)).then(() => null, (e: BrookRuntimeError) => e);
      await new Promise((r) => setTimeout(r, 200));
      // The next cell reads another stream.
      state.end();
      state.begin(2);
      const write = process.stderr.write.bind(process.stderr);
      const t0 = performance.now();
      process.stderr.write = ((t: string) => { notices.push({ text: String(t), at: performance.now() - t0 }); return true; }) as never;
      let o: Float32Array;
      try {
        o = new Float32Array(4);
        await rt.streamWrite(keep, o);
      } finally {
        process.stderr.write = write;
      }
      const waited = (performance.now() - t0) / 1000;
      console.log(`waited ${waited.toFixed(2)} s; notices: ${JSON.stringify(notices)}`);
      expect(Array.from(o)).toEqual([1, 2, 3, 4]);
      expect(waited).toBeGreaterThan(0.5); // the launch really held the GPU past the notice's 0.5 s
      const notice = notices.find((x) => x.text.includes('waiting for the GPU to finish'));
      expect(notice?.text).toMatch(/waiting for the GPU to finish kernel 'endless' launched by an earlier cell \(at most about \d+ (s|min)/);
      expect(notice!.at).toBeLessThan(3000); // 0.5 s by design; generous for a loaded machine
      // The interrupted cell's read ends with the spent budget, at the loop.
      expect((await first)?.code).toBe('BRK5070');
    } finally {
      setLoopBudget(undefined);
      setSessionAbort(saved);
      rt.dispose();
    }
  }, 120_000);
});

describe.each(['cpu', 'webgpu'] as const)('sane loops on %s', (backend) => {
  it('give the float64 reference', async () => {
    const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', stdout: () => {} });
    try {
      const xs = [0, 1, -2.5, 3.25, 100];
      const a = rt.createStream('a', FLOAT, [xs.length]);
      await rt.streamRead(a, Float32Array.from(xs));
      const b = rt.createStream('b', FLOAT, [xs.length]);
      rt.call(K('counted'), [a, 1000, b]);
      const o = new Float32Array(xs.length);
      await rt.streamWrite(b, o);
      expect(Array.from(o)).toEqual(xs.map((x) => countedRef(x, 1000)));
    } finally {
      rt.dispose();
    }
  });
});
