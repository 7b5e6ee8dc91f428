/**
 * Kernel launches on WebGPU against the CPU backend and hand-computed values: shape resizing (also
 * with extents whose product overflows 32 bits), domains, gathers of 1 to 4 dimensions, iterators,
 * indexof, helper kernels with out arguments, several outputs, in-place calls, struct and float3
 * streams, write masks, and grids past 65535 workgroups.
 */
import { describe, expect, it } from 'vitest';
import type { IRStmt } from '../../runtime/compiler/ir.js';
import type { Type } from '../../runtime/compiler/types.js';
import { B, runBoth, useBackends } from './backends.js';
import { arg, launch, makeStream, readF32, streamOf } from './harness.js';
import {
  F, F2, F3, F4, I, assign, bin, c, call, compiled, conv, declare, gather, helper, indexof, kernel, l, p, param, splat, swz, toLocal, toParam,
} from './ir.js';

useBackends();

const seq = (n: number, f: (i: number) => number = (i) => i) => Float32Array.from({ length: n }, (_, i) => f(i));
const copyKernel = (t: Type = F) => kernel('copy', [param('a', 'in', t), param('r', 'out', t)], [assign(toParam(1, t), p(0, t))]);

describe('shape resizing', () => {
  it('repeats (123 -> 111222333) and strides (1..10 -> 13579, 123456789 -> 12468: floor(out * in / outE)) like the CPU backend', async () => {
    const rep = await runBoth(copyKernel(), [{ stream: F, shape: [3], data: seq(3, (i) => i + 1) }, { stream: F, shape: [9], out: true }], [9]);
    expect([...rep.gpu[0]!]).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    const str = await runBoth(copyKernel(), [{ stream: F, shape: [9], data: seq(9, (i) => i + 1) }, { stream: F, shape: [5], out: true }], [5]);
    expect([...str.gpu[0]!]).toEqual([1, 2, 4, 6, 8]);
    expect(str.gpu[0]).toEqual(str.cpu[0]);
    const ten = await runBoth(copyKernel(), [{ stream: F, shape: [10], data: seq(10, (i) => i + 1) }, { stream: F, shape: [5], out: true }], [5]);
    expect([...ten.gpu[0]!]).toEqual([1, 3, 5, 7, 9]);
    expect(ten.gpu[0]).toEqual(ten.cpu[0]);
  });

  it('2-D resizing per dimension matches the CPU backend', async () => {
    const r = await runBoth(copyKernel(), [{ stream: F, shape: [3, 7], data: seq(21) }, { stream: F, shape: [8, 5], out: true }], [8, 5]);
    expect(r.gpu[0]).toEqual(r.cpu[0]);
  });

  it('is exact when out_index * in_extent passes 2^32 (u32 long division)', async () => {
    // 70000 inputs read from 300000 outputs: out_index * 70000 reaches 2.1e10.
    const nIn = 70000;
    const nOut = 300000;
    const r = await runBoth(copyKernel(), [{ stream: F, shape: [nIn], data: seq(nIn) }, { stream: F, shape: [nOut], out: true }], [nOut]);
    for (const i of [0, 1, 30678, 30679, 61356, 61357, 123456, 299999]) expect(r.gpu[0]![i]).toBe(Math.floor((i * nIn) / nOut));
    expect(r.gpu[0]).toEqual(r.cpu[0]);
  });
});

