/**
 * Function and kernel parameters: `float a<>`, `out float4 o<>`, `vout [4] float v<>`, `float g[][8]`,
 * `int *p`, `float (*s)<>`, C++ references (`int& n`, `const T& t`), and `...`. Also the pointer
 * stars after a type (`parsePointer`), shared by declarators, fields and class members.
 *
 * Split from declarations.ts (which owns type specifiers and declarators); the type specifiers are
 * reached through `p.rules` so that this module does not import declarations.ts back.
 */
import type { Expr, ParamDecl } from '../ast.js';
import type { Span } from '../source.js';
import { describe, type Parser } from './parser.js';
import { closeBracket, closeParen, parseConditional, withNoGreater } from './expressions.js';

export function parsePointer(p: Parser): number {
  let n = 0;
  while (p.is('*') || p.is('const') || p.is('volatile')) if (p.next().text === '*') n++;
  return n;
}

/** Parameters after the '('; consumes the ')'. `variadic` when they end with `...`. */
export function parseParams(p: Parser, brook: 'kernel' | 'reduce' | null, open: Span): { params: ParamDecl[]; variadic: boolean } {
  const params: ParamDecl[] = [];
  let variadic = false;
  if (p.is('void') && p.is(')', p.peek())) {
    p.next();
  } else if (!p.is(')')) {
    do {
      if (p.is('...')) { p.next(); variadic = true; break; }
      params.push(parseParam(p, brook));
    } while (p.accept(','));
  }
  closeParen(p, open, 'parameter');
  return { params, variadic };
}

const PARAM_QUALIFIERS: ReadonlySet<string> = new Set(['out', 'in', 'iter', 'reduce', 'vout']);

