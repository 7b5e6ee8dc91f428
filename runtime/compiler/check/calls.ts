/**
 * Calls. Inside kernels: built-ins (resolveBuiltin), helper kernels (value semantics, out arguments
 * must be assignable), `push`. In host code: user functions, the host library (hostlib.ts), the Brook
 * API (brook-api.ts), and kernel launches/reductions (launch.ts).
 */
import type { CallExpr, Expr, Ident } from '../ast.js';
import type { Type } from '../types.js';
import { typeToString, VOID } from '../types.js';
import { plural, reportCheck } from '../messages/check.js';
import { reportSyntax } from '../messages/syntax.js';
import type { Ctx, KernelSig } from './ctx.js';
import { inKernel } from './ctx.js';
import { checkOperand, checkWritable, coerce, lookupOrReport } from './operands.js';
import { builtinArity, builtinOuts, builtinSignature, isKernelBuiltin, resolveBuiltin } from './builtins.js';
import { checkBrookApi } from './brook-api.js';
import { rewriteStreamMethod, streamToInterface } from './brook-stream.js';
import { writeStreamFormat } from './cxx-stream-io.js';
import { resolveOverload } from './overloads.js';
import { noteHostCall } from './linkage.js';
import { checkKernelLaunch, kernelSigOf, signatureText } from './launch.js';
import { createSym, type Sym } from './scope.js';
import { NO_SPAN } from '../source.js';
import { ERROR, isLoose, swizzleText, scalarKind } from './typing.js';

export function checkCall(ctx: Ctx, e: CallExpr): Type {
  const callee = e.callee;
  if (callee.kind === 'MemberExpr' && callee.member === 'domain' && !inKernel(ctx)) return checkBrookApi(ctx, e, 'domain');
  if (rewriteStreamMethod(ctx, e)) return checkCall(ctx, e); // s.read(p) -> streamRead(s, p)
  if (callee.kind === 'MemberExpr') {
    // `v.unsafeGetAt(0)`, `p.step(dt)`: a C++ method call (BrookGPU's CPU-runtime vectors had
    // methods). Reported once per program: the same helper code usually calls several. Its arguments
    // belong to the C++ (BrookGPU's maskX constants...) and are not checked.
    if (!ctx.reportedUnknown.has('\0method')) {
      ctx.reportedUnknown.add('\0method');
      reportSyntax(ctx.bag, 'BRK1245', { ...callee.memberSpan, start: callee.span.start }, { call: `${exprName(callee.object)}.${callee.member}(...)` });
    }
    return ERROR;
  }
  if (callee.kind !== 'Ident') {
    const t = checkOperand(ctx, callee);
    for (const a of e.args) checkOperand(ctx, a);
    if (isLoose(t)) return ERROR;
    reportCheck(ctx.bag, 'BRK2109', callee.span, { name: typeToString(t) });
    return ERROR;
  }
  if (inKernel(ctx)) return checkKernelBodyCall(ctx, e, callee);
  const t = checkHostCall(ctx, e, callee);
  if (e.streamLayout) writeStreamFormat(ctx, e); // `std::cout << ...` lowered to fprintf
  return t;
}

function exprName(e: Expr): string {
  if (e.kind === 'Ident') return e.name;
  if (e.kind === 'MemberExpr') return `${exprName(e.object)}${e.arrow ? '->' : '.'}${e.member}`;
  return '...';
}

function countError(ctx: Ctx, e: CallExpr, name: string, expected: number, signature: string, code: 'BRK2110' | 'BRK2301' = 'BRK2110'): void {
  reportCheck(ctx.bag, code, e.callee.span, { name, expected, given: e.args.length, s: plural(expected).s, were: plural(e.args.length).were, signature });
}

// ---------------------------------------------------------------------------------------------------
// Inside kernels

function checkKernelBodyCall(ctx: Ctx, e: CallExpr, callee: Ident): Type {
  const name = callee.name;
  const sym = ctx.scope.lookup(name);
  if (name === 'push' && !sym) return checkPush(ctx, e);
  if (sym && sym.kind === 'kernel') {
    callee.symbol = sym;
    callee.type = sym.type;
    return checkHelperCall(ctx, e, sym);
  }
  // Built-ins win over host library names (sin, floor, fmod exist in both).
  if (isKernelBuiltin(name) && (!sym || sym.kind === 'hostlib' || sym.kind === 'function' || sym.kind === 'constant')) return checkBuiltin(ctx, e, name);
  if (sym && (sym.kind === 'function' || sym.kind === 'hostlib')) {
    callee.symbol = sym;
    callee.type = sym.type;
    // The call is the mistake; its arguments (often a printf format string) would only add noise.
    reportCheck(ctx.bag, 'BRK2216', callee.span, { name });
    return ERROR;
  }
  for (const a of e.args) checkOperand(ctx, a);
  if (!sym) { lookupOrReport(ctx, callee); return ERROR; }
  callee.symbol = sym;
  callee.type = sym.type;
  reportCheck(ctx.bag, 'BRK2109', callee.span, { name });
  return ERROR;
}

