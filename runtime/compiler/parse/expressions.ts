/**
 * Expressions, with C's precedence and associativity, plus Brook's forms: vector constructors
 * (`float4(a, b, c, d)` -> ConstructExpr), `indexof(s)` / `indexof s`, the iterator constructor
 * `iter(lo, hi)` (a CallExpr of the Ident 'iter'), `s.domain(a, b)` (a CallExpr on a MemberExpr), and
 * swizzles (MemberExprs).
 *
 * Stream extents: inside `float s<10, n>` the closing `>` must not be read as greater-than, so the
 * extents are parsed with `noGreater` set; parentheses, brackets and call arguments clear it again
 * (write `s<(a > b ? a : b)>`), as C++ does for template arguments.
 */
import type {
  CallExpr,
  AssignOp, BinaryOp, CastExpr, ConstructExpr, Expr, Ident, IndexofExpr, InitList, NumberLit, SizeofExpr, TypeName,
} from '../ast.js';
import type { Span } from '../source.js';
import { describe, ParseAbort, type Parser } from './parser.js';
import { newStreamCall, STREAM_TYPE } from './brook-stream-forms.js';

const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6,
  '<': 7, '>': 7, '<=': 7, '>=': 7, '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10,
};
const ASSIGN_OPS: ReadonlySet<string> = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=']);
/** Keyword types that may be used as a conversion function in kernels: `float(i)`, `int(x)`. */
const KEYWORD_CONSTRUCTORS: ReadonlySet<string> = new Set(['float', 'int', 'double', 'char', 'short', 'long']);

/** Run `f` with the stream-extent `>` rule (Parser.noGreater) on or off. */
export function withNoGreater<T>(p: Parser, on: boolean, f: () => T): T {
  const saved = p.noGreater;
  p.noGreater = on;
  try {
    return f();
  } finally {
    p.noGreater = saved;
  }
}

/** expression: assignment (',' assignment)* */
export function parseExpression(p: Parser): Expr {
  const first = parseAssignment(p);
  if (!p.is(',')) return first;
  const exprs = [first];
  while (p.accept(',')) exprs.push(parseAssignment(p));
  return { kind: 'CommaExpr', span: p.spanFrom(first.span), exprs };
}

export function parseAssignment(p: Parser): Expr {
  const left = parseConditional(p);
  const t = p.tok;
  if (t.kind === 'punct' && ASSIGN_OPS.has(t.text)) {
    p.next();
    const value = p.nested(() => parseAssignment(p));
    return { kind: 'AssignExpr', span: p.spanFrom(left.span), op: t.text as AssignOp, target: left, value };
  }
  return left;
}

export function parseConditional(p: Parser): Expr {
  const cond = parseBinary(p, 1);
  if (!p.is('?')) return cond;
  p.next();
  const then = withNoGreater(p, false, () => parseExpression(p));
  if (!p.accept(':')) p.fail('BRK1231', p.foundSpan());
  const els = p.nested(() => parseConditional(p));
  return { kind: 'CondExpr', span: p.spanFrom(cond.span), cond, then, else: els };
}

function parseBinary(p: Parser, minPrec: number): Expr {
  let left = parseUnary(p);
  let levels = 0; // each operator of the chain is one level of the tree built
  try {
    for (;;) {
      const t = p.tok;
      if (t.kind !== 'punct') return left;
      const prec = BINARY_PRECEDENCE[t.text];
      if (prec === undefined || prec < minPrec) return left;
      if ((t.text === '>' || t.text === '>>' || t.text === '>=') && p.noGreater) return left;
      p.hold(1);
      levels++;
      p.next();
      const right = parseBinary(p, prec + 1);
      left = { kind: 'BinaryExpr', span: p.spanFrom(left.span), op: t.text as BinaryOp, left, right };
    }
  } finally {
    p.release(levels);
  }
}

function parseUnary(p: Parser): Expr {
  return p.nested(() => parseUnaryInner(p));
}

