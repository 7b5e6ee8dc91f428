/**
 * vout (push) and streamScatterOp/streamGatherOp on WebGPU, against the CPU backend and hand values:
 * push order follows the positions, counts per vout parameter, the `vout [N]` bound, an empty launch;
 * scatter ASSIGN keeps the last writer, ADD/MUL combine collisions (ints and floats), a reduce kernel
 * as operator folds in element order; gather FETCH and INC hand out the value before the update.
 */
import { describe, expect, it } from 'vitest';
import type { Backend, Stream } from '../../runtime/brt/api.js';
import { STREAM_GATHER_FETCH, STREAM_GATHER_INC, STREAM_SCATTER_ADD, STREAM_SCATTER_ASSIGN, STREAM_SCATTER_MUL } from '../../runtime/brt/api.js';
import { B, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, readI32, streamOf } from './harness.js';
import { F, F2, I, assign, bin, c, compiled, conv, kernel, l, p, param, declare, toLocal, toParam } from './ir.js';

useBackends();

// kernel void spread(float a<>, vout [] float e<>, vout [3] float2 g<>, out float r<>):
//   for k in 0 .. (int(a) % 4) - 1: push(e, a * 10 + k); if a odd: push(g, float2(a, -a)); r = a + 0.5
const spread = kernel('spread', [param('a', 'in', F), param('e', 'vout', F, { voutMax: null }), param('g', 'vout', F2, { voutMax: 3 }), param('r', 'out', F)], [
  declare('l_n', I, bin('%', conv(I, p(0, F)), c(I, 4))),
  {
    op: 'loop', init: [declare('l_k', I, c(I, 0))], cond: bin('<', l('l_k', I), l('l_n', I)), testFirst: true,
    update: [assign(toLocal('l_k', I), bin('+', l('l_k', I), c(I, 1)))],
    body: [{ op: 'push', param: 1, value: bin('+', bin('*', p(0, F), c(F, 10)), conv(F, l('l_k', I))) }],
  },
  { op: 'if', cond: bin('==', bin('%', conv(I, p(0, F)), c(I, 2)), c(I, 1)), then: [
    { op: 'push', param: 2, value: { op: 'construct', type: F2, args: [p(0, F), { op: 'unary', type: F, operator: '-', operand: p(0, F) }] } },
  ], else: [] },
  assign(toParam(3, F), bin('+', p(0, F), c(F, 0.5))),
]);

async function voutOn(be: Backend, n: number) {
  const a = streamOf(be, F, [n], Float32Array.from({ length: n }, (_, i) => (i * 5) % 11));
  const e = makeStream(be, F, [1]);
  const g = makeStream(be, F2, [1]);
  const r = makeStream(be, F, [n]);
  const res = await be.runVout(launch(compiled(spread), [arg(a), arg(e), arg(g), arg(r)], [n]));
  const words = await Promise.all(res.buffers.map((b, j) => be.read(b, 0, res.counts[j]! * (j === 0 ? 1 : 2))));
  return { counts: res.counts, e: new Float32Array(words[0]!.buffer), g: new Float32Array(words[1]!.buffer), r: await readF32(be, r) };
}

describe('vout', () => {
  for (const n of [1, 5, 1000, 70_001]) {
    it(`pushes in position order with counts per parameter (${n} positions)`, async () => {
      const gpu = await voutOn(B.gpu, n);
      const cpu = await voutOn(B.cpu, n);
      const want: number[] = [];
      const wantG: number[] = [];
      for (let i = 0; i < n; i++) {
        const a = (i * 5) % 11;
        for (let k = 0; k < a % 4; k++) want.push(a * 10 + k);
        if (a % 2 === 1) wantG.push(a, -a);
      }
      expect(gpu.counts).toEqual([want.length, wantG.length / 2]);
      expect([...gpu.e]).toEqual(want);
      expect([...gpu.g]).toEqual(wantG);
      expect(gpu.r).toEqual(cpu.r);
      expect(gpu.counts).toEqual(cpu.counts);
    });
  }

  it('reports which parameter passed its vout [N] bound (brt names it BRK5020)', async () => {
    const over = kernel('over', [param('a', 'in', F), param('e', 'vout', F, { voutMax: 1 })], [
      { op: 'push', param: 1, value: p(0, F) },
      { op: 'if', cond: bin('>', p(0, F), c(F, 2)), then: [{ op: 'push', param: 1, value: p(0, F) }], else: [] },
    ]);
    const a = streamOf(B.gpu, F, [5], Float32Array.from([0, 1, 2, 3, 1]));
    const e = makeStream(B.gpu, F, [1]);
    await expect(B.gpu.runVout(launch(compiled(over), [arg(a), arg(e)], [5]))).rejects.toMatchObject({ param: 1 });
  });
});

