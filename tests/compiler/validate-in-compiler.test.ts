/**
 * The IR validator runs in the compiler, before any writer sees a kernel (lower/validate.ts): the
 * lowering asserts every kernel it makes (an invalid one is an internal compiler error naming the
 * kernel and what is wrong), and the fusion rewrite refuses a fused kernel that breaks ir.ts's
 * invariants, so its calls run unfused. What it costs: `node dist/bench/ir-validation.js`.
 */
import { describe, expect, it } from 'vitest';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';
import { fuseKernels } from '../../runtime/compiler/fuse/index.js';
import { assertValidKernelIR, validateKernelIR } from '../../runtime/compiler/lower/validate.js';
import type { IRStmt, KernelIR } from '../../runtime/compiler/ir.js';

function kernels(src: string): Map<string, KernelIR> {
  const out = compile(`${src}\nint main() { return 0; }`, { fileName: 'validate.br' });
  if (!out.ok) throw new Error(out.diagnostics.map((d) => renderDiagnostic(out.sources, d)).join('\n'));
  return new Map([...out.kernels].map(([k, v]) => [k, v.ir]));
}

const K = kernels(`
kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
kernel void add(float c<>, float d<>, out float e<>) { e = c + d; }
`);
const mul = K.get('mul')!;
const add = K.get('add')!;
/** `mul` with an unprefixed local declared first: a shape ir.ts forbids (writers rely on the prefixes). */
const badMul: KernelIR = { ...mul, body: [{ op: 'declare', name: 'x', type: mul.params[0]!.type } as IRStmt, ...mul.body] };

describe('the IR validator in the compiler', () => {
  it('the kernels compile() returns are valid (the lowering asserted them)', () => {
    expect(validateKernelIR(mul)).toEqual([]);
    expect(validateKernelIR(add)).toEqual([]);
    expect(() => assertValidKernelIR(mul)).not.toThrow();
  });

  it('an invalid kernel is an internal compiler error naming the kernel and the violation', () => {
    expect(validateKernelIR(badMul)).toEqual(['kernel mul: local x is not prefixed']);
    expect(() => assertValidKernelIR(badMul)).toThrow(/internal compiler error: the kernel IR of mul .*local x is not prefixed/);
  });

  it('fusion refuses a fused kernel that would be invalid, so no writer sees it', () => {
    const good = fuseKernels(mul, add, { reads: [0, -1, -1], keep: [true, true, false], tag: 1 });
    expect('refused' in good ? good.refused : validateKernelIR(good.ir)).toEqual([]);
    const bad = fuseKernels(badMul, add, { reads: [0, -1, -1], keep: [true, true, false], tag: 1 });
    expect('refused' in bad ? bad.refused : 'fused').toBe('the fused kernel IR is invalid (a bug in fusion): helper h_1fz: local x is not prefixed');
  });
});
