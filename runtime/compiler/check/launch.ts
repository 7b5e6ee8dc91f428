/**
 * Kernel calls in host code: launches of map kernels and reductions (into a host value or a stream).
 *
 * Per parameter role, what the argument must be:
 *   in / gather          a stream, domain or iterator with the same element type
 *   out / vout           a stream or domain (not an iterator: BRK2305)
 *   iter                 an iterator stream (BRK2306)
 *   const                a host value convertible to the parameter type (not a stream: BRK2303)
 *   reduce               a host variable of the element type, or a stream (reduction to a stream)
 * Shapes are checked at run time (BROOK.md 8). Values from the notebook session (dynamic) pass.
 */
import type { CallExpr, Expr } from '../ast.js';
import type { Type } from '../types.js';
import { typeToString, VOID } from '../types.js';
import { plural, reportCheck } from '../messages/check.js';
import type { Ctx, KernelSig } from './ctx.js';
import { checkOperand, coerce } from './operands.js';
import type { Sym } from './scope.js';
import { ERROR, isLoose, sameType, streamElem } from './typing.js';

/** The call signature of a kernel symbol (this unit or an earlier cell). */
export function kernelSigOf(ctx: Ctx, sym: Sym): KernelSig | undefined {
  const local = ctx.kernels.get(sym.name);
  if (local && sym.kernelDecl) return local;
  const ck = sym.sessionKernel;
  if (!ck) return undefined;
  const ret = ck.decl.returnType.type ?? VOID;
  return {
    name: ck.name,
    kind: ck.kind,
    returnType: ret,
    params: ck.ir.params.map((p) => ({ name: p.sourceName, role: p.role, elem: p.type, storage: p.storage, gatherDims: p.gatherDims ?? 0, isStream: p.role !== 'const' && !(p.role === 'reduce' && !ck.decl.params.find((d) => d.name === p.sourceName)?.isStream) })),
  };
}

function describe(t: Type): string {
  switch (t.kind) {
    case 'stream': return t.iter ? `an iterator of ${typeToString(t.elem)}` : `a stream of ${typeToString(t.elem)}`;
    case 'domain': return `a domain of ${describe(t.stream)}`;
    case 'array': return `an array (${typeToString(t)})`;
    case 'pointer': return `a pointer (${typeToString(t)})`;
    default: return `a ${typeToString(t)} value`;
  }
}

function argName(a: Expr): string {
  return a.kind === 'Ident' ? `'${a.name}'` : 'this argument';
}

function isIterArg(t: Type): boolean {
  if (t.kind === 'stream') return t.iter;
  if (t.kind === 'domain') return isIterArg(t.stream);
  return false;
}

