/**
 * The Brook/C lexer: source text of one file -> tokens with spans.
 *
 * Contract:
 * - In: the original text of one SourceFile (before preprocessing). Out: every token of the file in
 *   order, ending with one 'eof' token. Comments and whitespace produce no tokens; `bol` tells that a
 *   token is the first of its logical line (the preprocessor needs it to find directives, and a
 *   backslash-newline does not start a new logical line).
 * - Spans are UTF-16 offsets into the file's text. Literal values are decoded here (numbers, escapes),
 *   so later stages never re-parse token text.
 * - Never throws on bad input: an unterminated comment, string or char literal, or a stray character,
 *   gives a BRK10xx diagnostic and the lexer carries on.
 *
 * Keywords: C's plus Brook's `kernel reduce out iter vout indexof` (the parser turns the first five
 * back into names where no Brook syntax follows: parse/contextual.ts). `in` (the explicit form of an
 * input stream parameter) stays an identifier because C host code uses it as a variable name; the
 * parser reads it as a qualifier only at the start of a parameter followed by a type. Brook API names
 * (`push`, `streamRead`, ...) and vector type names (`float4`) stay identifiers: the parser knows the
 * type names, the checker the rest.
 */
import type { Span } from './source.js';
import { DiagnosticBag, type Diagnostic } from './diagnostics.js';
import { reportSyntax } from './messages/syntax.js';

export type TokenKind = 'ident' | 'keyword' | 'number' | 'string' | 'char' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Text as written (for strings: with quotes; for punctuators: the operator). */
  text: string;
  span: Span;
  /** First token on its logical line. */
  bol: boolean;
  /** Whitespace or a comment precedes the token (for `#` stringizing and `#define F(` vs `F (`). */
  space: boolean;
  /** Decoded value: the number for 'number' and 'char', the string contents for 'string'. */
  value?: number | string;
  /** Numbers: written with '.', exponent or an 'f' suffix. */
  isFloat?: boolean;
  /** Numbers: the suffix in lower case ('f', 'u', 'l', 'ul', 'll', ...), '' when none. */
  suffix?: string;
  /** Preprocessor: names of macros that must not expand this token again ("painted blue"). */
  hide?: ReadonlySet<string>;
  /** Preprocessor: the token came out of a macro expansion (its span is the macro use). */
  expanded?: boolean;
  /**
   * A malformed number, reported only if the token reaches the parser: C checks numbers after
   * preprocessing, so `0x ## 1F` pastes two pieces into a valid literal, and text in `#if 0` may hold
   * anything. (With `deferNumberErrors` off the lexer reports it at once.)
   */
  invalid?: { code: 'BRK1005' | 'BRK1008' | 'BRK1012'; args: Record<string, string>; hint?: string };
}

/**
 * Create a token. Every token is built here with all fields in one order, so they share one
 * object shape (property access in the parser and preprocessor stays monomorphic and fast).
 */
export function makeToken(
  kind: TokenKind, text: string, span: Span, bol: boolean, space: boolean,
  value?: number | string, isFloat?: boolean, suffix?: string,
): Token {
  return { kind, text, span, bol, space, value, isFloat, suffix, hide: undefined, expanded: undefined, invalid: undefined };
}

/** A copy of `t` with some fields changed. */
export function copyToken(
  t: Token,
  o: { text?: string; span?: Span; bol?: boolean; space?: boolean; hide?: ReadonlySet<string>; expanded?: boolean },
): Token {
  return {
    kind: t.kind, text: o.text ?? t.text, span: o.span ?? t.span, bol: o.bol ?? t.bol, space: o.space ?? t.space,
    value: t.value, isFloat: t.isFloat, suffix: t.suffix, hide: o.hide ?? t.hide, expanded: o.expanded ?? t.expanded,
    invalid: t.invalid,
  };
}

export const KEYWORDS: ReadonlySet<string> = new Set([
  // C89 keywords
  'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum',
  'extern', 'float', 'for', 'goto', 'if', 'int', 'long', 'register', 'return', 'short', 'signed',
  'sizeof', 'static', 'struct', 'switch', 'typedef', 'union', 'unsigned', 'void', 'volatile', 'while',
  'inline',
  // Brook
  'kernel', 'reduce', 'out', 'iter', 'vout', 'indexof',
]);

