/**
 * Kernel IR: the backend-neutral form of a kernel or reduction body. The checker's lowering
 * (`lower/`) produces it from the typed AST; `codegen/js` and `codegen/wgsl` only print it.
 *
 * What always holds in valid IR (the lowering guarantees it, the writers rely on it):
 * - Every expression has its final `type`. Binary operands have the same type (the lowering inserts
 *   `convert`, `splat` and narrowing `swizzle`s: Cg's rule, float2 + float4 -> float2); comparisons give
 *   bool or boolN; `&&`/`||` take and give bool (short-circuit).
 * - Expressions have no side effects except `call` of a helper with out-arguments. Assignments,
 *   compound assignments, `++`/`--` and `push` are statements.
 * - Names of locals are unique within a kernel and never collide with JS or WGSL reserved words or with
 *   the writers' own names (the lowering prefixes them: `l_x`, `l_x_1`).
 * - Integer literals in a float context are already float constants.
 * - Stream parameters are read through `param` (the current element, after shape resizing and domain
 *   offset), `gather`, `indexof`; outputs are written through lvalues rooted at the out parameter, and
 *   the writers store them to the stream after the body (or at `return`).
 */
import type { Span } from './source.js';
import type { Type } from './types.js';

export type ParamRole =
  | 'in' // input stream `T x<>`: reads give the element for the current output position
  | 'out' // output stream `out T r<>`: a local written back after the body
  | 'gather' // `T g[]..[][][]`: random access; index rule: compiler/facts/gather.ts
  | 'iter' // iterator stream `iter T i<>`: value computed from the position, no memory
  | 'const' // read-only constant
  | 'reduce' // the accumulator of a reduce kernel (read and written)
  | 'vout'; // `vout [N] T e<>`: written by `push(e)`

export interface IRParam {
  name: string; // name in generated code
  sourceName: string; // name the user wrote
  role: ParamRole;
  /** Element type for streams, gathers, iterators (the type the body computes with); value type for
   *  constants. */
  type: Type;
  /** A stream's element type as declared when it has narrow components (types.ts narrowStorage):
   *  `char2` where `type` is int2, `fixed` where it is float. Every store into the stream narrows
   *  its components (wrap to 8/16 bits, or fixed's saturate-and-round); loads need nothing. */
  storage?: Type;
  gatherDims?: number;
  /** Max pushes per element for vout (`vout [4]`); null for `vout []` (unbounded). */
  voutMax?: number | null;
  span: Span;
}

export interface KernelIR {
  name: string;
  kind: 'map' | 'reduce';
  params: IRParam[];
  body: IRStmt[];
  /** Helper kernels this kernel calls (transitively), callees before callers. */
  helpers: IRHelper[];
  /** Indices of params whose `indexof` the body reads (so a backend computes positions only if needed). */
  indexofParams: number[];
  /** `#pragma brook native(NAME)`: a library's hand-written form of this kernel (brt/native.ts), which a
   *  backend may run instead of the body when its preconditions hold; results must agree with the body. */
  native?: string;
  span: Span;
  /**
   * Only on reductions fused with the map kernel that feeds them (compiler/fuse, chosen by
   * runtime/brt/fusion.ts): the input parameter's element is computed, not loaded. At each element
   * position of the input (relative to its domain, which is dense and as large as the input), the
   * writers run `body`, which reads the parameters from index `from` on (the producer's: in, iter,
   * const, gather; its `out` parameters are stored at that position) and ends by assigning the
   * input parameter. `body` (above) stays the combining step and reads only parameters below `from`;
   * the input parameter has no storage of its own.
   */
  produce?: { from: number; body: IRStmt[] };
}

/** A kernel called from kernels (`kernel float3 avg(float3 a<>, float3 b<>)`): value semantics. */
export interface IRHelper {
  name: string;
  params: { name: string; type: Type; isOut: boolean; isStream: boolean }[];
  returnType: Type;
  body: IRStmt[];
  /** For `indexof` of a helper's stream parameter: which of the caller's params it maps to is not
   *  known statically, so the position travels as a hidden float4 argument per stream parameter. */
  hiddenIndexofParams: number[];
  span: Span;
}

// ---------------------------------------------------------------------------------------------------

export type IRExpr =
  | { op: 'const'; type: Type; value: number[]; span?: Span } // one number per component
  | { op: 'local'; type: Type; name: string; span?: Span }
  | { op: 'param'; type: Type; index: number; span?: Span }
  | { op: 'binary'; type: Type; operator: IRBinaryOp; left: IRExpr; right: IRExpr; span?: Span }
  | { op: 'unary'; type: Type; operator: '-' | '!' | '~'; operand: IRExpr; span?: Span }
  | { op: 'select'; type: Type; cond: IRExpr; then: IRExpr; else: IRExpr; span?: Span }
  | { op: 'convert'; type: Type; value: IRExpr; span?: Span } // same component count, other scalar
  | { op: 'splat'; type: Type; value: IRExpr; span?: Span } // scalar -> vector
  | { op: 'swizzle'; type: Type; value: IRExpr; components: number[]; span?: Span }
  | { op: 'construct'; type: Type; args: IRExpr[]; span?: Span } // vector from scalars/vectors, or struct from fields
  | { op: 'field'; type: Type; value: IRExpr; field: string; span?: Span }
  | { op: 'builtin'; type: Type; name: string; args: IRExpr[]; span?: Span }
  | { op: 'call'; type: Type; helper: string; args: IRExpr[]; outArgs: (IRLValue | null)[]; indexofArgs: IRExpr[]; span?: Span }
  /** `g[i]`, `g[v]`, `g[r][c]`: `index` has one float (or int) expression per dimension, fastest dimension first. */
  | { op: 'gather'; type: Type; param: number; index: IRExpr[]; span?: Span }
  /** Position of the current element in the stream param (float4, x fastest, relative to its domain). */
  | { op: 'indexof'; type: Type; param: number; span?: Span }
  /** Inside a helper: the hidden position argument of its stream parameter `param`. */
  | { op: 'helperIndexof'; type: Type; param: number; span?: Span };

export type IRBinaryOp =
  | '+' | '-' | '*' | '/' | '%'
  | '<' | '>' | '<=' | '>=' | '==' | '!='
  | '&&' | '||'
  | '&' | '|' | '^' | '<<' | '>>';

/** Something assignable: a local or an out/reduce param, then a path of field names and swizzle masks. */
export interface IRLValue {
  root: { kind: 'local'; name: string } | { kind: 'param'; index: number };
  type: Type; // type of the whole lvalue
  path: ({ kind: 'field'; name: string } | { kind: 'swizzle'; components: number[] } | { kind: 'index'; index: IRExpr })[];
}

export type IRStmt =
  | { op: 'declare'; name: string; type: Type; init: IRExpr | null; span?: Span }
  | { op: 'assign'; target: IRLValue; value: IRExpr; span?: Span }
  | { op: 'expr'; expr: IRExpr; span?: Span }
  | { op: 'if'; cond: IRExpr; then: IRStmt[]; else: IRStmt[]; span?: Span }
  /** for/while/do: `init` runs once; `cond` (null = true) is tested before each iteration unless
   *  `testFirst` is false (do-while); `update` runs after the body and after `continue`. */
  | { op: 'loop'; init: IRStmt[]; cond: IRExpr | null; update: IRStmt[]; body: IRStmt[]; testFirst: boolean; span?: Span }
  | { op: 'break'; span?: Span }
  | { op: 'continue'; span?: Span }
  | { op: 'return'; value: IRExpr | null; span?: Span }
  | { op: 'push'; param: number; value: IRExpr; span?: Span };
