/**
 * Node's types join the checker's program only when the session needs them (kernel/language.ts
 * NODE_USE): plain cells are checked by a lean program, with the same "no such property" errors.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LanguageService } from '../../kernel/language.js';

const fresh = () => new LanguageService(mkdtempSync(join(tmpdir(), 'brook-lang-')), () => ({ text: '', version: 0 }));
const codes = (errors: { message: string }[]) => errors.map((e) => e.message);

describe('the checker without and with @types/node', () => {
  it('checks a plain cell without Node types: misspelt properties of arrays and of console are caught', () => {
    const s = fresh();
    expect(codes(s.typeErrors('const a = [1, 2, 3];\na.lenght'))).toEqual([expect.stringContaining("'lenght' does not exist")]);
    expect(codes(s.typeErrors('console.lgo("x")'))).toEqual([expect.stringContaining("'lgo' does not exist")]);
    expect(s.typeErrors('console.log([1, 2].map((v) => v * 2))')).toEqual([]);
  });

  it('a cell naming a Node global is checked with Node types (process.env values are strings)', () => {
    const s = fresh();
    expect(s.typeErrors('const n = 1;\nn.toFixed(2)')).toEqual([]);
    expect(codes(s.typeErrors('const h = process.env.HOME ?? "";\nh.lenght'))).toEqual([expect.stringContaining("'lenght' does not exist on type 'string'")]);
    expect(codes(s.typeErrors('Buffer.from("ab").lenght'))).toEqual([expect.stringContaining("'lenght' does not exist")]);
  });

  it('a checked cell that imports a Node module is checked with Node types', () => {
    const s = fresh();
    expect(codes(s.typeErrors('import * as os from "node:os";\nos.cpus().lenght'))).toEqual([expect.stringContaining("'lenght' does not exist")]);
  });

  it('an executed cell that names a Node global switches later checks to Node types', () => {
    const s = fresh();
    s.addCell('const here = process.cwd();', ['here']);
    expect(codes(s.typeErrors('here.lenght'))).toEqual([expect.stringContaining("'lenght' does not exist on type 'string'")]);
  });

  it('completion lists Node globals (it always uses Node types)', () => {
    const s = fresh();
    expect(s.typeErrors('1 + 1')).toEqual([]);
    expect(s.complete('proc', 4).matches).toContain('process');
  });

  it('warmNodeTypes parses them ahead without switching: a lean check still misses no error', () => {
    const s = fresh();
    s.warmNodeTypes();
    expect(codes(s.typeErrors('console.lgo(1)'))).toEqual([expect.stringContaining("'lgo' does not exist")]);
  });
});
