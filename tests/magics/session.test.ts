import { describe, expect, it } from 'vitest';
import { BrookSession, BrookCellError } from '../../magics/session.js';
import { BrookStream, kernelFunction } from '../../magics/handles.js';

function collector() {
  const out: string[] = [];
  const err: string[] = [];
  return { sink: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t) }, out, err };
}

describe('Brook notebook session (cpu)', () => {
  it('keeps streams and kernels across cells and reads TypeScript arrays', async () => {
    const globals: Record<string, unknown> = { X: Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8]), Y: new Float32Array(8).fill(0.5) };
    const s = new BrookSession(() => globals, { backend: 'cpu' });
    const c = collector();
    await s.runCell(
      'kernel void saxpy(float a, float4 x<>, float4 y<>, out float4 result<>) { result = a * x + y; }\n' +
        'float4 x<2>, y<2>, result<2>;\nstreamRead(x, X); streamRead(y, Y);\nsaxpy(2.0f, x, y, result);\n',
      1, 'cell[1]', c.sink,
    );
    const second = await s.runCell('streamPrint(result);\nresult', 1, 'cell[2]', c.sink);
    // 2 * X + 0.5, printed with %3.2f per component.
    expect(c.out.join('')).toContain('{2.50, 4.50, 6.50, 8.50}');
    expect(c.out.join('')).toContain('{10.50, 12.50, 14.50, 16.50}');
    expect(second.value).toBe(s.streamNamed('result'));
    const handle = new BrookStream(s, 'result');
    expect(handle.shape).toEqual([2]);
    expect(handle.elementType).toBe('float4');
    expect(Array.from(await handle.toArray())).toEqual([2.5, 4.5, 6.5, 8.5, 10.5, 12.5, 14.5, 16.5]);
    // The kernel as a TypeScript function: saxpy(3, x, y, result).
    await kernelFunction(s, 'saxpy')(3, new BrookStream(s, 'x'), new BrookStream(s, 'y'), handle);
    expect(Array.from(await handle.toArray())).toEqual([3.5, 6.5, 9.5, 12.5, 15.5, 18.5, 21.5, 24.5]);
    const t = await handle.toTable();
    expect(t.columnNames()).toEqual(['i', 'x', 'y', 'z', 'w']);
    expect(t.filter('d => d.x > 10').numRows()).toBe(1);
    s.dispose();
  });

  it('a failing cell reports the cell line with a caret and leaves the streams intact', async () => {
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    const c = collector();
    await s.runCell('float a<4>;\nkernel void one(out float o<>) { o = 1.0f; }\none(a);', 1, 'cell[1]', c.sink);
    let err: unknown;
    try {
      await s.runCell('one(a);\nfoo(a);', 1, 'cell[2]', c.sink);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BrookCellError);
    const e = err as BrookCellError;
    expect(e.ename).toBe('BrookCompileError');
    // The body starts on cell line 2 (line 1 is %%brook): foo is on line 3, column 1.
    expect(e.rendered[0]).toMatch(/^cell\[2\]:3:1: error:/);
    expect(e.rendered[0]).toContain('^');
    const c2 = collector();
    await s.runCell('streamPrint(a);', 1, 'cell[3]', c2.sink);
    expect(c2.out.join('').replace(/\s+/g, ' ').trim()).toBe('1.00 1.00 1.00 1.00');
    s.dispose();
  });

  it('a runtime error names the cell line and the session goes on', async () => {
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    const c = collector();
    await s.runCell('kernel void k(float a<>, out float o<>) { o = a; }\nfloat a<4>;\nfloat b<3, 2>;', 1, 'cell[1]', c.sink);
    let err: unknown;
    try {
      await s.runCell('\nk(a, b);', 1, 'cell[2]', c.sink);
    } catch (e) {
      err = e;
    }
    expect((err as BrookCellError).ename).toBe('BrookRuntimeError');
    expect((err as BrookCellError).rendered[0]).toMatch(/^cell\[2\]:3:1: error: BRK5/);
    expect(s.streamNamed('a')?.shape).toEqual([4]);
    s.dispose();
  });

  it('re-declaring a stream replaces it and frees the old one', async () => {
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    const c = collector();
    await s.runCell('float a<1000>;', 1, 'cell[1]', c.sink);
    const rt = await s.rt();
    const before = rt.liveStreams().length;
    for (let i = 0; i < 20; i++) await s.runCell('float a<1000>;', 1, `cell[${i + 2}]`, c.sink);
    expect(rt.liveStreams().length).toBe(before);
    s.dispose();
  });

  it('TypeScript values used as C numbers are checked: a number passes, a string is a clear error', async () => {
    const s = new BrookSession(() => ({ N: 2.5, STR: 'hello', V: [1, 2, 3, 4] }), { backend: 'cpu' });
    const c = collector();
    await s.runCell('float k = N * 2.0f;\nfloat4 v = V;\nprintf("%g %g\\n", k, v.w);', 1, 'cell[1]', c.sink);
    expect(c.out.join('')).toBe('5 4\n');
    let err: unknown;
    try {
      await s.runCell('\nfloat j = STR;', 1, 'cell[2]', c.sink);
    } catch (e) {
      err = e;
    }
    expect((err as BrookCellError).ename).toBe('BrookRuntimeError');
    expect((err as BrookCellError).rendered[0]).toMatch(/^cell\[2\]:3:11: error: BRK5102: a notebook value used here is the string "hello", but a number is needed/);
    s.dispose();
  });
});