/** Punctuators, longest first within each leading character so greedy matching works. */
const PUNCTUATORS = [
  '...', '<<=', '>>=',
  '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=',
  '&=', '|=', '^=', '##',
  '[', ']', '(', ')', '{', '}', '.', '&', '*', '+', '-', '~', '!', '/', '%', '<', '>', '^', '|',
  '?', ':', ';', '=', ',', '#',
];
const PUNCT_BY_CHAR = new Map<string, string[]>();
for (const p of PUNCTUATORS) {
  const list = PUNCT_BY_CHAR.get(p[0]!) ?? [];
  list.push(p);
  PUNCT_BY_CHAR.set(p[0]!, list);
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A binary or badly mangled file would give an error per character: report the first ones only. */
const MAX_LEX_ERRORS = 50;

class CappedBag extends DiagnosticBag {
  private count = 0;
  constructor(private readonly inner: DiagnosticBag, private readonly max: number) {
    super();
  }
  override error(code: string, span: Span, message: string, hint?: string): Diagnostic {
    return ++this.count <= this.max ? this.inner.error(code, span, message, hint) : { code, severity: 'error', message, span, hint };
  }
  override warning(code: string, span: Span, message: string, hint?: string): Diagnostic {
    return ++this.count <= this.max ? this.inner.warning(code, span, message, hint) : { code, severity: 'warning', message, span, hint };
  }
}

export interface LexOptions {
  /** Report diagnostics here; when absent, problems are silently tolerated. */
  diagnostics?: DiagnosticBag;
  /** Leave malformed numbers in `Token.invalid` instead of reporting them (the preprocessor does). */
  deferNumberErrors?: boolean;
}

/** Report a number token's deferred problem (see Token.invalid). */
export function reportInvalidNumber(bag: DiagnosticBag, t: Token): void {
  if (t.invalid) reportSyntax(bag, t.invalid.code, t.span, t.invalid.args, t.invalid.hint ? { hint: t.invalid.hint } : undefined);
}

/** Lex one file. `fileId` goes into every span. */
export function lex(text: string, fileId: number, options: LexOptions = {}): Token[] {
  const diags = options.diagnostics && new CappedBag(options.diagnostics, MAX_LEX_ERRORS);
  const tokens: Token[] = [];
  const n = text.length;
  // A byte-order mark (Windows editors write one) is not part of the program.
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let bol = true;
  let space = false;
  const span = (start: number, end: number): Span => ({ file: fileId, start, end });

  while (i < n) {
    const c = text.charCodeAt(i);
    // Whitespace and newlines.
    if (c === 10) { bol = true; space = true; i++; continue; }
    if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12) { space = true; i++; continue; }
    // Line continuation outside tokens: joins lines, so it is whitespace but not a new line.
    if (c === 92 && (text.charCodeAt(i + 1) === 10 || (text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === 10))) {
      i += text.charCodeAt(i + 1) === 13 ? 3 : 2;
      space = true;
      continue;
    }
    // Comments.
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      // A `//` comment ends at the first newline not preceded by a backslash.
      i += 2;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 10) break;
        if (d === 92 && text.charCodeAt(i + 1) === 10) { i += 2; continue; }
        if (d === 92 && text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === 10) { i += 3; continue; }
        i++;
      }
      space = true;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) {
        if (diags) reportSyntax(diags, 'BRK1001', span(i, i + 2));
        i = n;
        break;
      }
      // A comment spanning lines still leaves the next token on a later line.
      for (let k = i; k < end; k++) if (text.charCodeAt(k) === 10) { bol = true; break; }
      i = end + 2;
      space = true;
      continue;
    }

    const start = i;
    let tok: Token;
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      const word = text.slice(start, i);
      // `L"..."` and `L'x'` wide literals: treat as the plain literal.
      if (word === 'L' && (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39)) {
        tok = lexQuoted(text, i, fileId, diags);
        tok.span = span(start, tok.span.end);
        i = tok.span.end;
      } else {
        tok = makeToken(KEYWORDS.has(word) ? 'keyword' : 'ident', word, span(start, i), bol, space);
      }
    } else if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      tok = lexNumber(text, start, fileId);
      if (tok.invalid && diags && !options.deferNumberErrors) reportInvalidNumber(diags, tok);
      i = tok.span.end;
    } else if (c === 34 || c === 39) {
      tok = lexQuoted(text, start, fileId, diags);
      i = tok.span.end;
    } else {
      const ch = text[i]!;
      const options = PUNCT_BY_CHAR.get(ch);
      let p: string | undefined;
      if (options) for (const o of options) if (text.startsWith(o, i)) { p = o; break; }
      if (!p) {
        if (diags) {
          const cp = text.codePointAt(i)!;
          // Typographic quotes come from pasting code out of documents; say what they should be.
          const hint = cp === 0x201c || cp === 0x201d ? 'this is a typographic quote; use a plain " instead'
            : cp === 0x2018 || cp === 0x2019 ? "this is a typographic quote; use a plain ' instead"
            : cp === 0x2212 || cp === 0x2013 ? "this is a typographic dash; use a plain '-' instead" : undefined;
          reportSyntax(diags, 'BRK1004', span(i, i + (cp > 0xffff ? 2 : 1)), { char: printable(text, i) }, hint ? { hint } : undefined);
        }
        i += text.codePointAt(i)! > 0xffff ? 2 : 1;
        space = true;
        continue;
      }
      i += p.length;
      tok = makeToken('punct', p, span(start, i), bol, space);
    }
    tok.bol = bol;
    tok.space = space;
    tokens.push(tok);
    bol = false;
    space = false;
  }
  tokens.push(makeToken('eof', '', span(n, n), true, space));
  return tokens;
}

