/**
 * C++ function overloading in host code (docs/CXX.md): `void f(int)` and `void f(float *, int)` are
 * two functions. The first declaration keeps the name; each further signature becomes a function of
 * its own, `f__o1`, `f__o2`, ... (the declaration is renamed, so code generation sees plain C). A
 * call names `f`: the variant is chosen from the checked argument types, C++'s way in short:
 *   the arity must fit; each argument scores 2 for the same type (arrays as pointers, any pointer
 *   for a `void *` parameter), 1 for an arithmetic conversion or another pointer; the best total
 *   wins, the first declared on a tie. No viable variant: the first one, whose check reports it.
 * Prototypes and definitions of one variant (any files) find it by its signature.
 */
import type { CallExpr, FunctionDecl } from '../ast.js';
import type { Type } from '../types.js';
import type { Span } from '../source.js';
import { reportSyntax } from '../messages/syntax.js';
import { typeToString } from '../types.js';
import type { Ctx, Overload } from './ctx.js';
import { checkOperand } from './operands.js';
import { isLoose } from './typing.js';

type FunctionType = Extract<Type, { kind: 'function' }>;

/**
 * `decl` has a signature other than the existing `name`'s: rename it to its variant (an existing
 * one with the same signature, or a new one). `first` is the type of the first declaration.
 */
export function renameOverload(ctx: Ctx, decl: FunctionDecl, first: FunctionType, t: FunctionType, same: (a: FunctionType, b: FunctionType) => boolean, firstSpan: Span): void {
  const overloads = ctx.overloads ?? (ctx.overloads = new Map());
  let variants: Overload[] | undefined = overloads.get(decl.name);
  if (!variants) overloads.set(decl.name, (variants = [{ name: decl.name, type: first }]));
  const clash = variants.find((v) => !same(v.type, t) && same({ ...v.type, ret: t.ret }, t));
  if (clash) {
    // `int f(int)` and `float f(int)`: C++ refuses it too; calls keep the first.
    reportSyntax(ctx.bag, 'BRK1244', decl.nameSpan, { name: decl.name, first: typeToString(clash.type), second: typeToString(t) }, { related: [{ span: firstSpan, message: `the first '${decl.name}' is here` }] });
    return;
  }
  const found = variants.find((v) => same(v.type, t));
  const name = found ? found.name : `${decl.name}__o${variants.length}`;
  if (!found) variants.push({ name, type: t });
  decl.name = name;
}

/** A call of an overloaded name: check the arguments, then point the callee at the best variant. */
export function resolveOverload(ctx: Ctx, e: CallExpr, variants: Overload[]): void {
  if (e.callee.kind !== 'Ident') return;
  const argTypes = e.args.map((a) => checkOperand(ctx, a));
  let best: Overload | undefined;
  let bestScore = -1;
  for (const v of variants) {
    const s = score(v.type, argTypes);
    if (s > bestScore) { best = v; bestScore = s; }
  }
  e.callee.name = (best ?? variants[0]!).name;
}

function score(f: FunctionType, args: Type[]): number {
  if (args.length < f.params.length || (!f.variadic && args.length > f.params.length)) return -1;
  let total = 0;
  for (let i = 0; i < f.params.length; i++) {
    const p = f.params[i]!;
    const a = args[i]!;
    if (isLoose(a)) continue;
    const ap = a.kind === 'array' ? { kind: 'pointer' as const, to: a.elem } : a;
    if (typeToString(p) === typeToString(ap)) total += 2;
    else if (p.kind === 'pointer' && ap.kind === 'pointer') total += p.to.kind === 'void' ? 2 : 1;
    else if (p.kind === 'scalar' && ap.kind === 'scalar') total += 1;
    else return -1;
  }
  return total;
}
