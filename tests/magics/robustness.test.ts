/**
 * What a tired user types into `%%brook` cells, through the BrookSession API (magics/session.ts), on the
 * CPU backend and, when a WebGPU adapter exists (lavapipe here and in CI), on WebGPU too.
 *
 * One session per backend plays a notebook: a first cell makes streams `a` (from a TypeScript array)
 * and `b = a + 1`; then every bad cell must fail with a BrookCellError (never a raw TypeError: that is a
 * crash in the notebook) whose first rendered line is `cell[N]:LINE:COL: error: CODE`, followed by the
 * source line and a caret under COL, and a hint; and afterwards `a` and `b` still hold their values (read
 * back and compared with a float64 reference computed here).
 *
 * Cells are run with firstLine = 1, as the kernel does (line 1 of the cell is `%%brook`), so the body's
 * first line is cell line 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrookCellError, BrookSession } from '../../magics/session.js';
import { BrookStream, kernelFunction } from '../../magics/handles.js';
import { BrookRuntimeError } from '../../runtime/compiler/index.js';
import { createRuntime } from '../../runtime/backends/index.js';
import type { Backend } from '../../runtime/brt/api.js';

/** Whether a real WebGPU adapter exists (the runtime must not have fallen back to the CPU). */
async function webgpuAvailable(): Promise<boolean> {
  try {
    const rt = await createRuntime({ backend: 'webgpu', env: {} });
    const ok = rt.backend.name === 'webgpu';
    rt.dispose();
    return ok;
  } catch {
    return false;
  }
}

const BACKENDS: ('cpu' | 'webgpu')[] = (await webgpuAvailable()) ? ['cpu', 'webgpu'] : ['cpu'];

const N = 64;
/** Exactly representable values: a + 1 and 2a + 3 are exact in float32 too. */
const H = Float32Array.from({ length: N }, (_, i) => i * 0.75 - 10);
const A_WANT = Array.from(H, Number);
const B_WANT = A_WANT.map((v) => v + 1);

const SETUP = `kernel void add1(float a<>, out float b<>) { b = a + 1.0f; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
float a<${N}>, b<${N}>;
streamRead(a, H);
add1(a, b);`;

function sinkOf() {
  const out: string[] = [];
  const err: string[] = [];
  return { sink: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t) }, out, err };
}

interface Expected {
  ename: 'BrookCompileError' | 'BrookRuntimeError';
  code: string;
  line: number;
  col: number;
  /** Part of the message that says what is wrong. */
  says: RegExp;
}

