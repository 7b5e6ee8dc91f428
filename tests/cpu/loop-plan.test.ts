/**
 * The CPU loop plan (runtime/compiler/codegen/loop-plan.ts) decides the walk once, and both CPU kernel
 * writers print it: coordinates kept only when something reads them, row segments cut at chunk ends
 * for full reductions, a stream's address running along a row unless its fastest dimension is resized.
 * The writers' results agree bit for bit elsewhere (wasm.test.ts); here: the decisions, and that
 * each writer's code follows them (the JavaScript text; the launch values the WebAssembly wrapper
 * reads), and values computed through each kind of walk against a hand computation.
 */
import { describe, expect, it } from 'vitest';
import { planLoop, streamWalk, whereAlong, type JsPlan } from '../../runtime/compiler/codegen/loop-plan.js';
import { generateKernelSource } from '../../runtime/compiler/codegen/js/index.js';
import { generateKernelWasm } from '../../runtime/compiler/codegen/wasm/index.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, add, assign, inp, itr, kernel, mul, out, p, P, red } from '../brt/ir.js';

const saxpy = kernel('lp_saxpy', 'map', [inp('x', F), inp('y', F), out('r', F)], () => [assign(P(2), add(mul(p(0), p(0)), p(1)))]);
const sum = kernel('lp_sum', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(p(1), p(0)))]);
const ramp = kernel('lp_ramp', 'map', [itr('t', F), out('r', F)], () => [assign(P(1), p(0))]);

const map = (access: (string | null)[]): JsPlan => ({ mode: 'map', access, mask: null });

describe('CPU loop plan', () => {
  it('streamWalk: linear walks run from base + i; a resized fastest dimension is computed per element', () => {
    expect(streamWalk('linear')).toEqual({ linear: true, forms: 'iiii', running: true });
    expect(streamWalk('table')).toEqual({ linear: false, forms: 'rrrr', running: false });
    expect(streamWalk('riii')).toEqual({ linear: false, forms: 'riii', running: true });
    expect(streamWalk('iiir')).toEqual({ linear: false, forms: 'iiir', running: false });
    expect(() => streamWalk('bogus')).toThrow(/unknown access/);
    expect([-1, 0, 1, 2, 3].map(whereAlong)).toEqual(['launch', 'row', 'row', 'row', 'element']);
  });

  it('keeps coordinates only when something reads them', () => {
    expect(planLoop(saxpy.ir, map(['linear', 'linear', 'linear'])).usesCoords).toBe(false);
    expect(planLoop(saxpy.ir, map(['linear', 'iiir', 'linear'])).usesCoords).toBe(true);
    // An iterator that follows no dimension stays at lo: nothing reads the coordinates.
    expect(planLoop(ramp.ir, { ...map([null, 'linear']), iterDims: [[-1], null] }).usesCoords).toBe(false);
    expect(planLoop(ramp.ir, { ...map([null, 'linear']), iterDims: [[3], null] }).usesCoords).toBe(true);
    const all = planLoop(sum.ir, { mode: 'reduceAll', access: ['linear', null], mask: null });
    expect(all).toMatchObject({ usesCoords: false, chunked: true, firstSeeds: true });
    expect(planLoop(sum.ir, { mode: 'reduceBlocks', access: ['linear', null], mask: null, target: 'linear' })).toMatchObject({ usesCoords: true, chunked: false, firstSeeds: true });
  });

  it('both writers print the plan: coordinates, chunk cuts, row bases', () => {
    const linear = map(['linear', 'linear', 'linear']);
    const resized = map(['linear', 'iiir', 'linear']);
    const js = (plan: JsPlan) => generateKernelSource(saxpy.ir, plan, saxpy.facts);
    const wasm = (plan: JsPlan) => generateKernelWasm(saxpy.ir, plan, saxpy.facts).wrapper;
    expect(js(linear)).not.toContain('let c3 =');
    expect(js(resized)).toContain('let c3 = start % E3');
    // The WebAssembly kernel reads a stream's strides only where its walk has a row base.
    expect(wasm(linear)).not.toContain('L.args[1].S[0]');
    expect(wasm(resized)).toContain('L.args[1].S[0]');
    const reduce: JsPlan = { mode: 'reduceAll', access: ['linear', null], mask: null };
    expect(generateKernelSource(sum.ir, reduce, sum.facts)).toContain('if (stop > chunkEnd) stop = chunkEnd;');
    expect(generateKernelWasm(sum.ir, reduce, sum.facts).wrapper).toContain('L.chunk');
  });

  it('values through each walk match a hand computation (JavaScript and WebAssembly kernels)', async () => {
    for (const wasmOn of [false, true]) {
      const rt = createCpuRuntime({ cpu: { wasm: wasmOn } });
      const n = 1000;
      const x = rt.createStream('x', F, [n]);
      const y = rt.createStream('y', F, [n / 2]); // resized onto n positions: y[floor(i / 2)]
      const r = rt.createStream('r', F, [n]);
      const xs = Array.from({ length: n }, (_, i) => (i % 17) - 8);
      const ys = Array.from({ length: n / 2 }, (_, i) => i * 0.5);
      await rt.streamRead(x, xs);
      await rt.streamRead(y, ys);
      rt.call(saxpy, [x, y, r]);
      const got = new Float32Array(n);
      await rt.streamWrite(r, got);
      for (let i = 0; i < n; i++) expect(got[i]).toBe(Math.fround(Math.fround(xs[i]! * xs[i]!) + ys[Math.floor(i / 2)]!));
      let want = 0;
      for (const v of xs) want += v; // small whole numbers: exact in any order
      expect(await rt.reduceToValue(sum, [x, 0])).toBe(want);
      await rt.finish();
    }
  });
});
