/**
 * Statements and blocks, with error recovery.
 *
 * Recovery: a statement that fails reports once and `syncStatement` skips to the end of the statement
 * (`;`, or a balanced `{...}` block), stopping before the closing `}` of the enclosing block and
 * before a keyword that starts a new statement on a new line. A function definition starting a line
 * inside a body (`kernel void k(...) {`, `int g(void) {`) means the body's `}` is missing: report the
 * unmatched `{` and end the body there.
 */
import type { Block, CaseClause, CondExpr, DeclStmt, Expr, ForStmt, Stmt } from '../ast.js';
import { describe, ParseAbort, type Parser } from './parser.js';
import { closeParen, parseExpression } from './expressions.js';
import { bodyFollowsParams, parseDeclaration } from './declarations.js';
import { isAsmStart, parseAsmStatement } from './asm.js';
import { spanFrom, type Span } from '../source.js';

const STATEMENT_KEYWORDS: ReadonlySet<string> = new Set([
  'if', 'for', 'while', 'do', 'return', 'switch', 'break', 'continue', 'goto', 'case', 'default',
]);

/** `{ ... }`; with `newScope: false` the caller already opened the scope (function bodies). */
export function parseBlock(p: Parser, opts: { newScope: boolean } = { newScope: true }): Block {
  const open = p.expect('{');
  if (opts.newScope) p.pushScope();
  const body: Stmt[] = [];
  try {
    for (;;) {
      if (p.is('}')) { p.next(); break; }
      if (p.atEof()) {
        p.error('BRK1204', open.span);
        break;
      }
      if (p.inFunction !== undefined && p.tok.bol && startsFunctionDefinition(p)) {
        // The next function starts inside this body: the body's '}' is missing.
        p.error('BRK1204', open.span, {}, { related: [{ span: p.afterPrev(), message: "the '}' is probably missing here" }] });
        break;
      }
      const before = p.pos;
      parseBlockItem(p, body);
      if (p.pos === before) p.next();
    }
  } finally {
    if (opts.newScope) p.popScope();
  }
  return { kind: 'Block', span: p.spanFrom(open.span), body };
}

/**
 * `kernel ...`, `reduce ...`, or `T name(...) {` with a known type: the start of a function
 * definition, which C never allows inside a body.
 */
function startsFunctionDefinition(p: Parser): boolean {
  if (p.is('kernel') || p.is('reduce')) return true;
  if (!p.isDeclStart()) return false;
  for (let k = 0; k < 12; k++) {
    const t = p.peek(k);
    if (t.kind === 'ident' || t.kind === 'keyword' || p.is('*', t)) continue;
    return k > 0 && p.is('(', t) && p.peek(k - 1).kind === 'ident' && bodyFollowsParams(p, k);
  }
  return false;
}

/** One statement or declaration into `out`, recovering from errors. */
export function parseBlockItem(p: Parser, out: Stmt[]): void {
  try {
    out.push(...parseStatementOrDecl(p));
  } catch (e) {
    if (!(e instanceof ParseAbort)) throw e;
    syncStatement(p);
  }
}

/** Skip the rest of a broken statement (see the module comment). */
export function syncStatement(p: Parser): void {
  let depth = 0;
  let parens = 0; // a ';' inside parentheses (`for (;;)`) does not end the statement
  let first = true;
  while (!p.atEof()) {
    const t = p.tok;
    if (!first && depth === 0 && t.bol && t.kind === 'keyword' && (STATEMENT_KEYWORDS.has(t.text) || p.isDeclStart())) return;
    first = false;
    if (t.kind === 'punct') {
      if (t.text === '(') parens++;
      else if (t.text === ')') parens = Math.max(0, parens - 1);
      else if (t.text === ';' && depth === 0 && parens === 0) { p.next(); return; }
      if (t.text === '{') depth++;
      else if (t.text === '}') {
        if (depth === 0) return;
        depth--;
        if (depth === 0) { p.next(); return; }
      }
    }
    p.next();
  }
}

function isLabelStart(p: Parser): boolean {
  return p.tok.kind === 'ident' && p.is(':', p.peek());
}

