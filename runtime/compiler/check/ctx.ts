/**
 * The checker's state for one translation unit, and the side tables the lowering reads.
 *
 * The contract fields of the tree (Expr.type, Ident.symbol, ...) are what host codegen reads. Facts
 * that only the lowering needs (which MemberExpr is a swizzle, which IndexExpr is a gather, which call is
 * a built-in and with what parameter types) live in `Facts`, keyed by node, so the lowering never
 * re-derives a decision the checker made.
 */
import type { BinaryExpr, AssignExpr, CallExpr, Expr, FunctionDecl, IndexExpr, MemberExpr, UnaryExpr, PostfixExpr, CondExpr } from '../ast.js';
import type { DiagnosticBag } from '../diagnostics.js';
import type { ParamRole } from '../ir.js';
import type { SourceSet, Span } from '../source.js';
import type { StructType, Type } from '../types.js';
import type { CheckedKernel } from './program.js';
import { Namer, Scope, type Sym } from './scope.js';

export type MemberFact = { kind: 'field' } | { kind: 'swizzle'; components: number[] };
export type CallFact =
  | { kind: 'builtin'; name: string; params: Type[] }
  | { kind: 'helper'; kernel: string }
  | { kind: 'push'; param: number }
  | { kind: 'other' };
export type IndexFact =
  /** Outermost index of a gather: indices in source order (slowest dimension first). */
  | { kind: 'gather'; param: number; indices: Expr[]; dims: number }
  | { kind: 'gatherInner' }
  | { kind: 'component'; component: number }
  | { kind: 'host' };

export interface Facts {
  member: WeakMap<MemberExpr, MemberFact>;
  call: WeakMap<CallExpr, CallFact>;
  index: WeakMap<IndexExpr, IndexFact>;
  /** Type both operands convert to (binary operators, compound assignments, ?: arms, ++/--). */
  operand: WeakMap<BinaryExpr | AssignExpr | UnaryExpr | PostfixExpr | CondExpr, Type>;
}

export function createFacts(): Facts {
  return { member: new WeakMap(), call: new WeakMap(), index: new WeakMap(), operand: new WeakMap() };
}

export interface KernelParam {
  name: string;
  role: ParamRole;
  /** Element type (streams, gathers, iterators) or value type (constants, scalar reduce args). */
  elem: Type;
  /** The element type as declared, when it has narrow components (char2 for an `elem` of int2). */
  storage?: Type;
  gatherDims: number;
  isStream: boolean;
  voutMax: number | null;
  sym: Sym;
  span: Span;
}

/** What a kernel looks like to callers: enough to check calls, from this unit or an earlier cell. */
export interface KernelSig {
  name: string;
  kind: 'map' | 'reduce' | 'helper';
  /** `elem`: the type the body computes with; `storage`: a stream's declared element type where it
   *  differs (char, uchar, fixed: stored narrow), which is what a caller's stream must hold. */
  params: { name: string; role: ParamRole; elem: Type; storage?: Type; gatherDims: number; isStream: boolean }[];
  returnType: Type;
}

export interface KernelInfo extends KernelSig {
  decl: FunctionDecl;
  params: KernelParam[];
  /** Calls to other kernels from the body, for the recursion check and helper ordering. */
  calls: { callee: string; span: Span }[];
  /** Session kernels (earlier cells) called from this body. */
  sessionCallees: Map<string, CheckedKernel>;
  /** Names of the body's locals (`l_` prefix); the lowering takes its temporaries from it too. */
  namer?: Namer;
}

export interface FnState {
  decl: FunctionDecl | null;
  kernel: KernelInfo | null;
  namer: Namer;
  returnType: Type;
  loops: number;
  switches: number;
  /** Labels of the function body (host code), for goto. */
  labels?: Set<string>;
}

export interface Ctx {
  bag: DiagnosticBag;
  sources: SourceSet;
  mode: 'program' | 'cell';
  global: Scope;
  scope: Scope;
  structs: Map<string, StructType>;
  typedefs: Map<string, Type>;
  kernels: Map<string, KernelInfo>;
  sessionKernels: Map<string, CheckedKernel>;
  facts: Facts;
  globalNamer: Namer;
  fn: FnState | null;
  /** The call currently checked as a whole expression statement (kernel launches must be one). */
  statementCall: Expr | null;
  /** expr.ts's checkExpr: the modules below it check operands through this (operands.ts). */
  checkExpr: (ctx: Ctx, e: Expr) => Type;
  /** Names from the notebook session; function locals are renamed around them. */
  sessionNames: Set<string>;
  /** Unknown names already reported, per function ("fn\0name"). */
  reportedUnknown: Set<string>;
  /** Counter for anonymous struct names. */
  anon: number;
  /** The unit has C++ member functions or operators (check/cxx-members.ts rewrites their uses). */
  cxxMembers?: boolean;
  /** Operands cxx-members.ts checked to learn their type: checked once, not again by the caller
   *  (without it `a + b + c + ...` would be checked 2^n times). */
  cxxChecked?: WeakSet<Expr>;
  /** C++ overloaded host functions: the name as written -> its variants (check/overloads.ts). */
  overloads?: Map<string, Overload[]>;
  /** Host calls, caller -> callees ('' for global initializers), and the calls of functions that no
   *  file defines made in inline functions: C++ needs those only if the inline function is used
   *  (check/linkage.ts). */
  hostCalls?: Map<string, Set<string>>;
  unlinked?: { caller: string; span: Span; name: string }[];
}

/** One variant of an overloaded host function: its own name (`f`, `f__o1`, ...) and type. */
export interface Overload { name: string; type: Extract<Type, { kind: 'function' }> }

export function inKernel(ctx: Ctx): boolean {
  return ctx.fn?.kernel != null;
}

export function pushScope(ctx: Ctx, kind: Scope['kind'] = 'block'): Scope {
  ctx.scope = new Scope(ctx.scope, kind);
  return ctx.scope;
}

export function popScope(ctx: Ctx, s: Scope): void {
  ctx.scope = s.parent ?? ctx.global;
}
