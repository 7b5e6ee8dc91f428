/**
 * The Brook side of each case: streams made and filled once, then each run is the kernel call(s)
 * followed by `finish()` (submit and wait), exactly as a cell would issue them. Results are read
 * with streamWrite and checked against the same float64 references as the baselines.
 */
import { FLOAT, vec } from '../../runtime/compiler/types.js';
import type { Stream } from '../../runtime/brt/api.js';
import { Unavailable, type Side } from '../side.js';
import { chain4Ref, chainRef, checkSaxpyChunks, compare, compareExact, gatherRef, saxpyRef, sgemvRef, stencilRef, sum4Ref, type Check, type ChunkedFloat4 } from '../reference.js';
import { kernel, type BrookSession } from './session.js';

const FLOAT4 = vec('float', 4);

function disposer(s: BrookSession, streams: Stream[]): () => void {
  return () => {
    for (const st of streams) if (!st.freed) s.rt.free(st);
  };
}

async function readStream(s: BrookSession, st: Stream, floats: number): Promise<Float32Array> {
  const out = new Float32Array(floats);
  await s.rt.streamWrite(st, out);
  return out;
}

export async function saxpyBrook(s: BrookSession, a: number, x: Float32Array, y: Float32Array): Promise<Side> {
  const k = kernel(await s.load('saxpy.br'), 'saxpy');
  const n = x.length / 4;
  const { rt } = s;
  const X = rt.createStream('x', FLOAT4, [n]);
  const Y = rt.createStream('y', FLOAT4, [n]);
  const R = rt.createStream('result', FLOAT4, [n]);
  await rt.streamRead(X, x);
  await rt.streamRead(Y, y);
  await rt.finish();
  const ref = saxpyRef(a, x, y);
  return {
    impl: 'brook',
    note: `saxpy(a, x, y, result); finish() [${rt.backend.description}]`,
    async run() {
      rt.call(k, [a, X, Y, R]);
      await rt.finish();
    },
    async check() {
      return compare(await readStream(s, R, x.length), ref.want, ref.scale, 1e-6, 1e-30);
    },
    dispose: disposer(s, [X, Y, R]),
    streams: [X, Y, R],
  } as Side;
}

/**
 * SAXPY on streams larger than one binding (the runtime splits them into pages): filled part by part
 * through domains (streamRead), checked part by part (streamWrite of domains). Device memory that
 * runs out while the streams are made skips the side (BRK5017 out of memory at finish).
 */
export async function saxpyHugeBrook(s: BrookSession, a: number, x: ChunkedFloat4, y: ChunkedFloat4): Promise<Side> {
  const k = kernel(await s.load('saxpy.br'), 'saxpy');
  const n = x.n;
  const { rt } = s;
  const X = rt.createStream('x', FLOAT4, [n]);
  const Y = rt.createStream('y', FLOAT4, [n]);
  const R = rt.createStream('result', FLOAT4, [n]);
  const dispose = disposer(s, [X, Y, R]);
  try {
    for (const [S, d] of [[X, x], [Y, y]] as const) {
      for (let p = 0; p < d.parts.length; p++) {
        const first = p * d.chunk;
        await rt.streamRead(rt.domain(S, [first], [first + d.parts[p]!.length / 4]), d.parts[p]!);
      }
    }
    await rt.finish();
  } catch (e) {
    dispose();
    const msg = (e as Error).message;
    if (/out of memory/i.test(msg)) throw new Unavailable(`device memory for 3 streams of ${16 * n} bytes: ${msg}`);
    throw e;
  }
  // The runtime's page: the largest power of two of float4 within its binding limit (paging.ts).
  let page = 1;
  while (32 * page <= rt.backend.limits.maxBindingBytes) page *= 2;
  const pages = Math.ceil(n / page);
  return {
    impl: 'brook',
    note: `saxpy(a, x, y, result); finish(), each stream in ${pages} page${pages === 1 ? '' : 's'} of ${page} float4 [${rt.backend.description}]`,
    async run() {
      rt.call(k, [a, X, Y, R]);
      await rt.finish();
    },
    check: () => checkSaxpyChunks(a, x, y, async (first, count) => {
      const out = new Float32Array(4 * count);
      await rt.streamWrite(rt.domain(R, [first], [first + count]), out);
      return out;
    }),
    dispose,
  };
}