function printable(text: string, i: number): string {
  const cp = text.codePointAt(i)!;
  if (cp < 32 || cp === 127) return `\\x${cp.toString(16).padStart(2, '0')}`;
  return String.fromCodePoint(cp);
}

/**
 * A number. Like C's preprocessor, the lexer first takes the whole "pp-number" (digits, letters,
 * '_', '.', and a sign after an exponent letter), then checks its form, so `1.0.5f`, `1e` or `12abc`
 * are one malformed literal reported at its first character, not a number followed by surprises.
 * Accepted: decimal, hex (`0x1F`) and octal (`017`) integers with u/l suffixes; floats with '.', an
 * exponent, or an f suffix (`1.0f`, `.5`, `1e-6`, `1.f`). Hex floats are not C89 and not accepted.
 */
function lexNumber(text: string, start: number, fileId: number): Token {
  let i = start;
  for (;;) {
    const c = text.charCodeAt(i); // NaN past the end: stops the scan
    if (isIdentPart(c) || c === 46) {
      i++;
      continue;
    }
    // A sign belongs to the number right after an exponent letter (`1e-6`), not after hex digits.
    const prev = text.charCodeAt(i - 1);
    if ((c === 43 || c === 45) && (prev === 101 || prev === 69) && !/^0[xX]/.test(text.slice(start, i))) {
      i++;
      continue;
    }
    break;
  }
  const raw = text.slice(start, i);
  const span: Span = { file: fileId, start, end: i };
  const bad = (reason: string, hint: string): Token => {
    const t = makeToken('number', raw, span, false, false, 0, /[.eE]/.test(raw), '');
    t.invalid = { code: 'BRK1005', args: { text: raw, reason }, hint };
    return t;
  };
  let m = /^0[xX]([0-9a-fA-F]*)([a-zA-Z_]*)$/.exec(raw);
  if (m) {
    if (!m[1]) return bad('no digits after 0x', 'write hexadecimal digits after 0x, as in 0x1F');
    const suffix = normaliseIntSuffix(m[2]!);
    if (suffix === undefined) return bad(`'${m[2]}' is not a valid suffix`, "integer suffixes are 'u' and 'l'");
    return makeToken('number', raw, span, false, false, parseInt(m[1], 16), false, suffix);
  }
  m = /^(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d*)?([a-zA-Z_][a-zA-Z_0-9]*)?$/.exec(raw);
  if (!m) {
    const dots = raw.split('.').length - 1;
    if (dots > 1) return bad('it has more than one decimal point', 'a number has at most one decimal point, as in 1.05f');
    return bad('it is not a number', 'numbers look like 42, 0x2A, 3.5f or 1e-6; put an operator or a space after a number');
  }
  const [, mantissa, exponent, suffixRaw = ''] = m;
  if (exponent !== undefined && !/\d$/.test(exponent)) {
    return bad('the exponent has no digits', `write digits after '${exponent}', as in 1e3 or 2.5e-4`);
  }
  const lower = suffixRaw.toLowerCase();
  const hasDot = mantissa!.includes('.');
  if (hasDot || exponent !== undefined) {
    if (lower !== '' && lower !== 'f' && lower !== 'l') return bad(`'${suffixRaw}' is not a valid suffix`, "a float literal takes the suffix 'f' (or none)");
    return makeToken('number', raw, span, false, false, parseFloat(mantissa! + (exponent ?? '')), true, lower);
  }
  if (lower === 'f') {
    // `3f` is not C (brcc rejected it too), but the intent is plain: read it as 3.0f and say so.
    const t = makeToken('number', raw, span, false, false, parseInt(mantissa!, 10), true, 'f');
    t.invalid = { code: 'BRK1008', args: { text: raw, digits: mantissa! } };
    return t;
  }
  const suffix = normaliseIntSuffix(suffixRaw);
  if (suffix === undefined) return bad(`'${suffixRaw}' is not a valid suffix`, "integer suffixes are 'u' and 'l'; a float needs a '.', as in 2.0f");
  const octal = mantissa!.length > 1 && mantissa![0] === '0';
  if (octal && /[89]/.test(mantissa!)) {
    // Not C, but brcc accepted it: its lexer read integers with strtol(text, 0, 0), which stops at the
    // first 8 or 9 (`06294306` is 062 = 50). BrookGPU's own `reduce` test relies on that value.
    const digits = /^0[0-7]*/.exec(mantissa!)![0];
    const t = makeToken('number', raw, span, false, false, parseInt(digits, 8), false, suffix);
    t.invalid = { code: 'BRK1012', args: { text: raw, digits, value: String(parseInt(digits, 8)) } };
    return t;
  }
  return makeToken('number', raw, span, false, false, octal ? parseInt(mantissa!, 8) : parseInt(mantissa!, 10), false, suffix);
}

