/**
 * The fuzzer's seeds: the conformance programs (tests/conformance/*.br), valid Brook programs that
 * together use every construct of the language. Each is lexed once; mutate.ts works on the tokens.
 */
import fs from 'node:fs';
import path from 'node:path';
import { lex, type Token } from '../runtime/compiler/lex.js';

export interface Seed {
  name: string;
  text: string;
  tokens: Token[];
}

export interface Corpus {
  seeds: Seed[];
  /** Files a seed may #include (by name), for the compiler's readInclude. */
  includes: Map<string, string>;
  /** Every identifier, number and string token text of all seeds: what replacement tokens are drawn from. */
  idents: string[];
  numbers: string[];
  strings: string[];
}

export function loadCorpus(repoRoot: string): Corpus {
  const dir = path.join(repoRoot, 'tests', 'conformance');
  const seeds: Seed[] = [];
  const includes = new Map<string, string>();
  const idents = new Set<string>();
  const numbers = new Set<string>();
  const strings = new Set<string>();
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.br') && !f.endsWith('.brh')) continue;
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    if (f.endsWith('.brh')) includes.set(f, text);
    if (!f.endsWith('.br')) continue;
    const tokens = lex(text, 0).filter((t) => t.kind !== 'eof');
    seeds.push({ name: f.slice(0, -3), text, tokens });
    for (const t of tokens) {
      if (t.kind === 'ident') idents.add(t.text);
      else if (t.kind === 'number') numbers.add(t.text);
      else if (t.kind === 'string') strings.add(t.text);
    }
  }
  return { seeds, includes, idents: [...idents].sort(), numbers: [...numbers].sort(), strings: [...strings].sort() };
}