describe('domains, gathers, iterators, indexof', () => {
  it('reads and writes domains relative to their lo', async () => {
    const r = await runBoth(copyKernel(), [
      { stream: F, shape: [6, 8], data: seq(48), lo: [1, 2], hi: [4, 6] },
      { stream: F, shape: [5, 5], data: seq(25, () => -1), lo: [2, 1], hi: [5, 5], out: true },
    ], [3, 4]);
    expect(r.gpu[0]).toEqual(r.cpu[0]);
    // output (2 + i, 1 + j) = input (1 + i, 2 + j)
    expect(r.gpu[0]![2 * 5 + 1]).toBe(1 * 8 + 2);
    expect(r.gpu[0]![4 * 5 + 4]).toBe(3 * 8 + 5);
    expect(r.gpu[0]![0]).toBe(-1);
  });

  for (const dims of [1, 2, 3, 4]) {
    it(`${dims}-D gathers round floor(i + 0.25), clamp, and read NaN as 0`, async () => {
      const shape = [5, 4, 3, 6].slice(0, dims);
      const total = shape.reduce((a, b) => a * b, 1);
      const T = dims === 1 ? F : ({ kind: 'vector', elem: 'float', size: dims } as Type);
      const idx = p(0, T);
      const coords = Array.from({ length: dims }, (_, k) => (dims === 1 ? idx : swz(idx, F, k)));
      const ir = kernel(`g${dims}`, [param('i', 'in', T), param('g', 'gather', F, { gatherDims: dims }), param('r', 'out', F)], [
        assign(toParam(2, F), gather(1, F, ...coords)),
      ]);
      const edge = [-5, -0.3, -0.25, 0, 0.74, 0.75, 1.7, 2.5, 3.74, 3.75, 100, NaN, Infinity, -Infinity, 1e30];
      const n = 64;
      const data = Float32Array.from({ length: n * dims }, (_, i) => edge[(i * 7 + Math.floor(i / dims)) % edge.length]!);
      const r = await runBoth(ir, [{ stream: T, shape: [n], data }, { stream: F, shape, data: seq(total, (i) => i * 10) }, { stream: F, shape: [n], out: true }], [n]);
      expect(r.gpu[0]).toEqual(r.cpu[0]);
      // Hand check: index rule per component (x = fastest dimension).
      const rule = (x: number, e: number) => { const f = Math.floor(Math.fround(x + 0.25)); return f >= 0 ? (f < e ? f : e - 1) : 0; };
      for (let i = 0; i < n; i++) {
        let e = 0;
        let stride = 1;
        for (let k = 0; k < dims; k++) {
          const d = dims - 1 - k;
          e += rule(data[i * dims + k]!, shape[d]!) * stride;
          stride *= shape[d]!;
        }
        expect(r.gpu[0]![i]).toBe(e * 10);
      }
    });
  }

  it('gathers with int indices and from a domain', async () => {
    const ir = kernel('gi', [param('i', 'in', I), param('g', 'gather', F, { gatherDims: 1 }), param('r', 'out', F)], [
      assign(toParam(2, F), gather(1, F, p(0, I))),
    ]);
    const r = await runBoth(ir, [
      { stream: I, shape: [6], data: Int32Array.from([-3, 0, 1, 2, 3, 99]) },
      { stream: F, shape: [10], data: seq(10, (i) => i * 1.5), lo: [4], hi: [8] },
      { stream: F, shape: [6], out: true },
    ], [6]);
    expect([...r.gpu[0]!]).toEqual([6, 6, 7.5, 9, 10.5, 10.5]);
    expect(r.gpu[0]).toEqual(r.cpu[0]);
  });

  it('computes 1-D and 2-D iterators in the shader like the CPU backend', async () => {
    const ir1 = kernel('it1', [param('t', 'iter', F2), param('r', 'out', F2)], [assign(toParam(1, F2), p(0, F2))]);
    const a = await runBoth(ir1, [{ iter: F2, shape: [100], lo: [0, -1], hi: [1, 3] }, { stream: F2, shape: [100], out: true }], [100]);
    for (let i = 0; i < a.gpu[0]!.length; i++) expect(Math.abs(a.gpu[0]![i]! - a.cpu[0]![i]!)).toBeLessThanOrEqual(1e-6);
    expect(a.gpu[0]![2 * 10]).toBeCloseTo(0.1, 6);
    const ir2 = kernel('it2', [param('t', 'iter', F2), param('r', 'out', F2)], [assign(toParam(1, F2), p(0, F2))]);
    const b = await runBoth(ir2, [{ iter: F2, shape: [4, 8], lo: [0, 0], hi: [8, 4] }, { stream: F2, shape: [4, 8], out: true }], [4, 8]);
    // .x steps along the columns, .y along the rows
    expect(b.gpu[0]![2 * (3 * 8 + 5)]).toBeCloseTo(5, 6);
    expect(b.gpu[0]![2 * (3 * 8 + 5) + 1]).toBeCloseTo(3, 6);
    for (let i = 0; i < b.gpu[0]!.length; i++) expect(Math.abs(b.gpu[0]![i]! - b.cpu[0]![i]!)).toBeLessThanOrEqual(1e-6);
  });

  it('indexof gives positions relative to the domain, x fastest, for inputs (after resizing) and outputs', async () => {
    const ir = kernel('ix', [param('a', 'in', F), param('r', 'out', F4), param('q', 'out', F4)], [
      assign(toParam(1, F4), indexof(0)),
      assign(toParam(2, F4), indexof(1)),
    ], { indexofParams: [0, 1] });
    const r = await runBoth(ir, [
      { stream: F, shape: [2, 3], data: seq(6) },
      { stream: F4, shape: [4, 6], out: true, lo: [1, 1], hi: [3, 4] },
      { stream: F4, shape: [2, 3], out: true },
    ], [2, 3]);
    expect(r.gpu[0]).toEqual(r.cpu[0]);
    expect(r.gpu[1]).toEqual(r.cpu[1]);
    expect([...r.gpu[1]!.slice(4 * 5, 4 * 6)]).toEqual([2, 1, 0, 0]);
  });
});

