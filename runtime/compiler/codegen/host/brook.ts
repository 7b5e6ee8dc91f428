/**
 * Brook calls in host code, emitted as calls on the runtime object `$rt` (BrookRuntime in
 * runtime/brt/api.ts). Every call passes the span of the user's call, so runtime errors quote it.
 *
 * - kernel launch        `k(a, s, t)`      -> `$rt.call(K, [a, s, t], span)` (recorded, not awaited;
 *                                             awaited for kernels with vout outputs, which resize them)
 * - reduction to a value `sum(s, r)`       -> `r = await $rt.reduceToValue(K, [s, r], span)`
 * - reduction to stream  `sum(s, t)`       -> `$rt.reduceToStream(K, [s, t], span)`
 * - streamRead/Write/Print are awaited; streamRead(s, p) passes the pointer as `{ mem, off }`.
 * - `s.domain(lo, hi)`: lo/hi given x-first (int2(x, y)) become declaration order ([y, x]).
 * Kernel constant arguments convert to the parameter type; struct constants pass their flat
 * components (C layout order).
 */
import type { AssignExpr, CallExpr, Expr } from '../../ast.js';
import { HOST_LIB } from '../../check/hostlib.js';
import type { Type } from '../../types.js';
import { sizeOf } from '../../types.js';
import type { Ctx } from './expr.js';
import { convert, emitAs, emitValue, kernelRef, lvalue, readLValue, typeOfExpr, writeLValue } from './expr.js';

export interface KernelSigInfo {
  kind: 'map' | 'reduce' | 'helper';
  params: { role: string; type: Type; name: string }[];
}

const AWAITED_API = new Set(['streamRead', 'streamWrite', 'streamPrint']);

export function isBrookCall(e: CallExpr): boolean {
  if (e.callee.kind === 'MemberExpr' && e.callee.member === 'domain') return true;
  if (e.callee.kind !== 'Ident') return false;
  const sym = e.callee.symbol;
  if (!sym) return false;
  if (sym.kind === 'kernel') return true;
  return sym.kind === 'hostlib' && HOST_LIB.get(e.callee.name)?.category === 'brook';
}

/** Does this call wait for the device (so the enclosing function must be async)? */
export function callAwaits(c: Ctx, e: CallExpr): boolean {
  if (e.callee.kind !== 'Ident' || !e.callee.symbol) return false;
  const sym = e.callee.symbol;
  if (sym.kind === 'session') return true;
  if (sym.kind === 'hostlib') return AWAITED_API.has(e.callee.name);
  if (sym.kind === 'kernel') {
    const k = c.g.kernelSig(sym.name, sym);
    if (k && hasVout(k)) return true;
    if (!k || k.kind !== 'reduce') return false;
    const i = k.params.findIndex((p) => p.role === 'reduce');
    const arg = e.args[i];
    const t = arg?.type;
    return !!t && t.kind !== 'stream' && t.kind !== 'domain';
  }
  return false;
}

