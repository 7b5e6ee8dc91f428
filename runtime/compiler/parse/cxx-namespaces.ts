/**
 * C++ namespaces and `::` qualifiers in host code, removed at the token level before the C++ scan
 * (cxx.ts) and the parser:
 *
 *   namespace csMath3 { float dot(...) {...} }   ->  float dot(...) {...}
 *   csMath3::dot(a, b)   ::printf("x")           ->  dot(a, b)   printf("x")
 *   using namespace csMath3;   using csMath3::dot;   ->  (nothing)
 *   ::brook::stream                              ->  brook::stream (BrookGPU's API: brook-api.ts)
 *
 * Names declared in a namespace join the file's one scope of names: two namespaces that declare the
 * same name give the checker's "defined twice" error there (docs/CXX.md says so). `std::` is left for
 * the standard library's forms (cxx-stream-io.ts); `using namespace std;` makes `cout`, `cerr` and
 * `endl` mean `std::cout`, `std::cerr` and `std::endl`.
 */
import { copyToken, type Token } from '../lex.js';
import { isPunct, isScope } from './cxx.js';
import { STD_IO_NAMES } from './cxx-stream-io.js';
import { OPERATORS } from './cxx-class.js';


export function lowerNamespaces(tokens: Token[]): Token[] {
  tokens = mergeClassNames(mergeOperatorNames(tokens));
  const names = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (isWord(tokens[i], 'namespace') && tokens[i + 1]!.kind === 'ident' && isPunct(tokens[i + 2], '{')) names.add(tokens[i + 1]!.text);
  }
  const out: Token[] = [];
  const braces: boolean[] = []; // true: the brace opened a namespace (its '}' is dropped)
  let usingStd = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    if (isWord(t, 'namespace') && (isPunct(next, '{') || (next?.kind === 'ident' && isPunct(tokens[i + 2], '{')))) {
      i += isPunct(next, '{') ? 1 : 2;
      braces.push(true);
      continue;
    }
    if (isWord(t, 'using') && isWord(next, 'namespace') && tokens[i + 2]?.kind === 'ident' && isPunct(tokens[i + 3], ';')) {
      const ns = tokens[i + 2]!.text;
      if (names.has(ns) || ns === 'std') {
        if (ns === 'std') usingStd = true;
        i += 3;
        continue;
      }
    }
    if (isWord(t, 'using') && next?.kind === 'ident' && names.has(next.text) && isScope(tokens, i + 2) && isPunct(tokens[i + 5], ';')) {
      i += 5; // `using csMath3::dot;`: the name is visible anyway
      continue;
    }
    if (isPunct(t, '{')) braces.push(false);
    if (isPunct(t, '}') && braces.pop() === true) continue;
    if (isScope(tokens, i)) {
      const before = out[out.length - 1];
      if (before && before.kind === 'ident' && names.has(before.text) && adjacent(before, t)) {
        out.pop(); // `csMath3::` before a name
        i += 1;
        continue;
      }
      if (!before || !(before.kind === 'ident' || before.kind === 'keyword' || isPunct(before, '>')) || !adjacent(before, t)) {
        i += 1; // a leading `::` (the global scope) before a name
        continue;
      }
    }
    if (usingStd && t.kind === 'ident' && STD_IO_NAMES.has(t.text) && !isScope(tokens, i - 2)) {
      out.push(copyToken(t, { text: `std::${t.text}` }));
      continue;
    }
    out.push(t);
  }
  return out;
}

function isWord(t: Token | undefined, text: string): boolean {
  return t !== undefined && (t.kind === 'ident' || t.kind === 'keyword') && t.text === text;
}

/** Nothing between `a` and `b` in the source (macro-expanded tokens: no space before `b`). */
function adjacent(a: Token, b: Token): boolean {
  if (a.expanded || b.expanded) return !b.space;
  return a.span.file === b.span.file && a.span.end === b.span.start;
}

/** `operator+`, `operator+=`, `operator[]`, `operator()` become one identifier (a member or free function name). */
function mergeOperatorNames(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const op = tokens[i + 1];
    const last = op && (isPunct(op, '[') || isPunct(op, '(')) ? tokens[i + 2] : op;
    // `operator+ (`: C code may name a variable `operator` (`operator = 3`), never call it so.
    if (isWord(t, 'operator') && op?.kind === 'punct' && OPERATORS.has(op.text) && last && (op.text !== '[' || isPunct(last, ']')) && (op.text !== '(' || isPunct(last, ')')) && isPunct(tokens[tokens.indexOf(last, i) + 1], '(')) {
      const pair = op.text === '[' || op.text === '(';
      out.push(copyToken(t, { text: `operator${pair ? op.text + last.text : op.text}`, span: joined(t, last) }));
      i += pair ? 2 : 1;
      continue;
    }
    out.push(t);
  }
  return out;
}

/**
 * `C::name`, `C::~C` and `C::operator+` for a class or struct C of the file become one identifier:
 * an out-of-class member definition or a static member's use (cxx-class-lower.ts resolves it).
 */
function mergeClassNames(tokens: Token[]): Token[] {
  const classes = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    if ((isWord(tokens[i], 'class') || isWord(tokens[i], 'struct')) && tokens[i + 1]!.kind === 'ident' && (isPunct(tokens[i + 2], '{') || isPunct(tokens[i + 2], ';') || (isPunct(tokens[i + 2], ':') && !isPunct(tokens[i + 3], ':')))) classes.add(tokens[i + 1]!.text);
  }
  if (classes.size === 0) return tokens;
  // `typedef Tuple3f Vector3;`: the typedef name of a class qualifies as the class does (`Vector3::Cross`).
  const aliases = new Map<string, string>();
  for (let i = 0; i + 3 < tokens.length; i++) {
    if (!isWord(tokens[i], 'typedef')) continue;
    const k = isWord(tokens[i + 1], 'class') || isWord(tokens[i + 1], 'struct') ? i + 2 : i + 1;
    const c = tokens[k];
    const alias = tokens[k + 1];
    if (c?.kind === 'ident' && classes.has(c.text) && alias?.kind === 'ident' && isPunct(tokens[k + 2], ';')) aliases.set(alias.text, c.text);
  }
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isWord(t, 'class') && tokens[i + 1]?.kind === 'ident' && classes.has(tokens[i + 1]!.text)) {
      out.push({ ...copyToken(t, { text: 'struct' }), kind: 'keyword' }); // a class is a struct here
      continue;
    }
    if (t.kind === 'ident' && (classes.has(t.text) || aliases.has(t.text)) && isPunct(tokens[i + 1], ':') && isPunct(tokens[i + 2], ':') && adjacent(tokens[i + 1]!, tokens[i + 2]!)) {
      const tilde = isPunct(tokens[i + 3], '~');
      const name = tokens[i + (tilde ? 4 : 3)];
      if (name?.kind === 'ident') {
        const cls = aliases.get(t.text) ?? t.text;
        out.push(copyToken(t, { text: `${cls}::${tilde ? '~' : ''}${name.text}`, span: joined(t, name) }));
        i += tilde ? 4 : 3;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

function joined(a: Token, b: Token): Token['span'] {
  return { file: a.span.file, start: a.span.start, end: b.span.file === a.span.file ? b.span.end : a.span.end };
}