/** 'u', 'l', 'ul', 'll', 'ull' in lower case and canonical order; undefined when not an integer suffix. */
function normaliseIntSuffix(s: string): string | undefined {
  const l = s.toLowerCase();
  if (!/^(u|l|ul|lu|ll|ull|llu)?$/.test(l)) return undefined;
  return l === 'lu' ? 'ul' : l === 'llu' ? 'ull' : l;
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, '?': 63, a: 7, b: 8, f: 12, v: 11, e: 27,
};

/** A string or char literal starting at the quote at `start`. */
function lexQuoted(text: string, start: number, fileId: number, diags: DiagnosticBag | undefined): Token {
  const quote = text.charCodeAt(start);
  const isChar = quote === 39;
  let i = start + 1;
  const n = text.length;
  const codes: number[] = [];
  let terminated = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === quote) { i++; terminated = true; break; }
    if (c === 10) break;
    if (c === 92) {
      const d = text[i + 1];
      if (d === '\n') { i += 2; continue; }
      if (d === '\r' && text[i + 2] === '\n') { i += 3; continue; }
      if (d === undefined) { i++; break; }
      if (d in SIMPLE_ESCAPES && !(d === '0' && /[0-7]/.test(text[i + 2] ?? ''))) {
        codes.push(SIMPLE_ESCAPES[d]!);
        i += 2;
        continue;
      }
      if (/[0-7]/.test(d)) {
        let k = i + 1;
        let v = 0;
        while (k < i + 4 && /[0-7]/.test(text[k] ?? '')) { v = v * 8 + Number(text[k]); k++; }
        codes.push(v & 0xff);
        i = k;
        continue;
      }
      if (d === 'x') {
        let k = i + 2;
        let v = 0;
        while (/[0-9a-fA-F]/.test(text[k] ?? '')) { v = v * 16 + parseInt(text[k]!, 16); k++; }
        if (k === i + 2 && diags) reportSyntax(diags, 'BRK1009', { file: fileId, start: i, end: k }, { escape: '\\x' });
        codes.push(v & 0xff);
        i = k;
        continue;
      }
      if (diags) reportSyntax(diags, 'BRK1009', { file: fileId, start: i, end: i + 2 }, { escape: '\\' + d });
      codes.push(d.charCodeAt(0));
      i += 2;
      continue;
    }
    codes.push(c);
    i++;
  }
  const span: Span = { file: fileId, start, end: i };
  if (!terminated && diags) reportSyntax(diags, isChar ? 'BRK1003' : 'BRK1002', { file: fileId, start, end: start + 1 });
  let value: string | number;
  if (isChar) {
    if (codes.length === 0 && terminated && diags) reportSyntax(diags, 'BRK1010', span);
    if (codes.length > 1 && terminated && diags) reportSyntax(diags, 'BRK1011', span, { text: text.slice(start, i) });
    value = codes[0] ?? 0;
  } else {
    let s = '';
    for (let k = 0; k < codes.length; k += 4096) s += String.fromCharCode(...codes.slice(k, k + 4096));
    value = s;
  }
  return makeToken(isChar ? 'char' : 'string', text.slice(start, i), span, false, false, value);
}

