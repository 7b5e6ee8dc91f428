/**
 * C++ outside the subset that host code takes (docs/CXX.md). The subset itself is lowered around
 * this scan: namespaces, `::` of namespaces and classes, operator names (cxx-namespaces.ts), std::cout
 * (cxx-stream-io.ts) before it; classes and references after parsing (cxx-class-lower.ts,
 * cxx-references.ts). What is left would give a cascade of unrelated syntax errors if parsed as C, so
 * the preprocessed tokens are scanned first and the first such construct is reported once (BRK1243),
 * naming it; the file is then not parsed.
 *
 * Recognised (none of these token sequences is valid C):
 *   NAME :: NAME (two adjacent ':')     a scope qualifier left (`std::vector`, `brook::stream`, a
 *                                       namespace of another file); `std::`, `brook::` get their own wording
 *   template <                          a template left (cxx-templates.ts instantiates the subset)
 *   namespace NAME {  /  using namespace NAME   (only those the lowering did not take)
 *   operator <punctuator>               an operator outside the subset (`operator()`, `operator<<`)
 */
import type { Token } from '../lex.js';
import type { Span } from '../source.js';

export interface CxxConstruct {
  span: Span;
  /** What was found, as written (`std::cout`, `class DualInt`). */
  construct: string;
  /** Why it is C++, in a few words. */
  why: string;
  hint: string;
}

const GENERIC_HINT = 'host code takes C with Brook and the C++ subset of docs/CXX.md (references, namespaces, classes with methods, constructors, operators and one base class, overloading, default arguments, simple templates, new/delete, std::cout, std::vector, std::string, std::map, std::queue, std::sort); rewrite this part in it, or leave the file out';

export function findCxxConstruct(tokens: Token[]): CxxConstruct | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (t.kind === 'ident' && ASM_WORDS.has(t.text)) {
      i = skipAsmOperands(tokens, i); // `asm("nop" ::: "memory")`: colons of GCC's asm syntax
      continue;
    }
    if (isScope(tokens, i)) return scopeConstruct(tokens, i);
    if (t.kind !== 'ident' || !next) continue;
    const span = (end: Token): Span => ({ file: t.span.file, start: t.span.start, end: end.span.file === t.span.file ? end.span.end : t.span.end });
    if (t.text === 'template' && isPunct(next, '<')) {
      return { span: span(next), construct: 'template <...>', why: 'templates are C++', hint: 'write one function per type; ' + GENERIC_HINT };
    }
    if (t.text === 'namespace' && next.kind === 'ident' && after && isPunct(after, '{')) {
      return { span: span(next), construct: `namespace ${next.text}`, why: 'namespaces are C++', hint: GENERIC_HINT };
    }
    if (t.text === 'using' && next.kind === 'ident' && next.text === 'namespace' && after?.kind === 'ident') {
      return { span: span(after), construct: `using namespace ${after.text}`, why: 'namespaces are C++', hint: hintFor(after.text) };
    }
    if (t.text === 'operator' && next.kind === 'punct' && !isPunct(next, ';') && !isPunct(next, '=') && !isPunct(next, ',') && !isPunct(next, ')')) {
      return { span: span(next), construct: `operator${next.text}`, why: 'operator overloading is C++', hint: 'write a function with a name; ' + GENERIC_HINT };
    }
  }
  return undefined;
}

/** Names of BrookGPU's C++ runtime that Brook programs use and this project provides under their
 *  qualified name: the host library function `brook::sentinelStream(dim)` (check/hostlib.ts) and the
 *  library types `brook::stream` (a handle to a stream of any element type) and `brook::iter` with
 *  its element types `brook::__BRTFLOAT`..`4` (parse/brook-stream.ts), `brook::StreamType` (an
 *  element type as a run-time value, from `brook::getStreamType((T *)0)`) and
 *  `brook::StreamInterface` (a stream seen through a pointer: check/resolve.ts). */
export const BROOK_RUNTIME_NAMES: ReadonlySet<string> = new Set(['sentinelStream', 'stream', 'getStreamType', 'iter', '__BRTFLOAT', '__BRTFLOAT2', '__BRTFLOAT3', '__BRTFLOAT4', 'StreamType', 'StreamInterface']);

