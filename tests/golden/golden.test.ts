/**
 * Golden files of every conformance case (tests/conformance/NAME.br): each kernel's IR, WGSL,
 * JavaScript and WebAssembly text (forms.ts says which call they print), stored under
 * tests/golden/NAME/. A change to a writer shows as a diff in review; when it is intended,
 * `npm run golden:accept` (scripts/accept-golden.mjs) rewrites them, and the diff is read before it is
 * committed. Dawn compiles every golden WGSL module in the gpu project (wgsl-dawn.test.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseForms, CONFORMANCE_DIR, GOLDEN_DIR } from './forms.js';

const ACCEPT_HINT = 'run npm run golden:accept if the change is intended (then read the diff)';
const cases = readdirSync(CONFORMANCE_DIR).filter((f) => f.endsWith('.br')).map((f) => f.slice(0, -3)).sort();
const caseDirs = () => readdirSync(GOLDEN_DIR).filter((f) => statSync(join(GOLDEN_DIR, f)).isDirectory()).sort();
/** A case's golden files; a program without kernels gets one file saying so (git keeps no empty folder). */
const formsOf = (name: string): Map<string, string> => {
  const forms = caseForms(name);
  return forms.size > 0 ? forms : new Map([['NO_KERNELS', `${name}.br declares no kernels\n`]]);
};

describe('golden IR, WGSL, JavaScript and WebAssembly text of the conformance cases', () => {
  if (process.env.BROOK_ACCEPT === '1') {
    it('rewrites tests/golden/ (BROOK_ACCEPT=1, scripts/accept-golden.mjs)', () => {
      for (const d of caseDirs()) if (!cases.includes(d)) rmSync(join(GOLDEN_DIR, d), { recursive: true });
      for (const name of cases) {
        const dir = join(GOLDEN_DIR, name);
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir);
        for (const [file, text] of formsOf(name)) writeFileSync(join(dir, file), text);
      }
      expect(caseDirs()).toEqual(cases);
    });
    return;
  }

  it('has a folder for each conformance case and none for a case that is gone', () => {
    expect(caseDirs(), ACCEPT_HINT).toEqual(cases);
  });

  for (const name of cases) {
    it(name, () => {
      const want = formsOf(name);
      const dir = join(GOLDEN_DIR, name);
      expect(existsSync(dir), `tests/golden/${name}/ is missing: ${ACCEPT_HINT}`).toBe(true);
      expect(readdirSync(dir).sort(), `the kernels of ${name}.br changed: ${ACCEPT_HINT}`).toEqual([...want.keys()].sort());
      const differ = [...want].filter(([file, text]) => readFileSync(join(dir, file), 'utf8') !== text).map(([file]) => file);
      if (differ.length > 0) {
        const first = differ[0]!;
        expect(want.get(first), `tests/golden/${name}/${first} differs from what the writers print now (also: ${differ.slice(1).join(', ') || 'nothing else'}): ${ACCEPT_HINT}`).toBe(readFileSync(join(dir, first), 'utf8'));
      }
      expect(differ).toEqual([]);
    });
  }
});
