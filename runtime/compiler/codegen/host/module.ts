/**
 * Assembling the generated module, for whole programs and for notebook cells.
 *
 * The module text is the body of `function ($env)` (runtime/hostlib/loader.ts instantiates it):
 *
 *   const { rt: $rt, lib: $L, H: $H, K: $K, S: $S } = $env;  const $M = $L.mem;
 *   ...module constants: spans, types, string literals...
 *   ...program mode: globals as `let` (values) or `const name = $M.alloca(n)` (arrays, structs)...
 *   ...functions...
 *   return { init, main, functions };         // program mode
 *   return { run };                            // cell mode: run() executes the cell
 *
 * Cell mode keeps everything that must outlive the cell in the session object `$S` (see index.ts):
 * globals in `$S.v[name]`, host functions in `$S.f[name]`, kernels in `$S.k[name]`; later cells reach
 * them by name, and a redefinition replaces the entry (a replaced stream is freed).
 */
import type { Declarator, Expr, FunctionDecl, VarDecl } from '../../ast.js';
import type { CheckedProgram } from '../../check/program.js';
import type { Type } from '../../types.js';
import { sizeOf } from '../../types.js';
import { callAwaits } from './brook.js';
import type { Ctx } from './expr.js';
import { emitValue } from './expr.js';
import { addressTaken, emitFunction } from './func.js';
import { FnState, HostGen, type Storage } from './gen.js';
import { emitDeclarator, zeroValue } from './init.js';
import { inlineSmallCalls } from './inline.js';
import { hoistFieldReads } from './licm.js';
import { inlineStructValues } from './inline-struct.js';
import { scalarizeStructLocals } from './scalarize.js';
import { emitStmt, Lines, type StmtCtx } from './stmt.js';
import { walkStmt, walkVarDecl } from './walk.js';

const HEADER = [
  '"use strict";',
  'const { rt: $rt, lib: $L, H: $H, K: $K, S: $S } = $env;',
  'const $M = $L.mem;',
  'let $gt;',
  'let $ic = 0;',
  // A checked access (memory.ts): the shadow byte inline, the slow path (partial granule, fault) in $H.
  'function $ck(p, n, w, sp) { return $M.sh[p >>> 3] === 0 ? p : $H.ck($M, p, n, w, sp); }',
  // The same with the shadow view passed in: call-free loops copy `$M.sh` to a local (stmt.ts hoistViews).
  'function $ckv(sh, p, n, w, sp) { return sh[p >>> 3] === 0 ? p : $H.ck($M, p, n, w, sp); }',
];

function registerKernels(g: HostGen, program: CheckedProgram): void {
  for (const [name, k] of program.kernels) {
    g.kernels.set(name, { kind: k.kind, params: k.ir.params.map((p) => ({ role: p.role, type: p.type, name: p.sourceName })) });
  }
}

/** emitName of each host function, from the symbols at its call sites (the checker's naming). */
function functionNames(program: CheckedProgram): Map<string, string> {
  const names = new Map<string, string>();
  const visit = {
    expr(e: Expr) {
      if (e.kind === 'Ident' && e.symbol?.kind === 'function') names.set(e.symbol.name, e.symbol.emitName);
    },
  };
  for (const fn of program.functions) walkStmt(fn.body, visit);
  for (const d of program.globals) walkVarDecl(d, visit);
  for (const s of program.statements) walkStmt(s, visit);
  return names;
}

/** Which functions must be async: they wait for the runtime themselves or call one that does. */
function computeAsync(g: HostGen, program: CheckedProgram, names: Map<string, string>): void {
  const direct = new Set<string>();
  const calls = new Map<string, Set<string>>();
  const ctx: Ctx = { g, f: null };
  for (const fn of program.functions) {
    const me = names.get(fn.name) ?? fn.name;
    const callees = new Set<string>();
    walkStmt(fn.body, {
      expr(e) {
        if (e.kind !== 'CallExpr') return;
        if (callAwaits(ctx, e)) direct.add(me);
        if (e.callee.kind === 'Ident' && e.callee.symbol?.kind === 'function') callees.add(e.callee.symbol.emitName);
      },
    });
    calls.set(me, callees);
  }
  for (const d of direct) g.asyncFns.add(d);
  g.asyncFns.add(names.get('main') ?? 'main');
  for (let changed = true; changed; ) {
    changed = false;
    for (const [fn, callees] of calls) {
      if (g.asyncFns.has(fn)) continue;
      for (const x of callees) {
        if (g.asyncFns.has(x)) {
          g.asyncFns.add(fn);
          changed = true;
          break;
        }
      }
    }
  }
}

