/**
 * format(value): the ordered rules (display symbol, primitives, Vega by $schema, image bytes, repr
 * methods, text), the tslab shim, and display ids through a Session.
 */
import { deflateSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { addDisplayRule, format } from '../../kernel/display.js';
import { Session } from '../../kernel/session.js';
import { LanguageService } from '../../kernel/language.js';
import { Collector } from './collect.js';

/** A 1x1 PNG built here from the spec (signature, IHDR, IDAT, IEND), to check the image rule independently. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0))]);
}

describe('format', () => {
  it('uses Symbol.for("Jupyter.display") first, sync or async, adding text/plain', async () => {
    const v = { [Symbol.for('Jupyter.display')]: () => ({ 'text/html': '<i>x</i>' }), toHTML: () => 'not me' };
    expect(await format(v)).toEqual({ data: { 'text/html': '<i>x</i>', 'text/plain': expect.stringContaining('toHTML') }, metadata: {} });
    const a = { [Symbol.for('Jupyter.display')]: async () => ({ data: { 'text/markdown': '# t' }, metadata: { m: 1 } }) };
    expect((await format(a)).data['text/markdown']).toBe('# t');
    expect((await format(a)).metadata).toEqual({ m: 1 });
  });

  it('shows primitives with util.inspect', async () => {
    expect((await format('s')).data).toEqual({ 'text/plain': "'s'" });
    expect((await format(12n)).data).toEqual({ 'text/plain': '12n' });
    expect((await format(null)).data).toEqual({ 'text/plain': 'null' });
  });

  it('recognises Vega-Lite and Vega specs by $schema', async () => {
    const vl = { $schema: 'https://vega.github.io/schema/vega-lite/v5.json', mark: 'bar', data: { values: [{ a: 1 }] } };
    const f = await format(vl);
    expect(f.data['application/vnd.vegalite.v5+json']).toEqual(vl);
    expect((await format({ $schema: 'https://vega.github.io/schema/vega/v5.json' })).data['application/vnd.vega.v5+json']).toBeDefined();
    expect((await format({ $schema: 'https://json-schema.org/draft-07/schema' })).data).toEqual({ 'text/plain': expect.any(String) });
  });

  it('shows PNG bytes as image/png and leaves other bytes as text', async () => {
    const png = tinyPng();
    const f = await format(new Uint8Array(png));
    expect(f.data['image/png']).toBe(png.toString('base64'));
    expect((await format(new Uint8Array([1, 2, 3]))).data['image/png']).toBeUndefined();
  });

  it('uses _repr_html_ / toHTML / _repr_markdown_ methods', async () => {
    expect((await format({ toHTML: () => '<table></table>' })).data['text/html']).toBe('<table></table>');
    expect((await format({ _repr_markdown_: () => '**b**' })).data['text/markdown']).toBe('**b**');
  });

  it('shows a failing display method as text with the failure, never throws', async () => {
    const f = await format({ [Symbol.for('Jupyter.display')]() { throw new Error('nope'); } });
    expect(f.data['text/plain']).toMatch(/display failed: nope/);
  });

  it('accepts new rules', async () => {
    class Celsius { constructor(readonly t: number) {} }
    addDisplayRule((v) => (v instanceof Celsius ? { data: { 'text/plain': `${v.t} °C` }, metadata: {} } : undefined));
    expect((await format(new Celsius(21))).data).toEqual({ 'text/plain': '21 °C' });
  });
});

describe('tslab notebooks', () => {
  it('import tslab from the kernel: display.html, newDisplay updating in place', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-tslab-')) });
    try {
      const c = new Collector();
      const r = await session.execute({ code: 'import * as tslab from "tslab";\nimport { display as d } from "tslab";\ntslab.display.markdown("# m");\nconst p = tslab.newDisplay();\np.text("1/2");\np.text("2/2");\nd.html("<i>i</i>");\ndisplay(5);' }, c);
      expect(r.status).toBe('ok');
      const id = (c.items[1] as { transient: { display_id?: string } }).transient.display_id;
      expect(id).toMatch(/^tslab-/);
      expect(c.items).toEqual([
        { type: 'display_data', data: { 'text/markdown': '# m' }, metadata: {}, transient: {} },
        { type: 'display_data', data: { 'text/plain': '1/2' }, metadata: {}, transient: { display_id: id } },
        { type: 'update_display_data', data: { 'text/plain': '2/2' }, metadata: {}, transient: { display_id: id } },
        { type: 'display_data', data: { 'text/html': '<i>i</i>' }, metadata: {}, transient: {} },
        { type: 'display_data', data: { 'text/plain': '5' }, metadata: {}, transient: {} },
      ]);
    } finally {
      session.dispose();
    }
  });
});

describe('display in cells', () => {
  it('sends display data with ids, updates in place, tslab.display.*, clearOutput', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-display-')) });
    try {
      const c = new Collector();
      await session.execute({ code: 'display("a", { display_id: "p" }); display("b", { display_id: "p", update: true }); tslab.display.html("<b>h</b>"); tslab.display.png(new Uint8Array([0x89, 0x50, 0x4e, 0x47])); clearOutput(true)' }, c);
      expect(c.items).toEqual([
        { type: 'display_data', data: { 'text/plain': "'a'" }, metadata: {}, transient: { display_id: 'p' } },
        { type: 'update_display_data', data: { 'text/plain': "'b'" }, metadata: {}, transient: { display_id: 'p' } },
        { type: 'display_data', data: { 'text/html': '<b>h</b>' }, metadata: {}, transient: {} },
        { type: 'display_data', data: { 'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64') }, metadata: {}, transient: {} },
        { type: 'clear_output', wait: true },
      ]);
    } finally {
      session.dispose();
    }
  });
});

describe('display of promises', () => {
  it('format awaits a promise and shows its value; a rejected one says why', async () => {
    const plotLike = { [Symbol.for('Jupyter.display')]: () => ({ 'image/png': 'AAAA', 'text/plain': 'a plot' }) };
    expect((await format(Promise.resolve(plotLike))).data).toEqual({ 'image/png': 'AAAA', 'text/plain': 'a plot' });
    expect((await format(Promise.reject(new Error('no readback')))).data['text/plain']).toBe('(display: the promise was rejected: no readback)');
  });

  it('display(promise) in a cell shows the value before the cell ends, and a bare last promise is its Out', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-display-promise-')) });
    try {
      const c = new Collector();
      const code = [
        'const later = (v: unknown) => new Promise((r) => setTimeout(() => r(v), 50));',
        "display(later({ $schema: 'https://vega.github.io/schema/vega-lite/v5.json', mark: 'point' }));",
        "later('the result')",
      ].join('\n');
      const outcome = await session.execute({ code }, c);
      expect(outcome.status).toBe('ok');
      expect(c.items[0]).toMatchObject({ type: 'display_data', data: { 'application/vnd.vegalite.v5+json': { mark: 'point' } } });
      expect(c.items[1]).toEqual({ type: 'execute_result', count: 1, data: { 'text/plain': "'the result'" } });
      expect(JSON.stringify(c.items)).not.toContain('Promise');
    } finally {
      session.dispose();
    }
  });
});

describe('TypeScript cells are type-checked before they run', () => {
  it('a misspelt property is a located TypeError with a caret, and the cell does not run; a re-run is cached', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-typecheck-')) });
    try {
      await session.execute({ code: 'const plotInfo = { caption: "c", title: "t" };\nlet ran = 0;' }, new Collector());
      const c = new Collector();
      const outcome = await session.execute({ code: 'ran = 1;\nconst x = plotInfo.captoin;' }, c);
      expect(outcome.status).toBe('error');
      const err = c.items.find((i) => i.type === 'error') as { ename: string; evalue: string; traceback: string[] };
      expect(err.ename).toBe('TypeError');
      expect(err.evalue).toBe("Property 'captoin' does not exist on type '{ caption: string; title: string; }'. Did you mean 'caption'? (TS2551) (line 2:20)");
      const tb = err.traceback.join('\n');
      expect(tb).toContain('const x = plotInfo.captoin;');
      expect(tb).toContain("  2 | const x = plotInfo.captoin;\n    |                    ^^^^^^^\n"); // the caret under the name
      expect(tb).toContain('the cell was not run');
      const check = new Collector();
      await session.execute({ code: 'ran' }, check);
      expect(check.result()).toEqual({ 'text/plain': '0' }); // the failing cell's first line did not run
      // Running the correct cell twice: the second type check is answered from the cache.
      const good = 'const y = plotInfo.caption;\ny';
      await session.execute({ code: good }, new Collector());
      const again = new Collector();
      await session.execute({ code: good }, again);
      expect(again.result()).toEqual({ 'text/plain': "'c'" });
      const language = (session as unknown as { language: { typeErrors(code: string): Promise<unknown[]> } }).language;
      expect(await language.typeErrors(good)).toEqual([]);
      // That the re-run's check is a cache hit: the next test, counted. Its speed is the bench's
      // session.rerunTs (target 20 ms).
    } finally {
      session.dispose();
    }
  }, 120_000);

  it('an unchanged cell against unchanged declarations is checked once; a new declaration checks it again', () => {
    const service = new LanguageService(mkdtempSync(join(tmpdir(), 'brook-typecheck-cache-')), () => ({ text: '', version: 0 }));
    const checks = vi.spyOn(LanguageService.prototype as unknown as { withCurrent(code: string): unknown }, 'withCurrent');
    try {
      const cell = 'const v = [1, 2];\nv.lenght';
      const first = service.typeErrors(cell);
      expect(first.map((e) => e.message)).toEqual([expect.stringContaining("'lenght' does not exist")]);
      expect(service.typeErrors(cell)).toEqual(first);
      expect(checks).toHaveBeenCalledTimes(1); // the re-run was answered from the cache
      service.addCell('const w = 1;', ['w']); // the session's declarations changed
      expect(service.typeErrors(cell)).toEqual(first);
      expect(checks).toHaveBeenCalledTimes(2);
    } finally {
      checks.mockRestore();
    }
  }, 60_000);
});
