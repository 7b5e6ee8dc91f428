/**
 * Golden files of generated host JavaScript: golden/NAME.br compiles to exactly golden/NAME.js, so a
 * change to the generator shows as a diff in review. BROOK_ACCEPT=1 rewrites the .js files; read the
 * diff before committing it.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';

const dir = join(import.meta.dirname, 'golden');

describe('generated host JavaScript (golden files)', () => {
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.br'))) {
    it(name, () => {
      const r = compile(readFileSync(join(dir, name), 'utf8'), { fileName: name });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const out = join(dir, name.replace(/\.br$/, '.js'));
      if (process.env.BROOK_ACCEPT === '1') writeFileSync(out, r.hostJs!);
      expect(existsSync(out), `${out} is missing: run with BROOK_ACCEPT=1 and review it`).toBe(true);
      expect(r.hostJs).toBe(readFileSync(out, 'utf8'));
    });
  }
});
