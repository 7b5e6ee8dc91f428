/**
 * Flop counts from the kernel IR (runtime/profile/flops.ts), exact for the textbook kernels: each is
 * compiled from Brook source (the real lowering) and its count compared with the formula written
 * here by hand (saxpy 2 flops a float, sgemv 2n a row, gemm 2n an element; the counting rule is in
 * docs/PROFILE.md). No device needed.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { countFlops } from '../../runtime/profile/flops.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';

function kernelsOf(src: string): Map<string, KernelIR> {
  const r = compile(`${src}\nint main() { return 0; }\n`);
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
  return new Map([...r.kernels].map(([n, k]) => [n, k.ir]));
}

describe('flop counts from the IR', () => {
  it('saxpy: 2 flops per float component (8 per float4 element, 2 per float element)', () => {
    const k = kernelsOf(`
      kernel void saxpy4(float a, float4 x<>, float4 y<>, out float4 r<>) { r = a * x + y; }
      kernel void saxpy1(float a, float x<>, float y<>, out float r<>) { r = a * x + y; }`);
    for (const [name, comps] of [['saxpy4', 4], ['saxpy1', 1]] as const) {
      const c = countFlops(k.get(name)!, [[2], undefined, undefined, undefined]);
      expect(c).toMatchObject({ flops: 2 * comps, exact: true });
    }
  });

  it('sgemv, the seeds\' form: mul 1 flop an element, sum 1 flop a combine (2n^2 - n for n x n)', () => {
    const k = kernelsOf(`
      kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
      reduce void sum(float a<>, reduce float r<>) { r += a; }`);
    expect(countFlops(k.get('mul')!, [])).toMatchObject({ flops: 1, exact: true });
    expect(countFlops(k.get('sum')!, [])).toMatchObject({ flops: 1, exact: true });
  });

  it('sgemv with a gather loop: 2n flops a row (the float loop counter is loop control, not counted)', () => {
    const k = kernelsOf(`
      kernel void sgemv(float n, float A[][], float x[], out float y<>) {
        float s = 0.0f;
        float i = indexof(y).x;
        float j;
        for (j = 0.0f; j < n; j += 1.0f) s += A[i][j] * x[j];
        y = s;
      }`);
    for (const n of [1, 7, 64, 1000]) {
      const c = countFlops(k.get('sgemv')!, [[n], undefined, undefined, undefined]);
      expect(c.flops).toBe(2 * n);
      expect(c.exact).toBe(true);
      expect(c.gathers.get(1)).toBe(n); // A read n times a row
      expect(c.gathers.get(2)).toBe(n); // x too
    }
  });

  it('gemm: 2n flops an element with an int counter bounded by a constant argument, and with a literal bound', () => {
    const k = kernelsOf(`
      kernel void gemm(float n, float A[][], float B[][], out float C<>) {
        float2 p = indexof(C).xy;
        float acc = 0.0f;
        int k;
        for (k = 0; k < n; k++) { acc += A[p.y][k] * B[k][p.x]; }
        C = acc;
      }
      kernel void gemm4x(float4 A[][], float4 B[][], out float4 C<>) {
        float2 p = indexof(C).xy;
        float4 acc = 0.0f;
        int k;
        for (k = 0; k < 32; k++) acc = acc + A[p.y][k] * B[k][p.x];
        C = acc;
      }`);
    for (const n of [16, 256, 4096]) expect(countFlops(k.get('gemm')!, [[n], undefined, undefined, undefined])).toMatchObject({ flops: 2 * n, exact: true });
    expect(countFlops(k.get('gemm4x')!, [])).toMatchObject({ flops: 32 * 2 * 4, exact: true });
  });

  it('built-ins cost what the table says; comparisons, selects, conversions and integer math cost nothing', () => {
    const k = kernelsOf(`
      kernel void geo(float4 a<>, float3 b<>, out float r<>) { r = dot(a, a) + length(b) + min(a.x, a.y); }
      kernel void ints(int a<>, out int r<>) { r = a * 3 + 1; }
      kernel void sel(float a<>, out float r<>) { r = a > 0.0f ? a : -a; }
      kernel void trig(float2 a<>, out float2 r<>) { r = sin(a) + lerp(a, a, 0.5f); }`);
    // dot of float4: 4 mul + 3 add = 7; length of float3: 3 mul + 2 add + 1 sqrt = 6; min 0; two adds.
    expect(countFlops(k.get('geo')!, []).flops).toBe(7 + 6 + 2);
    expect(countFlops(k.get('ints')!, []).flops).toBe(0);
    expect(countFlops(k.get('sel')!, []).flops).toBe(0);
    // sin: 1 a component, lerp: 3 a component, the add: 1 a component; float2.
    expect(countFlops(k.get('trig')!, []).flops).toBe(2 * (1 + 3 + 1));
  });

  it('helper kernels are counted where they are called, with their constant arguments known', () => {
    const k = kernelsOf(`
      kernel float3 avg(float3 a<>, float3 b<>) { return (a + b) * 0.5f; }
      kernel float powk(float x, float k) { float r = 1.0f; float i; for (i = 0.0f; i < k; i += 1.0f) r = r * x; return r; }
      kernel void use(float3 a<>, float3 b<>, out float3 c<>) { c = avg(a, b) + powk(a.x, 5.0f); }`);
    // avg: 3 adds + 3 muls; powk: 5 muls; then splat + float3 add: 3.
    expect(countFlops(k.get('use')!, [])).toMatchObject({ flops: 6 + 5 + 3, exact: true });
  });

  it('an if on constants takes its branch; an if on data counts the larger branch and says the count is an estimate', () => {
    const k = kernelsOf(`
      kernel void pick(float mode, float a<>, out float r<>) { if (mode > 0.5f) r = a * a * a; else r = a + 1.0f; }
      kernel void data(float a<>, out float r<>) { if (a > 0.5f) r = a * a * a; else r = a + 1.0f; }`);
    expect(countFlops(k.get('pick')!, [[1], undefined, undefined])).toMatchObject({ flops: 2, exact: true });
    expect(countFlops(k.get('pick')!, [[0], undefined, undefined])).toMatchObject({ flops: 1, exact: true });
    const d = countFlops(k.get('data')!, []);
    expect(d.flops).toBe(2);
    expect(d.exact).toBe(false);
    expect(d.note).toMatch(/if on stream data/);
  });

  it('a loop bounded by stream data (mandelbrot) counts its body once and is marked as an estimate', () => {
    const k = kernelsOf(`
      kernel void escape(float2 c<>, out float n<>) {
        float2 z = c;
        float i = 0.0f;
        while (i < 100.0f && z.x * z.x + z.y * z.y < 4.0f) {
          z = float2(z.x * z.x - z.y * z.y, 2.0f * z.x * z.y) + c;
          i += 1.0f;
        }
        n = i;
      }`);
    const c = countFlops(k.get('escape')!, []);
    expect(c.exact).toBe(false);
    expect(c.note).toMatch(/trip count depends on stream data/);
    // One iteration of the body: x*x, y*y, -, 2*x*y (2), + c (2 components), i += 1 (a float add in the body).
    expect(c.flops).toBe(1 + 1 + 1 + 2 + 2 + 1);
  });

  it('nested counted loops multiply, including a triangular inner bound known from the outer counter', () => {
    const k = kernelsOf(`
      kernel void tri(float a<>, out float r<>) {
        float s = 0.0f;
        int i; int j;
        for (i = 0; i < 10; i++) for (j = 0; j < i; j++) s = s + a;
        r = s;
      }`);
    expect(countFlops(k.get('tri')!, [])).toMatchObject({ flops: 45, exact: true }); // 0 + 1 + ... + 9
  });
});
