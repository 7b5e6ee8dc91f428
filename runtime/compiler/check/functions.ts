/**
 * Function-level checks: kernel signatures (parameter roles, reduction rules), kernel and host function
 * bodies, and the recursion check over the kernel call graph.
 *
 * Kernel kinds: `reduce void` -> 'reduce'; a kernel returning a value -> 'helper' (callable from kernels
 * only); `kernel void` -> 'map' (launchable from host code, and also callable from kernels).
 */
import type { FunctionDecl, ParamDecl } from '../ast.js';
import type { ParamRole } from '../ir.js';
import type { Type } from '../types.js';
import { hasNarrowStorage, typeToString, VOID } from '../types.js';
import { reportCheck } from '../messages/check.js';
import type { Ctx, KernelInfo, KernelParam } from './ctx.js';
import { popScope, pushScope } from './ctx.js';
import { declareSymbol, isElementType, kernelValueType } from './decl.js';
import { applyArrayDims, evalConst, resolveTypeSpec } from './resolve.js';
import { createSym, Namer } from './scope.js';
import { canFallThrough, checkStmts, collectLabels } from './stmt.js';
import { ERROR, isLoose, sameType } from './typing.js';
import { checkExpr } from './expr.js';
import { checkKernelExprDepth } from './kernel-depth.js';
import { renameOverload } from './overloads.js';

function roleOf(p: ParamDecl): ParamRole {
  if (p.qualifier === 'out') return 'out';
  if (p.qualifier === 'vout') return 'vout';
  if (p.qualifier === 'reduce') return 'reduce';
  if (p.qualifier === 'iter') return 'iter';
  if (p.gatherDims > 0 || p.arrayDims.length > 0) return 'gather';
  if (p.isStream) return 'in';
  return 'const';
}

/** Pass 1: resolve a kernel's signature and declare it (bodies are checked in pass 2). */
export function declareKernel(ctx: Ctx, decl: FunctionDecl): KernelInfo {
  let ret = resolveTypeSpec(ctx, decl.returnType);
  if (!isLoose(ret) && ret.kind !== 'void') ret = kernelValueType(ctx, ret, decl.returnType.span);
  const kind: KernelInfo['kind'] = decl.brook === 'reduce' ? 'reduce' : ret.kind === 'void' ? 'map' : 'helper';
  const info: KernelInfo = { name: decl.name, kind, decl, params: [], returnType: ret, calls: [], sessionCallees: new Map() };
  const namer = new Namer('p_');
  decl.params.forEach((p, index) => info.params.push(declareParam(ctx, info, p, index, namer)));
  checkSignature(ctx, info);
  const fnType: Type = { kind: 'function', ret, params: info.params.map((p) => p.sym.type), variadic: false };
  // A prototype (`kernel float f(float a<>);`) and its definition share one symbol; the definition wins.
  const existing = ctx.scope.names.get(decl.name);
  if (existing?.kind === 'kernel' && existing.kernelDecl && (!existing.kernelDecl.body || !decl.body)) {
    if (decl.body) {
      existing.kernelDecl = decl;
      existing.type = fnType;
      ctx.kernels.set(decl.name, info);
      return info;
    }
    return ctx.kernels.get(decl.name) ?? info;
  }
  const sym = createSym('kernel', decl.name, ctx.globalNamer.fresh(decl.name), fnType, decl.nameSpan, { kernelDecl: decl });
  declareSymbol(ctx, sym, decl.nameSpan);
  ctx.kernels.set(decl.name, info);
  return info;
}

