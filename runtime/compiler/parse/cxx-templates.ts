/**
 * Simple C++ templates in host code (docs/CXX.md), instantiated at the token level before namespaces
 * and classes are lowered:
 *
 *   template <class T> struct Box { T v; T get() const { return v; } };     a class template
 *   template <class T> T Box<T>::twice() const { ... }                      its member, outside
 *   template <typename T, int N> T sum(const T* a) { ... }                  a function template
 *   Box<int> b;  sum<float, 4>(a);  larger(2, 3)                            uses
 *
 * Each distinct argument list gives one copy of the definition with the parameters replaced by the
 * arguments' tokens, named `Box_of_int`, `sum_of_float_4` (the class's own name in its body too).
 * A copy is inserted before the top-level declaration that first uses it, so the argument types are
 * declared by then; a copy that uses other templates has their copies put before it (up to
 * MAX_INSTANCES in all).
 *
 * A function template's arguments are deduced from the call when each parameter written as `T`,
 * `const T&`, `T*`, ... gets a literal (`2` int, `2.0` double, `2.0f` float, `'c'` char, `"s"`
 * const char *), a variable whose declaration precedes it (`float x`, `int *p`, `Box_of_int b`) or
 * its address (`&x`);
 * otherwise one located BRK1243 asks for the arguments (`larger<float>(a + b, c)`).
 *
 * Outside (one located BRK1243 each): specializations (`template <>`), default template arguments,
 * template template parameters, member templates of ordinary classes, and a template used without its
 * arguments where they cannot be deduced.
 */
import { copyToken, type Token } from '../lex.js';
import type { Span } from '../source.js';
import type { CxxConstruct } from './cxx.js';
import { isPunct } from './cxx.js';

interface TemplateParam { name: string; type: boolean }
interface Template {
  name: string;
  params: TemplateParam[];
  /** The definition after `template <...>` (class: through its `;`). */
  body: Token[];
  kind: 'class' | 'function';
  /** Class templates: members defined outside (`template <class T> R C<T>::f(...) {...}`), each
   *  with its own parameter names. */
  members: { params: TemplateParam[]; body: Token[] }[];
  span: Span;
}

class TemplateError extends Error {
  constructor(readonly construct: CxxConstruct) { super(construct.why); }
}

const MAX_INSTANCES = 200;
const HINT = 'docs/CXX.md lists the template forms host code takes: class and function templates with type or integer parameters, instantiated per argument list; write this part without templates, or in those forms';
const TYPE_WORDS: ReadonlySet<string> = new Set(['void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned', 'const', 'bool', 'float2', 'float3', 'float4', 'int2', 'int3', 'int4']);

/** Templates instantiated and removed; or the first form outside the subset. */
export function instantiateTemplates(tokens: Token[]): { tokens: Token[]; error?: CxxConstruct } {
  if (!tokens.some((t) => t.text === 'template')) return { tokens };
  try {
    const templates = new Map<string, Template>();
    let out = extractTemplates(tokens, templates);
    const made = new Set<string>();
    // A copy comes with the copies it needs before it (depth first), so a template used by another's
    // members (std__pair in std__map) is declared before that other.
    const chunk = (template: Template, args: Token[][], key: string): Token[] => {
      if (made.size > MAX_INSTANCES) {
        throw new TemplateError({ span: template.span, construct: `template ${template.name}`, why: `more than ${MAX_INSTANCES} instances (a template that instantiates itself without end?)`, hint: HINT });
      }
      const needed: Token[] = [];
      const body = renameUses(instantiate(template, args, key), templates, (k, _at, tp, as) => {
        if (made.has(k)) return;
        made.add(k);
        needed.push(...chunk(tp, as, k));
      });
      return [...needed, ...body];
    };
    const requests: { key: string; at: number; template: Template; args: Token[][] }[] = [];
    out = renameUses(out, templates, (key, at, template, args) => requests.push({ key, at, template, args }));
    // Each copy goes before the declaration of its first use; inserted from the last use back so
    // that the positions found first stay valid (and copies before one declaration keep use order).
    const places: { at: number; use: number; order: number; tokens: Token[] }[] = [];
    for (const r of requests) {
      if (made.has(r.key)) continue;
      made.add(r.key);
      places.push({ at: topLevelStart(out, r.at), use: r.at, order: places.length, tokens: chunk(r.template, r.args, r.key) });
    }
    for (const p of places.sort((a, b) => b.use - a.use || b.order - a.order)) out = [...out.slice(0, p.at), ...p.tokens, ...out.slice(p.at)];
    return { tokens: out };
  } catch (e) {
    if (e instanceof TemplateError) return { tokens, error: e.construct };
    throw e;
  }
}

