/**
 * BrookGPU's C++ stream constructor in a declaration:
 *
 *   brook::stream s(brook::getStreamType((float2 *)0), d0, d1, -1);
 *
 * is what brcc itself wrote for `float2 s<d0, d1>;`, and what C++ companion code (formats'
 * MAKESTREAM, `::brook::stream` too) writes by hand. It is read as that Brook declaration: the
 * element type from the pointer cast inside getStreamType, the extents in order up to the -1 that
 * ends them. Any other form (a type kept in a variable, no -1, more than four extents) is one
 * located BRK1259 naming what to write instead. brcc's iterator form, `brook::iter it(...)`, is read
 * the same way (iterConstructor below). `brook::stream` alone (slots in host memory,
 * `sizeof(brook::stream)`) is a type name (parser.ts, check/resolve.ts).
 *
 * In:  the parser at the '(' after the declared name.  Out: the element type and the extents.
 */
import type { CastExpr, ConstructExpr, Declarator, Expr, TypeSpec } from '../ast.js';
import type { Span } from '../source.js';
import type { Parser } from './parser.js';
import { closeParen, parseAssignment } from './expressions.js';
import { GET_STREAM_TYPE, isMinusOne, ITER_TYPE, STREAM_TYPE } from './brook-stream-forms.js';

export { ITER_TYPE, STREAM_TYPE };

/** `(` then an expression (not a parameter list): the constructor form, not a function declarator. */
export function isStreamConstructor(p: Parser, typeName: string): boolean {
  return (typeName === STREAM_TYPE || typeName === ITER_TYPE) && p.is('(') && !p.is(')', p.peek()) && !p.isDeclStart(1) && !p.isTypeName(1);
}

export interface StreamConstructor {
  typeSpec: TypeSpec;
  dims: Expr[];
  /** brook::iter: the initializer `iter(lo, hi)` of the Brook declaration it stands for. */
  iterInit?: Expr;
}

const ITER_ELEMENTS: Readonly<Record<string, string>> = {
  'brook::__BRTFLOAT': 'float', 'brook::__BRTFLOAT2': 'float2', 'brook::__BRTFLOAT3': 'float3', 'brook::__BRTFLOAT4': 'float4',
};

/**
 * `brook::iter it(brook::__BRTFLOAT2, d0, ..., -1, lo.x, lo.y, hi.x, hi.y, -1)`, what brcc wrote for
 * `iter float2 it<d0, ...> = iter(float2(lo.x, lo.y), float2(hi.x, hi.y))` (brtdecl.cpp), read as that
 * declaration. The element type is brook::__BRTFLOAT..4 or getStreamType((floatN *)0); the extents
 * end at the first int -1; then the lower and the upper corner, one float a component.
 */
function iterConstructor(p: Parser, args: Expr[], bad: (why: string) => undefined): StreamConstructor | undefined {
  const first = args[0]!;
  let elem: string | undefined;
  if (first.kind === 'Ident') elem = ITER_ELEMENTS[first.name];
  else if (first.kind === 'CallExpr' && first.callee.kind === 'Ident' && first.callee.name === GET_STREAM_TYPE && first.args[0]?.kind === 'CastExpr') {
    elem = (first.args[0] as CastExpr).target.typeSpec.name;
  }
  const n = elem ? { float: 1, float2: 2, float3: 3, float4: 4 }[elem] : undefined;
  if (!elem || !n) return bad('the first argument must be brook::__BRTFLOAT, __BRTFLOAT2, __BRTFLOAT3 or __BRTFLOAT4');
  const end = args.findIndex((a, i) => i > 0 && isMinusOne(a));
  const dims = end < 0 ? [] : args.slice(1, end);
  if (end < 0 || dims.length < 1 || dims.length > 4) return bad('the extents (1 to 4) must end with -1');
  const corners = args.slice(end + 1);
  if (isMinusOne(corners[corners.length - 1])) corners.pop();
  if (corners.length !== 2 * n) return bad(`after the extents come ${2 * n} values, the lower then the upper corner (one a component), not ${corners.length}`);
  const corner = (vals: Expr[]): Expr => {
    if (n === 1) return vals[0]!;
    const c: ConstructExpr = { kind: 'ConstructExpr', span: vals[0]!.span, typeName: elem!, args: vals };
    return c;
  };
  const span = first.span;
  const iterInit: Expr = { kind: 'CallExpr', span, callee: { kind: 'Ident', span, name: 'iter' }, args: [corner(corners.slice(0, n)), corner(corners.slice(n))] };
  const typeSpec: TypeSpec = { kind: 'TypeSpec', span, name: elem, isConst: false };
  return { typeSpec, dims, iterInit };
}

/** Parses `( getStreamType((T*)0), d0, ..., -1 )`; undefined (with an error) when the form differs. */
export function parseStreamConstructor(p: Parser, name: string, start: Span, typeName = STREAM_TYPE): StreamConstructor | undefined {
  const open = p.next();
  const args: Expr[] = [];
  if (!p.is(')')) {
    do args.push(parseAssignment(p));
    while (p.accept(','));
  }
  closeParen(p, open.span, 'constructor');
  const bad = (why: string) => {
    p.error('BRK1259', p.spanFrom(start), { name, why, type: typeName });
    return undefined;
  };
  if (typeName === ITER_TYPE) return args.length > 0 ? iterConstructor(p, args, bad) : bad('it needs an element type, extents and corners');
  const first = args[0];
  const cast = first?.kind === 'CallExpr' && first.args.length === 1 ? first.args[0] : undefined;
  const getter = first?.kind === 'CallExpr' && first.callee.kind === 'Ident' && first.callee.name === GET_STREAM_TYPE;
  if (!getter || !cast || cast.kind !== 'CastExpr' || (cast as CastExpr).target.pointer !== 1 || (cast as CastExpr).target.arrayDims.length > 0) {
    return bad('the first argument must be brook::getStreamType((T *)0), naming the element type T');
  }
  const last = args[args.length - 1]!;
  const endsWithMinusOne = last.kind === 'UnaryExpr' && last.op === '-' && last.operand.kind === 'NumberLit' && last.operand.value === 1;
  if (!endsWithMinusOne) return bad('the extents must end with -1');
  const dims = args.slice(1, -1);
  if (dims.length < 1 || dims.length > 4) return bad(`a stream has 1 to 4 extents, not ${dims.length}`);
  return { typeSpec: (cast as CastExpr).target.typeSpec, dims };
}

/**
 * `brook::stream s;` (also `extern`): BrookGPU's empty stream handle, which holds no stream and
 * converts to a null `brook::StreamInterface *` (subdivision's timing.cpp keeps one as the default
 * argument meaning "no stream"). It is declared as that null pointer to a stream: it compares, passes
 * and casts as a pointer; `*s`, a kernel argument or a stream operation on it is an error.
 */
export function emptyStreamHandle(d: Declarator, isExtern: boolean): void {
  d.pointer = 1;
  if (!isExtern) d.init = { kind: 'NumberLit', span: d.nameSpan, raw: '0', value: 0, isFloat: false, suffix: '' };
}
