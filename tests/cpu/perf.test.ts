/**
 * A float4 saxpy over 2^22 elements on the CPU backend gives exactly the float32 results of the plain
 * JavaScript loop a programmer would write; the log shows both times and their ratio. The speed target
 * (within 2x of the plain loop) is the bench's: `node dist/bench/run.js --backend cpu --only cpu.saxpy`
 * (bench/README.md), never asserted here, because timings on a shared machine swing by 2x.
 */
import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, F4, add, assign, cst, inp, kernel, mul, out, p, P, splat } from '../brt/ir.js';

function best(runs: number, f: () => void): number {
  let t = Infinity;
  for (let r = 0; r < runs; r++) {
    const s = performance.now();
    f();
    t = Math.min(t, performance.now() - s);
  }
  return t;
}

describe('CPU backend speed', () => {
  it('float4 saxpy of 2^22 elements: exact float32 results (speed: the bench case cpu.saxpy)', async () => {
    const n = 1 << 22;
    const rt = createCpuRuntime({ cpu: {} });
    const saxpy = kernel('saxpy', 'map', [cst('a', F), inp('x', F4), inp('y', F4), out('r', F4)], () => [
      assign(P(3), add(mul(splat(F4, p(0)), p(1)), p(2))),
    ]);
    const X = new Float32Array(4 * n).map((_, i) => (i % 1000) * 0.5);
    const Y = new Float32Array(4 * n).map((_, i) => (i % 7) - 3);
    const x = rt.createStream('x', F4, [n]);
    const y = rt.createStream('y', F4, [n]);
    const r = rt.createStream('r', F4, [n]);
    await rt.streamRead(x, X);
    await rt.streamRead(y, Y);
    const R = new Float32Array(4 * n);
    const a = 2.5;
    const plain = () => {
      for (let i = 0; i < 4 * n; i++) R[i] = a * X[i]! + Y[i]!;
    };
    const viaBrook = () => rt.call(saxpy, [a, x, y, r]);
    // Interleaved, so a neighbour's burst of load hits both sides alike.
    let loop = Infinity;
    let brook = Infinity;
    for (let round = 0; round < 8; round++) {
      loop = Math.min(loop, best(1, plain));
      brook = Math.min(brook, best(1, viaBrook));
    }
    const got = new Float32Array(4 * n);
    await rt.streamWrite(r, got);
    let mismatches = 0;
    for (let i = 0; i < 4 * n; i++) if (got[i] !== Math.fround(R[i]!)) mismatches++;
    expect(mismatches).toBe(0);
    console.log(`saxpy float4 2^22: plain loop ${loop.toFixed(1)} ms, Brook CPU ${brook.toFixed(1)} ms, ratio ${(brook / loop).toFixed(2)}`);
    rt.dispose();
  });
});
