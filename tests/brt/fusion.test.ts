/**
 * Kernel fusion (runtime/brt/fusion.ts, compiler/fuse): which recorded calls run as one launch, what
 * happens to the streams passed between them, and that fusing never changes a bit. Every scenario
 * runs on the CPU and the WebGPU backend (lavapipe here), fused and with fusion off, from the same
 * data: the outputs must be identical word for word, and match a float64 reference computed here.
 * Launches are observed by wrapping the backend's run/reduceBlocks/reduceAll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend, CompiledKernel, Launch, Stream } from '../../runtime/brt/api.js';
import { createRuntime, type BrookRuntimeHandle, type FusionMode } from '../../runtime/backends/index.js';
import { MAX_GROUP } from '../../runtime/brt/fusion.js';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { validateKernelIR } from '../../runtime/compiler/lower/validate.js';
import { FLOAT, vec, type Type } from '../../runtime/compiler/types.js';

const F4 = vec('float', 4);
const F3 = vec('float', 3);

const SOURCE = `
typedef struct { float a; float2 b; } Pair;
kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
reduce void sum4(float4 a<>, reduce float4 r<>) { r += a; }
kernel void axpb(float4 x<>, float a, float b, out float4 y<>) { y = a * x + b; }
kernel void sq4(float4 x<>, out float4 y<>) { y = x * x; }
kernel void halfsub(float4 x<>, out float4 y<>) { y = x * 0.5f - 1.0f; }
kernel void add4(float4 x<>, float4 y<>, out float4 z<>) { z = x + y; }
kernel void add1(float x<>, out float y<>) { y = x + 1.0f; }
kernel void edge(float x<>, out float y<>) { y = x + indexof(y).x; }
kernel void pos(float x<>, out float y<>) { y = x * 2.0f + indexof(x).x; }
kernel void early(float x<>, out float y<>, out float z<>) {
  y = x; z = 0.0f;
  if (x > 20.0f) { y = -x; return; }
  z = x * x;
}
kernel void both(float y<>, float z<>, out float w<>) { w = y * 3.0f + z; }
kernel void gath(float x<>, float g[], out float y<>) { y = x + g[indexof(x).x + 1.0f]; }
kernel void itr(iter float i<>, float x<>, out float y<>) { y = x * i + 0.25f; }
kernel void shift(float x[], out float y<>) { y = x[indexof(y).x + 1.0f]; }
kernel float3 avg3(float3 a<>, float3 b<>) { return (a + b) * 0.5f; }
kernel void mid(float3 a<>, float3 b<>, out float3 c<>) { c = avg3(a, b) + float3(1.0f, 2.0f, 3.0f); }
kernel void norm2(float3 c<>, out float d<>) { d = dot(c, c); }
kernel void mk(float x<>, out Pair p<>) { p.a = x * 3.0f; p.b = float2(x, x + 0.5f); }
kernel void usep(Pair p<>, out float y<>) { y = p.a * p.b.y + p.b.x; }
int main() { return 0; }
`;

/** Kernels compiled once per runtime: a backend caches its pipelines on the kernel, per device. */
const kernelsOf = new Map<BrookRuntimeHandle, Map<string, CompiledKernel>>();
let current: BrookRuntimeHandle;
const k = (name: string) => kernelsOf.get(current)!.get(name)!;

