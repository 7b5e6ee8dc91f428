/**
 * Two more forms of BrookGPU's C++ stream API (docs/CXX.md), lowered at the token level to the forms
 * brook-stream.ts and brook-stream-forms.ts read:
 *
 *   using namespace brook;                       ->  (nothing); up to the end of the block it is in
 *                                                    (the file, at the top level), `stream`, `iter`
 *                                                    and the other names of BROOK_RUNTIME_NAMES mean
 *                                                    `brook::NAME` where C++ would take them so
 *   brook::stream s = brook::stream::create<T>(d0, d1);
 *                                                ->  brook::stream s(brook::getStreamType((T *)0), d0, d1, -1);
 *                                                    (that is `T s<d0, d1>;`)
 *   brook::stream a[] = { brook::stream::create<T>(d), ... };   (in a block)
 *                                                ->  brook::stream a[K]; a[0] = ...; a[1] = ...;
 *   brook::stream::create<T>(d0, ...) elsewhere  ->  (*brook::newStream(brook::getStreamType((T *)0), d0, ...))
 *                                                    (a stream that lives until the program ends, as
 *                                                    `*new brook::stream(...)` does)
 *
 * `stream` and `iter` are taken as BrookGPU's only where they stand as a type (`stream x`, `stream *p`,
 * `stream &r`, `stream::create`; `iter x(`), so Brook's own `iter float2 it<n> = iter(a, b)` and a
 * variable named `stream` keep their meaning. A `::create` whose `<T>(...)` is malformed is left alone
 * (cxx.ts then reports the `::` as C++ that is not supported).
 */
import { copyToken, makeToken, type Token } from '../lex.js';
import { BROOK_RUNTIME_NAMES, isPunct, isScope } from './cxx.js';
import { GET_STREAM_TYPE, NEW_STREAM, STREAM_TYPE } from './brook-stream-forms.js';

/** Drops `using namespace brook;` and qualifies the brook names in its scope (before mergeBrookRuntimeNames). */
export function lowerUsingBrook(tokens: Token[]): Token[] {
  if (!tokens.some((t) => t.text === 'brook')) return tokens;
  const out: Token[] = [];
  // One entry a block open: does `using namespace brook;` hold in it?
  const scopes: boolean[] = [false];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isWord(t, 'using') && isWord(tokens[i + 1], 'namespace') && isWord(tokens[i + 2], 'brook') && isPunct(tokens[i + 3], ';')) {
      scopes[scopes.length - 1] = true;
      i += 3;
      continue;
    }
    if (isPunct(t, '{')) scopes.push(scopes[scopes.length - 1]!);
    else if (isPunct(t, '}') && scopes.length > 1) scopes.pop();
    if (scopes[scopes.length - 1] && (t.kind === 'ident' || t.kind === 'keyword') && BROOK_RUNTIME_NAMES.has(t.text) && !qualified(tokens, i) && standsAsBrookName(tokens, i)) {
      out.push({ ...copyToken(t, { text: `brook::${t.text}` }), kind: 'ident' }); // `iter` lexes as a keyword
      continue;
    }
    out.push(t);
  }
  return out;
}

/** `.x`, `->x`, `N::x`: a member or another scope's name. */
function qualified(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  return isPunct(before, '.') || isPunct(before, '->') || (i >= 2 && isScope(tokens, i - 2));
}

function standsAsBrookName(tokens: Token[], i: number): boolean {
  const name = tokens[i]!.text;
  const next = tokens[i + 1];
  if (name === 'stream') return next?.kind === 'ident' || isPunct(next, '*') || isPunct(next, '&') || isScope(tokens, i + 1);
  if (name === 'iter') return next?.kind === 'ident' && isPunct(tokens[i + 2], '('); // not Brook's `iter float2 it<n>`
  return true;
}

/** `brook::stream::create<T>(...)` in the three forms above (after mergeBrookRuntimeNames). */
export function lowerStreamCreate(tokens: Token[]): Token[] {
  if (!tokens.some((t) => t.text === 'create')) return tokens;
  const out: Token[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isPunct(t, '{')) depth++;
    if (isPunct(t, '}')) depth--;
    // brook::stream NAME = create...;  /  brook::stream NAME[...] = { create..., ... };
    if (t.text === STREAM_TYPE && tokens[i + 1]?.kind === 'ident' && !isPunct(tokens[i - 1], '(')) {
      const decl = declaration(tokens, i, depth > 0);
      if (decl) {
        out.push(...decl.tokens);
        i = decl.next - 1;
        continue;
      }
    }
    const call = createCall(tokens, i);
    if (call) {
      out.push(...parenthesized(t, [tok(t, 'punct', '*'), ...newStreamTokens(t, call)]));
      i = call.next - 1;
      continue;
    }
    out.push(t);
  }
  return out;
}

interface CreateCall {
  /** The element type's tokens and the extents' tokens (commas included). */
  type: Token[];
  args: Token[];
  /** Index after the call's ')'. */
  next: number;
}

