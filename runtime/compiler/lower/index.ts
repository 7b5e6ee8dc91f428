/**
 * Lowering: checked kernels (the annotated tree plus the checker's Facts) to the kernel IR of ir.ts.
 *
 * In: a Ctx after a check without errors. Out: one CheckedKernel per kernel of the unit, each with
 * - `ir`: a map or reduce kernel whose `helpers` list every helper it calls, transitively, callees
 *   before callers (for a helper kernel: its callees and then itself; its `body` is the helper body);
 * - `helper`: the kernel lowered as a helper (value semantics), so later cells can call it;
 * - `key`: sha256 of the kernel's source, its helpers' keys and the compiler version.
 *
 * Naming: params `p_<name>`, locals `l_<name>` (`l_x_1` when shadowed), temporaries `l_tmp`, `l_tmp_1`
 * (from the same namer as the locals), helpers `h_<kernel>`. None collides with a JS or WGSL reserved
 * word; writers may use any other prefix (`t_`, `b_`, `st_`, ...) for their own names.
 * A `declare` without an initializer starts at zero (C leaves it undefined; both writers zero it).
 * Out arguments of a helper call: `args[i]` reads the lvalue's current value (copy-in), `outArgs[i]`
 * is the lvalue written back after the call (copy-out); a call with out arguments is always a
 * statement of its own (`expr`, or the init of a `declare`), never nested in an expression.
 * A helper receives, after its own arguments, one hidden float4 position per stream parameter whose
 * `indexof` it (or a helper it calls) reads: `hiddenIndexofParams`; callers pass `indexofArgs`.
 * A gather passed to a helper is an argument `{ op: 'param', type: gather }` naming the caller's gather.
 */
import { createHash } from 'node:crypto';
import type { IRHelper, IRParam, IRStmt, KernelIR } from '../ir.js';
import type { CheckedKernel } from '../check/program.js';
import type { Ctx, KernelInfo } from '../check/ctx.js';
import { lowerStmts } from './stmt.js';
import { assertValidKernelIR } from './validate.js';
import { kernelFacts } from '../facts/index.js';
import type { LowerState } from './state.js';

export const COMPILER_VERSION = 'brook-ts-0.1';

interface Lowered {
  helper?: IRHelper;
  /** Direct helper callees of the kernel's body. */
  callees: Set<string>;
}

export function lowerUnitKernels(ctx: Ctx): CheckedKernel[] {
  const helperCache = new Map<string, Lowered>();
  const keys = new Map<string, string>();

  const helperOf = (name: string): IRHelper | undefined => {
    const session = ctx.sessionKernels.get(name);
    if (session && !ctx.kernels.has(name)) return session.helper;
    const k = ctx.kernels.get(name);
    if (!k || !k.decl.body || k.kind === 'reduce' || k.params.some((p) => p.role === 'vout')) return undefined;
    let l = helperCache.get(name);
    if (!l) {
      l = lowerHelper(ctx, k, helperOf);
      helperCache.set(name, l);
    }
    return l.helper;
  };

  /** Helpers reachable from `names`, callees before callers. */
  const closure = (names: Iterable<string>): IRHelper[] => {
    const out: IRHelper[] = [];
    const seen = new Set<string>();
    const emitted = new Set<string>();
    const push = (h: IRHelper) => {
      if (!emitted.has(h.name)) { emitted.add(h.name); out.push(h); }
    };
    const visit = (n: string) => {
      if (seen.has(n)) return;
      seen.add(n);
      const session = !ctx.kernels.has(n) ? ctx.sessionKernels.get(n) : undefined;
      if (session) {
        // A kernel of an earlier cell brings its own (already ordered) helpers.
        for (const h of session.ir.helpers) if (h !== session.helper) push(h);
        if (session.helper) push(session.helper);
        return;
      }
      const h = helperOf(n);
      if (!h) return;
      for (const c of helperCache.get(n)?.callees ?? []) visit(c);
      push(h);
    };
    for (const n of names) visit(n);
    return out;
  };

  const result: CheckedKernel[] = [];
  for (const k of ctx.kernels.values()) {
    if (!k.decl.body) continue;
    const { ir } = lowerKernel(ctx, k, helperOf);
    if (k.kind === 'helper') {
      helperOf(k.name);
      ir.helpers = closure([k.name]);
    } else {
      ir.helpers = closure(ir.helpers.map((h) => h.name.replace(/^h_/, '')));
    }
    // Every kernel IR is checked against ir.ts's invariants before a writer sees it (validate.ts),
    // then its facts are decided, once, for every writer (compiler/facts).
    assertValidKernelIR(ir);
    const facts = kernelFacts(ir);
    const helper = k.kind === 'reduce' ? undefined : helperOf(k.name);
    const key = keyOf(ctx, k, ir, keys);
    result.push({ name: k.name, decl: k.decl, kind: k.kind, ir, key, facts, helper });
  }
  return result;
}

