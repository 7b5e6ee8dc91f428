/**
 * Backend-independent stream rules: shapes, domains, host arrays (length and element type),
 * streamSize, streamSwap, free, and the error codes and hints they raise.
 */
import { describe, expect, it } from 'vitest';
import { BrookRuntimeError, renderRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { SourceSet } from '../../runtime/compiler/source.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { F, F2, F4, I, add, assign, inp, kernel, out, p, P } from './ir.js';

function caught(f: () => unknown): BrookRuntimeError {
  try {
    f();
  } catch (e) {
    if (e instanceof BrookRuntimeError) return e;
    throw e;
  }
  throw new Error('expected a BrookRuntimeError');
}

async function caughtAsync(f: () => Promise<unknown>): Promise<BrookRuntimeError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof BrookRuntimeError) return e;
    throw e;
  }
  throw new Error('expected a BrookRuntimeError');
}

describe('stream shapes', () => {
  it('rejects ranks outside 1..4 and bad extents (BRK5001)', () => {
    const rt = createCpuRuntime();
    expect(caught(() => rt.createStream('s', F, [1, 2, 3, 4, 5])).code).toBe('BRK5001');
    expect(caught(() => rt.createStream('s', F, [2.5])).message).toContain('2.5');
    expect(caught(() => rt.createStream('s', F, [-1])).code).toBe('BRK5001');
  });

  it('streamSize: x = last extent, then the others, unused 0', () => {
    const rt = createCpuRuntime();
    expect(rt.streamSize(rt.createStream('a', F, [10, 5]))).toEqual([5, 10, 0, 0]);
    expect(rt.streamSize(rt.createStream('b', F, [2, 3, 4]))).toEqual([4, 3, 2, 0]);
    const c = rt.createStream('c', F, [10, 10]);
    expect(rt.streamSize(rt.domain(c, [2, 3], [4, 8]))).toEqual([5, 2, 0, 0]);
  });

  it('a stream too large for the backend names both sizes (BRK5009)', () => {
    const rt = createCpuRuntime();
    const e = caught(() => rt.createStream('huge', F4, [1 << 15, 1 << 15]));
    expect(e.code).toBe('BRK5009');
    expect(e.message).toContain(String(2 ** 34));
    expect(e.message).toContain(String(rt.backend.limits.maxBufferBytes));
  });
});

describe('domains', () => {
  it('out of range or of the wrong rank is BRK5004 naming the extents', () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F, [4, 6]);
    const e = caught(() => rt.domain(s, [0, 2], [5, 6]));
    expect(e.code).toBe('BRK5004');
    expect(e.message).toContain('extent 4');
    expect(caught(() => rt.domain(s, [0], [1])).code).toBe('BRK5004');
  });

  it('a domain of a domain is relative and read/write go through it', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F, [4, 4]);
    await rt.streamRead(s, Array.from({ length: 16 }, (_, i) => i));
    const d = rt.domain(rt.domain(s, [1, 1], [4, 4]), [1, 0], [3, 2]);
    expect(d.lo).toEqual([2, 1]);
    const o = new Float32Array(4);
    await rt.streamWrite(d, o);
    expect([...o]).toEqual([9, 10, 13, 14]);
    await rt.streamRead(d, [-1, -2, -3, -4]);
    const all = new Float32Array(16);
    await rt.streamWrite(s, all);
    expect([...all]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, 11, 12, -3, -4, 15]);
  });
});

describe('host arrays', () => {
  it('too short names both counts (BRK5002)', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F4, [10]);
    const e = await caughtAsync(() => rt.streamRead(s, new Float32Array(39)));
    expect(e.code).toBe('BRK5002');
    expect(e.message).toBe("streamRead: host array has room for 9 elements of float4, but 's' needs 10");
    expect(e.hint).toContain('160 bytes');
  });

  it('wrong element type (BRK5003): Int32Array into a float stream, Float64Array', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F, [4]);
    expect((await caughtAsync(() => rt.streamRead(s, new Int32Array(4)))).code).toBe('BRK5003');
    const e = await caughtAsync(() => rt.streamWrite(s, new Float64Array(4)));
    expect(e.message).toContain('Float64Array');
    expect(e.hint).toContain('Float32Array');
  });

  it('a C pointer: float* feeds a float4 stream, int* does not; bytes bound the copy', async () => {
    const rt = createCpuRuntime();
    const s = rt.createStream('s', F4, [2]);
    const mem = { buffer: new ArrayBuffer(64) };
    new Float32Array(mem.buffer, 16, 8).set([1, 2, 3, 4, 5, 6, 7, 8]);
    await rt.streamRead(s, { mem, off: 16, bytes: 32, elem: F });
    expect(await rt.streamPrint(s)).toBe('{1.00, 2.00, 3.00, 4.00}{5.00, 6.00, 7.00, 8.00}\n');
    expect((await caughtAsync(() => rt.streamRead(s, { mem, off: 16, bytes: 32, elem: I }))).code).toBe('BRK5003');
    expect((await caughtAsync(() => rt.streamRead(s, { mem, off: 16, bytes: 28, elem: F }))).code).toBe('BRK5002');
    await rt.streamWrite(s, { mem, off: 0, elem: F4 });
    expect([...new Float32Array(mem.buffer, 0, 8)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('number[] converts per component kind, struct streams accept raw words', async () => {
    const rt = createCpuRuntime();
    const S = { kind: 'struct' as const, name: 'S', fields: [{ name: 'a', type: F }, { name: 'n', type: I }] };
    const s = rt.createStream('s', S, [2]);
    await rt.streamRead(s, [1.5, 7, 2.5, -3]);
    const raw = new Uint32Array(4);
    await rt.streamWrite(s, raw);
    expect(new Float32Array(raw.buffer)[0]).toBe(1.5);
    expect(new Int32Array(raw.buffer)[1]).toBe(7);
    expect(new Int32Array(raw.buffer)[3]).toBe(-3);
    const back: number[] = [0, 0, 0, 0];
    await rt.streamWrite(s, back);
    expect(back).toEqual([1.5, 7, 2.5, -3]);
  });
});

describe('streamSwap, free, live streams', () => {
  it('swaps shapes and contents; different element types are BRK5018', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [2]);
    const b = rt.createStream('b', F, [3]);
    await rt.streamRead(a, [1, 2]);
    await rt.streamRead(b, [3, 4, 5]);
    rt.streamSwap(a, b);
    expect(await rt.streamPrint(a)).toBe('3.00 4.00 5.00 \n');
    expect(b.shape).toEqual([2]);
    expect(caught(() => rt.streamSwap(a, rt.createStream('c', F2, [2]))).code).toBe('BRK5018');
  });

  it('a freed stream is gone from liveStreams and using it is BRK5011', async () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [2]);
    expect(rt.liveStreams()).toContain(a);
    rt.free(a);
    expect(rt.liveStreams()).not.toContain(a);
    expect((await caughtAsync(() => rt.streamPrint(a))).code).toBe('BRK5011');
  });
});