/** One symbol per kernel built-in (and `push`), so every Ident of a kernel has a symbol too. */
const BUILTIN_SYMS = new Map<string, Sym>();
function builtinSym(name: string): Sym {
  let s = BUILTIN_SYMS.get(name);
  if (!s) BUILTIN_SYMS.set(name, (s = createSym('builtin', name, name, { kind: 'function', ret: VOID, params: [], variadic: true }, NO_SPAN)));
  return s;
}

function checkBuiltin(ctx: Ctx, e: CallExpr, name: string): Type {
  const argTypes = e.args.map((a) => checkOperand(ctx, a));
  (e.callee as Ident).type = VOID;
  (e.callee as Ident).symbol = builtinSym(name);
  const arity = builtinArity(name);
  if (e.args.length !== arity) { countError(ctx, e, name, arity, builtinSignature(name)); return ERROR; }
  if (argTypes.some(isLoose)) return ERROR;
  const res = resolveBuiltin(name, argTypes);
  if (typeof res === 'string') {
    const bad = argTypes.findIndex((t) => t.kind !== 'scalar' && t.kind !== 'vector');
    const i = bad < 0 ? 0 : bad;
    reportCheck(ctx.bag, 'BRK2111', e.args[i]!.span, { n: i + 1, name, from: typeToString(argTypes[i]!), to: 'a number or vector', signature: builtinSignature(name) + '; ' + res });
    return ERROR;
  }
  if (res.narrowed) {
    reportCheck(ctx.bag, 'BRK2401', e.span, { left: `float${res.narrowed.left}`, right: `float${res.narrowed.right}`, result: typeToString(res.params[0]!), mask: swizzleText(res.narrowed.right) });
  }
  for (const i of builtinOuts(name)) {
    const a = e.args[i]!;
    if (!checkWritable(ctx, a, `argument ${i + 1} of ${name}`)) return ERROR;
    const at = argTypes[i]!;
    if (typeToString(at) !== typeToString(res.params[i]!) && scalarKind(at) !== 'double') {
      reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name, from: typeToString(at), to: typeToString(res.params[i]!), signature: builtinSignature(name) + '; this argument receives a result, so it must have exactly that type' });
      return ERROR;
    }
  }
  // Narrowing was reported once for the call (BRK2401); arguments do not repeat it.
  e.args.forEach((a, i) => coerce(ctx, a, res.params[i]!, a.span, { quietDrop: res.narrowed !== undefined }));
  ctx.facts.call.set(e, { kind: 'builtin', name, params: res.params });
  return res.ret;
}

function checkPush(ctx: Ctx, e: CallExpr): Type {
  const k = ctx.fn!.kernel!;
  const hasVout = k.params.some((p) => p.role === 'vout');
  for (const a of e.args) checkOperand(ctx, a);
  (e.callee as Ident).type = VOID;
  (e.callee as Ident).symbol = builtinSym('push');
  if (!hasVout) { reportCheck(ctx.bag, 'BRK2218', (e.args[0] ?? e.callee).span); return VOID; }
  if (e.args.length !== 1) { countError(ctx, e, 'push', 1, 'push(e) where e is a vout argument'); return VOID; }
  const a = e.args[0]!;
  const sym = a.kind === 'Ident' ? (a.symbol as Sym | undefined) : undefined;
  if (!sym || sym.param?.role !== 'vout') {
    if (a.type && !isLoose(a.type)) reportCheck(ctx.bag, 'BRK2219', a.span, { name: a.kind === 'Ident' ? a.name : 'this expression' });
    return VOID;
  }
  ctx.facts.call.set(e, { kind: 'push', param: sym.param.index });
  return VOID;
}