function globalsTaken(program: CheckedProgram): Set<string> {
  const taken = new Set<string>();
  for (const fn of program.functions) for (const n of addressTaken(fn.body)) taken.add(n);
  for (const s of program.statements) for (const n of addressTaken(s)) taken.add(n);
  for (const d of program.globals) {
    walkVarDecl(d, { expr(e) { if (e.kind === 'UnaryExpr' && e.op === '&' && e.operand.kind === 'Ident' && e.operand.symbol) taken.add(e.operand.symbol.emitName); } });
  }
  return taken;
}

function inMem(t: Type, taken: boolean): boolean {
  return t.kind === 'array' || t.kind === 'struct' || (taken && t.kind !== 'stream');
}

// ---------------------------------------------------------------------------------------------------
// Program mode

export function generateProgramModule(g: HostGen, original: CheckedProgram): string {
  registerKernels(g, original);
  const names = functionNames(original);
  // Small functions inlined at their call sites (inline.ts): locals they reached by pointer stay out of Mem.
  // Then struct fields that a loop cannot change are read once before it (licm.ts).
  // Struct values built in place and temporaries in locals first (inline-struct.ts); struct locals
  // left with only field uses become one local per field (scalarize.ts).
  const inlined = inlineSmallCalls(inlineStructValues(original), (e) => g.calls.isBrookCall(e));
  const program = { ...inlined, functions: inlined.functions.map((fn) => hoistFieldReads(scalarizeStructLocals(fn))) };
  computeAsync(g, program, names);
  for (const fn of program.functions) {
    if (fn.returnType.type?.kind === 'struct' && fn.returnPointer === 0) g.structReturn.add(names.get(fn.name) ?? fn.name);
  }

  const decls: string[] = [];
  const taken = globalsTaken(program);
  for (const d of program.globals) {
    for (const dec of d.declarators) {
      const sym = dec.symbol;
      if (!sym || g.globals.has(sym.emitName)) continue;
      const t = sym.type;
      if (inMem(t, taken.has(sym.emitName))) {
        g.globals.set(sym.emitName, { kind: 'mem', addr: sym.emitName });
        decls.push(`const ${sym.emitName} = $M.alloca(${Math.max(1, sizeOf(t))});`);
      } else {
        g.globals.set(sym.emitName, { kind: 'js', name: sym.emitName });
        decls.push(`let ${sym.emitName} = ${zeroValue(t)};`);
      }
    }
  }

  const fnLines: string[] = [];
  for (const fn of program.functions) fnLines.push(...emitFunction(g, fn, names.get(fn.name) ?? fn.name), '');

  // Global initializers and top-level streams run in $init, in source order.
  const init = new Lines(1);
  const initFn = new FnState('$init', '$init', { kind: 'void' }, true, false);
  const ictx: StmtCtx = { g, f: initFn, goto: emptyGoto() };
  for (const d of program.globals) for (const dec of d.declarators) emitDeclarator(ictx, d, dec, init);

  const mainName = names.get('main');
  const hasMain = program.functions.some((f) => f.name === 'main');
  // Before g.consts is spread below: the frame's redzone list is a module constant.
  const initFrame = initFn.frameSize > 0 ? [`  const $fp = ${g.frameAlloc(initFn)};`] : [];
  const exported = program.functions.map((f) => `${JSON.stringify(f.name)}: ${names.get(f.name) ?? f.name}`);
  return [
    ...HEADER,
    ...g.consts,
    ...decls,
    ...g.staticInits,
    '',
    ...fnLines,
    ...(g.wasm?.instantiation() ?? []),
    `async function $init() {`,
    ...(initFn.tempNames.length ? [`  let ${initFn.tempNames.join(', ')};`] : []),
    ...initFrame,
    ...init.out,
    '}',
    `return { init: $init, main: ${hasMain ? (mainName ?? 'main') : 'undefined'}, functions: { ${exported.join(', ')} } };`,
  ].join('\n');
}

function emptyGoto(): StmtCtx['goto'] {
  return { counts: new Map(), active: new Map(), done: new Set(), labelAll: false, breakTargets: [], continueTargets: [], next: 0 };
}

// ---------------------------------------------------------------------------------------------------
// Cell mode

const prop = (name: string) => JSON.stringify(name);