describe('kernel call checks', () => {
  const copy = () => kernel('copy', 'map', [inp('a', F), out('b', F), out('c', F)], () => [assign(P(1), p(0)), assign(P(2), p(0))]);
  it('outputs of different shapes (BRK5005), rank mismatch (BRK5006), wrong count (BRK5012)', () => {
    const rt = createCpuRuntime();
    const a = rt.createStream('a', F, [4]);
    const e = caught(() => rt.call(copy(), [a, rt.createStream('b', F, [4]), rt.createStream('c', F, [5])]));
    expect(e.code).toBe('BRK5005');
    expect(e.message).toContain("'b' <4>, 'c' <5>");
    const r = caught(() => rt.call(copy(), [rt.createStream('x', F, [2, 2]), rt.createStream('y', F, [4]), rt.createStream('z', F, [4])]));
    expect(r.code).toBe('BRK5006');
    expect(r.message).toContain('rank 2');
    expect(caught(() => rt.call(copy(), [a, a])).code).toBe('BRK5012');
  });

  it('element type mismatch (BRK5015), iterator as output (BRK5023), stream for a constant (BRK5013)', () => {
    const rt = createCpuRuntime();
    const k1 = kernel('k1', 'map', [inp('a', F), out('b', F)], () => [assign(P(1), p(0))]);
    expect(caught(() => rt.call(k1, [rt.createStream('a', F2, [2]), rt.createStream('b', F, [2])])).code).toBe('BRK5015');
    const it = rt.createIter('it', F, [2], [0], [1]);
    expect(caught(() => rt.call(k1, [rt.createStream('a', F, [2]), it])).code).toBe('BRK5023');
    const k2 = kernel('k2', 'map', [{ ...inp('c', F), role: 'const' }, out('b', F)], () => [assign(P(1), p(0))]);
    expect(caught(() => rt.call(k2, [rt.createStream('a', F, [2]), rt.createStream('b', F, [2])])).code).toBe('BRK5013');
  });

  it('a stream both gathered and written: the gather reads the values from before the call (BROOK.md 4)', async () => {
    const rt = createCpuRuntime();
    // b = g[0] + 1 over s = [1, 2, 3]: before-call values give [2, 2, 2]; reading as the call writes
    // would give [2, 3, 4].
    const k1 = kernel('k1', 'map', [{ ...inp('g', F), role: 'gather', gatherDims: 1 }, out('b', F)], () => [
      assign(P(1), add({ op: 'gather', param: 0, index: [{ op: 'const', type: F, value: [0] }], type: F }, { op: 'const', type: F, value: [1] })),
    ]);
    const s = rt.createStream('s', F, [3]);
    await rt.streamRead(s, new Float32Array([1, 2, 3]));
    rt.call(k1, [s, s]);
    const o = new Float32Array(3);
    await rt.streamWrite(s, o);
    expect([...o]).toEqual([2, 2, 2]);
  });

  it('the runtime error renders with the span the generated code passed', () => {
    const rt = createCpuRuntime();
    const src = new SourceSet();
    const text = 'float s<4>;\nfloat t<5>;\nk(s, t, u);\n';
    const file = src.add('prog.br', text);
    const at = text.indexOf('k(s');
    const span = { file: file.id, start: at, end: at + 10 };
    const a = rt.createStream('a', F, [4]);
    const e = caught(() => rt.call(copy(), [a, rt.createStream('b', F, [4]), rt.createStream('c', F, [5])], span));
    expect(renderRuntimeError(src, e)).toBe(
      "prog.br:3:1: error: BRK5005: outputs of kernel 'copy' have different shapes: 'b' <4>, 'c' <5>\n" +
        ' 3 | k(s, t, u);\n' +
        '   | ^~~~~~~~~~\n' +
        'hint: all outputs of one kernel call must have the same shape; declare them alike or pass domains of equal size',
    );
  });
});
