/**
 * The Brook/C syntax tree: what the parser produces and the checker annotates.
 *
 * Contract:
 * - Every node has a `span` pointing at the user's text (macro-expanded tokens carry the span of the
 *   macro use). Nodes are plain objects discriminated by `kind`.
 * - The parser fills only syntactic fields. The checker fills the fields marked "checker:" (resolved
 *   types and symbols); code generators read them and never re-derive them.
 * - The same tree describes host C code and kernel bodies; `FunctionDecl.brook` tells which is which.
 */
import type { Span } from './source.js';
import type { Type } from './types.js';

// ---------------------------------------------------------------------------------------------------
// Type syntax

/** A type as written: `float4`, `unsigned int`, `struct Ray`, `Ray`, `const float *`. */
export interface TypeSpec {
  kind: 'TypeSpec';
  span: Span;
  /** Base name as written after normalisation: 'float', 'float4', 'int', 'unsigned int', 'char',
   *  'double', 'void', 'bool', 'long', 'short', 'unsigned char', a typedef name, or 'struct NAME'. */
  name: string;
  /** An inline struct definition (`typedef struct { ... } Ray;` or `struct P { ... } p;`). */
  struct?: StructDef;
  isConst: boolean;
  /** checker: the resolved base type. */
  type?: Type;
}

export interface StructDef {
  kind: 'StructDef';
  span: Span;
  /** Tag name (`struct Ray {...}`), or undefined for anonymous structs. */
  tag?: string;
  fields: FieldDecl[];
  /** C++ member functions, constructors and operators (parse/cxx-class.ts); parse/cxx-class-lower.ts
   *  turns them into functions taking `this` after the struct. */
  methods?: FunctionDecl[];
  /** C++ static data members (`static int count;`): globals `C__count` after the struct. */
  statics?: VarDecl[];
  /** C++ `class D : public B`: the base class, held as the first field `__base` (docs/CXX.md). */
  base?: string;
  /** `struct S;` / `class C;` (no body): declares an incomplete type, usable through pointers until a
   *  definition completes it (check/resolve.ts). No fields, methods or base. */
  forward?: boolean;
}

export interface FieldDecl {
  kind: 'FieldDecl';
  span: Span;
  typeSpec: TypeSpec;
  name: string;
  pointer: number;
  arrayDims: Expr[];
}

// ---------------------------------------------------------------------------------------------------
// Declarations

export type TopLevel = FunctionDecl | VarDecl | TypedefDecl | StructDecl;

/** `kernel`, `reduce` or plain C function. */
export interface FunctionDecl {
  kind: 'FunctionDecl';
  span: Span;
  nameSpan: Span;
  name: string;
  /** 'kernel' for `kernel ...`, 'reduce' for `reduce ...`, null for host C functions. */
  brook: 'kernel' | 'reduce' | null;
  returnType: TypeSpec;
  returnPointer: number;
  params: ParamDecl[];
  /** null for a prototype (`int f(int);`). */
  body: Block | null;
  isStatic: boolean;
  /** C++ `inline`: defined alike in several files of a program, it is one function (parse/static-linkage.ts). */
  isInline?: boolean;
  /** `int printf(const char *fmt, ...)`: more arguments than parameters are accepted. */
  variadic?: boolean;
  /** K&R `extern void printf();`: a prototype with empty parentheses says nothing about the
   *  parameters, so calls with any arguments are accepted (C89 6.5.4.3). */
  unspecifiedParams?: boolean;
  /** `extern` was written (a declaration that another file or the library defines). */
  isExtern?: boolean;
  /** `#pragma brook native(NAME)` just before a kernel: a library provides a hand-written form of it
   *  (runtime/brt/native.ts); the body stays its definition and what the CPU backend runs. */
  native?: { name: string; span: Span };
  /** C++ `int& f()`: returns a reference; parse/cxx-references.ts lowers it to a pointer (returnPointer
   *  counts it) that every call dereferences. */
  returnsReference?: boolean;
  /** C++: a member of class `className` (written in the class, or `C::name` outside it). */
  method?: CxxMethod;
  /** `C *C__temp(C v)`: the ring of a class's temporaries (parse/cxx-class-lower.ts); the host
   *  generator may give a call of it a local instead (codegen/host/inline-struct.ts). */
  temporary?: boolean;
}

