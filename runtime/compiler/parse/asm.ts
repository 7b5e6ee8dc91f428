/**
 * Host inline assembly, as BrookGPU's apps used it to read the CPU's cycle counter (their timing.h:
 * `__asm__ __volatile__("rdtsc" : "=A" (t));`).
 * - `rdtsc` / `rdtscp` read a real clock: a nominal 1 GHz cycle counter, i.e. nanoseconds of a
 *   monotonic clock since the program started (runtime/hostlib's __brook_rdtsc_*). `"=A"` gets all
 *   64 bits, `"=a"` the low 32 and `"=d"` the high 32, as on x86; any other output reads 0. The apps
 *   calibrate cycles against milliseconds, so their timings come out right at any nominal rate.
 * - Any other assembly cannot run here: the statement is skipped and each output operand is set to 0;
 *   brcc itself threw `asm(...)` away (its lexer's GCC_ELIM state). One warning (BRK1242) per file
 *   names the statement; compile() keeps one per program, since the same header is often included
 *   from several files.
 *
 *   GCC:  asm | __asm | __asm__  [volatile | __volatile | __volatile__ | inline | goto]
 *         ( "template" [: outputs [: inputs [: clobbers [: labels]]]] ) ;
 *         where an operand is [ [name] ] "constraint" ( expression )
 *   MSVC: __asm { ... }  or  __asm instruction ...   (up to the end of the line)
 */
import type { AssignExpr, CallExpr, Expr, NumberLit, Stmt } from '../ast.js';
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
  const constraints: string[] = [];
  // Sections after ':' (the lexer reads `::` as two ':', so `asm("..." :: "r"(x))` has no outputs).
  for (let section = 0; p.accept(':'); section++) {
    if (!p.is(':') && !p.is(')')) {
      do {
        if (p.accept('[')) { p.next(); p.expect(']'); }
        const constraint = isString(p.tok) ? String(p.next().value) : ''; // or a clobber / label name
        if (p.is('(')) {
          const o = p.next();
          const e = parseExpression(p);
          closeParen(p, o.span);
          if (section === 0) {
            outputs.push(e);
            constraints.push(constraint);
          }
        } else if (p.tok.kind === 'ident') {
          p.next(); // asm goto label
        }
      } while (p.accept(','));
    }
  }
  closeParen(p, open.span);
  p.expectSemicolon('the asm statement');
  const span = p.spanFrom(kw.span);
  if (/^\s*rdtscp?\s*$/.test(template)) return readCycleCounter(span, outputs, constraints);
  warnOnce(p, kw, `'${words}(${template ? JSON.stringify(template) : ''} ...)'`, outputs);
  const body: Stmt[] = outputs.map((target) => {
    const zero: NumberLit = { kind: 'NumberLit', span: target.span, raw: '0', value: 0, isFloat: false, suffix: '' };
    const assign: AssignExpr = { kind: 'AssignExpr', span: target.span, op: '=', target, value: zero };
    return { kind: 'ExprStmt', span: target.span, expr: assign };
  });
  return { kind: 'Block', span, body };
}

/** `rdtsc` into its outputs: one sample of the clock, then each output takes its part of it. */
function readCycleCounter(span: Stmt['span'], outputs: Expr[], constraints: string[]): Stmt {
  const call = (name: string, arg?: number): CallExpr => ({
    kind: 'CallExpr', span, callee: { kind: 'Ident', span, name }, args: arg === undefined ? [] : [number(span, arg)],
  });
  const part = (constraint: string): Expr => {
    const register = constraint.replace(/[=+&%]/g, '');
    if (register === 'A') return call('__brook_rdtsc_word', 2);
    if (register === 'a') return call('__brook_rdtsc_word', 0);
    if (register === 'd') return call('__brook_rdtsc_word', 1);
    return number(span, 0);
  };
  const body: Stmt[] = [{ kind: 'ExprStmt', span, expr: call('__brook_rdtsc_sample') }];
  outputs.forEach((target, i) => {
    const assign: AssignExpr = { kind: 'AssignExpr', span: target.span, op: '=', target, value: part(constraints[i]!) };
    body.push({ kind: 'ExprStmt', span: target.span, expr: assign });
  });
  return { kind: 'Block', span, body };
}

function number(span: Stmt['span'], value: number): NumberLit {
  return { kind: 'NumberLit', span, raw: String(value), value, isFloat: false, suffix: '' };
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
