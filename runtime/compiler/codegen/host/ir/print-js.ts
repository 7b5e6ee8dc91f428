/**
 * The host IR as JavaScript expression text (the representation of values: ctypes.ts). Every result
 * is an operand: an atom or a parenthesized expression. The meaning is the IR's; this file only
 * chooses the JavaScript for it (32-bit wrap with `| 0`, Math.imul, Math.fround, $H helpers).
 */
import type { Expr } from '../../../ast.js';
import type { Span } from '../../../source.js';
import { arith, convertScalar, isIntKind, scaled } from '../ctypes.js';
import { numLit } from '../gen.js';
import type { IrCond, IrValue } from './nodes.js';

export interface JsPrinter {
  /** JavaScript for an operand the IR leaves to the printer (expr.ts emitValue). */
  leaf(e: Expr): string;
  /** The current value of a compound assignment's or ++/--'s target (already read once). */
  current?: string;
  /** The span constant a failing division reports (registered only where one can fail). */
  span(at: Span): string;
}

export function printJsValue(p: JsPrinter, v: IrValue): string {
  switch (v.op) {
    case 'const': return numLit(v.value);
    case 'leaf': return p.leaf(v.expr);
    case 'session': return `$H.fromSession(${p.leaf(v.expr)}, 1, ${p.span(v.at)})`;
    case 'current':
      if (p.current === undefined) throw new Error('internal: host IR current value without a target');
      return p.current;
    case 'convert': {
      const arg = printJsValue(p, v.arg);
      // An integer that converts to float exactly is its own float32 value: no Math.fround.
      return v.exact ? arg : convertScalar(arg, v.from, v.kind);
    }
    case 'arith': {
      const l = printJsValue(p, v.left);
      const r = printJsValue(p, v.right);
      if (v.kind === 'ptr') throw new Error('internal: host IR arithmetic on a pointer kind');
      return arith(v.bin, l, r, v.kind, () => p.span(v.at), v.divisor);
    }
    case 'neg': {
      const a = printJsValue(p, v.arg);
      if (v.kind === 'int') return `((-${a}) | 0)`;
      if (v.kind === 'uint') return `((-${a}) >>> 0)`;
      return `(-${a})`;
    }
    case 'bitnot': {
      const a = printJsValue(p, v.arg);
      if (v.kind === 'uint') return `((~${a}) >>> 0)`;
      if (v.kind === 'long' || v.kind === 'ulong') return `$H.l64('~', ${a}, 0)`;
      return `(~${a})`;
    }
    case 'bool': {
      const cond = v.cond;
      if (cond.op === 'compare') return `+${printJsCond(p, cond)}`;
      if (cond.op === 'not') return `+!${printJsCond(p, cond.arg)}`;
      // JavaScript's && and || give the deciding operand (2 && 5 is 5); C's give 0 or 1.
      return `(${printJsCond(p, cond)} ? 1 : 0)`;
    }
    case 'select':
      return `(${printJsCond(p, v.cond)} ? ${printJsValue(p, v.then)} : ${printJsValue(p, v.else)})`;
    case 'ptradd':
      return `(${printJsValue(p, v.ptr)} ${v.sub ? '-' : '+'} ${scaled(printJsValue(p, v.index), v.stride)})`;
    case 'ptrdiff':
      return `((${printJsValue(p, v.left)} - ${printJsValue(p, v.right)}) / ${v.stride})`;
    case 'math': return printJsMath(p, v);
  }
}

function printJsMath(p: JsPrinter, v: Extract<IrValue, { op: 'math' }>): string {
  const args = v.args.map((a) => printJsValue(p, a));
  // C's abs on an int: two's complement, so abs(INT_MIN) stays INT_MIN as with gcc.
  if (v.name === 'abs') return `(Math.abs(${args[0]}) | 0)`;
  if (v.name === 'isnan') return `+Number.isNaN(${args[0]})`;
  const call = `Math.${v.name === 'fabs' ? 'abs' : v.name}(${args.join(', ')})`;
  return v.single ? `Math.fround(${call})` : call;
}

export function printJsCond(p: JsPrinter, cond: IrCond): string {
  switch (cond.op) {
    case 'compare': {
      const l = printJsValue(p, cond.left);
      const r = printJsValue(p, cond.right);
      const js = cond.cmp === '==' ? '===' : cond.cmp === '!=' ? '!==' : cond.cmp;
      // An unsigned long keeps the signed bit pattern (ctypes.ts): order comparisons read it unsigned.
      if (cond.kind === 'ulong' && js !== '===' && js !== '!==') return `($H.u64(${l}) ${js} $H.u64(${r}))`;
      return `(${l} ${js} ${r})`;
    }
    case 'logical': return `(${printJsCond(p, cond.left)} ${cond.and ? '&&' : '||'} ${printJsCond(p, cond.right)})`;
    case 'not': return `!${printJsCond(p, cond.arg)}`;
    case 'truth': {
      const v = printJsValue(p, cond.arg);
      const k = cond.arg.kind;
      return k !== 'ptr' && !isIntKind(k) ? `(${v} !== 0)` : v;
    }
  }
}
