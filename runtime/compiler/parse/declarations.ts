/**
 * Declarations: type specifiers, declarators, struct and enum definitions, typedefs, function
 * definitions and prototypes (C, `kernel` and `reduce`); their parameters are parsed by params.ts.
 *
 * Decisions:
 * - TypeSpec.name is normalised: `unsigned` -> 'unsigned int', `long int` / `long long` -> 'long',
 *   `signed char` -> 'char', `short int` -> 'short', `struct P` -> 'struct P'; an anonymous inline
 *   struct is named 'struct' (its `struct` field holds the definition).
 * - Enums are desugared (no enum node in the tree): each enumerator becomes a VarDecl of a const int
 *   whose initializer is its value as a NumberLit (values are folded here: C requires them constant);
 *   `enum Tag` in a type is 'int', and a tag gets a TypedefDecl of int under its own name.
 * - A stream declarator `s<10, n>` keeps its extents as host expressions; a C array `a[4][4]` its
 *   dimensions. Both may appear in one declaration (`float a<10>, b[5], c;`).
 * - Function prototypes inside a function body are accepted and dropped (the tree has no place for
 *   them and C needs them only for type checking, which the top-level definitions provide).
 */
import type {
  Block, Declarator, Expr, FieldDecl, FunctionDecl, StructDecl, StructDef, TopLevel, TypedefDecl,
  TypeSpec, VarDecl, NumberLit,
} from '../ast.js';
import type { Span } from '../source.js';
import { describe, ParseAbort, type Parser } from './parser.js';
import { closeBracket, parseConditional, parseInitializer, withNoGreater } from './expressions.js';
import { foldIntegerConstant } from './fold.js';
import { emptyStreamHandle, isStreamConstructor, ITER_TYPE, parseStreamConstructor, STREAM_TYPE } from './brook-stream.js';
import { parseParams, parsePointer } from './params.js';
import { parseBaseClause } from './cxx-class.js';
import { constructsObject, initializesBuiltin, isQualifiedStructor, parseBuiltinInitDeclarator, parseClassMember, parseConstructorDeclarator, parseMemberSuffix, type MemberRules } from './cxx-class.js';

export interface Specifiers {
  typeSpec: TypeSpec;
  isStatic: boolean;
  isExtern: boolean;
  isTypedef: boolean;
  isIter: boolean;
  /** C++ `inline` (a function defined alike in several files is one: static-linkage.ts). */
  isInline?: boolean;
  /** Declarations produced by an enum definition inside the specifiers, and the types nested in a
   *  class body (C++, docs/CXX.md: declared at file level before the class). */
  extra: (VarDecl | TypedefDecl | StructDecl)[];
  start: Span;
}

/** Keyword combinations of C's basic types, normalised to one name. */
function basicTypeName(words: string[]): string | undefined {
  const count = (w: string) => words.filter((x) => x === w).length;
  const unsigned = count('unsigned') > 0;
  if (count('void')) return 'void';
  if (count('float')) return 'float';
  if (count('double')) return 'double';
  if (count('char')) return unsigned ? 'unsigned char' : 'char';
  if (count('short')) return unsigned ? 'unsigned short' : 'short';
  if (count('long')) return unsigned ? 'unsigned long' : 'long';
  if (unsigned) return 'unsigned int';
  if (count('int') || count('signed')) return 'int';
  return undefined;
}

const STORAGE_WORDS: ReadonlySet<string> = new Set(['static', 'extern', 'typedef', 'iter', 'register', 'auto', 'inline']);
const BASIC_WORDS: ReadonlySet<string> = new Set(['void', 'char', 'short', 'int', 'long', 'float', 'double', 'signed', 'unsigned']);

/**
 * Declaration specifiers: storage classes, qualifiers, `iter`, and one type. Reports BRK1215 and
 * aborts when no type is found. Storage classes in a cast or a parameter (`static float a`) are
 * accepted and ignored.
 */