/** What parse/cxx-class.ts knows of a member function. */
export interface CxxMethod {
  className: string;
  /** 'friend': a free function defined in the class (`friend T operator*(float, const C&)`). */
  kind: 'method' | 'static' | 'ctor' | 'dtor' | 'friend';
  /** A constructor's initializer list: `: x(_x), y(0)`. */
  inits?: { name: string; span: Span; args: Expr[] }[];
  /** `virtual` in the class (parse/cxx-virtual.ts dispatches it); `pure`: `= 0`, no body. */
  virtual?: boolean;
  pure?: boolean;
  /** `T f() const`: callable on const objects; with a non-const twin of the same parameters it is
   *  `C__f__const` (parse/cxx-class-lower.ts), chosen on const objects (check/cxx-members.ts). */
  isConst?: boolean;
}

/**
 * A parameter. Brook forms:
 *   `float a`            constant          (streamDims = null, gatherDims = 0)
 *   `float4 x<>`         input stream      (streamDims = 0 ... the `<>` has no extents in kernels)
 *   `out float4 r<>`     output stream     (qualifier 'out')
 *   `float g[]`, `g[][]` gather           (gatherDims = 1, 2, ...)
 *   `iter float2 it<>`   iterator          (qualifier 'iter')
 *   `reduce float r<>`   reduce target     (qualifier 'reduce'; also `reduce float r` without <>)
 *   `vout [4] float e<>` variable output   (qualifier 'vout', voutMax = 4 or null for `vout []`)
 * C forms: `int n`, `float *a`, `float a[10]`, `char **argv`, `float m[][4]`.
 */
export interface ParamDecl {
  kind: 'ParamDecl';
  span: Span;
  name: string;
  nameSpan: Span;
  typeSpec: TypeSpec;
  qualifier: 'out' | 'reduce' | 'iter' | 'vout' | 'in' | null;
  voutMax?: Expr | null;
  /** True when written with `<>` (a stream parameter of a kernel). */
  isStream: boolean;
  /** Number of `[]` pairs after the name: gathers in kernels, array parameters in C. */
  gatherDims: number;
  /** Explicit sizes of C array parameters (`float m[][4]` gives [null, 4-expr]). */
  arrayDims: (Expr | null)[];
  pointer: number;
  /** C++ `int& n`: a reference, lowered to a pointer (`pointer` counts it) by parse/cxx-references.ts. */
  reference?: boolean;
  /** C++ default argument `int n = 4` (host functions): calls that leave it out get a copy
   *  (parse/cxx-default-args.ts, check/cxx-members.ts). */
  defaultValue?: Expr;
  /** checker: resolved type of the parameter. */
  type?: Type;
  /** checker (optional): the parameter's symbol, as on Declarator (host codegen names parameters
   *  by its emitName; without it, by the symbol of the parameter's uses). */
  symbol?: SymbolRef;
}

/** `float a, b[4], *p = x;` or `float4 s<10, 5>, t<n>;` or `iter float it<100> = iter(0.0f, 1.0f);` */
export interface VarDecl {
  kind: 'VarDecl';
  span: Span;
  typeSpec: TypeSpec;
  isIter: boolean;
  isStatic: boolean;
  isExtern: boolean;
  declarators: Declarator[];
}

export interface Declarator {
  kind: 'Declarator';
  span: Span;
  name: string;
  nameSpan: Span;
  pointer: number;
  /** C array extents (`[10][5]`); an element is null for `[]` with an initializer. */
  arrayDims: (Expr | null)[];
  /** Stream extents for `s<10, 5>`; null when not a stream. */
  streamDims: Expr[] | null;
  init: Expr | null;
  /** C++ `int& r = x;`: a reference, lowered to a pointer (`pointer` counts it) by parse/cxx-references.ts. */
  reference?: boolean;
  /** checker: the declared symbol. */
  symbol?: SymbolRef;
}

export interface TypedefDecl {
  kind: 'TypedefDecl';
  span: Span;
  typeSpec: TypeSpec;
  declarators: Declarator[];
}

/** A bare `struct Name { ... };` at top level. */
export interface StructDecl {
  kind: 'StructDecl';
  span: Span;
  def: StructDef;
}

// ---------------------------------------------------------------------------------------------------
// Statements

