/**
 * The translation unit: top-level declarations and, in notebook cells, top-level statements.
 *
 * Recovery at the top level: skip to the `;` that ends the broken declaration, past a balanced
 * `{...}` body, or up to the next line that starts with a declaration keyword (`kernel`, `reduce`,
 * `typedef`, `struct`, a type keyword). A stray `}` is reported as unbalanced and skipped.
 */
import type { Stmt, TopLevel, TranslationUnit } from '../ast.js';
import { describe, ParseAbort, type Parser } from './parser.js';
import { parseDeclaration } from './declarations.js';
import { parseStatementOrDecl } from './statements.js';

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
      } else {
        p.fail('BRK1208', p.tok.span, { found: describe(p.tok) });
      }
    } catch (e) {
      if (!(e instanceof ParseAbort)) throw e;
      syncTopLevel(p);
    }
    if (p.pos === before) p.next();
  }
  const end = p.tok.span;
  return { kind: 'TranslationUnit', span: { file: start.file, start: 0, end: end.file === start.file ? end.end : start.end }, items, statements, order };
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
    if (p.is('(', next)) return functionBodyFollows(p);
  }
  return false;
}

function functionBodyFollows(p: Parser): boolean {
  let depth = 0;
  for (let k = 1; ; k++) {
    const t = p.peek(k);
    if (t.kind === 'eof') return false;
    if (t.kind !== 'punct') continue;
    if (t.text === '(') depth++;
    else if (t.text === ')') {
      if (--depth === 0) return p.is('{', p.peek(k + 1));
    } else if (t.text === ';' || t.text === '{' || t.text === '}') return false;
  }
}

function syncTopLevel(p: Parser): void {
  let depth = 0;
  let first = true;
  while (!p.atEof()) {
    const t = p.tok;
    if (!first && depth === 0 && t.bol && t.kind === 'keyword' && DECL_KEYWORDS.has(t.text)) return;
    first = false;
    if (t.kind === 'punct') {
      if (t.text === ';' && depth === 0) { p.next(); return; }
      if (t.text === '{') depth++;
      else if (t.text === '}') {
        if (depth === 0) return; // reported as unbalanced by the loop
        if (--depth === 0) { p.next(); return; }
      }
    }
    p.next();
  }
}
