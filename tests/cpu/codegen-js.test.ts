/**
 * Properties of the generated JavaScript that the speed of the CPU backend rests on, checked on the
 * source text: the element loop allocates nothing (no `new`, no array or object literal, no closure),
 * vector components live in separate locals, compiled code is cached per kernel and addressing plan.
 */
import { describe, expect, it } from 'vitest';
import { generateKernelSource, planKey } from '../../runtime/compiler/codegen/js/index.js';
import { unary } from '../../runtime/compiler/codegen/js/scalar.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, F4, add, assign, builtin, cst, declare, inp, kernel, local, mul, out, p, P, red, splat, swz } from '../brt/ir.js';

function loopBody(src: string): string {
  const start = src.indexOf('while (i < end)');
  const end = src.indexOf('\n}', start);
  return src.slice(start, end);
}

describe('generated JavaScript', () => {
  const saxpy = kernel('saxpy', 'map', [cst('a', F), inp('x', F4), inp('y', F4), out('r', F4)], () => [
    declare('l_t', F4, mul(splat(F4, p(0)), p(1))),
    assign(P(3), add(local('l_t'), builtin('normalize', F4, p(2)))),
  ]);

  it('allocates nothing per element and keeps float4 components in locals', () => {
    for (const access of [['linear', 'linear'], ['table', 'linear'], ['linear', 'table']] as const) {
      const src = generateKernelSource(saxpy.ir, { mode: 'map', access: [null, access[0], access[0], access[1]], mask: null }, saxpy.facts);
      const body = loopBody(src);
      expect(body).not.toMatch(/\bnew\b|=>|\bfunction\b|= \[|\(\[|\{\s*\w+\s*:\s*[^\s{]/);
      // Each component is its own local: loaded one by one, multiplied one by one.
      expect(body).toMatch(/const p1_0 = F1\[o1\], p1_1 = F1\[o1 \+ 1\], p1_2 = F1\[o1 \+ 2\], p1_3 = F1\[o1 \+ 3\];/);
      for (let c = 0; c < 4; c++) expect(body).toMatch(new RegExp(`const t\\d+ = fround\\(p0_0 \\* p1_${c}\\);`));
      expect(body).toContain('fround(');
    }
  });

  it('a full reduction allocates nothing: chunk partials go into a Float64Array', () => {
    const sum = kernel('sum', 'reduce', [inp('a', F4), red('r', F4)], () => [assign(P(1), add(p(1), swz(p(0), 3, 2, 1, 0)))]);
    const src = generateKernelSource(sum.ir, { mode: 'reduceAll', access: ['linear', null], mask: null }, sum.facts);
    expect(loopBody(src)).not.toMatch(/\bnew\b|=>|= \[|\(\[/);
    expect(src).toContain('PT[pk + 3] = p1_3;');
    expect(src).toContain('function combineAt(L, P, x, y)');
  });

  it('compiles once per kernel and addressing plan (cached on the CompiledKernel)', async () => {
    const rt = createCpuRuntime({ cpu: { wasm: false } }); // JavaScript kernels only (wasm.test.ts: the WebAssembly ones)
    const x = rt.createStream('x', F4, [4]);
    const r = rt.createStream('r', F4, [4]);
    const r2 = rt.createStream('r2', F4, [8]);
    rt.call(saxpy, [1, x, x, r]);
    rt.call(saxpy, [2, x, x, r]);
    await rt.finish();
    const none = [null, null, null, null];
    const plan = { mode: 'map', access: [null, 'linear', 'linear', 'linear'], mask: null, iterDims: none, iterForms: none, smallIndex: true } as const;
    // a = 1 and a = 2 are both small whole numbers: one plan.
    expect([...saxpy.cache.keys()]).toEqual([`cpu:${planKey({ ...plan, constForms: [['s'], null, null, null] })}`]);
    rt.call(saxpy, [2, x, x, r2]); // resized inputs: another plan
    await rt.finish(); // a held call (kernel fusion) compiles when it runs
    expect(saxpy.cache.size).toBe(2);
    rt.call(saxpy, [2.5, x, x, r]); // a fraction: another plan (no whole-number facts)
    await rt.finish();
    expect(saxpy.cache.size).toBe(3);
  });
});

describe('unary minus of a negative operand (fuzz H200 2026-12-02 difference-1)', () => {
  it('prints valid JavaScript: -(-0) is +0, not the decrement `--0`', () => {
    for (const kind of ['float', 'int', 'uint'] as const) {
      const text = unary('-', kind, '-0');
      const v = new Function(`return ${text};`)() as number;
      expect(Object.is(v, 0), `${kind}: ${text}`).toBe(true);
    }
    expect(new Function(`return ${unary('-', 'float', '-2.5')};`)()).toBe(2.5);
  });
});