export function generateCellModule(g: HostGen, program: CheckedProgram): string {
  registerKernels(g, program);
  const names = functionNames(program);
  const taken = globalsTaken(program);

  // Globals of this cell live in the session.
  for (const d of program.globals) {
    for (const dec of d.declarators) {
      const sym = dec.symbol;
      if (!sym) continue;
      const slot = `$S.v[${prop(sym.name)}]`;
      g.globals.set(sym.emitName, inMem(sym.type, taken.has(sym.emitName)) ? { kind: 'mem', addr: slot } : { kind: 'js', name: slot });
    }
  }

  const run = new Lines(1);
  const cellFn = new FnState('$cell', '$cell', { kind: 'void' }, true, false);
  const ctx: StmtCtx = { g, f: cellFn, goto: emptyGoto() };
  // Kernels and functions first: a cell may call what it defines below the call.
  for (const name of program.kernels.keys()) run.line(`$S.k[${prop(name)}] = $K[${prop(name)}];`);
  const fnLines: string[] = [];
  for (const fn of program.functions) {
    const emitName = names.get(fn.name) ?? fn.name;
    fnLines.push(...emitFunction(g, fn, emitName));
    run.line(`$S.f[${prop(fn.name)}] = ${emitName};`);
  }

  // Cell-level locals (for-loop counters and other declarations in statements).
  const locals: string[] = [];
  for (const s of program.unit.statements) {
    walkStmt(s, {
      declarator(dec, decl) {
        const sym = dec.symbol;
        if (!sym || cellFn.locals.has(sym.emitName) || decl.isStatic) return;
        if (inMem(sym.type, taken.has(sym.emitName))) cellFn.locals.set(sym.emitName, { kind: 'mem', addr: cellFn.slot(sym.type) });
        else {
          cellFn.locals.set(sym.emitName, { kind: 'js', name: sym.emitName });
          locals.push(`${sym.emitName} = ${zeroValue(sym.type)}`);
        }
      },
    });
  }
  const unit = program.unit;
  for (const [kind, index] of unit.order) {
    if (kind === 'item') {
      const item = unit.items[index];
      if (item?.kind === 'VarDecl') emitCellGlobal(ctx, item, run);
    } else {
      const s = unit.statements[index];
      if (!s) continue;
      if (s.kind === 'ExprStmt' && index === unit.statements.length - 1 && isLastInOrder(unit.order, index)) {
        run.line(`return { value: ${emitValue(ctx, s.expr)}, type: ${s.expr.type ? g.type(s.expr.type) : 'undefined'} };`);
        continue;
      }
      emitStmt(ctx, s, run);
    }
  }
  run.line('return { value: undefined, type: undefined };');
  const cellFrame = cellFn.frameSize > 0 ? [`  const $fp = ${g.frameAlloc(cellFn)};`] : [];

  return [
    ...HEADER,
    ...g.consts,
    ...g.staticInits,
    '',
    ...fnLines,
    ...(g.wasm?.instantiation() ?? []),
    'async function run() {',
    ...(cellFn.tempNames.length ? [`  let ${cellFn.tempNames.join(', ')};`] : []),
    ...(locals.length ? [`  let ${locals.join(', ')};`] : []),
    // The cell's frame (locals in its blocks) ends with the cell, as a function's does.
    ...(cellFrame.length ? [...cellFrame, '  try {', ...run.out.map((l) => '  ' + l), '  } finally {', '    $M.release($fp);', '  }'] : run.out),
    '}',
    'return { run };',
  ].join('\n');
}

function isLastInOrder(order: ['item' | 'stmt', number][], stmtIndex: number): boolean {
  const lastEntry = order[order.length - 1];
  return !!lastEntry && lastEntry[0] === 'stmt' && lastEntry[1] === stmtIndex;
}

function emitCellGlobal(c: StmtCtx, d: VarDecl, L: Lines): void {
  for (const dec of d.declarators) {
    const sym = dec.symbol;
    if (!sym) continue;
    const st = c.g.globals.get(sym.emitName) as Storage;
    const t = sym.type;
    if (t.kind === 'stream') {
      // Re-running a cell rebinds the name: free the stream it held.
      L.line(`$H.releaseStream($rt, $S.v[${prop(sym.name)}]);`);
      emitDeclarator(c, d, dec, L);
      continue;
    }
    // A re-run's array or struct takes the storage of the one it replaces (memory.ts cellGlobal).
    if (st.kind === 'mem') L.line(`${st.addr} = $M.cellGlobal(${prop(sym.name)}, ${Math.max(1, sizeOf(t))});`);
    else L.line(`${st.name} = ${zeroValue(t)};`);
    emitDeclarator(c, d, dec as Declarator, L);
  }
}

export type { FunctionDecl };
