/**
 * Call-free host loops compiled to WebAssembly (issues 12 and 17): a `for` loop whose test, update and
 * body call nothing but pure math runs as one exported function of the program's (or cell's)
 * WebAssembly module, on the same host memory (hostlib/memory.ts: a WebAssembly.Memory). V8 compiles
 * such a function before its first call (Liftoff, then TurboFan), so a loop that runs once (a
 * program's set-up loop) runs compiled from its first iteration, where the same loop in JavaScript
 * spends its first call in the interpreter and on-stack replacement.
 *
 * The meaning of every value is the host IR's (ir/index.ts: lowered once, printed by
 * ir/print-js.ts for JavaScript and ir/print-wasm.ts here); this file writes the loop's statements
 * and the IR's leaves: the loop's variables (WebAssembly locals) and its memory accesses:
 * - every memory access the JavaScript code checks is checked: proven and hoisted accesses (bounds.ts,
 *   hoist.ts) run unchecked; an element of a pointer is tested against the count of elements of the
 *   malloc block it starts, an element of a fixed array against its length, and outside them the loop
 *   records the access and traps (`element`; the guard keeps the JavaScript loop where a pointer
 *   starts no block).
 * - a pointer walk's `*p` is checked once before the loop (hoist.ts hoistPointerWalk); a pointer the
 *   loop assigns is a local written back after it, but no checked access goes through it.
 * Anything outside that subset (long variables, whole vectors and structs, other checked `*p`, switch,
 * return, goto, a cell's loop with inner loops) throws `NotCompiled` while the loop is examined, and
 * the loop stays JavaScript; so does a loop that touches no memory and does no float arithmetic
 * (below; 'all' compiles it).
 * docs/DECISIONS.md "Host loops as WebAssembly".
 *
 * The JavaScript side (see `wasmLoop`): the loop's variables go in as parameters and those it assigns
 * come back as results; the module (`$W`) is instantiated once by module.ts.
 */
import type { Expr, ForStmt, Stmt } from '../../ast.js';
import { loopIsCallFree } from './bounds.js';
import { unrollTest } from './hoist.js';
import { walkStmt } from './walk.js';
import type { Ctx } from './expr.js';
import { constValue as constOf, NotCompiled } from './ir/index.js';
import { LoopWriter, wt, type Var } from './wasmloop-writer.js';
import { hasInnerLoop } from './wasmloop-nest.js';
import { WASM_LOOP_ENDED } from '../../host-memory.js';
import { storageOf } from './gen.js';

/** Trips below which a short loop (hoist.ts unrollTest's kind) stays JavaScript (see wasmLoop). */
const MIN_TRIPS = 16;
/** Iterations a cell's compiled loop runs a call before it returns to let the session stop the cell. */
const CELL_CHUNK = 65536;
/** Iterations of a program's compiled loop (without inner loops) its first call runs (see wasmLoop). */
const FIRST_TRIPS = 1024;

/** The JavaScript names of the non-static locals declared in `body` (scalarized struct fields too). */
function localsDeclaredIn(c: Ctx, body: Stmt): Set<string> {
  const names = new Set<string>();
  walkStmt(body, {
    declarator(d, decl) {
      if (decl.isStatic || decl.isExtern || !d.symbol) return;
      const st = storageOf(c, d.symbol);
      if (st?.kind === 'js') names.add(st.name);
    },
  });
  return names;
}

/** Whether the loop has a `+ - * /` (or its compound assignment) computed in float. */
function hasFloatArithmetic(s: Stmt): boolean {
  let found = false;
  const isFloat = (e: Expr) => e.type?.kind === 'scalar' && e.type.name === 'float';
  walkStmt(s, {
    expr(e) {
      if (e.kind === 'BinaryExpr' && ['+', '-', '*', '/'].includes(e.op) && isFloat(e)) found = true;
      if (e.kind === 'AssignExpr' && ['+=', '-=', '*=', '/='].includes(e.op) && isFloat(e.target)) found = true;
    },
  });
  return found;
}

/**
 * The JavaScript lines that run `s` (its init already emitted) as a WebAssembly function, or
 * undefined when the loop stays JavaScript. With a `guard`, the lines run only where it holds (a
 * short loop has at least MIN_TRIPS to go; every checked pointer starts a malloc block: its count,
 * from hoistSpans or $H.count, above 0); the caller keeps the JavaScript loop for the other case (a
 * pointer into the middle of a block, to an array, freed: each access then takes the full check).
 */