/** `calls` back-to-back saxpy calls (each rewrites result), then one finish(): a loop as a user runs it. */
export async function saxpyLoopBrook(s: BrookSession, a: number, x: Float32Array, y: Float32Array, calls: number): Promise<Side> {
  const side = await saxpyBrook(s, a, x, y);
  const k = kernel(await s.load('saxpy.br'), 'saxpy');
  const { rt } = s;
  const [X, Y, R] = (side as Side & { streams: Stream[] }).streams;
  return {
    ...side,
    note: `${calls} calls of saxpy(a, x, y, result), then one finish()`,
    calls,
    async run() {
      for (let i = 0; i < calls; i++) rt.call(k, [a, X!, Y!, R!]);
      await rt.finish();
    },
  };
}

/**
 * Runs `f` with kernel fusion (runtime/brt/fusion.ts) on or off in the session's runtime, then
 * restores it: the session serves every case, and most measure what users get (fusion on).
 */
async function withFusion(s: BrookSession, on: boolean, f: () => Promise<void>): Promise<void> {
  const saved = s.rt.fusion.mode;
  s.rt.fusion.mode = on ? 'on' : 'off';
  try {
    await f();
  } finally {
    s.rt.fusion.mode = saved;
  }
}

/** Counts the runs of a fused side that really ran fused launches (a refused fusion would measure
 *  the unfused calls under the fused case's name): its check fails unless every run did. */
function fusedRuns(s: BrookSession) {
  let runs = 0;
  let fused = 0;
  return {
    async around(f: () => Promise<void>): Promise<void> {
      const before = s.rt.fusion.stats.groups;
      await f();
      runs++;
      if (s.rt.fusion.stats.groups > before) fused++;
    },
    check(c: Check): Check {
      return fused === runs ? c : { ...c, ok: false, detail: `only ${fused} of ${runs} runs ran a fused launch` };
    },
  };
}

/**
 * The seeds' form: mul(A, x, T) with x<1,n> resized over A<m,n>, then sum(T, y) with y<m,1>.
 * `unfused`: each call its own launch (T written and read back); `alive`: fused into one launch,
 * nothing saying T is dead, so T is deferred (brt/deferred.ts: mul would run again if T were read;
 * the next run overwrites it first, so it never is); `dead`: fused, T never written (the hint a
 * compiled program's local T gets, CallHints.dead).
 */
export async function sgemvMulSumBrook(s: BrookSession, A: Float32Array, x: Float32Array, m: number, n: number, form: 'unfused' | 'alive' | 'dead' = 'unfused'): Promise<Side> {
  const ks = await s.load('sgemv_mulsum.br');
  const mul = kernel(ks, 'mul');
  const sum = kernel(ks, 'sum');
  const { rt } = s;
  const SA = rt.createStream('A', FLOAT, [m, n]);
  const SX = rt.createStream('x', FLOAT, [1, n]);
  const T = rt.createStream('T', FLOAT, [m, n]);
  const SY = rt.createStream('y', FLOAT, [m, 1]);
  await rt.streamRead(SA, A);
  await rt.streamRead(SX, x);
  await rt.finish();
  const ref = sgemvRef(A, x, m, n);
  const hints = form === 'dead' ? { dead: [T] } : undefined;
  const fusion = fusedRuns(s);
  return {
    impl: 'brook',
    note: `mul(A, x, T); sum(T, y); finish() (${form === 'unfused' ? 'fusion off: two launches' : form === 'alive' ? 'fused, T alive: deferred, never read, never written' : 'fused, T dead: never written'})`,
    async run() {
      await fusion.around(() => withFusion(s, form !== 'unfused', async () => {
        rt.call(mul, [SA, SX, T]);
        rt.reduceToStream(sum, [T, SY], undefined, hints);
        await rt.finish();
      }));
    },
    async check() {
      const c = compare(await readStream(s, SY, m), ref.want, ref.scale, 1e-4, 1e-30);
      return form === 'unfused' ? c : fusion.check(c);
    },
    dispose: disposer(s, [SA, SX, T, SY]),
  };
}

/** One kernel: y[row] = sum over i of dot(A[row][i], x[i]), A<m, n/4> and x<n/4> of float4. */
export async function sgemvSingleBrook(s: BrookSession, A: Float32Array, x: Float32Array, m: number, n: number): Promise<Side> {
  const k = kernel(await s.load('sgemv_single.br'), 'sgemv');
  const { rt } = s;
  const SA = rt.createStream('A', FLOAT4, [m, n / 4]);
  const SX = rt.createStream('x', FLOAT4, [n / 4]);
  const SY = rt.createStream('y', FLOAT, [m]);
  await rt.streamRead(SA, A);
  await rt.streamRead(SX, x);
  await rt.finish();
  const ref = sgemvRef(A, x, m, n);
  return {
    impl: 'brook',
    note: 'sgemv(A, x, n/4, y); finish()',
    async run() {
      rt.call(k, [SA, SX, n / 4, SY]);
      await rt.finish();
    },
    async check() {
      return compare(await readStream(s, SY, m), ref.want, ref.scale, 1e-4, 1e-30);
    },
    dispose: disposer(s, [SA, SX, SY]),
  };
}