describe.each(BACKENDS)('brook cells a tired user types (%s)', (backend) => {
  let s: BrookSession;
  let count = 0;
  const globals: Record<string, unknown> = { H, STR: 'hello', NUM: 3, UND: undefined, OBJ: { x: 1 } };

  async function run(body: string) {
    const c = sinkOf();
    const label = `cell[${++count}]`;
    const outcome = await s.runCell(body, 1, label, c.sink);
    return { ...c, outcome, label };
  }

  async function read(name: string): Promise<number[]> {
    return Array.from(await new BrookStream(s, name).toArray());
  }

  /** `a` and `b` hold what the first cell put there. */
  async function expectIntact(): Promise<void> {
    expect(await read('a')).toEqual(A_WANT);
    expect(await read('b')).toEqual(B_WANT);
  }

  /**
   * Runs a bad cell twice (a tired user re-runs it unchanged); each time checks the error's kind, code,
   * position and caret, and that nothing else broke.
   */
  async function expectCellError(body: string, want: Expected): Promise<void> {
    await expectCellErrorOnce(body, want);
    await expectCellErrorOnce(body, want);
  }

  async function expectCellErrorOnce(body: string, want: Expected): Promise<void> {
    const label = `cell[${++count}]`;
    const err = await s.runCell(body, 1, label, sinkOf().sink).then(() => undefined, (e: unknown) => e);
    if (!(err instanceof BrookCellError)) throw new Error(`expected a BrookCellError, got ${err instanceof Error ? err.stack : String(err)}`);
    expect(err.ename).toBe(want.ename);
    expect(err.summary).toMatch(new RegExp(`^${want.code}: `));
    expect(err.summary).toMatch(want.says);
    const text = err.rendered[0]!;
    const lines = text.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${label.replace(/[[\]]/g, '\\$&')}:${want.line}:${want.col}: error: ${want.code}: `));
    // The source line, then the caret under the column.
    const src = lines.findIndex((l) => new RegExp(`^\\s*${want.line} \\| `).test(l));
    expect(src, text).toBeGreaterThan(0);
    const gutter = lines[src]!.indexOf('| ') + 2;
    expect(body.split('\n')[want.line - 2]).toBe(lines[src]!.slice(gutter));
    expect(lines[src + 1]!.indexOf('^'), text).toBe(gutter + want.col - 1);
    expect(text).toMatch(/\nhint: \S/);
    await expectIntact();
  }

  beforeAll(async () => {
    s = new BrookSession(() => globals, { backend });
    await run(SETUP);
    expect((await s.rt()).backend.name).toBe(backend);
    await expectIntact();
  });
  afterAll(() => s?.dispose());

  it('a missing semicolon', async () => {
    await expectCellError('float c<4>\nstreamRead(c, H);', { ename: 'BrookCompileError', code: 'BRK1201', line: 2, col: 11, says: /expected ';'/ });
    expect(s.streamNamed('c')).toBeUndefined();
  });

  it('unbalanced braces, both ways; the half-written kernel is not defined', async () => {
    await expectCellError('kernel void twice(float a<>, out float b<>) { b = a * 2.0f;\nfloat d<4>;', { ename: 'BrookCompileError', code: 'BRK1204', line: 2, col: 45, says: /unmatched '\{'/ });
    await expectCellError('float e<4>; }', { ename: 'BrookCompileError', code: 'BRK1203', line: 2, col: 13, says: /unmatched '\}'/ });
    await expectCellError('float d<4>;\ntwice(a, d);', { ename: 'BrookCompileError', code: 'BRK2001', line: 3, col: 1, says: /twice/ });
  });

  it('a kernel called with a host array', async () => {
    await expectCellError('float h[4];\nadd1(h, b);', { ename: 'BrookCompileError', code: 'BRK2302', line: 3, col: 6, says: /expected a stream .* 'h' is an array/ });
  });

  it('a stream used in host arithmetic', async () => {
    await expectCellError('float z;\nz = a + 1.0f;', { ename: 'BrookCompileError', code: 'BRK2120', line: 3, col: 5, says: /stream 'a' has no value in host code/ });
  });

  it('streamRead from a TypeScript name that does not exist', async () => {
    await expectCellError('float q<4>;\nstreamRead(q, NOPE);', { ename: 'BrookCompileError', code: 'BRK2001', line: 3, col: 15, says: /unknown identifier 'NOPE'/ });
  });

  it('streamRead from a TypeScript string or number: a Brook error, not a TypeError', async () => {
    await expectCellError('float q<4>;\nstreamRead(q, STR);', { ename: 'BrookRuntimeError', code: 'BRK5003', line: 3, col: 1, says: /value of type string/ });
    await expectCellError('float q<4>;\n  streamRead(q, NUM);', { ename: 'BrookRuntimeError', code: 'BRK5003', line: 3, col: 3, says: /value of type number/ });
  });

  it('a TypeScript string, undefined or object passed to a kernel: a Brook error naming it, not a TypeError', async () => {
    const k = { ename: 'BrookRuntimeError', code: 'BRK5013', line: 3, col: 1 } as const;
    await run('kernel void addk(float a<>, float k, out float c<>) { c = a + k; }\nfloat ck<64>;');
    await expectCellError('\naddk(STR, 1.0f, ck);', { ...k, says: /argument 'a' of kernel 'addk' expects an input stream of float, but the call passes a string$/ });
    await expectCellError('\naddk(UND, 1.0f, ck);', { ...k, says: /passes undefined$/ });
    await expectCellError('\naddk(OBJ, 1.0f, ck);', { ...k, says: /passes an object that is not a stream$/ });
    await expectCellError('\naddk(a, STR, ck);', { ...k, says: /argument 'k' of kernel 'addk' expects a value of type float, but the call passes a string$/ });
    expect(await read('ck')).toEqual(new Array(N).fill(0));
  });

  it('a reduce into a stream of the wrong shape or rank', async () => {
    await expectCellError('float r3<3>;\nsum(a, r3);', { ename: 'BrookRuntimeError', code: 'BRK5007', line: 3, col: 1, says: /not a multiple/ });
    await expectCellError('float r2<2, 2>;\nsum(a, r2);', { ename: 'BrookRuntimeError', code: 'BRK5008', line: 3, col: 1, says: /rank 2/ });
    // A right one still works afterwards: 64 values in 4 blocks of 16.
    await run('float r4<4>;\nsum(a, r4);');
    const want = [0, 1, 2, 3].map((j) => A_WANT.slice(16 * j, 16 * j + 16).reduce((x, y) => x + y, 0));
    expect(await read('r4')).toEqual(want);
  });

  it('a runtime error in the middle of a cell: what ran before it stays, what follows does not run', async () => {
    await expectCellError('float m<64>, bad<3, 2>, after<64>;\nadd1(b, m);\n\nadd1(a, bad);\nadd1(m, after);', {
      ename: 'BrookRuntimeError', code: 'BRK5006', line: 5, col: 1, says: /argument 'a' of kernel 'add1' has rank 1 .* output has rank 2/,
    });
    expect(await read('m')).toEqual(B_WANT.map((v) => v + 1));
    expect(await read('after')).toEqual(new Array(N).fill(0));
  });

  it('every good cell run twice (the first one too) gives the same streams, values and stream count as running it once', async () => {
    const cells = [
      SETUP,
      'float4 p<16>;\nstreamRead(p, H);',
      'kernel void axpb(float4 x<>, float k, out float4 y<>) { y = k * x + 3.0f; }\nfloat4 pq<16>;\naxpb(p, 2.0f, pq);',
      'float total;\nsum(b, total);',
    ];
    const rt = await s.rt();
    for (const body of cells) {
      await run(body);
      const live = rt.liveStreams().length;
      await run(body);
      expect(rt.liveStreams().length).toBe(live);
    }
    expect(await read('p')).toEqual(A_WANT);
    expect(await read('pq')).toEqual(A_WANT.map((v) => 2 * v + 3));
    const total = await run('total');
    expect(total.outcome.value).toBe(B_WANT.reduce((x, y) => x + y, 0));
    await expectIntact();
  });

  it('a kernel redefined with another signature: the new one runs, a call in the old form is an error', async () => {
    await run('kernel void scale(float x<>, out float y<>) { y = x * 2.0f; }\nfloat sc<64>;\nscale(a, sc);');
    expect(await read('sc')).toEqual(A_WANT.map((v) => 2 * v));
    await run('kernel void scale(float x<>, float k, float c, out float y<>) { y = x * k + c; }\nscale(a, 3.0f, 0.5f, sc);');
    expect(await read('sc')).toEqual(A_WANT.map((v) => 3 * v + 0.5));
    await expectCellError('\nscale(a, sc);', { ename: 'BrookCompileError', code: 'BRK2301', line: 3, col: 1, says: /expects 4 arguments, got 2/ });
    expect(await read('sc')).toEqual(A_WANT.map((v) => 3 * v + 0.5));
  });

  it('from TypeScript: wrong arguments to a kernel or to stream.read() are Brook errors and change nothing', async () => {
    const add1 = kernelFunction(s, 'add1');
    const a = new BrookStream(s, 'a');
    const b = new BrookStream(s, 'b');
    const fails = async (f: () => Promise<unknown>, code: string, says: RegExp) => {
      const e = await f().then(() => undefined, (x: unknown) => x);
      expect(e, String(e)).toBeInstanceOf(BrookRuntimeError);
      expect((e as BrookRuntimeError).code).toBe(code);
      expect((e as Error).message).toMatch(says);
      expect((e as BrookRuntimeError).hint).toBeTruthy();
    };
    await fails(async () => add1(H, b), 'BRK5013', /expects an input stream of float/);
    await fails(async () => add1('a', b), 'BRK5903', /argument 1 of kernel 'add1' is string/);
    await fails(async () => add1(a), 'BRK5905', /takes 2 arguments, 1 given/);
    // A string is array-like: Array.from would read its 64 characters as 64 NaNs, silently.
    await fails(() => a.read('x'.repeat(N) as never), 'BRK5906', /a\.read\(\) was given a string/);
    await fails(() => a.read({ x: 1 } as never), 'BRK5906', /an object that is not an array/);
    await fails(() => a.read([1, 2, 'x', 4] as never), 'BRK5906', /element 2 is a string/);
    await fails(() => a.read([1, 2]), 'BRK5002', /needs 64/);
    await expectIntact();
  });

  it('a stream redeclared with another shape and element type replaces the old one', async () => {
    const rt = await s.rt();
    await run('float w<8>;\nstreamRead(w, H);');
    const live = rt.liveStreams().length;
    await run('int2 w<2, 3>;');
    const w = s.streamNamed('w')!;
    expect(w.shape).toEqual([2, 3]);
    expect(new BrookStream(s, 'w').elementType).toBe('int2');
    expect(rt.liveStreams().length).toBe(live);
    expect(Array.from(await new BrookStream(s, 'w').toArray())).toEqual(new Array(12).fill(0));
    await run('kernel void idx(out int2 o<>) { o = int2(indexof(o).x, indexof(o).y); }\nidx(w);');
    // indexof of a 2-D stream: x is the column (0..2), y the row (0..1).
    expect(Array.from(await new BrookStream(s, 'w').toArray())).toEqual([0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1]);
    await expectIntact();
  });
});

describe.each(BACKENDS)('stream memory over re-runs (%s)', (backend) => {
  it('100 re-runs of a cell declaring a 1 MiB stream keep the live streams and device bytes flat', async () => {
    const big = Float32Array.from({ length: 262144 }, (_, i) => (i % 1000) * 0.5);
    const s = new BrookSession(() => ({ BIG: big }), { backend });
    try {
      const rt = await s.rt();
      // Count what the backend really holds: every allocate() minus every release(), in bytes.
      const b = rt.backend as Backend;
      const sizes = new Map<unknown, number>();
      let bytes = 0;
      const allocate = b.allocate.bind(b);
      const release = b.release.bind(b);
      b.allocate = (words: number) => {
        const h = allocate(words);
        sizes.set(h, words * 4);
        bytes += words * 4;
        return h;
      };
      b.release = (h: unknown) => {
        bytes -= sizes.get(h) ?? 0;
        sizes.delete(h);
        release(h);
      };
      const cell = 'kernel void neg(float x<>, out float y<>) { y = -x; }\nfloat big<262144>, nbig<262144>;\nstreamRead(big, BIG);\nneg(big, nbig);';
      const sink = sinkOf().sink;
      await s.runCell(cell, 1, 'cell[1]', sink);
      await rt.finish();
      const liveAfterFirst = rt.liveStreams().length;
      const bytesAfterFirst = bytes;
      expect(bytesAfterFirst).toBeGreaterThanOrEqual(2 * 1024 * 1024);
      for (let i = 0; i < 100; i++) {
        await s.runCell(cell, 1, `cell[${i + 2}]`, sink);
        await rt.finish();
        expect(rt.liveStreams().length).toBe(liveAfterFirst);
        expect(bytes).toBe(bytesAfterFirst);
      }
      const got = Array.from(await new BrookStream(s, 'nbig').toArray());
      for (let i = 0; i < got.length; i += 4099) expect(got[i]).toBe(-((i % 1000) * 0.5));
    } finally {
      s.dispose();
    }
  }, 120_000);
});

describe('the runtime the magics start early', () => {
  it('a backend switch while the device is still starting keeps the switch; the early start is closed', async () => {
    const first = BACKENDS.includes('webgpu') ? 'webgpu' : 'auto';
    const s = new BrookSession(() => ({}), { backend: first });
    try {
      // magics/index.ts starts the runtime as soon as it is imported; `%%brook --backend cpu` may come first.
      const early = s.rt().then(
        (rt) => rt,
        (e: unknown) => e,
      );
      expect(await s.switchBackend('cpu')).toBe('cpu');
      await early;
      expect(s.startedRuntime?.backend.name).toBe('cpu');
      expect(s.backendLabel()).toBe('cpu');
      await s.runCell('float z<2>;', 1, 'cell[1]', sinkOf().sink);
      expect(s.streamNamed('z')).toBeDefined();
      expect((await s.rt()).liveStreams().map((x) => x.name)).toEqual(['z']);
      expect(s.startedRuntime?.backend.name).toBe('cpu');
    } finally {
      s.dispose();
    }
  });
});
