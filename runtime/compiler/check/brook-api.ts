/**
 * The Brook runtime API in host code: argument rules that depend on stream types.
 *   streamRead(s, a) / streamWrite(s, a)   s a stream or domain; a a host array or pointer (or a
 *                                          notebook value); known element kinds must agree (float/int)
 *   streamPrint(s)  streamSize(s) -> float4  streamSwap(a, b) same element type
 *   s.domain(lo, hi)                       lo/hi: int (1-D) or int2..int4 / float2..4 matching the rank
 *   streamScatterOp(dst, index, data, op) / streamGatherOp(dst, index, src, op)
 *                                          op: a reduce kernel, NULL/0, or a STREAM_* constant
 *   streamSetWriteMask(mask)  streamEnableWriteMask()  streamDisableWriteMask()
 *   iter(lo, hi)                           only as an iterator's initializer (stmt.ts)
 *   brook::sentinelStream(dim)             BrookGPU's runtime: a float stream of dim dimensions
 *                                          (extents 1) holding +inf; `*brook::sentinelStream(2)`
 *   brook::getStreamType((T *)0)           an element type as a value; new brook::stream(type, d0,
 *                                          ..., -1) is brook::newStream(type, d0, ...) (brook-stream.ts)
 */
import type { CallExpr, Expr } from '../ast.js';
import type { Type } from '../types.js';
import { flattenElement, typeToString, VOID } from '../types.js';
import { plural, reportCheck } from '../messages/check.js';
import type { Ctx } from './ctx.js';
import { checkOperand } from './operands.js';
import { checkGetStreamType, checkNewStream } from './brook-stream.js';
import { HOST_LIB, SCATTER_GATHER_CONSTANTS } from './hostlib.js';
import type { Sym } from './scope.js';
import { ERROR, isLoose, isStreamLike, sameType, scalarKind, size, streamElem } from './typing.js';

const FLOAT4: Type = { kind: 'vector', elem: 'float', size: 4 };

const SIGS: Record<string, string> = {
  streamRead: 'streamRead(stream, hostArray)',
  streamWrite: 'streamWrite(stream, hostArray)',
  streamPrint: 'streamPrint(stream)',
  streamSwap: 'streamSwap(streamA, streamB)',
  streamSize: 'streamSize(stream) -> float4',
  streamScatterOp: 'streamScatterOp(dst, index, data, op)',
  streamGatherOp: 'streamGatherOp(dst, index, src, op)',
  streamSetWriteMask: 'streamSetWriteMask(maskStream)',
  streamEnableWriteMask: 'streamEnableWriteMask()',
  streamDisableWriteMask: 'streamDisableWriteMask()',
  'brook::sentinelStream': 'brook::sentinelStream(dimensions) -> float (*)<>',
  'brook::getStreamType': 'brook::getStreamType((T *)0) -> const brook::StreamType *',
  'brook::newStream': 'new brook::stream(type, d0, ..., -1) -> brook::stream *',
  'brook::getExtents': 'p->getExtents() -> const unsigned int *',
};
const ARITY: Record<string, [number, number]> = {
  streamRead: [2, 2], streamWrite: [2, 2], streamPrint: [1, 2], streamSwap: [2, 2], streamSize: [1, 1],
  streamScatterOp: [4, 4], streamGatherOp: [4, 4], streamSetWriteMask: [1, 1], streamEnableWriteMask: [0, 0],
  streamDisableWriteMask: [0, 0], 'brook::sentinelStream': [1, 1], 'brook::getStreamType': [1, 1], 'brook::newStream': [2, 5],
  'brook::getExtents': [1, 1],
};

function describe(t: Type): string {
  if (t.kind === 'stream') return `a stream of ${typeToString(t.elem)}`;
  if (t.kind === 'array') return `an array (${typeToString(t)})`;
  if (t.kind === 'pointer') return `a pointer (${typeToString(t)})`;
  return `a ${typeToString(t)} value`;
}

function exprName(a: Expr): string {
  return a.kind === 'Ident' ? a.name : '...';
}

