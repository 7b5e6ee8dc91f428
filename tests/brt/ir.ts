/**
 * A small builder for kernel IR in tests (the checker's lowering produces the same shapes).
 * `k.map('saxpy', [c('a', F), i('x', F4), i('y', F4), o('r', F4)], [assign(P(3), add(mul(splat(F4, p(0)), p(1)), p(2)))])`
 */
import type { CompiledKernel } from '../../runtime/brt/api.js';
import type { IRBinaryOp, IRExpr, IRHelper, IRLValue, IRParam, IRStmt, KernelIR, ParamRole } from '../../runtime/compiler/ir.js';
import { NO_SPAN } from '../../runtime/compiler/source.js';
import { FLOAT, INT, BOOL, vec, type Type } from '../../runtime/compiler/types.js';
import { kernelFacts } from '../../runtime/compiler/facts/index.js';

export const F = FLOAT;
export const I = INT;
export const B = BOOL;
export const F2 = vec('float', 2);
export const F3 = vec('float', 3);
export const F4 = vec('float', 4);
export const B4 = vec('bool', 4);

const types = new Map<string, Type>();

function param(role: ParamRole, name: string, type: Type, extra: Partial<IRParam> = {}): IRParam {
  return { name: `p_${name}`, sourceName: name, role, type, span: NO_SPAN, ...extra };
}
export const cst = (n: string, t: Type) => param('const', n, t);
export const inp = (n: string, t: Type) => param('in', n, t);
export const out = (n: string, t: Type) => param('out', n, t);
export const red = (n: string, t: Type) => param('reduce', n, t);
export const gat = (n: string, t: Type, dims = 1) => param('gather', n, t, { gatherDims: dims });
export const itr = (n: string, t: Type) => param('iter', n, t);
export const vout = (n: string, t: Type, max: number | null = null) => param('vout', n, t, { voutMax: max });

let params: IRParam[] = [];
/** Read parameter i (its type is looked up from the kernel being built). */
export const p = (index: number): IRExpr => ({ op: 'param', index, type: params[index]!.type });
export const k = (t: Type, ...value: number[]): IRExpr => ({ op: 'const', type: t, value });
export const local = (name: string): IRExpr => ({ op: 'local', name, type: types.get(name)! });
export const bin = (operator: IRBinaryOp, l: IRExpr, r: IRExpr, type?: Type): IRExpr => ({
  op: 'binary', operator, left: l, right: r,
  type: type ?? (['<', '>', '<=', '>=', '==', '!='].includes(operator) ? (l.type.kind === 'vector' ? vec('bool', l.type.size) : BOOL) : l.type),
});
export const add = (l: IRExpr, r: IRExpr) => bin('+', l, r);
export const sub = (l: IRExpr, r: IRExpr) => bin('-', l, r);
export const mul = (l: IRExpr, r: IRExpr) => bin('*', l, r);
export const div = (l: IRExpr, r: IRExpr) => bin('/', l, r);
export const splat = (t: Type, v: IRExpr): IRExpr => ({ op: 'splat', type: t, value: v });
export const swz = (v: IRExpr, ...components: number[]): IRExpr => ({
  op: 'swizzle', value: v, components,
  type: components.length === 1 ? { kind: 'scalar', name: (v.type as { elem: 'float' }).elem } : vec((v.type as { elem: 'float' }).elem, components.length),
});
export const builtin = (name: string, type: Type, ...args: IRExpr[]): IRExpr => ({ op: 'builtin', name, type, args });
export const construct = (t: Type, ...args: IRExpr[]): IRExpr => ({ op: 'construct', type: t, args });
export const gather = (param: number, ...index: IRExpr[]): IRExpr => ({ op: 'gather', param, index, type: params[param]!.type });
export const indexof = (param: number): IRExpr => ({ op: 'indexof', param, type: F4 });
export const conv = (t: Type, v: IRExpr): IRExpr => ({ op: 'convert', type: t, value: v });
export const select = (c: IRExpr, a: IRExpr, b: IRExpr): IRExpr => ({ op: 'select', cond: c, then: a, else: b, type: a.type });

export const P = (index: number, ...path: IRLValue['path']): IRLValue => ({ root: { kind: 'param', index }, type: params[index]!.type, path });
export const L = (name: string, ...path: IRLValue['path']): IRLValue => ({ root: { kind: 'local', name }, type: types.get(name)!, path });
export const assign = (target: IRLValue, value: IRExpr): IRStmt => ({ op: 'assign', target, value });
export const declare = (name: string, type: Type, init: IRExpr | null = null): IRStmt => {
  types.set(name, type);
  return { op: 'declare', name, type, init };
};
export const iff = (cond: IRExpr, then: IRStmt[], els: IRStmt[] = []): IRStmt => ({ op: 'if', cond, then, else: els });
export const loop = (init: IRStmt[], cond: IRExpr | null, update: IRStmt[], body: IRStmt[], testFirst = true): IRStmt => ({ op: 'loop', init, cond, update, body, testFirst });
export const push = (param: number, value: IRExpr): IRStmt => ({ op: 'push', param, value });
export const ret = (value: IRExpr | null = null): IRStmt => ({ op: 'return', value });
export const brk: IRStmt = { op: 'break' };
export const cont: IRStmt = { op: 'continue' };

let keyCounter = 0;

/** Build a kernel: `body` is a function so p()/P() can see the parameter types. */
export function kernel(
  name: string,
  kind: 'map' | 'reduce',
  ps: IRParam[],
  body: () => IRStmt[],
  opts: { helpers?: IRHelper[]; indexof?: number[] } = {},
): CompiledKernel {
  params = ps;
  const b = body();
  const ir: KernelIR = { name, kind, params: ps, body: b, helpers: opts.helpers ?? [], indexofParams: opts.indexof ?? [], span: NO_SPAN };
  return { ir, key: `${name}#${keyCounter++}`, facts: kernelFacts(ir), cache: new Map() };
}
