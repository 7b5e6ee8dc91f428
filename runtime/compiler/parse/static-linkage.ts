/**
 * C's internal linkage across the files of one program: a `static` function belongs to its file, so
 * two files may each define one of the same name (fft's gpufft.br and wfft.cpp both define `static
 * int BitReverse(...)`). The files are checked as one scope (index.ts mergeUnits), so before the merge
 * such a function is renamed `NAME__static<K>` in its file (its declarations and every use that no
 * local name shadows), K the file's place in the program. Which definition keeps the plain name: a
 * non-static one (external linkage) if there is one, else the first file's.
 *
 * Only functions: static variables of one name in two files are still one variable (docs/CXX.md).
 */
import type { FunctionDecl, TranslationUnit } from '../ast.js';
import { rewriteExpr, walkStmt, type StmtHooks } from './cxx-walk.js';

const definitions = (u: TranslationUnit): FunctionDecl[] =>
  u.items.filter((x): x is FunctionDecl => x.kind === 'FunctionDecl' && x.body !== null && x.brook === null);

export function separateStaticFunctions(units: TranslationUnit[]): void {
  if (units.length < 2) return;
  const defs = units.map(definitions);
  defs.forEach((mine, k) => {
    const renames = new Map<string, string>();
    for (const f of mine) {
      if (!f.isStatic) continue;
      const keepsName = (other: FunctionDecl, j: number) => !other.isStatic || j < k;
      const clash = defs.some((theirs, j) => j !== k && theirs.some((o) => o.name === f.name && keepsName(o, j)));
      if (clash) renames.set(f.name, `${f.name}__static${k}`);
    }
    if (renames.size > 0) renameInUnit(units[k]!, renames);
  });
}

/** Renames the functions of `unit` and their uses (not a local or parameter of the same name). */
function renameInUnit(unit: TranslationUnit, renames: Map<string, string>): void {
  const scopes: Set<string>[] = [];
  const shadowed = (name: string) => scopes.some((s) => s.has(name));
  const hooks: StmtHooks = {
    expr: (e) => rewriteExpr(e, (x) => {
      if (x.kind === 'Ident' && !shadowed(x.name)) {
        const to = renames.get(x.name);
        if (to) x.name = to;
      }
      return x;
    }),
    declare: (d) => { if (renames.has(d.name)) scopes[scopes.length - 1]?.add(d.name); },
    openScope: () => scopes.push(new Set()),
    closeScope: () => scopes.pop(),
  };
  for (const item of unit.items) {
    if (item.kind === 'VarDecl') {
      for (const d of item.declarators) if (d.init) d.init = hooks.expr(d.init);
      continue;
    }
    if (item.kind !== 'FunctionDecl') continue;
    const to = renames.get(item.name);
    if (to) item.name = to;
    if (!item.body) continue;
    scopes.push(new Set(item.params.map((p) => p.name).filter((n) => renames.has(n))));
    try {
      walkStmt(item.body, hooks);
    } finally {
      scopes.pop();
    }
  }
  for (const s of unit.statements) walkStmt(s, hooks);
}
