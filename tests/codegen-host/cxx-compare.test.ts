/**
 * The C++ subset of host code (docs/CXX.md) against g++: each .cpp in programs/ is valid C++ and in
 * the subset. g++ -O2's build and ours must print the same bytes and exit with the same status, on
 * both host paths (JavaScript only, and with call-free loops in WebAssembly).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCxx } from '../hostlib/gcc.js';
import { runBrook } from './run.js';

const dir = join(import.meta.dirname, 'programs');
const programs = readdirSync(dir).filter((f) => f.endsWith('.cpp')).sort();
const ARGS = ['first', 'two words', '12345'];

describe('host C++ compiled by us prints what g++ -O2 prints', () => {
  it('has programs to compare', () => expect(programs.length).toBeGreaterThanOrEqual(1));
  for (const name of programs) {
    const source = readFileSync(join(dir, name), 'utf8');
    for (const hostWasm of [false, true]) {
      it(`${name} (${hostWasm ? 'WebAssembly loops' : 'JavaScript'})`, async () => {
        const want = runCxx(source, ARGS);
        const got = await runBrook(source, ARGS, name, { hostWasm });
        expect(got.diagnostics.filter((d) => d.includes('error'))).toEqual([]);
        expect(got.stdout).toBe(want.stdout);
        expect(got.status).toBe(want.status);
      });
    }
  }
});
