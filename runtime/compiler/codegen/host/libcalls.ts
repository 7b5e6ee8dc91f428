/**
 * Calls of the host C library (check/hostlib.ts names the functions and their C signatures; the
 * implementations are runtime/hostlib's HostLib methods, reached as `$L.name`).
 *
 * Fixed arguments convert to the parameter types; variadic arguments (printf's) pass their values as
 * they are, which is C's default promotion in this representation (floats are already doubles).
 * Pure math functions are emitted as JavaScript's Math directly (float forms round once with fround);
 * `assert` needs the expression text and position, which only the compiler knows.
 */
import type { CallExpr } from '../../ast.js';
import { HOST_LIB } from '../../check/hostlib.js';
import type { Type } from '../../types.js';
import type { Ctx } from './expr.js';
import { emitAs, emitCond, emitValue, typeOfExpr } from './expr.js';

/** C math functions that are exactly a JavaScript Math function. */
const DIRECT_MATH: Record<string, string> = {
  sin: 'Math.sin', cos: 'Math.cos', tan: 'Math.tan', asin: 'Math.asin', acos: 'Math.acos', atan: 'Math.atan',
  atan2: 'Math.atan2', sinh: 'Math.sinh', cosh: 'Math.cosh', tanh: 'Math.tanh', asinh: 'Math.asinh',
  acosh: 'Math.acosh', atanh: 'Math.atanh', exp: 'Math.exp', expm1: 'Math.expm1', log: 'Math.log',
  log2: 'Math.log2', log10: 'Math.log10', log1p: 'Math.log1p', pow: 'Math.pow', sqrt: 'Math.sqrt',
  cbrt: 'Math.cbrt', hypot: 'Math.hypot', fabs: 'Math.abs', floor: 'Math.floor', ceil: 'Math.ceil',
  trunc: 'Math.trunc',
};

/** Library names the generator emits inline (no HostLib method behind them). */
export const EMITTED_INLINE: ReadonlySet<string> = new Set(['assert', 'isnan', 'isinf', 'isfinite']);

export function emitHostLibCall(c: Ctx, e: CallExpr, name: string): string {
  const entry = HOST_LIB.get(name);
  const ft: Type | undefined = entry?.type;
  const params = ft?.kind === 'function' ? ft.params : [];
  const args = e.args.map((a, i) => (params[i] ? emitAs(c, a, params[i]!) : emitValue(c, a)));

  if (name === 'assert') return emitAssert(c, e);
  if (name === 'isnan') return `+Number.isNaN(${args[0]})`;
  if (name === 'isfinite') return `+Number.isFinite(${args[0]})`;
  if (name === 'isinf') {
    // glibc's isinf is __builtin_isinf_sign: -1 for -inf.
    const t = c.f ? c.f.temp() : '$gt';
    return `(${t} = ${args[0]}, ${t} === Infinity ? 1 : ${t} === -Infinity ? -1 : 0)`;
  }
  // C's abs on an int: two's complement, so abs(INT_MIN) stays INT_MIN as with gcc.
  if (name === 'abs') return `(Math.abs(${args[0]}) | 0)`;
  const direct = DIRECT_MATH[name];
  if (direct) return `${direct}(${args.join(', ')})`;
  if (name.endsWith('f') && DIRECT_MATH[name.slice(0, -1)]) return `Math.fround(${DIRECT_MATH[name.slice(0, -1)]}(${args.join(', ')}))`;
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
