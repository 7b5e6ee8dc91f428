/**
 * The folders' contracts, pinned: every import (value, type-only, re-export, literal dynamic import()) of
 * every .ts file under common/, kernel/, magics/, cli/ and runtime/ is checked against the rule of the
 * folder it leaves. Type-only imports count: a layer that names another's types knows that layer.
 * (import-cycles.test.ts checks module-level cycles of value imports; this file checks folders.)
 *
 * The rules (each folder's index.ts states its side; ARCHITECTURE.md draws the whole):
 * - common/ imports nothing of the project;
 * - kernel/ imports no runtime/, magics/ or cli/ (kernel/index.ts: it knows nothing of Brook);
 * - runtime/ imports no kernel/, magics/ or cli/; magics/ no cli/;
 * - brt never imports a backend (backends/index.ts joins them), results never imports brt,
 *   hostlib never imports a code generator (compiler/codegen/);
 * - a schedule (compiler/schedule/) never imports a writer (compiler/codegen/): the writers print
 *   what a schedule chose, so what both need (the cooperative loop's analysis, the 2-D workgroup)
 *   lives in schedule/ or below, never the other way (chain-tile.ts once took evalUniform from
 *   codegen/wgsl/coop.ts);
 * - a backend takes from the compiler only its second face (compiler/kernels.ts) and its shared
 *   vocabulary (ir.ts, types.ts, diagnostics.ts, source.ts, messages/);
 * - no cycle between folders (runtime/X counts as one folder each; the compiler as one).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { graphCycles, tsFiles } from './graph.js';

const ROOT = resolve(__dirname, '..', '..');
const TOP = ['common', 'kernel', 'magics', 'cli', 'runtime'];

/** Every relative module a file names: imports, re-exports and import('literal'), type-only ones too. */
export function allImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specs.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(dirname(file), s)).replace(/\.c?js$/, '.ts'));
}

/** The folder a repository path belongs to for layering: common, kernel, magics, cli, runtime/X. */
export function folderOf(path: string): string | undefined {
  const parts = path.split('/');
  if (!TOP.includes(parts[0]!)) return undefined;
  return parts[0] === 'runtime' ? `runtime/${parts[1]}` : parts[0];
}

const COMPILER_VOCABULARY = /^runtime\/compiler\/(kernels|ir|types|diagnostics|source)\.ts$|^runtime\/compiler\/messages\//;

/** Why the import from `from` to `to` breaks a folder's contract, or undefined when it keeps it. */
export function contractBreak(from: string, to: string): string | undefined {
  const a = folderOf(from);
  const b = folderOf(to);
  if (!a) return undefined;
  if (!b) return TOP.includes(to.split('/')[0]!) ? undefined : a === 'common' ? 'common/ imports nothing of the project' : undefined;
  // (Inside the compiler, which is one folder for the rest of the rules.)
  if (from.startsWith('runtime/compiler/schedule/') && to.startsWith('runtime/compiler/codegen/')) {
    return 'a schedule never imports a writer (compiler/schedule/ plans, compiler/codegen/ prints the plan)';
  }
  if (a === b) return undefined;
  if (a === 'common') return 'common/ imports nothing of the project';
  if (a === 'kernel' && b !== 'common') return 'kernel/ imports only common/ (it knows nothing of Brook: kernel/index.ts)';
  if (a.startsWith('runtime/') && ['kernel', 'magics', 'cli'].includes(b)) return 'runtime/ never imports the notebook or the command line';
  if (a === 'magics' && b === 'cli') return 'magics/ never imports cli/';
  if (a === 'runtime/brt' && b === 'runtime/backends') return 'brt never imports a backend (backends/index.ts joins them)';
  if (a === 'runtime/results' && b === 'runtime/brt') return 'results never imports brt';
  if (a === 'runtime/hostlib' && to.startsWith('runtime/compiler/codegen/')) return 'hostlib never imports a code generator';
  if (a === 'runtime/backends' && b === 'runtime/compiler' && !COMPILER_VOCABULARY.test(to)) {
    return 'a backend takes from the compiler only compiler/kernels.ts and its vocabulary (ir, types, diagnostics, source, messages/)';
  }
  return undefined;
}