export function parseTypeSpecifiers(p: Parser): Specifiers {
  const start = p.tok.span;
  const words: string[] = [];
  let named: string | undefined;
  let struct: StructDef | undefined;
  let isConst = false;
  let isStatic = false;
  let isExtern = false;
  let isTypedef = false;
  let isIter = false;
  let isInline = false;
  const extra: (VarDecl | TypedefDecl | StructDecl)[] = [];
  // The TypeSpec's span starts at the type (or a `const` before it), not at `static` or `typedef`.
  let typeStart: Span | undefined;
  for (;;) {
    const t = p.tok;
    if (t.kind === 'keyword' && !STORAGE_WORDS.has(t.text)) typeStart ??= t.span;
    if (t.kind === 'ident' && named === undefined && words.length === 0) typeStart ??= t.span;
    if (t.kind === 'keyword') {
      if (t.text === 'const') { isConst = true; p.next(); continue; }
      if (t.text === 'inline') { isInline = true; p.next(); continue; }
      if (t.text === 'volatile' || t.text === 'register' || t.text === 'auto') { p.next(); continue; }
      if (t.text === 'static') { isStatic = true; p.next(); continue; }
      if (t.text === 'extern') { isExtern = true; p.next(); continue; }
      if (t.text === 'typedef') { isTypedef = true; p.next(); continue; }
      if (t.text === 'iter' && !p.is('(', p.peek())) { isIter = true; p.next(); continue; }
      // A repeated word (`int int x`) ends the type: the second one is reported as a misused keyword.
      if (BASIC_WORDS.has(t.text) && named === undefined && (t.text === 'long' || !words.includes(t.text))) {
        words.push(t.text);
        p.next();
        continue;
      }
      if ((t.text === 'struct' || t.text === 'union') && named === undefined && words.length === 0) {
        const r = parseStructSpecifier(p, extra);
        named = r.name;
        struct = r.def;
        continue;
      }
      if (t.text === 'enum' && named === undefined && words.length === 0) {
        named = 'int';
        parseEnumSpecifier(p, extra);
        continue;
      }
      break;
    }
    if (t.kind === 'ident' && named === undefined && words.length === 0 && p.isTypeName()) {
      named = t.text;
      p.next();
      continue;
    }
    break;
  }
  let name = named ?? basicTypeName(words);
  if (name === undefined) {
    if ((isConst || isStatic || isExtern) && !isTypedef && p.tok.kind === 'ident') {
      // `const x = 3;` is implicit int in old C.
      name = 'int';
    } else {
      p.fail('BRK1215', p.foundSpan(), {}, { hint: `found ${describe(p.tok)}; a declaration starts with a type such as float, float4, int or a typedef name` });
    }
  }
  const typeSpec: TypeSpec = { kind: 'TypeSpec', span: p.spanFrom(typeStart ?? start), name, isConst };
  if (struct) typeSpec.struct = struct;
  return { typeSpec, isStatic, isExtern, isTypedef, isIter, extra, start, ...(isInline ? { isInline } : {}) };
}

/** `struct Tag`, `struct Tag { ... }` or `struct { ... }`. */
function parseStructSpecifier(p: Parser, extra: Specifiers['extra']): { name: string; def?: StructDef } {
  const kw = p.next();
  if (kw.text === 'union') p.error('BRK1228', kw.span);
  let tag: string | undefined;
  if (p.tok.kind === 'ident') tag = p.next().text;
  if (tag !== undefined && p.is(':')) p.declareTagName(tag); // a refused base clause still names a class
  const base = tag !== undefined && p.is(':') ? parseBaseClause(p) : undefined;
  if (!p.is('{')) {
    if (tag === undefined) p.fail('BRK1225', p.foundSpan(), { kind: 'struct', what: `'${kw.text}'` });
    if (p.is(';')) p.declareTagName(tag); // C++ `class C;`: C names a type from here on
    return { name: `struct ${tag}` };
  }
  const open = p.next();
  const fields: FieldDecl[] = [];
  const methods: FunctionDecl[] = [];
  const statics: VarDecl[] = [];
  // C++ (and BrookGPU's .br, compiled as C++): a struct's tag is also a type name (`Pair p;`), in its
  // own body too; an ordinary name of that spelling keeps it from being one (check/resolve.ts).
  if (tag !== undefined) p.declareTagName(tag);
  while (!p.is('}') && !p.atEof()) {
    const before = p.pos;
    if (tag !== undefined && p.accept(';')) continue; // C++: an empty member declaration (a macro that expands to nothing)
    try {
      if (tag !== undefined && nestedType(p)) extra.push(...(parseDeclaration(p, true) as Specifiers['extra']));
      else if (tag === undefined || !parseClassMember(p, tag, methods, MEMBER_RULES, statics)) parseFieldDeclaration(p, fields);
    } catch (e) {
      if (!(e instanceof ParseAbort)) throw e;
      skipTo(p, [';'], ['}']);
      p.accept(';');
    }
    if (p.pos === before) p.next();
  }
  if (!p.accept('}')) p.fail('BRK1204', open.span);
  if (base) fields.unshift(base.field);
  const def: StructDef = { kind: 'StructDef', span: p.spanFrom(kw.span), tag, fields };
  if (base) def.base = base.name;
  if (methods.length > 0) def.methods = methods;
  if (statics.length > 0) def.statics = statics;
  return { name: tag === undefined ? 'struct' : `struct ${tag}`, def };
}

