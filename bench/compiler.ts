/**
 * The `compiler` group (CPU, wall time): the front end's speed on large inputs. These were wall-clock
 * limits in tests/compiler once (parse.test.ts "a 5000-line program parses in well under 100 ms",
 * lex.test.ts and preprocess.test.ts "5x the lines costs under 12x", limits.test.ts "rejected in
 * under 2 s"); they failed on a loaded CI machine, so the speed is measured here and the tests keep
 * what does not depend on the clock (the result, and work counted per token or character).
 *
 * Each case does one job two ways in the same run:
 * - compiler.lex / compiler.preprocess / compiler.parse: the baseline handles the text in five pieces
 *   (five calls on a fifth of it each), Brook's side the whole text in one call. ratio = pieces /
 *   whole: about 1 when the work is linear in the text, 0.2 when it is quadratic (target >= 0.6).
 *   compiler.parse also has an absolute target: 5000 lines (the bench's kernels repeated) < 100 ms.
 * - compiler.hugeArray: arrays of 2^31 - 1 floats and 2^31 - 16 chars with two-element initializers
 *   (one rejected with BRK2010, one compiled) against the same programs with two-element arrays:
 *   size limits are checked before anything is laid out, so the huge sizes cost nothing (>= 0.5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile } from '../runtime/compiler/index.js';
import { DiagnosticBag } from '../runtime/compiler/diagnostics.js';
import { lex } from '../runtime/compiler/lex.js';
import { preprocess } from '../runtime/compiler/preprocess.js';
import { parseSource } from '../runtime/compiler/parse/index.js';
import { SourceSet } from '../runtime/compiler/source.js';
import { casesDir } from './brook/session.js';
import type { Check } from './reference.js';
import type { BenchCase, Side } from './side.js';

/** A side that runs `job` and checks what its last run returned with `check`. */
function side<T>(impl: string, job: () => T, check: (r: T) => string | undefined, plan?: string): Side {
  let last: T | undefined;
  return {
    impl,
    plan,
    async run() {
      last = job();
    },
    async check(): Promise<Check> {
      const why = last === undefined ? 'not run' : check(last);
      return { ok: !why, maxRelError: why ? Infinity : 0, detail: why };
    },
    dispose() {
      last = undefined;
    },
  };
}

/** One job in five pieces (the baseline) and whole (Brook's side); `check` sees every result. */
function piecesCase(id: string, title: string, pieces: string[], job: (text: string) => unknown, check: (results: unknown[]) => string | undefined, size: string): BenchCase {
  const whole = pieces.join('');
  return {
    id,
    backend: 'cpu',
    title,
    size,
    bytes: whole.length,
    flops: 0,
    workingSetBytes: whole.length,
    timing: 'wall',
    samples: 15,
    async baseline() {
      return [side('pieces', () => pieces.map(job), check, `${pieces.length} calls on a fifth each`)];
    },
    async brook() {
      return side('brook', () => [job(whole)], check);
    },
  };
}

function lexCase(quick: boolean): BenchCase {
  const line = 'float4 s<10, 5>; x = a * 1.5f + b[i] /* c */ - 0x1F; // done\n';
  const per = quick ? 1000 : 5000;
  const job = (text: string) => {
    const diagnostics = new DiagnosticBag();
    return { tokens: lex(text, 0, { diagnostics }).length - 1, errors: diagnostics.items.length };
  };
  const check = (rs: unknown[]) => {
    const got = (rs as { tokens: number; errors: number }[]).reduce((n, r) => n + r.tokens + 1000 * r.errors, 0);
    return got === 5 * per * 21 ? undefined : `${got} tokens (diagnostics count 1000), expected ${5 * per * 21}`;
  };
  return piecesCase('compiler.lex', 'lexer: 5 pieces vs the whole text (linear: ratio ~1)', Array(5).fill(line.repeat(per)), job, check, `${5 * per} lines`);
}

