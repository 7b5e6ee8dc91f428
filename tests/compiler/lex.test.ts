/** Lexer tests: every token class, literal values computed by hand, spans, line flags, errors. */
import { describe, expect, test } from 'vitest';
import { lex, type Token } from '../../runtime/compiler/lex.js';
import { DiagnosticBag } from '../../runtime/compiler/diagnostics.js';
import { charReads } from './parse-cases/work.js';

function lexAll(text: string): { toks: Token[]; diags: DiagnosticBag } {
  const diags = new DiagnosticBag();
  const toks = lex(text, 0, { diagnostics: diags });
  return { toks, diags };
}
const kinds = (text: string) => lexAll(text).toks.map((t) => `${t.kind}:${t.text}`);
const one = (text: string): Token => {
  const { toks, diags } = lexAll(text);
  expect(diags.items).toEqual([]);
  expect(toks).toHaveLength(2);
  return toks[0]!;
};

describe('tokens', () => {
  test('keywords of C and Brook; Brook API names and vector types stay identifiers', () => {
    expect(kinds('kernel reduce out iter vout indexof while sizeof push streamRead float4 in bool')).toEqual([
      'keyword:kernel', 'keyword:reduce', 'keyword:out', 'keyword:iter', 'keyword:vout', 'keyword:indexof',
      'keyword:while', 'keyword:sizeof', 'ident:push', 'ident:streamRead', 'ident:float4', 'ident:in', 'ident:bool', 'eof:',
    ]);
  });

  test('every operator, longest match first', () => {
    const ops = '... <<= >>= -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= ## [ ] ( ) { } . & * + - ~ ! / % < > ^ | ? : ; = , #';
    expect(kinds(ops).slice(0, -1)).toEqual(ops.split(' ').map((o) => `punct:${o}`));
    expect(kinds('a<<=b>>c->d')).toEqual(['ident:a', 'punct:<<=', 'ident:b', 'punct:>>', 'ident:c', 'punct:->', 'ident:d', 'eof:']);
    expect(kinds('x+++y')).toEqual(['ident:x', 'punct:++', 'punct:+', 'ident:y', 'eof:']);
    // A kernel stream parameter `x<>` is two tokens, not one operator.
    expect(kinds('x<>')).toEqual(['ident:x', 'punct:<', 'punct:>', 'eof:']);
  });

  test('integer literals: decimal, hex, octal and suffixes', () => {
    expect(one('42')).toMatchObject({ kind: 'number', value: 42, isFloat: false, suffix: '' });
    expect(one('0x1F')).toMatchObject({ value: 31, isFloat: false });
    expect(one('0XffU')).toMatchObject({ value: 255, suffix: 'u' });
    expect(one('017')).toMatchObject({ value: 15 });
    expect(one('0')).toMatchObject({ value: 0 });
    expect(one('10l')).toMatchObject({ value: 10, suffix: 'l' });
    expect(one('7UL')).toMatchObject({ value: 7, suffix: 'ul' });
    expect(one('7lu')).toMatchObject({ value: 7, suffix: 'ul' });
    expect(one('4294967295u')).toMatchObject({ value: 4294967295, suffix: 'u' });
  });

  test('float literals: 1.0f, .5, 1e-6, 1.f, 3.f, 2.5E+3, 1e10f', () => {
    expect(one('1.0f')).toMatchObject({ value: 1, isFloat: true, suffix: 'f', text: '1.0f' });
    expect(one('.5')).toMatchObject({ value: 0.5, isFloat: true, suffix: '' });
    expect(one('1e-6')).toMatchObject({ value: 0.000001, isFloat: true });
    expect(one('1.f')).toMatchObject({ value: 1, isFloat: true, suffix: 'f' });
    expect(one('3.f')).toMatchObject({ value: 3, isFloat: true, suffix: 'f' });
    expect(one('2.5E+3')).toMatchObject({ value: 2500, isFloat: true });
    expect(one('1e10f')).toMatchObject({ value: 1e10, isFloat: true, suffix: 'f' });
    expect(one('6.')).toMatchObject({ value: 6, isFloat: true });
    expect(kinds('v.x+.5*2.')).toEqual(['ident:v', 'punct:.', 'ident:x', 'punct:+', 'number:.5', 'punct:*', 'number:2.', 'eof:']);
    // A sign belongs to a number only after an exponent letter.
    expect(kinds('1e-6-2')).toEqual(['number:1e-6', 'punct:-', 'number:2', 'eof:']);
    expect(kinds('0x1e+5')).toEqual(['number:0x1e', 'punct:+', 'number:5', 'eof:']);
  });

  test('char literals with escapes give their code', () => {
    expect(one("'a'")).toMatchObject({ kind: 'char', value: 97 });
    expect(one("'\\n'").value).toBe(10);
    expect(one("'\\0'").value).toBe(0);
    expect(one("'\\''").value).toBe(39);
    expect(one("'\\\\'").value).toBe(92);
    expect(one("'\\x41'").value).toBe(65);
    expect(one("'\\101'").value).toBe(65);
    expect(one("'\"'").value).toBe(34);
  });

  test('string literals decode escapes; the text keeps the quotes', () => {
    const t = one('"a\\tb\\n\\"q\\" \\\\ \\x41\\101\\0end"');
    expect(t.kind).toBe('string');
    expect(t.value).toBe('a\tb\n"q" \\ AA\0end');
    expect(t.text.startsWith('"') && t.text.endsWith('"')).toBe(true);
    expect(one('""').value).toBe('');
    expect(one('L"wide"').value).toBe('wide');
  });

  test('comments vanish; a // comment continues over a backslash-newline', () => {
    expect(kinds('a /* x\n y */ b // c\nd')).toEqual(['ident:a', 'ident:b', 'ident:d', 'eof:']);
    expect(kinds('a // one \\\n two\nb')).toEqual(['ident:a', 'ident:b', 'eof:']);
    expect(kinds('a/**/b')).toEqual(['ident:a', 'ident:b', 'eof:']);
  });

  test('line continuation joins lines: the next token is not at the beginning of a line', () => {
    const { toks } = lexAll('#define X 1 + \\\n 2\nY');
    expect(toks.map((t) => `${t.text}${t.bol ? '^' : ''}`)).toEqual(['#^', 'define', 'X', '1', '+', '2', 'Y^', '^']);
    const s = lexAll('"ab\\\ncd"').toks[0]!;
    expect(s.value).toBe('abcd');
  });

  test('spans are offsets into the text; bol and space flags', () => {
    const text = 'int  x;\n  y=1.5f;';
    const { toks } = lexAll(text);
    expect(toks.map((t) => text.slice(t.span.start, t.span.end))).toEqual(['int', 'x', ';', 'y', '=', '1.5f', ';', '']);
    expect(toks.map((t) => t.bol)).toEqual([true, false, false, true, false, false, false, true]);
    expect(toks.map((t) => t.space)).toEqual([false, true, false, true, false, false, false, false]);
    expect(toks[0]!.span.file).toBe(0);
    // A multi-line comment between tokens puts the next one on a new line.
    expect(lexAll('a /*\n*/ b').toks[1]!.bol).toBe(true);
  });
});