/** `brook::stream :: create < T > ( args )` at i. */
function createCall(tokens: Token[], i: number): CreateCall | undefined {
  if (tokens[i]?.text !== STREAM_TYPE || !isScope(tokens, i + 1) || tokens[i + 3]?.text !== 'create' || !isPunct(tokens[i + 4], '<')) return undefined;
  const close = tokens.findIndex((x, k) => k > i + 4 && (isPunct(x, '>') || isPunct(x, ';') || isPunct(x, '(')));
  if (close <= i + 5 || !isPunct(tokens[close], '>') || !isPunct(tokens[close + 1], '(')) return undefined;
  const end = matching(tokens, close + 1);
  if (end < 0 || end === close + 2) return undefined;
  return { type: tokens.slice(i + 5, close), args: tokens.slice(close + 2, end), next: end + 1 };
}

/** The declaration forms at i (`brook::stream NAME ...`), or undefined when it is neither. */
function declaration(tokens: Token[], i: number, inBlock: boolean): { tokens: Token[]; next: number } | undefined {
  const st = tokens[i]!;
  const name = tokens[i + 1]!;
  if (isPunct(tokens[i + 2], '=')) {
    const call = createCall(tokens, i + 3);
    if (!call || !(isPunct(tokens[call.next], ';') || isPunct(tokens[call.next], ','))) return undefined;
    const ctor = [tok(st, 'ident', GET_STREAM_TYPE), ...parenthesized(st, [...parenthesized(st, [...call.type, tok(st, 'punct', '*')]), num(st, 0)]), tok(st, 'punct', ','), ...call.args, tok(st, 'punct', ','), tok(st, 'punct', '-'), num(st, 1)];
    return { tokens: [st, name, ...parenthesized(st, ctor)], next: call.next };
  }
  if (!inBlock || !isPunct(tokens[i + 2], '[')) return undefined;
  const closeBracket = matching(tokens, i + 2);
  if (closeBracket < 0 || !isPunct(tokens[closeBracket + 1], '=') || !isPunct(tokens[closeBracket + 2], '{')) return undefined;
  const closeBrace = matching(tokens, closeBracket + 2);
  if (closeBrace < 0 || !isPunct(tokens[closeBrace + 1], ';')) return undefined;
  const elems: CreateCall[] = [];
  for (let k = closeBracket + 3; k < closeBrace;) {
    const call = createCall(tokens, k);
    if (!call) return undefined;
    elems.push(call);
    k = call.next;
    if (isPunct(tokens[k], ',')) k++;
    else if (k !== closeBrace) return undefined;
  }
  if (elems.length === 0) return undefined;
  const given = tokens.slice(i + 3, closeBracket);
  const out: Token[] = [st, name, tok(st, 'punct', '['), ...(given.length ? given : [num(st, elems.length)]), tok(st, 'punct', ']'), tok(st, 'punct', ';')];
  elems.forEach((call, k) => {
    out.push(copyToken(name, {}), tok(st, 'punct', '['), num(st, k), tok(st, 'punct', ']'), tok(st, 'punct', '='), tok(st, 'punct', '*'), ...newStreamTokens(st, call), tok(st, 'punct', ';'));
  });
  out.pop(); // the declaration's own ';' follows
  return { tokens: out, next: closeBrace + 1 };
}

/** `brook::newStream(brook::getStreamType((T *)0), args)`. */
function newStreamTokens(at: Token, call: CreateCall): Token[] {
  const type = [tok(at, 'ident', GET_STREAM_TYPE), ...parenthesized(at, [...parenthesized(at, [...call.type, tok(at, 'punct', '*')]), num(at, 0)])];
  return [tok(at, 'ident', NEW_STREAM), ...parenthesized(at, [...type, tok(at, 'punct', ','), ...call.args])];
}

/** The index of the bracket closing the one at `open`, or -1. */
function matching(tokens: Token[], open: number): number {
  const o = tokens[open]!.text;
  const c = o === '(' ? ')' : o === '[' ? ']' : '}';
  for (let k = open, d = 0; k < tokens.length; k++) {
    if (isPunct(tokens[k], o)) d++;
    else if (isPunct(tokens[k], c) && --d === 0) return k;
  }
  return -1;
}

function parenthesized(at: Token, inner: Token[]): Token[] {
  return [tok(at, 'punct', '('), ...inner, tok(at, 'punct', ')')];
}

/** A made token located at `at` (errors about it point at the written form). */
function tok(at: Token, kind: Token['kind'], text: string): Token {
  const t = makeToken(kind, text, at.span, false, true);
  t.expanded = at.expanded;
  return t;
}

function num(at: Token, v: number): Token {
  const t = makeToken('number', String(v), at.span, false, true, v, false, '');
  t.expanded = at.expanded;
  return t;
}

function isWord(t: Token | undefined, text: string): boolean {
  return t !== undefined && (t.kind === 'ident' || t.kind === 'keyword') && t.text === text;
}
