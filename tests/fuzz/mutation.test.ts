/**
 * The fuzzer's fixed-seed CI run (fuzz/): grammar-aware mutants of the conformance programs through
 * the compiler (program and cell), the host JavaScript parse and both kernel code generators. No
 * input may crash the compiler or produce code that does not parse, and the run must reach every
 * construct of the language (each AST node kind in at least 20 checked programs) and apply every
 * mutation. BROOK_FUZZ_COUNT changes the number of inputs (default 12,000: about a minute on one free core);
 * `npm run fuzz -- --minutes N` is the long run.
 */
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, repoRoot, type BuildResult } from '../conformance/cli.js';

const count = Number(process.env.BROOK_FUZZ_COUNT ?? 12_000);
const SEED = 20261126;

/** Every node kind of runtime/compiler/ast.ts that a checked program can hold. */
const CONSTRUCTS = [
  'TypeSpec', 'StructDef', 'FieldDecl', 'FunctionDecl', 'ParamDecl', 'VarDecl', 'Declarator', 'TypedefDecl', 'StructDecl',
  'Block', 'ExprStmt', 'DeclStmt', 'IfStmt', 'ForStmt', 'WhileStmt', 'DoWhileStmt', 'ReturnStmt', 'BreakStmt', 'ContinueStmt',
  'SwitchStmt', 'CaseClause', 'EmptyStmt', 'GotoStmt', 'LabeledStmt', 'NumberLit', 'StringLit', 'CharLit', 'Ident',
  'BinaryExpr', 'AssignExpr', 'UnaryExpr', 'PostfixExpr', 'CondExpr', 'CallExpr', 'IndexExpr', 'MemberExpr', 'CastExpr',
  'TypeName', 'SizeofExpr', 'CommaExpr', 'InitList', 'ConstructExpr', 'IndexofExpr', 'TranslationUnit',
];

let build: BuildResult;
beforeAll(async () => {
  build = await ensureBuilt();
}, 300_000);

describe(`fuzzing the compiler with ${count} mutants (seed ${SEED})`, () => {
  it('finds no crash and covers every construct', async () => {
    if (!build.ok) throw new Error(`the build did not produce dist/: ${build.log}`);
    const { loadCorpus } = await import(path.join(repoRoot, 'dist', 'fuzz', 'corpus.js'));
    const { fuzz } = await import(path.join(repoRoot, 'dist', 'fuzz', 'engine.js'));
    const { MUTATIONS } = await import(path.join(repoRoot, 'dist', 'fuzz', 'mutate.js'));
    const corpus = loadCorpus(repoRoot);
    const t0 = performance.now();
    const stats = fuzz(corpus, { seed: SEED, count, cellEvery: 4 });
    const secs = (performance.now() - t0) / 1000;
    console.log(`${stats.inputs} inputs in ${secs.toFixed(1)} s: ${stats.compiled} compiled, ${stats.rejected} rejected, ${stats.crashInputs} crashed`);

    const crashes = stats.crashes.map((c: { what: string; text: string }) => `${c.what}\n--- input ---\n${c.text}`);
    expect(crashes, 'inputs that crashed the compiler (save one as a test, fix, re-run)').toEqual([]);
    expect(stats.inputs).toBe(count);
    // Mutants must both pass and fail the checker often, or the mutation is too weak or too wild.
    expect(stats.compiled / count).toBeGreaterThan(0.15);
    expect(stats.rejected / count).toBeGreaterThan(0.3);
    const rare = CONSTRUCTS.filter((k) => (stats.coverage[k] ?? 0) < 20);
    expect(rare, 'constructs that reached the checker in fewer than 20 inputs').toEqual([]);
    for (const m of MUTATIONS) expect(stats.mutations[m] ?? 0, `mutation ${m}`).toBeGreaterThan(count / 100);
  }, 1_800_000);
});