/**
 * `brook::sentinelStream` (also `::brook::sentinelStream`) becomes one identifier token with that
 * text, so the C++ scan below does not take it for the C++ interface and the parser sees a name.
 */
export function mergeBrookRuntimeNames(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const name = tokens[i + 3];
    if (t.kind === 'ident' && t.text === 'brook' && isScope(tokens, i + 1) && name && BROOK_RUNTIME_NAMES.has(name.text)) {
      if (out.length >= 2 && isScope(tokens, i - 2)) out.length -= 2; // a leading `::`
      const span: Span = { file: t.span.file, start: t.span.start, end: name.span.file === t.span.file ? name.span.end : t.span.end };
      out.push({ ...t, text: `brook::${name.text}`, span });
      i += 3;
      continue;
    }
    out.push(t);
  }
  return out;
}

export function isPunct(t: Token | undefined, text: string): boolean {
  return t !== undefined && t.kind === 'punct' && t.text === text;
}

const ASM_WORDS: ReadonlySet<string> = new Set(['asm', '__asm', '__asm__']);

/** The index of the ')' closing an asm statement's operands (asm.ts parses them), or `i`. */
function skipAsmOperands(tokens: Token[], i: number): number {
  let k = i + 1;
  while (tokens[k] && (tokens[k]!.kind === 'ident' || tokens[k]!.kind === 'keyword') && /volatile|inline|goto/.test(tokens[k]!.text)) k++;
  if (!isPunct(tokens[k], '(')) return i;
  for (let depth = 0; k < tokens.length; k++) {
    if (isPunct(tokens[k], '(')) depth++;
    else if (isPunct(tokens[k], ')') && --depth === 0) return k;
  }
  return i;
}

/** `tokens[i]` and `tokens[i + 1]` are two ':' with nothing between them (C++'s `::`), followed by a
 *  name (`std::cout`, `::brook`). */
export function isScope(tokens: Token[], i: number): boolean {
  const a = tokens[i];
  const b = tokens[i + 1];
  const name = tokens[i + 2];
  if (!isPunct(a, ':') || !isPunct(b, ':') || !name || (name.kind !== 'ident' && name.kind !== 'keyword')) return false;
  // Tokens out of a macro expansion all carry the macro use's span: only their spacing tells.
  if (a!.expanded || b!.expanded) return !b!.space;
  return a!.span.file === b!.span.file && a!.span.end === b!.span.start;
}

function scopeConstruct(tokens: Token[], i: number): CxxConstruct {
  const colon = tokens[i]!;
  const before = tokens[i - 1];
  const member = tokens[i + 2];
  const qualifier = before && (before.kind === 'ident' || before.kind === 'keyword') && (colon.expanded ? !colon.space : before.span.end === colon.span.start) ? before : undefined;
  const name = member && (member.kind === 'ident' || member.kind === 'keyword') ? member.text : '';
  const construct = `${qualifier?.text ?? ''}::${name}`;
  const first = qualifier ?? colon;
  const last = name ? member! : tokens[i + 1]!;
  const span: Span = { file: first.span.file, start: first.span.start, end: last.span.file === first.span.file ? last.span.end : first.span.end };
  const ns = qualifier?.text ?? '';
  const why = ns === 'std' ? "the C++ standard library (iostream, std::string, ...) is C++"
    : ns === 'brook' || ns === 'brt' ? "this part of BrookGPU's C++ runtime is not part of Brook the language (its stream API is: brook::stream, brook::iter, brook::StreamType, brook::getStreamType)"
    : 'scope qualifiers (::) are C++';
  return { span, construct, why, hint: hintFor(ns) };
}

function hintFor(ns: string): string {
  if (ns === 'std') return 'print with printf (stdio.h) instead of std::cout / std::cerr';
  if (ns === 'brook' || ns === 'brt') return "declare streams in Brook ('float s<n>;') and use streamRead, streamWrite and kernel calls";
  return GENERIC_HINT;
}