export function wasmLoop(c: Ctx, s: ForStmt): { guard?: string; lines: string[] } | undefined {
  const f = c.f;
  const mod = c.g.wasm;
  if (!f || !mod || c.g.options.hostWasm === false || !loopIsCallFree(s)) return undefined;
  // A notebook cell's loop returns to JavaScript every CELL_CHUNK iterations so that the session can
  // stop it ($S.checkInterrupt): only a loop without inner loops, whose every iteration ends at that
  // one back edge (inner loops of a loop left to JavaScript are compiled on their own).
  if (c.g.cell && hasInnerLoop(s.body)) return undefined;
  // A short loop body run a few times costs less in JavaScript than the call (about 15 ns with its
  // results, against 1-2 ns an iteration): below MIN_TRIPS iterations the JavaScript loop runs. A
  // constant trip count decides here, any other at run time.
  const short = unrollTest(c, s);
  const trips = constantTrips(s);
  if (short && trips !== undefined && trips < MIN_TRIPS) return undefined;
  try {
    // Pass 1 finds the loop's variables (each becomes a local); pass 2 writes the function with them
    // as parameters, in the order found.
    const counts = new Map<string, string>(); // the same count temps in both passes
    const first = new LoopWriter(c, mod, [], counts);
    first.loop(s, true);
    // A loop that loads and stores nothing stays JavaScript (docs/DECISIONS.md "Host loops as
    // WebAssembly"): WebAssembly's gain is in memory accesses (no typed-array bounds or shadow
    // checks); without any, V8 makes the same machine code of the JavaScript loop, which hoist.ts
    // unrolls, and the call into WebAssembly and back is pure cost (issue 27: the math.h shape ran at
    // 0.91x of JavaScript on the H200, pure arithmetic loops at 0.86-0.95x here).
    // Single-precision arithmetic is the exception: WebAssembly has f32 operations, JavaScript rounds
    // each float operation with Math.fround (loops.cxx_class, a Vec3 of floats in locals: 1.84 ms in
    // JavaScript, 0.49 ms in WebAssembly on 2core). A float variable alone is not (loops.cxx_refs, an
    // int converted to float and added to a double: 1.37 ms in JavaScript, 1.60 ms in WebAssembly).
    if (!first.touchesMemory && !hasFloatArithmetic(s) && c.g.options.hostWasm !== 'all') return undefined;
    const vars = [...first.vars.values()];
    const second = new LoopWriter(c, mod, vars, counts);
    second.loop(s, true);
    // What the loop assigns goes back to JavaScript, but for the locals the body of a loop without
    // inner loops declares: nothing after the loop names them, and a call ends between iterations.
    // Returning them kept each value live across the back edge (loops.cxx_class: thirteen floats,
    // spilled by V8; 0.43 -> 0.18 ms on 2core). Not in a nest: there V8 moved a local no longer
    // returned into the inner loop that reads it (loops.early_exit: the key's multiply every four
    // elements, 2.62 -> 2.84 ms).
    const dead = hasInnerLoop(s.body) ? new Set<string>() : localsDeclaredIn(c, s.body);
    const results = vars.filter((v) => v.assigned && !dead.has(v.js));
    const name = `L${mod.functions.length}`;
    for (const v of results) second.b.get(second.vars.get(v.js)!.local);
    mod.functions.push({ name, params: [...vars.map((v) => wt(v.kind)), 'i32'], results: results.map((v) => wt(v.kind)), locals: second.b.locals, code: second.b.code });
    const tripGuard = short && trips === undefined ? [`${short.rest} >= ${MIN_TRIPS}`] : [];
    const guard = [...tripGuard, ...second.guards.values()].join(' && ') || undefined;
    // A call runs at most `budget` iterations of the top loop, then its variables are written back.
    const back = (v: Var, js: string) => `${v.js} = ${v.kind === 'uint' || v.kind === 'ptr' ? `${js} >>> 0` : js};`;
    const callLines = (budget: string | number): string[] => {
      const call = `$W.${name}(${[...vars.map((v) => v.js), budget].join(', ')})`;
      if (!results.length) return [`${call};`];
      if (results.length === 1) return [back(results[0]!, call)];
      const r = f.temp();
      return [`${r} = ${call};`, ...results.map((v, k) => back(v, `${r}[${k}]`))];
    };
    // A loop the writer runs to its end in one call (its budget unused).
    if (!second.chunked) return { guard, lines: callLines(0) };
    const budget = f.temp();
    const ended = `$M.i32[${WASM_LOOP_ENDED >>> 2}] !== 0`;
    const indent = (ls: string[]) => ls.map((l) => '  ' + l);
    if (c.g.cell) {
      // Calls of CELL_CHUNK iterations until the loop ends, the session's stop checked between them.
      return { guard, lines: [`${budget} = ${CELL_CHUNK};`, 'for (;;) {', ...indent(callLines(budget)), `  if (${ended}) break;`, '  $S.checkInterrupt?.();', '}'] };
    }
    // A program's loop: a first call of FIRST_TRIPS (a loop nest: 1) iterations, which most loops
    // finish in, then calls that grow or shrink to about LOOP_CALL_MS each ($H.loopBudget). V8 runs a
    // WebAssembly function in its baseline code (Liftoff) until it has optimized it (TurboFan) in the
    // background, and a call already running never moves to the optimized code: a program's set-up
    // loop run as one call stayed in the baseline code to its end (segmentation's 2048^2 set-up 70
    // ms instead of 49, its sum 17 instead of 5; gcc -O2 25 and 5).
    const since = f.temp();
    const firstTrips = hasInnerLoop(s.body) ? 1 : FIRST_TRIPS;
    return {
      guard,
      lines: [`${budget} = ${firstTrips}; ${since} = 0;`, 'for (;;) {', ...indent(callLines(budget)), `  if (${ended}) break;`, `  ${budget} = $H.loopBudget(${budget}, ${since}); ${since} = performance.now();`, '}'],
    };
  } catch (e) {
    if (e instanceof NotCompiled) return undefined;
    throw e;
  }
}

/** Iterations of `for (i = K1; i < K2; i++)` (or `<=`) with both bounds literal, else undefined. */
function constantTrips(s: ForStmt): number | undefined {
  const init = s.init;
  let start: Expr | undefined;
  if (init?.kind === 'ExprStmt' && init.expr.kind === 'AssignExpr' && init.expr.op === '=') start = init.expr.value;
  else if (init?.kind === 'DeclStmt' && init.decl.kind === 'VarDecl' && init.decl.declarators.length === 1) start = init.decl.declarators[0]!.init as Expr | undefined;
  const cond = s.cond;
  if (!start || !cond || cond.kind !== 'BinaryExpr' || (cond.op !== '<' && cond.op !== '<=')) return undefined;
  const a = constOf(start);
  const b = constOf(cond.right);
  if (a === undefined || b === undefined) return undefined;
  return Math.max(0, b - a + (cond.op === '<=' ? 1 : 0));
}
