/**
 * What the checker hands to the code generators: the annotated tree plus tables.
 *
 * Contract (the checker guarantees, host codegen and the runtime rely on it):
 * - Every Expr in host code and kernels has `type`; every Ident has `symbol`; every Declarator has
 *   `symbol`; every TypeSpec and ParamDecl has `type`. `symbol.emitName` is unique per scope chain and
 *   safe as a JavaScript identifier.
 * - A CallExpr whose callee Ident has symbol.kind 'kernel' is a kernel launch or reduction; the
 *   kernel's entry in `kernels` says which.
 * - Every kernel (map, reduce, helper) is lowered to IR; `diagnostics` has no errors when this is used.
 */
import type { KernelFacts } from '../facts/index.js';
import type { FunctionDecl, Stmt, TranslationUnit, VarDecl, TypedefDecl, StructDecl } from '../ast.js';
import type { IRHelper, KernelIR } from '../ir.js';
import type { StructType, Type } from '../types.js';

export interface CheckedKernel {
  name: string;
  decl: FunctionDecl;
  /** 'map': `kernel void` with outputs; 'reduce': `reduce void`; 'helper': a kernel returning a value
   *  or called only from kernels. */
  kind: 'map' | 'reduce' | 'helper';
  /** Lowered IR (for helpers: an IR whose body is the helper; callers inline it via `helpers`). */
  ir: KernelIR;
  /** Hash of the kernel's source text and the compiler version: cache key for compiled forms. */
  key: string;
  /** The kernel facts (compiler/facts), computed right after the IR validator: what writers print from. */
  facts: KernelFacts;
  /** The kernel lowered as a helper (value semantics), for kernels of later cells that call it.
   *  Absent for reduce kernels (they cannot be called from kernels). */
  helper?: IRHelper;
}

export interface CheckedProgram {
  unit: TranslationUnit;
  structs: Map<string, StructType>;
  typedefs: Map<string, Type>;
  kernels: Map<string, CheckedKernel>;
  /** Host functions with bodies, in source order. */
  functions: FunctionDecl[];
  /** Top-level variable declarations (host globals and top-level streams), in source order. */
  globals: VarDecl[];
  /** Other top-level declarations kept for the session (typedefs, struct declarations). */
  types: (TypedefDecl | StructDecl)[];
  /** Notebook cells only: top-level statements, in order. */
  statements: Stmt[];
  /** Kernels of earlier notebook cells that this unit calls (host launches read their Ident.symbol,
   *  whose kind is 'kernel'; this map gives their CheckedKernel). */
  sessionKernels?: Map<string, CheckedKernel>;
}
