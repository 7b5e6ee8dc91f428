/**
 * C++ default arguments of host functions (docs/CXX.md): `void f(int a, int b = 4);` then `f(1)` is
 * `f(1, 4)`. The defaults may be written on a prototype or on the definition. A call is filled here
 * when no declaration of its name takes exactly its number of arguments and one that takes more has
 * defaults for all the rest; each filled call gets its own copy of the default expressions (the
 * checker types every node once). Calls of methods (`obj.f(1)`) are filled by check/cxx-members.ts,
 * constructors (`C(1)`, now `C__new(1)`) here.
 */
import type { Expr, FunctionDecl, TranslationUnit } from '../ast.js';
import { rewriteUnit } from './cxx-walk.js';

export function fillDefaultArguments(unit: TranslationUnit): void {
  const decls = new Map<string, FunctionDecl[]>();
  let any = false;
  for (const item of unit.items) {
    if (item.kind !== 'FunctionDecl' || item.brook !== null) continue;
    decls.set(item.name, [...(decls.get(item.name) ?? []), item]);
    if (item.params.some((p) => p.defaultValue)) any = true;
  }
  if (!any) return;
  rewriteUnit(unit, (e) => {
    if (e.kind !== 'CallExpr' || e.callee.kind !== 'Ident') return e;
    const found = decls.get(e.callee.name);
    if (found) e.args.push(...defaultsFor(found, e.args.length));
    return e;
  });
}

/** Copies of the defaults that complete a call of `arity` arguments to one of `decls` (or none). */
export function defaultsFor(decls: FunctionDecl[], arity: number): Expr[] {
  if (decls.some((d) => d.params.length === arity)) return [];
  for (const d of decls) {
    if (d.params.length <= arity) continue;
    // Defaults may sit on another declaration of the same signature (a prototype).
    const rest = d.params.slice(arity).map((p, i) => p.defaultValue ?? decls.find((o) => o.params.length === d.params.length && o.params[arity + i]?.defaultValue)?.params[arity + i]!.defaultValue);
    if (rest.every((x) => x !== undefined)) return rest.map((x) => structuredClone(x!));
  }
  return [];
}
