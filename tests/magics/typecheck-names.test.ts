/**
 * TypeScript cells are type-checked before they run (a misspelt property is an error); a Brook stream
 * whose name the standard library also declares (`escape`) must be checked as the stream it is.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../../kernel/session.js';
import '../../magics/index.js';
import { Collector } from '../kernel/collect.js';

describe('type check of TypeScript cells beside Brook names', () => {
  it('a Brook stream named like a standard global (escape, name) keeps its own type: no false "no such property"', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-typecheck-')) });
    try {
      const made = await session.execute({ code: '%%brook\nkernel void ramp(out float o<>) { o = indexof(o).x; }\nfloat escape<4>;\nramp(escape);' }, new Collector());
      expect(made.status).toBe('ok');
      const c = new Collector();
      const outcome = await session.execute({ code: 'Array.from(await escape.toArray()).join(",")' }, c);
      expect(outcome.status, JSON.stringify(c.items)).toBe('ok');
      expect(c.result()).toEqual({ 'text/plain': "'0,1,2,3'" });
      // A real typo on that stream is still caught.
      const typo = new Collector();
      expect((await session.execute({ code: 'escape.toArry()' }, typo)).status).toBe('error');
    } finally {
      session.dispose();
    }
  }, 120_000);

  it('a TypeScript cell right after the first %%brook cell may call stream.plot() and plot(): their declarations do not wait for the plot module', async () => {
    const session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-typecheck-')) });
    try {
      const made = await session.execute({ code: '%%brook\nkernel void ramp(out float o<>) { o = indexof(o).x; }\nfloat wave<8>;\nramp(wave);' }, new Collector());
      expect(made.status).toBe('ok');
      const c = new Collector();
      const outcome = await session.execute({ code: "const shown = await wave.plot({ kind: 'bar', title: 'ramp' });\nconst again = await plot(wave, { kind: 'line' });\n[shown.kind, again.kind].join(',')" }, c);
      expect(outcome.status, JSON.stringify(c.items)).toBe('ok');
      expect(c.result()).toEqual({ 'text/plain': "'bar,line'" });
    } finally {
      session.dispose();
    }
  }, 120_000);
});
