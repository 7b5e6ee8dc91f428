/**
 * Members of a C++ class or struct body beyond data fields (docs/CXX.md):
 *
 *   public: / private: / protected:         accepted and ignored (access is not checked)
 *   float Max() const { ... }                a method (kind 'method'); `static` ones take no `this`
 *   Tuple3f(float a) : x(a), y(0) { ... }    a constructor with its initializer list
 *   ~Tuple3f() { }                           a destructor (only an empty one is accepted, at lowering)
 *   Tuple3f operator+(const Tuple3f& t) const   operators: arithmetic, compound assignment, [], unary -
 *   float Max();                              a prototype, defined outside as `float C::Max() { ... }`
 *   friend C operator*(float f, const C& v)   a free function (kind 'friend')
 *
 * Each becomes a FunctionDecl with `method` set, kept on the StructDef; cxx-class-lower.ts turns them
 * into C functions after the struct. Data fields stay with declarations.ts. Out of the subset, with
 * one located BRK1243 each: virtual and multiple base classes (parseBaseClause). `virtual` (and
 * `= 0`) mark a method for cxx-virtual.ts. Static data members are kept on
 * the StructDef (`statics`) and become globals `C__name`. A friend
 * function defined in the class is a free function; `friend class X;` is skipped.
 */
import type { Block, CallExpr, CxxMethod, Declarator, Expr, FieldDecl, FunctionDecl, TypeSpec, VarDecl } from '../ast.js';
import type { Span } from '../source.js';
import type { Token } from '../lex.js';
import type { Parser } from './parser.js';
import type { Specifiers } from './declarations.js';
import { parseAssignment } from './expressions.js';

