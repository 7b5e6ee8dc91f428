/**
 * One host C function to one JavaScript function.
 *
 *   [async] function NAME([$ret,] a, b) {
 *     let $t0, ...; let x = 0, v = [0, 0, 0, 0], s;   // temporaries and hoisted locals
 *     const $fp = $M.alloca(FRAME, $G0);               // Mem frame: arrays, structs, &-taken locals
 *     try { ...parameter copies...; body } finally { $M.release($fp); }
 *   }
 *
 * - A function is async when it (transitively) waits for the runtime: streamRead/streamWrite/
 *   streamPrint, a reduction into a host value, a session function (module.ts computes the set).
 * - Struct parameters are copied into the frame (C passes them by value); struct results are written to
 *   the hidden `$ret` address that the caller provides.
 * - `static` locals live at module level under a name unique to the function.
 */
import type { Declarator, Expr, FunctionDecl, ParamDecl, Stmt, SymbolRef, VarDecl } from '../../ast.js';
import type { Type } from '../../types.js';
import { sizeOf, VOID } from '../../types.js';
import { storeCode } from './ctypes.js';
import { FnState, type HostGen, type Storage } from './gen.js';
import { emitInitializer, zeroValue } from './init.js';
import { emitBlockBody, Lines, type StmtCtx } from './stmt.js';
import { deadStreamsAfterCalls } from './liveness.js';
import { walkStmt } from './walk.js';
import { runsOnFirstPass } from './static-init.js';

/** Names whose address is taken with `&` (they must live in Mem): `&x`, and `&v.x` / `&v[i]` of a
 *  component of a vector variable v (splyload.cpp's `fscanf(fp, "%f", &in.x)`). */
export function addressTaken(body: Stmt | null): Set<string> {
  const out = new Set<string>();
  walkStmt(body, {
    expr(e) {
      if (e.kind !== 'UnaryExpr' || e.op !== '&') return;
      let x = e.operand;
      while ((x.kind === 'MemberExpr' && !x.arrow && x.object.type?.kind === 'vector') || (x.kind === 'IndexExpr' && x.object.type?.kind === 'vector')) x = x.object;
      if (x.kind === 'Ident' && x.symbol) out.add(x.symbol.emitName);
    },
  });
  return out;
}

/** The symbol of parameter `p`: from the checker when it records one, else from the body's uses. */
export function paramSymbol(fn: FunctionDecl, p: ParamDecl): SymbolRef | undefined {
  if (p.symbol) return p.symbol;
  let found: SymbolRef | undefined;
  walkStmt(fn.body, {
    expr(e) {
      if (found || e.kind !== 'Ident' || !e.symbol) return;
      const s = e.symbol;
      if (s.kind === 'param' && s.name === p.name && s.declSpan.start >= p.span.start && s.declSpan.start <= p.span.end) found = s;
    },
  });
  return found;
}

function needsMem(t: Type, taken: boolean): boolean {
  return t.kind === 'array' || t.kind === 'struct' || (taken && t.kind !== 'stream');
}

export function returnTypeOf(fn: FunctionDecl): Type {
  const t = fn.returnType.type ?? VOID;
  let r = t;
  for (let i = 0; i < fn.returnPointer; i++) r = { kind: 'pointer', to: r };
  return r;
}

