/**
 * exp written into WebAssembly kernels (codegen/wasm/exp.ts) gives the bits of JavaScript's Math.exp,
 * which the JavaScript kernels call: fdlibm's method step by step. Checked directly (every branch of
 * the method, its boundaries a few ulps either side, random float32 bit patterns and doubles), and
 * through kernels: exp of float and float4 streams, scalar and vector versions, against the
 * JavaScript kernels bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import type { Stream } from '../../runtime/brt/api.js';
import { compile } from '../../runtime/compiler/index.js';
import { FLOAT, vec } from '../../runtime/compiler/types.js';
import { expOverDoubles, inlineExpMatchesHost } from '../../runtime/compiler/codegen/wasm/exp.js';

/** exp of each double of `xs` by a module made of emitExpF64 alone (Math.exp as the host import). */
function wasmExp(xs: Float64Array): Float64Array {
  return expOverDoubles(xs, 256);
}

/** The double whose high word is `hi` and low word `lo`. */
function words(hi: number, lo: number): number {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setUint32(0, hi >>> 0);
  dv.setUint32(4, lo >>> 0);
  return dv.getFloat64(0);
}

function mismatches(xs: Float64Array): number[] {
  const got = wasmExp(xs);
  const bad: number[] = [];
  xs.forEach((x, k) => {
    const want = Math.exp(x);
    if (!Object.is(got[k], want) && !(Number.isNaN(want) && Number.isNaN(got[k]!))) bad.push(x);
  });
  return bad;
}

describe('exp in WebAssembly', () => {
  it('passes the once-per-process check against Math.exp on this engine (else kernels call Math.exp)', () => {
    expect(inlineExpMatchesHost()).toBe(true);
  });

  it("gives Math.exp's bits at every branch boundary of fdlibm's method, a few ulps either side", () => {
    // High words where the method changes (0.5 ln2, 1.5 ln2, 2^-28, this writer's 512, fdlibm's
    // overflow bound), both signs, low words 0, 1, all ones; then +-k ulps around each.
    const xs: number[] = [0, -0, 1, -1, NaN, Infinity, -Infinity, 709.78, -745.13, -745.14, 5e-324, -5e-324];
    for (const hi of [0x3fd62e42, 0x3fd62e43, 0x3ff0a2b1, 0x3ff0a2b2, 0x3e2fffff, 0x3e300000, 0x407fffff, 0x40800000, 0x40862e42]) {
      for (const lo of [0, 1, 0xffffffff]) for (const sign of [0, 0x80000000]) xs.push(words(hi | sign, lo));
    }
    const around: number[] = [];
    for (const x of xs) {
      if (!Number.isFinite(x)) continue;
      const dv = new DataView(new ArrayBuffer(8));
      dv.setFloat64(0, x);
      const bits = dv.getBigUint64(0);
      for (let d = -3n; d <= 3n; d++) {
        dv.setBigUint64(0, BigInt.asUintN(64, bits + d));
        around.push(dv.getFloat64(0));
      }
    }
    expect(mismatches(Float64Array.from([...xs, ...around]))).toEqual([]);
  });

  it("gives Math.exp's bits on 2^20 random float32 bit patterns and 2^18 doubles of each range", () => {
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) | 0) >>> 0;
    const f32 = new Float32Array(1 << 20);
    new Uint32Array(f32.buffer).forEach((_, k, u) => (u[k] = next()));
    expect(mismatches(Float64Array.from(f32))).toEqual([]);
    for (const scale of [1, 10, 100, 1500]) {
      const xs = Float64Array.from({ length: 1 << 18 }, () => ((next() / 2 ** 32 - 0.5) * 2 + next() / 2 ** 64) * scale);
      expect(mismatches(xs)).toEqual([]);
    }
  });

  it('kernels: exp of float and float4 streams (scalar and vector versions) give the JavaScript kernels\' bits', async () => {
    const out = compile(`
kernel void e1(float a<>, out float r<>) { r = exp(a) + exp(-a * a * 50.0f); }
kernel void e4(float4 a<>, float k, out float4 r<>) { r = exp(a * k); }
int main() { return 0; }
`);
    if (!out.ok) throw new Error(JSON.stringify(out.diagnostics));
    const special = [NaN, Infinity, -Infinity, -0, 0, 1, -1, 1e-40, 3e38, 88.7, 88.8, -103.9, -104, 0.34657, 1.0397, 511.9, 512, 1e-9];
    const vals = Array.from({ length: 4 * 1027 }, (_, i) => (i % 5 === 2 ? special[i % special.length]! : Math.sin(i * 1.7) * (i % 3 === 0 ? 0.3 : 30)));
    const run = async (wasm: boolean) => {
      const rt = createCpuRuntime({ cpu: { workers: 0, wasm }, stdout: () => {} });
      try {
        const a = rt.createStream('a', FLOAT, [vals.length]);
        const r = rt.createStream('r', FLOAT, [vals.length]);
        await rt.streamRead(a, vals);
        rt.call(out.kernels.get('e1')!, [a, r]);
        const a4 = rt.createStream('a4', vec('float', 4), [1027]);
        const r4 = rt.createStream('r4', vec('float', 4), [1027]);
        await rt.streamRead(a4, vals);
        rt.call(out.kernels.get('e4')!, [a4, 1.5, r4]);
        const bits = async (s: Stream, n: number) => {
          const o = new Float32Array(n);
          await rt.streamWrite(s, o);
          return [...new Uint32Array(o.buffer)].map((w) => ((w & 0x7f800000) === 0x7f800000 && (w & 0x7fffff) !== 0 ? 0x7fc00000 : w));
        };
        return [await bits(r, vals.length), await bits(r4, vals.length)];
      } finally {
        rt.dispose();
      }
    };
    const [w, j] = [await run(true), await run(false)];
    expect(w).toEqual(j);
    const e1 = out.kernels.get('e1')!;
    const e4 = out.kernels.get('e4')!;
    for (const k of [e1, e4]) expect([...k.cache.keys()].some((key) => key.startsWith('wasm:') && k.cache.get(key) !== null)).toBe(true);
    expect([...e4.cache.entries()].some(([key, v]) => key.startsWith('wasm:') && (v as { vector?: boolean } | null)?.vector === true)).toBe(true);
  });
});