function parseUnaryInner(p: Parser): Expr {
  const t = p.tok;
  if (t.kind === 'punct') {
    switch (t.text) {
      case '-': case '+': case '!': case '~': case '*': case '&': case '++': case '--': {
        p.next();
        const operand = parseUnary(p);
        return { kind: 'UnaryExpr', span: p.spanFrom(t.span), op: t.text, operand };
      }
      case '(':
        if (isCastStart(p)) return parseCast(p);
        break;
    }
  } else if (t.kind === 'ident' && t.text === 'new' && p.isTypeName(1)) {
    return parseNew(p);
  } else if (t.kind === 'ident' && CXX_CASTS.has(t.text) && p.is('<', p.peek(1))) {
    return parsePostfix(p, parseCxxCast(p));
  } else if (t.kind === 'ident' && t.text === 'delete' && (p.is('[', p.peek(1)) || p.peek(1).kind === 'ident' || p.is('(', p.peek(1)))) {
    return parseDelete(p);
  } else if (t.kind === 'keyword' && t.text === 'sizeof') {
    p.next();
    let target: TypeName | Expr;
    if (p.is('(') && startsTypeName(p, 1)) {
      const open = p.next();
      target = parseTypeName(p);
      closeParen(p, open.span);
    } else {
      target = parseUnary(p);
    }
    const e: SizeofExpr = { kind: 'SizeofExpr', span: p.spanFrom(t.span), target };
    return e;
  }
  return parsePostfix(p, parsePrimary(p));
}

/**
 * brcc compiled .br files as C++, so programs of the era allocate with `new float[n]` and free with
 * `delete[] p`. Both desugar to C: `(float *) malloc(n * sizeof(float))` and `free(p)`.
 */
function parseNew(p: Parser): Expr {
  const kw = p.next();
  const type = parseTypeName(p);
  if (p.is('(') && type.pointer === 0 && type.arrayDims.length === 0 && type.typeSpec.name === STREAM_TYPE) return parseNewStream(p, kw.span);
  if (p.is('(') && type.pointer === 0 && type.arrayDims.length === 0) {
    // C++ `new C(args)`: parse/cxx-class-lower.ts makes it C__alloc(C__new(args)).
    const open = p.next();
    const args = parseArguments(p, open.span);
    const construct: CallExpr = { kind: 'CallExpr', span: p.spanFrom(type.span), callee: { kind: 'Ident', span: type.span, name: type.typeSpec.name }, args };
    return { kind: 'CallExpr', span: p.spanFrom(kw.span), callee: { kind: 'Ident', span: kw.span, name: 'new' }, args: [construct] };
  }
  const span = p.spanFrom(kw.span);
  const elem: TypeName = { kind: 'TypeName', span: type.span, typeSpec: type.typeSpec, pointer: type.pointer, arrayDims: [] };
  const size: SizeofExpr = { kind: 'SizeofExpr', span, target: elem };
  const count = type.arrayDims[0];
  const bytes: Expr = count ? { kind: 'BinaryExpr', span, op: '*', left: count, right: size } : size;
  const call: CallExpr = { kind: 'CallExpr', span, callee: { kind: 'Ident', span: kw.span, name: 'malloc' }, args: [bytes] };
  const target: TypeName = { kind: 'TypeName', span: type.span, typeSpec: type.typeSpec, pointer: type.pointer + 1, arrayDims: [] };
  return { kind: 'CastExpr', span, target, operand: call } satisfies CastExpr;
}

/** `new brook::stream(type, d0, ..., -1)`: brook-stream-forms.ts. */
function parseNewStream(p: Parser, kw: Span): Expr {
  const open = p.next();
  const args = parseArguments(p, open.span);
  const span = p.spanFrom(kw);
  const call = newStreamCall(kw, span, args);
  if (typeof call !== 'string') return call;
  p.error('BRK1259', span, { name: 'new', why: call, type: STREAM_TYPE });
  const zero: NumberLit = { kind: 'NumberLit', span, raw: '0', value: 0, isFloat: false, suffix: '' };
  return zero;
}

