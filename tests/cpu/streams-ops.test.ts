/**
 * vout/push, streamScatterOp, streamGatherOp and write masks on the CPU backend.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime, STREAM_GATHER_FETCH, STREAM_GATHER_INC, STREAM_SCATTER_ADD, STREAM_SCATTER_ASSIGN, STREAM_SCATTER_MUL } from '../../runtime/backends/index.js';
import type { Stream } from '../../runtime/brt/api.js';
import { F, F2, I, add, assign, bin, iff, inp, k, kernel, loop, mul, out, p, P, push, red, vout, declare, local, L } from '../brt/ir.js';

async function read(rt: ReturnType<typeof createCpuRuntime>, s: Stream): Promise<number[]> {
  const o = new Float32Array(s.shape.reduce((a, b) => a * b, 1) * s.words);
  await rt.streamWrite(s, o);
  return [...o];
}

describe('vout', () => {
  // Push a, a+0.5, ... (a times, at most 3): element order must be kept.
  const pushN = (max: number | null) =>
    kernel('pushn', 'map', [inp('a', F), vout('o', F, max)], () => [
      declare('l_i', F, k(F, 0)),
      loop([], bin('<', local('l_i'), p(0)), [assign(L('l_i'), add(local('l_i'), k(F, 1)))], [
        assign(P(1), add(p(0), mul(local('l_i'), k(F, 0.5)))),
        push(1, p(1)),
      ]),
    ]);

  it('pushed values keep input order and the output is resized (1-D)', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [4]);
    await rt.streamRead(a, [2, 0, 1, 3]);
    const o = rt.createStream('o', F, [100]);
    await rt.call(pushN(null), [a, o]);
    expect(o.shape).toEqual([6]);
    expect(rt.streamSize(o)).toEqual([6, 0, 0, 0]);
    expect(await read(rt, o)).toEqual([2, 2.5, 1, 3, 3.5, 4]);
  });

  // Rows as wide as the launch (the inputs' largest extents: brcc's vout prologue made its outputs
  // with maxextents, brcc/brtstemnt.cpp), not the declared width; ceil(n / width) rows, padded with +inf.
  it('2-D vout is as wide as the launch, ceil(n / width) rows padded with +inf', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [2, 2]);
    await rt.streamRead(a, [2, 0, 1, 2]);
    const o = rt.createStream('o', F, [1, 4]);
    await rt.call(pushN(null), [a, o]);
    expect(o.shape).toEqual([3, 2]);
    expect(await read(rt, o)).toEqual([2, 2.5, 1, 2, 2.5, Infinity]);
    expect(await rt.streamPrint(o)).toBe('2.00 2.50 \n1.00 2.00 \n2.50 inf \n');
    // A declaration as wide as the launch keeps its width: 4 wide inputs, 5 pushes, 2 rows of 4.
    const w = rt.createStream('w', F, [1, 4]);
    await rt.streamRead(w, [2, 0, 1, 2]);
    const o2 = rt.createStream('o2', F, [1, 4]);
    await rt.call(pushN(null), [w, o2]);
    expect(o2.shape).toEqual([2, 4]);
    expect(await read(rt, o2)).toEqual([2, 2.5, 1, 2, 2.5, Infinity, Infinity, Infinity]);
  });

  it('more pushes than the bound is BRK5020', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [2]);
    await rt.streamRead(a, [1, 5]);
    const o = rt.createStream('o', F, [10]);
    await expect(rt.call(pushN(3), [a, o])).rejects.toMatchObject({ code: 'BRK5020' });
  });

  it('no pushes give an empty stream', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [3]);
    await rt.streamRead(a, [0, 0, 0]);
    const o = rt.createStream('o', F, [10]);
    await rt.call(pushN(4), [a, o]);
    expect(o.shape).toEqual([0]);
    expect(await rt.streamPrint(o)).toBe('');
  });
});

describe('streamScatterOp: dst[index[i]] = op(dst[index[i]], data[i])', () => {
  async function setup(rt: ReturnType<typeof createCpuRuntime>) {
    const dst = rt.createStream('dst', F, [4]);
    const index = rt.createStream('index', F, [5]);
    const data = rt.createStream('data', F, [5]);
    await rt.streamRead(dst, [1, 1, 1, 1]);
    await rt.streamRead(index, [2, 0, 2, 3, 2]);
    await rt.streamRead(data, [10, 20, 30, 40, 50]);
    return { dst, index, data };
  }
  it('ASSIGN: the last writer wins on a collision', async () => {
    const rt = createCpuRuntime();
    const { dst, index, data } = await setup(rt);
    rt.scatterOp(dst, index, data, STREAM_SCATTER_ASSIGN);
    expect(await read(rt, dst)).toEqual([20, 1, 50, 40]);
  });
  it('ADD and MUL combine collisions', async () => {
    const rt = createCpuRuntime();
    let s = await setup(rt);
    rt.scatterOp(s.dst, s.index, s.data, STREAM_SCATTER_ADD);
    expect(await read(rt, s.dst)).toEqual([21, 1, 91, 41]);
    s = await setup(rt);
    rt.scatterOp(s.dst, s.index, s.data, STREAM_SCATTER_MUL);
    expect(await read(rt, s.dst)).toEqual([20, 1, 15000, 40]);
  });
  it('a reduce kernel as the op (max), in order of i', async () => {
    const rt = createCpuRuntime();
    const { dst, index, data } = await setup(rt);
    // r = r * 2 + a: not commutative, so the order of the collisions shows: ((1*2+10)*2+30)*2+50 = 158
    const op = kernel('op', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(mul(p(1), k(F, 2)), p(0)))]);
    rt.scatterOp(dst, index, data, op);
    expect(await read(rt, dst)).toEqual([1 * 2 + 20, 1, 158, 1 * 2 + 40]);
  });
  it('a reduce-kernel op with an int index stream', async () => {
    const rt = createCpuRuntime();
    const dst = rt.createStream('dst', F, [3]);
    await rt.streamRead(dst, [0, 0, 0]);
    const index = rt.createStream('index', I, [4]);
    await rt.streamRead(index, new Int32Array([2, 2, -1, 0]));
    const data = rt.createStream('data', F, [4]);
    await rt.streamRead(data, [1, 2, 3, 4]);
    const op = kernel('op', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(p(1), p(0)))]);
    rt.scatterOp(dst, index, data, op);
    expect(await read(rt, dst)).toEqual([4, 0, 3]);
  });
  it('an index outside dst is skipped; 2-D dst takes float2 (x = column) indices', async () => {
    const rt = createCpuRuntime();
    const dst = rt.createStream('dst', F, [2, 3]);
    await rt.streamRead(dst, [0, 0, 0, 0, 0, 0]);
    const index = rt.createStream('index', F2, [3]);
    await rt.streamRead(index, [2, 1, 5, 0, 0, 1]);
    const data = rt.createStream('data', F, [3]);
    await rt.streamRead(data, [7, 8, 9]);
    rt.scatterOp(dst, index, data, STREAM_SCATTER_ASSIGN);
    expect(await read(rt, dst)).toEqual([0, 0, 0, 9, 0, 7]);
  });
  it('an index stream of the wrong shape is BRK5017', async () => {
    const rt = createCpuRuntime();
    const dst = rt.createStream('dst', F, [4]);
    const index = rt.createStream('index', F, [3]);
    const data = rt.createStream('data', F, [5]);
    expect(() => rt.scatterOp(dst, index, data, STREAM_SCATTER_ADD)).toThrow(expect.objectContaining({ code: 'BRK5017' }));
  });
});

describe('streamGatherOp: dst[i] = src[index[i]], then src[index[i]] = op(src[index[i]])', () => {
  it('FETCH reads, INC reads the value before each increment', async () => {
    const rt = createCpuRuntime();
    const src = rt.createStream('src', F, [3]);
    await rt.streamRead(src, [10, 20, 30]);
    const index = rt.createStream('index', F, [4]);
    await rt.streamRead(index, [1, 1, 0, 1]);
    const dst = rt.createStream('dst', F, [4]);
    rt.gatherOp(dst, index, src, STREAM_GATHER_FETCH);
    expect(await read(rt, dst)).toEqual([20, 20, 10, 20]);
    expect(await read(rt, src)).toEqual([10, 20, 30]);
    rt.gatherOp(dst, index, src, STREAM_GATHER_INC);
    expect(await read(rt, dst)).toEqual([20, 21, 10, 22]);
    expect(await read(rt, src)).toEqual([11, 23, 30]);
  });
});

describe('streamGatherOp with a reduce kernel as the update', () => {
  it('dst[i] gets the value before the update; the update is the body with r = a = the old value', async () => {
    const rt = createCpuRuntime();
    const src = rt.createStream('src', F, [3]);
    await rt.streamRead(src, [1, 2, 3]);
    const index = rt.createStream('index', F, [3]);
    await rt.streamRead(index, [2, 2, 0]);
    const dst = rt.createStream('dst', F, [3]);
    // r = r * 2 + 1 (a is the same old value): 3 -> 7 -> 15
    const op = kernel('twice', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(mul(p(1), k(F, 2)), k(F, 1)))]);
    rt.gatherOp(dst, index, src, op);
    expect(await read(rt, dst)).toEqual([3, 7, 1]);
    expect(await read(rt, src)).toEqual([3, 2, 15]);
  });
  it('an op kernel of another element type is BRK5017', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F2, [2]);
    const index = rt.createStream('index', F, [2]);
    const op = kernel('op', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), p(0))]);
    expect(() => rt.scatterOp(s, index, s, op)).toThrow(expect.objectContaining({ code: 'BRK5017' }));
  });
});

describe('write masks', () => {
  it('only elements with a nonzero mask are evaluated; others are untouched', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [assign(P(1), mul(p(0), k(F, 10)))]);
    const a = rt.createStream('a', F, [5]);
    const r = rt.createStream('r', F, [5]);
    const m = rt.createStream('m', F, [5]);
    await rt.streamRead(a, [1, 2, 3, 4, 5]);
    await rt.streamRead(r, [-1, -1, -1, -1, -1]);
    await rt.streamRead(m, [1, 0, 0, 1, -0]);
    rt.setWriteMask(m);
    rt.enableWriteMask();
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([10, -1, -1, 40, -1]);
    rt.disableWriteMask();
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([10, 20, 30, 40, 50]);
  });
  it('a mask shaped unlike the outputs is BRK5016; enabling without a mask is BRK5022', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [assign(P(1), p(0))]);
    const a = rt.createStream('a', F, [5]);
    rt.enableWriteMask();
    expect(() => rt.call(kk, [a, a])).toThrow(expect.objectContaining({ code: 'BRK5022' }));
    rt.setWriteMask(rt.createStream('m', F, [4]));
    expect(() => rt.call(kk, [a, a])).toThrow(expect.objectContaining({ code: 'BRK5016' }));
  });
  it('a kernel with a branch only in masked elements (line of sight style)', async () => {
    const rt = createCpuRuntime();
    const kk = kernel('k', 'map', [inp('a', F), out('r', F)], () => [iff(bin('>', p(0), k(F, 2)), [assign(P(1), k(F, 1))], [assign(P(1), k(F, 2))])]);
    const a = rt.createStream('a', F, [2, 2]);
    const r = rt.createStream('r', F, [2, 2]);
    const m = rt.createStream('m', F, [2, 2]);
    await rt.streamRead(a, [1, 3, 1, 3]);
    await rt.streamRead(m, [0, 1, 1, 0]);
    rt.setWriteMask(m);
    rt.enableWriteMask();
    rt.call(kk, [a, r]);
    expect(await read(rt, r)).toEqual([0, 1, 2, 0]);
  });
});
