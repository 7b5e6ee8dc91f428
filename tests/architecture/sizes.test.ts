/**
 * Sizes in runtime/, pinned (issue 26: "no function in runtime/ is over ~150 lines, and no file over
 * ~600"): every function (declaration, method, constructor, accessor, function expression, arrow
 * function) is measured with the TypeScript compiler's own parse, from its first token to its closing
 * one, nested functions counted in their parent too. A function over the limit fails the test, which
 * lists each offender with its place; the only exceptions would be FUNCTION_ALLOWED entries, each with
 * its reason (none today).
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tsFiles } from './graph.js';

const ROOT = resolve(__dirname, '..', '..');
export const MAX_FUNCTION_LINES = 150;
export const MAX_FILE_LINES = 600;

/** Functions allowed past MAX_FUNCTION_LINES: "path:name" -> why a split would be worse. Keep it tiny. */
const FUNCTION_ALLOWED: Record<string, string> = {};

export interface FunctionSize {
  file: string;
  name: string;
  line: number;
  lines: number;
}

/** The name a function is known by: its own, or the variable, property or parameter it is given to. */
function nameOf(node: ts.SignatureDeclaration, sf: ts.SourceFile): string {
  if (node.name) return node.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) return p.name.getText(sf);
  return '(anonymous)';
}

/** Every function with a body in `text`, with its length in lines. */
export function functionSizes(file: string, text: string): FunctionSize[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: FunctionSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name: nameOf(node, sf), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const files = tsFiles(resolve(ROOT, 'runtime')).map((f) => ({ path: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
const sizes = files.flatMap((f) => functionSizes(f.path, f.text));

describe('sizes in runtime/', () => {
  it('the measure: a function is counted from its first line to its last, arrows and methods too', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const text = [
      `function outer() {\n${body(3)}\n  const inner = () => {\n${body(2)}\n  };\n}`,
      `class C {\n  method() {\n${body(4)}\n  }\n}`,
      `const o = { prop: function () {\n${body(1)}\n} };`,
    ].join('\n');
    const sizes = functionSizes('t.ts', text).map((s) => `${s.name}@${s.line}:${s.lines}`);
    expect(sizes).toEqual(['outer@1:9', 'inner@5:4', 'method@11:6', 'prop@18:3']);
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines (except the allowed, each with its reason)`, () => {
    const offenders = sizes
      .filter((s) => s.lines > MAX_FUNCTION_LINES && !FUNCTION_ALLOWED[`${s.file}:${s.name}`])
      .map((s) => `${s.file}:${s.line} ${s.name}: ${s.lines} lines`);
    expect(offenders, `split these functions by responsibility (or, only where a split would be worse, allow one in ${relative(ROOT, __filename)} with the reason)`).toEqual([]);
    // An allowed entry goes when its function is split or gone.
    const byName = new Map(sizes.map((s) => [`${s.file}:${s.name}`, s.lines]));
    const stale = Object.keys(FUNCTION_ALLOWED).filter((key) => !((byName.get(key) ?? 0) > MAX_FUNCTION_LINES));
    expect(stale, 'allowed past the limit but no longer over it: remove the entry').toEqual([]);
  });

  it(`no file is over ${MAX_FILE_LINES} lines`, () => {
    const long = files.map((f) => ({ path: f.path, lines: f.text.split('\n').length })).filter((f) => f.lines > MAX_FILE_LINES).map((f) => `${f.path}: ${f.lines} lines`);
    expect(long, 'split these files by responsibility').toEqual([]);
  });
});
