/**
 * Host inline assembly, as BrookGPU's apps used it to read the CPU's cycle counter (their timing.h:
 * `__asm__ __volatile__("rdtsc" : "=A" (t));`). Assembly cannot run here, so the statement is
 * skipped and each output operand is set to 0 (timings print as zero); brcc itself threw `asm(...)`
 * away (its lexer's GCC_ELIM state). One warning (BRK1242) per file names the statement; compile()
 * keeps one per program, since the same header is often included from several files.
 *
 *   GCC:  asm | __asm | __asm__  [volatile | __volatile | __volatile__ | inline | goto]
 *         ( "template" [: outputs [: inputs [: clobbers [: labels]]]] ) ;
 *         where an operand is [ [name] ] "constraint" ( expression )
 *   MSVC: __asm { ... }  or  __asm instruction ...   (up to the end of the line)
 */
import type { AssignExpr, Expr, NumberLit, Stmt } from '../ast.js';
import type { Token } from '../lex.js';
import type { Parser } from './parser.js';
import { closeParen, parseExpression } from './expressions.js';

const ASM_WORDS: ReadonlySet<string> = new Set(['asm', '__asm', '__asm__']);
const ASM_QUALIFIERS: ReadonlySet<string> = new Set(['volatile', '__volatile', '__volatile__', 'inline', '__inline', '__inline__', 'goto']);

/** The current token starts an inline assembly statement. */
export function isAsmStart(p: Parser): boolean {
  const t = p.tok;
  if (t.kind !== 'ident' || !ASM_WORDS.has(t.text)) return false;
  const next = p.peek();
  if (p.is('(', next) || ASM_QUALIFIERS.has(next.text)) return true;
  // MSVC's `__asm { ... }` / `__asm mov eax, 1`: not for plain `asm`, which may be a C variable.
  return t.text !== 'asm' && (p.is('{', next) || (!next.bol && next.kind !== 'punct'));
}

/** Parse and drop one asm statement; its output operands become `x = 0` assignments. */
export function parseAsmStatement(p: Parser): Stmt {
  const kw = p.next();
  let words = kw.text;
  while (ASM_QUALIFIERS.has(p.tok.text) && (p.tok.kind === 'ident' || p.tok.kind === 'keyword')) words += ' ' + p.next().text;
  if (!p.is('(')) return skipMsvcAsm(p, kw);
  const open = p.next();
  const template = isString(p.tok) ? String(p.tok.value) : '';
  while (isString(p.tok)) p.next();
  const outputs: Expr[] = [];
  // Sections after ':' (the lexer reads `::` as two ':', so `asm("..." :: "r"(x))` has no outputs).
  for (let section = 0; p.accept(':'); section++) {
    if (!p.is(':') && !p.is(')')) {
      do {
        if (p.accept('[')) { p.next(); p.expect(']'); }
        if (isString(p.tok)) p.next(); // the constraint, or a clobber / label name
        if (p.is('(')) {
          const o = p.next();
          const e = parseExpression(p);
          closeParen(p, o.span);
          if (section === 0) outputs.push(e);
        } else if (p.tok.kind === 'ident') {
          p.next(); // asm goto label
        }
      } while (p.accept(','));
    }
  }
  closeParen(p, open.span);
  p.expectSemicolon('the asm statement');
  const span = p.spanFrom(kw.span);
  warnOnce(p, kw, `'${words}(${template ? JSON.stringify(template) : ''} ...)'`, outputs);
  const body: Stmt[] = outputs.map((target) => {
    const zero: NumberLit = { kind: 'NumberLit', span: target.span, raw: '0', value: 0, isFloat: false, suffix: '' };
    const assign: AssignExpr = { kind: 'AssignExpr', span: target.span, op: '=', target, value: zero };
    return { kind: 'ExprStmt', span: target.span, expr: assign };
  });
  return { kind: 'Block', span, body };
}

function isString(t: Token): boolean {
  return t.kind === 'string';
}

/** `__asm { ... }` (a balanced block) or `__asm op args` up to the end of the line. */
function skipMsvcAsm(p: Parser, kw: Token): Stmt {
  if (p.is('{')) {
    let depth = 0;
    do {
      if (p.is('{')) depth++;
      else if (p.is('}')) depth--;
      p.next();
    } while (depth > 0 && !p.atEof());
  } else {
    while (!p.atEof() && !p.tok.bol && !p.is('}')) p.next();
    p.accept(';');
  }
  warnOnce(p, kw, `'${kw.text} ...'`, []);
  return { kind: 'EmptyStmt', span: p.spanFrom(kw.span) };
}

function warnOnce(p: Parser, kw: Token, what: string, outputs: Expr[]): void {
  if (p.asmWarned) return;
  p.asmWarned = true;
  const names = outputs.map((e) => (e.kind === 'Ident' ? e.name : '...'));
  const effect = names.length > 0 ? `; its output${names.length > 1 ? 's' : ''} (${names.join(', ')}) read as 0` : '';
  p.error('BRK1242', p.spanFrom(kw.span), { what, effect });
}
