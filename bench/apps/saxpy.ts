/**
 * SAXPY (paper 5.1, dissertation 6.2.1): result = a x + y on float4 streams.
 * Small: 2^16 float4; full: 2^24 float4 (64 M floats). The paper used 1024^2 floats; on an H100 that
 * is a few microseconds, mostly launch cost, so the full run uses the bench's saxpy.large size
 * (bench/results/*.json can be read next to it). Work: 2 flops a float (a multiply and an add).
 * Hand versions: the bench's WGSL (bench/wgsl/saxpy.ts) and its JavaScript loop (bench/jsloops.ts).
 */
import { FLOAT4 } from './streams.js';
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import { compare, randomFloats, saxpyRef } from '../reference.js';
import { saxpyJs } from '../jsloops.js';
import { saxpyWgsl } from '../wgsl/saxpy.js';
import { runFigure3, type AppDefinition, type BrookJob, type Figure3 } from './figure3.js';
import { kernels } from './kernels.js';
import { bySize, type AppSize } from './size.js';

export interface SaxpyParams {
  size: AppSize;
  /** float4 elements. */
  n: number;
  a: number;
}

export function saxpyParams(size: AppSize): SaxpyParams {
  return { size, n: bySize(size, 1 << 16, 1 << 24), a: 2.5 };
}

/** x and y, 4n floats each, uniform in [-1, 1). */
export function saxpyInputs(p: SaxpyParams): { x: Float32Array; y: Float32Array } {
  return { x: randomFloats(4 * p.n, 1), y: randomFloats(4 * p.n, 2) };
}

/** Largest error of `got` against the float64 a x + y, in units of float32 rounding (<= 1 passes). */
export function saxpyCheck(p: SaxpyParams, x: Float32Array, y: Float32Array, got: ArrayLike<number>) {
  const ref = saxpyRef(p.a, x, y);
  return compare(got, ref.want, ref.scale, 1e-6, 1e-30);
}

export function saxpyApp(given: { saxpy: unknown }, p: SaxpyParams, inputs = saxpyInputs(p)): AppDefinition {
  const k = kernels(given, ['saxpy']);
  const { x, y } = inputs;
  return {
    id: 'saxpy',
    title: 'SAXPY',
    size: `${p.n.toLocaleString('en-US')} float4 (${(4 * p.n).toLocaleString('en-US')} floats)`,
    unit: 'MFLOPS',
    work: 8 * p.n,
    workNote: '2 flops a float (a x + y)',
    bytes: 48 * p.n,
    largestBufferBytes: 16 * p.n,
    brook(rt: BrookRuntimeHandle): BrookJob {
      const X = rt.createStream('x', FLOAT4, [p.n]);
      const Y = rt.createStream('y', FLOAT4, [p.n]);
      const R = rt.createStream('result', FLOAT4, [p.n]);
      const out = new Float32Array(4 * p.n);
      return {
        bytesIn: 32 * p.n,
        bytesOut: 16 * p.n,
        async upload() {
          await rt.streamRead(X, x);
          await rt.streamRead(Y, y);
          await rt.finish();
        },
        run: () => void rt.call(k.saxpy, [p.a, X, Y, R]),
        download: () => rt.streamWrite(R, out),
        check: () => saxpyCheck(p, x, y, out),
        dispose() {
          for (const s of [X, Y, R]) rt.free(s);
        },
      };
    },
    wgsl: (gpu) => saxpyWgsl(gpu, p.a, x, y),
    js: () => saxpyJs(p.a, x, y),
  };
}

/** Figure 3 for SAXPY with the notebook's `saxpy` kernel. */
export function saxpyFigure3(given: { saxpy: unknown }, p: SaxpyParams, inputs = saxpyInputs(p)): Promise<Figure3> {
  return runFigure3(saxpyApp(given, p, inputs), p.size);
}