/** Declarations give one or more statements (enums desugar into several). */
export function parseStatementOrDecl(p: Parser): Stmt[] {
  if (isAsmStart(p)) return [parseAsmStatement(p)];
  if (startsDeclaration(p)) {
    return parseDeclaration(p, false).map((decl) => {
      if (decl.kind === 'FunctionDecl') throw new Error('internal: function in a block');
      const s: DeclStmt = { kind: 'DeclStmt', span: decl.span, decl };
      return s;
    });
  }
  return [parseStatement(p)];
}

/** A declaration (known type, or `Name name` with an unknown type name that the parser reports). */
export function startsDeclaration(p: Parser): boolean {
  if (isLabelStart(p)) return false;
  if (p.isDeclStart()) return true;
  if (p.is('kernel') || p.is('reduce')) return true;
  return p.tok.kind === 'ident' && p.peek().kind === 'ident' && !p.isTypeName() && p.tok.text !== 'delete';
}

export function parseStatement(p: Parser): Stmt {
  return p.nested(() => parseStatementInner(p));
}

function parseStatementInner(p: Parser): Stmt {
  const t = p.tok;
  if (isAsmStart(p)) return parseAsmStatement(p);
  if (t.kind === 'punct') {
    if (t.text === '{') return parseBlock(p);
    if (t.text === ';') { p.next(); return { kind: 'EmptyStmt', span: t.span }; }
  }
  if (t.kind === 'keyword') {
    switch (t.text) {
      case 'if': return parseIf(p);
      case 'while': return parseWhile(p);
      case 'do': return parseDo(p);
      case 'for': return parseFor(p);
      case 'switch': return parseSwitch(p);
      case 'return': {
        p.next();
        const value = p.is(';') ? null : parseExpression(p);
        p.expectSemicolon('the return statement');
        return { kind: 'ReturnStmt', span: p.spanFrom(t.span), value };
      }
      case 'break': case 'continue': {
        p.next();
        p.expectSemicolon(`'${t.text}'`);
        return { kind: t.text === 'break' ? 'BreakStmt' : 'ContinueStmt', span: p.spanFrom(t.span) };
      }
      case 'goto': {
        p.next();
        const label = p.tok;
        if (label.kind !== 'ident') p.fail('BRK1225', p.foundSpan(), { kind: 'label', what: "'goto'" });
        p.next();
        p.expectSemicolon("the 'goto' statement");
        return { kind: 'GotoStmt', span: p.spanFrom(t.span), label: label.text };
      }
      case 'case': case 'default': return parseCase(p);
      case 'else':
        p.fail('BRK1221', t.span);
    }
    if (startsDeclaration(p)) {
      // A declaration as the body of if/while/for: keep it in a block of its own.
      const stmts = parseStatementOrDecl(p);
      return stmts.length === 1 ? stmts[0]! : { kind: 'Block', span: p.spanFrom(t.span), body: stmts };
    }
  }
  if (isLabelStart(p)) {
    p.next();
    p.next();
    const body: Stmt = p.is('}') ? { kind: 'EmptyStmt', span: p.afterPrev() } : parseStatement(p);
    return { kind: 'LabeledStmt', span: p.spanFrom(t.span), label: t.text, body };
  }
  const expr = parseExpression(p);
  p.expectSemicolon('the statement');
  return conditionalCallStatement(expr, p.spanFrom(t.span));
}

/**
 * `c ? k1(a, b) : k2(a, b);` is valid C even when both calls are void (BrookGPU's blur3x3 selects a
 * kernel this way). As a statement its value is dropped, so it is `if (c) k1(a, b); else k2(a, b);`:
 * only the chosen call runs, and kernel launches stay statements. Other conditionals are left alone.
 */
function conditionalCallStatement(expr: Expr, span: Span): Stmt {
  if (!isCallChoice(expr)) return { kind: 'ExprStmt', span, expr };
  const arm = (e: Expr): Stmt => conditionalCallStatement(e, e.span);
  return { kind: 'IfStmt', span, cond: expr.cond, then: arm(expr.then), else: arm(expr.else) };
}

