/**
 * `node dist/fuzz/minimize.js FILE.br`: shrinks a compiler crash (fuzz/run.ts) while it still fails
 * the same way, and prints the smallest text found: for turning a fuzz crash into a short regression test.
 * `node dist/fuzz/minimize.js --diff FILE.br [--backends js,wasm,webgpu]`: shrinks a difference the
 * differential fuzzer saved (fuzz/diff-run.ts; its header holds the output classes) while it still
 * compiles and differs the same way between the same two backends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareRuns } from './compare.js';
import { loadCorpus } from './corpus.js';
import { minimizeDifference, parseFindingFile } from './differential.js';
import { BACKENDS, Backends, type BackendName } from './execute.js';
import { compile } from '../runtime/compiler/index.js';
import { shrink } from './shrink.js';
import { runInput } from './target.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function minimizeCrash(file: string): Promise<void> {
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
  const best = await shrink(text, (t) => fails(t) === want);
  console.error(`// ${want}`);
  console.log(best);
}

async function minimizeDiff(file: string, names: BackendName[]): Promise<void> {
  const { text, classes } = parseFindingFile(fs.readFileSync(file, 'utf8'));
  const compiled = compile(text, { fileName: path.basename(file) });
  if (!compiled.ok) {
    console.error(`${file} does not compile: ${compiled.diagnostics.map((d) => d.message).join('; ')}`);
    process.exit(1);
  }
  const backends = await Backends.start(names);
  try {
    const runs: [BackendName, Awaited<ReturnType<Backends['run']>>][] = [];
    for (const n of backends.names) runs.push([n, await backends.run(n, compiled)]);
    const d = runs.slice(1).map((r) => compareRuns(runs[0]!, r, classes)).find((x) => x);
    if (!d) {
      console.error(`the program gives the same results on ${names.join(', ')}`);
      process.exit(1);
    }
    const best = await minimizeDifference(backends, text, classes, d, Infinity);
    console.error(`// ${d.what}`);
    console.log(best);
  } finally {
    backends.dispose();
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--diff' && argv[1]) {
  const i = argv.indexOf('--backends');
  const names = (i >= 0 ? argv[i + 1]!.split(',') : [...BACKENDS]) as BackendName[];
  void minimizeDiff(argv[1], names);
} else if (argv[0] && !argv[0].startsWith('--')) void minimizeCrash(argv[0]);
else {
  console.error('usage: node dist/fuzz/minimize.js FILE.br | --diff FILE.br [--backends js,wasm,webgpu,wasm-fused,webgpu-fused]');
  process.exit(2);
}