export function emitBrookCall(c: Ctx, e: CallExpr): string {
  const span = c.g.span(e.span);
  if (e.callee.kind === 'MemberExpr') {
    const [lo, hi] = e.args;
    if (!lo || !hi) return unsupportedCall(c, e, 's.domain with other than two arguments');
    // An out-of-range domain is reported at the statement that uses it, underlined up to the domain.
    const st = c.stmtSpan;
    const at = st && st.file === e.span.file && st.start <= e.span.start ? c.g.span({ file: st.file, start: st.start, end: e.span.end }) : span;
    return `$rt.domain(${emitValue(c, e.callee.object)}, $H.dom(${emitValue(c, lo)}), $H.dom(${emitValue(c, hi)}), ${at})`;
  }
  if (e.callee.kind !== 'Ident') return unsupportedCall(c, e, 'this call');
  const sym = e.callee.symbol!;
  if (sym.kind === 'kernel') return emitLaunch(c, e, sym.name, sym, span);
  const a = e.args.map((x) => emitValue(c, x));
  switch (e.callee.name) {
    case 'streamRead': return `(await $rt.streamRead(${a[0]}, ${hostArray(c, e.args[1])}, ${span}))`;
    case 'streamWrite': return `(await $rt.streamWrite(${a[0]}, ${hostArray(c, e.args[1])}, ${span}))`;
    case 'streamPrint': return `$L.writeText(1, await $rt.streamPrint(${a[0]}, ${span}))`;
    case 'streamSwap': return `$rt.streamSwap(${a[0]}, ${a[1]})`;
    case 'streamSize': return `$rt.streamSize(${a[0]})`;
    case 'streamScatterOp': return `$rt.scatterOp(${a[0]}, ${a[1]}, ${a[2]}, ${opArg(c, e.args[3])}, ${span})`;
    case 'streamGatherOp': return `$rt.gatherOp(${a[0]}, ${a[1]}, ${a[2]}, ${opArg(c, e.args[3])}, ${span})`;
    case 'streamSetWriteMask': return `$rt.setWriteMask(${a[0]}, ${span})`;
    case 'streamEnableWriteMask': return `$rt.enableWriteMask()`;
    case 'streamDisableWriteMask': return `$rt.disableWriteMask()`;
    case 'brook::sentinelStream': return `$rt.sentinelStream(${emitAs(c, e.args[0]!, { kind: 'scalar', name: 'int' })}, ${span})`;
    case 'brook::getStreamType': return streamTypeAddress(c, e);
    case 'brook::getExtents': return `$L.streams.extents(${a[0]}, ${span})`;
    case 'brook::newStream': {
      // `new brook::stream(type, d0, ..., -1)`: created now, kept until the program ends (a heap object).
      const dims = e.args.slice(1).map((x) => emitAs(c, x, { kind: 'scalar', name: 'long' }));
      const elem = `$L.streams.elemType(${a[0]}, ${span})`;
      return `$L.streams.alloc($rt.createStream("new brook::stream", ${elem}, [${dims.join(', ')}], ${span}), ${span})`;
    }
    case 'iter': return unsupportedCall(c, e, 'iter(...) outside an iterator declaration', 'write iter float s<n> = iter(lo, hi);');
  }
  return unsupportedCall(c, e, `the Brook function '${e.callee.name}'`);
}

/**
 * `*p = s` / `p[i] = s` (check/brook-stream.ts checkStreamSlotAssign): the brook::stream slot at p
 * (+ 8 i) now names s; when p is `&t` of a declared stream it is a located error as it runs
 * (hostlib/stream-handles.ts `assign`). The value of the expression is s.
 */
export function emitStreamAssign(c: Ctx, e: AssignExpr): string {
  const t = e.target;
  const INT: Type = { kind: 'scalar', name: 'int' };
  const [p, i] = t.kind === 'UnaryExpr' ? [emitValue(c, t.operand), '0'] : t.kind === 'IndexExpr' ? [emitValue(c, t.object), emitAs(c, t.index, INT)] : [];
  if (p === undefined) { c.g.error('BRK2601', e.span, 'the host code generator does not support this stream assignment'); return 'undefined'; }
  return `$L.streams.assign(${p}, ${i}, ${emitValue(c, e.value)}, ${c.g.span(e.span)})`;
}

/** `brook::getStreamType((T *)0)`: the address standing for T (hostlib/stream-handles.ts). */
function streamTypeAddress(c: Ctx, e: CallExpr): string {
  const t = typeOfExpr(c, e.args[0]!);
  if (t.kind !== 'pointer') return unsupportedCall(c, e, 'brook::getStreamType of a non-pointer');
  return `$L.streams.typeAddress(${c.g.type(t.to)})`;
}

function unsupportedCall(c: Ctx, e: CallExpr, what: string, hint?: string): string {
  c.g.error('BRK2601', e.span, `the host code generator does not support ${what}`, hint);
  return 'undefined';
}

