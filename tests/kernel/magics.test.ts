/**
 * The evaluator hook (kernel/magics-api.ts) as the `magics/` bridge will use it: cell and line magics,
 * their context (streams, display, result, globals, declarations), CellError fields passed through
 * unchanged, interrupts, and routing of is_complete/complete/inspect; plus completion and inspection of
 * TypeScript cells over earlier cells and injected declarations.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CellError, parseCellMagic, registerCellMagic, registerLineMagic, setDeclarations, type CellMagicInput } from '../../kernel/magics-api.js';
import { Session } from '../../kernel/session.js';
import { Collector } from './collect.js';

let session: Session;
const seen: CellMagicInput[] = [];

async function run(code: string) {
  const c = new Collector();
  const outcome = await session.execute({ code }, c);
  return { outcome, c };
}

beforeAll(() => {
  session = new Session({ directory: mkdtempSync(join(tmpdir(), 'brook-magics-')) });
  registerCellMagic('upper', {
    execute(input, ctx) {
      seen.push(input);
      ctx.stdout(input.body.toUpperCase());
      ctx.globals.shouted = input.body.trim().toUpperCase();
      ctx.setDeclarations('upper:shouted', 'declare const shouted: string;');
      ctx.setResult({ length: input.body.trim().length });
    },
    isComplete: (input) => ({ status: input.body.trimEnd().endsWith(';') ? 'complete' : 'incomplete', indent: '' }),
    complete: (input, cursor) => ({ matches: ['alpha', 'alphabet'].filter((m) => m.startsWith(input.body.slice(0, cursor))), start: 0, end: cursor }),
    inspect: (input, cursor) => ({ found: true, data: { 'text/plain': `word at ${cursor} of ${input.body.length}` } }),
  });
  registerCellMagic('fail', {
    execute() {
      throw new CellError('BrookCompileError', 'cell 2:5: expected ";"', ['cell 2:5: error: expected ";"', '  2 | int x', '    |      ^']);
    },
  });
  registerCellMagic('wait', {
    async execute(_input, ctx) {
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      ctx.throwIfInterrupted();
    },
  });
  registerLineMagic('add', (args) => args.split(/\s+/).map(Number).reduce((a, b) => a + b, 0));
  registerLineMagic('say', (args, ctx) => { ctx.stdout(`said ${args}\n`); });
});

afterAll(() => session.dispose());

describe('cell magics', () => {
  it('get the args, the body and its position, and write streams, globals and the result', async () => {
    const r = await run('%%upper  --flag x\nhello world\n');
    expect(seen.at(-1)).toMatchObject({ name: 'upper', args: '--flag x', body: 'hello world\n', bodyLine: 1, bodyOffset: 18 });
    expect(r.c.text()).toBe('HELLO WORLD\n');
    expect(r.c.result()).toEqual({ 'text/plain': '{ length: 11 }' });
    // A TypeScript cell sees the global the magic defined.
    expect((await run('shouted.toLowerCase()')).c.result()).toEqual({ 'text/plain': "'hello world'" });
  });

  it('pass a CellError through unchanged, in the error output and the outcome', async () => {
    const r = await run('%%fail\nint x');
    expect(r.outcome).toMatchObject({ status: 'error', ename: 'BrookCompileError', evalue: 'cell 2:5: expected ";"', traceback: ['cell 2:5: error: expected ";"', '  2 | int x', '    |      ^'] });
    expect(r.c.items).toEqual([{ type: 'error', ename: 'BrookCompileError', evalue: 'cell 2:5: expected ";"', traceback: ['cell 2:5: error: expected ";"', '  2 | int x', '    |      ^'] }]);
  });

  it('stop when interrupted (the signal aborts)', async () => {
    const p = run('%%wait\n');
    setTimeout(() => session.interrupt(), 50);
    const r = await p;
    expect(r.outcome).toMatchObject({ status: 'error', ename: 'Interrupted', interrupted: true });
  });

  it('name the registered magics when a cell names an unknown one', async () => {
    const r = await run('%%nosuch\nx');
    expect(r.outcome).toMatchObject({ status: 'error', ename: 'UsageError' });
    if (r.outcome.status === 'error') expect(r.outcome.traceback.join('\n')).toMatch(/available: .*%%upper/);
  });

  it('parse only a first-line %%NAME', () => {
    expect(parseCellMagic('x\n%%upper\n')).toBeUndefined();
    expect(parseCellMagic('%%upper')).toMatchObject({ name: 'upper', body: '', args: '' });
  });
});

describe('line magics', () => {
  it('run in order with the TypeScript around them, and the last one is the value', async () => {
    const r = await run('console.log("before");\n%say hi there\nconsole.log("after");\n%add 1 2 39');
    expect(r.c.text()).toBe('before\nsaid hi there\nafter\n');
    expect(r.c.result()).toEqual({ 'text/plain': '42' });
  });

  it('keep line numbers of the code after them', async () => {
    const r = await run('%say x\n%say y\nnull.z');
    if (r.outcome.status !== 'error') throw new Error('expected an error');
    expect(r.outcome.traceback).toContain(`    at cell [${r.outcome.executionCount}] line 3:6`);
  });
});

describe('editor requests', () => {
  it('route is_complete, complete and inspect of a magic cell to its handler, in code points', async () => {
    expect(session.isComplete('%%upper\nabc')).toEqual({ status: 'incomplete', indent: '' });
    expect(session.isComplete('%%upper\nabc;')).toEqual({ status: 'complete', indent: '' });
    const code = '%%upper\nalp';
    expect(await session.complete(code, [...code].length)).toEqual({ matches: ['alpha', 'alphabet'], cursor_start: 8, cursor_end: 11 });
    // An emoji (two UTF-16 units, one code point) in the first line shifts UTF-16 offsets but not Jupyter's.
    const emoji = '%%upper 😀\nalp';
    expect(await session.complete(emoji, [...emoji].length)).toEqual({ matches: ['alpha', 'alphabet'], cursor_start: 10, cursor_end: 13 });
    expect(await session.inspect('%%upper\nabcd', 10, 0)).toEqual({ found: true, data: { 'text/plain': 'word at 2 of 4' } });
  });

  it('complete magic names', async () => {
    expect((await session.complete('%%up', 4)).matches).toEqual(['%%upper']);
    expect((await session.complete('%a', 2)).matches).toEqual(['%add']);
  });

  it('complete and inspect TypeScript over earlier cells and injected declarations', async () => {
    await run('const measurements: Float32Array = new Float32Array(4);\nfunction scale(v: number, by = 2): number { return v * by }');
    const c = await session.complete('meas', 4);
    expect(c.matches).toContain('measurements');
    expect(c).toMatchObject({ cursor_start: 0, cursor_end: 4 });
    expect((await session.complete('measurements.len', 16)).matches).toEqual(['length']);
    const i = await session.inspect('scale(1)', 2, 0);
    expect(i.found).toBe(true);
    expect(i.data['text/plain']).toBe('function scale(v: number, by?: number): number');
    setDeclarations('test:stream', 'interface FakeStream { readonly shape: number[]; toTable(): unknown }\ndeclare const result: FakeStream;');
    expect((await session.complete('result.sh', 9)).matches).toEqual(['shape']);
    expect((await session.complete('shout', 5)).matches).toEqual(['shouted']);
    setDeclarations('test:stream', undefined);
    expect((await session.complete('result.sh', 9)).matches).toEqual([]);
  });

  it('answer is_complete for TypeScript', () => {
    expect(session.isComplete('const a = 1')).toEqual({ status: 'complete' });
    expect(session.isComplete('if (x) {\n  f(')).toEqual({ status: 'incomplete', indent: '    ' });
    expect(session.isComplete('for (;;) {')).toEqual({ status: 'incomplete', indent: '  ' });
    expect(session.isComplete('const = 1')).toEqual({ status: 'invalid' });
  });
});
