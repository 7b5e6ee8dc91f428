/**
 * The methods of BrookGPU's C++ `brook::stream` that host code calls on a stream: `s.read(p)` is
 * streamRead(s, p) and `s.write(p)` is streamWrite(s, p) (its brt.hpp defined them so). The call is
 * rewritten in place, before it is checked as that Brook call; `s.domain(lo, hi)` is Brook's own
 * (brook-api.ts). Streams declared with the constructor form are parse/brook-stream.ts; a
 * `brook::stream` slot in host memory is hostlib/stream-handles.ts.
 */
import type { CallExpr } from '../ast.js';
import type { Ctx } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkOperand } from './operands.js';
import { isStreamLike } from './typing.js';

const METHODS: Readonly<Record<string, string>> = { read: 'streamRead', write: 'streamWrite' };

/** True when `e` was `s.read(p)` / `s.write(p)` on a host stream (now `streamRead(s, p)` ...). */
export function rewriteStreamMethod(ctx: Ctx, e: CallExpr): boolean {
  const callee = e.callee;
  if (callee.kind !== 'MemberExpr' || callee.arrow || inKernel(ctx)) return false;
  const fn = METHODS[callee.member];
  if (!fn || e.args.length !== 1) return false;
  if (!isStreamLike(checkOperand(ctx, callee.object))) return false;
  e.callee = { kind: 'Ident', span: callee.memberSpan, name: fn };
  e.args = [callee.object, e.args[0]!];
  return true;
}
