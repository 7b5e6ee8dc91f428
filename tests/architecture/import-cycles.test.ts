/**
 * The compiler and runtime keep their arrows pointing down the pipeline: no module reaches (through
 * imports that exist at run time) a module that reaches it back. Type-only imports are allowed to
 * point anywhere (they vanish when compiled). docs/DECISIONS.md "Module layering" says how the
 * recursive parts (grammar, expression checks, host call emitters) are wired without cycles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');

function tsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Relative imports and re-exports of `file` that remain in the emitted JavaScript. */
export function runtimeImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes = clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      spec = st.moduleSpecifier;
    } else if (ts.isExportDeclaration(st)) {
      if (st.isTypeOnly) continue;
      const named = st.exportClause;
      if (named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) continue;
      spec = st.moduleSpecifier;
    }
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) {
      out.push(resolve(dirname(file), spec.text.replace(/\.js$/, '.ts')));
    }
  }
  return out;
}

/** Strongly connected components with more than one module (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) cycles.push(comp.map((f) => f.slice(ROOT.length + 1)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('module layering', () => {
  it('finds a cycle when there is one (the detector itself)', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    const c = join(ROOT, 'c.ts');
    expect(importCycles(new Map([[a, [b]], [b, [a]], [c, [a]]]))).toEqual([['a.ts', 'b.ts']]);
    expect(runtimeImports(a, "import type { X } from './b.js';\nimport { type Y } from './c.js';\nimport { z } from './d.js';"))
      .toEqual([join(ROOT, 'd.ts')]);
  });

  it('runtime/ and kernel/ have no import cycles through value imports', () => {
    const graph = new Map<string, string[]>();
    for (const dir of ['runtime', 'kernel']) {
      for (const f of tsFiles(join(ROOT, dir))) graph.set(f, runtimeImports(f, readFileSync(f, 'utf8')));
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });
});