function fail(at: Token, construct: string, why: string, hint = HINT): never {
  throw new TemplateError({ span: at.span, construct, why, hint });
}

function isWord(t: Token | undefined, text: string): boolean {
  return t !== undefined && (t.kind === 'ident' || t.kind === 'keyword') && t.text === text;
}

/** The index of the token closing the bracket opened at `open` (`(`, `[`, `{`). */
function matching(tokens: Token[], open: number): number {
  const o = tokens[open]!.text;
  const c = o === '(' ? ')' : o === '[' ? ']' : '}';
  for (let depth = 0, i = open; i < tokens.length; i++) {
    if (isPunct(tokens[i], o)) depth++;
    else if (isPunct(tokens[i], c) && --depth === 0) return i;
  }
  fail(tokens[open]!, o, `'${o}' is not closed`);
}

/** Splits a `>>` at `i` into two `>` (`Box<Box<int>>`). */
function splitShift(tokens: Token[], i: number): void {
  const t = tokens[i]!;
  const first = copyToken(t, { text: '>', span: { ...t.span, end: t.span.start + 1 } });
  const second = copyToken(t, { text: '>', span: { ...t.span, start: t.span.start + 1 }, space: false });
  tokens.splice(i, 1, first, second);
}

/** The index of the `>` closing the angle brackets opened at `open`, or -1 when the brackets are
 *  not closed before a `;`, `{` or `}` (then `<` was less-than). */
export function closingAngle(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'punct') continue;
    if (t.text === '<') depth++;
    else if (t.text === '>>' && depth >= 2) { splitShift(tokens, i); depth--; }
    else if (t.text === '>' && --depth === 0) return i;
    else if (t.text === '(' || t.text === '[') i = matching(tokens, i);
    else if (t.text === ';' || t.text === '{' || t.text === '}' || t.text === ')') return -1;
  }
  return -1;
}

