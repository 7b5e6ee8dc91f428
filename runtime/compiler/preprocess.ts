/**
 * The C preprocessor, on tokens (as clang does): lex each file, run its directives, expand macros.
 *
 * Contract:
 * - In: a SourceSet and the id of the main file. Out: the token list the parser reads (ending with one
 *   'eof'), the final macro table, and diagnostics in the caller's bag. Never throws on bad input.
 * - Spans: a token from a file keeps its span in that file (an #included file is added to the
 *   SourceSet, so its tokens point into it: no line map is needed). A token that a macro's replacement
 *   list produced carries the span of the macro use (name through closing ')'), so errors point at
 *   user text; a token of a macro argument keeps its own span.
 * - `#include <...>` is ignored (system headers; the host library provides what they declare).
 *   `#include "x"` goes through `readInclude`; `#include <brook/NAME.br>` (a Brook library,
 *   runtime/library) too, and it is an error when not found. `#line` and other `#pragma`s are
 *   ignored; `#pragma brook native(NAME)` is collected (`natives`) for the parser to attach to the
 *   kernel that follows it.
 * - Expansion follows C99 6.10.3 with Prosser's hide sets: a token carries the names of the macros
 *   whose expansion produced it and is never expanded by those again ("painted blue"), which stops
 *   recursion such as `#define foo foo + 1`. Arguments are fully expanded before substitution except
 *   next to `#` and `##`; the result is rescanned with the rest of the input.
 * - `#if` expressions are evaluated in 64-bit signed integers (BigInt); names left after expansion
 *   are 0, as in C.
 */
import { copyToken, lex, makeToken, reportInvalidNumber, type Token } from './lex.js';
import { DiagnosticBag } from './diagnostics.js';
import type { SourceSet, Span } from './source.js';
import { reportSyntax } from './messages/syntax.js';
import { evaluateCondition } from './preprocess-expr.js';
import { collectArgs, HideSets, joinSpan, lineAt, NO_HIDE, sameDefinition, stringize } from './preprocess-macros.js';
import { brookHeaderOf, HEADER_MACROS, isLibraryName, isPreprocessedTwice, isSystemHeaderName, LIBRARY_HINT, unavailableHeader } from './preprocess-headers.js';

export interface MacroDef {
  name: string;
  /** Parameter names of a function-like macro; null for an object-like macro. */
  params: string[] | null;
  /** The last parameter is `...` (named __VA_ARGS__ in `params`). */
  variadic: boolean;
  body: Token[];
  /** Where it was defined (file -1 for predefined macros). */
  span: Span;
  /** Built-in macros computed at each use. */
  builtin?: '__LINE__' | '__FILE__';
}

export interface PreprocessOptions {
  diagnostics: DiagnosticBag;
  readInclude?: (name: string, fromFileName: string) => { name: string; text: string } | undefined;
  /** -D style macros: name (or `F(a,b)`) -> replacement text. */
  predefined?: Record<string, string>;
  /** Macros carried over from earlier notebook cells. */
  macros?: ReadonlyMap<string, MacroDef>;
}

export interface PreprocessResult {
  tokens: Token[];
  macros: Map<string, MacroDef>;
  /** `#pragma brook native(NAME)` lines, in source order (parse/index.ts attaches each to the next kernel). */
  natives: NativePragma[];
}

/** `#pragma brook native(blas.gemm)`: the next kernel has a library-provided implementation named NAME. */
export interface NativePragma {
  name: string;
  span: Span;
}

const MAX_INCLUDE_DEPTH = 64;
const MAX_EXPANSION_DEPTH = 200;

export function preprocess(sources: SourceSet, fileId: number, options: PreprocessOptions): PreprocessResult {
  const pp = new Preprocessor(sources, options);
  const tokens: Token[] = [];
  pp.processFile(fileId, tokens, 0);
  // Malformed numbers count only where they reach the parser (Token.invalid).
  for (const t of tokens) if (t.invalid) reportInvalidNumber(options.diagnostics, t);
  const lastFile = sources.get(fileId);
  tokens.push(makeToken('eof', '', { file: fileId, start: lastFile.text.length, end: lastFile.text.length }, true, true));
  const macros = new Map([...pp.macros].filter(([, m]) => !m.builtin));
  return { tokens, macros, natives: pp.natives };
}

