/**
 * The methods of BrookGPU's C++ `brook::stream` that host code calls on a stream: `s.read(p)` is
 * streamRead(s, p) and `s.write(p)` is streamWrite(s, p) (its brt.hpp defined them so). The call is
 * rewritten in place, before it is checked as that Brook call; `s.domain(lo, hi)` is Brook's own
 * (brook-api.ts). Streams declared with the constructor form are parse/brook-stream.ts; a
 * `brook::stream` slot in host memory is hostlib/stream-handles.ts. Also the rules of
 * `brook::getStreamType` and `new brook::stream(type, ...)` (below).
 */
import type { AssignExpr, CallExpr, Expr } from '../ast.js';
import type { Type } from '../types.js';
import { STREAM_TYPE_DESC, typeToString } from '../types.js';
import { reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkOperand } from './operands.js';
import { isElementType, isLoose, isStreamLike, sameType } from './typing.js';

const METHODS: Readonly<Record<string, string>> = { read: 'streamRead', write: 'streamWrite' };

/** True when `e` was `s.read(p)` / `s.write(p)` on a host stream (now `streamRead(s, p)` ...). */
export function rewriteStreamMethod(ctx: Ctx, e: CallExpr): boolean {
  const callee = e.callee;
  if (callee.kind === 'MemberExpr' && callee.arrow && callee.member === 'getExtents' && e.args.length === 0 && !inKernel(ctx)) {
    // `p->getExtents()` on a pointer to a stream (a brook::StreamInterface *): brook::getExtents(*p).
    const pt = checkOperand(ctx, callee.object);
    if (pt.kind !== 'pointer' || pt.to.kind !== 'stream') return false;
    e.callee = { kind: 'Ident', span: callee.memberSpan, name: 'brook::getExtents' };
    e.args = [{ kind: 'UnaryExpr', span: callee.object.span, op: '*', operand: callee.object }];
    return true;
  }
  if (callee.kind !== 'MemberExpr' || callee.arrow || inKernel(ctx)) return false;
  const fn = METHODS[callee.member];
  if (!fn || e.args.length !== 1) return false;
  if (!isStreamLike(checkOperand(ctx, callee.object))) return false;
  e.callee = { kind: 'Ident', span: callee.memberSpan, name: fn };
  e.args = [callee.object, e.args[0]!];
  return true;
}

/** `const brook::StreamType *`: an element type as a run-time value. */
export const STREAM_TYPE_PTR: Type = { kind: 'pointer', to: STREAM_TYPE_DESC };

/**
 * `brook::getStreamType(p)`: p is any `T *` (brcc and BrookGPU's apps write `(float2 *)0`); T must be
 * a stream element type. The value is T's one descriptor address (hostlib/stream-handles.ts), so two
 * calls for one type compare equal, as BrookGPU's static arrays did.
 */
export function checkGetStreamType(ctx: Ctx, e: CallExpr, t: Type): void {
  if (isLoose(t)) return;
  const elem = t.kind === 'pointer' ? t.to : undefined;
  if (!elem) {
    reportCheck(ctx.bag, 'BRK2111', e.args[0]!.span, { n: 1, name: 'brook::getStreamType', from: typeToString(t), to: 'T *', signature: 'brook::getStreamType((T *)0): the element type T as a value' });
  } else if (!isLoose(elem) && !isElementType(elem)) {
    reportCheck(ctx.bag, 'BRK2322', e.args[0]!.span, { type: typeToString(elem) });
  }
}

/**
 * `new brook::stream(type, d0, ..., -1)` (parse/brook-stream.ts made it `brook::newStream(type, d0,
 * ...)`): a stream whose element type is a run-time value, on the heap; the result is a
 * `brook::stream *` (a slot holding the stream's handle) that lives until the program ends.
 */
export function checkNewStream(ctx: Ctx, e: CallExpr, types: Type[]): void {
  const [t, ...dims] = types;
  if (t && !isLoose(t) && !(t.kind === 'pointer' && t.to === STREAM_TYPE_DESC)) {
    reportCheck(ctx.bag, 'BRK2111', e.args[0]!.span, { n: 1, name: 'new brook::stream', from: typeToString(t), to: 'const brook::StreamType *', signature: 'new brook::stream(brook::getStreamType((T *)0), d0, ..., -1), or a const brook::StreamType * variable holding that' });
  }
  dims.forEach((d, i) => {
    if (!isLoose(d) && !(d.kind === 'scalar' && d.name !== 'float' && d.name !== 'double' && d.name !== 'bool')) {
      reportCheck(ctx.bag, 'BRK2317', e.args[i + 1]!.span, { type: typeToString(d) });
    }
  });
}

/** `*p` or `p[i]` of a pointer: where a stream may be assigned (BrookGPU's handle assignment). */
export function isStreamSlotTarget(e: Expr): boolean {
  return (e.kind === 'UnaryExpr' && e.op === '*') || (e.kind === 'IndexExpr' && (e.object.type?.kind === 'pointer' || e.object.type?.kind === 'array'));
}

/**
 * `*p = s` / `p[i] = s` (fft's `*plan = tmp;`): BrookGPU's brook::stream assignment through a pointer.
 * s must be a whole stream (not a domain or iterator) of the pointee's element type (any for an
 * untyped `brook::stream *`). What p points at is known only when it runs (hostlib/stream-handles.ts
 * `assign`): a brook::stream slot (new brook::stream, an array of brook::stream) then names s; `&t`
 * of a declared stream is a located run-time error (two names would share one stream).
 */
export function checkStreamSlotAssign(ctx: Ctx, e: AssignExpr, target: Type, value: Type): void {
  if (target.kind !== 'stream' || value.kind !== 'stream' || target.iter || value.iter) {
    reportCheck(ctx.bag, 'BRK2318', e.value.span);
    return;
  }
  const anyElem = isLoose(target.elem) || isLoose(value.elem);
  const rankOk = target.rank === null || value.rank === null || target.rank === value.rank;
  if ((!anyElem && !sameType(target.elem, value.elem)) || !rankOk) {
    const why = rankOk ? `the pointer names streams of ${typeToString(target.elem)}` : `the pointer names streams of rank ${target.rank}`;
    reportCheck(ctx.bag, 'BRK2103', e.value.span, { from: typeToString(value), to: typeToString(target), why: `${why}; assign a stream of that type` });
  }
}

/**
 * A whole stream passed where a `brook::StreamInterface *` (or an untyped `brook::stream *`) is
 * declared: BrookGPU's brook::stream converted to the pointer to its stream, so the argument becomes
 * `&s` (`*p` gives p back). Subdivision's TallyKernel takes its streams so. Only call arguments (and
 * default arguments) convert; an assignment `p = s` stays an error.
 */
export function streamToInterface(ctx: Ctx, a: Expr, p: Type, at: Type): boolean {
  if (p.kind !== 'pointer' || p.to.kind !== 'stream' || !isLoose(p.to.elem) || p.to.iter) return false;
  if (at.kind !== 'stream' || at.iter) return false;
  const operand = { ...a } as Expr;
  const target = a as unknown as Record<string, unknown>;
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, { kind: 'UnaryExpr', span: operand.span, op: '&', operand });
  checkOperand(ctx, a);
  return true;
}