test('Windows files: CRLF line ends and a byte-order mark', () => {
  const unix = '#define X 1 + \\\n 2\nint a = X; // c\nchar *s = "x";\n';
  const dos = '\ufeff' + unix.replace(/\n/g, '\r\n');
  const strip = (ts: Token[]) => ts.map((t) => `${t.kind}:${t.text}:${t.bol}:${t.value ?? ''}`);
  const a = lexAll(unix);
  const b = lexAll(dos);
  expect(b.diags.items).toEqual([]);
  expect(strip(b.toks)).toEqual(strip(a.toks));
});

describe('lexer errors are diagnostics, never exceptions', () => {
  const codes = (text: string) => lexAll(text).diags.items.map((d) => `${d.code}@${d.span.start}`);
  test('unterminated comment, string and char literal', () => {
    expect(codes('int x; /* never closed')).toEqual(['BRK1001@7']);
    expect(codes('s = "abc\nx;')).toEqual(['BRK1002@4']);
    expect(codes("c = 'a;\n")).toEqual(['BRK1003@4']);
    // The lexer goes on after an unterminated string: the next line still lexes.
    expect(kinds('"abc\nx;').slice(1)).toEqual(['ident:x', 'punct:;', 'eof:']);
  });
  test('stray characters, with a hint for typographic quotes', () => {
    const { diags, toks } = lexAll('a @ b “c”');
    expect(diags.items.map((d) => d.code)).toEqual(['BRK1004', 'BRK1004', 'BRK1004']);
    expect(diags.items[0]!.message).toBe("stray character '@' in the program");
    expect(diags.items[1]!.hint).toContain('plain "');
    expect(toks.map((t) => t.text)).toEqual(['a', 'b', 'c', '']);
  });
  test('malformed numbers are one "invalid number" at their first character', () => {
    const msgs = (text: string) => lexAll(text).diags.items.map((d) => `${d.code}@${d.span.start}-${d.span.end} ${d.message}`);
    expect(msgs('x = 0x;')).toEqual(["BRK1005@4-6 invalid number '0x': no digits after 0x"]);
    // brcc's reading (strtol): the octal digits before the first 8 or 9, with a warning.
    expect(msgs('09')).toEqual(["BRK1012@0-2 '09' starts with 0, so it is octal, and octal has no digits 8 or 9: read as 0 (= 0), as BrookGPU's brcc read it"]);
    expect(lexAll('06294306u').toks[0]).toMatchObject({ kind: 'number', value: 50, suffix: 'u', isFloat: false });
    expect(lexAll('06294306').diags.items[0]).toMatchObject({ code: 'BRK1012', severity: 'warning' });
    expect(msgs('12abc')).toEqual(["BRK1005@0-5 invalid number '12abc': 'abc' is not a valid suffix"]);
    expect(msgs('1.5u')).toEqual(["BRK1005@0-4 invalid number '1.5u': 'u' is not a valid suffix"]);
    expect(msgs('b = 1.0.5f;')).toEqual(["BRK1005@4-10 invalid number '1.0.5f': it has more than one decimal point"]);
    expect(msgs('1e;')).toEqual(["BRK1005@0-2 invalid number '1e': the exponent has no digits"]);
    expect(msgs('2.5e+;')).toEqual(["BRK1005@0-5 invalid number '2.5e+': the exponent has no digits"]);
    // The malformed literal is still one number token, so the parser sees no second error.
    expect(kinds('1.0.5f;')).toEqual(['number:1.0.5f', 'punct:;', 'eof:']);
  });

  test('bad escapes and character literals', () => {
    const codes = (text: string) => lexAll(text).diags.items.map((d) => `${d.code}@${d.span.start}`);
    expect(codes('"\\q"')).toEqual(['BRK1009@1']);
    expect(codes("''")).toEqual(['BRK1010@0']);
    expect(codes("'ab'")).toEqual(['BRK1011@0']);
    // `3f` is a warning: read as the float 3 it was meant to be.
    const { toks, diags } = lexAll('3f');
    expect(diags.items[0]).toMatchObject({ code: 'BRK1008', severity: 'warning' });
    expect(toks[0]).toMatchObject({ value: 3, isFloat: true });
  });
});

test('lexes 5000 lines, reading each character a fixed number of times at any length', () => {
  const line = 'float4 s<10, 5>; x = a * 1.5f + b[i] /* c */ - 0x1F; // done\n';
  const text = line.repeat(5000);
  expect(lexAll(text).toks.length).toBe(5000 * 21 + 1); // 8 tokens of the declaration, 13 of the statement
  // Linear in the text: 5x the lines reads 5x the characters (a rescan from each line's start, or of
  // each comment, would read 25x). Counted, not timed: speed is the bench's compiler.lex.
  const big = line.repeat(25000);
  let bigToks = 0;
  const small = charReads(() => void lexAll(text));
  const large = charReads(() => void (bigToks = lexAll(big).toks.length));
  expect(bigToks).toBe(25000 * 21 + 1);
  expect(small).toBeGreaterThanOrEqual(text.length - 5000); // every character but the newlines, at least
  expect(large / small).toBeLessThan(5.05);
});