/** `name`: sum4 (r += a, the commutative strided form) or osum4 (the ordered form, leaves). */
export async function sumBrook(s: BrookSession, x: Float32Array, name: 'sum4' | 'osum4' = 'sum4'): Promise<Side> {
  const k = kernel(await s.load('sum.br'), name);
  const { rt } = s;
  const X = rt.createStream('x', FLOAT4, [x.length / 4]);
  await rt.streamRead(X, x);
  await rt.finish();
  const ref = sum4Ref(x);
  let got: number[] = [];
  return {
    impl: 'brook',
    note: `float4 r; ${name}(x, r) (into a host value) [${rt.backend.description}]`,
    async run() {
      const v = await rt.reduceToValue(k, [X, [0, 0, 0, 0]]);
      got = typeof v === 'number' ? [v] : v;
    },
    async check() {
      return compare(got, ref.want, ref.scale, 1e-5, 1e-30);
    },
    dispose: disposer(s, [X]),
  };
}

export async function stencilBrook(s: BrookSession, src: Float32Array, w: number, h: number): Promise<Side> {
  const k = kernel(await s.load('stencil.br'), 'stencil');
  const { rt } = s;
  const G = rt.createStream('g', FLOAT, [h, w]);
  const R = rt.createStream('r', FLOAT, [h, w]);
  await rt.streamRead(G, src);
  await rt.finish();
  const ref = stencilRef(src, w, h);
  return {
    impl: 'brook',
    note: `stencil(g, r); finish() [${rt.backend.description}]`,
    async run() {
      rt.call(k, [G, R]);
      await rt.finish();
    },
    async check() {
      return compare(await readStream(s, R, w * h), ref.want, ref.scale, 1e-6, 1e-30);
    },
    dispose: disposer(s, [G, R]),
  };
}

/** `calls` kernel calls ping-ponging two small streams, recorded and submitted by one finish(). */
export async function chainBrook(s: BrookSession, x: Float32Array, a: number, b: number, calls: number): Promise<Side> {
  const k = kernel(await s.load('chain.br'), 'step');
  const { rt } = s;
  const n = x.length / 4;
  const X = rt.createStream('x', FLOAT4, [n]);
  const Y = rt.createStream('y', FLOAT4, [n]);
  const ref = chainRef(x, a, b, calls);
  return {
    impl: 'brook',
    note: `${calls} calls of step(), then one finish() (fusion off: the cost of each call is what is measured)`,
    calls,
    async run() {
      await rt.streamRead(X, x);
      // Each call reads the last one's output: fused, eight would run as one launch (brt/fusion.ts).
      await withFusion(s, false, async () => {
        for (let i = 0; i < calls; i++) rt.call(k, i % 2 === 0 ? [X, a, b, Y] : [Y, a, b, X]);
        await rt.finish();
      });
    },
    async check() {
      return compare(await readStream(s, calls % 2 === 1 ? Y : X, x.length), ref.want, ref.scale, 1e-5, 1e-30);
    },
    dispose: disposer(s, [X, Y]),
  };
}

/**
 * bench/cases/chain4.br: m1(x, a, b, t1); m2(t1, t2); m3(t2, t3); m4(t3, x, out). Fused, t1..t3
 * are dead (as a compiled program's locals would be): one launch reading x and writing out.
 * Unfused: four launches, each intermediate written and read back.
 */
export async function chain4Brook(s: BrookSession, a: number, b: number, x: Float32Array, fused: boolean): Promise<Side> {
  const ks = await s.load('chain4.br');
  const [m1, m2, m3, m4] = ['m1', 'm2', 'm3', 'm4'].map((name) => kernel(ks, name));
  const { rt } = s;
  const n = x.length / 4;
  const X = rt.createStream('x', FLOAT4, [n]);
  const [T1, T2, T3, OUT] = ['t1', 't2', 't3', 'out'].map((name) => rt.createStream(name, FLOAT4, [n]));
  await rt.streamRead(X, x);
  await rt.finish();
  const ref = chain4Ref(a, b, x);
  const fusion = fusedRuns(s);
  return {
    impl: 'brook',
    note: fused ? 'm1..m4 fused into one launch, t1..t3 dead' : 'fusion off: four launches, t1..t3 written and read back',
    async run() {
      await fusion.around(() => withFusion(s, fused, async () => {
        rt.call(m1!, [X, a, b, T1!]);
        rt.call(m2!, [T1!, T2!], undefined, { dead: [T1!] });
        rt.call(m3!, [T2!, T3!], undefined, { dead: [T2!] });
        rt.call(m4!, [T3!, X, OUT!], undefined, { dead: [T3!] });
        await rt.finish();
      }));
    },
    async check() {
      const c = compare(await readStream(s, OUT!, x.length), ref.want, ref.scale, 1e-5, 1e-30);
      return fused ? fusion.check(c) : c;
    },
    dispose: disposer(s, [X, T1!, T2!, T3!, OUT!]),
  };
}

