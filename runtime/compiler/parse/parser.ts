/**
 * The parser's state: a cursor over the preprocessed tokens, the diagnostics, and the scopes of
 * typedef names (the "lexer hack": `(Ray*) p` is a cast only because `Ray` is a typedef name, and
 * `Ray r;` is a declaration for the same reason).
 *
 * Error handling: a parse function that cannot go on reports one diagnostic and throws `ParseAbort`;
 * the statement loop and the top-level loop catch it and skip to a synchronisation point (`;`, `}`,
 * or the start of the next declaration). After MAX_ERRORS errors `StopParsing` ends the parse with a
 * note. Neither escapes `parseSource`. Nesting is bounded (`nested`) so hostile input cannot
 * overflow the JavaScript stack.
 */
import { copyToken, type Token } from '../lex.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { Block } from '../ast.js';
import type { Specifiers } from './declarations.js';
import type { Span } from '../source.js';
import { reportSyntax, type SyntaxCode } from '../messages/syntax.js';

export class ParseAbort {
  readonly isParseAbort = true;
}

/** Thrown after too many errors; the top-level loop ends the parse. */
export class StopParsing {
  readonly isStopParsing = true;
}

/** Syntax errors reported before the parser gives up on a file. */
const MAX_ERRORS = 50;

/** Built-in type names that are identifiers to the lexer (types.ts builtinTypeByName knows them). */
const BUILTIN_TYPE_IDENTS: ReadonlySet<string> = new Set([
  'float2', 'float3', 'float4', 'int2', 'int3', 'int4', 'uint', 'uint2', 'uint3', 'uint4',
  'bool', 'bool2', 'bool3', 'bool4', 'double2', 'double3', 'double4', 'size_t', 'FILE', 'va_list', 'clock_t', 'time_t',
  'half2', 'half3', 'half4', 'fixed2', 'fixed3', 'fixed4',
  // BrookGPU's 16-bit normalized streams (brt.hpp).
  'shortfixed', 'shortfixed2', 'shortfixed3', 'shortfixed4',
  // BrookGPU's 8-bit vectors (brt.hpp): char2..4, uchar2..4, and its `uchar` for unsigned char.
  'char2', 'char3', 'char4', 'uchar', 'uchar2', 'uchar3', 'uchar4',
  '__BrtFloat1', '__BrtFloat2', '__BrtFloat3', '__BrtFloat4',
  // BrookGPU's C++ stream and iterator (parse/cxx.ts merges `brook::stream` into one token).
  'brook::stream', 'brook::iter', 'brook::StreamType', 'brook::StreamInterface',
]);
/** Cg's `half` and `fixed` are types only where a declaration or a cast is unambiguous (`half x`,
 *  `(fixed) 200`), because C host code uses `half` as a variable name. */
const SOFT_TYPE_IDENTS: ReadonlySet<string> = new Set(['half', 'fixed']);

const TYPE_KEYWORDS: ReadonlySet<string> = new Set([
  'void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'struct', 'union', 'enum',
]);
const QUALIFIER_KEYWORDS: ReadonlySet<string> = new Set([
  'const', 'volatile', 'static', 'extern', 'typedef', 'register', 'auto', 'inline',
]);

/** C requires 63 levels of nested parentheses and 127 of blocks; real programs use a handful. */
const MAX_NESTING = 256;

export interface ParserOptions {
  typedefNames?: Iterable<string>;
  allowTopLevelStatements?: boolean;
}

/**
 * The two places where C's grammar climbs back up the parser's layers (expressions, below them
 * declarations, below them statements): a cast or `sizeof` names a type (expressions -> declarations)
 * and a function definition has a body (declarations -> statements). The parts call these through
 * the Parser, and parseTokens (index.ts) wires them, so each part imports only the parts below it.
 */
export interface UpwardRules {
  typeSpecifiers(p: Parser): Specifiers;
  block(p: Parser, opts: { newScope: boolean }): Block;
}

export class Parser {
  pos = 0;
  /** Innermost scope last; true = the name is a typedef name there, false = an ordinary name. */
  private scopes: Map<string, boolean>[] = [new Map()];
  /** The kind of function whose body is being parsed (undefined at top level). */
  inFunction: 'kernel' | 'reduce' | 'host' | undefined;
  switchDepth = 0;
  /** Inside stream extents `s<...>`: a '>' closes them instead of being greater-than. */
  noGreater = false;
  /** Values of the enumerators seen so far (enum values may refer to earlier ones). */
  readonly enumValues = new Map<string, number>();
  readonly allowTopLevelStatements: boolean;
  /** BRK1242 (inline assembly skipped) was reported for this file: once is enough. */
  asmWarned = false;

  constructor(
    readonly toks: Token[],
    readonly diags: DiagnosticBag,
    readonly rules: UpwardRules,
    options: ParserOptions = {},
  ) {
    for (const n of options.typedefNames ?? []) this.scopes[0]!.set(n, true);
    this.allowTopLevelStatements = options.allowTopLevelStatements ?? false;
    if (toks.length === 0 || toks[toks.length - 1]!.kind !== 'eof') {
      throw new Error('internal: token list must end with eof');
    }
  }