function newState(ctx: Ctx, k: KernelInfo, mode: 'kernel' | 'helper', helperOf: (n: string) => IRHelper | undefined): LowerState {
  return {
    facts: ctx.facts, bag: ctx.bag, kernel: k, mode, returnType: k.returnType, temps: 0,
    indexofParams: new Set(), hiddenIndexof: new Set(), callees: new Set(), helperOf,
  };
}

/** Local copies of the parameters a helper writes (value semantics), declared first. */
function paramCopies(k: KernelInfo): IRStmt[] {
  return k.params
    .filter((p) => p.sym.copyName)
    .map((p) => ({ op: 'declare', name: p.sym.copyName!, type: p.elem, init: { op: 'param', type: p.elem, index: p.sym.param!.index }, span: p.span }) as IRStmt);
}

function lowerKernel(ctx: Ctx, k: KernelInfo, helperOf: (n: string) => IRHelper | undefined): { ir: KernelIR } {
  const st = newState(ctx, k, 'kernel', helperOf);
  const body = [...paramCopies(k), ...lowerStmts(st, k.decl.body!.body)];
  const params: IRParam[] = k.params.map((p) => ({
    name: p.sym.emitName,
    sourceName: p.name,
    role: p.role,
    type: p.elem,
    ...(p.storage ? { storage: p.storage } : {}),
    ...(p.role === 'gather' ? { gatherDims: p.gatherDims } : {}),
    ...(p.role === 'vout' ? { voutMax: p.voutMax } : {}),
    span: p.span,
  }));
  const ir: KernelIR = {
    name: k.name,
    kind: k.kind === 'reduce' ? 'reduce' : 'map',
    params,
    body,
    helpers: [...st.callees].map((n) => helperOf(n)!).filter((h) => h !== undefined),
    indexofParams: [...st.indexofParams].sort((a, b) => a - b),
    ...(k.decl.native ? { native: k.decl.native.name } : {}),
    span: k.decl.span,
  };
  return { ir };
}

function lowerHelper(ctx: Ctx, k: KernelInfo, helperOf: (n: string) => IRHelper | undefined): Lowered {
  const st = newState(ctx, k, 'helper', helperOf);
  const body = [...paramCopies(k), ...lowerStmts(st, k.decl.body!.body)];
  const helper: IRHelper = {
    name: `h_${k.name}`,
    params: k.params.map((p) => ({
      name: p.sym.emitName,
      type: p.role === 'gather' ? { kind: 'gather', elem: p.elem, dims: p.gatherDims } : p.elem,
      isOut: p.role === 'out' || p.role === 'vout',
      isStream: p.isStream,
    })),
    returnType: k.returnType,
    body,
    hiddenIndexofParams: [...st.hiddenIndexof].sort((a, b) => a - b),
    span: k.decl.span,
  };
  return { helper, callees: st.callees };
}

function keyOf(ctx: Ctx, k: KernelInfo, ir: KernelIR, keys: Map<string, string>): string {
  const cached = keys.get(k.name);
  if (cached) return cached;
  const h = createHash('sha256');
  h.update(COMPILER_VERSION);
  const span = k.decl.span;
  h.update(span.file >= 0 ? ctx.sources.get(span.file).text.slice(span.start, span.end) : k.name);
  if (k.decl.native) h.update(`\0native ${k.decl.native.name}`);
  // Helpers' IR shapes the compiled code too (a helper from an earlier cell may change).
  h.update(JSON.stringify(ir.helpers.map((x) => x.body), (key, v) => (key === 'span' ? undefined : v)));
  const key = h.digest('hex').slice(0, 32);
  keys.set(k.name, key);
  return key;
}