/**
 * C++: a `typedef`, or a `struct`/`class`/`enum` definition with no field after it (`struct Edge {...};`),
 * in a class body declares a type nested in the class; it is declared at file level before the
 * class, under its own name.
 */
function nestedType(p: Parser): boolean {
  if (p.is('typedef')) return true;
  if (!(p.is('struct') || p.is('class') || p.is('enum'))) return false;
  let k = 1;
  if (p.peek(k).kind === 'ident') k++;
  if (!p.is('{', p.peek(k))) return false;
  for (let depth = 0; ; k++) {
    const t = p.peek(k);
    if (t.kind === 'eof') return false;
    if (p.is('{', t)) depth++;
    else if (p.is('}', t) && --depth === 0) return p.is(';', p.peek(k + 1));
  }
}

function parseFieldDeclaration(p: Parser, out: FieldDecl[]): void {
  const specs = parseTypeSpecifiers(p);
  let first = true;
  do {
    // The first field's span starts at the type; later ones (`float x, y;`) at their declarator.
    const start = first ? specs.start : p.tok.span;
    first = false;
    const pointer = parsePointer(p);
    const nameTok = expectName(p, 'field');
    const arrayDims: Expr[] = [];
    while (p.is('[')) {
      const open = p.next();
      if (p.is(']')) p.fail('BRK1207', p.tok.span, { found: "']' (a struct field needs an array size)" });
      arrayDims.push(withNoGreater(p, false, () => parseConditional(p)));
      closeBracket(p, open.span);
    }
    if (p.is('<')) {
      p.fail('BRK1202', p.tok.span, { expected: "';' (a struct field cannot be a stream)", found: "'<'" });
    }
    out.push({ kind: 'FieldDecl', span: p.spanFrom(start), typeSpec: specs.typeSpec, name: nameTok.text, pointer, arrayDims });
  } while (p.accept(','));
  p.expectSemicolon('the field declaration');
}

