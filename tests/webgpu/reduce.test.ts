/**
 * Reductions on WebGPU: full reductions of lengths 1, 2, odd and large, the ordered result of
 * non-commutative operations (first, last, 2x2 matrix products), partial reductions into streams,
 * domains as inputs, struct accumulators; against float64 and the CPU backend.
 */
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../runtime/brt/api.js';
import type { KernelIR } from '../../runtime/compiler/ir.js';
import type { Type } from '../../runtime/compiler/types.js';
import { B, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, streamOf, val } from './harness.js';
import { F, F4, assign, bin, compiled, kernel, p, param, swz, toParam } from './ir.js';

useBackends();

const sum = kernel('sum', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), bin('+', p(1, F), p(0, F)))]);
const first = kernel('first', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), p(1, F))]);
const last = kernel('last', [param('a', 'in', F), param('r', 'reduce', F)], [assign(toParam(1, F), p(0, F))]);
// r = r * a for 2x2 matrices stored as float4 (x y / z w): not commutative.
const r4 = (k: number) => swz(p(1, F4), F, k);
const a4 = (k: number) => swz(p(0, F4), F, k);
const mm = (i: number, j: number) => bin('+', bin('*', r4(2 * i), a4(j)), bin('*', r4(2 * i + 1), a4(2 + j)));
const matmul = kernel('matmul', [param('a', 'in', F4), param('r', 'reduce', F4)], [
  assign(toParam(1, F4), { op: 'construct', type: F4, args: [mm(0, 0), mm(0, 1), mm(1, 0), mm(1, 1)] }),
]);

async function reduceOn(be: Backend, ir: KernelIR, t: Type, shape: number[], data: Float32Array, lo?: number[], hi?: number[]) {
  const s = streamOf(be, t, shape, data);
  const a = arg(s, lo, hi);
  const out = await be.reduceAll(launch(compiled(ir), [a, val()], a.shape));
  be.release(s.buffer);
  return out;
}

describe('full reductions', () => {
  for (const n of [1, 2, 7, 255, 256, 257, 1000, 4097, 1_000_003]) {
    it(`sum, first and last of ${n} elements keep the order`, async () => {
      const data = Float32Array.from({ length: n }, (_, i) => ((i * 37) % 101) - 50);
      let ref = 0;
      for (const v of data) ref += v;
      expect(await reduceOn(B.gpu, sum, F, [n], data)).toEqual([ref]); // integers: exact in any order
      expect(await reduceOn(B.gpu, first, F, [n], data)).toEqual([data[0]]);
      expect(await reduceOn(B.gpu, last, F, [n], data)).toEqual([data[n - 1]]);
    });
  }

  it('a product of 2x2 matrices (non-commutative) matches the ordered float64 product and the CPU backend', async () => {
    const n = 3001;
    // I + 0.01 * R with R pseudo-random: reordering changes the product by about 0.01^2 * n.
    const data = new Float32Array(4 * n);
    let seed = 12345;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    for (let i = 0; i < n; i++) data.set([1 + 0.01 * rnd(), 0.01 * rnd(), 0.01 * rnd(), 1 + 0.01 * rnd()], 4 * i);
    let m = [1, 0, 0, 1];
    for (let i = 0; i < n; i++) {
      const a = [...data.slice(4 * i, 4 * i + 4)];
      m = [m[0]! * a[0]! + m[1]! * a[2]!, m[0]! * a[1]! + m[1]! * a[3]!, m[2]! * a[0]! + m[3]! * a[2]!, m[2]! * a[1]! + m[3]! * a[3]!];
    }
    const gpu = await reduceOn(B.gpu, matmul, F4, [n], data);
    const cpu = await reduceOn(B.cpu, matmul, F4, [n], data);
    for (let k = 0; k < 4; k++) {
      expect(Math.abs(gpu[k]! - m[k]!)).toBeLessThan(2e-3);
      expect(Math.abs(gpu[k]! - cpu[k]!)).toBeLessThan(2e-3);
    }
    // Reordering changes the product by far more than the tolerance: the test can fail.
    let rev = [1, 0, 0, 1];
    for (let i = n - 1; i >= 0; i--) {
      const a = [...data.slice(4 * i, 4 * i + 4)];
      rev = [rev[0]! * a[0]! + rev[1]! * a[2]!, rev[0]! * a[1]! + rev[1]! * a[3]!, rev[2]! * a[0]! + rev[3]! * a[2]!, rev[2]! * a[1]! + rev[3]! * a[3]!];
    }
    expect(Math.max(...rev.map((v, k) => Math.abs(v - m[k]!)))).toBeGreaterThan(1e-2);
  });

  it('reduces a 2-D domain in row-major order', async () => {
    const data = Float32Array.from({ length: 60 }, (_, i) => i);
    for (const be of [B.gpu, B.cpu]) {
      expect(await reduceOn(be, first, F, [6, 10], data, [2, 3], [5, 7])).toEqual([23]);
      expect(await reduceOn(be, last, F, [6, 10], data, [2, 3], [5, 7])).toEqual([46]);
      expect(await reduceOn(be, sum, F, [6, 10], data, [2, 3], [5, 7])).toEqual([(23 + 24 + 25 + 26) + (33 + 34 + 35 + 36) + (43 + 44 + 45 + 46)]);
    }
  });

  it('sums 10^7 floats within 1e-6 relative of float64 (USERS.md item 3)', async () => {
    const n = 10_000_000;
    const data = Float32Array.from({ length: n }, (_, i) => Math.fround(Math.sin(i) * 0.5 + 0.5));
    let ref = 0;
    for (const v of data) ref += v;
    const [got] = await reduceOn(B.gpu, sum, F, [n], data);
    expect(Math.abs(got! - ref) / ref).toBeLessThan(1e-6);
  });
});