function checkHelperCall(ctx: Ctx, e: CallExpr, sym: Sym): Type {
  const argTypes = e.args.map((a) => checkOperand(ctx, a));
  const sig = kernelSigOf(ctx, sym);
  if (!sig) return ERROR;
  const k = ctx.fn!.kernel!;
  if (sym.sessionKernel) k.sessionCallees.set(sig.name, sym.sessionKernel);
  k.calls.push({ callee: sig.name, span: e.callee.span });
  if (sig.kind === 'reduce') { reportCheck(ctx.bag, 'BRK2221', e.callee.span, { name: sig.name }); return ERROR; }
  if (sig.params.some((p) => p.role === 'vout')) {
    reportCheck(ctx.bag, 'BRK2122', e.callee.span, { name: `a call of vout kernel '${sig.name}'`, why: 'a kernel with a vout argument is launched from host code; push from the calling kernel instead' });
    return ERROR;
  }
  if (e.args.length !== sig.params.length) { countError(ctx, e, sig.name, sig.params.length, signatureText(sig)); return ERROR; }
  sig.params.forEach((p, i) => {
    const a = e.args[i]!;
    const at = argTypes[i]!;
    if (isLoose(at) || isLoose(p.elem)) return;
    if (p.role === 'gather') {
      const asym = a.kind === 'Ident' ? (a.symbol as Sym | undefined) : undefined;
      if (asym?.param?.role !== 'gather' || typeToString(asym.type) !== typeToString(gatherType(p))) {
        reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name: sig.name, from: typeToString(at), to: typeToString(gatherType(p)), signature: signatureText(sig) + '; pass a gather argument of the calling kernel' });
      }
      return;
    }
    if (p.role === 'out' || p.role === 'vout') {
      if (!isLvalueShape(a)) { reportCheck(ctx.bag, 'BRK2222', a.span, { n: i + 1, name: sig.name }); return; }
      if (!checkWritable(ctx, a, `out argument ${i + 1} of ${sig.name}`)) return;
      if (typeToString(at) !== typeToString(p.elem)) {
        reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name: sig.name, from: typeToString(at), to: typeToString(p.elem), signature: signatureText(sig) + '; an out argument must have exactly the parameter type' });
      }
      return;
    }
    if (at.kind === 'gather') {
      reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name: sig.name, from: typeToString(at), to: typeToString(p.elem), signature: signatureText(sig) });
      return;
    }
    if (!coerce(ctx, a, p.elem)) return;
  });
  ctx.facts.call.set(e, { kind: 'helper', kernel: sig.name });
  return sig.returnType;
}

/** A variable, field, component or element: something an out argument can write back to. */
function isLvalueShape(e: Expr): boolean {
  if (e.kind === 'Ident') return true;
  if (e.kind === 'MemberExpr' || e.kind === 'IndexExpr') return isLvalueShape(e.object);
  return false;
}

function gatherType(p: KernelSig['params'][number]): Type {
  return { kind: 'gather', elem: p.elem, dims: p.gatherDims };
}


// ---------------------------------------------------------------------------------------------------
// Host code