function preprocessCase(quick: boolean): BenchCase {
  const head = '#define M(a, b) ((a) * (b) + N)\n#define N 4\n';
  const line = 'x = M(i, j) + M(M(1, 2), 3);\n';
  const per = quick ? 200 : 1000;
  const job = (text: string) => {
    const sources = new SourceSet();
    const file = sources.add('main.br', text);
    const diagnostics = new DiagnosticBag();
    const r = preprocess(sources, file.id, { diagnostics });
    return { tokens: r.tokens.length - 1, errors: diagnostics.items.length, left: r.tokens.filter((t) => t.text === 'M' || t.text === 'N').length };
  };
  // Each line expands to this, written out by hand; its token count (lexed alone) is the reference.
  const perLine = lex('x = ((i) * (j) + 4) + ((((1) * (2) + 4)) * (3) + 4);', 0, { diagnostics: new DiagnosticBag() }).length - 1;
  const check = (rs: unknown[]) => {
    const all = rs as { tokens: number; errors: number; left: number }[];
    const tokens = all.reduce((n, r) => n + r.tokens, 0);
    if (all.some((r) => r.errors || r.left)) return 'diagnostics, or macro names left unexpanded';
    return tokens === 5 * per * perLine ? undefined : `${tokens} tokens, expected ${5 * per * perLine}`;
  };
  // The pieces each define the macros, as the whole text does once: 2 lines more a piece.
  return piecesCase('compiler.preprocess', 'preprocessor, 3 macro uses a line: 5 pieces vs the whole (linear: ratio ~1)', Array(5).fill(head + line.repeat(per)), job, check, `${5 * per} lines`);
}

/** The bench's own kernels (bench/cases/*.br), repeated to at least `lines` lines, in five pieces. */
function parsePieces(lines: number): string[] {
  const dir = casesDir();
  const one = readdirSync(dir).filter((n) => n.endsWith('.br')).sort().map((n) => readFileSync(join(dir, n), 'utf8')).join('\n') + '\n';
  const copies = Math.ceil(lines / 5 / (one.split('\n').length - 1));
  return Array(5).fill(one.repeat(copies));
}

function parseCase(quick: boolean): BenchCase {
  const pieces = parsePieces(quick ? 1000 : 5000);
  const job = (text: string) => {
    const sources = new SourceSet();
    const r = parseSource(sources, sources.add('parse.br', text).id);
    return { items: r.unit.items.length, diagnostics: r.diagnostics.length };
  };
  const want = 5 * job(pieces[0]!).items;
  const check = (rs: unknown[]) => {
    const all = rs as { items: number; diagnostics: number }[];
    const items = all.reduce((n, r) => n + r.items, 0);
    if (all.some((r) => r.diagnostics)) return 'diagnostics';
    return items === want ? undefined : `${items} top-level items, expected ${want}`;
  };
  const lines = pieces.join('').split('\n').length - 1;
  return piecesCase('compiler.parse', 'parser (preprocess + parse): 5 pieces vs the whole (linear: ratio ~1)', pieces, job, check, `${lines} lines`);
}

const HUGE = ['int main() { float d[0x7fffffff] = {1.0, 2.0}; return 0; }', 'int main() { char d[0x7ffffff0] = {1, 2}; return d[1]; }'];
const SMALL = ['int main() { float d[2] = {1.0, 2.0}; return 0; }', 'int main() { char d[2] = {1, 2}; return d[1]; }'];

function hugeArrayCase(): BenchCase {
  const job = (texts: string[]) => () => texts.map((t) => compile(t));
  type Out = ReturnType<typeof compile>[];
  const errors = (r: Out[number]) => r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code).join(',');
  return {
    id: 'compiler.hugeArray',
    backend: 'cpu',
    title: 'compile arrays of 2^31 - 1 floats (rejected) and 2 GiB of chars, short initializers, vs 2-element arrays',
    size: '2 programs',
    bytes: HUGE.join('').length,
    flops: 0,
    workingSetBytes: HUGE.join('').length,
    timing: 'wall',
    samples: 15,
    async baseline() {
      return [side('small arrays', job(SMALL), (r: Out) => (r.every((x) => x.ok) ? undefined : `errors ${r.map(errors).join(' / ')}`))];
    },
    async brook() {
      return side('brook', job(HUGE), (r: Out) => {
        if (errors(r[0]!) !== 'BRK2010') return `2^31 - 1 floats: errors '${errors(r[0]!)}', expected BRK2010`;
        if (!r[1]!.ok) return `2 GiB of chars: errors '${errors(r[1]!)}', expected none`;
        // Code proportional to the initializer, not the array (limits.test.ts pins the same).
        return r[1]!.hostJs!.length < 20_000 ? undefined : `2 GiB of chars: ${r[1]!.hostJs!.length} characters of host code`;
      });
    },
  };
}

export function compilerCases(quick: boolean): BenchCase[] {
  return [lexCase(quick), preprocessCase(quick), parseCase(quick), hugeArrayCase()];
}