/** Cycles between folders: strongly connected components of the folder graph with more than one folder. */
export function folderCycles(edges: Map<string, Set<string>>): string[][] {
  return graphCycles(edges);
}

function projectImports(): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const dir of TOP) {
    for (const f of tsFiles(join(ROOT, dir), /\.c?ts$/)) {
      const from = relative(ROOT, f);
      for (const to of allImports(f, readFileSync(f, 'utf8'))) out.push({ from, to });
    }
  }
  return out;
}

describe('layering: folder contracts', () => {
  it('the rules themselves: each forbidden edge is caught, allowed ones pass', () => {
    expect(contractBreak('kernel/session.ts', 'runtime/brt/abort.ts')).toMatch(/kernel/);
    expect(contractBreak('kernel/install.ts', 'common/fonts.ts')).toBeUndefined();
    expect(contractBreak('runtime/brt/index.ts', 'runtime/backends/cpu/index.ts')).toMatch(/brt/);
    expect(contractBreak('runtime/results/x.ts', 'runtime/brt/index.ts')).toMatch(/results/);
    expect(contractBreak('runtime/hostlib/support.ts', 'runtime/compiler/codegen/host/wasmmodule.ts')).toMatch(/hostlib/);
    expect(contractBreak('runtime/hostlib/support.ts', 'runtime/compiler/host-memory.ts')).toBeUndefined();
    expect(contractBreak('runtime/compiler/schedule/chain-tile.ts', 'runtime/compiler/codegen/wgsl/coop.ts')).toMatch(/schedule never imports a writer/);
    expect(contractBreak('runtime/compiler/codegen/wgsl/layout.ts', 'runtime/compiler/schedule/map.ts')).toBeUndefined();
    expect(contractBreak('runtime/backends/cpu/index.ts', 'runtime/compiler/codegen/js/index.ts')).toMatch(/backend/);
    expect(contractBreak('runtime/backends/cpu/index.ts', 'runtime/compiler/check/index.ts')).toMatch(/backend/);
    expect(contractBreak('runtime/backends/cpu/index.ts', 'runtime/compiler/kernels.ts')).toBeUndefined();
    expect(contractBreak('runtime/backends/webgpu/bounded.ts', 'runtime/compiler/ir.ts')).toBeUndefined();
    expect(contractBreak('runtime/compiler/index.ts', 'magics/index.ts')).toMatch(/runtime/);
    expect(contractBreak('common/fonts.ts', 'runtime/results/plot.ts')).toMatch(/common/);
    expect(allImports(join(ROOT, 'kernel/x.ts'), "import type { A } from '../runtime/a.js';\nexport { b } from './b.js';\nconst c = await import('../magics/c.js');\ntype D = typeof import('../cli/d.js');\nimport 'node:fs';"))
      .toEqual(['runtime/a.ts', 'kernel/b.ts', 'magics/c.ts', 'cli/d.ts']);
    expect(folderCycles(new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]))).toEqual([['a', 'b', 'c']]);
  });

  it('no import breaks a folder contract', () => {
    const all = projectImports();
    expect(all.length).toBeGreaterThan(500);
    const breaks = all.flatMap(({ from, to }) => {
      const why = contractBreak(from, to);
      return why ? [`${from} -> ${to}: ${why}`] : [];
    });
    expect(breaks).toEqual([]);
  });

  it('no cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of projectImports()) {
      const a = folderOf(from);
      const b = folderOf(to);
      if (!a || !b || a === b) continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
    }
    expect(edges.size).toBeGreaterThan(8);
    expect(folderCycles(edges)).toEqual([]);
  });
});
