/**
 * Plain JavaScript baselines for the CPU backend: the loop a programmer would write over
 * Float32Arrays, on one thread. SAXPY writes float32 results; the sum accumulates in float64
 * (what a JavaScript number does) with four accumulators, one per float4 component.
 */
import type { Side } from './side.js';
import { chain4Ref, compare, compareExact, gatherRef, saxpyRef, stencilRef, sum4Ref } from './reference.js';

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

/** The 5-point stencil as a programmer writes it: clamped neighbour indices, one row at a time. */
export function stencilJs(g: Float32Array, w: number): Side[] {
  const r = new Float32Array(w * w);
  const ref = stencilRef(g, w, w);
  return [
    {
      impl: 'js',
      plan: 'nested for loops over a Float32Array, clamped neighbours, one thread',
      async run() {
        for (let y = 0; y < w; y++) {
          const ym = y > 0 ? y - 1 : 0;
          const yp = y < w - 1 ? y + 1 : w - 1;
          for (let x = 0; x < w; x++) {
            const xm = x > 0 ? x - 1 : 0;
            const xp = x < w - 1 ? x + 1 : w - 1;
            r[y * w + x] = 0.5 * g[y * w + x]! + 0.125 * (g[y * w + xm]! + g[y * w + xp]! + g[ym * w + x]! + g[yp * w + x]!);
          }
        }
      },
      async check() {
        return compare(r, ref.want, ref.scale, 1e-6, 1e-30);
      },
      dispose() {},
    },
  ];
}

/** Gather of float4 table rows by float indices (floor(x + 0.25), clamped), four components a row. */
export function gatherJs(table: Float32Array, idx: Float32Array): Side[] {
  const m = table.length / 4;
  const n = idx.length;
  const r = new Float32Array(4 * n);
  const ref = gatherRef(table, idx);
  return [
    {
      impl: 'js',
      plan: 'for loop, clamped Math.floor index, 4 copies a row, one thread',
      async run() {
        for (let i = 0; i < n; i++) {
          const f = Math.fround(idx[i]! + 0.25);
          const k = f >= 0 ? (f < m ? Math.floor(f) : m - 1) : 0;
          r[4 * i] = table[4 * k]!;
          r[4 * i + 1] = table[4 * k + 1]!;
          r[4 * i + 2] = table[4 * k + 2]!;
          r[4 * i + 3] = table[4 * k + 3]!;
        }
      },
      async check() {
        return compare(r, ref.want, ref.scale, 0, 0);
      },
      dispose() {},
    },
  ];
}

/** The chain of four maps (cases/chain4.br) as one loop a programmer writes: no intermediate arrays. */
export function chain4Js(a: number, b: number, x: Float32Array): Side[] {
  const r = new Float32Array(x.length);
  const ref = chain4Ref(a, b, x);
  return [
    {
      impl: 'js',
      plan: 'one for loop over a Float32Array, intermediates in locals, one thread',
      async run() {
        const n = x.length;
        for (let i = 0; i < n; i++) {
          const t1 = a * x[i]! + b;
          r[i] = t1 * t1 * 0.5 - 1 + x[i]!;
        }
      },
      async check() {
        return compare(r, ref.want, ref.scale, 1e-5, 1e-30);
      },
      dispose() {},
    },
  ];
}

/** The host memcpy that a CPU backend's streamRead/streamWrite is held to: one `TypedArray.set` of
 *  the whole array into one made once (V8 copies with memmove), one thread. */
export function copyJs(src: Float32Array): Side[] {
  const dst = new Float32Array(src.length);
  return [
    {
      impl: 'js',
      plan: 'dst.set(src): one memmove, one thread',
      async run() {
        dst.set(src);
      },
      async check() {
        return compareExact(dst, src);
      },
      dispose() {},
    },
  ];
}
