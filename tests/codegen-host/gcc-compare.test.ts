/**
 * Host code generation against gcc: each program in programs/ is valid C and valid Brook host code.
 * gcc's build and ours must print the same bytes and exit with the same status.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runC } from '../hostlib/gcc.js';
import { runBrook } from './run.js';

const dir = join(import.meta.dirname, 'programs');
const programs = readdirSync(dir).filter((f) => f.endsWith('.c')).sort();
const ARGS = ['first', 'two words', '12345'];

describe('host C compiled by us prints what gcc prints', () => {
  it('has programs to compare', () => expect(programs.length).toBeGreaterThanOrEqual(6));
  for (const name of programs) {
    it(name, async () => {
      const source = readFileSync(join(dir, name), 'utf8');
      const want = runC(source, ARGS);
      const got = await runBrook(source, ARGS, name);
      expect(got.diagnostics.filter((d) => d.includes('error'))).toEqual([]);
      expect(got.stdout).toBe(want.stdout);
      expect(got.status).toBe(want.status);
    });
  }
});
