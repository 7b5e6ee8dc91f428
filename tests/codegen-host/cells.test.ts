/**
 * Notebook cell mode (compileCell + instantiateCell): declarations persist in the session object,
 * later cells see earlier kernels, streams, globals and functions, TypeScript values arrive through
 * S.get, a re-declared stream replaces (and frees) the old one, and the last bare expression is the
 * cell's value.
 */
import { describe, expect, it } from 'vitest';
import { cellExports, compileCell, renderDiagnostic, SourceSet, type SessionSymbol } from '../../runtime/compiler/index.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { instantiateCell, type HostSession } from '../../runtime/hostlib/loader.js';
import type { Stream } from '../../runtime/brt/api.js';

function createSession(tsValues: Record<string, unknown>, hostWasm: boolean | 'all' = true) {
  let out = '';
  const lib = new HostLib({ io: { write: (_fd, s) => { out += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  const S: HostSession = { v: {}, f: {}, k: {}, get: (name) => tsValues[name] };
  const compileSession = { sources: new SourceSet(), externals: new Map<string, SessionSymbol>(), macros: undefined as never, typedefNames: [] as string[] };
  for (const name of Object.keys(tsValues)) compileSession.externals.set(name, { kind: 'value', name, type: { kind: 'dynamic' } });
  let n = 0;
  let lastJs = '';
  return {
    rt, S, lib,
    /** The host JavaScript of the last cell compiled. */
    js: () => lastJs,
    output: () => { const o = out; out = ''; return o; },
    async cell(text: string) {
      const r = compileCell(text, `cell[${++n}]`, compileSession, { hostWasm });
      lastJs = r.hostJs ?? '';
      const errors = r.diagnostics.filter((d) => d.severity === 'error').map((d) => renderDiagnostic(r.sources, d));
      expect(errors).toEqual([]);
      compileSession.macros = r.macros as never;
      compileSession.typedefNames = r.typedefNames;
      for (const [k, v] of cellExports(r.program!)) compileSession.externals.set(k, v);
      const mod = instantiateCell(r.hostJs!, { rt, lib, K: r.kernels, S });
      return mod.run();
    },
  };
}

describe('notebook cells', () => {
  it('state persists across cells; TypeScript arrays feed streamRead; the last expression is the value', async () => {
    const X = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const s = createSession({ X });
    const r1 = await s.cell(`
      #define N 8
      kernel void saxpy(float a, float x<>, float y<>, out float result<>) { result = a * x + y; }
      float x<N>, y<N>, result<N>;
      int calls = 0;
      float scale(float v) { calls++; return v * 2.0f; }
      streamRead(x, X);
      streamRead(y, X);
      saxpy(scale(1.5f), x, y, result);
      result
    `);
    const stream = r1.value as Stream;
    expect(stream.name).toBe('result');
    expect(stream.shape).toEqual([8]);
    expect(s.S.v.calls).toBe(1);
    expect(Object.keys(s.S.k)).toEqual(['saxpy']);

    const r2 = await s.cell(`
      float host[N];
      saxpy(scale(0.5f), result, x, result);
      streamWrite(result, host);
      printf("%g %g %d\\n", host[0], host[7], calls);
      calls + 40
    `);
    // result = 3x + x = 4x, then 1 * 4x + x = 5x.
    expect(s.output()).toBe('5 40 2\n');
    expect(r2.value).toBe(42);

    const old = s.S.v.x as Stream;
    await s.cell(`
      float x<N * 2>;
      streamPrint(x.domain(0, 3));
    `);
    expect(old.freed).toBe(true);
    expect((s.S.v.x as Stream).shape).toEqual([16]);
    expect(s.output()).toBe('0.00 0.00 0.00 \n');
    s.rt.dispose();
  });

  it('a function redefined in a later cell replaces the earlier one for every caller', async () => {
    const s = createSession({});
    await s.cell('int f(int a) { return a + 1; }\nint g(int a) { return f(a) * 10; }\n');
    expect((await s.cell('g(1)')).value).toBe(20);
    await s.cell('int f(int a) { return a + 2; }\n');
    expect((await s.cell('g(1)')).value).toBe(30);
    s.rt.dispose();
  });

  it('TypeScript values are doubles to C in casts, math calls and comparisons; a string is an error at the value', async () => {
    const s = createSession({ N: 2.75, STR: 'hello' });
    await s.cell('int c = (int)N;\ndouble r = sqrt(N) + fabsf(-N);\nint b = N < 3;\nprintf("%d %.17g %d\\n", c, r, b);\n');
    expect(s.output()).toBe(`2 ${(Math.sqrt(2.75) + 2.75).toPrecision(17).replace(/0+$/, '')} 1\n`);
    let err: unknown;
    try {
      await s.cell('int bad = 1;\nint d = (int)STR;\n');
    } catch (e) {
      err = e;
    }
    // The cast's operand is where the value is read (before the host IR, this error had no place).
    const span = (err as { span?: { start: number; end: number } }).span;
    expect(String((err as Error).message)).toMatch(/string "hello"/);
    expect(span && 'int bad = 1;\nint d = (int)STR;\n'.slice(span.start, span.end)).toBe('STR');
    s.rt.dispose();
  });

  it('a spinning cell can be interrupted through S.checkInterrupt, and the session carries on', async () => {
    // 'all': this loop touches no memory, which the default keeps JavaScript (wasmloop.ts).
    const s = createSession({}, 'all');
    let polls = 0;
    s.S.checkInterrupt = () => { if (++polls === 3) throw new Error('interrupted'); };
    await s.cell('int spins = 0;');
    await expect(s.cell('while (1) { spins++; }')).rejects.toThrow('interrupted');
    expect(s.S.v.spins).toBe(3 * 65536 - 1);
    s.S.checkInterrupt = undefined;
    expect((await s.cell('spins + 1')).value).toBe(3 * 65536);
    s.rt.dispose();
  });
});
describe('notebook cells: call-free loops as WebAssembly (codegen/host/wasmloop.ts)', () => {
  it('a compiled loop returns every 65536 iterations so the session can stop it, and the session carries on', async () => {
    // 'all': this loop touches no memory, which the default keeps JavaScript (wasmloop.ts).
    const s = createSession({}, 'all');
    let polls = 0;
    s.S.checkInterrupt = () => { if (++polls === 3) throw new Error('interrupted'); };
    await s.cell('int spins = 0; int i;');
    await expect(s.cell('for (i = 0; i < 2000000000; i++) { spins += 2; }')).rejects.toThrow('interrupted');
    expect(s.js()).toMatch(/\$W\.L0\(/);
    // Three calls of 65536 iterations, each written back before the session was asked.
    expect(s.S.v.spins).toBe(3 * 65536 * 2);
    expect(s.S.v.i).toBe(3 * 65536);
    s.S.checkInterrupt = undefined;
    expect((await s.cell('spins + i')).value).toBe(9 * 65536);
    s.rt.dispose();
  });

  it('cell loops give the same values compiled and as JavaScript, across cells and with session arrays', async () => {
    const results: unknown[] = [];
    for (const hostWasm of [true, false]) {
      const s = createSession({}, hostWasm);
      await s.cell('float a[1000]; double total = 0.0; int k;');
      // The loop variable is the cell's own: its range proves a[k] in bounds.
      await s.cell('for (int m = 0; m < 1000; m++) a[m] = (float)m * 0.5f + (float)(m % 7);');
      expect(s.js().includes('$W.L0(')).toBe(hostWasm);
      await s.cell('int j; for (k = 0; k < 1000; k++) { for (j = 0; j < 3; j++) total += a[k] * (float)j; }');
      // The outer loop has an inner loop: it stays JavaScript in a cell; the inner one (3 trips) too.
      results.push((await s.cell('total')).value);
      s.rt.dispose();
    }
    let want = 0;
    for (let k = 0; k < 1000; k++) for (let j = 0; j < 3; j++) want += Math.fround(Math.fround(Math.fround(k * 0.5) + (k % 7)) * j);
    expect(results).toEqual([want, want]);
  });
});

