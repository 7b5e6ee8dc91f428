/**
 * Building kernel IR by hand for backend tests (the checker's lowering produces the same shapes).
 * Short names on purpose: tests read like the Brook kernel they stand for.
 */
import type { CompiledKernel } from '../../runtime/brt/api.js';
import type { IRBinaryOp, IRExpr, IRHelper, IRLValue, IRParam, IRStmt, KernelIR, ParamRole } from '../../runtime/compiler/ir.js';
import { NO_SPAN } from '../../runtime/compiler/source.js';
import type { Type } from '../../runtime/compiler/types.js';
import { vec } from '../../runtime/compiler/types.js';
import { kernelFacts } from '../../runtime/compiler/facts/index.js';

export const F: Type = { kind: 'scalar', name: 'float' };
export const I: Type = { kind: 'scalar', name: 'int' };
export const U: Type = { kind: 'scalar', name: 'uint' };
export const B: Type = { kind: 'scalar', name: 'bool' };
export const F2 = vec('float', 2);
export const F3 = vec('float', 3);
export const F4 = vec('float', 4);
export const I4 = vec('int', 4);

export function param(name: string, role: ParamRole, type: Type, extra: Partial<IRParam> = {}): IRParam {
  return { name, sourceName: name, role, type, span: NO_SPAN, ...extra };
}

export function kernel(name: string, params: IRParam[], body: IRStmt[], extra: Partial<KernelIR> = {}): KernelIR {
  const kind = params.some((p) => p.role === 'reduce') ? 'reduce' : 'map';
  return { name, kind, params, body, helpers: [], indexofParams: [], span: NO_SPAN, ...extra };
}

let keys = 0;
export function compiled(ir: KernelIR): CompiledKernel {
  return { ir, key: `test-${ir.name}-${keys++}`, facts: kernelFacts(ir), cache: new Map() };
}

export const c = (type: Type, ...value: number[]): IRExpr => ({ op: 'const', type, value });
export const p = (index: number, type: Type): IRExpr => ({ op: 'param', type, index });
export const l = (name: string, type: Type): IRExpr => ({ op: 'local', type, name });
export const bin = (operator: IRBinaryOp, left: IRExpr, right: IRExpr, type?: Type): IRExpr => {
  const cmp = ['<', '>', '<=', '>=', '==', '!=', '&&', '||'].includes(operator);
  const t = type ?? (cmp ? boolOf(left.type) : left.type);
  return { op: 'binary', type: t, operator, left, right };
};
export const call = (name: string, type: Type, ...args: IRExpr[]): IRExpr => ({ op: 'builtin', type, name, args });
export const conv = (type: Type, value: IRExpr): IRExpr => ({ op: 'convert', type, value });
export const splat = (type: Type, value: IRExpr): IRExpr => ({ op: 'splat', type, value });
export const swz = (value: IRExpr, type: Type, ...components: number[]): IRExpr => ({ op: 'swizzle', type, value, components });
export const sel = (cond: IRExpr, then: IRExpr, els: IRExpr): IRExpr => ({ op: 'select', type: then.type, cond, then, else: els });
export const gather = (param: number, type: Type, ...index: IRExpr[]): IRExpr => ({ op: 'gather', type, param, index });
export const indexof = (param: number): IRExpr => ({ op: 'indexof', type: vec('float', 4), param });

export const toParam = (index: number, type: Type, path: IRLValue['path'] = []): IRLValue => ({ root: { kind: 'param', index }, type, path });
export const toLocal = (name: string, type: Type, path: IRLValue['path'] = []): IRLValue => ({ root: { kind: 'local', name }, type, path });
export const assign = (target: IRLValue, value: IRExpr): IRStmt => ({ op: 'assign', target, value });
export const declare = (name: string, type: Type, init: IRExpr | null = null): IRStmt => ({ op: 'declare', name, type, init });
export const ret = (value: IRExpr | null = null): IRStmt => ({ op: 'return', value });

export function boolOf(t: Type): Type {
  return t.kind === 'vector' ? vec('bool', t.size) : { kind: 'scalar', name: 'bool' };
}

export function helper(name: string, params: IRHelper['params'], returnType: Type, body: IRStmt[], hidden: number[] = []): IRHelper {
  return { name, params, returnType, body, hiddenIndexofParams: hidden, span: NO_SPAN };
}