describe('kernel bodies', () => {
  it('helper kernels: value semantics, out arguments (copy-out only: they start at 0, like the CPU backend)', async () => {
    // kernel float split(float x<>, out float2 parts<>) { parts.y = floor(x); return x - parts.y; }
    const h = helper('split', [{ name: 'x', type: F, isOut: false, isStream: true }, { name: 'parts', type: F2, isOut: true, isStream: true }], F, [
      assign(toLocal('parts', F2, [{ kind: 'swizzle', components: [1] }]), call('floor', F, l('x', F))),
      assign(toLocal('x', F), bin('*', l('x', F), c(F, 2))), // writes the copy, not the caller's value
      { op: 'return', value: bin('-', bin('*', l('x', F), c(F, 0.5)), swz(l('parts', F2), F, 1)) },
    ]);
    const ir = kernel('outer', [param('a', 'in', F), param('r', 'out', F4)], [
      declare('l_p', F2, c(F2, 7, 7)),
      declare('l_f', F, { op: 'call', type: F, helper: 'split', args: [p(0, F), l('l_p', F2)], outArgs: [null, toLocal('l_p', F2)], indexofArgs: [] }),
      assign(toParam(1, F4), { op: 'construct', type: F4, args: [l('l_f', F), l('l_p', F2), p(0, F)] }),
    ], { helpers: [h] });
    const A = Float32Array.from([0.5, 1.25, -1.75, 3, 10.5]);
    const r = await runBoth(ir, [{ stream: F, shape: [5], data: A }, { stream: F4, shape: [5], out: true }], [5]);
    expect(r.gpu[0]).toEqual(r.cpu[0]);
    expect([...r.gpu[0]!.slice(8, 12)]).toEqual([0.25, 0, -2, -1.75]);
  });

  it('several outputs, an in-place output and a float3/struct stream', async () => {
    const S: Type = { kind: 'struct', name: 'Ray', fields: [{ name: 'o', type: F3 }, { name: 't', type: F }, { name: 'loop', type: I }] };
    const ir = kernel('multi', [param('a', 'in', F3), param('s', 'out', S), param('b', 'out', F3)], [
      assign(toParam(1, S, [{ kind: 'field', name: 'o' }]), bin('*', p(0, F3), splat(F3, c(F, 2)))),
      assign(toParam(1, S, [{ kind: 'field', name: 't' }]), call('dot', F, p(0, F3), p(0, F3))),
      assign(toParam(1, S, [{ kind: 'field', name: 'loop' }]), conv(I, swz(p(0, F3), F, 0))),
      assign(toParam(2, F3, [{ kind: 'swizzle', components: [2, 0] }]), swz(p(0, F3), F2, 0, 1)),
    ]);
    const n = 33;
    const gpu = B.gpu;
    const k = compiled(ir);
    const a = streamOf(gpu, F3, [n], seq(3 * n, (i) => i - 20));
    const s = makeStream(gpu, S, [n]);
    gpu.run(launch(k, [arg(a), arg(s), arg(a)], [n])); // b is a itself: in place
    const sv = await gpu.read(s.buffer, 0, 5 * n);
    const av = await readF32(gpu, a);
    const f = new Float32Array(sv.buffer);
    const iv = new Int32Array(sv.buffer);
    for (let i = 0; i < n; i++) {
      const [x, y, z] = [3 * i - 20, 3 * i - 19, 3 * i - 18];
      expect([f[5 * i], f[5 * i + 1], f[5 * i + 2], f[5 * i + 3], iv[5 * i + 4]]).toEqual([2 * x, 2 * y, 2 * z, x * x + y * y + z * z, x]);
      // b.zx = a.xy, b.y keeps a's value (the output starts as the input element? no: outputs start at 0)
      expect([av[3 * i], av[3 * i + 2]]).toEqual([y, x]);
    }
  });

  it('loops with break/continue, integer division by zero, shifts past 31, float % (C fmod)', async () => {
    const body: IRStmt[] = [
      declare('l_s', I, c(I, 0)),
      {
        op: 'loop', init: [declare('l_k', I, c(I, 0))], cond: bin('<', l('l_k', I), c(I, 10)), testFirst: true,
        update: [assign(toLocal('l_k', I), bin('+', l('l_k', I), c(I, 1)))],
        body: [
          { op: 'if', cond: bin('==', l('l_k', I), c(I, 3)), then: [{ op: 'continue' }], else: [] },
          { op: 'if', cond: bin('>', l('l_k', I), conv(I, p(0, F))), then: [{ op: 'break' }], else: [] },
          assign(toLocal('l_s', I), bin('+', l('l_s', I), l('l_k', I))),
        ],
      },
      assign(toParam(1, I4OUT), { op: 'construct', type: I4OUT, args: [
        l('l_s', I),
        bin('/', conv(I, p(0, F)), bin('-', conv(I, p(0, F)), c(I, 4))),
        bin('<<', c(I, 3), conv(I, p(0, F))),
        conv(I, bin('%', bin('*', p(0, F), c(F, 7.5)), c(F, -2.5))),
      ] }),
    ];
    const ir = kernel('ctl', [param('a', 'in', F), param('r', 'out', I4OUT)], body);
    const r = await runBoth(ir, [{ stream: F, shape: [8], data: Float32Array.from([0, 1, 2, 3, 4, 5, 33, 40]) }, { stream: I4OUT, shape: [8], out: true }], [8]);
    expect(r.gpuWords[0]).toEqual(r.cpuWords[0]);
    const iv = new Int32Array(r.gpuWords[0]!.buffer);
    expect([...iv.slice(8, 12)]).toEqual([0 + 1 + 2, 2 / -2, 3 << 2, 0]); // a = 2; the loop skips k = 3
    expect(iv[4 * 4 + 1]).toBe(0); // 4 / 0 gives 0, as on the CPU backend
    expect(iv[4 * 6 + 2]).toBe(3 << 1); // shift by 33 is a shift by 1
  });
});