  // ---- cursor

  get tok(): Token {
    return this.toks[this.pos]!;
  }
  peek(k = 1): Token {
    return this.toks[Math.min(this.pos + k, this.toks.length - 1)]!;
  }
  get prev(): Token {
    return this.toks[Math.max(0, this.pos - 1)]!;
  }
  next(): Token {
    const t = this.toks[this.pos]!;
    if (t.kind !== 'eof') this.pos++;
    return t;
  }
  atEof(): boolean {
    return this.tok.kind === 'eof';
  }
  /** The current token is punctuator or keyword `text`. */
  is(text: string, t: Token = this.tok): boolean {
    return t.text === text && (t.kind === 'punct' || t.kind === 'keyword');
  }
  accept(text: string): Token | undefined {
    return this.is(text) ? this.next() : undefined;
  }

  // ---- spans

  /** From the start of `start` to the end of the last consumed token. */
  spanFrom(start: Span): Span {
    const end = this.prev.span;
    if (end.file !== start.file || end.end < start.start) return start;
    return { file: start.file, start: start.start, end: Math.max(start.end, end.end) };
  }
  /** An empty span just after the previous token (where a missing token belongs). */
  afterPrev(): Span {
    const p = this.pos > 0 ? this.prev.span : this.tok.span;
    return { file: p.file, start: p.end, end: p.end };
  }

  // ---- diagnostics

  private errorCount = 0;
  error(code: SyntaxCode, span: Span, args: Record<string, string | number> = {}, extra?: Parameters<typeof reportSyntax>[4]): void {
    const d = reportSyntax(this.diags, code, span, args, extra);
    // Past MAX_ERRORS the rest is almost surely a cascade: stop, as C compilers do.
    if (d.severity === 'error' && ++this.errorCount >= MAX_ERRORS) {
      reportSyntax(this.diags, 'BRK1237', span, { max: MAX_ERRORS });
      throw new StopParsing();
    }
  }
  fail(code: SyntaxCode, span: Span, args: Record<string, string | number> = {}, extra?: Parameters<typeof reportSyntax>[4]): never {
    this.error(code, span, args, extra);
    throw new ParseAbort();
  }

  /** Consume `text` or report "expected X, found Y" and abort. */
  expect(text: string, what = `'${text}'`): Token {
    if (this.is(text)) return this.next();
    this.fail('BRK1202', this.foundSpan(), { expected: what, found: describe(this.tok) });
  }

  /** Where to put a caret for an unexpected token: the token itself, or just after the previous
   *  token when the current one is on a later line (the mistake is at the end of the previous line). */
  foundSpan(): Span {
    if (this.tok.kind === 'eof' || (this.tok.bol && this.pos > 0)) return this.afterPrev();
    return this.tok.span;
  }

  /**
   * A ';' ending a statement or declaration. When it is missing and the next token starts a new line,
   * report it at the end of the previous line and go on as if it were there (the most common typo);
   * otherwise report and abort to resynchronise.
   */
  expectSemicolon(what: string): void {
    if (this.accept(';')) return;
    // A notebook cell's last statement may omit its ';' (`result` on the last line displays it).
    if (this.allowTopLevelStatements && this.inFunction === undefined && this.atEof()) return;
    if (this.is('>')) this.fail('BRK1212', this.tok.span);
    this.error('BRK1201', this.afterPrev(), { what });
    if (this.tok.bol || this.is('}') || this.atEof()) return;
    throw new ParseAbort();
  }

  /**
   * Accept a '>' closing stream extents. The lexer reads `s<10>>` as `>>` and `s<100>= iter(...)` as
   * `>=`: split such a token so its first '>' closes the extents and the rest stays to be read.
   */
  acceptCloseAngle(): boolean {
    const t = this.tok;
    if (t.kind !== 'punct' || t.text[0] !== '>') return false;
    if (t.text === '>') { this.next(); return true; }
    const first = copyToken(t, { text: '>', span: { file: t.span.file, start: t.span.start, end: t.span.start + 1 } });
    const rest = copyToken(t, { text: t.text.slice(1), span: { file: t.span.file, start: t.span.start + 1, end: t.span.end }, bol: false, space: false });
    this.toks.splice(this.pos, 1, first, rest);
    this.next();
    return true;
  }

  // ---- nesting depth