/** Comma-separated token lists between `open`'s `<` / `(` and `close`. */
function splitArgs(tokens: Token[], open: number, close: number): Token[][] {
  const args: Token[][] = [];
  let cur: Token[] = [];
  let depth = 0;
  for (let i = open + 1; i < close; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[' || t.text === '<' || t.text === '{')) depth++;
    if (t.kind === 'punct' && (t.text === ')' || t.text === ']' || t.text === '>' || t.text === '}')) depth--;
    if (depth === 0 && isPunct(t, ',')) { args.push(cur); cur = []; continue; }
    cur.push(t);
  }
  if (cur.length > 0 || args.length > 0) args.push(cur);
  return args;
}

/** Removes every `template <...> definition`, recording it. */
function extractTemplates(input: Token[], templates: Map<string, Template>): Token[] {
  const tokens = [...input];
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // (C code may name a variable `template`: only `template <` opens a template.)
    if (!isWord(t, 'template') || !isPunct(tokens[i + 1], '<')) { out.push(t); continue; }
    const close = closingAngle(tokens, i + 1);
    if (close < 0) fail(t, 'template <', "the template's parameter list is not closed by '>'");
    if (close === i + 2) fail(t, 'template <>', 'template specializations are C++ outside the subset');
    const params = splitArgs(tokens, i + 1, close).map((p) => templateParam(p, t));
    // The definition: up to its body's `}` (a class: and its `;`), or a `;` (a declaration only).
    let end = close + 1;
    let paren = 0;
    while (end < tokens.length && !(paren === 0 && (isPunct(tokens[end], '{') || isPunct(tokens[end], ';')))) {
      if (isPunct(tokens[end], '(')) paren++;
      if (isPunct(tokens[end], ')')) paren--;
      end++;
    }
    if (end >= tokens.length) fail(t, 'template', 'the template has no body');
    const head = tokens.slice(close + 1, end);
    const isClass = isWord(head[0], 'class') || isWord(head[0], 'struct');
    if (isWord(head[0], 'template')) fail(head[0]!, 'template <...> template', 'member templates and template template parameters are C++ outside the subset');
    if (isPunct(tokens[end], ';')) { i = end; continue; } // a forward declaration or prototype
    let last = matching(tokens, end);
    if (isClass && isPunct(tokens[last + 1], ';')) last++;
    const body = tokens.slice(close + 1, last + 1);
    if (body.some((b, k) => k > 0 && isWord(b, 'template'))) fail(body.find((b, k) => k > 0 && isWord(b, 'template'))!, 'template', 'member templates are C++ outside the subset');
    if (isClass) {
      const nameTok = head[1];
      if (!nameTok || nameTok.kind !== 'ident') fail(t, 'template class', 'a class template needs a name');
      if (isPunct(head[2], '<')) fail(nameTok, `${nameTok.text}<...>`, 'template specializations are C++ outside the subset');
      const existing = templates.get(nameTok.text);
      const members = existing?.members ?? [];
      templates.set(nameTok.text, { name: nameTok.text, params, body, kind: 'class', members, span: nameTok.span });
    } else {
      const member = outOfClassMember(head, templates);
      if (member) {
        member.members.push({ params, body });
      } else {
        const paren0 = head.findIndex((h) => isPunct(h, '('));
        const nameTok = head[paren0 - 1];
        if (!nameTok || nameTok.kind !== 'ident') fail(t, 'template', 'a function template needs a name before its parameters');
        if (templates.has(nameTok.text)) fail(nameTok, `template ${nameTok.text}`, 'overloaded function templates are C++ outside the subset');
        templates.set(nameTok.text, { name: nameTok.text, params, body, kind: 'function', members: [], span: nameTok.span });
      }
    }
    i = last;
  }
  return out;
}

function templateParam(tokens: Token[], at: Token): TemplateParam {
  const name = tokens[tokens.length - 1];
  if (tokens.some((t) => isPunct(t, '='))) fail(tokens.find((t) => isPunct(t, '='))!, 'template <... = ...>', 'default template arguments are C++ outside the subset');
  if (isWord(tokens[0], 'template')) fail(tokens[0]!, 'template <template ...>', 'template template parameters are C++ outside the subset');
  if (!name || name.kind !== 'ident' || tokens.length < 2) fail(tokens[0] ?? at, 'template <...>', 'each template parameter is `class T`, `typename T` or an integer `int N`');
  const type = isWord(tokens[0], 'class') || isWord(tokens[0], 'typename');
  return { name: name.text, type };
}

/** `R C < T > :: f (`: a member of class template C defined outside it. */
function outOfClassMember(head: Token[], templates: Map<string, Template>): Template | undefined {
  for (let k = 0; k + 1 < head.length; k++) {
    const t = head[k]!;
    if (t.kind === 'ident' && templates.get(t.text)?.kind === 'class' && isPunct(head[k + 1], '<')) {
      const close = closingAngle(head, k + 1);
      if (close > 0 && isPunct(head[close + 1], ':') && isPunct(head[close + 2], ':')) return templates.get(t.text);
    }
  }
  return undefined;
}

function mangle(name: string, args: Token[][]): string {
  const part = (a: Token[]): string => a.map((t) => (t.text === '*' ? 'ptr' : t.text === '&' ? 'ref' : t.text.replace(/[^A-Za-z0-9_]/g, '_'))).join('_');
  return `${name}_of_${args.map(part).join('_')}`;
}

function mergedToken(first: Token, last: Token, text: string): Token {
  const span: Span = { file: first.span.file, start: first.span.start, end: last.span.file === first.span.file ? last.span.end : first.span.end };
  return { ...copyToken(first, { text, span }), kind: 'ident' };
}

type Request = (key: string, at: number, template: Template, args: Token[][]) => void;

/** `Box<int>` and `sum<float>(...)` become `Box_of_int`, `sum_of_float(...)`; deduced calls
 *  `larger(2, 3)` become `larger_of_int(2, 3)`. */
function renameUses(input: Token[], templates: Map<string, Template>, request: Request): Token[] {
  const tokens = [...input];
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const template = t.kind === 'ident' ? templates.get(t.text) : undefined;
    if (!template || isPunct(tokens[i - 1], '.') || isPunct(tokens[i - 1], '->')) { out.push(t); continue; }
    if (isPunct(tokens[i + 1], '<')) {
      const close = closingAngle(tokens, i + 1);
      if (close < 0) { out.push(t); continue; }
      // Templates in the arguments are placed as this use is (`Box<Box<int> >`: Box_of_int first).
      const here = out.length;
      const args = splitArgs(tokens, i + 1, close).map((a) => renameUses(a, templates, (k, _at, tp, as) => request(k, here, tp, as)));
      if (args.length !== template.params.length) fail(t, `${t.text}<...>`, `${template.name} takes ${template.params.length} template argument(s), not ${args.length}`);
      const key = mangle(template.name, args);
      request(key, out.length, template, args);
      out.push(mergedToken(t, tokens[close]!, key));
      i = close;
      continue;
    }
    if (template.kind === 'function' && isPunct(tokens[i + 1], '(')) {
      const args = deduce(template, tokens, i, out);
      const key = mangle(template.name, args);
      request(key, out.length, template, args);
      out.push(copyToken(t, { text: key }));
      continue;
    }
    if (template.kind === 'class') fail(t, template.name, `the class template '${template.name}' is used without its arguments (write ${template.name}<type>)`);
    out.push(t);
  }
  return out;
}

