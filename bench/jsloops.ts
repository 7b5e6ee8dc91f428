/**
 * Plain JavaScript baselines for the CPU backend: the loop a programmer would write over
 * Float32Arrays, on one thread. SAXPY writes float32 results; the sum accumulates in float64
 * (what a JavaScript number does) with four accumulators, one per float4 component.
 */
import type { Side } from './side.js';
import { compare, saxpyRef, sum4Ref } from './reference.js';

export function saxpyJs(a: number, x: Float32Array, y: Float32Array): Side[] {
  const r = new Float32Array(x.length);
  const ref = saxpyRef(a, x, y);
  return [
    {
      impl: 'js',
      plan: 'for loop over Float32Array, one thread',
      async run() {
        const n = x.length;
        for (let i = 0; i < n; i++) r[i] = a * x[i] + y[i];
      },
      async check() {
        return compare(r, ref.want, ref.scale, 1e-6, 1e-30);
      },
      dispose() {},
    },
  ];
}

export function sumJs(x: Float32Array): Side[] {
  const ref = sum4Ref(x);
  let got: number[] = [];
  return [
    {
      impl: 'js',
      plan: 'for loop, 4 float64 accumulators, one thread',
      async run() {
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        const n = x.length;
        for (let i = 0; i < n; i += 4) {
          s0 += x[i];
          s1 += x[i + 1];
          s2 += x[i + 2];
          s3 += x[i + 3];
        }
        got = [s0, s1, s2, s3];
      },
      async check() {
        return compare(got, ref.want, ref.scale, 1e-5, 1e-30);
      },
      dispose() {},
    },
  ];
}
