/**
 * An Arquero table (a stream's `toTable()`, and what filters make of it) reads as a table in plain text:
 * its display's text/plain, console.log in a TypeScript cell and the `t?` page, never Arquero's internals
 * (`_names`, `_mask`). Values are the kernel's, checked against numbers computed here.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../../kernel/session.js';
import '../../magics/index.js';
import { Collector } from '../kernel/collect.js';
import { webgpuAdapterAvailable } from '../conformance/cli.js';

const backends = webgpuAdapterAvailable() ? ['cpu', 'webgpu'] : ['cpu'];

/** The rows the kernel below writes: (i, 2i, i + 0.5, -i) for element i, as the text shows them. */
function expectedRows(n: number): string[][] {
  return Array.from({ length: n }, (_, i) => [String(i), String(i), String(2 * i), String(i + 0.5), String(-i === 0 ? 0 : -i)]);
}

describe.each(backends)('toTable() as plain text (%s)', (backend) => {
  it('the display, console.log and the page show rows under a header, not _names or _mask', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-table-text-')) });
    try {
      const made = await session.execute({ code: `%%brook --backend ${backend}\nkernel void f(out float4 o<>) { float i = indexof(o).x; o = float4(i, 2.0f * i, i + 0.5f, -i); }\nfloat4 s<20>;\nf(s);` }, new Collector());
      expect(made.status).toBe('ok');

      const shown = new Collector();
      expect((await session.execute({ code: 'const t = await s.toTable();\nt' }, shown)).status).toBe('ok');
      const text = String(shown.result()!['text/plain']);
      expect(text).not.toMatch(/_names|_mask|_data|ColumnTable/);
      const lines = text.split('\n');
      expect(lines[0]).toBe('table: 20 rows x 5 columns');
      expect(lines[1]!.trim().split(/\s+/)).toEqual(['i', 'x', 'y', 'z', 'w']);
      // The first 10 and last 3 rows (a window, as a stream's own display), with a marker between.
      const body = lines.slice(2).filter((l) => !l.startsWith('...')).map((l) => l.trim().split(/\s+/));
      const want = expectedRows(20);
      expect(body).toEqual([...want.slice(0, 10), ...want.slice(17)]);
      expect(lines).toContain('... 7 more rows');
      expect(shown.result()!['text/html']).toContain('<table'); // the rich form stays Arquero's HTML

      const logged = new Collector();
      expect((await session.execute({ code: 'console.log(t.filter((d) => d.x >= 18))' }, logged)).status).toBe('ok');
      expect(logged.text().trim().split('\n').map((l) => l.trim().split(/\s+/))).toEqual([
        ['table:', '2', 'rows', 'x', '5', 'columns'], ['i', 'x', 'y', 'z', 'w'], ...want.slice(18),
      ]);

      const page = await session.execute({ code: 't?' }, new Collector());
      expect(page.status).toBe('ok');
      const paged = String(((page as { payload: { data: Record<string, string> }[] }).payload[0]!.data)['text/plain']);
      expect(paged).toContain('Value: table: 20 rows x 5 columns');
      expect(paged).not.toContain('_names');
    } finally {
      session.dispose();
    }
  }, 120_000);
});