async function scatterOn(be: Backend, op: number | 'kernel', ints: boolean) {
  const n = 40;
  const T = ints ? I : F;
  const mk = (data: number[]) => (ints ? Int32Array.from(data) : Float32Array.from(data));
  const dst = streamOf(be, T, [4, 3], mk(Array.from({ length: 12 }, (_, i) => i + 1)));
  // index float2 (x = column, y = row) with collisions and some out of range
  const idx = streamOf(be, F2, [n], Float32Array.from({ length: 2 * n }, (_, i) => (i % 2 === 0 ? ((i * 7) % 5) - 0.6 : (i * 3) % 5)));
  const data = streamOf(be, T, [n], mk(Array.from({ length: n }, (_, i) => (i % 3) + 1)));
  const opArg = op === 'kernel'
    ? compiled(kernel('keepfirst2', [param('a', 'in', T), param('r', 'reduce', T)], [assign(toParam(1, T), bin('+', bin('*', p(1, T), c(T, 2)), p(0, T)))]))
    : op;
  be.scatterOp(arg(dst), arg(idx), arg(data), opArg);
  return ints ? [...(await readI32(be, dst))] : [...(await readF32(be, dst))];
}

describe('streamScatterOp and streamGatherOp', () => {
  for (const [name, op] of [['ASSIGN', STREAM_SCATTER_ASSIGN], ['ADD', STREAM_SCATTER_ADD], ['MUL', STREAM_SCATTER_MUL], ['a reduce kernel (r = 2r + a: order matters)', 'kernel']] as const) {
    for (const ints of [false, true]) {
      it(`${name} on ${ints ? 'int' : 'float'} streams matches the CPU backend`, async () => {
        const gpu = await scatterOn(B.gpu, op, ints);
        const cpu = await scatterOn(B.cpu, op, ints);
        expect(gpu).toEqual(cpu);
      });
    }
  }

  it('ASSIGN keeps the last writer in element order (hand check)', async () => {
    const dst = streamOf(B.gpu, F, [3], Float32Array.from([0, 0, 0]));
    const idx = streamOf(B.gpu, F, [6], Float32Array.from([1, 1, 2, 1, 7, -1]));
    const data = streamOf(B.gpu, F, [6], Float32Array.from([10, 20, 30, 40, 50, 60]));
    B.gpu.scatterOp(arg(dst), arg(idx), arg(data), STREAM_SCATTER_ASSIGN);
    expect([...(await readF32(B.gpu, dst))]).toEqual([0, 40, 30]);
  });

  for (const [name, op] of [['FETCH', STREAM_GATHER_FETCH], ['INC', STREAM_GATHER_INC]] as const) {
    it(`gather ${name}: values before the update; INC adds one per fetch`, async () => {
      const run = async (be: Backend) => {
        const src = streamOf(be, I, [5], Int32Array.from([10, 20, 30, 40, 50]));
        const idx = streamOf(be, F, [8], Float32Array.from([0, 4, 9, -3, 2.8, 1, 2, 3]));
        const dst = makeStream(be, I, [8]);
        be.gatherOp(arg(dst), arg(idx), arg(src), op);
        return { dst: [...(await readI32(be, dst))], src: [...(await readI32(be, src))] };
      };
      const gpu = await run(B.gpu);
      const cpu = await run(B.cpu);
      expect(gpu.src).toEqual(cpu.src);
      if (op === STREAM_GATHER_FETCH) expect(gpu.dst).toEqual([10, 50, 50, 10, 40, 20, 30, 40]);
      else {
        // 0 and -3 hit 0, 4 and 9 hit 4, 2.8 and 3 hit 3: each collision hands out consecutive values.
        expect(gpu.src).toEqual([12, 21, 31, 42, 52]);
        expect([...gpu.dst].sort((x, y) => x - y)).toEqual([...cpu.dst].sort((x, y) => x - y));
      }
    });
  }

  it('float INC and 2-D targets', async () => {
    const run = async (be: Backend) => {
      const src = streamOf(be, F, [2, 3], Float32Array.from([0.5, 1, 2, 3, 4, 5]));
      const idx = streamOf(be, F2, [3], Float32Array.from([2, 1, 0, 0, 2, 1]));
      const dst = makeStream(be, F, [3]);
      be.gatherOp(arg(dst), arg(idx), arg(src), STREAM_GATHER_INC);
      return { dst: [...(await readF32(be, dst))], src: [...(await readF32(be, src))] };
    };
    const gpu = await run(B.gpu);
    expect(gpu.src).toEqual([1.5, 1, 2, 3, 4, 7]);
    expect([...gpu.dst].sort()).toEqual([0.5, 5, 6]);
  });
});

export type { Stream };