/** The copy of `template` for `args`, named `key`, with its out-of-class members after it. */
function instantiate(template: Template, args: Token[][], key: string): Token[] {
  const copy = (body: Token[], params: TemplateParam[]): Token[] => {
    const out: Token[] = [];
    for (let k = 0; k < body.length; k++) {
      const b = body[k]!;
      const p = b.kind === 'ident' ? params.findIndex((q) => q.name === b.text) : -1;
      if (p >= 0) { out.push(...args[p]!.map((a, n) => (n === 0 ? copyToken(a, { space: true }) : a))); continue; }
      if (b.kind === 'ident' && b.text === template.name) {
        // `Box<T>` or `Box<U*>` in its own body: a use, named by the next round of renameUses;
        // `Box` alone (C++'s injected class name, its constructors): the instance itself.
        out.push(isPunct(body[k + 1], '<') ? b : copyToken(b, { text: key }));
        continue;
      }
      out.push(b);
    }
    return out;
  };
  const out = copy(template.body, template.params);
  for (const m of template.members) out.push(...copy(m.body, m.params));
  return out;
}

/** Template arguments of a call `f(a, b)` without them, from the arguments' types. */
function deduce(template: Template, tokens: Token[], at: number, before: Token[]): Token[][] {
  const callArgs = splitArgs(tokens, at + 1, matching(tokens, at + 1));
  const open = template.body.findIndex((b) => isPunct(b, '('));
  const params = splitArgs(template.body, open, matching(template.body, open));
  const deduced = new Map<string, Token[]>();
  params.forEach((param, k) => {
    const names = param.filter((p) => p.kind === 'ident' && template.params.some((q) => q.type && q.name === p.text));
    if (names.length !== 1 || !callArgs[k]) return;
    const name = names[0]!.text;
    const pos = param.indexOf(names[0]!);
    const stars = param.slice(pos + 1).filter((p) => isPunct(p, '*')).length;
    const type = argumentType(callArgs[k]!, before);
    if (!type) return;
    // `T* p` given an `int *`: T is int; a value parameter drops the argument's own const.
    let t = [...type];
    for (let s = 0; s < stars; s++) {
      const star = t.map((x) => x.text).lastIndexOf('*');
      if (star < 0) return;
      t.splice(star, 1);
    }
    if (!t.some((x) => x.text === '*')) t = t.filter((x) => x.text !== 'const');
    const text = t.map((x) => x.text).join(' ');
    const prior = deduced.get(name);
    if (prior && prior.map((x) => x.text).join(' ') !== text) fail(tokens[at]!, `${template.name}(...)`, `the arguments give ${name} two types (${prior.map((x) => x.text).join(' ')} and ${text})`, `write ${template.name}<type>(...)`);
    deduced.set(name, t);
  });
  return template.params.map((p) => {
    const d = deduced.get(p.name);
    if (!d) fail(tokens[at]!, `${template.name}(...)`, `the template argument ${p.name} of '${template.name}' cannot be deduced here (deduction takes literals and declared variables)`, `write the arguments: ${template.name}<${template.params.map((q) => (q.type ? 'type' : 'value')).join(', ')}>(...)`);
    return d;
  });
}