const I4OUT: Type = { kind: 'vector', elem: 'int', size: 4 };

describe('launch geometry and write masks', () => {
  it('runs grids past 65535 workgroups (2-D dispatch, balanced rows) and writes every position once', async () => {
    const n = 65535 * 256 + 1000; // one more row of workgroups than one dimension holds
    const ir = kernel('iota', [param('a', 'in', F), param('r', 'out', F)], [assign(toParam(1, F), bin('+', p(0, F), c(F, 1)))]);
    const gpu = B.gpu;
    const a = streamOf(gpu, F, [n], seq(n, (i) => i % 1000));
    const r = streamOf(gpu, F, [n], seq(n, () => -1));
    gpu.run(launch(compiled(ir), [arg(a), arg(r)], [n]));
    // Every position, not only the ends: the grid is two rows of about 32768 workgroups, so a wrong
    // row stride would skip or repeat the middle.
    const fv = new Float32Array((await gpu.read(r.buffer, 0, n)).buffer);
    let bad = -1;
    for (let i = 0; i < n && bad < 0; i++) if (fv[i] !== (i % 1000) + 1) bad = i;
    expect(bad).toBe(-1);
    gpu.release(a.buffer);
    gpu.release(r.buffer);
  });

  it('a write mask leaves unmasked outputs untouched', async () => {
    const ir = kernel('fill', [param('a', 'in', F), param('r', 'out', F)], [assign(toParam(1, F), bin('*', p(0, F), c(F, 3)))]);
    for (const be of [B.gpu, B.cpu]) {
      const a = streamOf(be, F, [10], seq(10, (i) => i + 1));
      const r = streamOf(be, F, [10], seq(10, () => -7));
      const m = streamOf(be, F, [10], seq(10, (i) => (i % 3 === 0 ? 1 : 0)));
      be.run(launch(compiled(ir), [arg(a), arg(r)], [10], arg(m)));
      expect([...(await readF32(be, r))]).toEqual([3, -7, -7, 12, -7, -7, 21, -7, -7, 30]);
    }
  });
});