/** `enum Tag { A, B = 3, C }`: enumerators go to `extra` as const int VarDecls. */
function parseEnumSpecifier(p: Parser, extra: Specifiers['extra']): void {
  const kw = p.next();
  let tagTok: ReturnType<Parser['next']> | undefined;
  if (p.tok.kind === 'ident') tagTok = p.next();
  if (p.is('{')) {
    const open = p.next();
    let nextValue = 0;
    while (!p.is('}') && !p.atEof()) {
      const nameTok = expectName(p, 'enumerator');
      let value = nextValue;
      let valueSpan = nameTok.span;
      if (p.accept('=')) {
        const e = withNoGreater(p, false, () => parseConditional(p));
        const v = foldIntegerConstant(e, p.enumValues);
        valueSpan = e.span;
        if (v === undefined) p.error('BRK1202', e.span, { expected: 'an integer constant as the enumerator value', found: 'an expression that is not constant' });
        else value = v;
      }
      p.enumValues.set(nameTok.text, value);
      p.declareName(nameTok.text, false);
      nextValue = value + 1;
      const int: TypeSpec = { kind: 'TypeSpec', span: kw.span, name: 'int', isConst: true };
      const init: NumberLit = { kind: 'NumberLit', span: valueSpan, raw: String(value), value, isFloat: false, suffix: '' };
      const span = p.spanFrom(nameTok.span);
      extra.push({
        kind: 'VarDecl', span, typeSpec: int, isIter: false, isStatic: false, isExtern: false,
        declarators: [{ kind: 'Declarator', span, name: nameTok.text, nameSpan: nameTok.span, pointer: 0, arrayDims: [], streamDims: null, init }],
      });
      if (!p.accept(',')) break;
    }
    if (!p.accept('}')) {
      p.fail('BRK1202', p.foundSpan(), { expected: "',' or '}' in the enum", found: describe(p.tok) }, { related: [{ span: open.span, message: "the enum's '{' is here" }] });
    }
  } else if (!tagTok) {
    p.fail('BRK1225', p.foundSpan(), { kind: 'enum', what: "'enum'" });
  }
  if (tagTok && !p.isTypedefName(tagTok.text)) {
    const span = tagTok.span;
    extra.push({
      kind: 'TypedefDecl', span: p.spanFrom(kw.span), typeSpec: { kind: 'TypeSpec', span: kw.span, name: 'int', isConst: false },
      declarators: [{ kind: 'Declarator', span, name: tagTok.text, nameSpan: span, pointer: 0, arrayDims: [], streamDims: null, init: null }],
    });
    p.declareName(tagTok.text, true);
  }
}

function expectName(p: Parser, kind: string): ReturnType<Parser['next']> {
  const t = p.tok;
  if (t.kind === 'ident') return p.next();
  if (t.kind === 'keyword' && !t.bol) p.fail('BRK1227', t.span, { kw: t.text });
  const hint = p.is('(') && p.is('*', p.peek()) ? 'pointers to functions are not supported; call the function by its name' : `write the ${kind}'s name here`;
  p.fail('BRK1216', p.foundSpan(), { found: describe(t) }, { hint });
}

/** Skip tokens up to (not including) one of `stop` or `stopBefore`, balancing brackets. */
export function skipTo(p: Parser, stop: string[], stopBefore: string[] = []): void {
  let depth = 0;
  while (!p.atEof()) {
    const t = p.tok;
    if (t.kind === 'punct') {
      if (depth === 0 && (stop.includes(t.text) || stopBefore.includes(t.text))) return;
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') {
        if (depth === 0) return;
        depth--;
      }
    }
    p.next();
  }
}

// ---------------------------------------------------------------------------------------------------
// Declarations at the top level and in blocks

export type DeclResult = TopLevel;

/**
 * A declaration starting at the current token (specifiers already known to be there), at the top
 * level (`topLevel`) or inside a block. Returns the declarations made: one VarDecl/TypedefDecl/
 * StructDecl or FunctionDecl, plus enum desugarings.
 */