function declareParam(ctx: Ctx, k: KernelInfo, p: ParamDecl, index: number, namer: Namer): KernelParam {
  const role = roleOf(p);
  let elem = resolveTypeSpec(ctx, p.typeSpec);
  if (p.pointer > 0) { reportCheck(ctx.bag, 'BRK2228', p.nameSpan); elem = ERROR; }
  // A stream's element type as declared: 8-bit elements are stored narrow (types.ts narrowStorage).
  const streamRole = role !== 'const' && !(role === 'reduce' && !p.isStream);
  let storage: Type | undefined;
  if (!isLoose(elem)) {
    if (streamRole && hasNarrowStorage(elem)) storage = elem;
    elem = kernelValueType(ctx, elem, p.typeSpec.span, { stream: streamRole });
    if (!isElementType(elem)) { reportCheck(ctx.bag, 'BRK2224', p.typeSpec.span, { type: typeToString(elem) }); elem = ERROR; }
  }
  const gatherDims = role === 'gather' ? Math.max(p.gatherDims, p.arrayDims.length) : 0;
  if (role === 'gather') applyArrayDims(ctx, elem, p.arrayDims.filter((x) => x !== null)); // validate sizes only
  const typeText = typeToString(elem);
  if ((role === 'out' || role === 'vout' || role === 'iter' || (role === 'reduce' && p.gatherDims === 0 && p.arrayDims.length === 0)) && !p.isStream) {
    if (role === 'out' && k.kind === 'helper') reportCheck(ctx.bag, 'BRK2203', p.span, { name: p.name, kernel: k.name, type: typeText });
    else reportCheck(ctx.bag, 'BRK2202', p.span, { qual: p.qualifier ?? role, name: p.name, type: typeText });
  }
  if (role === 'reduce' && (p.gatherDims > 0 || p.arrayDims.length > 0)) {
    reportCheck(ctx.bag, 'BRK2202', p.span, { qual: 'reduce', name: p.name, type: typeText });
  }
  let voutMax: number | null = null;
  if (role === 'vout' && p.voutMax) {
    const vt = checkExpr(ctx, p.voutMax);
    const v = evalConst(ctx, p.voutMax);
    if (isLoose(vt)) voutMax = null;
    else if (v === undefined || !Number.isInteger(v) || v <= 0) reportCheck(ctx.bag, 'BRK2009', p.voutMax.span);
    else voutMax = v;
  }
  let type: Type;
  if (isLoose(elem)) type = elem;
  else if (role === 'gather') type = { kind: 'gather', elem, dims: gatherDims };
  else if (role === 'const' || (role === 'reduce' && !p.isStream)) type = elem;
  else type = { kind: 'stream', elem, rank: null, iter: role === 'iter' };
  p.type = type;
  const sym = createSym('param', p.name, namer.fresh(p.name), type, p.nameSpan, {
    inKernel: true,
    param: { role, index, kernel: k.name, gatherDims, isStream: p.isStream },
  });
  p.symbol = sym;
  return { name: p.name, role, elem, storage, gatherDims, isStream: p.isStream, voutMax, sym, span: p.span };
}

function checkSignature(ctx: Ctx, k: KernelInfo): void {
  const d = k.decl;
  for (const p of k.params) {
    if (p.role === 'reduce' && k.kind !== 'reduce') reportCheck(ctx.bag, 'BRK2208', p.span, { name: p.name, kernel: k.name });
  }
  if (k.kind !== 'reduce') return;
  if (d.returnType.type && d.returnType.type.kind !== 'void') reportCheck(ctx.bag, 'BRK2209', d.returnType.span, { name: k.name });
  const reduces = k.params.filter((p) => p.role === 'reduce');
  const inputs = k.params.filter((p) => p.role === 'in' || p.role === 'iter');
  const elemText = typeToString(inputs[0]?.elem ?? reduces[0]?.elem ?? { kind: 'scalar', name: 'float' });
  if (reduces.length !== 1) reportCheck(ctx.bag, 'BRK2204', reduces[1]?.span ?? d.nameSpan, { name: k.name, count: reduces.length, type: elemText });
  if (inputs.length !== 1) reportCheck(ctx.bag, 'BRK2205', inputs[1]?.span ?? d.nameSpan, { name: k.name, count: inputs.length });
  for (const p of k.params) {
    if (p.role === 'out' || p.role === 'vout') reportCheck(ctx.bag, 'BRK2206', p.span, { name: k.name, param: p.name });
  }
  if (reduces.length === 1 && inputs.length === 1 && !isLoose(reduces[0]!.elem) && !isLoose(inputs[0]!.elem) && !sameType(reduces[0]!.elem, inputs[0]!.elem)) {
    reportCheck(ctx.bag, 'BRK2207', reduces[0]!.span, { reduceType: typeToString(reduces[0]!.elem), inputType: typeToString(inputs[0]!.elem) });
  }
}

