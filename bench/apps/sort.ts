/**
 * Bitonic sort (dissertation 7.1): Batcher's sorting network as a stream program. With no scatter,
 * each compare-and-swap is evaluated twice, once for each element of the pair: one kernel call per
 * merge step, lg n (lg n + 1) / 2 calls in all, each element reading itself and its partner (a gather)
 * and keeping the minimum or the maximum.
 * Small: 2^14 floats; full: 2^20 floats (the dissertation's size). The rate is keys sorted per second
 * (the paper's Figure 3 had no sort; the network does n lg n (lg n + 1) / 4 compare-exchanges).
 * Hand versions: WGSL (bench/wgsl/sort.ts: the same algorithm by hand, and the workgroup-memory
 * version) and JavaScript's own TypedArray sort (a different algorithm: what a JS programmer calls).
 */
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import { FLOAT } from './streams.js';
import { randomFloats, type Check } from '../reference.js';
import type { Side } from '../side.js';
import { sortWgsl } from '../wgsl/sort.js';
import { runFigure3, type AppDefinition, type BrookJob, type Figure3 } from './figure3.js';
import { kernels } from './kernels.js';
import { bySize, type AppSize } from './size.js';

export interface SortParams {
  size: AppSize;
  /** n = 2^lg keys. */
  lg: number;
  n: number;
}

export function sortParams(size: AppSize): SortParams {
  const lg = bySize(size, 14, 20);
  return { size, lg, n: 2 ** lg };
}

/** Uniform keys in [0, 1). */
export function sortInputs(p: SortParams): Float32Array {
  return randomFloats(p.n, 21, 0, 1);
}

/** The merge steps in call order: (block, half) with block = 2, 4, ..., n and half = block/2 .. 1. */
export function bitonicSteps(n: number): { block: number; half: number }[] {
  const steps: { block: number; half: number }[] = [];
  for (let block = 2; block <= n; block *= 2) for (let half = block / 2; half >= 1; half /= 2) steps.push({ block, half });
  return steps;
}

/** `got` must equal the input sorted (exactly: sorting moves values, it computes none). */
export function sortCheck(input: Float32Array, got: ArrayLike<number>, sorted: ArrayLike<number> = Float32Array.from(input).sort()): Check {
  if (got.length < sorted.length) return { ok: false, maxRelError: Infinity, detail: `got ${got.length} keys, expected ${sorted.length}` };
  for (let i = 0; i < sorted.length; i++) {
    if (got[i] !== sorted[i]) return { ok: false, maxRelError: Infinity, detail: `key ${i}: got ${got[i]}, the sorted input has ${sorted[i]}` };
  }
  return { ok: true, maxRelError: 0 };
}

function sortJs(input: Float32Array, sorted: () => Float32Array): Side[] {
  let out: Float32Array = new Float32Array(0);
  return [
    {
      impl: 'js',
      plan: "Float32Array.prototype.sort on a copy (the engine's own sort, not a bitonic network), one thread",
      async run() {
        out = Float32Array.from(input).sort();
      },
      check: async () => sortCheck(input, out, sorted()),
      dispose() {},
    },
  ];
}

export function sortApp(given: { bitonic: unknown }, p: SortParams, input = sortInputs(p)): AppDefinition {
  const k = kernels(given, ['bitonic']);
  const { n } = p;
  const steps = bitonicSteps(n);
  let ref: Float32Array | undefined;
  const sorted = () => (ref ??= Float32Array.from(input).sort());
  return {
    id: 'sort',
    title: 'Bitonic sort',
    size: `2^${p.lg} = ${n.toLocaleString('en-US')} floats, ${steps.length} merge steps`,
    unit: 'M keys/s',
    work: n,
    workNote: `keys sorted per second (the network makes ${((n / 2) * steps.length).toLocaleString('en-US')} compare-exchanges)`,
    checkedAgainst: 'the input sorted by JavaScript (exactly)',
    bytes: 8 * n * steps.length,
    largestBufferBytes: 4 * n,
    brook(rt: BrookRuntimeHandle): BrookJob {
      const keys = rt.createStream('keys', FLOAT, [n]);
      const a = rt.createStream('a', FLOAT, [n]);
      const b = rt.createStream('b', FLOAT, [n]);
      const out = new Float32Array(n);
      const last = steps.length % 2 === 1 ? a : b;
      return {
        bytesIn: 4 * n,
        bytesOut: 4 * n,
        async upload() {
          await rt.streamRead(keys, input);
          await rt.finish();
        },
        run() {
          // The first step reads the untouched keys, so every run sorts the same input.
          let src = keys;
          steps.forEach((s, i) => {
            const dst = i % 2 === 0 ? a : b;
            rt.call(k.bitonic, [src, s.block, s.half, dst]);
            src = dst;
          });
        },
        download: () => rt.streamWrite(last, out),
        check: () => sortCheck(input, out, sorted()),
        dispose() {
          for (const s of [keys, a, b]) rt.free(s);
        },
      };
    },
    wgsl: (gpu) => sortWgsl(gpu, input, (got) => sortCheck(input, got, sorted())),
    js: () => sortJs(input, sorted),
  };
}

/** Figure 3's comparison for the notebook's `bitonic` kernel. */
export function sortFigure3(given: { bitonic: unknown }, p: SortParams, input = sortInputs(p)): Promise<Figure3> {
  return runFigure3(sortApp(given, p, input), p.size);
}