function parseDelete(p: Parser): Expr {
  const kw = p.next();
  const array = p.is('[');
  if (array) {
    p.next();
    p.expect(']');
  }
  const operand = parseUnary(p);
  const call: CallExpr = { kind: 'CallExpr', span: p.spanFrom(kw.span), callee: { kind: 'Ident', span: kw.span, name: 'free' }, args: [operand] };
  if (!array) call.cxxDelete = true; // runs a destructor first (check/cxx-members.ts)
  return call;
}

/** `(` followed by a type name that is not a constructor call such as `(float4(a, b, c, d))`. */
function isCastStart(p: Parser): boolean {
  return startsTypeName(p, 1);
}

/** A type name (for a cast or sizeof) starts at `offset`: a type, or `const`/`volatile` before one. */
function startsTypeName(p: Parser, offset: number): boolean {
  if (p.is('const', p.peek(offset)) || p.is('volatile', p.peek(offset))) return true;
  return p.isTypeName(offset) && !isConstructorAt(p, offset);
}

function isConstructorAt(p: Parser, offset: number): boolean {
  const t = p.peek(offset);
  const isCtorName = (t.kind === 'ident' && p.isBuiltinTypeIdent(t.text)) || (t.kind === 'keyword' && KEYWORD_CONSTRUCTORS.has(t.text));
  return isCtorName && p.is('(', p.peek(offset + 1));
}

const CXX_CASTS: ReadonlySet<string> = new Set(['static_cast', 'const_cast', 'reinterpret_cast', 'dynamic_cast']);

/**
 * C++'s named casts (docs/CXX.md): `static_cast<T>(e)`, `const_cast<T>(e)` and `reinterpret_cast<T>(e)`
 * are C's `(T)e`; to a reference, `static_cast<T&>(e)` is `*(T *)&e` (a base class is its derived
 * class's first field, so the address is the same either way). `dynamic_cast` needs the type at
 * run time: BRK1243.
 */
function parseCxxCast(p: Parser): Expr {
  const word = p.next();
  if (word.text === 'dynamic_cast') {
    p.fail('BRK1243', word.span, { construct: 'dynamic_cast', why: 'it checks the class at run time, which the subset does not keep (docs/CXX.md)' }, { hint: 'use static_cast when you know the class, or a virtual function' });
  }
  p.expect('<');
  const target = withNoGreater(p, true, () => parseTypeName(p));
  const reference = p.accept('&') !== undefined;
  p.expect('>', `'>' after the type of ${word.text}`);
  const open = p.expect('(', `'(' after ${word.text}<...>`);
  const operand = withNoGreater(p, false, () => parseExpression(p));
  closeParen(p, open.span);
  const span = p.spanFrom(word.span);
  if (!reference) return { kind: 'CastExpr', span, target, operand } satisfies CastExpr;
  const address: Expr = { kind: 'UnaryExpr', span: operand.span, op: '&', operand };
  const cast: CastExpr = { kind: 'CastExpr', span, target: { ...target, pointer: target.pointer + 1 }, operand: address };
  return { kind: 'UnaryExpr', span, op: '*', operand: cast };
}

function parseCast(p: Parser): Expr {
  const open = p.next();
  const target = parseTypeName(p);
  closeParen(p, open.span);
  const operand = parseUnary(p);
  const e: CastExpr = { kind: 'CastExpr', span: p.spanFrom(open.span), target, operand };
  return e;
}

/** A type in expression position: `float`, `Ray *`, `unsigned char`, `float [4]`. */
export function parseTypeName(p: Parser): TypeName {
  const start = p.tok.span;
  const typeSpec = p.rules.typeSpecifiers(p).typeSpec;
  let pointer = 0;
  while (p.is('*') || p.is('const')) if (p.next().text === '*') pointer++;
  const arrayDims: Expr[] = [];
  while (p.is('[')) {
    const open = p.next();
    arrayDims.push(withNoGreater(p, false, () => parseConditional(p)));
    closeBracket(p, open.span);
  }
  return { kind: 'TypeName', span: p.spanFrom(start), typeSpec, pointer, arrayDims };
}

/**
 * The ')' matching `open`. When it is missing, the caret goes just after the last token that
 * belongs inside (where the ')' should be), and a note points at the '('. In a list (`what` given),
 * a token that could start another item means a missing comma instead.
 */
