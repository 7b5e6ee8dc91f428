/**
 * No wall-clock thresholds in the unit project (tests/README.md, "Time in tests"): a unit test file
 * does not compare a clock reading with a fixed number. Speed is the bench's (bench/README.md), where
 * cases are compared with a baseline in the same run; a responsiveness promise a user sees (an interrupt
 * answered within seconds) is a gpu or jupyter test with a bound a loaded 2-core CI machine meets and a
 * comment saying why.
 *
 * How it is told, statically, on the file's syntax tree (TypeScript's parser: comments and strings are
 * not code; a file that reads no clock is skipped):
 * - clock names: performance.now, Date.now, process.hrtime, process.cpuUsage, a call of a helper whose
 *   name ends in Ms, Millis or Seconds (`bestCpuMs(f)`), and every variable
 *   assigned from an expression that uses one of them or another clock name (`const ms = now() - t0`);
 *   also any name that says it holds a duration: `ms`, `elapsed`, `seconds`, or ending in `Ms`.
 * - a comparison: `expect(A).toBeLessThan(B)` (and LessThanOrEqual, GreaterThan, GreaterThanOrEqual,
 *   and with .not), or `expect(A < B)` with <, <=, >, >=.
 * - it is a threshold when one side uses a clock name and the other is a fixed number (literals,
 *   UPPER_CASE constants, Math functions, arithmetic). A clock reading between two other clock
 *   readings (clock() between two cpuUsage() calls) compares clock with clock and passes.
 * Not seen: a time compared in a helper rather than an expect (`if (ms > 100) throw`), or held in an
 * array first (`median(latencies)`). ALLOWED names a line that must stay (`file: the line's text`, the
 * line where the expect starts), each with why; it is empty and should stay so.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ALL_TESTS, BENCH_TESTS, GPU_TESTS, JUPYTER_TESTS } from '../projects.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** `file: trimmed line` -> why that comparison of a clock with a number is not a threshold. */
const ALLOWED: Record<string, string> = {};

/** A call that reads a clock: the clocks themselves, or a helper whose name says it returns a time (`bestCpuMs(f)`). */
const CLOCK_CALLEE = /^(performance\.now|Date\.now|process\.hrtime|process\.hrtime\.bigint|hrtime\.bigint|process\.cpuUsage)$|\w(Ms|Millis|Seconds)$/;
/** A name that says it holds a duration: `ms`, `r.ms`, `stopMs`, `elapsed`. */
const DURATION_NAME = /^(ms|elapsed|seconds|secs)$|^[a-z]\w*Ms$/;
const MATCHERS = new Set(['toBeLessThan', 'toBeLessThanOrEqual', 'toBeGreaterThan', 'toBeGreaterThanOrEqual']);
const ORDER = new Set([ts.SyntaxKind.LessThanToken, ts.SyntaxKind.LessThanEqualsToken, ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.GreaterThanEqualsToken]);
const ARITHMETIC = new Set([ts.SyntaxKind.PlusToken, ts.SyntaxKind.MinusToken, ts.SyntaxKind.AsteriskToken, ts.SyntaxKind.SlashToken, ts.SyntaxKind.PercentToken, ts.SyntaxKind.AsteriskAsteriskToken]);

function some(node: ts.Node, test: (n: ts.Node) => boolean): boolean {
  return test(node) || (ts.forEachChild(node, (c) => (some(c, test) ? true : undefined)) ?? false);
}

function isClockCall(n: ts.Node, sf: ts.SourceFile): boolean {
  return ts.isCallExpression(n) && CLOCK_CALLEE.test(n.expression.getText(sf).replace(/\s+/g, ''));
}

/** A clock call, or a variable assigned from one (directly or through another such variable). */
function readsClock(node: ts.Node, names: Set<string>, sf: ts.SourceFile): boolean {
  return some(node, (n) => isClockCall(n, sf) || (ts.isIdentifier(n) && names.has(n.text)));
}

/** One side of a comparison holds a time: it reads a clock, or names a duration. */
function clocky(node: ts.Node, names: Set<string>, sf: ts.SourceFile): boolean {
  return readsClock(node, names, sf) || some(node, (n) => ts.isIdentifier(n) && DURATION_NAME.test(n.text));
}

/** A fixed number: literals, UPPER_CASE constants, Math's functions and constants, arithmetic of those. */
function fixed(n: ts.Expression): boolean {
  if (ts.isNumericLiteral(n)) return true;
  if (ts.isParenthesizedExpression(n)) return fixed(n.expression);
  if (ts.isPrefixUnaryExpression(n)) return fixed(n.operand);
  if (ts.isBinaryExpression(n)) return ARITHMETIC.has(n.operatorToken.kind) && fixed(n.left) && fixed(n.right);
  if (ts.isIdentifier(n)) return /^[A-Z][A-Z0-9_]*$/.test(n.text);
  if (ts.isPropertyAccessExpression(n)) return ts.isIdentifier(n.expression) && n.expression.text === 'Math';
  if (ts.isCallExpression(n)) return ts.isPropertyAccessExpression(n.expression) && fixed(n.expression) && n.arguments.every(fixed);
  return false;
}