export type Stmt =
  | Block
  | ExprStmt
  | DeclStmt
  | IfStmt
  | ForStmt
  | WhileStmt
  | DoWhileStmt
  | ReturnStmt
  | BreakStmt
  | ContinueStmt
  | SwitchStmt
  | CaseClause
  | EmptyStmt
  | GotoStmt
  | LabeledStmt;

export interface Block { kind: 'Block'; span: Span; body: Stmt[] }
export interface ExprStmt { kind: 'ExprStmt'; span: Span; expr: Expr }
/** A declaration inside a function body (also typedefs and struct declarations in bodies). */
export interface DeclStmt { kind: 'DeclStmt'; span: Span; decl: VarDecl | TypedefDecl | StructDecl }
export interface IfStmt { kind: 'IfStmt'; span: Span; cond: Expr; then: Stmt; else: Stmt | null }
export interface ForStmt {
  kind: 'ForStmt';
  span: Span;
  init: DeclStmt | ExprStmt | null;
  cond: Expr | null;
  update: Expr | null;
  body: Stmt;
}
export interface WhileStmt { kind: 'WhileStmt'; span: Span; cond: Expr; body: Stmt }
export interface DoWhileStmt { kind: 'DoWhileStmt'; span: Span; body: Stmt; cond: Expr }
export interface ReturnStmt { kind: 'ReturnStmt'; span: Span; value: Expr | null }
export interface BreakStmt { kind: 'BreakStmt'; span: Span }
export interface ContinueStmt { kind: 'ContinueStmt'; span: Span }
export interface SwitchStmt { kind: 'SwitchStmt'; span: Span; discriminant: Expr; body: Block }
/** `case 3:` or `default:` inside a switch body; statements that follow are siblings in the block. */
export interface CaseClause { kind: 'CaseClause'; span: Span; test: Expr | null }
export interface EmptyStmt { kind: 'EmptyStmt'; span: Span }
export interface GotoStmt { kind: 'GotoStmt'; span: Span; label: string }
export interface LabeledStmt { kind: 'LabeledStmt'; span: Span; label: string; body: Stmt }

// ---------------------------------------------------------------------------------------------------
// Expressions

export type Expr =
  | NumberLit
  | StringLit
  | CharLit
  | Ident
  | BinaryExpr
  | AssignExpr
  | UnaryExpr
  | PostfixExpr
  | CondExpr
  | CallExpr
  | IndexExpr
  | MemberExpr
  | CastExpr
  | SizeofExpr
  | CommaExpr
  | InitList
  | ConstructExpr
  | IndexofExpr;

interface ExprBase {
  span: Span;
  /** checker: the expression's type after the checker's rules (integer literals in float context,
   *  usual arithmetic conversions, vector-size narrowing). */
  type?: Type;
}

export interface NumberLit extends ExprBase {
  kind: 'NumberLit';
  /** The literal as written, e.g. `1.5f`, `0x10`, `3`, `1e-6`. */
  raw: string;
  value: number;
  /** True for literals with a '.', exponent or 'f' suffix. */
  isFloat: boolean;
  /** 'f' for `1.0f`, 'u' / 'l' / 'ul' for integer suffixes, '' otherwise. */
  suffix: string;
}
export interface StringLit extends ExprBase { kind: 'StringLit'; value: string }
export interface CharLit extends ExprBase { kind: 'CharLit'; value: number }
export interface Ident extends ExprBase {
  kind: 'Ident';
  name: string;
  /** checker: what the name refers to. */
  symbol?: SymbolRef;
}

export type BinaryOp =
  | '+' | '-' | '*' | '/' | '%'
  | '<' | '>' | '<=' | '>=' | '==' | '!='
  | '&&' | '||'
  | '&' | '|' | '^' | '<<' | '>>';

export interface BinaryExpr extends ExprBase { kind: 'BinaryExpr'; op: BinaryOp; left: Expr; right: Expr }

export type AssignOp = '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=';
export interface AssignExpr extends ExprBase { kind: 'AssignExpr'; op: AssignOp; target: Expr; value: Expr }

