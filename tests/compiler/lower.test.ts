/**
 * Lowering to IR.
 * 1. Golden IR text: every check-cases/ir/NAME.br is lowered and printed (ir-print.ts) and compared with
 *    NAME.ir. After an intended change, run with UPDATE_IR=1 to rewrite the .ir files, then read the diff.
 * 2. Every lowered kernel satisfies the invariants of ir.ts (lower/validate.ts).
 * 3. Meaning: kernels run through a reference IR interpreter (check-cases/ir-eval.ts) give the values
 *    computed independently in the test (by hand, Array.sort, or float64 formulas).
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { compile, render } from './check-cases/harness.js';
import { printKernelIR } from '../../runtime/compiler/ir-print.js';
import { validateKernelIR } from '../../runtime/compiler/lower/validate.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';
import { runElement, type Val } from './check-cases/ir-eval.js';

const IR_DIR = join(import.meta.dirname, 'check-cases', 'ir');

function lowerAll(src: string, name = 'test.br'): Map<string, KernelIR> {
  const c = compile(src, { name });
  const errors = c.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.length, render(c)).toBe(0);
  return new Map([...c.result.program.kernels].map(([k, v]) => [k, v.ir]));
}

function kernel(src: string, name: string): KernelIR {
  const ir = lowerAll(src).get(name);
  expect(ir, `kernel ${name}`).toBeDefined();
  return ir!;
}

describe('golden IR', () => {
  for (const f of readdirSync(IR_DIR).filter((x) => x.endsWith('.br'))) {
    test(f, () => {
      const kernels = lowerAll(readFileSync(join(IR_DIR, f), 'utf8'), f);
      const text = [...kernels.values()].map(printKernelIR).join('\n');
      const expectedFile = join(IR_DIR, f.replace(/\.br$/, '.ir'));
      if (process.env.UPDATE_IR === '1' || process.env.BROOK_ACCEPT === '1' || !existsSync(expectedFile)) writeFileSync(expectedFile, text);
      expect(text).toBe(readFileSync(expectedFile, 'utf8'));
      for (const ir of kernels.values()) expect(validateKernelIR(ir), ir.name).toEqual([]);
    });
  }
});

describe('IR invariants hold for every kernel of the checker fixtures', () => {
  const dir = join(import.meta.dirname, 'check-cases');
  for (const f of readdirSync(dir).filter((x) => x.startsWith('ok-') && x.endsWith('.br'))) {
    test(f, () => {
      for (const ir of lowerAll(readFileSync(join(dir, f), 'utf8'), f).values()) expect(validateKernelIR(ir), ir.name).toEqual([]);
    });
  }
});

describe('lowering decisions', () => {
  test('saxpy: the scalar splats, operands have one type', () => {
    const ir = kernel('kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>) { result = a * x + y; }', 'saxpy');
    expect(printKernelIR(ir)).toBe([
      'map saxpy(const float p_a, in float4 p_x, in float4 p_y, out float4 p_result)',
      '  p_result = ((splat<float4>(p_a) * p_x) + p_y);',
      '',
    ].join('\n'));
    const out = runElement(ir, { params: [[2], [1, 2, 3, 4], [10, 20, 30, 40], undefined as unknown as Val] });
    expect(out.params[3]).toEqual([12, 24, 36, 48]);
  });

  test('gathers: g[r][c] and g[float2(c, r)] give the same index list, fastest first', () => {
    const ir = kernel('kernel void k(float r, float c, float g[][], out float a<>, out float b<>) { a = g[r][c]; b = g[float2(c, r)]; }', 'k');
    const body = ir.body as { value: { op: string; index: { op: string }[] } }[];
    expect(printKernelIR(ir)).toContain('p_a = p_g[p_c, p_r];');
    expect(printKernelIR(ir)).toContain('p_b = p_g[p_c, p_r];');
    expect(body[0]!.value.op).toBe('gather');
    // 3 rows x 4 columns; element (row 2, col 1) = 9. Indices round with floor(i + 0.25).
    const g = { shape: [3, 4], data: Array.from({ length: 12 }, (_, i) => [i]) };
    const out = runElement(ir, { params: [[1.8], [0.8], [0], [0], [0]], gathers: { 2: g } });
    expect(out.params[3]).toEqual([9]);
    expect(out.params[4]).toEqual([9]);
  });

  test('integer literals in float context are float constants in the IR', () => {
    const text = printKernelIR(kernel('kernel void k(float a<>, out float b<>, out float2 c<>) { b = 1; b = a * 2 + b; c = 3; c = float2(1, a); }', 'k'));
    expect(text).toBe([
      'map k(in float p_a, out float p_b, out float2 p_c)',
      '  p_b = 1.0;',
      '  p_b = ((p_a * 2.0) + p_b);',
      '  p_c = float2(3.0, 3.0);',
      '  p_c = float2{1.0, p_a};',
      '',
    ].join('\n'));
  });

  test('names never collide with reserved words: locals get l_, params p_', () => {
    const ir = kernel('kernel void k(float var<>, out float let<>) { float function = var; float fn = 1; { float fn = 2; function += fn; } let = function + fn; }', 'k');
    const text = printKernelIR(ir);
    expect(ir.params.map((p) => p.name)).toEqual(['p_var', 'p_let']);
    expect(text).toContain('float l_function = p_var;');
    expect(text).toContain('float l_fn_1 = 2.0;');
    expect(text).toContain('p_let = (l_function + l_fn);');
    expect(runElement(ir, { params: [[5], [0]] }).params[1]).toEqual([8]);
  });
});

describe('meaning: initializers', () => {
  test('brace elision and vectors spreading in brace lists', () => {
    const k = kernel(`typedef struct { float2 p; float w; } S;
kernel void k(float4 a<>, out float4 b<>, out float4 c<>) {
  S s = {1, 2, 3};
  S t = {{4, 5}, 6};
  float4 v = {a.xy, 7};
  float3 u = {a.w};
  b = float4(s.p + t.p, s.w * t.w, v.z + u.x);
  c = v;
}`, 'k');
    // s = ((1, 2), 3), t = ((4, 5), 6), v = (a.x, a.y, 7, 0), u = (a.w, 0, 0)
    const out = runElement(k, { params: [[1, 2, 3, 4], [0, 0, 0, 0], [0, 0, 0, 0]] });
    expect(out.params[1]).toEqual([5, 7, 18, 11]);
    expect(out.params[2]).toEqual([1, 2, 7, 0]);
  });
});

describe('meaning: hoisted side effects keep C order', () => {
  const src = readFileSync(join(IR_DIR, 'hoisting.br'), 'utf8');
  const ir = kernel(src, 'effects');

  test('effects kernel against a hand computation', () => {
    // g is 3x3 with g[r][c] = 10 r + c.
    const g = { shape: [3, 3], data: Array.from({ length: 9 }, (_, i) => [10 * Math.floor(i / 3) + (i % 3)]) };
    const out = runElement(ir, { params: [[3], [0], [0], [0, 0, 0, 0]], gathers: { 1: g } });
    // Hand computation, following the C source line by line:
    // i=0,j=0; b = g[0][0] = 0, i=1;  b += 3*2 -> 6
    // (i > 1) is false: j++ does not run; k = j = 0
    // while (i-- > 0): i=1 -> test true, i=0, j=1; i=0 -> false, i=-1. j=1
    // do: j=2, ++i -> 0 < 10; j=4, i=1; ... runs while ++i < 10: i goes -1 -> 0..9 then 10 stops:
    //   iterations: j doubles 11 times (i=-1 at entry; ++i gives 0..10, stop at 10) -> j = 2^11 = 2048
    // c = float4(k = j + 1, 0, 0, 0) -> k = 2049; c.yx = 3 -> (3, 3, 0, 0); c.w *= 3 -> 0
    expect(out.params[2]).toEqual([6]);
    expect(out.params[3]).toEqual([3, 3, 0, 0]);
  });

  test('&& evaluates its right side only when the left is true', () => {
    const k = kernel('kernel void k(float a<>, out float b<>) { float j = 0; b = (a > 1 && (j++ < 3)) ? 10 : 20; b += j; }', 'k');
    expect(runElement(k, { params: [[0], [0]] }).params[1]).toEqual([20]); // j stays 0
    expect(runElement(k, { params: [[2], [0]] }).params[1]).toEqual([11]); // j++ ran: 0 < 3 true, j = 1
  });

  test('?: evaluates only the chosen arm', () => {
    const k = kernel('kernel void k(float a<>, out float b<>) { float i = 0, j = 0; b = a > 0 ? i++ : j--; b = b * 100 + i * 10 + j; }', 'k');
    expect(runElement(k, { params: [[1], [0]] }).params[1]).toEqual([10]); // b = 0 (old i), i = 1, j = 0
    expect(runElement(k, { params: [[-1], [0]] }).params[1]).toEqual([-1]); // b = 0 (old j), i = 0, j = -1
  });

  test('for-loop continue runs the update; while with a side-effecting condition', () => {
    const k = kernel('kernel void k(float n<>, out float s<>) { float i; s = 0; for (i = 0; i < n; i++) { if (i == 2) continue; s += i; } while (i-- > 0 && s < 100) s *= 2; }', 'k');
    // for: s = 0 + 1 + 3 + 4 = 8 (n = 5, i == 2 skipped); then i = 5: while (i-- > 0 && s < 100) s *= 2
    // i=5: s=16; i=4: s=32; i=3: s=64; i=2: s=128; i=1: 128 < 100 false -> stop. s = 128
    expect(runElement(k, { params: [[5], [0]] }).params[1]).toEqual([128]);
  });

  test('compound assignment through a write mask', () => {
    const k = kernel('kernel void k(float4 a<>, out float4 b<>) { b = a; b.zx += float2(10, 20); b.w *= 3; b.y++; }', 'k');
    expect(runElement(k, { params: [[1, 2, 3, 4], [0, 0, 0, 0]] }).params[1]).toEqual([21, 3, 13, 12]);
  });
});

describe('meaning: helpers and indexof', () => {
  const ir = kernel(readFileSync(join(IR_DIR, 'helpers.br'), 'utf8'), 'blend');

  test('blend: helper values, out arguments, positions passed through two helpers', () => {
    const a = [1, 2, 3];
    const b = [3, 6, 9];
    const out = runElement(ir, { params: [a, b, [0, 0, 0], [0, 0, 0, 0]], positions: { 0: [5, 1, 0, 0], 1: [7, 2, 0, 0] } });
    // avg = (2, 4, 6); split: lo = min(2, 4) = 2, hi = max(4, 6) = 6; bump(2) = 3; c.z = 6 - 2 + 3 = 7
    expect(out.params[2]).toEqual([2, 4, 7]);
    // whereTwice(b, 2) = 2 * indexof(b) = (14, 4, 0, 0); where(a) = (5, 1, 0, 0)
    expect(out.params[3]).toEqual([19, 5, 0, 0]);
  });

  test('gathers pass through helpers; out arguments may be the caller\'s outputs and write masks', () => {
    const k = kernel(`kernel float pick(float g[], float i) { return g[i] * 10; }
kernel void halves(float x<>, out float lo<>, out float hi<>) { lo = x * 0.5; hi = x * 2; }
kernel void k(float a<>, float g[], out float4 r<>) {
  r = 0;
  halves(a, r.y, r.w);
  r.x = pick(g, a + 1);
}`, 'k');
    const text = printKernelIR(k);
    expect(text).toContain('h_halves(p_a, p_r.y, p_r.w; out 1->p_r.y, 2->p_r.w);');
    expect(text).toContain('p_r.x = h_pick(p_g, (p_a + 1.0));');
    const out = runElement(k, { params: [[1], [0], [0, 0, 0, 0]], gathers: { 1: { shape: [3], data: [[5], [6], [7]] } } });
    expect(out.params[2]).toEqual([70, 0.5, 0, 2]); // g[2] * 10, a / 2, 0, a * 2
  });

  test('a helper that reads indexof asks its caller for the position', () => {
    const where = ir.helpers.find((h) => h.name === 'h_where')!;
    const twice = ir.helpers.find((h) => h.name === 'h_whereTwice')!;
    expect(where.hiddenIndexofParams).toEqual([0]);
    expect(twice.hiddenIndexofParams).toEqual([0]);
    expect(ir.indexofParams).toEqual([0, 1]);
    expect(ir.helpers.map((h) => h.name)).toEqual(['h_avg', 'h_split', 'h_bump', 'h_where', 'h_whereTwice']);
  });

  test('passing a non-stream where a helper needs indexof is a diagnostic, not a crash', () => {
    const c = compile('kernel float4 where(float s<>) { return indexof(s); }\nkernel void k(float a<>, out float4 p<>) { p = where(a + 1); }');
    expect(c.diagnostics.map((d) => d.code)).toEqual(['BRK2223']);
  });
});

describe('meaning: seed programs', () => {
  test('bitonic sort of 64 numbers sorts them (reference: Array.sort)', () => {
    const ir = kernel(readFileSync(join(IR_DIR, 'bitonic.br'), 'utf8'), 'bitonic');
    const n = 64;
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) % 1000);
    let data = Array.from({ length: n }, rnd);
    const expected = [...data].sort((x, y) => x - y);
    // The host loop of ok-bitonic.br: one launch per (stage, step), each element computed from the old stream.
    for (let stage = 2; stage <= n; stage *= 2) {
      for (let step = stage / 2; step >= 1; step /= 2) {
        const gather = { shape: [n], data: data.map((v) => [v]) };
        data = data.map((_, i) => {
          const out = runElement(ir, { params: [[i], [0], [0], [stage], [step], [2 * step]], gathers: { 1: gather } });
          return (out.params[2] as number[])[0]!;
        });
      }
    }
    expect(data).toEqual(expected);
  });

  test('sgemv: mul then sum give A x (reference: float64 loop)', () => {
    const kernels = lowerAll(readFileSync(join(IR_DIR, 'sgemv.br'), 'utf8'));
    const mul = kernels.get('mul')!;
    const sum = kernels.get('sum')!;
    const A = [[1, 2, 3], [4, 5, 6]];
    const x = [0.5, -1, 2];
    // T = A .* x (x repeated over rows), then each row reduced left to right.
    const y = A.map((row) => {
      const T = row.map((a, c) => (runElement(mul, { params: [[a], [x[c]!], [0]] }).params[2] as number[])[0]!);
      return T.slice(1).reduce((r, t) => (runElement(sum, { params: [[t], [r]] }).params[1] as number[])[0]!, T[0]!);
    });
    expect(y).toEqual(A.map((row) => row.reduce((s, a, c) => s + a * x[c]!, 0)));
  });

  test('ray-triangle intersection (reference: Moller-Trumbore in float64)', () => {
    const ir = kernel(readFileSync(join(IR_DIR, 'raytri.br'), 'utf8'), 'krnIntersectTriangle');
    const tri = { v0: [0, 0, 5], v1: [2, 0, 5], v2: [0, 2, 5] };
    const ray = { o: [0.5, 0.25, 0], d: [0, 0, 1], tmax: [100] };
    const out = runElement(ir, {
      params: [ray, [0], { state: [0, 1, 0, 0] }, [0], { data: [0, 0, 0, 0] }],
      gathers: { 1: { shape: [1], data: [tri] }, 3: { shape: [1], data: [{ trinum: [0] }] } },
    });
    const sub = (p: number[], q: number[]) => p.map((v, i) => v - q[i]!);
    const cross = (p: number[], q: number[]) => [p[1]! * q[2]! - p[2]! * q[1]!, p[2]! * q[0]! - p[0]! * q[2]!, p[0]! * q[1]! - p[1]! * q[0]!];
    const dot = (p: number[], q: number[]) => p.reduce((s, v, i) => s + v * q[i]!, 0);
    const e1 = sub(tri.v1, tri.v0);
    const e2 = sub(tri.v2, tri.v0);
    const pv = cross(ray.d, e2);
    const inv = 1 / dot(e1, pv);
    const tv = sub(ray.o, tri.v0);
    const qv = cross(tv, e1);
    const expected = [dot(e2, qv) * inv, dot(tv, pv) * inv, dot(ray.d, qv) * inv, 0]; // t, u, v, triangle 0
    const data = (out.params[4] as { data: number[] }).data;
    data.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 5));
    expect(expected[0]).toBeCloseTo(5, 12);
  });

  test('vout: push emits the values in order', () => {
    const ir = kernel(readFileSync(join(IR_DIR, 'vout.br'), 'utf8'), 'foo');
    expect(runElement(ir, { params: [[3], [0]] }).pushed[1]).toEqual([[0], [1], [2]]);
    expect(runElement(ir, { params: [[0], [0]] }).pushed[1]).toBeUndefined();
  });
});

describe('meaning: helper value semantics (tests/conformance/helper_kernels.br)', () => {
  test('helpers take values, copy written parameters, return structs, see the caller\'s positions', () => {
    const ir = kernel(readFileSync(join(IR_DIR, 'helpers-value.br'), 'utf8'), 'use');
    const A = [1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3];
    const B = [3, 0, 3, 0, 9, 6, 7, 10, 5, 1, 2, 3];
    const rows: string[][] = [[], [], [], []];
    for (let i = 0; i < 4; i++) {
      const a = A.slice(3 * i, 3 * i + 3);
      const b = B.slice(3 * i, 3 * i + 3);
      const out = runElement(ir, { params: [a, b, [0, 0, 0], [0], [0, 0, 0, 0], { lo: [0], hi: [0] }], positions: { 0: [i, 0, 0, 0], 1: [i, 0, 0, 0] } });
      const p = out.params;
      rows[0]!.push(`{${(p[2] as number[]).map((v) => v.toFixed(2)).join(', ')}}`);
      rows[1]!.push((p[3] as number[])[0]!.toFixed(2));
      rows[2]!.push(`{${(p[4] as number[]).map((v) => v.toFixed(2)).join(', ')}}`);
      const sp = p[5] as { lo: number[]; hi: number[] };
      rows[3]!.push(`{${sp.lo[0]!.toFixed(2)}, ${sp.hi[0]!.toFixed(2)}}`);
    }
    // The conformance suite's expected streamPrint output (written independently of this compiler).
    expect(rows.map((r) => r.join(' ') + ' ').join('\n')).toBe([
      '{2.00, 1.00, 3.00} {2.00, 7.00, 6.00} {7.00, 9.00, 7.00} {0.00, 0.00, 0.00} ',
      '8.00 32.00 20.00 56.00 ',
      '{1.00, 1001.00, 0.00, 0.00} {4.00, 1004.00, 1.00, 1.00} {7.00, 1007.00, 2.00, 2.00} {-1.00, 999.00, 3.00, 3.00} ',
      '{0.00, 2.00} {5.00, 9.00} {8.00, 10.00} {-2.00, 2.00} ',
    ].join('\n'));
  });
});
