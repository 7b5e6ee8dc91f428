/**
 * Error corpus: every tests/errors/NAME.br is a bad program. Its leading comment lines say what must be
 * reported (see README.md):
 *   // expect-error: LINE:COL: phrase            (compile error)
 *   // expect-runtime-error: LINE:COL: phrase    (error while running)
 * The CLI must exit with status 1 and, for each expectation, stderr must hold a header line
 * `NAME.br:LINE:COL: error: ...` that contains the phrase (compared case-insensitively), followed by the
 * quoted source line and a caret line. Compile errors must stop the program before it prints anything.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, runBrook, type BuildResult } from '../conformance/cli.js';

const dir = path.join(repoRoot, 'tests', 'errors');
const programs = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.br'))
  .map((f) => f.slice(0, -3))
  .sort();

interface Expectation {
  kind: 'compile' | 'runtime';
  line: number;
  col: number;
  phrase: string;
}

const expectPattern = /^\s*\/\/\s*expect-(error|runtime-error):\s*(\d+):(\d+):\s*(.+?)\s*$/;

export function parseExpectations(source: string): Expectation[] {
  const out: Expectation[] = [];
  for (const line of source.split('\n')) {
    const m = expectPattern.exec(line);
    if (!m) {
      if (out.length > 0 || !/^\s*\/\//.test(line)) break; // expectations are the leading comment lines
      continue;
    }
    out.push({ kind: m[1] === 'error' ? 'compile' : 'runtime', line: Number(m[2]), col: Number(m[3]), phrase: m[4]! });
  }
  return out;
}

/** Finds the diagnostic header for one expectation and checks its phrase and the caret line under it. */
export function checkDiagnostic(stderr: string, name: string, e: Expectation): string | undefined {
  const lines = stderr.split('\n');
  const where = `${name}.br:${e.line}:${e.col}: error:`;
  const idx = lines.findIndex((l) => l.includes(where));
  if (idx < 0) return `no diagnostic header containing '${where}'`;
  const header = lines[idx]!;
  if (!header.toLowerCase().includes(e.phrase.toLowerCase())) return `header '${header}' lacks the phrase '${e.phrase}'`;
  // renderDiagnostic prints ` LINE | source text` then `      | ^~~` right after the header.
  const quoted = lines[idx + 1] ?? '';
  if (!new RegExp(`^\\s*${e.line} \\| `).test(quoted)) return `line after the header does not quote line ${e.line}: '${quoted}'`;
  const caret = lines[idx + 2] ?? '';
  const m = /^(\s*)\| (\s*)\^/.exec(caret);
  if (!m) return `no caret line after the quoted source: '${caret}'`;
  // The caret sits under column COL of the quoted text.
  const quotedStart = quoted.indexOf('| ') + 2;
  const caretCol = caret.indexOf('^') - quotedStart + 1;
  if (caretCol !== e.col) return `caret under column ${caretCol}, expected ${e.col}`;
  return undefined;
}

let build: BuildResult;
beforeAll(async () => {
  build = await ensureBuilt();
}, 300_000);

describe('error corpus', () => {
  it('has the corpus in place, every program with an expectation', () => {
    expect(programs.length).toBeGreaterThanOrEqual(40);
    for (const name of programs) {
      const src = fs.readFileSync(path.join(dir, `${name}.br`), 'utf8');
      expect(parseExpectations(src).length, `${name}.br has no expect-error line`).toBeGreaterThan(0);
    }
  });

  it('checks diagnostics strictly (self-test of the checker)', () => {
    const e: Expectation = { kind: 'compile', line: 3, col: 12, phrase: "unknown identifier 'foo'" };
    const good = "x/bad.br:3:12: error: BRK2001: unknown identifier 'foo'\n 3 |   result = foo * x;\n   |            ^~~\n";
    expect(checkDiagnostic(good, 'bad', e)).toBeUndefined();
    expect(checkDiagnostic(good.replace('3:12', '3:11'), 'bad', e)).toMatch(/no diagnostic/);
    expect(checkDiagnostic(good.replace("'foo'", "'bar'"), 'bad', e)).toMatch(/lacks the phrase/);
    expect(checkDiagnostic(good.replace('^~~', '~~~'), 'bad', e)).toMatch(/no caret/);
    expect(checkDiagnostic(good.replace('|            ^', '|           ^'), 'bad', e)).toMatch(/caret under column 11/);
  });

  for (const name of programs) {
    it(name, async () => {
      if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
      const src = fs.readFileSync(path.join(dir, `${name}.br`), 'utf8');
      const expectations = parseExpectations(src);
      const r = await runBrook(`tests/errors/${name}.br`, 'cpu');
      expect(r.timedOut, 'timed out').toBe(false);
      expect(r.code, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(1);
      expect(r.stderr).not.toMatch(/internal error/i);
      for (const e of expectations) {
        expect(checkDiagnostic(r.stderr, name, e), `stderr:\n${r.stderr}`).toBeUndefined();
      }
      if (expectations.every((e) => e.kind === 'compile')) {
        expect(r.stdout, 'a program with compile errors must not run').toBe('');
      }
    });
  }
});