function compileKernels(): Map<string, CompiledKernel> {
  const out = compile(SOURCE, { fileName: 'fusion.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  return out.kernels;
}

type Backends = 'cpu' | 'webgpu';
const runtimes = new Map<string, BrookRuntimeHandle>();

beforeAll(async () => {
  for (const backend of ['cpu', 'webgpu'] as const) {
    for (const mode of ['on', 'off'] as const) {
      const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', fusion: mode, stdout: () => {}, cpu: { workers: 0 } });
      runtimes.set(`${backend}:${mode}`, rt);
      kernelsOf.set(rt, compileKernels());
    }
  }
}, 60_000);
afterAll(() => {
  for (const rt of runtimes.values()) rt.dispose();
});

/** Launches a runtime's backend receives, recorded while `f` runs (and its finish). */
async function observe<T>(rt: BrookRuntimeHandle, f: () => Promise<T>): Promise<{ result: T; launches: Launch[] }> {
  current = rt;
  const be = rt.backend as Backend & Record<string, unknown>;
  const launches: Launch[] = [];
  const saved = { run: be.run, reduceBlocks: be.reduceBlocks, reduceAll: be.reduceAll };
  be.run = (l: Launch) => (launches.push(l), saved.run.call(be, l));
  be.reduceBlocks = (l: Launch, t) => (launches.push(l), saved.reduceBlocks.call(be, l, t));
  be.reduceAll = (l: Launch) => (launches.push(l), saved.reduceAll.call(be, l));
  try {
    const result = await f();
    await rt.finish();
    return { result, launches };
  } finally {
    Object.assign(be, saved);
  }
}

/** A stream's words, read through the backend (which first runs any calls held for fusion). */
async function words(rt: BrookRuntimeHandle, s: Stream): Promise<Uint32Array> {
  const n = s.shape.reduce((a, b) => a * b, 1) * s.words;
  const b = rt.backend;
  return (await b.read(s.buffer, 0, n)).slice();
}

function floats(w: Uint32Array): Float32Array {
  return new Float32Array(w.buffer, w.byteOffset, w.length);
}

function data(n: number, seed: number, lo = -4, hi = 4): Float32Array {
  let x = seed * 7919 + 1;
  return Float32Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    // Quarters: products and sums of a few stay exact in float32, so backends agree bit for bit.
    return Math.round((lo + ((hi - lo) * x) / 2147483648) * 4) / 4;
  });
}

function stream(rt: BrookRuntimeHandle, name: string, t: Type, shape: number[], init?: Float32Array): Promise<Stream> {
  const s = rt.createStream(name, t, shape);
  const n = shape.reduce((a, b) => a * b, 1) * s.words;
  return rt.streamRead(s, init ?? new Float32Array(n)).then(() => s);
}

/**
 * Runs `scenario` fused and unfused on one backend; every output must be identical word for word.
 * Returns the fused run's outputs and launches.
 */
async function bothWays(backend: Backends, scenario: (rt: BrookRuntimeHandle) => Promise<Record<string, Uint32Array | number[]>>) {
  const fused = runtimes.get(`${backend}:on`)!;
  const plain = runtimes.get(`${backend}:off`)!;
  const a = await observe(fused, () => scenario(fused));
  const b = await observe(plain, () => scenario(plain));
  expect(Object.keys(a.result)).toEqual(Object.keys(b.result));
  for (const key of Object.keys(a.result)) {
    const x = a.result[key]!;
    const y = b.result[key]!;
    expect(Array.from(x), `${backend}: '${key}' fused vs unfused`).toEqual(Array.from(y));
  }
  expect(b.launches.every((l) => !l.fused), 'fusion off runs no fused launch').toBe(true);
  for (const l of a.launches) if (l.fused) expect(validateKernelIR(l.kernel.ir), `fused IR of ${l.kernel.ir.name}`).toEqual([]);
  if (backend === 'cpu' && process.env.BROOK_CPU_WASM !== '0') for (const l of a.launches) if (l.fused) expectCompiledLikeMembers(l, plain);
  return { out: a.result, launches: a.launches, unfusedLaunches: b.launches.length };
}

/** The CPU backend's WebAssembly records of a kernel, one per plan it ran (null: the writer refused). */
function wasmRecords(kernel: CompiledKernel): ({ vector: boolean; laneOps: number } | null)[] {
  return [...kernel.cache.entries()].filter(([key]) => key.startsWith('wasm:')).map(([, v]) => v as { vector: boolean; laneOps: number } | null);
}

/**
 * Issue 27: a fused launch on the CPU is compiled like its calls run one by one. Where every call's
 * kernel ran as WebAssembly (in the fusion-off runtime), the fused kernel does too; where each has a
 * vector version, so does the fused one, with no more lane-by-lane operations than they have together.
 */
