/**
 * Checks the IR invariants listed at the top of ir.ts on a lowered kernel, and returns the violations
 * (empty when valid). It checks shapes, not meaning. The compiler runs it on every kernel IR it makes,
 * before any writer sees it: the lowering (lower/index.ts: assertValidKernelIR) and the fusion rewrite
 * (fuse/index.ts: an invalid fused kernel is refused, so its calls run unfused). Its cost, measured by
 * bench/ir-validation.ts, is about 0.2% of compile time (docs/DECISIONS.md). The kernel facts
 * (compiler/facts) are decided right after it, once per kernel.
 */
import type { IRExpr, IRHelper, IRLValue, IRStmt, KernelIR } from '../ir.js';
import type { Type } from '../types.js';
import { typeToString } from '../types.js';
import { scalarKind, size } from '../check/typing.js';

const NAME = /^(l|p|h)_[A-Za-z0-9_]+$/;

export function validateKernelIR(ir: KernelIR): string[] {
  const errors: string[] = [];
  const paramTypes = ir.params.map((p) => (p.role === 'gather' ? { kind: 'gather', elem: p.type, dims: p.gatherDims ?? 1 } as Type : p.type));
  for (const p of ir.params) if (!NAME.test(p.name)) errors.push(`param name ${p.name} is not prefixed`);
  const v = new Validator(errors, paramTypes, `kernel ${ir.name}`);
  v.block(ir.body);
  if (ir.produce) {
    // The producer's part of a fused reduction (ir.ts `produce`): its own locals.
    const pv = new Validator(errors, paramTypes, `produce of kernel ${ir.name}`);
    pv.block(ir.produce.body);
    const input = ir.params.findIndex((p) => p.role === 'in');
    const last = ir.produce.body[ir.produce.body.length - 1];
    if (!last || last.op !== 'assign' || last.target.root.kind !== 'param' || last.target.root.index !== input) errors.push(`produce of kernel ${ir.name} does not end by assigning the input`);
  }
  for (const h of ir.helpers) validateHelper(h, errors);
  const names = ir.helpers.map((h) => h.name);
  if (new Set(names).size !== names.length) errors.push(`helpers listed twice: ${names.join(', ')}`);
  return errors;
}

/** Throws when the lowering made an invalid kernel: a bug in the compiler, named with what is wrong. */
export function assertValidKernelIR(ir: KernelIR): void {
  const errors = validateKernelIR(ir);
  if (errors.length) throw new Error(`internal compiler error: the kernel IR of ${ir.name} breaks ir.ts's invariants (a bug in the lowering): ${errors.join('; ')}`);
}

function validateHelper(h: IRHelper, errors: string[]): void {
  if (!NAME.test(h.name)) errors.push(`helper name ${h.name} is not prefixed`);
  const v = new Validator(errors, h.params.map((p) => p.type), `helper ${h.name}`);
  v.inHelper = true;
  v.block(h.body);
}

class Validator {
  inHelper = false;
  private declared = new Set<string>();
  constructor(private errors: string[], private params: Type[], private where: string) {}

  private fail(msg: string): void {
    this.errors.push(`${this.where}: ${msg}`);
  }

  block(stmts: IRStmt[]): void {
    for (const s of stmts) this.stmt(s);
  }

  stmt(s: IRStmt): void {
    switch (s.op) {
      case 'declare':
        if (!NAME.test(s.name)) this.fail(`local ${s.name} is not prefixed`);
        if (this.declared.has(s.name)) this.fail(`local ${s.name} declared twice`);
        this.declared.add(s.name);
        if (s.init) { this.expr(s.init, true); this.same(s.type, s.init.type, `init of ${s.name}`); }
        return;
      case 'assign':
        this.lvalue(s.target);
        this.expr(s.value, true);
        this.same(s.target.type, s.value.type, 'assignment');
        return;
      case 'expr': this.expr(s.expr, true); return;
      case 'if': this.cond(s.cond); this.block(s.then); this.block(s.else); return;
      case 'loop':
        this.block(s.init);
        if (s.cond) this.cond(s.cond);
        this.block(s.update);
        this.block(s.body);
        return;
      case 'return': if (s.value) this.expr(s.value, false); return;
      case 'push': this.expr(s.value, false); return;
      default: return;
    }
  }