/** A host pointer or array as the runtime's HostArray; notebook values pass through. */
function hostArray(c: Ctx, e: Expr | undefined): string {
  if (!e) return 'undefined';
  const t = typeOfExpr(c, e);
  const v = emitValue(c, e);
  if (t.kind === 'array') return `$H.ptr($M, ${v}, ${sizeOf(t)}, ${elemArg(c, t.elem)})`;
  if (t.kind === 'pointer') return `$H.ptr($M, ${v}, undefined, ${elemArg(c, t.to)})`;
  return v;
}

/** The innermost element type of a host array (for the runtime's element-type check). */
function elemArg(c: Ctx, t: Type): string {
  while (t.kind === 'array') t = t.elem;
  if (t.kind === 'void' || (t.kind === 'scalar' && (t.name === 'char' || t.name === 'uchar'))) return 'undefined';
  return c.g.type(t);
}

/** Scatter/gather op: a reduce kernel by name, or one of the STREAM_* codes (a number). */
function opArg(c: Ctx, e: Expr | undefined): string {
  if (!e) return '0';
  if (e.kind === 'Ident' && e.symbol?.kind === 'kernel') return kernelRef(c, e.symbol.name);
  return emitValue(c, e);
}

function emitLaunch(c: Ctx, e: CallExpr, name: string, sym: import('../../ast.js').SymbolRef, span: string): string {
  const k = c.g.kernelSig(name, sym);
  const K = kernelRef(c, name);
  if (!k) return unsupportedCall(c, e, `the kernel '${name}' (no compiled form)`);
  let reduceTarget: { index: number; type: Type } | undefined;
  const args = k.params.map((p, i) => {
    const arg = e.args[i];
    if (!arg) return 'undefined';
    const at = typeOfExpr(c, arg);
    if (at.kind === 'stream' || at.kind === 'domain' || at.kind === 'dynamic') return emitValue(c, arg);
    if (p.role === 'reduce') {
      reduceTarget = { index: i, type: at };
      return flatValue(c, emitValue(c, arg), at, p.type);
    }
    return flatValue(c, emitAs(c, arg, p.type.kind === 'struct' ? at : p.type), at, p.type);
  });
  // Streams no later code of the function reads (liveness.ts): kernel fusion need not write them.
  const dead = c.f?.deadAfter.get(e) ?? [];
  const hints = dead.length > 0 ? `, { dead: [${dead.join(', ')}] }` : '';
  if (k.kind === 'reduce') {
    if (!reduceTarget) return `$rt.reduceToStream(${K}, [${args.join(', ')}], ${span}${hints})`;
    const target = lvalue(c, e.args[reduceTarget.index]!);
    if (!target) return 'undefined';
    const result = `(await $rt.reduceToValue(${K}, [${args.join(', ')}], ${span}${hints}))`;
    const elem = k.params[reduceTarget.index]!.type;
    const tt = reduceTarget.type;
    if (tt.kind === 'struct') {
      const addr = target.kind === 'mem' ? target.addr : readLValue(c, target);
      return `$H.storeFlat($M, ${addr}, ${c.g.type(tt)}, ${result})`;
    }
    return writeLValue(c, target, convert(c, result, elem, tt));
  }
  // A vout kernel resizes its outputs when the launch settles: wait for it (api.ts `call`).
  if (hasVout(k)) return `(await $rt.call(${K}, [${args.join(', ')}], ${span}${hints}))`;
  return `$rt.call(${K}, [${args.join(', ')}], ${span}${hints})`;
}

function hasVout(k: KernelSigInfo): boolean {
  return k.params.some((p) => p.role === 'vout');
}

/** A kernel constant argument: scalars and vectors as they are, structs as flat components. */
function flatValue(c: Ctx, js: string, from: Type, param: Type): string {
  if (from.kind === 'struct') return `$H.loadFlat($M, ${js}, ${c.g.type(from)})`;
  if (param.kind === 'struct') return js;
  return js;
}