/** Names assigned from a clock reading: `const ms = performance.now() - t0`, `stoppedAt = Date.now()`. */
function clockNames(sf: ts.SourceFile): Set<string> {
  const pairs: [string, ts.Node][] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) pairs.push([n.name.text, n.initializer]);
    if (ts.isBinaryExpression(n) && ts.isIdentifier(n.left) && [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.PlusEqualsToken, ts.SyntaxKind.MinusEqualsToken].includes(n.operatorToken.kind)) pairs.push([n.left.text, n.right]);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const names = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, value] of pairs) {
      if (!names.has(name) && readsClock(value, names, sf)) {
        names.add(name);
        grew = true;
      }
    }
  }
  return names;
}

/** `expect(X)` or `expect(X).not`: X. */
function expectSubject(n: ts.Expression): ts.Expression | undefined {
  if (ts.isPropertyAccessExpression(n) && n.name.text === 'not') return expectSubject(n.expression);
  if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'expect') return n.arguments[0];
  return undefined;
}

/**
 * The comparisons in `src` of a clock reading with a fixed number, each as the trimmed text of the line
 * it starts on: `expect(A).toBeLessThan(B)` (and LessThanOrEqual, GreaterThan, GreaterThanOrEqual) or
 * `expect(A < B)` (<, <=, >, >=). A file that reads no clock has none.
 */
export function clockThresholds(src: string): string[] {
  const sf = ts.createSourceFile('test.ts', src, ts.ScriptTarget.Latest, true);
  if (!some(sf, (n) => isClockCall(n, sf))) return [];
  const names = clockNames(sf);
  const lines = src.split('\n');
  const found: string[] = [];
  const threshold = (a: ts.Expression, b: ts.Expression) => (clocky(a, names, sf) && fixed(b)) || (fixed(a) && clocky(b, names, sf));
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      let sides: [ts.Expression, ts.Expression] | undefined;
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee) && MATCHERS.has(callee.name.text) && n.arguments[0]) {
        const subject = expectSubject(callee.expression);
        if (subject) sides = [subject, n.arguments[0]];
      } else if (ts.isIdentifier(callee) && callee.text === 'expect' && n.arguments[0] && ts.isBinaryExpression(n.arguments[0]) && ORDER.has(n.arguments[0].operatorToken.kind)) {
        sides = [n.arguments[0].left, n.arguments[0].right];
      }
      if (sides && threshold(...sides)) found.push(lines[sf.getLineAndCharacterOfPosition(n.getStart(sf)).line]!.trim());
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('no wall-clock thresholds in unit tests', () => {
  it('the detector finds a threshold and passes clock against clock (its own examples)', () => {
    expect(clockThresholds('const t0 = performance.now();\nwork();\nconst ms = performance.now() - t0;\nexpect(ms).toBeLessThan(100);')).toEqual(['expect(ms).toBeLessThan(100);']);
    expect(clockThresholds('const a = Date.now();\nconst x = f();\nexpect(x).toBeGreaterThanOrEqual(a);\nexpect(stopMs < 3000).toBe(true);')).toEqual(['expect(stopMs < 3000).toBe(true);']);
    expect(clockThresholds('const { err, ms } = await stopped();\nconst t = Date.now();\nexpect(ms).not.toBeGreaterThan(2 * 1000);')).toHaveLength(1);
    expect(clockThresholds('const n = items.length;\nexpect(n).toBeLessThan(100);')).toEqual([]); // no clock read in the file
    expect(clockThresholds('const b = Date.now();\nexpect(count).toBeLessThan(100); // ms\n')).toEqual([]);
    expect(clockThresholds('expect(bestCpuMs(() => parse(text))).toBeLessThan(100);')).toHaveLength(1); // a timing helper
  });

  it('unit test files compare no clock reading with a fixed number', () => {
    const listed = new Set(globSync([...GPU_TESTS, ...JUPYTER_TESTS, ...BENCH_TESTS], { cwd: ROOT }));
    const unit = globSync([ALL_TESTS], { cwd: ROOT }).filter((f) => !listed.has(f) && f !== 'tests/architecture/clock-thresholds.test.ts').sort();
    expect(unit.length).toBeGreaterThan(40);
    const found = unit.flatMap((f) => clockThresholds(readFileSync(resolve(ROOT, f), 'utf8')).map((l) => `${f}: ${l}`));
    const unexplained = found.filter((l) => !(l in ALLOWED));
    expect(unexplained, 'a time limit in a unit test: measure speed in the bench, or move a responsiveness bound to a gpu/jupyter test (tests/README.md)').toEqual([]);
    // Every allowed line still exists (a stale entry hides nothing, but misleads).
    expect(Object.keys(ALLOWED).filter((l) => !found.includes(l))).toEqual([]);
  });
});