function checkHostCall(ctx: Ctx, e: CallExpr, callee: Ident): Type {
  const variants = ctx.overloads?.get(callee.name);
  if (variants) resolveOverload(ctx, e, variants); // C++ overloading: callee.name becomes the variant's
  const sym = ctx.scope.lookup(callee.name);
  if (!sym) {
    for (const a of e.args) checkOperand(ctx, a);
    lookupOrReport(ctx, callee);
    return ERROR;
  }
  callee.symbol = sym;
  callee.type = sym.type;
  if (sym.kind === 'kernel') return checkKernelLaunch(ctx, e, sym);
  if (sym.hostlib?.special) return checkBrookApi(ctx, e, callee.name);
  const t = sym.type;
  if (t.kind === 'dynamic') {
    for (const a of e.args) checkOperand(ctx, a);
    return t;
  }
  if (t.kind !== 'function') {
    for (const a of e.args) checkOperand(ctx, a);
    reportCheck(ctx.bag, 'BRK2109', callee.span, { name: callee.name });
    return ERROR;
  }
  const argTypes = e.args.map((a) => checkOperand(ctx, a));
  if (sym.kind === 'function') noteHostCall(ctx, callee.name);
  if (sym.kind === 'function' && ctx.mode === 'program' && !sym.functionDecl?.body) {
    // C's linker error, at the call: only a prototype exists in the files given. In an inline
    // function (a member defined in its class) only if that function is used (check/linkage.ts).
    if (ctx.fn?.decl?.isInline) (ctx.unlinked ??= []).push({ caller: ctx.fn.decl.name, span: callee.span, name: callee.name });
    else reportSyntax(ctx.bag, 'BRK1238', callee.span, { name: callee.name });
    return t.ret;
  }
  const sigText = `${typeToString(t.ret)} ${callee.name}(${t.params.map(typeToString).join(', ')}${t.variadic ? ', ...' : ''})`;
  if (e.args.length < t.params.length || (!t.variadic && e.args.length > t.params.length)) {
    countError(ctx, e, callee.name, t.params.length, sigText);
    return t.ret;
  }
  t.params.forEach((p, i) => {
    const a = e.args[i]!;
    const at = argTypes[i]!;
    if (isLoose(at)) return;
    if (isStreamParam(p) && p.kind === 'pointer' && a.kind === 'NumberLit' && a.value === 0) return; // NULL
    if (streamToInterface(ctx, a, p, at)) return; // a stream for a brook::StreamInterface *: &s
    if (isStreamParam(p)) {
      // A stream parameter of a host function takes a stream (or `&s` for `float (*s)<>`); ranks are
      // not part of the type (BrookGPU's brook::stream had none), nor, with a warning, the element
      // type: brcc's vout library passes float streams for float2 parameters in code it never runs.
      // The runtime checks element types where a stream is used (BRK5015, BRK5018).
      if (!sameStreamShape(p, at)) reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name: callee.name, from: typeToString(at), to: typeToString(p), signature: sigText });
      else if (!sameStreamType(p, at) && !ctx.reportedUnknown.has('\0streamElem')) {
        ctx.reportedUnknown.add('\0streamElem'); // once per program: generated code repeats it
        reportCheck(ctx.bag, 'BRK2407', a.span, { n: i + 1, name: callee.name, from: typeToString(at), to: typeToString(p) });
      }
      return;
    }
    if (at.kind === 'stream' || at.kind === 'domain') {
      reportCheck(ctx.bag, 'BRK2120', a.span, { name: a.kind === 'Ident' ? a.name : 'this' });
      return;
    }
    if (sym.functionDecl?.params[i]?.reference && !bindsReference(p, at)) {
      // C++ `T& x` (a pointer here) takes a T or a class derived from it, not C's any pointer.
      reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name: callee.name, from: typeToString(at), to: typeToString(p), signature: sigText + '; a reference parameter takes an object of its class (or of a class derived from it)' });
      return;
    }
    // C is lenient with pointers to different types (void *, char * strings); check the kind only.
    if (p.kind === 'pointer' && (at.kind === 'pointer' || at.kind === 'array')) return;
    if (p.kind === 'pointer' && a.kind === 'NumberLit' && a.value === 0) return;
    if (p.kind === 'scalar' && at.kind === 'scalar') return;
    const zero = a.kind === 'NumberLit' && a.value === 0;
    if (p.kind === 'pointer' && !zero) {
      reportCheck(ctx.bag, 'BRK2111', a.span, { n: i + 1, name: callee.name, from: typeToString(at), to: typeToString(p), signature: sigText });
      return;
    }
    coerce(ctx, a, p);
  });
  for (let i = t.params.length; i < e.args.length; i++) {
    const at = argTypes[i]!;
    if (at.kind === 'stream' || at.kind === 'domain') reportCheck(ctx.bag, 'BRK2120', e.args[i]!.span, { name: (e.args[i] as Ident).name ?? 'this' });
  }
  return t.ret;
}

/** A class reference parameter (`C& x`, a `C *` here) given `&arg`: arg is a C or derives from C. */
function bindsReference(p: Type, at: Type): boolean {
  if (p.kind !== 'pointer' || p.to.kind !== 'struct' || at.kind !== 'pointer' || at.to.kind !== 'struct') return true;
  let s: Type | undefined = at.to;
  while (s?.kind === 'struct' && s.name !== p.to.name) s = s.fields.find((f) => f.name === '__base')?.type;
  return s?.kind === 'struct';
}

function isStreamParam(p: Type): boolean {
  return p.kind === 'stream' || (p.kind === 'pointer' && isStreamParam(p.to));
}

/** `at` is a stream (or domain) at `p`'s pointer depth, whatever its element type. */
function sameStreamShape(p: Type, at: Type): boolean {
  if (p.kind === 'pointer') return at.kind === 'pointer' && sameStreamShape(p.to, at.to);
  if (p.kind !== 'stream') return false;
  const s = at.kind === 'domain' ? at.stream : at;
  return s.kind === 'stream';
}

/** `at` can be passed for host stream parameter `p`: same element type, same pointer depth. */
function sameStreamType(p: Type, at: Type): boolean {
  if (p.kind === 'pointer') return at.kind === 'pointer' && sameStreamType(p.to, at.to);
  if (p.kind !== 'stream') return false;
  const s = at.kind === 'domain' ? at.stream : at;
  // brook::stream (elements unknown until run time) matches any element type.
  return s.kind === 'stream' && (isLoose(s.elem) || isLoose(p.elem) || typeToString(s.elem) === typeToString(p.elem));
}