interface Conditional {
  /** The #if/#ifdef/#ifndef token, for "unterminated" messages. */
  directive: Token;
  /** Some branch so far was taken. */
  taken: boolean;
  /** Tokens of the current branch are kept. */
  active: boolean;
  /** The enclosing region is active. */
  parentActive: boolean;
  sawElse: boolean;
}

class Preprocessor {
  readonly macros = new Map<string, MacroDef>();
  readonly natives: NativePragma[] = [];
  private readonly hideSets = new HideSets();
  private readonly diags: DiagnosticBag;

  constructor(
    private readonly sources: SourceSet,
    private readonly options: PreprocessOptions,
  ) {
    this.diags = options.diagnostics;
    const builtinSpan: Span = { file: -1, start: 0, end: 0 };
    for (const b of ['__LINE__', '__FILE__'] as const) {
      this.macros.set(b, { name: b, params: null, variadic: false, body: [], span: builtinSpan, builtin: b });
    }
    for (const [k, m] of options.macros ?? []) this.macros.set(k, m);
    for (const [key, value] of Object.entries(options.predefined ?? {})) {
      const toks = lex(`${key} ${value}`, -1).filter((t) => t.kind !== 'eof');
      this.define(toks, builtinSpan, false);
    }
  }

  /** `once`: the first pass of a file preprocessed twice (processTwice). */
  processFile(fileId: number, out: Token[], depth: number, once = false): void {
    const file = this.sources.get(fileId);
    if (!once && isPreprocessedTwice(file.name)) return this.processTwice(fileId, out, depth);
    // Lexer diagnostics are kept only for code that is not skipped: `#if 0` blocks often hold text
    // that is not C (`don't`), and C compilers do not complain about it either.
    const lexBag = new DiagnosticBag();
    const toks = lex(file.text, fileId, { diagnostics: lexBag, deferNumberErrors: true });
    this.processTokens(toks, fileId, out, depth, lexBag);
  }

  /**
   * A `.bri` / `.brhi` file (BrookGPU's build ran `cpp` over it before brcc): a first pass of its own
   * (none of the includer's macros; `#define POUND #` then `POUND include <x>` leaves a directive
   * line), then this preprocessor runs the first pass's tokens, whose `#` at a line start are
   * directives now. The first pass's macros are gone, as they were after `cpp`.
   */
  private processTwice(fileId: number, out: Token[], depth: number): void {
    const first = new Preprocessor(this.sources, { ...this.options, macros: undefined });
    const toks: Token[] = [];
    first.processFile(fileId, toks, depth, true);
    this.natives.push(...first.natives);
    this.processTokens(toks.map((t) => ({ ...t, hide: undefined })), fileId, out, depth);
  }

  private processTokens(toks: Token[], fileId: number, out: Token[], depth: number, lexBag?: DiagnosticBag): void {
    const file = this.sources.get(fileId);
    const skipped: [number, number][] = [];
    let skipFrom: number | undefined;
    const conds: Conditional[] = [];
    let segment: Token[] = [];
    const active = () => conds.length === 0 || conds[conds.length - 1]!.active;
    const flush = () => {
      if (segment.length) this.expand(segment, out);
      segment = [];
    };
    let i = 0;
    while (i < toks.length && toks[i]!.kind !== 'eof') {
      const t = toks[i]!;
      if (!(t.bol && t.kind === 'punct' && t.text === '#')) {
        if (active()) segment.push(t);
        i++;
        continue;
      }
      // Macros defined or undefined by this directive apply from here on: expand what came before.
      flush();
      const { line, next } = lineAt(toks, i);
      if (skipFrom !== undefined) skipped.push([skipFrom, t.span.start]);
      skipFrom = undefined;
      i = next;
      try {
        this.directive(line, fileId, out, depth, conds, active);
      } finally {
        if (!active()) skipFrom = line[line.length - 1]!.span.end;
      }
    }
    flush();
    if (skipFrom !== undefined) skipped.push([skipFrom, file.text.length]);
    for (const d of lexBag?.items ?? []) {
      if (!skipped.some(([a, b]) => d.span.start >= a && d.span.start < b)) this.diags.items.push(d);
    }
    for (const c of conds) reportSyntax(this.diags, 'BRK1103', c.directive.span, { name: c.directive.text });
  }

