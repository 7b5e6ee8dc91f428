/**
 * is_complete for `%%brook` cells answers from the Brook parser (what frontends like the console ask
 * before running a cell on Enter), and the kernel asks it even before the magics have loaded.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCompleteBrook } from '../../magics/editor.js';
import { Session } from '../../kernel/session.js';
import '../../magics/index.js'; // registers %%brook (the built kernel loads dist/magics at its first request)

describe('is_complete for %%brook cells', () => {
  it('complete, incomplete with an indent, or invalid only for a real syntax error', () => {
    expect(isCompleteBrook('float a<10>;')).toEqual({ status: 'complete' });
    expect(isCompleteBrook('kernel void k(float a<>, out float b<>) {\n  b = a;\n}\nk(x, y)')).toEqual({ status: 'complete' });
    expect(isCompleteBrook('kernel void k(float a<>, out float b<>) {')).toEqual({ status: 'incomplete', indent: '  ' });
    expect(isCompleteBrook('kernel void k(float a<>, out float b<>) {\n  if (a > 0.0f) {')).toEqual({ status: 'incomplete', indent: '    ' });
    expect(isCompleteBrook('x = 1 +')).toEqual({ status: 'incomplete', indent: '' });
    expect(isCompleteBrook('/* a comment still open')).toEqual({ status: 'incomplete', indent: '' });
    expect(isCompleteBrook('float 3x;')).toEqual({ status: 'invalid' });
    expect(isCompleteBrook('float a<10> = ;\nfloat b<10>;')).toEqual({ status: 'invalid' });
    // Meaning is checked when the cell runs: an undeclared kernel is still a complete cell.
    expect(isCompleteBrook('nosuch(a, b);')).toEqual({ status: 'complete' });
    // Typedef names of earlier cells are known (otherwise `mytype a<10>;` does not parse).
    expect(isCompleteBrook('mytype a<10>;')).toEqual({ status: 'invalid' });
    expect(isCompleteBrook('mytype a<10>;', { typedefNames: ['mytype'] })).toEqual({ status: 'complete' });
  });

  it('the session answers for a %%brook cell before any cell ran', async () => {
    const s = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-is-complete-')) });
    try {
      expect(await s.isComplete('%%brook\nfloat a<4>;\na')).toEqual({ status: 'complete' });
      expect(await s.isComplete('%%brook\nkernel void k(float a<>, out float b<>) {')).toEqual({ status: 'incomplete', indent: '  ' });
      expect(await s.isComplete('%%nosuchmagic\nx')).toEqual({ status: 'invalid' });
    } finally {
      s.dispose();
    }
  }, 60_000);
});