export function parseDeclaration(p: Parser, topLevel: boolean): DeclResult[] {
  const t = p.tok;
  if (t.kind === 'keyword' && (t.text === 'kernel' || t.text === 'reduce')) {
    const fn = parseBrookFunction(p);
    if (topLevel) return [fn];
    p.error('BRK1218', fn.nameSpan); // parsed to skip it cleanly, then dropped
    return [];
  }
  // C++ `C::C(...) : x(0) {...}` and `C::~C() {...}` outside the class: no return type.
  if (topLevel && t.kind === 'ident' && isQualifiedStructor(t.text) && p.is('(', p.peek())) {
    const typeSpec: TypeSpec = { kind: 'TypeSpec', span: t.span, name: 'void', isConst: false };
    return [parseFunctionRest(p, { typeSpec, isStatic: false, isExtern: false, isTypedef: false, isIter: false, extra: [], start: t.span }, 0, null, p.next())];
  }
  // `main() {...}`: old C's implicit int.
  if (topLevel && t.kind === 'ident' && p.is('(', p.peek()) && !p.isTypeName() && bodyFollowsParams(p, 1)) {
    p.error('BRK1223', t.span, { name: t.text });
    const typeSpec: TypeSpec = { kind: 'TypeSpec', span: t.span, name: 'int', isConst: false };
    return [parseFunctionRest(p, { typeSpec, isStatic: false, isExtern: false, isTypedef: false, isIter: false, extra: [], start: t.span }, 0, null)];
  }
  // `Vec3 v;` with an unknown type name: say so, then parse it as the type it was meant to be.
  if (t.kind === 'ident' && !p.isTypeName() && (p.peek().kind === 'ident' || (p.is('*', p.peek()) && p.peek(2).kind === 'ident' && topLevel))) {
    p.error('BRK1217', t.span, { name: t.text });
    p.declareName(t.text, true);
  }
  const specs = parseTypeSpecifiers(p);
  const results: DeclResult[] = [...specs.extra];
  if (p.is(';')) {
    p.next();
    if (specs.typeSpec.struct && !specs.isTypedef) {
      const decl: StructDecl = { kind: 'StructDecl', span: p.spanFrom(specs.start), def: specs.typeSpec.struct };
      results.push(decl);
    } else if (topLevel && !specs.isTypedef && /^struct \w+$/.test(specs.typeSpec.name)) {
      // `struct S;` / `class C;`: an incomplete type (pointers to it work before or without a definition).
      const span = p.spanFrom(specs.start);
      results.push({ kind: 'StructDecl', span, def: { kind: 'StructDef', span, tag: specs.typeSpec.name.slice(7), fields: [], forward: true } });
    }
    return results;
  }
  // `void kernel foo(...)`: the dissertation puts the keyword after the return type.
  if (p.is('kernel') || p.is('reduce')) {
    const brook = p.next().text as 'kernel' | 'reduce';
    const fn = parseFunctionRest(p, specs, parsePointer(p), brook);
    if (topLevel) return [...results, fn];
    p.error('BRK1218', fn.nameSpan);
    return results;
  }
  const declarators: Declarator[] = [];
  for (;;) {
    const dStart = p.tok.span;
    let pointer = parsePointer(p);
    // C++ `int& r = x;` and `int& f()`: a reference is a pointer that every use dereferences
    // (parse/cxx-references.ts); the `&` counts as one more level of pointer here.
    const reference = !specs.isTypedef && p.is('&') && p.peek().kind === 'ident' ? (p.next(), true) : false;
    if (reference) pointer++;
    const nameTok = expectName(p, specs.isTypedef ? 'type' : 'variable');
    if (pointer === 0 && !specs.isTypedef && isStreamConstructor(p, specs.typeSpec.name)) {
      // `brook::stream s(brook::getStreamType((T*)0), d0, ..., -1)`: the declaration `T s<d0, ...>`.
      const ctor = parseStreamConstructor(p, nameTok.text, dStart, specs.typeSpec.name);
      p.declareName(nameTok.text, false);
      if (ctor) {
        const d: Declarator = { kind: 'Declarator', span: p.spanFrom(dStart), name: nameTok.text, nameSpan: nameTok.span, pointer: 0, arrayDims: [], streamDims: ctor.dims, init: ctor.iterInit ?? null };
        results.push({ kind: 'VarDecl', span: p.spanFrom(specs.start), typeSpec: ctor.typeSpec, isIter: !!ctor.iterInit, isStatic: specs.isStatic, isExtern: false, declarators: [d] });
      }
      if (!p.accept(',')) break;
      continue;
    }
    if (p.is('(') && !specs.isTypedef && constructsObject(p, specs.typeSpec)) {
      declarators.push(parseConstructorDeclarator(p, dStart, nameTok, specs.typeSpec));
      p.declareName(nameTok.text, false);
      if (!p.accept(',')) break;
      continue;
    }
    if (p.is('(') && !specs.isTypedef && pointer === 0 && !reference && initializesBuiltin(p, specs.typeSpec)) {
      declarators.push(parseBuiltinInitDeclarator(p, dStart, nameTok, specs.typeSpec));
      p.declareName(nameTok.text, false);
      if (!p.accept(',')) break;
      continue;
    }
    if (p.is('(') && declarators.length === 0 && !specs.isTypedef) {
      const fn = parseFunctionRest(p, specs, pointer, null, nameTok);
      if (reference) fn.returnsReference = true;
      if (!topLevel) {
        if (fn.body) p.error('BRK1218', fn.nameSpan);
        return results; // a prototype in a block: nothing to keep (see the module comment)
      }
      results.push(fn);
      return results;
    }
    const d = parseDeclaratorRest(p, dStart, nameTok, pointer, specs.isTypedef, specs.typeSpec.name);
    if (specs.typeSpec.name === STREAM_TYPE && pointer === 0 && d.arrayDims.length === 0 && !specs.isTypedef && !d.init && !d.streamDims) {
      emptyStreamHandle(d, specs.isExtern);
    } else if ((specs.typeSpec.name === STREAM_TYPE || specs.typeSpec.name === ITER_TYPE) && pointer === 0 && d.arrayDims.length === 0 && !specs.isTypedef) {
      p.error('BRK1259', d.span, { name: d.name, type: specs.typeSpec.name, why: 'a stream variable needs its element type and extents' });
    }
    if (reference) d.reference = true;
    p.declareName(d.name, specs.isTypedef);
    declarators.push(d);
    if (!p.accept(',')) break;
  }
  p.expectSemicolon(specs.isTypedef ? 'the typedef' : 'the declaration');
  const span = p.spanFrom(specs.start);
  if (declarators.length === 0) return results; // only brook::stream constructors (above)
  if (specs.isTypedef) {
    const decl: TypedefDecl = { kind: 'TypedefDecl', span, typeSpec: specs.typeSpec, declarators };
    results.push(decl);
  } else {
    const decl: VarDecl = {
      kind: 'VarDecl', span, typeSpec: specs.typeSpec, isIter: specs.isIter, isStatic: specs.isStatic, isExtern: specs.isExtern, declarators,
    };
    results.push(decl);
  }
  return results;
}

