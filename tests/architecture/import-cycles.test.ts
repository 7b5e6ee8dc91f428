/**
 * The compiler and runtime keep their arrows pointing down the pipeline: no module reaches (through
 * imports that exist at run time) a module that reaches it back. Type-only imports are allowed to
 * point anywhere (they vanish when compiled). docs/DECISIONS.md "Module layering" says how the
 * recursive parts (grammar, expression checks, host call emitters) are wired without cycles.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { graphCycles, tsFiles } from './graph.js';

const ROOT = resolve(__dirname, '..', '..');

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

/** Cycles of value imports between modules, as paths relative to the repository. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  return graphCycles(graph).map((comp) => comp.map((f) => f.slice(ROOT.length + 1)).sort());
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
