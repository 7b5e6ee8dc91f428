/**
 * The semantic checker: TranslationUnit in, CheckedProgram (the annotated tree plus tables, see
 * program.ts) and BRK2xxx diagnostics out. When there are no errors, every kernel is lowered to IR.
 *
 * Passes over the unit, in source order:
 *   1. typedefs, structs, and the signatures of kernels and host functions (declared up front, so a
 *      function may be called before its body; kernels check their parameter roles and reduction rules);
 *   2. global variables and streams, kernel bodies, host function bodies, cell statements;
 *   3. the recursion check over the kernel call graph;
 *   4. lowering (lower/) of every kernel of this unit, when there are no errors.
 *
 * Notebook sessions: `externals` are names from earlier cells and TypeScript values. They live in a
 * scope outside the unit's globals, so a cell may redeclare a name (re-running a cell is idempotent).
 *
 * Decisions (each has a test in tests/compiler/check.test.ts or lower.test.ts):
 * - `double` in kernels is computed as float32 with warning BRK2402 (both backends agree; WebGPU has
 *   no f64). `char`/`short`/`long` in kernels are 32-bit ints (warning BRK2405).
 * - An integer literal next to a float, or stored into a float, is a float (kernels only).
 * - Mixed vector sizes take the smaller size with warning BRK2401 (Cg's rule); in kernels a vector
 *   stored into a smaller vector or a scalar keeps its first components (warning BRK2403).
 * - Helper kernels (returning a value) take arguments by value: writing a non-out parameter changes a
 *   local copy. In launchable kernels, inputs, gathers, constants and iterators are read-only.
 * - A `reduce` argument must be a stream (`reduce float r<>`), as the error corpus requires.
 * - Kernels may read `const` globals with constant initializers and enumerators (as constants); any
 *   other host variable is BRK2217/BRK2226.
 * - `switch` and `goto` are host-only (the IR has neither); kernels with `vout` arguments are launched
 *   from host code only.
 * - One diagnostic per unknown name per function; anything built on an error is silently ERROR.
 * - Brace initializers come out fully braced (decl.ts), so later stages never deal with C's elision.
 */
import type { TranslationUnit } from '../ast.js';
import { DiagnosticBag, type Diagnostic } from '../diagnostics.js';
import type { SourceSet } from '../source.js';
import type { StructType, Type } from '../types.js';
import { NO_SPAN } from '../source.js';
import { reportCheck } from '../messages/check.js';
import type { CheckedKernel, CheckedProgram } from './program.js';
import { createFacts, type Ctx, type Facts } from './ctx.js';
import { checkTypedef, checkVarDecl } from './decl.js';
import { checkFunctionBody, checkKernelBody, checkRecursion, declareFunction, declareKernel } from './functions.js';
import { reportUnlinkedCalls } from './linkage.js';
import { checkExpr } from './expr.js';
import { HOST_LIB } from './hostlib.js';
import { declareIncomplete, defineStruct } from './resolve.js';
import { createSym, Namer, Scope } from './scope.js';
import { checkStmt } from './stmt.js';
import { lowerUnitKernels } from '../lower/index.js';

export type { CheckedKernel, CheckedProgram } from './program.js';
export { HOST_LIB, type HostLibEntry } from './hostlib.js';
export { KERNEL_BUILTIN_NAMES } from './builtins.js';

/** A name the notebook session provides to a cell. */
export type SessionSymbol =
  /** A kernel (map, reduce or helper) compiled by an earlier cell. */
  | { kind: 'kernel'; name: string; kernel: CheckedKernel }
  /** A live stream: `type` is a stream type (element type and rank). */
  | { kind: 'stream'; name: string; type: Type }
  /** A host variable of an earlier cell (`type` known) or a TypeScript value (`{ kind: 'dynamic' }`). */
  | { kind: 'value'; name: string; type: Type }
  /** A host function of an earlier cell (`type` is a function type) or a TypeScript function (dynamic). */
  | { kind: 'function'; name: string; type: Type }
  /** A struct (by tag or typedef name) or a typedef from an earlier cell. */
  | { kind: 'struct'; name: string; type: StructType }
  | { kind: 'typedef'; name: string; type: Type };

export interface CheckOptions {
  mode: 'program' | 'cell';
  externals?: Map<string, SessionSymbol>;
}

export interface CheckResult {
  program: CheckedProgram;
  diagnostics: Diagnostic[];
  /** Side tables of the checker's decisions (for the lowering and for tests). */
  facts: Facts;
}

