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
import type { FunctionDecl, TranslationUnit, VarDecl } from '../ast.js';
import { rewriteExpr, walkStmt, type StmtHooks } from './cxx-walk.js';

const definitions = (u: TranslationUnit): FunctionDecl[] =>
  u.items.filter((x): x is FunctionDecl => x.kind === 'FunctionDecl' && x.body !== null && x.brook === null);

/** The definition without its positions: two files' copies of one template instance compare equal. */
const shape = (f: FunctionDecl | VarDecl): string => JSON.stringify(f, (k, v: unknown) => (k === 'span' || k.endsWith('Span') || k === 'file' ? undefined : v));

/**
 * C++'s one-definition rule for what several files instantiate or include alike: a member function
 * (of a class or a class template's instance) defined with the same name and the same text
 * (positions aside) in an earlier file, such as the methods of `std::vector<STri>` that
 * subdivision's model.cpp and splyload.cpp both instantiate, is one function; the later files keep
 * it as a prototype; so is an `inline` free function that a header defines for several files
 * (rapid_collide's cs_compat.h). Definitions that differ stay an error (BRK2003).
 * (Static variables of one name in several files were already one variable: docs/CXX.md.)
 */
export function mergeIdenticalDefinitions(units: TranslationUnit[]): void {
  if (units.length < 2) return;
  const seen = new Map<string, string[]>();
  for (const u of units) {
    const mine: [string, string][] = [];
    for (const f of definitions(u)) {
      if (!f.method && !f.isInline) continue; // a free function defined twice stays an error (C's linker)
      const earlier = seen.get(f.name);
      const text = earlier ? shape(f) : '';
      if (earlier?.includes(text)) f.body = null;
      else if (!f.isStatic) mine.push([f.name, text || shape(f)]); // overloads share a name here
    }
    for (const [name, text] of mine) seen.set(name, [...(seen.get(name) ?? []), text]);
  }
  // The class lowering's static globals (the ring of temporaries of `std::vector<STri>`) likewise:
  // a later file's identical declaration refers to the first one (`extern`).
  const globals = new Map<string, string>();
  for (const u of units) {
    for (const d of u.items) {
      if (d.kind !== 'VarDecl' || !d.isStatic || d.declarators.length !== 1) continue;
      const name = d.declarators[0]!.name;
      const text = shape(d);
      if (globals.get(name) === text) Object.assign(d, { isStatic: false, isExtern: true, declarators: [{ ...d.declarators[0]!, init: null }] });
      else if (!globals.has(name)) globals.set(name, text);
    }
  }
}

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

/**
 * A kernel helper and a host function of one name in two files (rapid_collide: rapid.br's `kernel
 * float tri_contact(...)` and prapid.cpp's host `int tri_contact(...)`): C++ overloads for BrookGPU,
 * whose kernels became functions of other names. Kernels only call kernels, so the kernel is renamed
 * `NAME__kernel` with the calls in its file's kernels; host code keeps the host function.
 */
export function separateKernelHelpers(units: TranslationUnit[]): void {
  if (units.length < 2) return;
  const host = units.map((u) => new Set(definitions(u).map((f) => f.name)));
  units.forEach((u, k) => {
    const renames = new Map<string, string>();
    for (const f of u.items) {
      if (f.kind !== 'FunctionDecl' || f.brook === null || !f.body) continue;
      if (host.some((names, j) => j !== k && names.has(f.name))) renames.set(f.name, `${f.name}__kernel`);
    }
    if (renames.size > 0) renameInUnit(u, renames, true);
  });
}

/** Renames the functions of `unit` and their uses (not a local or parameter of the same name);
 *  `kernelsOnly`: the kernels of that name and the uses in kernels. */
function renameInUnit(unit: TranslationUnit, renames: Map<string, string>, kernelsOnly = false): void {
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
    if (item.kind === 'VarDecl' && !kernelsOnly) {
      for (const d of item.declarators) if (d.init) d.init = hooks.expr(d.init);
      continue;
    }
    if (item.kind !== 'FunctionDecl' || (kernelsOnly && item.brook === null)) continue;
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
  if (!kernelsOnly) for (const s of unit.statements) walkStmt(s, hooks);
}
