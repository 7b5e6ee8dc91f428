/**
 * `%brook fuse [on|off]` (kernel fusion, runtime/brt/fusion.ts) through the handlers the kernel
 * calls: it reports the mode and what fused so far, switches the session's runtime, stays switched
 * for the cells after it, and `%brook help` lists it. Cells compute the same either way.
 */
import { describe, expect, it } from 'vitest';
import { CellError, getCellMagic, getLineMagic, parseCellMagic, type ExecuteContext, type MimeBundle } from '../../kernel/magics-api.js';
import '../../magics/index.js';

function context(globals: Record<string, unknown>) {
  const displays: MimeBundle[] = [];
  const out: string[] = [];
  const ctx: ExecuteContext = {
    executionCount: 1,
    signal: new AbortController().signal,
    globals,
    stdout: (t) => out.push(t),
    stderr: () => {},
    display: async () => {},
    displayData: (d) => displays.push(d),
    setResult: () => {},
    throwIfInterrupted: () => {},
    setDeclarations: () => {},
  };
  return { ctx, displays, out };
}

const text = (c: ReturnType<typeof context>) => c.displays.map((d) => String(d['text/plain'])).join('\n');

async function line(args: string, g: Record<string, unknown>): Promise<string> {
  const c = context(g);
  await getLineMagic('brook')!(args, c.ctx);
  return text(c);
}

async function cell(body: string, g: Record<string, unknown>): Promise<string> {
  const c = context(g);
  await getCellMagic('brook')!.execute(parseCellMagic(`%%brook\n${body}`)!, c.ctx);
  return c.out.join('');
}

const CHAIN = `
float x<4>, t<4>, u<4>;
float X[4] = {1.0f, 2.0f, 3.0f, 4.0f};
streamRead(x, X);
twice(x, t);
add1(t, u);
streamPrint(u);`;

describe('%brook fuse', () => {
  it('reports, switches off and on, and cells print the same either way', async () => {
    const g: Record<string, unknown> = {};
    expect(await line('backend cpu', g)).toBe('brook backend: cpu');
    expect(await line('fuse', g)).toBe('brook fuse: on (so far 0 fused launches of 0 calls; 0 intermediate streams kept in registers, not written)');
    await cell('kernel void twice(float a<>, out float b<>) { b = a * 2.0f; }\nkernel void add1(float a<>, out float b<>) { b = a + 1.0f; }', g);
    const fused = await cell(CHAIN, g);
    expect(fused).toContain('3.00 5.00 7.00 9.00');
    // t, a cell's stream, may be read later: it is deferred (runtime/brt/deferred.ts), not written until then.
    expect(await line('fuse', g)).toBe('brook fuse: on (so far 1 fused launch of 2 calls; 1 intermediate stream kept in registers, not written)');

    expect(await line('fuse off', g)).toBe('brook fuse: off (every kernel call runs as its own launch)');
    expect(await cell(CHAIN, g)).toBe(fused);
    expect(await line('fuse', g)).toBe('brook fuse: off (every kernel call runs as its own launch)');
    // A backend switch starts a new runtime: it keeps the choice.
    await line('backend cpu', g);
    expect(await line('fuse', g)).toMatch(/^brook fuse: off/);
    expect(await line('fuse on', g)).toMatch(/^brook fuse: on/);
    expect(await cell(CHAIN, g)).toBe(fused);
  });

  it('refuses anything but on and off, and is in %brook help', async () => {
    const g: Record<string, unknown> = {};
    await expect(line('fuse maybe', g)).rejects.toBeInstanceOf(CellError);
    await expect(line('fuse maybe', g)).rejects.toThrow(/fuse: 'maybe' is neither on nor off/);
    expect(await line('help', g)).toMatch(/%brook fuse \[on\|off\]\s+show or switch kernel fusion/);
  });
});
