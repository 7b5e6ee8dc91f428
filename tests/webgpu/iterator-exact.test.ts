/**
 * The iterator rule (compiler/facts/iterator.ts) on WebGPU and the CPU, bit for bit:
 * fl(lo + fl(fl((hi - lo) * idx) / n)). WGSL's float division is only within 2.5 ulp (an H200 read
 * iter(0, 238) over 119 elements as 5.00000048 + 1 at index 3: fuzz/findings/h200-2026-12-02), so the
 * shader divides by n in integer arithmetic (brk_iter_div); these cases run that code on lavapipe.
 */
import { describe, expect, it } from 'vitest';
import { iteratorValue } from '../../runtime/compiler/facts/iterator.js';
import { runBoth, useBackends } from './backends.js';
import { F2, F4, assign, kernel, p, param, toParam } from './ir.js';

useBackends();

const f = Math.fround;
const copy4 = kernel('itcopy4', [param('t', 'iter', F4), param('r', 'out', F4)], [assign(toParam(1, F4), p(0, F4))]);

/** A deterministic generator of float32 test values (xorshift32). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const bits = (a: Float32Array) => [...new Uint32Array(a.buffer, a.byteOffset, a.length)];

/** The expected words of a 1-D float4 iterator over n elements (the rule, component by component). */
function expected(lo: number[], hi: number[], n: number): Float32Array {
  const out = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) for (let c = 0; c < 4; c++) out[4 * i + c] = iteratorValue(f(lo[c]!), f(f(hi[c]!) - f(lo[c]!)), n, i);
  return out;
}

describe('iterator values: one rule on every writer', () => {
  it('gives the exact quotient where it is representable (the H200 difference: iter(0, 238) over 119)', async () => {
    const r = await runBoth(copy4, [{ iter: F4, shape: [119], lo: [0, -1, 2.5, -3], hi: [238, 118, 2.5 + 119 * 0.25, 116] }, { stream: F4, shape: [119], out: true }], [119]);
    for (const side of [r.gpu[0]!, r.cpu[0]!]) {
      for (let i = 0; i < 119; i++) {
        // Independent of the rule: each of these steps is a float32 number, so lo + step * i is exact.
        expect([side[4 * i], side[4 * i + 1], side[4 * i + 2], side[4 * i + 3]]).toEqual([2 * i, -1 + i, 2.5 + 0.25 * i, -3 + i]);
      }
    }
  });

  it('steps down as exactly as up (negative spans; whole products n divides, or not; a zero span)', async () => {
    const r = await runBoth(copy4, [{ iter: F4, shape: [4], lo: [5, 0, 1, 7], hi: [-3, -12, 8, 7] }, { stream: F4, shape: [4], out: true }], [4]);
    const want = [5, 0, 1, 7, 3, -3, 2.75, 7, 1, -6, 4.5, 7, -1, -9, 6.25, 7];
    expect([...r.gpu[0]!]).toEqual(want);
    expect([...r.cpu[0]!]).toEqual(want);
  });

  it('matches the rule bit for bit on random bounds and extents (rounded quotients, negative spans, large and small magnitudes)', async () => {
    const next = rng(20261202);
    const extents = [2, 3, 7, 10, 119, 255, 1000, 1024, 4099, 65_521];
    let checked = 0;
    for (const n of extents) {
      for (let t = 0; t < 3; t++) {
        const mag = [1, 1e-3, 1e3, 1e6][(t + n) % 4]!;
        const lo = [0, 1, 2, 3].map(() => f((next() - 0.5) * mag));
        const hi = [0, 1, 2, 3].map(() => f((next() - 0.5) * mag * 7));
        const r = await runBoth(copy4, [{ iter: F4, shape: [n], lo, hi }, { stream: F4, shape: [n], out: true }], [n]);
        const want = bits(expected(lo, hi, n));
        expect(bits(r.cpu[0]!)).toEqual(want);
        expect(bits(r.gpu[0]!)).toEqual(want);
        checked += 4 * n;
      }
    }
    console.log(`iterator values checked bit for bit on webgpu and cpu: ${checked}`);
  });

  it('steps .x along the columns and .y along the rows of a 2-D iterator, by the same rule', async () => {
    const ir = kernel('itcopy2', [param('t', 'iter', F2), param('r', 'out', F2)], [assign(toParam(1, F2), p(0, F2))]);
    const lo = [-1, 0.1];
    const hi = [0.5, 2.3];
    const r = await runBoth(ir, [{ iter: F2, shape: [13, 7], lo, hi }, { stream: F2, shape: [13, 7], out: true }], [13, 7]);
    const want = new Float32Array(2 * 13 * 7);
    for (let y = 0; y < 13; y++) {
      for (let x = 0; x < 7; x++) {
        want[2 * (y * 7 + x)] = iteratorValue(f(lo[0]!), f(f(hi[0]!) - f(lo[0]!)), 7, x);
        want[2 * (y * 7 + x) + 1] = iteratorValue(f(lo[1]!), f(f(hi[1]!) - f(lo[1]!)), 13, y);
      }
    }
    expect(bits(r.cpu[0]!)).toEqual(bits(want));
    expect(bits(r.gpu[0]!)).toEqual(bits(want));
    // The rule against float64 arithmetic: within half an ulp of each rounding step.
    expect(r.gpu[0]![2 * (12 * 7 + 6) + 1]).toBeCloseTo(0.1 + (2.2 * 12) / 13, 5);
  });
});
