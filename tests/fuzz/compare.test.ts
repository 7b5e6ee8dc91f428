/**
 * The differential fuzzer's comparison of one value (fuzz/compare.ts valuesAgree), on what needs no
 * device: a subnormal float32 reference against the zero a GPU that flushes subnormals prints. The
 * H200 run of 2026-12-02 (fuzz/findings/h200-2026-12-02b, difference-3, seed 1 program 14294) gave -0
 * for pow's -2.31270299e-41 on the JavaScript kernels, which 473 ulp (6.6e-43) cannot cover.
 * The rest of the rule, with a device, is in differential.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compareRuns, flushed, valuesAgree } from '../../fuzz/compare.js';
import type { OutputClass } from '../../fuzz/generate.js';

const pow: OutputClass = { kind: 'approx', fn: 'pow (unrestricted)', ulp: 473, abs: 0, zeroSign: true };
const exp3: OutputClass = { kind: 'approx', fn: 'exp', ulp: 3, abs: 0 };
const exact: OutputClass = { kind: 'exact' };
const SMALLEST = '1.40129846e-45'; // 2^-149, the smallest subnormal
const LARGEST_SUB = '1.17549421e-38'; // 2^-126 - 2^-149, the largest subnormal
const MIN_NORMAL = '1.17549435e-38'; // 2^-126

describe('a subnormal reference against a flushed zero (CPU against WebGPU)', () => {
  it('the H200 reproducer: js -2.31270299e-41, webgpu -0 (or +0) agree', () => {
    expect(valuesAgree('-2.31270299e-41', '-0', pow, false)).toBe(true);
    expect(valuesAgree('-2.31270299e-41', '0', pow, false)).toBe(true);
    const run = (v: string) => ({ status: 0, stdout: `s18 7 ${v}\n` });
    expect(compareRuns(['js', run('-2.31270299e-41')], ['webgpu', run('-0')], { s18: pow })).toBeUndefined();
  });

  it('holds for every subnormal, of either sign, and every output class', () => {
    for (const v of [SMALLEST, `-${SMALLEST}`, LARGEST_SUB, `-${LARGEST_SUB}`]) {
      for (const cls of [pow, exp3, exact]) {
        expect(valuesAgree(v, '0', cls, false), `${v} ${JSON.stringify(cls)}`).toBe(true);
        expect(valuesAgree(v, '-0', cls, false), `${v} ${JSON.stringify(cls)}`).toBe(true);
      }
    }
  });

  it('is no licence for anything else: a normal value, a wrong subnormal, a flush the other way, or between the CPU writers', () => {
    // The smallest normal is not subnormal: flushing it is a difference.
    expect(valuesAgree(MIN_NORMAL, '0', exp3, false)).toBe(false);
    expect(valuesAgree('-2.31270299e-41', '2.31270299e-41', exp3, false)).toBe(false);
    // A GPU's subnormal where the CPU computed 0: the CPU writers do not flush, so only ulps may cover it.
    expect(valuesAgree('0', '-2.31270299e-41', exact, false)).toBe(false);
    expect(flushed(0, 2 ** -140)).toBe(false);
    // Another subnormal is judged by the ulp bound, not the flush rule.
    expect(valuesAgree('-2.31270299e-41', '-2.0e-41', exp3, false)).toBe(false);
    // js against wasm stays bit for bit.
    expect(valuesAgree('-2.31270299e-41', '-0', pow, true)).toBe(false);
    const run = (v: string) => ({ status: 0, stdout: `s18 7 ${v}\n` });
    expect(compareRuns(['js', run('-2.31270299e-41')], ['wasm', run('-0')], { s18: pow })?.signature).toBe('js/wasm pow (unrestricted)');
  });
});

describe('where a value differs', () => {
  it('names the output element, which a shrink trial must keep (differential.ts minimizeDifference)', () => {
    const run = (v: string) => ({ status: 0, stdout: `s17 0 1\ns19 0 ${v}\n` });
    const d = compareRuns(['js', run('10')], ['webgpu', run('0')], {});
    expect(d?.signature).toBe('js/webgpu exact');
    expect(d?.at).toBe('s19[0]');
  });
});

describe('atan2 of two zeros (CPU against WebGPU)', () => {
  const atan2Div: OutputClass = { kind: 'approx', fn: 'atan2|div', ulp: 4096, abs: 0, zeroSign: true };
  it('the H200 reproducer (seed 1 program 55229): js 0, webgpu pi agree: the zero divisor lost its sign', () => {
    const run = (v: string) => ({ status: 0, stdout: `s13 9 ${v}\n` });
    expect(compareRuns(['js', run('0')], ['webgpu', run('3.14159274')], { s13: atan2Div })).toBeUndefined();
    for (const [a, b] of [['0', '-3.14159274'], ['-0', '3.14159274'], ['3.14159274', '0'], ['-3.14159274', '-0']]) {
      expect(valuesAgree(a!, b!, atan2Div, false), `${a} ${b}`).toBe(true);
    }
  });

  it('is no licence for anything else: other values, other functions, or between the CPU writers', () => {
    expect(valuesAgree('0', '3.1', atan2Div, false)).toBe(false);
    expect(valuesAgree('0', '1.57079637', atan2Div, false)).toBe(false); // pi/2: y was not a zero
    expect(valuesAgree('0.001', '3.14159274', atan2Div, false)).toBe(false);
    expect(valuesAgree('0', '3.14159274', { kind: 'approx', fn: 'div', ulp: 3, abs: 0, zeroSign: true }, false)).toBe(false);
    expect(valuesAgree('0', '3.14159274', { kind: 'approx', fn: 'atan2', ulp: 4096, abs: 0 }, false)).toBe(false);
    expect(valuesAgree('0', '3.14159274', atan2Div, true)).toBe(false);
  });
});

describe('the fused backends (opt-in: --backends js,wasm-fused,webgpu-fused)', () => {
  const run = (v: string) => ({ status: 0, stdout: `s3 0 ${v}\n` });
  it('webgpu-fused is compared as the GPU it runs on (documented tolerances), wasm-fused bit for bit like the CPU writers', () => {
    // 1 ulp apart in exp's output: within a GPU's 3 ulp, a difference between two CPU writers.
    const [a, b] = ['1.00000012', '1.00000024'];
    expect(compareRuns(['js', run(a)], ['webgpu-fused', run(b)], { s3: exp3 })).toBeUndefined();
    expect(compareRuns(['js', run(a)], ['wasm-fused', run(b)], { s3: exp3 })?.signature).toBe('js/wasm-fused exp');
  });

  it('a fused launch that changed a bit (BRK5300 from verify mode) differs from the unfused outcome', () => {
    const broken = { status: -1, stdout: '', error: 'BRK5300: fusion verify: fused calls a + b changed a result' };
    expect(compareRuns(['js', run('1')], ['webgpu-fused', broken], {})?.signature).toBe('js/webgpu-fused outcome /BRK5300');
  });
});
