/**
 * Profiles through the kernel's own Session (TypeScript cells transpiled, type-checked and run as a
 * notebook runs them): `profile()` and `lastProfile` are typed (a misspelt property is caught), a
 * profile shown as a cell's value gives its tables and chart, and `%%brook --profile` outputs arrive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Session } from '../../kernel/session.js';
import '../../magics/index.js';
import { Collector } from '../kernel/collect.js';

const cache = mkdtempSync(join(tmpdir(), 'brook-profile-session-'));
process.env.BROOK_CACHE_DIR = cache;
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('profiles in a kernel session', () => {
  it('TypeScript: profile() typed and shown; %%brook --profile keeps lastProfile', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-profile-session-dir-')) });
    try {
      const run = async (code: string) => {
        const c = new Collector();
        const outcome = await session.execute({ code }, c);
        return { outcome, c };
      };
      expect((await run('%brook backend cpu')).outcome.status).toBe('ok');
      const made = await run([
        '%%brook --profile',
        'kernel void twice(float a<>, out float b<>) { b = a + a; }',
        'float a<1000>, b<1000>;',
        'twice(a, b);',
      ].join('\n'));
      expect(made.outcome.status, JSON.stringify(made.c.items)).toBe('ok');
      const html = made.c.items.filter((i) => i.type === 'display_data').map((i) => String((i as { data: Record<string, unknown> }).data['text/html'] ?? ''));
      expect(html.some((h) => h.includes('brook-profile'))).toBe(true);

      const rows = await run('lastProfile!.rows.map((r) => `${r.op} ${r.calls} ${r.flops}`).join("; ")');
      expect(rows.outcome.status, JSON.stringify(rows.c.items)).toBe('ok');
      expect(rows.c.result()).toEqual({ 'text/plain': "'twice 1 1000'" });

      const p = await run('const p = await profile(async () => { await twice(b, a); await twice(a, b); }, { title: "two" });\np.table.numRows()');
      expect(p.outcome.status, JSON.stringify(p.c.items)).toBe('ok');
      // twice(b, a) then twice(a, b) read each other's output: fusion runs them as one launch.
      expect(p.c.result()).toEqual({ 'text/plain': '1' });

      const shown = await run('p');
      const data = shown.c.result()!;
      expect(String(data['text/html'])).toContain('data:image/png;base64,');
      expect(String(data['text/plain'])).toMatch(/^two: wall/);

      const typo = await run('p.tabel');
      expect(typo.outcome.status).toBe('error');
    } finally {
      session.dispose();
    }
  }, 180_000);
});
