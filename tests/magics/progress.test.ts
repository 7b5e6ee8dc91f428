/**
 * The progress line of long %%brook cells: shown after a threshold, updated in place with the kernel
 * calls done and the time, and left as the cell's final count; the session counts kernel calls.
 */
import { describe, expect, it } from 'vitest';
import type { MimeBundle } from '../../kernel/magics-api.js';
import { startProgress } from '../../magics/progress.js';
import { BrookSession } from '../../magics/session.js';

describe('progress of long cells', () => {
  it('appears after the threshold, updates in place, and ends with the count and time', async () => {
    const shown: { data: MimeBundle; id?: string; update?: boolean }[] = [];
    const ctx = { executionCount: 7, displayData: (data: MimeBundle, _m?: Record<string, unknown>, o: { display_id?: string; update?: boolean } = {}) => void shown.push({ data, id: o.display_id, update: o.update }) };
    let calls = 100; // calls made by earlier cells are not this cell's
    const p = startProgress(ctx, () => calls, { afterMs: 30, everyMs: 30 });
    for (let k = 0; k < 6; k++) {
      calls += 2;
      await new Promise((r) => setTimeout(r, 25));
    }
    p.stop();
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(new Set(shown.map((s) => s.id)).size).toBe(1); // one line, updated in place
    expect(shown[0]!.update).toBe(false);
    expect(shown.slice(1).every((s) => s.update)).toBe(true);
    expect(String(shown[0]!.data['text/plain'])).toMatch(/^brook: running, \d+ kernel calls? done, \d+\.\d s$/);
    expect(String(shown.at(-1)!.data['text/plain'])).toMatch(/^brook: 12 kernel calls in \d+\.\d s$/);
  });

  it('a short cell shows nothing', async () => {
    const shown: unknown[] = [];
    const p = startProgress({ executionCount: 1, displayData: (d) => void shown.push(d) }, () => 0, { afterMs: 1000 });
    p.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(shown).toEqual([]);
  });

  it('the session counts the kernel calls a cell makes (launches and reductions)', async () => {
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    const quiet = { stdout: () => {}, stderr: () => {} };
    await s.runCell('kernel void inc(float a<>, out float b<>) { b = a + 1.0f; }\nreduce void sum(float a<>, reduce float r<>) { r += a; }\nfloat x<8>;\nfloat y<8>;\nfloat t;\ninc(x, y);\ninc(y, x);\nsum(x, t);\nt', 0, 'cell[1]', quiet);
    expect(s.kernelCalls).toBe(3);
    s.dispose();
  });
});