/** Pass 2: a kernel body. */
export function checkKernelBody(ctx: Ctx, k: KernelInfo): void {
  const body = k.decl.body;
  if (!body) return;
  const outer = ctx.scope;
  const sc = pushScope(ctx, 'kernel');
  for (const p of k.params) declareSymbol(ctx, p.sym, p.sym.declSpan);
  k.namer = new Namer('l_');
  ctx.fn = { decl: k.decl, kernel: k, namer: k.namer, returnType: k.returnType, loops: 0, switches: 0 };
  checkStmts(ctx, body.body);
  checkKernelExprDepth(ctx.bag, body);
  if (k.kind === 'helper' && !isLoose(k.returnType) && canFallThrough(body.body)) {
    reportCheck(ctx.bag, 'BRK2114', k.decl.nameSpan, { name: k.name });
  }
  // After an error in this kernel the warning would mostly repeat it (the write may be the bad line).
  const sp = k.decl.span;
  const clean = !ctx.bag.items.some((d) => d.severity === 'error' && d.span.file === sp.file && d.span.start >= sp.start && d.span.end <= sp.end);
  for (const p of clean ? k.params : []) {
    if ((p.role === 'out' || p.role === 'reduce' || p.role === 'vout') && !p.sym.written && !isLoose(p.elem)) {
      const what = p.role === 'out' ? 'output' : p.role === 'vout' ? 'vout argument' : 'reduce argument';
      reportCheck(ctx.bag, 'BRK2406', p.sym.declSpan, { what, name: p.name, kernel: k.name });
    }
  }
  ctx.fn = null;
  popScope(ctx, sc);
  ctx.scope = outer;
}

/** Pass 1 for host functions: the signature and the symbol (functions may be called before their body). */
export function declareFunction(ctx: Ctx, decl: FunctionDecl): void {
  let ret = resolveTypeSpec(ctx, decl.returnType);
  for (let i = 0; i < decl.returnPointer; i++) ret = { kind: 'pointer', to: ret };
  const params = decl.params.map((p) => hostParamType(ctx, p));
  // K&R `void f();` says nothing about the parameters: any arguments are accepted (as `...`).
  const t: Type = { kind: 'function', ret, params, variadic: !!decl.variadic || !!decl.unspecifiedParams, ...(decl.variadic ? { ellipsis: true } : {}) };
  const existing = ctx.scope.names.get(decl.name);
  if (existing?.kind === 'function') {
    const prev = existing.functionDecl;
    if (prev && !prev.unspecifiedParams && !decl.unspecifiedParams && existing.type.kind === 'function' && !sameSignature(existing.type, t)) {
      // `float f(float)` and `float f(float *, int)`: C++ overloading; this declaration becomes its
      // own function (check/overloads.ts), unless it is one already seen under that name.
      const before = decl.name;
      renameOverload(ctx, decl, existing.type, t as Extract<Type, { kind: 'function' }>, sameSignature, existing.declSpan);
      if (decl.name !== before) declareFunction(ctx, decl);
      return;
    }
    if (decl.body && prev?.body) {
      // A `static` function in a header that several files include: one definition per file in C,
      // the same text here, so one is kept.
      if (decl.isStatic && prev.isStatic && decl.nameSpan.file === prev.nameSpan.file && decl.nameSpan.start === prev.nameSpan.start) {
        decl.body = null;
        return;
      }
      reportCheck(ctx.bag, 'BRK2003', decl.nameSpan, { name: decl.name }, { related: [{ span: prev.nameSpan, message: `'${decl.name}' was defined here` }] });
      return;
    }
    // Prototypes and one definition (any number of files and headers): keep one symbol. The
    // definition's signature wins; a K&R prototype never replaces a full one.
    if (decl.body) {
      existing.functionDecl = decl;
      existing.type = t;
    } else if (!existing.functionDecl?.body && !decl.unspecifiedParams) {
      existing.type = t;
    }
    return;
  }
  // `extern int printf();` or `int printf(const char *, ...);` re-declares a library function: the
  // library's own signature and implementation stay in force.
  if (!decl.body && !existing && ctx.scope.lookup(decl.name)?.kind === 'hostlib') return;
  const sym = createSym('function', decl.name, ctx.globalNamer.fresh(decl.name), t, decl.nameSpan, { functionDecl: decl });
  declareSymbol(ctx, sym, decl.nameSpan);
}

/** Same parameter and return types (what C requires of a function's declarations). */
function sameSignature(a: Extract<Type, { kind: 'function' }>, b: Extract<Type, { kind: 'function' }>): boolean {
  if (isLoose(a.ret) || isLoose(b.ret) || a.params.some(isLoose) || b.params.some(isLoose)) return true; // already reported
  const text = (f: typeof a) => typeToString({ ...f, params: f.params.map(decayed) });
  return text(a) === text(b);
}

/** A parameter `float a[]` and `float *a` are the same type. */
function decayed(t: Type): Type {
  return t.kind === 'array' ? { kind: 'pointer', to: t.elem } : t;
}

