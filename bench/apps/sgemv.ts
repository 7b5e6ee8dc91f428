/**
 * SGEMV (paper 5.1, dissertation 6.2.1): y = alpha A x + beta y, single precision, A square.
 * Small: 512 x 512; full: 8192 x 8192 (the paper used 1024^2; 8192^2 is the bench's sgemv.large, a
 * quarter of a gigabyte that keeps an H100 busy). Work: 2 n^2 + 3 n flops (a multiply and an add per
 * matrix element; alpha, beta and the add per row).
 * The Brook form is the seeds': mul(A, x, T) with x<1,n> resized over A<n,n>, the reduction
 * sum(T, Ax) of each row into Ax<n,1>, then axpby(alpha, Ax, beta, y, r).
 * Hand versions: the bench's WGSL (bench/wgsl/sgemv.ts, with its alpha/beta epilogue) and a
 * JavaScript loop.
 */
import { FLOAT } from './streams.js';
import type { BrookRuntimeHandle } from '../../runtime/brt/index.js';
import { compare, randomFloats, sgemvAxpbyRef } from '../reference.js';
import type { Side } from '../side.js';
import { sgemvWgsl } from '../wgsl/sgemv.js';
import { runFigure3, type AppDefinition, type BrookJob, type Figure3 } from './figure3.js';
import { kernels } from './kernels.js';
import { bySize, type AppSize } from './size.js';

export interface SgemvParams {
  size: AppSize;
  /** A is n x n. */
  n: number;
  alpha: number;
  beta: number;
}

export function sgemvParams(size: AppSize): SgemvParams {
  return { size, n: bySize(size, 512, 8192), alpha: 1.5, beta: -0.5 };
}

export interface SgemvInputs {
  A: Float32Array;
  x: Float32Array;
  y: Float32Array;
}

export function sgemvInputs(p: SgemvParams): SgemvInputs {
  return { A: randomFloats(p.n * p.n, 11), x: randomFloats(p.n, 12), y: randomFloats(p.n, 13) };
}

/** `got` against the float64 alpha A x + beta y; tolerance scales with the sum of |terms|. */
export function sgemvCheck(p: SgemvParams, inp: SgemvInputs, got: ArrayLike<number>) {
  const ref = sgemvAxpbyRef(inp.A, inp.x, p.n, p.n, { alpha: p.alpha, beta: p.beta, y0: inp.y });
  return compare(got, ref.want, ref.scale, 1e-5, 1e-30);
}

function sgemvJs(p: SgemvParams, inp: SgemvInputs): Side[] {
  const { n, alpha, beta } = p;
  const { A, x, y } = inp;
  const r = new Float32Array(n);
  return [
    {
      impl: 'js',
      plan: 'row-by-row dot product over a Float32Array, one thread',
      async run() {
        for (let i = 0; i < n; i++) {
          let s = 0;
          const base = i * n;
          for (let j = 0; j < n; j++) s += A[base + j]! * x[j]!;
          r[i] = alpha * s + beta * y[i]!;
        }
      },
      check: async () => sgemvCheck(p, inp, r),
      dispose() {},
    },
  ];
}

export function sgemvApp(given: { mul: unknown; sum: unknown; axpby: unknown }, p: SgemvParams, inp = sgemvInputs(p)): AppDefinition {
  const k = kernels(given, ['mul', 'sum', 'axpby']);
  const { n } = p;
  return {
    id: 'sgemv',
    title: 'SGEMV',
    size: `${n} x ${n} matrix`,
    unit: 'MFLOPS',
    work: 2 * n * n + 3 * n,
    workNote: '2 n^2 + 3 n flops (alpha A x + beta y)',
    bytes: 4 * (n * n + 3 * n),
    largestBufferBytes: 4 * n * n,
    brook(rt: BrookRuntimeHandle): BrookJob {
      const A = rt.createStream('A', FLOAT, [n, n]);
      const X = rt.createStream('x', FLOAT, [1, n]);
      const T = rt.createStream('T', FLOAT, [n, n]);
      const AX = rt.createStream('Ax', FLOAT, [n, 1]);
      const Y = rt.createStream('y', FLOAT, [n, 1]);
      const R = rt.createStream('r', FLOAT, [n, 1]);
      const out = new Float32Array(n);
      return {
        bytesIn: 4 * (n * n + 2 * n),
        bytesOut: 4 * n,
        async upload() {
          await rt.streamRead(A, inp.A);
          await rt.streamRead(X, inp.x);
          await rt.streamRead(Y, inp.y);
          await rt.finish();
        },
        run() {
          rt.call(k.mul, [A, X, T]);
          rt.reduceToStream(k.sum, [T, AX]);
          rt.call(k.axpby, [p.alpha, AX, p.beta, Y, R]);
        },
        download: () => rt.streamWrite(R, out),
        check: () => sgemvCheck(p, inp, out),
        dispose() {
          for (const s of [A, X, T, AX, Y, R]) rt.free(s);
        },
      };
    },
    wgsl: (gpu) => sgemvWgsl(gpu, inp.A, inp.x, n, n, { alpha: p.alpha, beta: p.beta, y0: inp.y }),
    js: () => sgemvJs(p, inp),
  };
}

/** Figure 3 for SGEMV with the notebook's `mul`, `sum` and `axpby`. */
export function sgemvFigure3(given: { mul: unknown; sum: unknown; axpby: unknown }, p: SgemvParams, inp = sgemvInputs(p)): Promise<Figure3> {
  return runFigure3(sgemvApp(given, p, inp), p.size);
}