/** The type of an argument that is a literal or a declared variable, as tokens; else undefined. */
function argumentType(arg: Token[], before: Token[]): Token[] | undefined {
  const make = (from: Token, words: string[]): Token[] => words.map((w) => ({ ...copyToken(from, { text: w, space: true }), kind: w === '*' ? 'punct' : 'keyword' }));
  if (arg.length === 2 && isPunct(arg[0], '&') && arg[1]!.kind === 'ident') {
    const pointee = argumentType([arg[1]!], before);
    return pointee && [...pointee, ...make(arg[0]!, ['*'])];
  }
  const a = arg.length === 2 && isPunct(arg[0], '-') ? arg[1]! : arg.length === 1 ? arg[0]! : undefined;
  if (!a) return undefined;
  if (a.kind === 'number') {
    const s = a.suffix ?? '';
    if (a.isFloat) return make(a, [s.includes('f') ? 'float' : 'double']);
    return make(a, [s.includes('u') ? 'unsigned' : '', s.includes('l') ? 'long' : 'int'].filter((w) => w !== ''));
  }
  if (a.kind === 'char') return make(a, ['char']);
  if (a.kind === 'string') return make(a, ['const', 'char', '*']);
  if (a.kind !== 'ident') return undefined;
  // The nearest earlier `TYPE [*...] name` (a parameter, local or global).
  for (let k = before.length - 1; k > 0; k--) {
    if (before[k]!.kind !== 'ident' || before[k]!.text !== a.text) continue;
    let j = k - 1;
    let stars = 0;
    while (j >= 0 && (isPunct(before[j], '*') || isPunct(before[j], '&'))) { if (isPunct(before[j], '*')) stars++; j--; }
    const words: string[] = [];
    if (isPunct(before[j], ',')) {
      // `int a = 4, b = 9;`: the type opens the statement.
      let s0 = j;
      while (s0 > 0 && !isPunct(before[s0 - 1], ';') && !isPunct(before[s0 - 1], '{') && !isPunct(before[s0 - 1], '}')) s0--;
      let w = s0;
      while (w < j && TYPE_WORDS.has(before[w]!.text)) w++;
      if (w === s0 && before[w]?.kind === 'ident') w++;
      if (w > s0 && w < j && (before[w]!.kind === 'ident' || isPunct(before[w], '*'))) {
        words.push(...before.slice(s0, w).map((x) => x.text));
      } else {
        continue;
      }
    } else if (j >= 0 && before[j]!.kind === 'ident' && !TYPE_WORDS.has(before[j]!.text)) {
      words.push(before[j]!.text); // a class or typedef name
    } else {
      while (j >= 0 && TYPE_WORDS.has(before[j]!.text)) words.unshift(before[j--]!.text);
    }
    if (words.length === 0) continue;
    const isArray = isPunct(before[k + 1], '[');
    return make(a, [...words.filter((w) => w !== 'const' || stars > 0), ...Array<string>(stars + (isArray ? 1 : 0)).fill('*')]);
  }
  return undefined;
}

/** The index where the top-level declaration holding `at` starts (namespace braces are open). */
function topLevelStart(tokens: Token[], at: number): number {
  let start = 0;
  const braces: boolean[] = []; // true: a namespace's brace
  let paren = 0;
  for (let i = 0; i < at; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'punct') continue;
    if (t.text === '(') paren++;
    else if (t.text === ')') paren--;
    else if (t.text === '{') {
      braces.push(isWord(tokens[i - 1], 'namespace') || (isWord(tokens[i - 2], 'namespace') && tokens[i - 1]!.kind === 'ident'));
      if (braces[braces.length - 1]) start = i + 1;
    } else if (t.text === '}') {
      const ns = braces.pop();
      const depth = braces.filter((b) => !b).length;
      if (depth === 0 && (ns || (!isPunct(tokens[i + 1], ';') && !(tokens[i + 1]?.kind === 'ident' && isPunct(tokens[i + 2], ';'))))) start = i + 1;
    } else if (t.text === ';' && paren === 0 && braces.every((b) => b)) start = i + 1;
  }
  return start;
}