function expectCompiledLikeMembers(l: Launch, plain: BrookRuntimeHandle): void {
  const name = l.kernel.ir.name;
  const members = l.fused!.calls.map((c) => wasmRecords(kernelsOf.get(plain)!.get(c.kernel)!));
  const mine = wasmRecords(l.kernel);
  // Partial reductions (reduceBlocks) run as JavaScript alone too: they write no record.
  if (mine.length === 0 && l.kernel.ir.kind === 'reduce') return;
  if (!members.every((rs) => rs.length > 0 && rs.every((r) => r !== null))) return;
  expect(mine.length > 0 && mine.every((r) => r !== null), `${name} runs as WebAssembly like its calls`).toBe(true);
  if (!members.every((rs) => rs.every((r) => r!.vector))) return;
  expect(mine.every((r) => r!.vector), `${name} has a vector version like its calls`).toBe(true);
  const memberLaneOps = members.reduce((t, rs) => t + Math.max(...rs.map((r) => r!.laneOps)), 0);
  expect(Math.max(...mine.map((r) => r!.laneOps)), `${name}: lane-by-lane operations`).toBeLessThanOrEqual(memberLaneOps);
}

const fusedOnes = (ls: Launch[]) => ls.filter((l) => l.fused);

for (const backend of ['cpu', 'webgpu'] as const) {
  describe(`fusion on ${backend}`, () => {
    it('a chain of four maps with dead intermediates: one launch, nothing written between', async () => {
      const n = 1000;
      const xs = data(4 * n, 1);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', F4, [n], xs);
        const [t1, t2, t3, out] = await Promise.all(['t1', 't2', 't3', 'out'].map((s) => stream(rt, s, F4, [n])));
        rt.call(k('axpb'), [x, 0.5, 1, t1!]);
        rt.call(k('sq4'), [t1!, t2!], undefined, { dead: [t1!] });
        rt.call(k('halfsub'), [t2!, t3!], undefined, { dead: [t2!] });
        rt.call(k('add4'), [t3!, x, out!], undefined, { dead: [t3!] });
        return { out: await words(rt, out!) };
      });
      const f = fusedOnes(r.launches);
      expect(f).toHaveLength(1);
      expect(r.launches).toHaveLength(1);
      expect(r.unfusedLaunches).toBe(4);
      expect(f[0]!.fused!.calls.map((c) => c.kernel)).toEqual(['axpb', 'sq4', 'halfsub', 'add4']);
      expect(f[0]!.fused!.elided.sort()).toEqual(['t1', 't2', 't3']);
      expect(f[0]!.kernel.ir.name).toBe('axpb+sq4+halfsub+add4');
      const got = floats(r.out.out as Uint32Array);
      for (let i = 0; i < 4 * n; i++) {
        const t1 = Math.fround(Math.fround(0.5 * xs[i]!) + 1);
        const t3 = Math.fround(Math.fround(Math.fround(t1 * t1) * 0.5) - 1);
        expect(got[i]).toBe(Math.fround(t3 + xs[i]!));
      }
    });

    it('the same chain without hints: the first intermediate waits for its reader (its call runs again then), the second is written', async () => {
      const n = 300;
      const xs = data(4 * n, 2);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', F4, [n], xs);
        const [t1, t2, out] = await Promise.all(['t1', 't2', 'out'].map((s) => stream(rt, s, F4, [n])));
        rt.call(k('axpb'), [x, 2, -1, t1!]);
        rt.call(k('sq4'), [t1!, t2!]);
        rt.call(k('halfsub'), [t2!, out!]);
        return { t1: await words(rt, t1!), t2: await words(rt, t2!), out: await words(rt, out!) };
      });
      // t1's call reads only x, which the group does not write: t1 is deferred (brt/deferred.ts) and
      // axpb runs again when t1 is read; t2's call reads t1, so t2 is written by the fused launch.
      expect(r.launches.map((l) => l.kernel.ir.name)).toEqual(['axpb+sq4+halfsub', 'axpb']);
      expect(r.launches[0]!.fused!.written.sort()).toEqual(['t2']);
      expect(r.launches[0]!.fused!.elided).toEqual(['t1']);
      const t1 = floats(r.out.t1 as Uint32Array);
      for (let i = 0; i < 4 * n; i++) expect(t1[i]).toBe(Math.fround(Math.fround(2 * xs[i]!) - 1));
    });

    it('a dead intermediate is really not written: a stream read despite its hint holds its old contents', async () => {
      const n = 64;
      const fused = runtimes.get(`${backend}:on`)!;
      current = fused;
      const x = await stream(fused, 'x', F4, [n], data(4 * n, 3));
      const old = new Float32Array(4 * n).fill(-123.5);
      const t = await stream(fused, 't', F4, [n], old);
      const out = await stream(fused, 'out', F4, [n]);
      fused.call(k('axpb'), [x, 1, 1, t]);
      fused.call(k('sq4'), [t, out], undefined, { dead: [t] }); // a wrong hint: t is read below
      const tw = floats(await words(fused, t));
      expect(Array.from(tw)).toEqual(Array.from(old));
      for (const s of [x, t, out]) fused.free(s);
    });

    for (const [m, n] of [[64, 300], [5, 7], [3, 1]] as const) {
      it(`the seeds' sgemv mul(A, x, T); sum(T, y) with x<1,${n}> resized: one launch (${m}x${n})`, async () => {
        const A = data(m * n, 4);
        const X = data(n, 5);
        for (const dead of [false, true]) {
          const r = await bothWays(backend, async (rt) => {
            const a = await stream(rt, 'A', FLOAT, [m, n], A);
            const x = await stream(rt, 'x', FLOAT, [1, n], X);
            const t = await stream(rt, 'T', FLOAT, [m, n]);
            const y = await stream(rt, 'y', FLOAT, [m, 1]);
            rt.call(k('mul'), [a, x, t]);
            rt.reduceToStream(k('sum'), [t, y], undefined, dead ? { dead: [t] } : undefined);
            const out: Record<string, Uint32Array> = { y: await words(rt, y) };
            if (!dead) out.T = await words(rt, t);
            for (const s of [a, x, t, y]) rt.free(s);
            return out;
          });
          // Alive, T is deferred (brt/deferred.ts): mul runs again when T is read.
          expect(r.launches.map((l) => l.kernel.ir.name)).toEqual(dead ? ['mul+sum'] : ['mul+sum', 'mul']);
          expect(r.launches[0]!.fused!.calls.map((c) => c.kernel)).toEqual(['mul', 'sum']);
          expect(r.launches[0]!.fused!.elided).toEqual(['T']);
          const y = floats(r.out.y as Uint32Array);
          for (let i = 0; i < m; i++) {
            let want = 0;
            for (let j = 0; j < n; j++) want += A[i * n + j]! * X[j]!;
            expect(y[i]).toBe(Math.fround(want)); // quarters: exact sums
          }
          if (!dead) {
            const T = floats(r.out.T as Uint32Array);
            for (let i = 0; i < m * n; i++) expect(T[i]).toBe(Math.fround(A[i]! * X[i % n]!));
          }
        }
      });
    }

    // Rows of 4096 and 2052 floats are read as vec4 by the WebGPU backend (schedule/tiling.ts vec4Rows):
    // the fused reduction must sum in that order too. Values that round (not quarters), so a different
    // order shows in the last bit (it did before 2026-12-03: 1145453117 fused, 1145453118 one by one).
    for (const [m, n] of [[6, 4096], [5, 2052]] as const) {
      it(`sgemv over rows of ${n} with rounding sums: fused sums word for word as unfused, within float32 rounding of float64 (${m}x${n})`, async () => {
        const A = Float32Array.from({ length: m * n }, (_, i) => Math.fround(Math.sin(i * 0.0137) * 3 + 0.1234567));
        const X = Float32Array.from({ length: n }, (_, j) => Math.fround(Math.cos(j * 0.31) + 0.7654321));
        const r = await bothWays(backend, async (rt) => {
          const a = await stream(rt, 'A', FLOAT, [m, n], A);
          const x = await stream(rt, 'x', FLOAT, [1, n], X);
          const t = await stream(rt, 'T', FLOAT, [m, n]);
          const y = await stream(rt, 'y', FLOAT, [m, 1]);
          rt.call(k('mul'), [a, x, t]);
          rt.reduceToStream(k('sum'), [t, y], undefined, { dead: [t] });
          const out = { y: await words(rt, y) };
          for (const s of [a, x, t, y]) rt.free(s);
          return out;
        });
        expect(r.launches.map((l) => l.kernel.ir.name)).toEqual(['mul+sum']);
        const y = floats(r.out.y as Uint32Array);
        for (let i = 0; i < m; i++) {
          let want = 0;
          let scale = 0;
          for (let j = 0; j < n; j++) {
            const prod = Math.fround(A[i * n + j]! * X[j]!);
            want += prod;
            scale += Math.abs(prod);
          }
          expect(Math.abs(y[i]! - want) / scale, `row ${i}`).toBeLessThan(1e-6);
        }
      });
    }

    it('a reduction into a one-element stream runs alone: the maps before it run over every position', async () => {
      const n = 1000;
      const xs = data(n, 23);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', FLOAT, [n], xs);
        const t = await stream(rt, 't', FLOAT, [n]);
        const s = await stream(rt, 's', FLOAT, [1]);
        rt.call(k('add1'), [x, t]);
        rt.reduceToStream(k('sum'), [t, s], undefined, { dead: [t] });
        const out = { s: await words(rt, s) };
        for (const q of [x, t, s]) rt.free(q);
        return out;
      });
      expect(r.launches.map((l) => l.kernel.ir.name)).toEqual(['add1', 'sum']);
      expect(fusedOnes(r.launches)).toEqual([]);
      let want = 0;
      for (let i = 0; i < n; i++) want += xs[i]! + 1;
      expect(floats(r.out.s as Uint32Array)[0]).toBe(want); // quarters: exact sums
    });

    it('a map reading indexof of its own output, fused into reductions with that output dead', async () => {
      const m = 6;
      const n = 300;
      const xs = data(m * n, 21);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', FLOAT, [m, n], xs);
        const t = await stream(rt, 't', FLOAT, [m, n]);
        const rows = await stream(rt, 'rows', FLOAT, [m, 1]);
        rt.call(k('edge'), [x, t]);
        rt.reduceToStream(k('sum'), [t, rows], undefined, { dead: [t] });
        rt.call(k('edge'), [x, t]);
        const v = (await rt.reduceToValue(k('sum'), [t, 0], undefined, { dead: [t] })) as number;
        return { rows: await words(rt, rows), v: [v] };
      });
      expect(fusedOnes(r.launches).map((l) => l.fused!.elided)).toEqual([['t'], ['t']]);
      const rows = floats(r.out.rows as Uint32Array);
      for (let i = 0; i < m; i++) {
        let want = 0;
        for (let j = 0; j < n; j++) want += xs[i * n + j]! + j;
        expect(rows[i]).toBe(Math.fround(want));
      }
    });

    it('a map and a reduction into a host value: one launch', async () => {
      const n = 5000;
      const xs = data(4 * n, 6, -1, 1);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', F4, [n], xs);
        const t = await stream(rt, 't', F4, [n]);
        rt.call(k('axpb'), [x, 2, 0.5, t]);
        const v = (await rt.reduceToValue(k('sum4'), [t, [0, 0, 0, 0]], undefined, { dead: [t] })) as number[];
        rt.free(x);
        rt.free(t);
        return { v: Array.from(new Float32Array(v).map((q) => q)) };
      });
      expect(r.launches).toHaveLength(1);
      expect(r.launches[0]!.fused!.elided).toEqual(['t']);
      const v = r.out.v as number[];
      for (let c = 0; c < 4; c++) {
        let want = 0;
        for (let i = 0; i < n; i++) want += 2 * xs[4 * i + c]! + 0.5;
        expect(Math.abs(v[c]! - want)).toBeLessThanOrEqual(1e-3 * n);
      }
    });

    it('does not fuse a resized, domain or gathered read of an output, nor a masked call', async () => {
      const n = 16;
      const xs = data(n, 7);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', FLOAT, [n], xs);
        const t = await stream(rt, 't', FLOAT, [n]);
        const half = await stream(rt, 'half', FLOAT, [n / 2]);
        const u = await stream(rt, 'u', FLOAT, [n]);
        const mask = await stream(rt, 'mask', FLOAT, [n], Float32Array.from({ length: n }, (_, i) => i % 2));
        rt.call(k('add1'), [x, t]);
        rt.call(k('add1'), [t, half]); // resized: half reads every other element
        rt.call(k('add1'), [x, t]);
        rt.call(k('add1'), [rt.domain(t, [2], [10]), rt.domain(u, [0], [8])]); // a domain of t
        rt.call(k('add1'), [x, t]);
        rt.call(k('shift'), [t, u]); // a gather of t
        rt.call(k('add1'), [x, t]);
        rt.setWriteMask(mask);
        rt.enableWriteMask();
        rt.call(k('add1'), [t, u]); // masked
        rt.disableWriteMask();
        return { half: await words(rt, half), u: await words(rt, u) };
      });
      expect(fusedOnes(r.launches)).toEqual([]);
      expect(r.launches).toHaveLength(r.unfusedLaunches);
    });

    it('a whole overwrite, a free or a whole streamRead makes an intermediate dead; a partial one does not', async () => {
      const m = 4;
      const n = 8;
      const A = data(m * n, 8);
      const X = data(n, 9);
      const X2 = data(n, 10);
      const r = await bothWays(backend, async (rt) => {
        const a = await stream(rt, 'A', FLOAT, [m, n], A);
        const x = await stream(rt, 'x', FLOAT, [1, n], X);
        const x2 = await stream(rt, 'x2', FLOAT, [1, n], X2);
        const t = await stream(rt, 'T', FLOAT, [m, n]);
        const y = await stream(rt, 'y', FLOAT, [m, 1]);
        const y2 = await stream(rt, 'y2', FLOAT, [m, 1]);
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        rt.call(k('mul'), [a, x2, t]); // overwrites T whole: the first T is dead
        rt.reduceToStream(k('sum'), [t, y2]);
        await rt.streamRead(t, new Float32Array(m * n).fill(2)); // a whole copy: the second T is dead
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        rt.free(t); // the third T is dead
        return { y: await words(rt, y), y2: await words(rt, y2) };
      });
      const f = fusedOnes(r.launches);
      expect(f).toHaveLength(3);
      for (const l of f) expect(l.fused!.elided).toEqual(['T']);
      const y2 = floats(r.out.y2 as Uint32Array);
      for (let i = 0; i < m; i++) {
        let want = 0;
        for (let j = 0; j < n; j++) want += A[i * n + j]! * X2[j]!;
        expect(y2[i]).toBe(Math.fround(want));
      }
      // A write to part of T does not kill it.
      const p = await bothWays(backend, async (rt) => {
        const a = await stream(rt, 'A', FLOAT, [m, n], A);
        const x = await stream(rt, 'x', FLOAT, [1, n], X);
        const t = await stream(rt, 'T', FLOAT, [m, n]);
        const y = await stream(rt, 'y', FLOAT, [m, 1]);
        rt.call(k('mul'), [a, x, t]);
        rt.reduceToStream(k('sum'), [t, y]);
        rt.call(k('add1'), [rt.domain(a, [0, 0], [1, n]), rt.domain(t, [0, 0], [1, n])]);
        return { T: await words(rt, t), y: await words(rt, y) };
      });
      // T was deferred; the partial write runs mul first (brt/deferred.ts), so T's other rows are right.
      expect(p.launches.map((l) => l.kernel.ir.name)).toEqual(['mul+sum', 'mul', 'add1']);
    });

    it('in-place chains fuse; a write to another box of a stream the group reads does not', async () => {
      const n = 50;
      const xs = data(4 * n, 11);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', F4, [n], xs);
        rt.call(k('axpb'), [x, 0.5, 1, x]);
        rt.call(k('axpb'), [x, 2, -1, x]);
        rt.call(k('sq4'), [x, x]);
        const s = await stream(rt, 's', FLOAT, [n], data(n, 12));
        const t = await stream(rt, 't', FLOAT, [n]);
        rt.call(k('add1'), [s, t]); // reads all of s
        rt.call(k('add1'), [rt.domain(t, [0], [n - 1]), rt.domain(s, [1], [n])]); // writes s shifted: not fused
        return { x: await words(rt, x), s: await words(rt, s), t: await words(rt, t) };
      });
      const f = fusedOnes(r.launches);
      expect(f).toHaveLength(1);
      expect(f[0]!.fused!.calls).toHaveLength(3);
      const x = floats(r.out.x as Uint32Array);
      for (let i = 0; i < 4 * n; i++) {
        const v = Math.fround(Math.fround(2 * Math.fround(Math.fround(0.5 * xs[i]!) + 1)) - 1);
        expect(x[i]).toBe(Math.fround(v * v));
      }
    });

    it('producers with return, two outputs, indexof, gathers, iterators, helpers and structs', async () => {
      const n = 40;
      const xs = data(n, 13, 0, 40);
      const a3 = data(3 * n, 14);
      const b3 = data(3 * n, 15);
      const r = await bothWays(backend, async (rt) => {
        const x = await stream(rt, 'x', FLOAT, [n], xs);
        const g = await stream(rt, 'g', FLOAT, [n], data(n, 16));
        const it = rt.createIter('it', FLOAT, [n], [0], [n]);
        const [y, z, w, p, q] = await Promise.all(['y', 'z', 'w', 'p', 'q'].map((s) => stream(rt, s, FLOAT, [n])));
        rt.call(k('early'), [x, y!, z!]);
        rt.call(k('both'), [y!, z!, w!], undefined, { dead: [y!, z!] });
        rt.call(k('pos'), [w!, p!]);
        rt.call(k('gath'), [p!, g, q!]);
        const i1 = await stream(rt, 'i1', FLOAT, [n]);
        const i2 = await stream(rt, 'i2', FLOAT, [n]);
        rt.call(k('itr'), [it, x, i1]);
        rt.call(k('pos'), [i1, i2]);
        const a = await stream(rt, 'a', F3, [n], a3);
        const b = await stream(rt, 'b', F3, [n], b3);
        const c = await stream(rt, 'c', F3, [n]);
        const d = await stream(rt, 'd', FLOAT, [n]);
        rt.call(k('mid'), [a, b, c]);
        rt.call(k('norm2'), [c, d], undefined, { dead: [c] });
        const pair = rt.createStream('pair', { kind: 'struct', name: 'Pair', fields: [{ name: 'a', type: FLOAT }, { name: 'b', type: vec('float', 2) }] }, [n]);
        const e = await stream(rt, 'e', FLOAT, [n]);
        rt.call(k('mk'), [x, pair]);
        rt.call(k('usep'), [pair, e]);
        return { w: await words(rt, w!), p: await words(rt, p!), q: await words(rt, q!), i2: await words(rt, i2), d: await words(rt, d), e: await words(rt, e), pair: await words(rt, pair) };
      });
      const f = fusedOnes(r.launches);
      expect(f.map((l) => l.fused!.calls.length)).toEqual([4, 2, 2, 2]);
      const w = floats(r.out.w as Uint32Array);
      const q = floats(r.out.q as Uint32Array);
      for (let i = 0; i < n; i++) {
        const x = xs[i]!;
        const [y, z] = x > 20 ? [-x, 0] : [x, x * x];
        expect(w[i]).toBe(Math.fround(Math.fround(y * 3) + z));
        expect(floats(r.out.p as Uint32Array)[i]).toBe(Math.fround(Math.fround(w[i]! * 2) + i));
      }
      expect(q.every((v) => Number.isFinite(v))).toBe(true);
    });

    it(`a chain longer than ${MAX_GROUP} calls runs as several launches`, async () => {
      const n = 32;
      const r = await bothWays(backend, async (rt) => {
        const s = await stream(rt, 's', FLOAT, [n], data(n, 17));
        const ts = await Promise.all(Array.from({ length: 11 }, (_, i) => stream(rt, `t${i}`, FLOAT, [n])));
        let prev = s;
        for (const t of ts) {
          rt.call(k('add1'), [prev, t]);
          prev = t;
        }
        return { last: await words(rt, prev) };
      });
      // Each launch's first intermediate (t0, t8) is deferred and its call runs again at the read.
      expect(r.launches.map((l) => l.fused?.calls.length ?? 1)).toEqual([MAX_GROUP, 11 - MAX_GROUP, 1, 1]);
    });

    it('a reduction whose target the group uses is not fused', async () => {
      const n = 8;
      const r = await bothWays(backend, async (rt) => {
        const a = await stream(rt, 'a', FLOAT, [2, n], data(2 * n, 18));
        const t = await stream(rt, 't', FLOAT, [2, n]);
        const y = await stream(rt, 'y', FLOAT, [2, 1], new Float32Array([5, 6]));
        const yy = await stream(rt, 'yy', FLOAT, [2, n]);
        rt.call(k('mul'), [a, y, t]); // reads y resized
        rt.reduceToStream(k('sum'), [t, y]); // writes y
        rt.call(k('add1'), [t, yy]);
        return { y: await words(rt, y), yy: await words(rt, yy) };
      });
      expect(fusedOnes(r.launches).map((l) => l.fused!.calls.map((c) => c.kernel))).toEqual([]);
    });
  });
}