export function checkKernelLaunch(ctx: Ctx, e: CallExpr, sym: Sym): Type {
  const argTypes = e.args.map((a) => checkOperand(ctx, a));
  const sig = kernelSigOf(ctx, sym);
  if (!sig) return ERROR;
  if (sym.sessionKernel) ctx.sessionKernels.set(sig.name, sym.sessionKernel);
  if (sig.kind === 'helper') {
    reportCheck(ctx.bag, 'BRK2308', e.callee.span, { name: sig.name });
    return ERROR;
  }
  const asValue = !isStatementCall(ctx, e);
  if (asValue) reportCheck(ctx.bag, 'BRK2309', e.span);
  if (e.args.length !== sig.params.length) {
    reportCheck(ctx.bag, 'BRK2301', e.callee.span, { name: sig.name, expected: sig.params.length, given: e.args.length, s: plural(sig.params.length).s, were: plural(e.args.length).were, signature: signatureText(sig) });
    return VOID;
  }
  if (sig.kind === 'map' && !sig.params.some((p) => p.role === 'out' || p.role === 'vout')) {
    reportCheck(ctx.bag, 'BRK2225', e.callee.span, { name: sig.name });
  }
  const signature = signatureText(sig);
  sig.params.forEach((p, i) => {
    const a = e.args[i]!;
    const at = argTypes[i]!;
    if (isLoose(at) || isLoose(p.elem)) return; // an earlier error (or a notebook value) says enough
    const n = i + 1;
    const elem = streamElem(at);
    const isStreamArg = at.kind === 'stream' || at.kind === 'domain';
    const param = signatureText({ ...sig, params: [p] }).replace(/^.*\((.*)\)$/, '$1');
    switch (p.role) {
      case 'in': case 'gather': case 'iter': case 'out': case 'vout': {
        if (!isStreamArg) {
          reportCheck(ctx.bag, 'BRK2302', a.span, { n, name: sig.name, param, given: argName(a), what: describe(at), type: typeToString(p.elem) });
          return;
        }
        if ((p.role === 'out' || p.role === 'vout') && isIterArg(at)) {
          reportCheck(ctx.bag, 'BRK2305', a.span, { n, name: sig.name });
          return;
        }
        if (p.role === 'iter' && !isIterArg(at)) {
          reportCheck(ctx.bag, 'BRK2306', a.span, { n, name: sig.name, given: a.kind === 'Ident' ? a.name : 'the argument', type: typeToString(p.elem) });
          return;
        }
        const want = p.storage ?? p.elem;
        // A brook::stream's elements are known when it runs (checked there: BRK5015).
        if (elem && !isLoose(elem) && !sameType(elem, want)) {
          reportCheck(ctx.bag, 'BRK2304', a.span, { n, name: sig.name, given: typeToString(elem), expected: typeToString(want), signature });
        }
        return;
      }
      case 'const': {
        if (isStreamArg) {
          reportCheck(ctx.bag, 'BRK2303', a.span, { n, name: sig.name, param, type: typeToString(p.elem), pname: p.name });
          return;
        }
        if (at.kind === 'array' || at.kind === 'pointer') {
          reportCheck(ctx.bag, 'BRK2111', a.span, { n, name: sig.name, from: typeToString(at), to: typeToString(p.elem), signature: signature + '; to pass many values, put them in a stream (streamRead) and declare a stream or gather parameter' });
          return;
        }
        coerce(ctx, a, p.elem);
        return;
      }
      case 'reduce': {
        if (isStreamArg) {
          if (isIterArg(at)) { reportCheck(ctx.bag, 'BRK2305', a.span, { n, name: sig.name }); return; }
          const want = p.storage ?? p.elem;
          if (elem && !sameType(elem, want)) reportCheck(ctx.bag, 'BRK2321', a.span, { given: typeToString(elem), name: sig.name, expected: typeToString(want) });
          return;
        }
        const lvalue = a.kind === 'Ident' || a.kind === 'MemberExpr' || a.kind === 'IndexExpr' || (a.kind === 'UnaryExpr' && a.op === '*');
        const sym2 = a.kind === 'Ident' ? (a.symbol as Sym | undefined) : undefined;
        if (!lvalue || (sym2 && (sym2.kind === 'hostlib' || sym2.kind === 'constant'))) {
          reportCheck(ctx.bag, 'BRK2307', a.span, { name: sig.name, what: describe(at) });
          return;
        }
        if (!sameType(at, p.elem) && !(at.kind === 'scalar' && p.elem.kind === 'scalar')) {
          reportCheck(ctx.bag, 'BRK2321', a.span, { given: typeToString(at), name: sig.name, expected: typeToString(p.elem) });
        }
        return;
      }
    }
  });
  return asValue ? ERROR : VOID;
}

export function signatureText(sig: KernelSig): string {
  const ps = sig.params.map((p) => {
    const e = typeToString(p.storage ?? p.elem);
    switch (p.role) {
      case 'in': return `${e} ${p.name}<>`;
      case 'out': return `out ${e} ${p.name}<>`;
      case 'iter': return `iter ${e} ${p.name}<>`;
      case 'vout': return `vout ${e} ${p.name}<>`;
      case 'reduce': return `reduce ${e} ${p.name}${p.isStream ? '<>' : ''}`;
      case 'gather': return `${e} ${p.name}${'[]'.repeat(p.gatherDims)}`;
      default: return `${e} ${p.name}`;
    }
  });
  const kw = sig.kind === 'reduce' ? 'reduce' : 'kernel';
  return `${kw} ${typeToString(sig.returnType)} ${sig.name}(${ps.join(', ')})`;
}

export function isStatementCall(ctx: Ctx, e: Expr): boolean {
  return ctx.statementCall === e;
}