/** True when the `(` at `offset` has a matching `)` followed by `{` (a function definition). */
export function bodyFollowsParams(p: Parser, offset: number): boolean {
  let depth = 0;
  for (let k = offset; ; k++) {
    const t = p.peek(k);
    if (t.kind === 'eof') return false;
    if (t.kind !== 'punct') continue;
    if (t.text === '(') depth++;
    else if (t.text === ')') {
      depth--;
      if (depth === 0) return p.is('{', p.peek(k + 1));
    } else if (t.text === ';' || t.text === '{' || t.text === '}') return false;
  }
}

/** After the declarator's name: array dims, stream extents, initializer. */
function parseDeclaratorRest(
  p: Parser, start: Span, nameTok: ReturnType<Parser['next']>, pointer: number, isTypedef: boolean, typeName: string,
): Declarator {
  const arrayDims: (Expr | null)[] = [];
  let streamDims: Expr[] | null = null;
  const readArrayDims = () => {
    while (p.is('[')) {
      const open = p.next();
      if (p.is(']')) { p.next(); arrayDims.push(null); continue; }
      arrayDims.push(withNoGreater(p, false, () => parseConditional(p)));
      closeBracket(p, open.span);
    }
  };
  readArrayDims();
  if (p.is('<')) {
    const open = p.next();
    streamDims = [];
    withNoGreater(p, true, () => {
      if (!p.is('>')) {
        do streamDims!.push(parseConditional(p));
        while (p.accept(','));
      }
    });
    if (!p.acceptCloseAngle()) {
      p.fail('BRK1202', p.foundSpan(), { expected: "',' or '>' after the stream extent", found: describe(p.tok) }, {
        related: [{ span: open.span, message: "the stream's '<' is here" }],
      });
    }
    if (streamDims.length === 0) p.error('BRK1229', p.spanFrom(open.span), { name: nameTok.text });
    if (streamDims.length > 4) p.error('BRK1230', p.spanFrom(open.span));
    if (p.is('<') || p.is('[')) {
      const extraStart = p.tok.span;
      const more: Expr[] = [];
      // `s<10><5>` or `s<10>[5]`: one stream, extents in one <>.
      while (p.is('<') || p.is('[')) {
        const close = p.next().text === '<' ? '>' : ']';
        withNoGreater(p, true, () => {
          if (!p.is(close)) do more.push(parseConditional(p)); while (p.accept(','));
        });
        if (!(close === '>' ? p.acceptCloseAngle() : p.accept(close))) break;
      }
      const dims = [...streamDims, ...more].map((e) => exprText(e)).join(', ');
      p.error('BRK1210', p.spanFrom(extraStart), { type: typeName, name: nameTok.text, dims });
      streamDims.push(...more);
    }
  }
  let init: Expr | null = null;
  if (p.accept('=')) {
    if (isTypedef) p.error('BRK1202', p.prev.span, { expected: "';' (a typedef has no initializer)", found: "'='" });
    init = parseInitializer(p);
  }
  return { kind: 'Declarator', span: p.spanFrom(start), name: nameTok.text, nameSpan: nameTok.span, pointer, arrayDims, streamDims, init };
}

