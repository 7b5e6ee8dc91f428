/**
 * `node dist/fuzz/minimize.js FILE.br`: shrinks a crashing input (line by line, then token by token)
 * while it still fails the same way, and prints the smallest text found. For turning a fuzz crash
 * into a short regression test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus } from './corpus.js';
import { runInput } from './target.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function main(): void {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node dist/fuzz/minimize.js FILE.br');
    process.exit(2);
  }
  const includes = loadCorpus(repoRoot).includes;
  const text = fs.readFileSync(file, 'utf8').split('\n').filter((l) => !l.startsWith('// fuzz crash') && !/^\/\/ (input \d+|\s*at |[A-Za-z]*Error)/.test(l)).join('\n');
  const fails = (t: string): string | undefined => {
    const r = runInput(t, { includes, asCell: true, coverage: false });
    return r.outcome === 'crash' ? r.what!.replace(/'[^']*'/g, "''") : undefined;
  };
  const want = fails(text);
  if (!want) {
    console.error('the input does not crash');
    process.exit(1);
  }
  let best = text;
  for (const unit of ['\n', ' ']) {
    let parts = best.split(unit);
    for (let chunk = Math.max(1, parts.length >> 1); chunk >= 1; chunk >>= 1) {
      for (let i = 0; i < parts.length; ) {
        const trial = [...parts.slice(0, i), ...parts.slice(i + chunk)];
        if (fails(trial.join(unit)) === want) parts = trial;
        else i += chunk;
      }
    }
    best = parts.join(unit);
  }
  console.error(`// ${want}`);
  console.log(best);
}

main();
