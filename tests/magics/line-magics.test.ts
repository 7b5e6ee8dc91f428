/**
 * The `%brook` line magics and `%%brook` flags through the handlers the kernel calls
 * (kernel/magics-api.ts), with a recording ExecuteContext instead of a kernel.
 */
import { describe, expect, it } from 'vitest';
import { getCellMagic, getLineMagic, parseCellMagic, type ExecuteContext, type MimeBundle } from '../../kernel/magics-api.js';
import '../../magics/index.js';
import { session } from '../../magics/index.js';

function context(globals: Record<string, unknown> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const displays: MimeBundle[] = [];
  let result: unknown;
  const ctx: ExecuteContext = {
    executionCount: 1,
    signal: new AbortController().signal,
    globals,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    display: async () => {},
    displayData: (d) => displays.push(d),
    setResult: (v) => { result = v; },
    throwIfInterrupted: () => {},
    setDeclarations: () => {},
  };
  return { ctx, out, err, displays, result: () => result };
}

async function cell(text: string, globals: Record<string, unknown> = {}) {
  const c = context(globals);
  const input = parseCellMagic(text)!;
  await getCellMagic('brook')!.execute(input, c.ctx);
  return c;
}

describe('%brook line magics (cpu)', () => {
  it('backend, streams, free, reset', async () => {
    const line = getLineMagic('brook')!;
    const g: Record<string, unknown> = {};
    expect(await line('backend cpu', context(g).ctx)).toMatch(/brook backend: cpu/);
    await cell('%%brook\nkernel void fill(float v, out float o<>) { o = v; }\nfloat a<6>;\nfloat4 b<2, 3>;\nfill(1.5f, a);', g);

    const s = context(g);
    await line('streams', s.ctx);
    const table = String(s.displays[0]!['text/plain']);
    expect(table).toMatch(/^a\tfloat\t<6>\t24\tcpu$/m);
    expect(table).toMatch(/^b\tfloat4\t<2, 3>\t96\tcpu$/m);

    const info = (await line('info', context(g).ctx)) as { backend: string; limits: object };
    expect(info.backend).toBe('cpu');
    expect(info.limits).toHaveProperty('maxBindingBytes');

    expect(await line('free b', context(g).ctx)).toBe('freed b');
    await expect(line('free b', context(g).ctx)).rejects.toThrow(/no live stream named 'b'/);
    expect(g.b).toBeUndefined();
    const after = context(g);
    await line('streams', after.ctx);
    expect(String(after.displays[0]!['text/plain'])).not.toMatch(/^b\t/m);

    // Data survives a backend switch to cpu again (a fresh runtime; streams are copied across).
    await line('backend cpu', context(g).ctx);
    const printed = await cell('%%brook\nstreamPrint(a);', g);
    expect(printed.out.join('').trim()).toBe('1.50 1.50 1.50 1.50 1.50 1.50');

    expect(await line('reset', context(g).ctx)).toMatch(/reset/);
    expect(g.a).toBeUndefined();
    await expect(cell('%%brook\nstreamPrint(a);', g)).rejects.toThrow(/unknown identifier 'a'/);
    await expect(line('frobnicate', context(g).ctx)).rejects.toThrow(/unknown subcommand 'frobnicate'/);
  });

  it('%%brook --time reports compile and run time; a bad flag is a usage error', async () => {
    const g: Record<string, unknown> = {};
    await getLineMagic('brook')!('backend cpu', context(g).ctx);
    const c = await cell('%%brook --time\nfloat t<4>;', g);
    const badge = String(c.displays.at(-1)!['text/plain']);
    expect(badge).toMatch(/^\[brook: cpu, compile [\d.]+ ms, run [\d.]+ ms wall, GPU time: not available on this backend\]$/);
    await expect(cell('%%brook --fast\nfloat u<4>;', g)).rejects.toThrow(/unknown option '--fast'/);
    expect(session.streamNamed('u')).toBeUndefined();
  });
});
