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
import { typeToString } from '../../types.js';
import type { Ctx } from './expr.js';
import { emitAs, emitCond, emitValue, typeOfExpr } from './expr.js';

/** Library names the generator emits inline (no HostLib method behind them). */
export const EMITTED_INLINE: ReadonlySet<string> = new Set(['assert', 'isnan', 'isinf', 'isfinite', 'finite_float', 'isnan_float', 'isinf_float', '__brook_va_start']);

export function emitHostLibCall(c: Ctx, e: CallExpr, name: string): string {
  const entry = HOST_LIB.get(name);
  const ft: Type | undefined = entry?.type;
  const params = ft?.kind === 'function' ? ft.params : [];
  const args = e.args.map((a, i) => (params[i] ? emitAs(c, a, params[i]!) : emitValue(c, a)));

  if (name === 'assert') return emitAssert(c, e);
  if (name === '__brook_va_start') {
    if (c.f?.hasVarArgs) return '$va';
    c.g.error('BRK2601', e.span, 'va_start is used in a function without `...` parameters', 'declare the function with `...` after its last named parameter, as in int warn(const char *fmt, ...)');
    return '0';
  }
  if (name === 'isfinite') return `+Number.isFinite(${args[0]})`;
  // brt.hpp's float forms: C++'s bool results (std::isinf of -inf is true) as 1.0f / 0.0f.
  if (name === 'finite_float') return `+Number.isFinite(${args[0]})`;
  if (name === 'isnan_float') return `+Number.isNaN(${args[0]})`;
  if (name === 'isinf_float') return `+(Math.abs(${args[0]}) === Infinity)`;
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

const DOUBLE_T: Type = { kind: 'scalar', name: 'double' };
const INT_T: Type = { kind: 'scalar', name: 'int' };
const UINT_T: Type = { kind: 'scalar', name: 'uint' };
const LONG_T: Type = { kind: 'scalar', name: 'long' };

/**
 * The arguments after the `fixed` named ones of a call of a user function declared with `...`, as
 * one packed list (hostlib/varargs.ts): C's default promotions (float to double, char and short to
 * int), each in an 8-byte slot of a frame slot of the caller, which the callee reads with va_arg.
 */
export function emitVarArgs(c: Ctx, e: CallExpr, fixed: number): string {
  const extra = e.args.slice(fixed);
  let kinds = '';
  const values = extra.map((a) => {
    const t = typeOfExpr(c, a);
    const s = t.kind === 'scalar' ? t.name : undefined;
    if (s === 'float' || s === 'double' || s === 'fixed' || s === 'shortfixed') { kinds += 'd'; return emitAs(c, a, DOUBLE_T); }
    if (s === 'long' || s === 'ulong') { kinds += 'l'; return emitAs(c, a, LONG_T); }
    if (s === 'uint') { kinds += 'u'; return emitAs(c, a, UINT_T); }
    if (s !== undefined) { kinds += 'i'; return emitAs(c, a, INT_T); }
    if (t.kind === 'pointer' || t.kind === 'array') { kinds += 'l'; return emitValue(c, a); }
    c.g.error('BRK2601', a.span, `the host code generator does not support passing ${typeToString(t)} through \`...\``, 'pass a number or a pointer (a pointer to the struct or vector)');
    kinds += 'l';
    return '0';
  });
  const slots: Type = { kind: 'array', elem: LONG_T, length: extra.length + 1 };
  const at = c.f ? c.f.slot(slots) : `$M.alloca(${8 * (extra.length + 1)})`;
  return `$L.__brook_va_pack(${at}, ${JSON.stringify(kinds)}${values.map((v) => ', ' + v).join('')})`;
}