export function closeParen(p: Parser, open: Span, what?: string): void {
  if (p.accept(')')) return;
  if (what && !p.tok.bol && startsOperand(p)) {
    p.fail('BRK1202', p.afterPrev(), { expected: `',' or ')' after the ${what}`, found: describe(p.tok) });
  }
  p.error('BRK1205', p.afterPrev(), {}, { related: [{ span: open, message: "the '(' is here" }] });
  // Before `{`, `;` or `}` the ')' was simply forgotten (`if (a > b {`): go on as if it were there,
  // so the rest of the statement parses and reports nothing more.
  if (p.is('{') || p.is(';') || p.is('}')) return;
  throw new ParseAbort();
}
export function closeBracket(p: Parser, open: Span): void {
  if (p.accept(']')) return;
  p.error('BRK1206', p.afterPrev(), {}, { related: [{ span: open, message: "the '[' is here" }] });
  if (p.is(';') || p.is('=') || p.is(')') || p.is(',')) return;
  throw new ParseAbort();
}

/** The current token can begin an expression or a parameter (for "missing ','" messages). */
function startsOperand(p: Parser): boolean {
  const k = p.tok.kind;
  return k === 'ident' || k === 'number' || k === 'string' || k === 'char' || (k === 'keyword' && p.tok.text !== 'else');
}

function parsePostfix(p: Parser, e: Expr): Expr {
  for (;;) {
    const t = p.tok;
    if (t.kind !== 'punct') return e;
    switch (t.text) {
      case '[': {
        p.next();
        const index = withNoGreater(p, false, () => parseExpression(p));
        closeBracket(p, t.span);
        e = { kind: 'IndexExpr', span: p.spanFrom(e.span), object: e, index };
        break;
      }
      case '(': {
        p.next();
        const args = parseArguments(p, t.span);
        e = vectorMethod(e, args, p.spanFrom(e.span)) ?? chosenCall(e, args, p.spanFrom(e.span));
        break;
      }
      case '.': case '->': {
        p.next();
        const m = p.tok;
        if (m.kind !== 'ident' && m.kind !== 'keyword') {
          p.fail('BRK1225', p.foundSpan(), { kind: 'member', what: `'${t.text}'` });
        }
        p.next();
        e = { kind: 'MemberExpr', span: p.spanFrom(e.span), object: e, member: m.text, memberSpan: m.span, arrow: t.text === '->' };
        break;
      }
      case '++': case '--':
        p.next();
        e = { kind: 'PostfixExpr', span: p.spanFrom(e.span), op: t.text, operand: e };
        break;
      default:
        return e;
    }
  }
}

/**
 * `f(args)`, and `(c ? f : g)(args)` (fft's `(invert ? irDFTY : rDFTY)(...)` picks a kernel) as
 * `c ? f(args) : g(args')`: the same in C, as one branch runs; args' is a copy of the arguments.
 */
function chosenCall(callee: Expr, args: Expr[], span: Span): Expr {
  const names = (x: Expr): boolean => x.kind === 'Ident' || (x.kind === 'CondExpr' && names(x.then) && names(x.else));
  if (callee.kind !== 'CondExpr' || !names(callee)) return { kind: 'CallExpr', span, callee, args };
  return { ...callee, span, then: chosenCall(callee.then, args, span), else: chosenCall(callee.else, structuredClone(args), span) };
}

/** Arguments after an already consumed '('; consumes the ')'. */
function parseArguments(p: Parser, open: Span): Expr[] {
  const args: Expr[] = [];
  withNoGreater(p, false, () => {
    if (!p.is(')')) {
      do args.push(parseAssignment(p));
      while (p.accept(','));
    }
  });
  closeParen(p, open, 'argument');
  return args;
}

