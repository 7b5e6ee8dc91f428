/**
 * Helpers of macro expansion (preprocess.ts): interned hide sets, `#` stringizing, the
 * "same definition" test for redefinitions, and the token-line and span helpers it shares.
 */
import { makeToken, type Token } from './lex.js';
import type { MacroDef } from './preprocess.js';
import type { Span } from './source.js';
import type { DiagnosticBag } from './diagnostics.js';
import { reportSyntax } from './messages/syntax.js';

export const NO_HIDE: ReadonlySet<string> = new Set();

/**
 * Hide sets are interned: the same set of names is one object, so unions are cached and most tokens
 * of one expansion share a set (expansions of a 5000-line file stay fast).
 */
export class HideSets {
  private readonly byKey = new Map<string, ReadonlySet<string>>();
  private readonly unions = new WeakMap<ReadonlySet<string>, WeakMap<ReadonlySet<string>, ReadonlySet<string>>>();

  private intern(names: Iterable<string>): ReadonlySet<string> {
    const sorted = [...new Set(names)].sort();
    const key = sorted.join(' ');
    let s = this.byKey.get(key);
    if (!s) {
      s = new Set(sorted);
      this.byKey.set(key, s);
    }
    return s;
  }
  private readonly singletons = new Map<string, ReadonlySet<string>>();
  add(set: ReadonlySet<string>, name: string): ReadonlySet<string> {
    let one = this.singletons.get(name);
    if (!one) {
      one = this.intern([name]);
      this.singletons.set(name, one);
    }
    return this.union(set, one);
  }
  intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
    if (a === b) return a;
    if (a.size === 0 || b.size === 0) return NO_HIDE;
    return this.intern([...a].filter((x) => b.has(x)));
  }
  union(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
    if (a === b || b.size === 0) return a.size === 0 ? this.intern([]) : a;
    let inner = this.unions.get(a);
    if (!inner) {
      inner = new WeakMap();
      this.unions.set(a, inner);
    }
    let u = inner.get(b);
    if (!u) {
      u = this.intern([...a, ...b]);
      inner.set(b, u);
    }
    return u;
  }
}

/** `#x`: the argument's spelling as a string literal (spaces between tokens collapse to one). */
export function stringize(arg: Token[], use: Span): Token {
  let s = '';
  arg.forEach((a, k) => {
    if (k > 0 && a.space) s += ' ';
    s += a.text;
  });
  const quoted = '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
  // The literal's value is the spelling itself: quoting then decoding gives back `s`.
  const t = makeToken('string', quoted, use, false, true, s);
  t.expanded = true;
  return t;
}

export function sameDefinition(old: MacroDef, params: string[] | null, body: Token[]): boolean {
  if ((old.params === null) !== (params === null)) return false;
  if (old.params && params && old.params.join(',') !== params.join(',')) return false;
  if (old.body.length !== body.length) return false;
  return old.body.every((t, k) => t.text === body[k]!.text && (k === 0 || t.space === body[k]!.space));
}

/** The tokens of one logical line starting at `i` (up to the next token that begins a line). */
export function lineAt(toks: Token[], i: number): { line: Token[]; next: number } {
  let j = i;
  while (j < toks.length && toks[j]!.kind !== 'eof' && (j === i || !toks[j]!.bol)) j++;
  return { line: toks.slice(i, j), next: j };
}

/** The span from `a`'s start to `b`'s end (just `a` across files or backwards). */
export function joinSpan(a: Span, b: Span): Span {
  if (a.file !== b.file || b.end < a.start) return a;
  return { file: a.file, start: a.start, end: b.end };
}

/** Arguments after the '(' of a function-like macro use; undefined after reporting an error. */
export function collectArgs(diags: DiagnosticBag, nameTok: Token, m: MacroDef, take: () => Token | undefined): { args: Token[][]; span: Span; close: Token } | undefined {
  const args: Token[][] = [[]];
  let depth = 0;
  let close: Token | undefined;
  for (;;) {
    const a = take();
    if (!a) break;
    if (a.kind === 'punct') {
      if (a.text === '(') depth++;
      else if (a.text === ')') {
        if (depth === 0) { close = a; break; }
        depth--;
      } else if (a.text === ',' && depth === 0 && !(m.variadic && args.length === m.params!.length)) {
        args.push([]);
        continue;
      }
    }
    args[args.length - 1]!.push(a);
  }
  if (!close) {
    reportSyntax(diags, 'BRK1109', nameTok.span, { name: m.name });
    return undefined;
  }
  const span = joinSpan(nameTok.span, close.span);
  const expected = m.params!.length;
  // `F()` passes one empty argument; for a macro of no parameters that is zero arguments.
  if (expected === 0 && args.length === 1 && args[0]!.length === 0) args.pop();
  if (m.variadic && args.length === expected - 1) args.push([]);
  if (args.length !== expected) {
    reportSyntax(diags, 'BRK1108', span, {
      name: m.name, expected, s: expected === 1 ? '' : 's', given: args.length, were: args.length === 1 ? 'was' : 'were',
    }, m.span.file >= 0 ? { related: [{ span: m.span, message: `'${m.name}' is defined here` }] } : undefined);
    return undefined;
  }
  return { args, span, close };
}
