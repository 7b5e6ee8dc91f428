/**
 * Operators on WebGPU against exact references and the CPU backend: float + - * / (float32 rounding
 * of the exact result; WGSL lets division be 2.5 ulp off), int and uint arithmetic with wrapping,
 * division and remainder by zero (0, as on the CPU backend), INT_MIN / -1, shifts (amount mod 32),
 * bitwise operators, comparisons, unary operators, and conversions (float to int saturates, NaN -> 0).
 */
import { describe, expect, it } from 'vitest';
import type { IRBinaryOp, IRExpr } from '../../runtime/compiler/ir.js';
import type { Type } from '../../runtime/compiler/types.js';
import { runBoth, useBackends } from './backends.js';
import { B as BOOL, F, I, U, assign, bin, conv, kernel, p, param, toParam } from './ir.js';

useBackends();

const INTS = [0, 1, -1, 2, -2, 7, -7, 31, 32, 33, 100, -100, 2147483647, -2147483648, 123456789, -987654321, 65536, 46341];
const FLOATS = [0, -0, 1, -1, 0.1, -2.5, 3, 1e-3, 1e20, -1e20, 3e38, NaN, Infinity, -Infinity, 7.25, -1e-20, 16777217, 0.333333];

function pairs<T>(xs: T[]): [T[], T[]] {
  const a: T[] = [];
  const b: T[] = [];
  for (const x of xs) for (const y of xs) { a.push(x); b.push(y); }
  return [a, b];
}

async function binary(op: IRBinaryOp, t: Type, a: Float32Array | Int32Array | Uint32Array, b: typeof a, resultType?: Type) {
  const rt = resultType ?? t;
  let e: IRExpr = bin(op, p(0, t), p(1, t), rt);
  const outT = rt.kind === 'scalar' && rt.name === 'bool' ? I : rt;
  if (outT !== rt) e = conv(I, e);
  const ir = kernel(`op`, [param('a', 'in', t), param('b', 'in', t), param('r', 'out', outT)], [assign(toParam(2, outT), e)]);
  return runBoth(ir, [{ stream: t, shape: [a.length], data: a }, { stream: t, shape: [a.length], data: b }, { stream: outT, shape: [a.length], out: true }], [a.length]);
}

describe('float operators', () => {
  const [xa, xb] = pairs(FLOATS);
  const a = Float32Array.from(xa);
  const b = Float32Array.from(xb);
  for (const op of ['+', '-', '*', '/'] as const) {
    it(`float ${op} rounds like float32 (division within 2.5 ulp)`, async () => {
      const r = await binary(op, F, a, b);
      for (let i = 0; i < a.length; i++) {
        const exact = op === '+' ? a[i]! + b[i]! : op === '-' ? a[i]! - b[i]! : op === '*' ? a[i]! * b[i]! : a[i]! / b[i]!;
        const want = Math.fround(exact);
        const got = r.gpu[0]![i]!;
        if (Number.isNaN(want)) expect(got).toBeNaN();
        else if (op === '/' && Number.isFinite(want) && want !== 0 && Math.abs(want) >= 2 ** -126) {
          expect(Math.abs(got - want)).toBeLessThanOrEqual(2.5 * 2 ** -23 * Math.abs(want) * 2);
        } else if (Math.abs(want) < 2 ** -126) expect(Math.abs(got)).toBeLessThan(2 ** -126); // flushed subnormals allowed
        else expect(got).toBe(want);
      }
    });
  }

  for (const op of ['<', '<=', '>', '>=', '==', '!='] as const) {
    it(`float ${op} (NaN compares false, except !=)`, async () => {
      const r = await binary(op, F, a, b, BOOL);
      expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
    });
  }
});

describe('int and uint operators', () => {
  const [xa, xb] = pairs(INTS);
  const a = Int32Array.from(xa);
  const b = Int32Array.from(xb);
  for (const op of ['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '<', '==', '>='] as const) {
    it(`int ${op} agrees bit for bit with the CPU backend`, async () => {
      const cmp = ['<', '==', '>='].includes(op);
      const r = await binary(op, I, a, b, cmp ? BOOL : I);
      expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
      if (op === '/' || op === '%') {
        const iv = new Int32Array(r.gpuWords[0]!.buffer);
        for (let i = 0; i < a.length; i++) if (b[i] === 0) expect(iv[i]).toBe(0);
        const k = xa.findIndex((x, i) => x === -2147483648 && xb[i] === -1);
        expect(iv[k]).toBe(op === '/' ? -2147483648 : 0);
      }
      if (op === '<<') {
        const iv = new Int32Array(r.gpuWords[0]!.buffer);
        for (let i = 0; i < a.length; i++) expect(iv[i]).toBe(a[i]! << b[i]!);
      }
    });
  }
  for (const op of ['+', '*', '/', '%', '>>', '<'] as const) {
    it(`uint ${op} agrees bit for bit with the CPU backend`, async () => {
      const ua = new Uint32Array(a.buffer);
      const ub = new Uint32Array(b.buffer);
      const r = await binary(op, U, ua, ub, op === '<' ? BOOL : U);
      expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
    });
  }
});

describe('unary operators and conversions', () => {
  it('float -> int and uint saturate, NaN -> 0; int -> float rounds; -, !, ~', async () => {
    const fa = Float32Array.from(FLOATS);
    const ir = kernel('conv', [param('a', 'in', F), param('r', 'out', I), param('u', 'out', U), param('n', 'out', F), param('b', 'out', I)], [
      assign(toParam(1, I), conv(I, p(0, F))),
      assign(toParam(2, U), conv(U, p(0, F))),
      assign(toParam(3, F), { op: 'unary', type: F, operator: '-', operand: p(0, F) }),
      assign(toParam(4, I), { op: 'unary', type: I, operator: '~', operand: conv(I, { op: 'unary', type: BOOL, operator: '!', operand: conv(BOOL, p(0, F)) }) }),
    ]);
    const n = fa.length;
    const r = await runBoth(ir, [{ stream: F, shape: [n], data: fa }, { stream: I, shape: [n], out: true }, { stream: U, shape: [n], out: true }, { stream: F, shape: [n], out: true }, { stream: I, shape: [n], out: true }], [n]);
    for (const k of [0, 1, 3]) expect(r.gpuWords[k]).toEqual(r.cpuWords[k]);
    expect(r.gpu[2]).toEqual(r.cpu[2]); // -x as floats: a GPU may give another NaN bit pattern
    const iv = new Int32Array(r.gpuWords[0]!.buffer);
    expect(iv[FLOATS.indexOf(1e20)]).toBe(2147483647);
    expect(iv[FLOATS.indexOf(-1e20)]).toBe(-2147483648);
    expect(iv[FLOATS.findIndex(Number.isNaN)]).toBe(0);
    expect(iv[FLOATS.indexOf(-2.5)]).toBe(-2);
  });
});