/** Short source-like text of a simple extent, for hints. */
function exprText(e: Expr): string {
  if (e.kind === 'NumberLit') return e.raw;
  if (e.kind === 'Ident') return e.name;
  return '...';
}

/** `kernel T name(params) body` or `reduce T name(params) body`. */
function parseBrookFunction(p: Parser): FunctionDecl {
  const kw = p.next();
  const brook = kw.text as 'kernel' | 'reduce';
  let specs: Specifiers;
  if (p.tok.kind === 'ident' && !p.isTypeName() && p.is('(', p.peek())) {
    // `kernel saxpy(...)`: the return type is missing.
    p.error('BRK1209', p.tok.span, { kw: brook, name: p.tok.text });
    specs = { typeSpec: { kind: 'TypeSpec', span: kw.span, name: 'void', isConst: false }, isStatic: false, isExtern: false, isTypedef: false, isIter: false, extra: [], start: kw.span };
  } else {
    specs = parseTypeSpecifiers(p);
  }
  specs.start = kw.span;
  const pointer = parsePointer(p);
  return parseFunctionRest(p, specs, pointer, brook);
}

/**
 * The rest of a function after its return type and pointer stars: name, parameters, then a body or
 * ';'. `nameTok` is given when the caller already consumed the name.
 */
function parseFunctionRest(
  p: Parser, specs: Specifiers, returnPointer: number, brook: 'kernel' | 'reduce' | null, nameTok?: ReturnType<Parser['next']>,
): FunctionDecl {
  const name = nameTok ?? expectName(p, 'function');
  p.declareName(name.text, false);
  const open = p.expect('(', `'(' after the function name '${name.text}'`);
  p.pushScope();
  try {
    const emptyParens = p.is(')');
    const { params, variadic } = parseParams(p, brook, open.span);
    const method = name.text.includes('::') ? parseMemberSuffix(p, name.text) : undefined; // `C::f() const`
    let body: Block | null = null;
    if (p.is('{')) {
      const saved = p.inFunction;
      p.inFunction = brook ?? 'host';
      try {
        body = p.rules.block(p, { newScope: false });
      } finally {
        p.inFunction = saved;
      }
    } else {
      p.expectSemicolon('the function declaration');
    }
    const fn: FunctionDecl = {
      kind: 'FunctionDecl', span: p.spanFrom(specs.start), nameSpan: name.span, name: name.text, brook,
      returnType: specs.typeSpec, returnPointer, params, body, isStatic: specs.isStatic,
    };
    if (variadic) fn.variadic = true;
    if (method) fn.method = method;
    if (emptyParens && !body && brook === null) fn.unspecifiedParams = true;
    if (specs.isExtern) fn.isExtern = true;
    if (specs.isInline) fn.isInline = true;
    return fn;
  } finally {
    p.popScope();
  }
}

/** What cxx-class.ts parses members with (it cannot import this module back). */
const MEMBER_RULES: MemberRules = { typeSpecifiers: parseTypeSpecifiers, pointer: parsePointer, params: parseParams };