  /** One directive line (starting with its '#'), in an active or skipped region. */
  private directive(line: Token[], fileId: number, out: Token[], depth: number, conds: Conditional[], active: () => boolean): void {
    const nameTok = line[1];
    if (!nameTok) return; // the null directive `#`
    const name = nameTok.text;
    const args = line.slice(2);
    // Conditionals are tracked even in skipped regions; everything else only in active ones.
    switch (name) {
      case 'if': case 'ifdef': case 'ifndef': {
        const parentActive = active();
        let value = false;
        if (parentActive) {
          if (name === 'if') value = this.evaluate(args, nameTok, 'if');
          else {
            const m = args[0];
            if (!m || (m.kind !== 'ident' && m.kind !== 'keyword')) reportSyntax(this.diags, 'BRK1106', nameTok.span, { name });
            else {
              value = this.macros.has(m.text) === (name === 'ifdef');
              if (args.length > 1) reportSyntax(this.diags, 'BRK1123', args[1]!.span, { name });
            }
          }
        }
        conds.push({ directive: nameTok, taken: value, active: parentActive && value, parentActive, sawElse: false });
        return;
      }
      case 'elif': case 'else': {
        const c = conds[conds.length - 1];
        if (!c) { reportSyntax(this.diags, 'BRK1102', nameTok.span, { name }); return; }
        if (c.sawElse) reportSyntax(this.diags, 'BRK1104', nameTok.span, { name });
        if (name === 'else') {
          c.sawElse = true;
          c.active = c.parentActive && !c.taken;
          c.taken = true;
        } else if (c.taken || !c.parentActive) {
          c.active = false;
        } else {
          const v = this.evaluate(args, nameTok, 'elif');
          c.active = v;
          c.taken = v;
        }
        return;
      }
      case 'endif':
        if (!conds.pop()) reportSyntax(this.diags, 'BRK1102', nameTok.span, { name });
        return;
    }
    if (!active()) return;
    switch (name) {
      case 'define':
        this.define(args, nameTok.span, true);
        break;
      case 'undef': {
        const m = args[0];
        if (!m || (m.kind !== 'ident' && m.kind !== 'keyword')) reportSyntax(this.diags, 'BRK1106', nameTok.span, { name });
        else if (this.macros.get(m.text)?.builtin) reportSyntax(this.diags, 'BRK1125', m.span, { name: m.text });
        else this.macros.delete(m.text);
        break;
      }
      case 'include':
        this.include(args, nameTok, fileId, out, depth);
        break;
      case 'error': case 'warning': {
        const text = args.map((a, k) => (k > 0 && a.space ? ' ' : '') + a.text).join('');
        const span: Span = { file: fileId, start: line[0]!.span.start, end: line[line.length - 1]!.span.end };
        const d = reportSyntax(this.diags, 'BRK1105', span, { text });
        if (name === 'warning') { d.severity = 'warning'; d.message = `#warning ${text}`; }
        break;
      }
      case 'pragma': {
        // `#pragma brook native(NAME)`; NAME is dotted (blas.gemm). Other pragmas: ignored, as C does.
        const words = args.map((a) => a.text).join('');
        const m = /^brooknative\(([A-Za-z_][\w.]*)\)$/.exec(words);
        if (m) this.natives.push({ name: m[1]!, span: { file: fileId, start: line[0]!.span.start, end: line[line.length - 1]!.span.end } });
        break;
      }
      case 'line':
        break;
      default:
        if (nameTok.kind === 'number') break; // `# 12 "file"` line markers: like #line
        reportSyntax(this.diags, 'BRK1101', nameTok.span, { name });
    }
  }

  // ---- #define