  private depth = 0;
  /**
   * Run `f` one nesting level deeper (parentheses, unary operators, statements). Past
   * MAX_NESTING the input is rejected with a diagnostic instead of overflowing the JavaScript stack.
   */
  nested<T>(f: () => T): T {
    if (this.depth >= MAX_NESTING) this.fail('BRK1235', this.tok.span, { max: MAX_NESTING });
    this.depth++;
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  /**
   * `levels` more nesting levels held until `release(levels)`: a chain `a + b + c ...` parsed by a
   * loop still builds a tree as deep as the chain, which later stages walk recursively.
   */
  hold(levels: number): void {
    if (this.depth + levels > MAX_NESTING) this.fail('BRK1235', this.tok.span, { max: MAX_NESTING });
    this.depth += levels;
  }
  release(levels: number): void {
    this.depth -= levels;
  }

  // ---- typedef scopes

  pushScope(): void {
    this.scopes.push(new Map());
  }
  popScope(): void {
    if (this.scopes.length > 1) this.scopes.pop();
  }
  declareName(name: string, isTypedef: boolean): void {
    this.scopes[this.scopes.length - 1]!.set(name, isTypedef);
  }
  /** C++'s struct tag as a type name: only where no ordinary name of that spelling is in scope
   *  (C code may have `int point;` and `struct point`). */
  declareTagName(name: string): void {
    if (this.scopes[this.scopes.length - 1]!.get(name) === false) return;
    this.declareName(name, true);
  }
  isTypedefName(name: string): boolean {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const v = this.scopes[i]!.get(name);
      if (v !== undefined) return v;
    }
    return false;
  }
  /** Typedef names visible at the top level (for notebook cells that come later). */
  topLevelTypedefs(): string[] {
    return [...this.scopes[0]!].filter(([, v]) => v).map(([k]) => k);
  }

  // ---- classification

  /** `t` names a type by itself (keyword, built-in vector type, or typedef name). */
  isTypeName(offset = 0): boolean {
    const t = this.peek(offset);
    const after = this.peek(offset + 1);
    if (t.kind === 'keyword') return TYPE_KEYWORDS.has(t.text);
    if (t.kind !== 'ident') return false;
    if (BUILTIN_TYPE_IDENTS.has(t.text)) return true;
    if (SOFT_TYPE_IDENTS.has(t.text)) return after.kind === 'ident' || this.softCastAt(offset);
    return this.isTypedefName(t.text);
  }
  /** The current token can start a declaration (specifiers, qualifiers, a type). */
  isDeclStart(offset = 0): boolean {
    const t = this.peek(offset);
    const after = this.peek(offset + 1);
    if (t.kind === 'keyword') {
      if (QUALIFIER_KEYWORDS.has(t.text)) return true;
      if (t.text === 'iter') return !this.is('(', after); // `iter(0, 1)` is the iterator constructor
      if (TYPE_KEYWORDS.has(t.text)) {
        // `float(x)` / `int(x)` is a constructor-style conversion in a kernel, not a declaration.
        return !(this.is('(', after) && t.text !== 'struct' && t.text !== 'enum' && t.text !== 'union');
      }
      return false;
    }
    if (t.kind !== 'ident') return false;
    if (BUILTIN_TYPE_IDENTS.has(t.text)) return !this.is('(', after);
    if (SOFT_TYPE_IDENTS.has(t.text)) return after.kind === 'ident';
    if (!this.isTypedefName(t.text)) return false;
    // `T x`, `T *x`, `T (x)`... but `T = 3` or `T.x` means T is being used as a variable.
    // C++ `T& r = x;` (a reference, parse/cxx-references.ts).
    return after.kind === 'ident' || this.is('*', after) || this.is('const', after) || (this.is('&', after) && this.peek(offset + 2).kind === 'ident');
  }
  /** `(fixed) x`, `(fixed *) p`, `sizeof(fixed)`: a soft type name between parentheses (a cast: before an operand). */
  private softCastAt(offset: number): boolean {
    const before = this.toks[this.pos + offset - 1];
    let stars = 0;
    while (this.is('*', this.peek(offset + 1 + stars))) stars++;
    if (stars > 0 && this.is(')', this.peek(offset + 1 + stars))) return before !== undefined && this.is('(', before);
    const close = this.peek(offset + 1);
    const sizeofBefore = this.toks[this.pos + offset - 2];
    if (before !== undefined && this.is('(', before) && this.is(')', close) && sizeofBefore && this.is('sizeof', sizeofBefore)) return true; // sizeof(fixed)
    const operand = this.peek(offset + 2);
    return before !== undefined && this.is('(', before) && this.is(')', close)
      && (operand.kind === 'ident' || operand.kind === 'number' || operand.kind === 'char' || this.is('(', operand));
  }
  isBuiltinTypeIdent(name: string): boolean {
    return BUILTIN_TYPE_IDENTS.has(name) || SOFT_TYPE_IDENTS.has(name);
  }
}

/** How a token is named in "found ..." messages. */
export function describe(t: Token): string {
  switch (t.kind) {
    case 'eof': return 'the end of the file';
    case 'ident': return `'${t.text}'`;
    case 'keyword': return `keyword '${t.text}'`;
    case 'number': return `number '${t.text}'`;
    case 'string': return 'a string literal';
    case 'char': return `character ${t.text}`;
    default: return `'${t.text}'`;
  }
}
