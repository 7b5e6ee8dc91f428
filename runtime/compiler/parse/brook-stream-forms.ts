/**
 * The names and argument forms of BrookGPU's C++ stream API that the parser reads (brook-stream.ts
 * for declarations, expressions.ts for `new`). Pure: no parsing here, so both can import it.
 *
 *   new brook::stream(type, d0, ..., -1)   ->  brook::newStream(type, d0, ...)
 *
 * `type` is any expression (check/brook-stream.ts wants a `const brook::StreamType *`, as
 * `brook::getStreamType((float2 *)0)` or a variable holding one): unlike the declaration form, the
 * element type of a heap stream may be a run-time value, which is what fft's wfft.cpp keeps in a
 * variable. The extents end at the -1 (1 to 4 of them).
 */
import type { CallExpr, Expr } from '../ast.js';
import type { Span } from '../source.js';

export const STREAM_TYPE = 'brook::stream';
export const ITER_TYPE = 'brook::iter';
export const GET_STREAM_TYPE = 'brook::getStreamType';
/** The host library name `new brook::stream(...)` becomes (check/hostlib.ts). */
export const NEW_STREAM = 'brook::newStream';

export const isMinusOne = (e: Expr | undefined): boolean => e !== undefined && e.kind === 'UnaryExpr' && e.op === '-' && e.operand.kind === 'NumberLit' && e.operand.value === 1 && !e.operand.isFloat;

/** The call `new brook::stream(args)` stands for, or the reason it is malformed. */
export function newStreamCall(kw: Span, span: Span, args: Expr[]): CallExpr | string {
  if (args.length === 0) return 'it needs an element type (brook::getStreamType((T *)0)), the extents and -1';
  if (!isMinusOne(args[args.length - 1])) return 'the extents must end with -1';
  const dims = args.slice(1, -1);
  if (dims.length < 1 || dims.length > 4) return `a stream has 1 to 4 extents, not ${dims.length}`;
  return { kind: 'CallExpr', span, callee: { kind: 'Ident', span: kw, name: NEW_STREAM }, args: [args[0]!, ...dims] };
}