function isCallChoice(e: Expr): e is CondExpr {
  const callLike = (a: Expr): boolean => a.kind === 'CallExpr' || isCallChoice(a);
  return e.kind === 'CondExpr' && callLike(e.then) && callLike(e.else);
}

/** `( expr )` of if/while/switch/do-while. */
function parseCondition(p: Parser, kw: string): Expr {
  const open = p.expect('(', `'(' after '${kw}'`);
  const cond = parseExpression(p);
  closeParen(p, open.span);
  return cond;
}

function parseIf(p: Parser): Stmt {
  const kw = p.next();
  const cond = parseCondition(p, 'if');
  const then = parseStatement(p);
  let els: Stmt | null = null;
  if (p.accept('else')) els = parseStatement(p);
  return { kind: 'IfStmt', span: p.spanFrom(kw.span), cond, then, else: els };
}

function parseWhile(p: Parser): Stmt {
  const kw = p.next();
  const cond = parseCondition(p, 'while');
  const body = parseStatement(p);
  return { kind: 'WhileStmt', span: p.spanFrom(kw.span), cond, body };
}

function parseDo(p: Parser): Stmt {
  const kw = p.next();
  const body = parseStatement(p);
  if (!p.is('while')) p.fail('BRK1220', p.foundSpan());
  p.next();
  const cond = parseCondition(p, 'while');
  p.expectSemicolon("'do ... while (...)'");
  return { kind: 'DoWhileStmt', span: p.spanFrom(kw.span), body, cond };
}

function parseFor(p: Parser): Stmt {
  const kw = p.next();
  const open = p.expect('(', "'(' after 'for'");
  p.pushScope();
  try {
    let init: ForStmt['init'] = null;
    if (p.is(';')) {
      p.next();
    } else if (startsDeclaration(p)) {
      const decls = parseDeclaration(p, false);
      const decl = decls[decls.length - 1];
      if (decl && decl.kind !== 'FunctionDecl') init = { kind: 'DeclStmt', span: decl.span, decl };
    } else {
      const e = parseExpression(p);
      p.expect(';', "';' after the initialization of the for loop");
      init = { kind: 'ExprStmt', span: e.span, expr: e };
    }
    const cond = p.is(';') ? null : parseExpression(p);
    p.expect(';', "';' after the condition of the for loop");
    const update = p.is(')') ? null : parseExpression(p);
    closeParen(p, open.span);
    const body = parseStatement(p);
    return { kind: 'ForStmt', span: p.spanFrom(kw.span), init, cond, update, body };
  } finally {
    p.popScope();
  }
}

function parseSwitch(p: Parser): Stmt {
  const kw = p.next();
  const discriminant = parseCondition(p, 'switch');
  p.switchDepth++;
  try {
    let body: Block;
    if (p.is('{')) body = parseBlock(p);
    else {
      // `switch (x) case 1: s;`: a case label labels the statement after it, so that statement
      // belongs to the body too (CaseClause is a label without a body in the AST).
      const stmts = [parseStatement(p)];
      while (stmts[stmts.length - 1]!.kind === 'CaseClause' && !p.is('}') && !p.atEof()) stmts.push(parseStatement(p));
      body = { kind: 'Block', span: spanFrom(stmts[0]!.span, stmts[stmts.length - 1]!.span), body: stmts };
    }
    return { kind: 'SwitchStmt', span: p.spanFrom(kw.span), discriminant, body };
  } finally {
    p.switchDepth--;
  }
}

function parseCase(p: Parser): CaseClause {
  const kw = p.next();
  if (p.switchDepth === 0) p.error('BRK1219', kw.span);
  const test = kw.text === 'case' ? parseExpression(p) : null;
  if (!p.accept(':')) {
    p.fail('BRK1202', p.foundSpan(), { expected: `':' after '${kw.text === 'case' ? 'case ...' : 'default'}'`, found: describe(p.tok) });
  }
  return { kind: 'CaseClause', span: p.spanFrom(kw.span), test };
}