const ACCESS = new Set(['public', 'private', 'protected']);
/** Operators a class may define: what follows `operator`. */
export const OPERATORS: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%', '+=', '-=', '*=', '/=', '%=', '==', '!=', '<', '>', '<=', '>=', '=', '[', '(', '!', '<<', '>>']);

/** The declaration rules a member needs (declarations.ts passes them: it imports this module). */
export interface MemberRules {
  typeSpecifiers(p: Parser): Specifiers;
  pointer(p: Parser): number;
  params(p: Parser, brook: null, open: Span): { params: FunctionDecl['params'] };
}

/** Parse one member if it is not a plain data field; false leaves the field to the caller. */
export function parseClassMember(p: Parser, className: string, methods: FunctionDecl[], rules: MemberRules, statics: VarDecl[]): boolean {
  const t = p.tok;
  if (t.kind === 'ident' && ACCESS.has(t.text) && p.is(':', p.peek())) {
    p.next();
    p.next();
    return true;
  }
  let k = 0;
  while (p.peek(k).text === 'inline' || p.peek(k).text === 'explicit' || p.peek(k).text === 'virtual') k++;
  const isVirtual = [...Array(k).keys()].some((i) => p.peek(i).text === 'virtual');
  const count = methods.length;
  const done = parseMemberAfterSpecifiers(p, className, methods, rules, statics, k);
  if (isVirtual) {
    const m = methods.length > count ? methods[methods.length - 1]!.method : undefined;
    if (!m || (m.kind !== 'method' && m.kind !== 'dtor')) p.fail('BRK1243', t.span, { construct: 'virtual', why: 'only member functions and destructors can be virtual' }, { hint: 'remove virtual' });
    else m.virtual = true;
  }
  return done;
}

function parseMemberAfterSpecifiers(p: Parser, className: string, methods: FunctionDecl[], rules: MemberRules, statics: VarDecl[], k: number): boolean {
  if (p.peek(k).kind === 'ident' && p.peek(k).text === 'friend') {
    // `friend class X;` says who may see private members: nothing to do here.
    if (p.peek(k + 1).text === 'struct' || p.peek(k + 1).text === 'class') { while (!p.is(';') && !p.atEof()) p.next(); p.next(); return true; }
    for (let i = 0; i <= k; i++) p.next();
    return parseFunctionMember(p, className, methods, rules, true);
  }
  const first = p.peek(k);
  if (p.is('~', first)) {
    for (let i = 0; i <= k; i++) p.next();
    const name = p.next();
    methods.push(parseMethodRest(p, rules, voidSpec(name), 0, false, `~${className}`, name, { className, kind: 'dtor' }));
    return true;
  }
  if (first.kind === 'ident' && first.text === className && p.is('(', p.peek(k + 1))) {
    for (let i = 0; i < k; i++) p.next();
    const name = p.next();
    methods.push(parseMethodRest(p, rules, voidSpec(name), 0, false, className, name, { className, kind: 'ctor' }));
    return true;
  }
  if (p.is('static') && !isFunctionMember(p)) {
    statics.push(parseStaticMember(p, rules));
    return true;
  }
  while (p.tok.text === 'virtual' || (k > 0 && p.tok.text === 'inline')) p.next();
  return parseFunctionMember(p, className, methods, rules, false);
}

/** `static float scale;`, `static const int N = 4;`: a global of the class (cxx-class-lower.ts). */
function parseStaticMember(p: Parser, rules: MemberRules): VarDecl {
  const specs = rules.typeSpecifiers(p);
  const declarators: Declarator[] = [];
  do {
    const start = p.tok.span;
    const pointer = rules.pointer(p);
    const name = expectIdent(p, 'a member name');
    const arrayDims: Expr[] = [];
    while (p.accept('[')) {
      arrayDims.push(parseAssignment(p));
      p.expect(']');
    }
    const init = p.accept('=') ? parseAssignment(p) : null;
    declarators.push({ kind: 'Declarator', span: p.spanFrom(start), name: name.text, nameSpan: name.span, pointer, arrayDims, streamDims: null, init });
  } while (p.accept(','));
  p.expectSemicolon('the static member declaration');
  // Without an initializer it only declares the member; its definition is `T C::name;` outside.
  const isExtern = declarators.every((d) => d.init === null);
  return { kind: 'VarDecl', span: p.spanFrom(specs.start), typeSpec: specs.typeSpec, isIter: false, isStatic: false, isExtern, declarators };
}

/** A member function, or a friend function defined in the class (a free function). */
function parseFunctionMember(p: Parser, className: string, methods: FunctionDecl[], rules: MemberRules, friend: boolean): boolean {
  if (!isFunctionMember(p)) return false;
  const specs = rules.typeSpecifiers(p);
  let pointer = rules.pointer(p);
  const reference = p.accept('&') !== undefined;
  if (reference) pointer++;
  // `operator+` is one identifier by now (cxx-namespaces.ts merges the tokens).
  const nameTok = expectIdent(p, 'a member name');
  const name = nameTok.text;
  const fn = parseMethodRest(p, rules, specs.typeSpec, pointer, reference, name, nameTok, { className, kind: friend ? 'friend' : specs.isStatic ? 'static' : 'method' });
  methods.push(fn);
  return true;
}

/** A `(` before any `;`, `{`, `=` or `[` at the member's top level: a function, not a field. */
function isFunctionMember(p: Parser): boolean {
  for (let k = 0; ; k++) {
    const t = p.peek(k);
    if (t.kind === 'eof') return false;
    if (t.kind !== 'punct') continue;
    if (t.text === '(') return true;
    if (t.text === ';' || t.text === '{' || t.text === '=' || t.text === '[' || t.text === '}') return false;
  }
}

function voidSpec(at: Token): TypeSpec {
  return { kind: 'TypeSpec', span: at.span, name: 'void', isConst: false };
}

/** Parameters, `const`, a constructor's initializer list, then a body or `;`. */
function parseMethodRest(
  p: Parser, rules: MemberRules, returnType: TypeSpec, returnPointer: number, reference: boolean, name: string, nameTok: Token, method: CxxMethod,
): FunctionDecl {
  const start = returnType.span.start < nameTok.span.start ? returnType.span : nameTok.span;
  const open = p.expect('(', `'(' after '${name}'`);
  p.pushScope();
  try {
    const { params } = rules.params(p, null, open.span);
    while (p.is('const') || p.is('volatile') || p.tok.text === 'override' || p.tok.text === 'final') if (p.next().text === 'const') method.isConst = true;
    if (method.kind === 'ctor' && p.accept(':')) method.inits = parseInitializers(p);
    if ((method.kind === 'method' || method.kind === 'dtor') && p.is('=') && p.peek().kind === 'number' && p.peek().text === '0') {
      p.next();
      p.next();
      method.pure = true; // `= 0`: a pure virtual function (checked in cxx-virtual.ts)
    }
    let body: Block | null = null;
    if (p.is('{')) {
      const saved = p.inFunction;
      p.inFunction = 'host';
      try {
        body = p.rules.block(p, { newScope: false });
      } finally {
        p.inFunction = saved;
      }
    } else {
      p.expectSemicolon('the member function declaration');
    }
    const fn: FunctionDecl = {
      kind: 'FunctionDecl', span: p.spanFrom(start), nameSpan: nameTok.span, name, brook: null,
      returnType, returnPointer, params, body, isStatic: false, method,
    };
    if (reference) fn.returnsReference = true;
    return fn;
  } finally {
    p.popScope();
  }
}

/** `x(_x), y(_y), z(0)` up to the body's `{`. */
function parseInitializers(p: Parser): NonNullable<CxxMethod['inits']> {
  const inits: NonNullable<CxxMethod['inits']> = [];
  do {
    const member = expectIdent(p, 'a member name in the initializer list');
    p.expect('(');
    const args: Expr[] = [];
    if (!p.is(')')) do args.push(parseAssignment(p)); while (p.accept(','));
    p.expect(')');
    inits.push({ name: member.text, span: member.span, args });
  } while (p.accept(','));
  return inits;
}

/** `T t(1, 2)` rather than a prototype: T is a class (a struct or typedef name, not a basic type)
 *  and what follows the `(` is an expression, not a type, a Brook qualifier or `)`. */
export function constructsObject(p: Parser, type: TypeSpec): boolean {
  const after = p.peek();
  if (!p.isTypedefName(type.name.replace(/^struct /, ''))) return false;
  return !p.is(')', after) && !p.isTypeName(1) && !p.isDeclStart(1) && after.kind !== 'keyword';
}

const SCALAR_TYPES: ReadonlySet<string> = new Set(['char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned int', 'long', 'unsigned long', 'float', 'double', 'bool']);

/**
 * C++'s direct initialization of a built-in type, `float4 zero4(0, 0, 0, 0);` or `int n(5);`: the
 * name is followed by `(` and expressions (not parameter declarations), and the `)` by `;` or `,`
 * (so a prototype or a K&R definition is never taken for it).
 */
export function initializesBuiltin(p: Parser, type: TypeSpec): boolean {
  if (!p.isBuiltinTypeIdent(type.name) && !SCALAR_TYPES.has(type.name)) return false;
  const after = p.peek();
  if (p.is(')', after) || p.isTypeName(1) || p.isDeclStart(1) || (after.kind === 'keyword' && !p.is('sizeof', after))) return false;
  let depth = 0;
  for (let k = 0; ; k++) {
    const t = p.peek(k);
    if (t.kind === 'eof') return false;
    if (p.is('(', t)) depth++;
    else if (p.is(')', t) && --depth === 0) return p.is(';', p.peek(k + 1)) || p.is(',', p.peek(k + 1));
  }
}

/** `float4 v(a, b, c, d)` is `float4 v = float4(a, b, c, d)`; `int n(x)` is `int n = x`. */
export function parseBuiltinInitDeclarator(p: Parser, start: Span, nameTok: Token, typeSpec: TypeSpec): Declarator {
  const open = p.next();
  const args: Expr[] = [];
  do args.push(parseAssignment(p)); while (p.accept(','));
  p.expect(')');
  let init: Expr;
  if (p.isBuiltinTypeIdent(typeSpec.name)) init = { kind: 'ConstructExpr', span: p.spanFrom(open.span), typeName: typeSpec.name, args };
  else {
    if (args.length !== 1) p.fail('BRK1243', args[1]!.span, { construct: `${typeSpec.name} ${nameTok.text}(${args.length} values)`, why: 'a scalar is initialized from one value' });
    init = args[0]!;
  }
  return { kind: 'Declarator', span: p.spanFrom(start), name: nameTok.text, nameSpan: nameTok.span, pointer: 0, arrayDims: [], streamDims: null, init };
}

/** `T t(args)`: the object is initialized by a call of T's constructor (cxx-class-lower.ts). */
export function parseConstructorDeclarator(p: Parser, start: Span, nameTok: Token, typeSpec: TypeSpec): Declarator {
  const open = p.next();
  const args: Expr[] = [];
  if (!p.is(')')) do args.push(parseAssignment(p)); while (p.accept(','));
  p.expect(')');
  const init: CallExpr = { kind: 'CallExpr', span: p.spanFrom(open.span), callee: { kind: 'Ident', span: typeSpec.span, name: typeSpec.name }, args };
  return { kind: 'Declarator', span: p.spanFrom(start), name: nameTok.text, nameSpan: nameTok.span, pointer: 0, arrayDims: [], streamDims: null, init };
}

function expectIdent(p: Parser, what: string): Token {
  if (p.tok.kind === 'ident') return p.next();
  return p.expect('\0', what); // reports "expected <what>, found ..." and aborts
}

/** After an out-of-class member's parameters (`C::f(...)`): `const`, and a constructor's initializers. */
export function parseMemberSuffix(p: Parser, qualified: string): CxxMethod {
  const [className, member] = qualified.split('::') as [string, string];
  let isConst = false;
  while (p.is('const') || p.is('volatile')) if (p.next().text === 'const') isConst = true;
  const method: CxxMethod = { className, kind: member === className ? 'ctor' : member === `~${className}` ? 'dtor' : 'method' };
  if (isConst) method.isConst = true;
  if (method.kind === 'ctor' && p.accept(':')) method.inits = parseInitializers(p);
  return method;
}

/** `C::C` or `C::~C`: a constructor or destructor defined outside its class. */
export function isQualifiedStructor(name: string): boolean {
  const [cls, member] = name.split('::');
  return member !== undefined && (member === cls || member === `~${cls}`);
}

/**
 * `: public B` after a class name: one non-virtual base, held as the first field `__base` of type B
 * (cxx-class-lower.ts lets the class's members reach B's; check/access.ts and check/cxx-members.ts
 * look into `__base` for what the class itself lacks).
 */
export function parseBaseClause(p: Parser): { name: string; field: FieldDecl } {
  const colon = p.next();
  const words: Token[] = [];
  while (p.tok.kind === 'ident' && (ACCESS.has(p.tok.text) || p.tok.text === 'virtual')) words.push(p.next());
  const virtualWord = words.find((w) => w.text === 'virtual');
  if (virtualWord) p.fail('BRK1243', virtualWord.span, { construct: 'virtual base class', why: 'virtual inheritance is C++ outside the subset (docs/CXX.md)' }, { hint: 'derive without virtual' });
  const name = expectIdent(p, 'the base class name');
  if (!p.isTypedefName(name.text)) p.fail('BRK1217', name.span, { name: name.text });
  if (p.is(',')) p.fail('BRK1243', p.tok.span, { construct: 'multiple base classes', why: 'multiple inheritance is C++ outside the subset (docs/CXX.md)' }, { hint: 'derive from one class and make the others members' });
  const typeSpec: TypeSpec = { kind: 'TypeSpec', span: name.span, name: name.text, isConst: false };
  return { name: name.text, field: { kind: 'FieldDecl', span: p.spanFrom(colon.span), typeSpec, name: '__base', pointer: 0, arrayDims: [] } };
}