  /** `NAME body` or `NAME(params) body`, from the tokens after `#define`. */
  define(toks: Token[], at: Span, report: boolean): void {
    const nameTok = toks[0];
    if (!nameTok || (nameTok.kind !== 'ident' && nameTok.kind !== 'keyword')) {
      if (report) reportSyntax(this.diags, 'BRK1106', nameTok?.span ?? at, { name: 'define' });
      return;
    }
    const name = nameTok.text;
    if (name === 'defined' || this.macros.get(name)?.builtin) {
      if (report) reportSyntax(this.diags, 'BRK1125', nameTok.span, { name });
      return;
    }
    let k = 1;
    let params: string[] | null = null;
    let variadic = false;
    const lp = toks[1];
    if (lp && lp.kind === 'punct' && lp.text === '(' && !lp.space) {
      params = [];
      k = 2;
      let ok = false;
      if (toks[k]?.text === ')') { ok = true; k++; }
      while (!ok && k < toks.length) {
        const p = toks[k]!;
        if (p.text === '...') {
          variadic = true;
          params.push('__VA_ARGS__');
          k++;
          if (toks[k]?.text === ')') { ok = true; k++; }
          break;
        }
        if (p.kind !== 'ident' && p.kind !== 'keyword') break;
        if (params.includes(p.text)) reportSyntax(this.diags, 'BRK1114', p.span, { name: p.text });
        params.push(p.text);
        k++;
        const sep = toks[k];
        if (sep?.text === ')') { ok = true; k++; break; }
        if (sep?.text !== ',') break;
        k++;
      }
      if (!ok) {
        if (report) reportSyntax(this.diags, 'BRK1113', toks[Math.min(k, toks.length - 1)]!.span);
        return;
      }
    }
    const body = toks.slice(k);
    const isPaste = (t: Token | undefined) => t !== undefined && t.kind === 'punct' && t.text === '##';
    if (isPaste(body[0]) || isPaste(body[body.length - 1])) {
      if (report) reportSyntax(this.diags, 'BRK1111', isPaste(body[0]) ? body[0]!.span : body[body.length - 1]!.span);
      return;
    }
    if (params) {
      for (let j = 0; j < body.length; j++) {
        const b = body[j]!;
        if (b.kind === 'punct' && b.text === '#' && !params.includes(body[j + 1]?.text ?? '')) {
          if (report) reportSyntax(this.diags, 'BRK1110', b.span);
          return;
        }
      }
    }
    const old = this.macros.get(name);
    if (report && old && !sameDefinition(old, params, body)) {
      reportSyntax(this.diags, 'BRK1107', nameTok.span, { name }, old.span.file >= 0 ? { related: [{ span: old.span, message: 'the earlier definition is here' }] } : undefined);
    }
    this.macros.set(name, { name, params, variadic, body, span: nameTok.span });
  }

  // ---- #include

  private include(args: Token[], directive: Token, fromFile: number, out: Token[], depth: number): void {
    const first = args[0];
    if (first && first.kind === 'punct' && first.text === '<') {
      this.includeAngled(args, fromFile, out, depth);
      return;
    }
    if (!first || first.kind !== 'string') {
      reportSyntax(this.diags, 'BRK1119', first?.span ?? directive.span);
      return;
    }
    const name = first.value as string;
    if (depth >= MAX_INCLUDE_DEPTH) {
      reportSyntax(this.diags, 'BRK1121', first.span, { name, depth: MAX_INCLUDE_DEPTH });
      return;
    }
    const from = this.sources.get(fromFile);
    const brookHeaders = brookHeaderOf(name);
    let found = this.options.readInclude?.(name, from.name);
    for (const h of brookHeaders) found ??= this.options.readInclude?.(h, from.name);
    if (!found) {
      // C's rule: a "quoted" include not found next to the file is searched like a <system> one. The
      // system headers are ignored, and so are the original runtime's (brook.hpp, brt.hpp, ...).
      if (isSystemHeaderName(name)) return this.systemHeader(name);
      const hint = isLibraryName(name) ? LIBRARY_HINT : brookHeaders.length ? `brcc generated '${name}' from the Brook header '${brookHeaders.join("' or '")}'; none is next to the including file or in a -I folder` : undefined;
      reportSyntax(this.diags, 'BRK1120', first.span, { name }, hint ? { hint } : undefined);
      return;
    }
    // The same file included twice (include guards) shares one SourceFile.
    const existing = this.sources.files.find((f) => f.name === found.name && f.text === found.text);
    const file = existing ?? this.sources.add(found.name, found.text);
    this.processFile(file.id, out, depth + 1);
  }

  /** A system header is not read; the few macros it must define here are (HEADER_MACROS). */
  private systemHeader(name: string): void {
    for (const text of HEADER_MACROS.get(name) ?? []) this.define(lex(text, -1).filter((t) => t.kind !== 'eof'), { file: -1, start: 0, end: 0 }, false);
  }