function hostParamType(ctx: Ctx, p: ParamDecl): Type {
  let t = resolveTypeSpec(ctx, p.typeSpec);
  for (let i = 0; i < p.pointer; i++) t = { kind: 'pointer', to: t };
  if (p.arrayDims.length > 0 || p.gatherDims > 0) {
    // `float m[][4]` is a pointer to float[4]: the first extent decays.
    const dims = p.arrayDims.length > 0 ? p.arrayDims : Array.from({ length: p.gatherDims }, () => null);
    const inner = applyArrayDims(ctx, t, dims.slice(1));
    t = { kind: 'pointer', to: inner };
  }
  if (p.isStream) t = hostStreamParamType(ctx, p);
  else if (p.qualifier) t = ERROR; // the parser reported it
  p.type = t;
  return t;
}

/**
 * `float s<>` in a host function: the caller's stream itself (BrookGPU passed brook::stream handles,
 * so kernels launched on `s` write the caller's stream); `float (*s)<>` a pointer to it, which `*s`
 * reads and `streamSwap(*s, t)` replaces. Out/iter/vout/reduce qualifiers are kernel-only (BRK1214,
 * reported by the parser).
 */
function hostStreamParamType(ctx: Ctx, p: ParamDecl): Type {
  if (p.qualifier !== null && p.qualifier !== 'in') return ERROR;
  const elem = resolveTypeSpec(ctx, p.typeSpec);
  if (isLoose(elem)) return ERROR;
  if (!isElementType(elem)) { reportCheck(ctx.bag, 'BRK2322', p.typeSpec.span, { type: typeToString(elem) }); return ERROR; }
  let t: Type = { kind: 'stream', elem, rank: null, iter: false };
  for (let i = 0; i < p.pointer; i++) t = { kind: 'pointer', to: t };
  return t;
}

export function checkFunctionBody(ctx: Ctx, decl: FunctionDecl): void {
  if (!decl.body) return;
  const sym = ctx.scope.lookup(decl.name);
  const ft = sym?.type.kind === 'function' ? sym.type : undefined;
  const sc = pushScope(ctx, 'function');
  const namer = new Namer('', ctx.globalNamer);
  for (const n of ctx.sessionNames) namer.reserve(n);
  ctx.fn = { decl, kernel: null, namer, returnType: ft?.ret ?? VOID, loops: 0, switches: 0, labels: collectLabels(ctx, decl.body.body) };
  decl.params.forEach((p) => {
    if (!p.name) return;
    const s = createSym('param', p.name, namer.fresh(p.name), p.type ?? ERROR, p.nameSpan);
    p.symbol = s;
    declareSymbol(ctx, s, p.nameSpan);
  });
  checkStmts(ctx, decl.body.body);
  const ret = ft?.ret ?? VOID;
  if (ret.kind !== 'void' && !isLoose(ret) && decl.name !== 'main' && canFallThrough(decl.body.body)) {
    reportCheck(ctx.bag, 'BRK2404', decl.nameSpan, { name: decl.name });
  }
  ctx.fn = null;
  popScope(ctx, sc);
}

/** Kernels may not call themselves, directly or through other kernels. One diagnostic per cycle. */
export function checkRecursion(ctx: Ctx): void {
  const state = new Map<string, 'active' | 'done'>();
  const reported = new Set<string>();
  const stack: { name: string; span?: import('../source.js').Span }[] = [];
  const visit = (name: string) => {
    state.set(name, 'active');
    const k = ctx.kernels.get(name);
    for (const c of k?.calls ?? []) {
      if (!ctx.kernels.has(c.callee)) continue;
      const st = state.get(c.callee);
      if (st === 'active') {
        // The cycle's nodes n0 -> n1 -> ... -> n0; report at the call that comes last in the source
        // (the one that closes the cycle for a reader going top to bottom).
        const start = stack.findIndex((s) => s.name === c.callee);
        const nodes = stack.slice(start).map((s) => s.name);
        const key = [...nodes].sort().join(',');
        if (reported.has(key)) continue;
        reported.add(key);
        const edges = [...stack.slice(start + 1).map((s) => s.span!), c.span];
        let j = 0;
        edges.forEach((sp, i) => { if (sp.start > edges[j]!.start) j = i; });
        const k = nodes.length;
        const rotated = Array.from({ length: k }, (_, i) => nodes[(j + 1 + i) % k]!);
        const via = k > 1 ? ` through ${[...rotated, rotated[0]].join(' -> ')}` : '';
        reportCheck(ctx.bag, 'BRK2215', edges[j]!, { name: rotated[0]!, via });
      } else if (st === undefined) {
        stack.push({ name: c.callee, span: c.span });
        visit(c.callee);
        stack.pop();
      }
    }
    state.set(name, 'done');
  };
  for (const name of ctx.kernels.keys()) {
    if (!state.has(name)) {
      stack.push({ name });
      visit(name);
      stack.pop();
    }
  }
}