function parseParam(p: Parser, brook: 'kernel' | 'reduce' | null): ParamDecl {
  const start = p.tok.span;
  let qualifier: ParamDecl['qualifier'] = null;
  let qualTok: ReturnType<Parser['next']> | undefined;
  let voutMax: Expr | null | undefined;
  const contextualIn = p.tok.kind === 'ident' && p.tok.text === 'in' && p.isTypeName(1);
  if ((p.tok.kind === 'keyword' && PARAM_QUALIFIERS.has(p.tok.text)) || contextualIn) {
    qualTok = p.next();
    qualifier = qualTok.text as ParamDecl['qualifier'];
    if (qualifier === 'vout') {
      if (p.is('[')) {
        const o = p.next();
        voutMax = p.is(']') ? null : withNoGreater(p, false, () => parseConditional(p));
        closeBracket(p, o.span);
      } else {
        // The dissertation writes `vout int c<>` with no bound: the same as `vout [] int c<>`.
        voutMax = null;
      }
    }
  }
  // `out iter float o<>`: a parameter has one role; the second word is the mistake.
  while (qualTok && p.tok.kind === 'keyword' && PARAM_QUALIFIERS.has(p.tok.text)) {
    const second = p.next();
    const roles = [qualifier, second.text];
    const why = roles.includes('iter') && (roles.includes('out') || roles.includes('vout') || roles.includes('reduce'))
      ? `${roles.includes('reduce') ? 'a reduce' : 'an output'} argument cannot be an iterator (an iterator is an input whose values come from iter(lo, hi))`
      : 'a parameter has one role: out, vout, iter or reduce';
    p.error('BRK1240', second.span, { first: qualifier ?? '', second: second.text, why });
  }
  if (p.tok.kind === 'ident' && !p.isTypeName() && (p.peek().kind === 'ident' || p.is('*', p.peek()))) {
    p.error('BRK1217', p.tok.span, { name: p.tok.text });
    p.declareName(p.tok.text, true);
  }
  if (!p.isDeclStart() && !p.isTypeName()) {
    p.fail('BRK1224', p.foundSpan(), { found: describe(p.tok) });
  }
  const specs = p.rules.typeSpecifiers(p); // declarations.ts (it imports this module)
  let pointer = parsePointer(p);
  // C++ references in companion .cpp files: `const float3& g` only reads its argument, so it is the
  // same as passing by value; a writable `int& n` has no C equivalent here (BRK1241 below).
  const ampersand = p.is('&') ? p.next() : undefined;
  // `float (*s)<>`: a pointer to a stream, BrookGPU's way for a host function to hand a stream back.
  let parenOpen: Span | undefined;
  if (p.is('(') && p.is('*', p.peek())) {
    parenOpen = p.next().span;
    pointer += parsePointer(p);
  }
  let name = '';
  let nameSpan: Span = { file: p.tok.span.file, start: p.tok.span.start, end: p.tok.span.start };
  if (p.tok.kind === 'ident') {
    const t = p.next();
    name = t.text;
    nameSpan = t.span;
    p.declareName(name, false);
  } else if (p.tok.kind === 'keyword' && !p.isTypeName()) {
    p.fail('BRK1227', p.tok.span, { kw: p.tok.text });
  }
  // A writable reference is a pointer that the body dereferences and callers pass `&arg` to
  // (parse/cxx-references.ts); a kernel has no pointers, so there it stays an error.
  const writableReference = ampersand !== undefined && (!specs.typeSpec.isConst || pointer > 0);
  if (writableReference && brook !== null) {
    const type = (specs.typeSpec.name + ' ' + '*'.repeat(pointer)).trim();
    p.error('BRK1241', ampersand.span, { decl: name ? `${type}& ${name}` : `${type}&`, type, name: name || 'x' });
  }
  if (writableReference && brook === null) pointer++;
  if (parenOpen) {
    closeParen(p, parenOpen, 'parameter');
    if (p.is('(')) p.fail('BRK1239', p.spanFrom(start), { name: name || 'f' });
    if (!p.is('<')) p.fail('BRK1202', p.foundSpan(), { expected: `'<>' after '(*${name})' (a pointer to a stream)`, found: describe(p.tok) });
  }
  let isStream = false;
  if (p.is('<')) {
    const lt = p.next();
    isStream = true;
    if (!p.is('>')) {
      withNoGreater(p, true, () => { do parseConditional(p); while (p.accept(',')); });
      // brcc let a host function write the extents of the streams it expects (`float s<4,3>`); they
      // document the caller's streams and are not checked. A kernel's stream takes its caller's shape.
      if (brook !== null) p.error('BRK1213', p.spanFrom(lt.span), { name: name || 'x' });
    }
    if (!p.acceptCloseAngle()) p.fail('BRK1202', p.foundSpan(), { expected: "'>' to close the stream parameter", found: describe(p.tok) });
    if (brook === null && qualifier !== null && qualifier !== 'in') p.error('BRK1214', p.spanFrom(start), { qual: qualifier });
  }
  const arrayDims: (Expr | null)[] = [];
  while (p.is('[')) {
    const o = p.next();
    arrayDims.push(p.is(']') ? null : withNoGreater(p, false, () => parseConditional(p)));
    closeBracket(p, o.span);
  }
  // C++ default arguments (`float scale = 1.0f`): host functions only.
  const defaultValue = brook === null && !isStream && p.accept('=') ? parseConditional(p) : undefined;
  if (qualTok && !isStream && (qualifier === 'out' || qualifier === 'iter' || qualifier === 'vout' || qualifier === 'in')) {
    p.error('BRK1211', p.spanFrom(start), { qual: qualifier, type: specs.typeSpec.name, name: name || 'x' });
    isStream = true; // what the user meant; keeps the checker from a second report
  }
  const param: ParamDecl = {
    kind: 'ParamDecl', span: p.spanFrom(start), name, nameSpan, typeSpec: specs.typeSpec, qualifier,
    isStream, gatherDims: arrayDims.length, arrayDims, pointer,
  };
  if (qualifier === 'vout') param.voutMax = voutMax ?? null;
  if (writableReference && brook === null) param.reference = true;
  if (defaultValue) param.defaultValue = defaultValue;
  return param;
}