  /**
   * `#include <name>`: a header of a window system is one located error (its calls would otherwise each be
   * an unknown identifier); a project header found next to the file or in a -I folder (`<timing.hpp>`
   * with -I ., as gcc finds it) is read; any other, a system header, is ignored.
   */
  private includeAngled(args: Token[], fromFile: number, out: Token[], depth: number): void {
    const close = args.findIndex((t, k) => k > 0 && t.kind === 'punct' && t.text === '>');
    if (close < 2) return;
    const name = args.slice(1, close).map((t) => t.text).join('');
    const span = joinSpan(args[0]!.span, args[close]!.span);
    const unavailable = unavailableHeader(name);
    if (unavailable) {
      reportSyntax(this.diags, 'BRK1243', span, { construct: `#include <${name}>`, why: unavailable.why }, { hint: unavailable.hint });
      return;
    }
    if (isSystemHeaderName(name)) return this.systemHeader(name);
    if (depth >= MAX_INCLUDE_DEPTH) return;
    const found = this.options.readInclude?.(name, this.sources.get(fromFile).name);
    if (!found) {
      // A Brook library that is not there is an error, not a system header to skip.
      if (isLibraryName(name)) reportSyntax(this.diags, 'BRK1120', span, { name }, { hint: LIBRARY_HINT });
      return;
    }
    const existing = this.sources.files.find((f) => f.name === found.name && f.text === found.text);
    const file = existing ?? this.sources.add(found.name, found.text);
    this.processFile(file.id, out, depth + 1);
  }

  // ---- #if

  private evaluate(args: Token[], directive: Token, name: string): boolean {
    // `defined X` and `defined(X)` are resolved before macro expansion.
    const replaced: Token[] = [];
    for (let k = 0; k < args.length; k++) {
      const t = args[k]!;
      if (t.kind === 'ident' && t.text === 'defined') {
        let j = k + 1;
        const paren = args[j]?.text === '(';
        if (paren) j++;
        const m = args[j];
        if (!m || (m.kind !== 'ident' && m.kind !== 'keyword') || (paren && args[j + 1]?.text !== ')')) {
          reportSyntax(this.diags, 'BRK1122', t.span);
          return false;
        }
        const v = this.macros.has(m.text) ? 1 : 0;
        replaced.push(makeToken('number', String(v), t.span, false, t.space, v, false, ''));
        k = paren ? j + 1 : j;
        continue;
      }
      replaced.push(t);
    }
    const expanded: Token[] = [];
    this.expand(replaced, expanded);
    const invalid = expanded.find((t) => t.invalid && t.invalid.code === 'BRK1005');
    if (invalid) {
      reportInvalidNumber(this.diags, invalid);
      return false;
    }
    return evaluateCondition(expanded, directive, name, this.diags);
  }

  // ---- macro expansion

  private expandDepth = 0;

  /** Expand `input` completely, appending to `out`. */
  expand(input: Token[], out: Token[]): void {
    // Arguments are expanded by a nested call: bound the nesting instead of overflowing the stack.
    if (this.expandDepth >= MAX_EXPANSION_DEPTH) {
      const at = input[0];
      if (at) reportSyntax(this.diags, 'BRK1126', at.span, { max: MAX_EXPANSION_DEPTH, name: at.text });
      out.push(...input);
      return;
    }
    this.expandDepth++;
    try {
      this.expandTokens(input, out);
    } finally {
      this.expandDepth--;
    }
  }

  private expandTokens(input: Token[], out: Token[]): void {
    // A stack of frames: macro expansions are pushed and read before the rest of the input.
    const frames: { toks: Token[]; i: number }[] = [{ toks: input, i: 0 }];
    const peek = (): Token | undefined => {
      for (let f = frames.length - 1; f >= 0; f--) {
        const fr = frames[f]!;
        if (fr.i < fr.toks.length) return fr.toks[fr.i];
      }
      return undefined;
    };
    const take = (): Token | undefined => {
      while (frames.length) {
        const fr = frames[frames.length - 1]!;
        if (fr.i < fr.toks.length) return fr.toks[fr.i++];
        if (frames.length === 1) return undefined;
        frames.pop();
      }
      return undefined;
    };
    for (;;) {
      const t = take();
      if (!t) return;
      if ((t.kind !== 'ident' && t.kind !== 'keyword') || t.hide?.has(t.text)) { out.push(t); continue; }
      const m = this.macros.get(t.text);
      if (!m) { out.push(t); continue; }
      if (m.builtin) { out.push(this.builtinToken(m.builtin, t)); continue; }
      if (m.params === null) {
        frames.push({ toks: this.substitute(m, t, t.span, [], t.hide ?? NO_HIDE), i: 0 });
        continue;
      }
      // A function-like macro name not followed by '(' is an ordinary identifier.
      if (peek()?.text !== '(' || peek()?.kind !== 'punct') { out.push(t); continue; }
      take();
      const args = collectArgs(this.diags, t, m, take);
      if (!args) continue;
      // Prosser's rule: a function-like expansion is hidden by what hid both its name and its ')'.
      // (`#define f(a) a*g` / `#define g(a) f(a)`: `f(2)(9)` gives `2*9*g`, as GCC and clang do.)
      const hide = this.hideSets.intersect(t.hide ?? NO_HIDE, args.close.hide ?? NO_HIDE);
      frames.push({ toks: this.substitute(m, t, args.span, args.args, hide), i: 0 });
    }
  }