export function checkProgram(unit: TranslationUnit, sources: SourceSet, options: CheckOptions): CheckResult {
  const bag = new DiagnosticBag();
  const library = new Scope(null, 'global');
  const session = new Scope(library, 'global');
  const global = new Scope(session, 'global');
  const ctx: Ctx = {
    bag, sources, mode: options.mode, global, scope: global,
    structs: new Map(), typedefs: new Map(), kernels: new Map(), sessionKernels: new Map(),
    facts: createFacts(), globalNamer: new Namer(), fn: null, statementCall: null, checkExpr, anon: 0, reportedUnknown: new Set(), sessionNames: new Set(),
  };
  for (const e of HOST_LIB.values()) {
    const kind = e.kind === 'constant' ? 'constant' : 'hostlib';
    library.names.set(e.name, createSym(kind, e.name, e.name, e.type, NO_SPAN, { hostlib: e }));
  }
  addExternals(ctx, session, options.externals);
  ctx.cxxMembers = unit.items.some((i) => i.kind === 'FunctionDecl' && (i.method !== undefined || i.name.startsWith('operator_')));

  const program: CheckedProgram = {
    unit, structs: ctx.structs, typedefs: ctx.typedefs, kernels: new Map(), functions: [], globals: [], types: [], statements: unit.statements,
    sessionKernels: ctx.sessionKernels,
  };

  // Pass 1: types and signatures.
  for (const [what, i] of unit.order) {
    if (what !== 'item') continue;
    const item = unit.items[i]!;
    if (item.kind === 'TypedefDecl') { checkTypedef(ctx, item); program.types.push(item); }
    else if (item.kind === 'StructDecl' && item.def.forward) declareIncomplete(ctx, item.def.tag!);
    else if (item.kind === 'StructDecl') { defineStruct(ctx, item.def); program.types.push(item); }
    else if (item.kind === 'FunctionDecl') {
      if (item.brook) declareKernel(ctx, item);
      else declareFunction(ctx, item);
    }
  }
  // Pass 2: globals, bodies, statements, in source order.
  for (const [what, i] of unit.order) {
    if (what === 'stmt') {
      const s = unit.statements[i]!;
      if (options.mode === 'program') reportCheck(bag, 'BRK2324', s.span);
      checkStmt(ctx, s);
      continue;
    }
    const item = unit.items[i]!;
    if (item.kind === 'VarDecl') { checkVarDecl(ctx, item, 'global'); program.globals.push(item); }
    else if (item.kind === 'FunctionDecl') {
      if (item.brook) { const k = ctx.kernels.get(item.name); if (k && k.decl === item) checkKernelBody(ctx, k); }
      else { checkFunctionBody(ctx, item); if (item.body) program.functions.push(item); }
    }
  }
  reportUnlinkedCalls(ctx, program.functions.filter((f) => !f.isInline).map((f) => f.name));
  checkRecursion(ctx);
  for (const k of ctx.kernels.values()) for (const [n, ck] of k.sessionCallees) ctx.sessionKernels.set(n, ck);

  if (!bag.hasErrors) {
    for (const ck of lowerUnitKernels(ctx)) program.kernels.set(ck.name, ck);
  }
  return { program, diagnostics: bag.items, facts: ctx.facts };
}

function addExternals(ctx: Ctx, scope: Scope, externals: Map<string, SessionSymbol> | undefined): void {
  if (!externals) return;
  for (const [name, s] of externals) {
    // Not reserved in the global namer: a cell that redeclares a session name rebinds it (re-running a
    // cell is idempotent). Function locals do avoid session names (see Ctx.sessionNames).
    ctx.sessionNames.add(name);
    switch (s.kind) {
      case 'kernel':
        scope.names.set(name, createSym('kernel', name, name, s.kernel.decl.returnType.type ? { kind: 'function', ret: s.kernel.decl.returnType.type, params: s.kernel.decl.params.map((p) => p.type ?? { kind: 'dynamic' }), variadic: false } : { kind: 'dynamic' }, s.kernel.decl.nameSpan, { sessionKernel: s.kernel }));
        break;
      case 'stream': case 'value':
        scope.names.set(name, createSym('session', name, name, s.type, NO_SPAN));
        break;
      case 'function':
        scope.names.set(name, createSym('session', name, name, s.type, NO_SPAN));
        break;
      case 'struct':
        ctx.structs.set(name, s.type);
        scope.typedefs.set(name, s.type);
        break;
      case 'typedef':
        scope.typedefs.set(name, s.type);
        break;
    }
  }
}
