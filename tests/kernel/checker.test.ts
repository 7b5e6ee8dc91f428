/**
 * The TypeScript checker runs in a worker thread warmed at kernel start (kernel/checker.ts): the main
 * thread stays free while the first program is built, a check that arrives during the warm-up waits for
 * it (one program, built once), and the answers are the language service's own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackgroundLanguageService } from '../../kernel/checker.js';

describe('the background TypeScript checker', () => {
  it('warms in a worker without stalling the main thread; a check sent at once waits for the warm-up, not a second build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brook-checker-'));
    const checker = new BackgroundLanguageService(dir);
    // The main thread's event loop keeps turning while the worker parses the libraries.
    let last = performance.now();
    let longestGap = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    try {
      checker.warm();
      const errors = await checker.typeErrors('const xs = [1, 2];\nxs.lenght');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ code: 2551, start: 22, length: 6 });
      expect(errors[0]!.message).toContain("Did you mean 'length'?");
      // Answered in order: the warm-up built the program, the check reused it.
      expect(checker.answered.map((a) => a.op)).toEqual(['warm', 'typeErrors']);
      const [warm, check] = checker.answered as [{ ms: number }, { ms: number }];
      console.log(`checker warm-up ${warm.ms.toFixed(0)} ms in the worker, then the first check ${check.ms.toFixed(0)} ms; longest main-thread stall ${longestGap.toFixed(0)} ms`);
      expect(check.ms).toBeLessThan(warm.ms);
      // The worker's start (a new isolate) costs the main thread a little; the build itself, nothing.
      expect(longestGap).toBeLessThan(Math.max(warm.ms / 2, 250));
    } finally {
      clearInterval(tick);
      checker.dispose();
    }
  }, 120_000);

  it('sees executed cells and the session declarations; completion and inspection answer from the same worker', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brook-checker-'));
    const checker = new BackgroundLanguageService(dir);
    try {
      checker.addCell('const table = { rows: 3, name: "t" };', ['table']);
      expect(await checker.typeErrors('table.rows + table.colums')).toEqual([
        expect.objectContaining({ code: 2339, start: 19, length: 6 }),
      ]);
      const c = await checker.complete('table.ro', 8);
      expect(c.matches).toEqual(['rows']);
      const info = await checker.inspect('table', 5);
      expect(info?.signature).toContain('rows: number');
    } finally {
      checker.dispose();
    }
  }, 120_000);
});