describe('refusals', () => {
  it('kernels of two programs calling different helpers of one name run one by one, correctly', async () => {
    for (const backend of ['cpu', 'webgpu'] as const) {
      const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', stdout: () => {} });
      const one = compile('kernel float f(float a<>) { return a + 1.0f; }\nkernel void p(float a<>, out float b<>) { b = f(a); }\nint main() { return 0; }', { fileName: 'one.br' });
      const two = compile('kernel float f(float a<>) { return a * 10.0f; }\nkernel void q(float a<>, out float b<>) { b = f(a); }\nint main() { return 0; }', { fileName: 'two.br' });
      expect(one.ok && two.ok).toBe(true);
      const x = await stream(rt, 'x', FLOAT, [4], new Float32Array([1, 2, 3, 4]));
      const t = await stream(rt, 't', FLOAT, [4]);
      const y = await stream(rt, 'y', FLOAT, [4]);
      rt.call(one.kernels.get('p')!, [x, t]);
      rt.call(two.kernels.get('q')!, [t, y], undefined, { dead: [t] });
      expect(Array.from(floats(await words(rt, y)))).toEqual([20, 30, 40, 50]);
      expect(Array.from(floats(await words(rt, t)))).toEqual([2, 3, 4, 5]); // run unfused: t was written
      expect(rt.fusion.stats.refused).toBe(1);
      expect(rt.fusion.stats.groups).toBe(0);
      rt.dispose();
    }
  });
});

