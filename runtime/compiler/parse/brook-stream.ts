/**
 * BrookGPU's C++ stream constructor in a declaration:
 *
 *   brook::stream s(brook::getStreamType((float2 *)0), d0, d1, -1);
 *
 * is what brcc itself wrote for `float2 s<d0, d1>;`, and what C++ companion code (formats'
 * MAKESTREAM, `::brook::stream` too) writes by hand. It is read as that Brook declaration: the
 * element type from the pointer cast inside getStreamType, the extents in order up to the -1 that
 * ends them. Any other form (a type kept in a variable, no -1, more than four extents) is one
 * located BRK1259 naming what to write instead. `brook::stream` alone (slots in host memory,
 * `sizeof(brook::stream)`) is a type name (parser.ts, check/resolve.ts).
 *
 * In:  the parser at the '(' after the declared name.  Out: the element type and the extents.
 */
import type { CastExpr, Expr, TypeSpec } from '../ast.js';
import type { Span } from '../source.js';
import type { Parser } from './parser.js';
import { closeParen, parseAssignment } from './expressions.js';

export const STREAM_TYPE = 'brook::stream';
export const GET_STREAM_TYPE = 'brook::getStreamType';

/** `(` then an expression (not a parameter list): the constructor form, not a function declarator. */
export function isStreamConstructor(p: Parser, typeName: string): boolean {
  return typeName === STREAM_TYPE && p.is('(') && !p.is(')', p.peek()) && !p.isDeclStart(1) && !p.isTypeName(1);
}

export interface StreamConstructor {
  typeSpec: TypeSpec;
  dims: Expr[];
}

/** Parses `( getStreamType((T*)0), d0, ..., -1 )`; undefined (with an error) when the form differs. */
export function parseStreamConstructor(p: Parser, name: string, start: Span): StreamConstructor | undefined {
  const open = p.next();
  const args: Expr[] = [];
  if (!p.is(')')) {
    do args.push(parseAssignment(p));
    while (p.accept(','));
  }
  closeParen(p, open.span, 'constructor');
  const bad = (why: string) => {
    p.error('BRK1259', p.spanFrom(start), { name, why });
    return undefined;
  };
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
