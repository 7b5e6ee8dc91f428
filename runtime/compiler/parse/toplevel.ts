/**
 * The translation unit: top-level declarations and, in notebook cells, top-level statements.
 *
 * Recovery at the top level: skip to the `;` that ends the broken declaration, past a balanced
 * `{...}` body, or up to the next line that starts with a declaration keyword (`kernel`, `reduce`,
 * `typedef`, `struct`, a type keyword). A stray `}` is reported as unbalanced and skipped.
 */
import type { Stmt, TopLevel, TranslationUnit } from '../ast.js';
import { describe, ParseAbort, StopParsing, type Parser } from './parser.js';
import { bodyFollowsParams, parseDeclaration } from './declarations.js';
import { parseStatementOrDecl } from './statements.js';
import { isQualifiedStructor } from './cxx-class.js';

export function parseTranslationUnit(p: Parser): TranslationUnit {
  const items: TopLevel[] = [];
  const statements: Stmt[] = [];
  const order: TranslationUnit['order'] = [];
  const start = p.tok.span;
  while (!p.atEof()) {
    const before = p.pos;
    try {
      if (p.is('}')) {
        p.error('BRK1203', p.next().span);
      } else if (p.is(';')) {
        p.next();
      } else if (startsTopLevelDeclaration(p)) {
        for (const d of parseDeclaration(p, true)) {
          order.push(['item', items.length]);
          items.push(d);
        }
      } else if (p.allowTopLevelStatements) {
        for (const s of parseStatementOrDecl(p)) {
          if (s.kind === 'DeclStmt') {
            order.push(['item', items.length]);
            items.push(s.decl);
          } else {
            order.push(['stmt', statements.length]);
            statements.push(s);
          }
        }
      } else if (p.is('>')) {
        p.fail('BRK1212', p.tok.span);
      } else if (looksLikeStatement(p)) {
        p.fail('BRK1233', p.tok.span);
      } else {
        p.fail('BRK1208', p.tok.span, { found: describe(p.tok) });
      }
    } catch (e) {
      if (e instanceof StopParsing) break;
      if (!(e instanceof ParseAbort)) throw e;
      syncTopLevel(p);
    }
    if (p.pos === before) p.next();
  }
  const end = p.tok.span;
  return { kind: 'TranslationUnit', span: { file: start.file, start: 0, end: end.file === start.file ? end.end : start.end }, items, statements, order };
}

const STATEMENT_KEYWORDS: ReadonlySet<string> = new Set(['if', 'for', 'while', 'do', 'return', 'switch', 'break', 'continue', 'goto']);

/** `x = 3;`, `f(a);`, `i++;` or a statement keyword: C code that belongs in a function body. */
function looksLikeStatement(p: Parser): boolean {
  const t = p.tok;
  if (t.kind === 'keyword') return STATEMENT_KEYWORDS.has(t.text);
  if (t.kind !== 'ident') return false;
  const n = p.peek();
  return n.kind === 'punct' && ['=', '(', '++', '--', '+=', '-=', '*=', '/=', '[', '.', '->'].includes(n.text);
}

const DECL_KEYWORDS: ReadonlySet<string> = new Set([
  'kernel', 'reduce', 'typedef', 'struct', 'union', 'enum', 'static', 'extern', 'const', 'void', 'char', 'short', 'int',
  'long', 'float', 'double', 'signed', 'unsigned', 'iter',
]);

function startsTopLevelDeclaration(p: Parser): boolean {
  const t = p.tok;
  if (t.kind === 'keyword' && (t.text === 'kernel' || t.text === 'reduce')) return true;
  if (p.isDeclStart()) return true;
  if (t.kind === 'ident' && !p.isTypeName()) {
    const next = p.peek();
    // `Vec3 v;` (unknown type, reported by parseDeclaration) or `main() { ... }` (implicit int).
    if (next.kind === 'ident') return true;
    if (p.is('(', next)) return bodyFollowsParams(p, 1) || isQualifiedStructor(t.text); // C++ `C::C(...) : x(0) {`
  }
  return false;
}

function syncTopLevel(p: Parser): void {
  let depth = 0;
  let parens = 0; // a ';' inside parentheses (`for (;;)`) does not end anything
  let first = true;
  while (!p.atEof()) {
    const t = p.tok;
    if (!first && depth === 0 && t.bol && t.kind === 'keyword' && DECL_KEYWORDS.has(t.text)) return;
    first = false;
    if (t.kind === 'punct') {
      if (t.text === '(') parens++;
      else if (t.text === ')') parens = Math.max(0, parens - 1);
      else if (t.text === ';' && depth === 0 && parens === 0) { p.next(); return; }
      if (t.text === '{') depth++;
      else if (t.text === '}') {
        if (depth === 0) return; // reported as unbalanced by the loop
        if (--depth === 0) { p.next(); return; }
      }
    }
    p.next();
  }
}