describe('fusion modes', () => {
  it('verify mode compares every fused launch with its calls run one by one', async () => {
    for (const backend of ['cpu', 'webgpu'] as const) {
      const rt = await createRuntime({ backend, requireGpu: backend === 'webgpu', fusion: 'verify' as FusionMode, stdout: () => {} });
      kernelsOf.set(rt, compileKernels());
      current = rt;
      const x = await stream(rt, 'x', F4, [100], data(400, 19));
      const t = await stream(rt, 't', F4, [100]);
      const u = await stream(rt, 'u', F4, [100]);
      rt.call(k('axpb'), [x, 3, 1, t]);
      rt.call(k('sq4'), [t, u], undefined, { dead: [t] });
      await rt.reduceToValue(k('sum4'), [u, [0, 0, 0, 0]]);
      await rt.finish();
      expect(rt.fusion.stats.verified, backend).toBe(1);
      expect(rt.fusion.stats.calls).toBe(3);
      rt.dispose();
    }
  });

  it('BROOK_FUSE picks the mode', async () => {
    const { fusionModeFromEnv } = await import('../../runtime/brt/fusion.js');
    expect(fusionModeFromEnv({})).toBe('on');
    expect(fusionModeFromEnv({ BROOK_FUSE: '0' })).toBe('off');
    expect(fusionModeFromEnv({ BROOK_FUSE: 'off' })).toBe('off');
    expect(fusionModeFromEnv({ BROOK_FUSE: 'verify' })).toBe('verify');
    expect(fusionModeFromEnv({ BROOK_FUSE: '1' })).toBe('on');
    const rt = await createRuntime({ backend: 'cpu', env: { BROOK_FUSE: '0' }, stdout: () => {} });
    expect(rt.fusion.mode).toBe('off');
    rt.dispose();
  });
});
