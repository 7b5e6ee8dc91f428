/**
 * TypeScript cells in one Session, in-process (no sockets): persistence and re-running, results, errors at
 * the cell's own line and column, imports of node built-ins, ESM-only and CommonJS packages resolved from
 * the notebook's folder, stream batching and order, and history.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../kernel/session.js';
import { Collector } from './collect.js';

let dir: string;
let session: Session;

async function run(code: string, opts: { silent?: boolean; storeHistory?: boolean } = {}) {
  const c = new Collector();
  const outcome = await session.execute({ code, ...opts }, c);
  return { outcome, c };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'brook-session-'));
  // An ESM-only package (exports has only "import") and a CommonJS one, in the notebook's node_modules.
  const esm = join(dir, 'node_modules', 'esm-only');
  mkdirSync(esm, { recursive: true });
  writeFileSync(join(esm, 'package.json'), JSON.stringify({ name: 'esm-only', type: 'module', exports: { '.': { import: './index.js' } } }));
  writeFileSync(join(esm, 'index.js'), 'export const triple = (x) => 3 * x;\nexport default function hello(n) { return `hello ${n}`; }\n');
  const cjs = join(dir, 'node_modules', 'cjs-pkg');
  mkdirSync(cjs, { recursive: true });
  writeFileSync(join(cjs, 'package.json'), JSON.stringify({ name: 'cjs-pkg', main: 'main.js' }));
  writeFileSync(join(cjs, 'main.js'), 'exports.square = (x) => x * x;\nexports.name = "cjs";\n');
  session = new Session({ directory: dir });
});

afterAll(() => session.dispose());

describe('TypeScript cells', () => {
  it('keep declarations across cells and show the last expression', async () => {
    const a = await run('const x: number = 20;\nfunction twice(n: number): number { return 2 * n; }\nclass Box { constructor(public v: number) {} }\ntwice(x) + 2');
    expect(a.outcome.status).toBe('ok');
    expect(a.c.result()).toEqual({ 'text/plain': '42' });
    const b = await run('new Box(twice(x)).v');
    expect(b.c.result()).toEqual({ 'text/plain': '40' });
  });

  it('let a cell run again, and a later cell redeclare const, let, class and function', async () => {
    const cell = 'const y = 1;\nlet z = 2;\nclass K { k = 3 }\nfunction f() { return 4 }\ny + z + new K().k + f()';
    expect((await run(cell)).c.result()).toEqual({ 'text/plain': '10' });
    expect((await run(cell)).c.result()).toEqual({ 'text/plain': '10' });
    const again = await run('const y = "a";\nlet z = "b";\nclass K { k = "c" }\nfunction f() { return "d" }\ny + z + new K().k + f()');
    expect(again.c.result()).toEqual({ 'text/plain': "'abcd'" });
  });

  it('support top-level await, destructuring and enums', async () => {
    const r = await run('const { p, q: [r] } = await Promise.resolve({ p: 1, q: [2] });\nenum Color { Red, Green }\np + r + Color.Green');
    expect(r.c.result()).toEqual({ 'text/plain': '4' });
  });

  it('run a top-level for await (the cell then runs as an async function)', async () => {
    const r = await run('async function* count() { yield 1; yield 2; }\nlet total = 0;\nfor await (const v of count()) total += v;\ntotal');
    expect(r.c.result()).toEqual({ 'text/plain': '3' });
  });

  it('give `this` at the top level as globalThis, as a script does', async () => {
    expect((await run('this === globalThis')).c.result()).toEqual({ 'text/plain': 'true' });
  });

  it('show an object literal typed alone, and a Promise as the value it resolves to', async () => {
    expect((await run('{ a: 1, b: [2] }')).c.result()).toEqual({ 'text/plain': '{ a: 1, b: [ 2 ] }' });
    // A bare last expression that is a Promise is awaited (issue 13: `s.plot()` shows the plot).
    expect((await run('Promise.resolve(5)')).c.result()).toEqual({ 'text/plain': '5' });
  });

  it('show no result after a declaration or for undefined, and silent cells do not count', async () => {
    const before = session.executionCount;
    expect((await run('const nothing = 1')).c.result()).toBeUndefined();
    expect((await run('undefined')).c.result()).toBeUndefined();
    const silent = await run('1 + 1', { silent: true });
    expect(silent.c.result()).toBeUndefined();
    expect(session.executionCount).toBe(before + 2);
  });

  it('refuse to redeclare a global the kernel needs, with a hint', async () => {
    const r = await run('const process = 1');
    expect(r.outcome.status).toBe('error');
    if (r.outcome.status === 'error') expect(r.outcome.traceback.join('\n')).toMatch(/hint: rename it/);
    expect(typeof process.pid).toBe('number');
  });
});

describe('imports', () => {
  it('import node built-ins as default, named and namespace imports', async () => {
    const r = await run("import path, { join } from 'node:path';\nimport * as os from 'os';\n[path.basename('/a/b.txt'), join('x', 'y'), typeof os.cpus]");
    expect(r.outcome.status).toBe('ok');
    expect(r.c.result()).toEqual({ 'text/plain': "[ 'b.txt', 'x/y', 'function' ]" });
  });

  it('import an ESM-only package and a CommonJS package from the notebook folder', async () => {
    const r = await run("import hello, { triple } from 'esm-only';\nimport cjs, { square } from 'cjs-pkg';\n[hello(triple(2)), square(5), cjs.name]");
    expect(r.outcome.status).toBe('ok');
    expect(r.c.result()).toEqual({ 'text/plain': "[ 'hello 6', 25, 'cjs' ]" });
    // Imports are globals: a later cell uses them without importing again.
    expect((await run('triple(square(2))')).c.result()).toEqual({ 'text/plain': '12' });
  });

  it('dynamic import works too, and a missing package is a clear error', async () => {
    expect((await run("(await import('esm-only')).triple(7)")).c.result()).toEqual({ 'text/plain': '21' });
    const r = await run("import nope from 'no-such-package'");
    expect(r.outcome.status).toBe('error');
    if (r.outcome.status === 'error') expect(r.outcome.evalue).toMatch(/no-such-package/);
  });
});

describe('errors', () => {
  it('point at the cell line and column of a runtime error, past erased types', async () => {
    const code = 'const a: Array<number> = [1, 2];\nconst b: { c?: { d: number } } = {};\nconst e: number = b.c!.d;';
    const r = await run(code);
    expect(r.outcome.status).toBe('error');
    if (r.outcome.status !== 'error') return;
    expect(r.outcome.ename).toBe('TypeError');
    // V8 reports the property read: `d` on line 3.
    const col = code.split('\n')[2]!.indexOf('.d') + 2;
    expect(r.outcome.traceback).toContain(`    at cell [${r.outcome.executionCount}] line 3:${col}`);
    expect(r.outcome.traceback.slice(-2)).toEqual([
      '  3 | const e: number = b.c!.d;',
      `    | ${' '.repeat(col - 1)}^`,
    ]);
    const err = r.c.items.find((i) => i.type === 'error');
    expect(err).toEqual({ type: 'error', ename: r.outcome.ename, evalue: r.outcome.evalue, traceback: r.outcome.traceback });
  });

  it('map frames of a function defined in an earlier cell to that cell', async () => {
    const def = await run('function explode(n: number): never {\n  throw new RangeError(`bad ${n}`);\n}');
    const r = await run('\n\nexplode(3)');
    if (r.outcome.status !== 'error') throw new Error('expected an error');
    expect(r.outcome.ename).toBe('RangeError');
    expect(r.outcome.evalue).toBe('bad 3');
    expect(r.outcome.traceback).toContain(`    at explode (cell [${def.outcome.executionCount}] line 2:9)`);
    expect(r.outcome.traceback).toContain(`    at cell [${r.outcome.executionCount}] line 3:1`);
    expect(r.outcome.traceback.join('\n')).not.toMatch(/dist\/kernel|node:internal/);
  });

  it('report TypeScript syntax errors with line, column and caret', async () => {
    const r = await run('const ok = 1;\nconst broken = ;');
    if (r.outcome.status !== 'error') throw new Error('expected an error');
    expect(r.outcome.ename).toBe('SyntaxError');
    expect(r.outcome.evalue).toBe('Expression expected. (line 2:16)');
    expect(r.outcome.traceback).toContain('  2 | const broken = ;');
    expect(r.outcome.traceback).toContain(`    | ${' '.repeat(15)}^`);
  });

  it('show a thrown non-Error value', async () => {
    const r = await run('throw { code: 7 }');
    if (r.outcome.status !== 'error') throw new Error('expected an error');
    expect(r.outcome.ename).toBe('Uncaught');
    expect(r.outcome.evalue).toBe('{ code: 7 }');
  });

  it('keep state after an error', async () => {
    await run('let counter = 1');
    await run('counter++; null.boom');
    expect((await run('counter')).c.result()).toEqual({ 'text/plain': '2' });
  });
});

describe('streams', () => {
  it('deliver 20,000 lines from one cell, all of them, in order, in few messages', async () => {
    const r = await run('for (let i = 0; i < 20000; i++) console.log(i)');
    const expected = Array.from({ length: 20000 }, (_, i) => `${i}\n`).join('');
    expect(r.c.text()).toBe(expected);
    const messages = r.c.items.filter((i) => i.type === 'stream').length;
    expect(messages).toBeLessThan(20);
  });

  it('keep stdout, stderr and displays in the order the cell made them', async () => {
    const r = await run('console.log("a"); console.error("b"); display(1); process.stdout.write("c\\n"); "end"');
    expect(r.c.items.map((i) => (i.type === 'stream' ? `${i.name}:${i.text}` : i.type))).toEqual([
      'stdout:a\n', 'stderr:b\n', 'display_data', 'stdout:c\n', 'execute_result',
    ]);
  });
});

describe('history', () => {
  it('answers tail, range and search (glob, unique, n)', async () => {
    await run('"hist-A"');
    await run('"hist-B"');
    await run('"hist-A"');
    const tail = session.history.query({ hist_access_type: 'tail', n: 2, output: true });
    expect(tail.map((h) => h[2])).toEqual([['"hist-B"', "'hist-B'"], ['"hist-A"', "'hist-A'"]]);
    const [s, line] = tail[0]!;
    expect(session.history.query({ hist_access_type: 'range', session: s, start: line, stop: line + 1 })).toEqual([[s, line, '"hist-B"']]);
    expect(session.history.query({ hist_access_type: 'search', pattern: '"hist-?"' }).length).toBe(3);
    expect(session.history.query({ hist_access_type: 'search', pattern: '"hist-*', unique: true }).map((h) => h[2])).toEqual(['"hist-B"', '"hist-A"']);
    expect(session.history.query({ hist_access_type: 'search', pattern: '*hist*', n: 1 }).map((h) => h[2])).toEqual(['"hist-A"']);
  });
});
