import { describe, expect, it } from 'vitest';
import { createCpuRuntime } from '../../runtime/brt/index.js';
import { F, F4, add, assign, cst, inp, kernel, mul, out, p, P, red, splat } from '../brt/ir.js';

describe('smoke', () => {
  it('saxpy float4', async () => {
    const rt = createCpuRuntime({ cpu: {} });
    const saxpy = kernel('saxpy', 'map', [cst('a', F), inp('x', F4), inp('y', F4), out('r', F4)], () => [
      assign(P(3), add(mul(splat(F4, p(0)), p(1)), p(2))),
    ]);
    const x = rt.createStream('x', F4, [3]);
    const y = rt.createStream('y', F4, [3]);
    const r = rt.createStream('r', F4, [3]);
    await rt.streamRead(x, Array.from({ length: 12 }, (_, i) => i));
    await rt.streamRead(y, Array.from({ length: 12 }, () => 0.5));
    rt.call(saxpy, [2, x, y, r]);
    const o = new Float32Array(12);
    await rt.streamWrite(r, o);
    expect([...o]).toEqual(Array.from({ length: 12 }, (_, i) => 2 * i + 0.5));
    expect(await rt.streamPrint(r)).toBe('{0.50, 2.50, 4.50, 6.50}{8.50, 10.50, 12.50, 14.50}{16.50, 18.50, 20.50, 22.50}\n');
    const sum = kernel('sum', 'reduce', [inp('a', F), red('r', F)], () => [assign(P(1), add(p(1), p(0)))]);
    const s = rt.createStream('s', F, [5]);
    await rt.streamRead(s, [1, 2, 3, 4, 5]);
    expect(await rt.reduceToValue(sum, [s, 0])).toBe(15);
  });
});
