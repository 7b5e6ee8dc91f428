/**
 * goto in host code: the generator translates structured jumps (forward out of blocks, backward
 * retries) and rejects jumps into blocks with BRK2602. The checker currently reports every goto as
 * BRK2123; these tests run the generator on the checked tree directly, so the translation is tested
 * on its own and ready when the checker admits host gotos.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkProgram } from '../../runtime/compiler/check/index.js';
import { generateHost } from '../../runtime/compiler/codegen/host/index.js';
import { parseSource } from '../../runtime/compiler/parse/index.js';
import { SourceSet } from '../../runtime/compiler/source.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { runC } from '../hostlib/gcc.js';

const dir = join(import.meta.dirname, 'goto');

function generate(source: string) {
  const sources = new SourceSet();
  sources.add('goto.c', source);
  const parsed = parseSource(sources, 0);
  expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const checked = checkProgram(parsed.unit, sources, { mode: 'program' });
  const other = checked.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'BRK2123');
  expect(other).toEqual([]);
  return generateHost(checked.program, { sources });
}

describe('structured goto', () => {
  it('prints what gcc prints', async () => {
    const source = readFileSync(join(dir, 'goto.c'), 'utf8');
    const gen = generate(source);
    expect(gen.diagnostics).toEqual([]);
    let out = '';
    const lib = new HostLib({ io: { write: (_fd, s) => { out += s; } } });
    const rt = createCpuRuntime({ cpu: {} });
    const status = await runProgram(gen.js, { rt, lib, K: new Map(), argv: ['goto.c'] });
    rt.dispose();
    const want = runC(source);
    expect(out).toBe(want.stdout);
    expect(status).toBe(want.status);
  });

  it('a jump into a block is a clear error, not wrong code', () => {
    const gen = generate(readFileSync(join(dir, 'bad.c'), 'utf8'));
    expect(gen.diagnostics.map((d) => d.code)).toContain('BRK2602');
    expect(gen.diagnostics.find((d) => d.code === 'BRK2602')!.message).toMatch(/goto 'inner'|label 'inner'/);
  });
});
