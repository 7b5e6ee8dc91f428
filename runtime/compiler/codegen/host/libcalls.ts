/**
 * Calls of the host C library (check/hostlib.ts names the functions and their C signatures; the
 * implementations are runtime/hostlib's HostLib methods, reached as `$L.name`).
 *
 * Fixed arguments convert to the parameter types; variadic arguments (printf's) pass their values as
 * they are, which is C's default promotion in this representation (floats are already doubles).
 * The math.h functions, abs and isnan are the host IR's (ir/lower.ts lowerMath, printed as JavaScript's
 * Math by ir/print-js.ts): they do not come here. (HostLib has them too, by their C names.)
 * `assert` needs the expression text and position, which only the compiler knows.
 */
import type { CallExpr } from '../../ast.js';
import { HOST_LIB } from '../../check/hostlib.js';
import type { Type } from '../../types.js';
import type { Ctx } from './expr.js';
import { emitAs, emitCond, emitValue, typeOfExpr } from './expr.js';

/** Library names the generator emits inline (no HostLib method behind them). */
export const EMITTED_INLINE: ReadonlySet<string> = new Set(['assert', 'isnan', 'isinf', 'isfinite']);

export function emitHostLibCall(c: Ctx, e: CallExpr, name: string): string {
  const entry = HOST_LIB.get(name);
  const ft: Type | undefined = entry?.type;
  const params = ft?.kind === 'function' ? ft.params : [];
  const args = e.args.map((a, i) => (params[i] ? emitAs(c, a, params[i]!) : emitValue(c, a)));

  if (name === 'assert') return emitAssert(c, e);
  if (name === 'isfinite') return `+Number.isFinite(${args[0]})`;
  if (name === 'isinf') {
    // glibc's isinf is __builtin_isinf_sign: -1 for -inf.
    const t = c.f ? c.f.temp() : '$gt';
    return `(${t} = ${args[0]}, ${t} === Infinity ? 1 : ${t} === -Infinity ? -1 : 0)`;
  }
  // Library calls that check memory report faults at the call: they take its span last.
  if (CHECKED_CALLS.has(name)) args.push(c.g.span(e.span));
  return `$L.${name}(${args.join(', ')})`;
}

/** HostLib methods that take the call's span as a last argument (memory checks, see hostlib/libc.ts). */
const CHECKED_CALLS: ReadonlySet<string> = new Set(['free', 'brfree', 'realloc', 'memset', 'memcpy', 'memmove', 'strcpy', 'strncpy', 'strcat']);

/** assert(e): glibc prints "prog: file:line: func: Assertion `e' failed." and aborts. */
function emitAssert(c: Ctx, e: CallExpr): string {
  const arg = e.args[0];
  if (!arg) return 'undefined';
  typeOfExpr(c, arg);
  const where = c.g.describeSpan(e.span);
  const text = c.g.sourceText(arg.span);
  const fn = c.f?.sourceName ?? '';
  return `(${emitCond(c, arg)} || $L.assertFail(${JSON.stringify(where)}, ${JSON.stringify(fn)}, ${JSON.stringify(text)}))`;
}