/**
 * `data` copied into host memory of the backend's own (Backend.hostMemory: on the CPU, a block of the
 * memory streams live in, which streamRead/streamWrite copy with memory.copy), or undefined where the
 * backend has none. The copy is set-up, outside the timing.
 */
function inHostMemory(s: BrookSession, data: Float32Array): { host: Float32Array; release(): void } | undefined {
  const m = s.rt.backend.hostMemory?.(data.byteLength);
  if (!m) return undefined;
  const host = new Float32Array(m.bytes.buffer, m.bytes.byteOffset, data.length);
  host.set(data);
  return { host, release: m.release };
}

/** streamRead (host to stream) of the whole array, then finish() so the copy has landed. `hostMemory`:
 *  from a host array in the backend's host memory (inHostMemory) instead of `host` itself. */
export async function streamReadBrook(s: BrookSession, data: Float32Array, hostMemory = false): Promise<Side> {
  const { rt } = s;
  const pinned = hostMemory ? inHostMemory(s, data) : undefined;
  if (hostMemory && !pinned) throw new Unavailable('this backend has no host memory of its own (Backend.hostMemory)');
  const host = pinned?.host ?? data;
  const X = rt.createStream('x', FLOAT4, [host.length / 4]);
  return {
    impl: 'brook',
    note: pinned ? 'streamRead(x, host) from a host array in the backend\'s host memory (hostMemory); finish()' : 'streamRead(x, host); finish()',
    async run() {
      await rt.streamRead(X, host);
      await rt.finish();
    },
    async check() {
      return compareExact(await readStream(s, X, host.length), data);
    },
    dispose: () => {
      disposer(s, [X])();
      pinned?.release();
    },
  };
}

/** streamWrite (stream to host) of the whole stream into a host array made once (`hostMemory`: in
 *  the backend's host memory, as streamReadBrook). */
export async function streamWriteBrook(s: BrookSession, data: Float32Array, hostMemory = false): Promise<Side> {
  const { rt } = s;
  const X = rt.createStream('x', FLOAT4, [data.length / 4]);
  await rt.streamRead(X, data);
  await rt.finish();
  const pinned = hostMemory ? inHostMemory(s, new Float32Array(data.length)) : undefined;
  if (hostMemory && !pinned) throw new Unavailable('this backend has no host memory of its own (Backend.hostMemory)');
  const host = pinned?.host ?? new Float32Array(data.length);
  return {
    impl: 'brook',
    note: pinned ? 'streamWrite(x, host) into a host array in the backend\'s host memory (hostMemory)' : 'streamWrite(x, host)',
    async run() {
      await rt.streamWrite(X, host);
    },
    async check() {
      return compareExact(host, data);
    },
    dispose: () => {
      disposer(s, [X])();
      pinned?.release();
    },
  };
}

/** gather4(table, idx, r): float4 rows of `table` by float indices. */
export async function gatherBrook(s: BrookSession, table: Float32Array, idx: Float32Array): Promise<Side> {
  const k = kernel(await s.load('gather.br'), 'gather4');
  const { rt } = s;
  const T = rt.createStream('table', FLOAT4, [table.length / 4]);
  const X = rt.createStream('idx', FLOAT, [idx.length]);
  const R = rt.createStream('r', FLOAT4, [idx.length]);
  await rt.streamRead(T, table);
  await rt.streamRead(X, idx);
  await rt.finish();
  const ref = gatherRef(table, idx);
  return {
    impl: 'brook',
    note: `gather4(table, idx, r); finish() [${rt.backend.description}]`,
    async run() {
      rt.call(k, [T, X, R]);
      await rt.finish();
    },
    async check() {
      return compare(await readStream(s, R, 4 * idx.length), ref.want, ref.scale, 0, 0);
    },
    dispose: disposer(s, [T, X, R]),
  };
}