function parsePrimary(p: Parser): Expr {
  const t = p.tok;
  switch (t.kind) {
    case 'number':
      p.next();
      return { kind: 'NumberLit', span: t.span, raw: t.text, value: t.value as number, isFloat: t.isFloat ?? false, suffix: t.suffix ?? '' };
    case 'char':
      p.next();
      return { kind: 'CharLit', span: t.span, value: t.value as number };
    case 'string': {
      // Adjacent string literals are one string ("a" "b" == "ab").
      p.next();
      let value = t.value as string;
      while (p.tok.kind === 'string') value += p.next().value as string;
      return { kind: 'StringLit', span: p.spanFrom(t.span), value };
    }
    case 'ident':
      p.next();
      if (p.is('(') && p.isBuiltinTypeIdent(t.text)) return parseConstruct(p, t.text, t.span);
      return { kind: 'Ident', span: t.span, name: t.text };
    case 'keyword':
      if (t.text === 'indexof') return parseIndexof(p);
      if (t.text === 'iter' && p.is('(', p.peek())) {
        p.next();
        return { kind: 'Ident', span: t.span, name: 'iter' };
      }
      if (KEYWORD_CONSTRUCTORS.has(t.text) && p.is('(', p.peek())) {
        p.next();
        return parseConstruct(p, t.text, t.span);
      }
      break;
    case 'punct':
      if (t.text === '(') {
        p.next();
        const inner = withNoGreater(p, false, () => parseExpression(p));
        closeParen(p, t.span);
        // The parentheses belong to the expression's extent (for carets), not a node of their own.
        return { ...inner, span: p.spanFrom(t.span) };
      }
      break;
  }
  p.fail('BRK1207', p.foundSpan(), { found: describe(t) });
}

function parseConstruct(p: Parser, typeName: string, start: Span): ConstructExpr {
  const open = p.next();
  const args = parseArguments(p, open.span);
  return { kind: 'ConstructExpr', span: p.spanFrom(start), typeName, args };
}

function parseIndexof(p: Parser): IndexofExpr {
  const kw = p.next();
  const open = p.accept('(');
  const name = p.tok;
  if (name.kind !== 'ident') p.fail('BRK1226', p.foundSpan());
  p.next();
  if (open) closeParen(p, open.span);
  const stream: Ident = { kind: 'Ident', span: name.span, name: name.text };
  return { kind: 'IndexofExpr', span: p.spanFrom(kw.span), stream };
}

/** An initializer: an assignment expression or a brace list `{1, {2, 3}, }` (trailing comma allowed). */
export function parseInitializer(p: Parser): Expr {
  if (!p.is('{')) return parseAssignment(p);
  return p.nested(() => parseInitList(p));
}

function parseInitList(p: Parser): Expr {
  const open = p.next();
  const items: Expr[] = [];
  withNoGreater(p, false, () => {
    while (!p.is('}') && !p.atEof()) {
      items.push(parseInitializer(p));
      if (!p.accept(',')) break;
    }
  });
  if (!p.accept('}')) {
    p.fail('BRK1202', p.foundSpan(), { expected: "',' or '}' in the initializer list", found: describe(p.tok) }, {
      related: [{ span: open.span, message: "the list starts here" }],
    });
  }
  const e: InitList = { kind: 'InitList', span: p.spanFrom(open.span), items };
  return e;
}

/**
 * The methods of BrookGPU's CPU-runtime vectors (brtvector.hpp) that its programs call in CPU helper
 * code: `v.unsafeGetAt(i)` and `v.getAt(i)` are `v[i]`, `v.mask1(x, maskY)` is `v[maskY] = x`
 * (maskX..maskW are 0..3, check/hostlib.ts). Any other method call stays a CallExpr (BRK1245).
 */
function vectorMethod(callee: Expr, args: Expr[], span: Span): Expr | undefined {
  if (callee.kind !== 'MemberExpr' || callee.arrow) return undefined;
  const object = callee.object;
  if ((callee.member === 'unsafeGetAt' || callee.member === 'getAt') && args.length === 1) {
    return { kind: 'IndexExpr', span, object, index: args[0]! };
  }
  if (callee.member === 'mask1' && args.length === 2) {
    const target: Expr = { kind: 'IndexExpr', span, object, index: args[1]! };
    return { kind: 'AssignExpr', span, op: '=', target, value: args[0]! };
  }
  return undefined;
}