/** Prefix operators; `*` is dereference, `&` address-of. */
export interface UnaryExpr extends ExprBase {
  kind: 'UnaryExpr';
  op: '-' | '+' | '!' | '~' | '++' | '--' | '*' | '&';
  operand: Expr;
}
export interface PostfixExpr extends ExprBase { kind: 'PostfixExpr'; op: '++' | '--'; operand: Expr }
export interface CondExpr extends ExprBase { kind: 'CondExpr'; cond: Expr; then: Expr; else: Expr }

/**
 * A call. `callee` is an Ident for functions, kernels, built-ins and Brook API calls
 * (`streamRead`, `push`, `iter`...), or a MemberExpr for `s.domain(a, b)`.
 */
export interface CallExpr extends ExprBase {
  kind: 'CallExpr';
  callee: Expr;
  args: Expr[];
  /** C++ `std::cout << a << std::endl` lowered to `fprintf(stdout, FORMAT, a)`
   *  (parse/cxx-stream-io.ts): one entry per `<<` operand; the checker writes FORMAT (args[1], a
   *  StringLit) from the values' types (check/cxx-stream-io.ts). */
  streamLayout?: ('value' | 'endl')[];
  /** C++ `delete p` (not `delete[]`), parsed as `free(p)`: check/cxx-members.ts calls `C__delete(p)`
   *  instead when p points to a class with a destructor (parse/cxx-destructors.ts). */
  cxxDelete?: boolean;
}

/** `a[i]` (C arrays, pointers, gathers). `g[i][j]` nests: Index(Index(g, i), j). */
export interface IndexExpr extends ExprBase { kind: 'IndexExpr'; object: Expr; index: Expr }

/** `a.b` or `p->b`; vector swizzles (`v.xyz`) are MemberExprs too until the checker resolves them. */
export interface MemberExpr extends ExprBase {
  kind: 'MemberExpr';
  object: Expr;
  member: string;
  memberSpan: Span;
  arrow: boolean;
}

/** `(float) x`, `(float *) malloc(...)`. */
export interface CastExpr extends ExprBase { kind: 'CastExpr'; target: TypeName; operand: Expr }

/** A type in expression position: casts and sizeof. */
export interface TypeName {
  kind: 'TypeName';
  span: Span;
  typeSpec: TypeSpec;
  pointer: number;
  arrayDims: Expr[];
  /** checker */
  type?: Type;
}

export interface SizeofExpr extends ExprBase { kind: 'SizeofExpr'; target: TypeName | Expr }
export interface CommaExpr extends ExprBase { kind: 'CommaExpr'; exprs: Expr[] }
/** `{1, 2, 3}` initializers (also nested). */
export interface InitList extends ExprBase { kind: 'InitList'; items: Expr[] }
/** Vector constructors: `float4(a, b, c, d)`, `float3(v.xy, 1)`, `int2(x, y)`. */
export interface ConstructExpr extends ExprBase { kind: 'ConstructExpr'; typeName: string; args: Expr[] }
/** `indexof(s)` or `indexof s`. */
export interface IndexofExpr extends ExprBase { kind: 'IndexofExpr'; stream: Ident }

// ---------------------------------------------------------------------------------------------------
// Translation unit

export interface TranslationUnit {
  kind: 'TranslationUnit';
  span: Span;
  items: TopLevel[];
  /** Top-level statements: only in notebook cells (`%%brook`), where they run in order like a REPL.
   *  Interleaved with `items` in source order via `order`. */
  statements: Stmt[];
  /** Source order of items and statements: ['item', index] or ['stmt', index]. */
  order: ['item' | 'stmt', number][];
}

// ---------------------------------------------------------------------------------------------------
// Symbols (filled by the checker)

export type SymbolKind =
  | 'global' // host global variable
  | 'local' // host or kernel local variable
  | 'param' // function or kernel parameter
  | 'function' // host C function
  | 'kernel' // kernel or reduce kernel
  | 'builtin' // kernel built-in function (sin, dot, ...)
  | 'hostlib' // host library function (printf, malloc, streamRead, ...)
  | 'constant' // enum-like predefined constants (STREAM_SCATTER_ADD, ...)
  | 'session'; // a name provided by the notebook session (TypeScript variable, earlier cell)

export interface SymbolRef {
  kind: SymbolKind;
  name: string;
  /** Unique name to use in generated code (after renaming for scopes and reserved words). */
  emitName: string;
  type: Type;
  declSpan: Span;
}