function given(a: Expr): string {
  return a.kind === 'Ident' ? `'${a.name}'` : 'the argument';
}

export function checkBrookApi(ctx: Ctx, e: CallExpr, name: string): Type {
  if (name === 'domain') return checkDomain(ctx, e);
  if (name === 'iter') {
    for (const a of e.args) checkOperand(ctx, a);
    reportCheck(ctx.bag, 'BRK2315', e.span);
    return ERROR;
  }
  const types = name === 'streamScatterOp' || name === 'streamGatherOp'
    ? [...e.args.slice(0, 3).map((a) => checkOperand(ctx, a)), opType(ctx, e.args[3])]
    : e.args.map((a) => checkOperand(ctx, a));
  const [lo, hi] = ARITY[name]!;
  const ret = (HOST_LIB.get(name)!.type as { ret: Type }).ret;
  if (e.args.length < lo || e.args.length > hi) {
    reportCheck(ctx.bag, 'BRK2110', e.callee.span, { name, expected: lo, given: e.args.length, s: plural(lo).s, were: plural(e.args.length).were, signature: SIGS[name]! });
    return ret;
  }
  const needStream = (i: number): Type | undefined => {
    const t = types[i]!;
    if (isLoose(t)) return undefined;
    if (!isStreamLike(t)) {
      reportCheck(ctx.bag, 'BRK2310', e.args[i]!.span, { name, n: i + 1, given: given(e.args[i]!), what: describe(t), signature: SIGS[name]! });
      return undefined;
    }
    return t;
  };
  switch (name) {
    case 'streamRead': case 'streamWrite': {
      if (!isLoose(types[0]!) && !isStreamLike(types[0]!) && isStreamLike(types[1]!)) {
        // streamRead(data, s): one mistake, the order; say so once.
        reportCheck(ctx.bag, 'BRK2310', e.args[0]!.span, { name, n: 1, given: given(e.args[0]!), what: describe(types[0]!), signature: `${SIGS[name]!}: the stream comes first, as in ${name}(${exprName(e.args[1]!)}, ${exprName(e.args[0]!)})` });
        break;
      }
      const s = needStream(0);
      const h = types[1]!;
      if (isLoose(h)) break;
      if (h.kind !== 'array' && h.kind !== 'pointer') {
        reportCheck(ctx.bag, 'BRK2311', e.args[1]!.span, { name, n: 2, given: given(e.args[1]!), what: describe(h) });
        break;
      }
      if (s) checkHostElem(ctx, e.args[1]!, name, h, streamElem(s)!);
      break;
    }
    case 'streamPrint': case 'streamSize': case 'streamSetWriteMask': case 'brook::getExtents':
      needStream(0);
      break;
    case 'streamSwap': {
      const a = needStream(0);
      const b = needStream(1);
      if (a && b && !sameType(streamElem(a)!, streamElem(b)!)) {
        reportCheck(ctx.bag, 'BRK2319', e.span, { a: typeToString(a), b: typeToString(b) });
      }
      break;
    }
    case 'streamScatterOp': case 'streamGatherOp':
      needStream(0); needStream(1); needStream(2);
      break;
    case 'brook::getStreamType':
      checkGetStreamType(ctx, e, types[0]!);
      break;
    case 'brook::newStream':
      checkNewStream(ctx, e, types);
      break;
    case 'brook::sentinelStream': {
      const t = types[0]!;
      if (!isLoose(t) && !(t.kind === 'scalar' && scalarKind(t) !== 'float' && scalarKind(t) !== 'double')) {
        reportCheck(ctx.bag, 'BRK2111', e.args[0]!.span, { n: 1, name, from: typeToString(t), to: 'int', signature: SIGS[name]! });
      }
      break;
    }
  }
  return name === 'streamSize' ? FLOAT4 : ret;
}