describe('struct accumulators', () => {
  it('argmin over a struct {float v; int i; bool seen} keeps the first of equal minima (order matters)', async () => {
    const S: Type = { kind: 'struct', name: 'Best', fields: [{ name: 'v', type: F }, { name: 'i', type: { kind: 'scalar', name: 'int' } }, { name: 'seen', type: { kind: 'scalar', name: 'bool' } }] };
    const fieldOf = (e: ReturnType<typeof p>, name: string, t: Type) => ({ op: 'field' as const, type: t, field: name, value: e });
    const argmin = kernel('argmin', [param('a', 'in', S), param('r', 'reduce', S)], [
      { op: 'if', cond: bin('<', fieldOf(p(0, S), 'v', F), fieldOf(p(1, S), 'v', F), { kind: 'scalar', name: 'bool' }), then: [assign(toParam(1, S), p(0, S))], else: [] },
      assign(toParam(1, S, [{ kind: 'field', name: 'seen' }]), { op: 'const', type: { kind: 'scalar', name: 'bool' }, value: [1] }),
    ]);
    const n = 100_003;
    const words = new Uint32Array(3 * n);
    const f = new Float32Array(words.buffer);
    for (let i = 0; i < n; i++) {
      f[3 * i] = ((i * 7919) % 1000) / 10; // the minimum 0 occurs many times
      words[3 * i + 1] = i;
      words[3 * i + 2] = 0;
    }
    const first0 = [...Array(n).keys()].find((i) => f[3 * i] === 0)!;
    for (const be of [B.gpu, B.cpu]) {
      const s = streamOf(be, S, [n], words);
      const got = await be.reduceAll(launch(compiled(argmin), [arg(s), val()], [n]));
      expect(got).toEqual([0, first0, 1]);
    }
  });
});

describe('partial reductions into streams', () => {
  it('each target element reduces its block in row-major order (sum, first, last) like the CPU backend', async () => {
    for (const ir of [sum, first, last]) {
      const outs: Float32Array[] = [];
      for (const be of [B.gpu, B.cpu]) {
        const a = streamOf(be, F, [10, 12], Float32Array.from({ length: 120 }, (_, i) => (i * 7) % 23));
        const t = makeStream(be, F, [2, 3]);
        be.reduceBlocks(launch(compiled(ir), [arg(a), arg(t)], [10, 12]), arg(t));
        outs.push(await readF32(be, t));
      }
      expect(outs[0]).toEqual(outs[1]);
    }
    // Hand check of `last` for target (1, 2): block rows 5..9, columns 8..11: last is (9, 11).
    const a = streamOf(B.gpu, F, [10, 12], Float32Array.from({ length: 120 }, (_, i) => i));
    const t = makeStream(B.gpu, F, [2, 3]);
    B.gpu.reduceBlocks(launch(compiled(last), [arg(a), arg(t)], [10, 12]), arg(t));
    const got = await readF32(B.gpu, t);
    expect(got[5]).toBe(9 * 12 + 11);
    expect(got[0]).toBe(4 * 12 + 3);
  });

  it('large blocks (a workgroup per target) keep the order inside each block, like the CPU backend', async () => {
    for (const ir of [sum, first, last]) {
      const outs: Float32Array[] = [];
      for (const be of [B.gpu, B.cpu]) {
        const a = streamOf(be, F, [8, 3000], Float32Array.from({ length: 24000 }, (_, i) => (i * 7) % 23));
        const t = makeStream(be, F, [2, 3]);
        be.reduceBlocks(launch(compiled(ir), [arg(a), arg(t)], [8, 3000]), arg(t));
        outs.push(await readF32(be, t));
      }
      expect(outs[0]).toEqual(outs[1]);
    }
    const a = streamOf(B.gpu, F, [8, 3000], Float32Array.from({ length: 24000 }, (_, i) => i));
    const t = makeStream(B.gpu, F, [2, 3]);
    B.gpu.reduceBlocks(launch(compiled(last), [arg(a), arg(t)], [8, 3000]), arg(t));
    const got = await readF32(B.gpu, t);
    // target (1, 2): rows 4..7, columns 2000..2999; last is (7, 2999). Target (0, 0): (3, 999).
    expect(got[5]).toBe(7 * 3000 + 2999);
    expect(got[0]).toBe(3 * 3000 + 999);
    const f = makeStream(B.gpu, F, [2, 3]);
    B.gpu.reduceBlocks(launch(compiled(first), [arg(a), arg(f)], [8, 3000]), arg(f));
    expect((await readF32(B.gpu, f))[4]).toBe(4 * 3000 + 1000);
  });
});