  /** The replacement of one macro use, with hide sets and spans set, ready to be rescanned. */
  private substitute(m: MacroDef, nameTok: Token, use: Span, args: Token[][], hide: ReadonlySet<string>): Token[] {
    const params = m.params ?? [];
    const body = m.body;
    const result: Token[] = [];
    const expandedArgs = new Map<number, Token[]>();
    const expandedArg = (k: number): Token[] => {
      let e = expandedArgs.get(k);
      if (!e) {
        e = [];
        this.expand(args[k]!, e);
        expandedArgs.set(k, e);
      }
      return e;
    };
    const hs = this.hideSets.add(hide, m.name);
    // Body tokens are copied once, already with their final hide set.
    const fromBody = (b: Token): Token => copyToken(b, { span: use, expanded: true, bol: false, hide: hs });
    // True when the last thing substituted was an empty argument (C's "placemarker"): `x ## y`
    // with an empty x gives y unchanged.
    let placemarker = false;
    for (let j = 0; j < body.length; j++) {
      const b = body[j]!;
      const pi = b.kind === 'ident' || b.kind === 'keyword' ? params.indexOf(b.text) : -1;
      if (m.params && b.kind === 'punct' && b.text === '#' && j + 1 < body.length) {
        const k = params.indexOf(body[j + 1]!.text);
        result.push(stringize(args[k]!, use));
        placemarker = false;
        j++;
        continue;
      }
      if (b.kind === 'punct' && b.text === '##' && j + 1 < body.length) {
        const nextTok = body[j + 1]!;
        const nk = nextTok.kind === 'ident' || nextTok.kind === 'keyword' ? params.indexOf(nextTok.text) : -1;
        const rhs = nk >= 0 ? args[nk]! : [fromBody(nextTok)];
        j++;
        if (rhs.length === 0) continue; // pasting an empty argument leaves the left side
        if (placemarker || result.length === 0) {
          result.push(...rhs);
        } else {
          const lhs = result.pop()!;
          result.push(...this.paste(lhs, rhs[0]!, use), ...rhs.slice(1));
        }
        placemarker = false;
        continue;
      }
      if (pi >= 0) {
        // Next to ## the argument is used as written; otherwise fully expanded first.
        const raw = body[j + 1]?.text === '##' && body[j + 1]!.kind === 'punct';
        const sub = raw ? args[pi]! : expandedArg(pi);
        result.push(...sub);
        placemarker = sub.length === 0;
        continue;
      }
      placemarker = false;
      result.push(fromBody(b));
    }
    for (let k = 0; k < result.length; k++) {
      const r = result[k]!;
      if (r.hide === hs && k > 0) continue;
      const merged = r.hide && r.hide !== hs ? this.hideSets.union(hs, r.hide) : hs;
      result[k] = copyToken(r, { hide: merged, bol: k === 0 ? nameTok.bol : false, space: k === 0 ? nameTok.space : r.space });
    }
    return result;
  }

  private paste(lhs: Token, rhs: Token, use: Span): Token[] {
    const text = lhs.text + rhs.text;
    const toks = lex(text, -1).filter((t) => t.kind !== 'eof');
    if (toks.length !== 1) {
      reportSyntax(this.diags, 'BRK1112', use, { left: lhs.text, right: rhs.text });
      return [lhs, rhs];
    }
    return [copyToken(toks[0]!, { span: use, expanded: true, bol: false, space: lhs.space })];
  }

  private builtinToken(b: '__LINE__' | '__FILE__', t: Token): Token {
    let tok: Token;
    if (t.span.file < 0) tok = makeToken('number', '0', t.span, t.bol, t.space, 0, false, '');
    else if (b === '__LINE__') {
      const line = this.sources.position(t.span.file, t.span.start).line;
      tok = makeToken('number', String(line), t.span, t.bol, t.space, line, false, '');
    } else {
      const name = this.sources.get(t.span.file).name;
      tok = makeToken('string', JSON.stringify(name), t.span, t.bol, t.space, name);
    }
    tok.expanded = true;
    return tok;
  }
}