  private cond(c: IRExpr): void {
    this.expr(c, false);
    if (!(c.type.kind === 'scalar' && c.type.name === 'bool')) this.fail(`condition of type ${typeToString(c.type)} is not bool`);
  }

  private same(a: Type, b: Type, what: string): void {
    if (typeToString(a) !== typeToString(b)) this.fail(`${what}: ${typeToString(a)} vs ${typeToString(b)}`);
  }

  private lvalue(lv: IRLValue): void {
    if (lv.root.kind === 'local' && !NAME.test(lv.root.name)) this.fail(`lvalue root ${lv.root.name} is not prefixed`);
    for (const p of lv.path) if (p.kind === 'index') this.expr(p.index, false);
  }

  /** `top`: the expression is a whole statement value, where a call with out-arguments may appear. */
  expr(e: IRExpr, top: boolean): void {
    if (!e.type) { this.fail(`expression ${e.op} without a type`); return; }
    switch (e.op) {
      case 'const':
        if (e.value.length !== size(e.type) && e.type.kind !== 'struct') this.fail(`constant with ${e.value.length} values for ${typeToString(e.type)}`);
        return;
      case 'binary': {
        this.expr(e.left, false); this.expr(e.right, false);
        this.same(e.left.type, e.right.type, `operands of ${e.operator}`);
        const cmp = ['<', '>', '<=', '>=', '==', '!='].includes(e.operator);
        const logic = e.operator === '&&' || e.operator === '||';
        if (cmp && (scalarKind(e.type) !== 'bool' || size(e.type) !== size(e.left.type))) this.fail(`comparison gives ${typeToString(e.type)}`);
        if (logic && (typeToString(e.type) !== 'bool' || typeToString(e.left.type) !== 'bool')) this.fail(`${e.operator} on ${typeToString(e.left.type)}`);
        if (!cmp && !logic) this.same(e.type, e.left.type, `result of ${e.operator}`);
        return;
      }
      case 'unary':
        this.expr(e.operand, false);
        this.same(e.type, e.operand.type, `unary ${e.operator}`);
        return;
      case 'select':
        this.expr(e.cond, false); this.expr(e.then, false); this.expr(e.else, false);
        this.same(e.then.type, e.else.type, 'select arms');
        this.same(e.type, e.then.type, 'select result');
        if (scalarKind(e.cond.type) !== 'bool') this.fail('select condition is not bool');
        return;
      case 'convert':
        this.expr(e.value, false);
        if (size(e.type) !== size(e.value.type)) this.fail('convert changes the component count');
        return;
      case 'splat':
        this.expr(e.value, false);
        if (e.value.type.kind !== 'scalar' || e.type.kind !== 'vector' || scalarKind(e.type) !== scalarKind(e.value.type)) this.fail('bad splat');
        return;
      case 'swizzle':
        this.expr(e.value, false);
        if (e.components.some((c) => c >= size(e.value.type)) || e.components.length !== size(e.type)) this.fail('bad swizzle');
        return;
      case 'construct':
        for (const a of e.args) this.expr(a, false);
        if (e.type.kind === 'vector' && e.args.reduce((n, a) => n + size(a.type), 0) !== e.type.size) this.fail(`construct of ${typeToString(e.type)} from ${e.args.length} args`);
        return;
      case 'field': this.expr(e.value, false); return;
      case 'builtin': for (const a of e.args) this.expr(a, false); return;
      case 'call':
        for (const a of e.args) if (a.type.kind !== 'gather') this.expr(a, false);
        for (const a of e.indexofArgs) this.expr(a, false);
        if (!top && e.outArgs.some((o) => o !== null)) this.fail(`call of ${e.helper} with out-arguments inside an expression`);
        return;
      case 'gather':
        for (const i of e.index) {
          this.expr(i, false);
          if (size(i.type) !== 1) this.fail('gather index component is not a scalar');
        }
        if (this.params[e.param]?.kind === 'gather' && (this.params[e.param] as { dims: number }).dims !== e.index.length) this.fail('gather index count differs from the gather rank');
        return;
      case 'local':
        if (!NAME.test(e.name)) this.fail(`local ${e.name} is not prefixed`);
        return;
      case 'helperIndexof':
        if (!this.inHelper) this.fail('helperIndexof outside a helper');
        return;
      default: return;
    }
  }
}
