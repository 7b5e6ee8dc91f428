/** The host IR's nodes (the contract is in index.ts). */
import type { Expr } from '../../../ast.js';
import type { Span } from '../../../source.js';
import type { ScalarName } from '../../../types.js';

/** The C kind of a host scalar value: a scalar type, or a pointer (an address: a byte offset). */
export type Kind = ScalarName | 'ptr';

export type ArithOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';
export type CompareOp = '<' | '>' | '<=' | '>=' | '==' | '!=';

/** A value of C kind `kind`. */
export type IrValue =
  /** A literal, its value already what the kind holds (float: a float32; integers: truncated). */
  | { op: 'const'; kind: Kind; value: number }
  /** An operand the printer reads itself (see the contract above). */
  | { op: 'leaf'; kind: Kind; expr: Expr }
  /**
   * A notebook (TypeScript) value where C wants a number: read as a double, checked at run time (a
   * string is the located error BRK5102 at `at`). JavaScript only: a loop with one stays JavaScript.
   */
  | { op: 'session'; kind: 'double'; expr: Expr; at: Span }
  /** The value of the lvalue a compound assignment or ++/-- updates (the printer supplies it). */
  | { op: 'current'; kind: Kind }
  | { op: 'convert'; kind: Kind; from: Kind; arg: IrValue; exact?: boolean }
  /**
   * `left op right` in `kind` (C's operation of that type: int wraps at 32 bits, float rounds to
   * float32, integer / and % truncate). `divisor` (/ and %): the right operand's literal value, if one
   * (a division by a nonzero constant cannot fail). `at`: where a failing division is reported.
   */
  | { op: 'arith'; kind: Kind; bin: ArithOp; left: IrValue; right: IrValue; divisor?: number; at: Span }
  | { op: 'neg' | 'bitnot'; kind: Kind; arg: IrValue }
  /** C's int 0 or 1 of a condition. */
  | { op: 'bool'; kind: 'int'; cond: IrCond }
  | { op: 'select'; kind: Kind; cond: IrCond; then: IrValue; else: IrValue }
  /** `ptr ± index * stride` (index: an integer converted to long, C's ptrdiff_t). */
  | { op: 'ptradd'; kind: 'ptr'; sub: boolean; ptr: IrValue; index: IrValue; stride: number }
  /** `(left - right) / stride`: the difference of two pointers, in elements. */
  | { op: 'ptrdiff'; kind: 'long'; left: IrValue; right: IrValue; stride: number }
  /**
   * A math.h function (the double form `name`; `single`: its float form, the double function of the
   * float arguments rounded once to float). `args` are already of the parameter kinds. Also `abs`
   * (int, two's complement: abs(INT_MIN) is INT_MIN) and `isnan` (an int 0 or 1).
   */
  | { op: 'math'; kind: Kind; name: string; single: boolean; args: IrValue[] };

/** A truth value. */
export type IrCond =
  | { op: 'compare'; kind: Kind; cmp: CompareOp; left: IrValue; right: IrValue }
  | { op: 'logical'; and: boolean; left: IrCond; right: IrCond }
  | { op: 'not'; arg: IrCond }
  /** C's test of a value: nonzero (NaN too), or a non-NULL pointer. */
  | { op: 'truth'; arg: IrValue };

export type HostIr = IrValue | IrCond;
