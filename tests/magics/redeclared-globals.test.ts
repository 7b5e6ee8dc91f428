/**
 * A notebook global that lives in host memory (an array, a struct) re-declared by a re-run cell
 * replaces the old one: its old block is released and the new one is zeroed (memory.ts cellGlobal).
 * A same-size re-declaration gets the same address back, so a pointer a later cell took still points
 * at the global of that name; after a re-declaration with another size such a pointer dangles and its
 * use is the located error BRK5107, as for a returned frame. (Issue 24: every run's globals used to
 * stay in the heap.)
 */
import { describe, expect, it } from 'vitest';
import { BrookSession, BrookCellError } from '../../magics/session.js';

const sink = { stdout: () => {}, stderr: () => {} };

describe('re-declared host globals (cpu)', () => {
  it('reuse their storage, keep same-size pointers valid, and fault on a dangling one', async () => {
    const s = new BrookSession(() => ({}), { backend: 'cpu' });
    try {
      const declare = 'float host[4];\nhost[1] = 5.0f;\n';
      await s.runCell(declare, 1, 'cell[1]', sink);
      await s.runCell('float *p;\np = host;\n', 1, 'cell[2]', sink);
      const first = s.S.v.host;
      await s.runCell(declare, 1, 'cell[3]', sink);
      expect(s.S.v.host).toBe(first);
      expect((await s.runCell('p[1] + p[0]', 1, 'cell[4]', sink)).value).toBe(5);
      // Writes through the old pointer reach the global of that name.
      expect((await s.runCell('p[2] = 3.0f;\nhost[2]', 1, 'cell[5]', sink)).value).toBe(3);
      // Another size: a new block; the old pointer dangles.
      await s.runCell('float host[64];\nhost[0] = 1.0f;\n', 1, 'cell[6]', sink);
      expect(s.S.v.host).not.toBe(first);
      const bad = await s.runCell('p[1]', 1, 'cell[7]', sink).then(() => undefined, (e: unknown) => e);
      expect(bad).toBeInstanceOf(BrookCellError);
      expect(String((bad as Error).message)).toMatch(/BRK5107: use after re-declaration/);
      // A struct too: the same address, zeroed.
      await s.runCell('struct P { float x; int n; };\nstruct P q;\nq.n = 4;\n', 1, 'cell[8]', sink);
      const qAt = s.S.v.q;
      expect((await s.runCell('struct P q;\nq.n', 1, 'cell[9]', sink)).value).toBe(0);
      expect(s.S.v.q).toBe(qAt);
    } finally {
      s.dispose();
    }
  });
});