export function emitFunction(g: HostGen, fn: FunctionDecl, emitName: string): string[] {
  const ret = returnTypeOf(fn);
  const isAsync = g.cell || g.asyncFns.has(emitName);
  const structRet = ret.kind === 'struct';
  const f = new FnState(emitName, fn.name, ret, isAsync, structRet);
  const c: StmtCtx = {
    g,
    f,
    goto: { counts: gotoCounts(fn.body), active: new Map(), done: new Set(), labelAll: false, breakTargets: [], continueTargets: [], next: 0 },
  };
  const taken = addressTaken(fn.body);
  f.deadAfter = deadStreamsAfterCalls(fn.body);
  const prologue: string[] = [];
  const jsLocals: string[] = [];

  // Parameters.
  const paramNames: string[] = [];
  fn.params.forEach((p, i) => {
    if (p.typeSpec.name === 'void' && p.pointer === 0 && fn.params.length === 1 && !p.name) return;
    const sym = paramSymbol(fn, p);
    let t: Type = p.type ?? sym?.type ?? { kind: 'scalar', name: 'int' };
    if (t.kind === 'array') t = { kind: 'pointer', to: t.elem }; // C adjusts array parameters to pointers
    if (!sym) {
      paramNames.push(`$p${i}`);
      return;
    }
    if (needsMem(t, taken.has(sym.emitName))) {
      const incoming = `$a${i}`;
      paramNames.push(incoming);
      const addr = f.slot(t);
      f.locals.set(sym.emitName, { kind: 'mem', addr });
      prologue.push(t.kind === 'struct' ? `$H.copy($M, ${addr}, ${incoming}, ${sizeOf(t)});` : `${storeCode(addr, t, incoming)};`);
    } else {
      paramNames.push(sym.emitName);
      f.locals.set(sym.emitName, { kind: 'js', name: sym.emitName });
    }
  });

  if (fn.variadic) {
    paramNames.push('$va');
    f.hasVarArgs = true;
  }

  // Locals (hoisted) and static locals (module level).
  walkStmt(fn.body, {
    declarator(dec: Declarator, decl: VarDecl) {
      const sym = dec.symbol;
      if (!sym) return;
      if (f.locals.has(sym.emitName)) return;
      const t = sym.type;
      if (decl.isStatic) {
        const name = `${emitName}$${sym.emitName}`;
        const st: Storage = needsMem(t, taken.has(sym.emitName)) ? { kind: 'mem', addr: name } : { kind: 'js', name };
        f.locals.set(sym.emitName, st);
        declareStatic(g, c, st, t, dec);
        return;
      }
      if (needsMem(t, taken.has(sym.emitName))) {
        f.locals.set(sym.emitName, { kind: 'mem', addr: f.slot(t) });
      } else {
        f.locals.set(sym.emitName, { kind: 'js', name: sym.emitName });
        jsLocals.push(`${sym.emitName} = ${zeroValue(t)}`);
      }
    },
  });
  const body = new Lines(2);
  for (const line of prologue) body.line(line);
  if (fn.body) emitBlockBody(c, fn.body.body, body);
  if (fn.name === 'main') body.line('return 0;');

  const params = (structRet ? ['$ret'] : []).concat(paramNames);
  const out: string[] = [];
  if (f.tempNames.length) out.push(`  let ${f.tempNames.join(', ')};`);
  if (jsLocals.length) out.push(`  let ${jsLocals.join(', ')};`);
  if (f.frameSize > 0) {
    out.push(`  const $fp = ${g.frameAlloc(f)};`);
    out.push('  try {');
    out.push(...body.out);
    out.push('  } finally {');
    out.push('    $M.release($fp);');
    out.push('  }');
  } else {
    out.push(...body.out.map((l) => l.slice(2)));
  }
  // The JS engine's stack overflow becomes a located "stack overflow" error naming this function
  // (the innermost frames may overflow again while making it; an outer frame of the recursion succeeds).
  return [
    `${isAsync ? 'async ' : ''}function ${emitName}(${params.join(', ')}) {`,
    '  try {',
    ...out.map((l) => '  ' + l),
    `  } catch ($e) { throw $H.stackOverflow($e, ${JSON.stringify(fn.name)}, ${g.span(fn.nameSpan)}); }`,
    '}',
  ];
}

function gotoCounts(body: Stmt | null): Map<string, number> {
  const counts = new Map<string, number>();
  walkStmt(body, {
    stmt(s) {
      if (s.kind === 'GotoStmt') counts.set(s.label, (counts.get(s.label) ?? 0) + 1);
    },
  });
  return counts;
}

/** A static local: module-level storage, initialized once when the module loads (a constant
 *  initializer) or when control first reaches it (static-init.ts). */
function declareStatic(g: HostGen, c: StmtCtx, st: Storage, t: Type, dec: Declarator): void {
  if (st.kind === 'mem') g.staticInits.push(`const ${st.addr} = $M.alloca(${Math.max(1, sizeOf(t))});`);
  else g.staticInits.push(`let ${st.name} = ${zeroValue(t)};`);
  if (t.kind === 'stream' || runsOnFirstPass(dec.init)) {
    // C++: initialized when control first passes the declaration (stmt.ts emitVarDecl); a static
    // stream is created there too, with the extents of that moment, and never freed.
    const guard = `${st.kind === 'mem' ? st.addr : st.name}$ready`;
    g.staticInits.push(`let ${guard} = 0;`);
    g.firstPassStatics.set(dec, guard);
  } else if (dec.init) {
    const lines: string[] = [];
    // Static initializers are constant expressions: no frame or temporaries needed.
    const saved = c.f;
    emitInitializer({ g, f: null }, st, t, dec.init as Expr, { line: (s) => lines.push(s) });
    c.f = saved;
    g.staticInits.push(...lines);
  }
}