/** The op argument of scatter/gather: a reduce kernel name, a STREAM_* constant, or NULL/0. */
function opType(ctx: Ctx, a: Expr | undefined): Type {
  if (!a) return ERROR;
  const opts = { name: 'the op', consts: SCATTER_GATHER_CONSTANTS.join(', ') };
  if (a.kind === 'Ident') {
    const sym = ctx.scope.lookup(a.name) as Sym | undefined;
    if (sym?.kind === 'kernel') {
      a.symbol = sym;
      a.type = sym.type;
      const k = ctx.kernels.get(a.name);
      const kind = k?.kind ?? sym.sessionKernel?.kind;
      if (kind !== 'reduce') reportCheck(ctx.bag, 'BRK2323', a.span, { ...opts, given: `kernel '${a.name}' (not a reduce kernel)` });
      return a.type;
    }
  }
  const t = checkOperand(ctx, a);
  if (isLoose(t)) return t;
  if (!(t.kind === 'scalar' && scalarKind(t) !== 'float' && scalarKind(t) !== 'double') && t.kind !== 'pointer') {
    reportCheck(ctx.bag, 'BRK2323', a.span, { ...opts, given: typeToString(t) });
  }
  return t;
}

/** Host array element kind against the stream's: float data into an int stream is a mistake. */
function checkHostElem(ctx: Ctx, a: Expr, name: string, h: Type, elem: Type): void {
  let base: Type = h;
  while (base.kind === 'array' || base.kind === 'pointer') base = base.kind === 'array' ? base.elem : base.to;
  if (base.kind === 'void' || isLoose(base) || (base.kind === 'scalar' && (base.name === 'char' || base.name === 'uchar'))) return;
  const hostKinds = new Set(flattenElement(base).map((c) => c.scalar));
  const streamKinds = new Set(flattenElement(elem).map((c) => c.scalar));
  const norm = (s: string) => (s === 'float' ? 'float' : s === 'double' ? 'double' : 'int');
  const hk = [...hostKinds].map(norm);
  const sk = [...streamKinds].map(norm);
  if (hk.length === 0 || sk.length === 0) return;
  if (hk.some((k) => !sk.includes(k))) {
    reportCheck(ctx.bag, 'BRK2312', a.span, { name, array: typeToString(base), stream: typeToString(elem) });
  }
}

function checkDomain(ctx: Ctx, e: CallExpr): Type {
  const callee = e.callee as import('../ast.js').MemberExpr;
  let st = checkOperand(ctx, callee.object);
  if (callee.arrow && st.kind === 'pointer' && st.to.kind === 'stream') {
    // `p->domain(lo, hi)` through a pointer to a stream (fft's `float4 (*input)<>`): (*p).domain.
    callee.object = { kind: 'UnaryExpr', span: callee.object.span, op: '*', operand: callee.object };
    callee.arrow = false;
    st = checkOperand(ctx, callee.object);
  }
  const argTypes = e.args.map((a) => checkOperand(ctx, a));
  callee.type = VOID;
  if (isLoose(st)) return ERROR;
  if (!isStreamLike(st)) {
    reportCheck(ctx.bag, 'BRK2105', callee.memberSpan, { type: typeToString(st), member: 'domain' });
    return ERROR;
  }
  if (e.args.length !== 2) {
    reportCheck(ctx.bag, 'BRK2110', e.span, { name: 'domain', expected: 2, given: e.args.length, s: 's', were: plural(e.args.length).were, signature: 's.domain(lo, hi)' });
    return ERROR;
  }
  const base = st.kind === 'domain' ? st.stream : st;
  const rank = base.kind === 'stream' ? base.rank : null;
  for (const t of argTypes) {
    if (isLoose(t)) continue;
    const ok = (t.kind === 'scalar' || t.kind === 'vector') && (rank === null || size(t) === rank) && scalarKind(t) !== 'bool';
    if (!ok) {
      const want = rank === 1 ? 'integers' : `int${rank} values (x = fastest dimension)`;
      reportCheck(ctx.bag, 'BRK2313', e.span, { rank: rank ?? '?', want, given: argTypes.map(typeToString).join(' and ') });
      break;
    }
  }
  return { kind: 'domain', stream: base };
}
