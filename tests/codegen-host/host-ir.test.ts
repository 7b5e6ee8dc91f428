/**
 * The host IR (runtime/compiler/codegen/host/ir) decides C's meaning once; its two printers must give
 * C's values. Each row of the table is a C expression with tricky semantics (overflow, truncating
 * division, unsigned conversions, shifts, float to int, float against double, char arithmetic,
 * compound assignment to narrow types), computed in a loop of its own:
 * - with host loops as WebAssembly (every row's loop is asserted to be compiled: ir/print-wasm.ts),
 * - with them kept JavaScript (`hostWasm: false`: ir/print-js.ts),
 * - by gcc -O0 where the machine has it,
 * and all three must print the value written in the row, computed by hand.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { runC } from '../hostlib/gcc.js';

const HAS_GCC = spawnSync('gcc', ['--version']).status === 0;

/** C's printf("%.17g") for the values of this table (between 1e-4 and 1e17: no exponent). */
function g17(x: number): string {
  const s = x.toPrecision(17);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

interface Row {
  what: string;
  /** The result's C type: the loop stores the expression into an array of it. */
  type: 'int' | 'unsigned' | 'float' | 'double';
  /** The expression, or a block that sets `R` (the row's result). */
  expr?: string;
  block?: string;
  /** What C prints, computed by hand. */
  want: string;
}

const f = Math.fround;

const ROWS: Row[] = [
  { what: 'INT_MAX + 1 wraps to INT_MIN', type: 'int', expr: 'imax + one', want: '-2147483648' },
  { what: '-7 / 2 truncates toward zero', type: 'int', expr: 'm7 / two', want: '-3' },
  { what: '-7 % 2 has the sign of the dividend', type: 'int', expr: 'm7 % two', want: '-1' },
  { what: '-7 / 2 and -7 % 2 with a literal divisor', type: 'int', expr: '(m7 / 2) * 10 + m7 % 2', want: '-31' },
  { what: '(unsigned)-1 >> 1 shifts in zeros', type: 'unsigned', expr: '(unsigned)m1 >> 1', want: '2147483647' },
  { what: '-7 >> 1 shifts in the sign', type: 'int', expr: 'm7 >> 1', want: '-4' },
  { what: '1 << 31 is INT_MIN', type: 'int', expr: 'one << 31', want: '-2147483648' },
  { what: '(int)3.99f truncates', type: 'int', expr: '(int)f399', want: '3' },
  { what: '(int)-3.99 truncates toward zero', type: 'int', expr: '(int)dm399', want: '-3' },
  { what: 'float * float rounds to float', type: 'float', expr: 'f01 * f01', want: g17(f(f(0.1) * f(0.1))) },
  { what: 'float * double promotes to double', type: 'double', expr: 'f01 * d01', want: g17(f(0.1) * 0.1) },
  { what: 'float + int stays float', type: 'float', expr: 'f01 + one', want: g17(f(f(0.1) + 1)) },
  { what: '3.99f == 3.99 compares as double: false', type: 'int', expr: 'f399 == d399', want: '0' },
  { what: 'char + char promotes to int', type: 'int', expr: 'c100 + c100', want: '200' },
  { what: '(char)(char + char) wraps', type: 'int', expr: '(char)(c100 + c100)', want: '-56' },
  { what: 'unsigned char * int is int', type: 'int', expr: 'uc200 * two', want: '400' },
  { what: '-7 / 2u converts -7 to unsigned', type: 'unsigned', expr: 'm7 / 2u', want: '2147483644' },
  { what: '-1 < 1u is false (both unsigned)', type: 'int', expr: 'm1 < 1u', want: '0' },
  { what: '(float)16777217 rounds to 16777216', type: 'float', expr: '(float)v24', want: '16777216' },
  { what: '(short)40000 wraps', type: 'int', expr: '(short)big', want: '-25536' },
  { what: '(unsigned)3e9 from a double', type: 'unsigned', expr: '(unsigned)d3e9', want: '3000000000' },
  { what: '~1u', type: 'unsigned', expr: '~(unsigned)one', want: '4294967294' },
  { what: 'c ? int : unsigned is unsigned', type: 'unsigned', expr: 'one ? m1 : 1u', want: '4294967295' },
  { what: 'c ? unsigned char : int is int', type: 'int', expr: 'one ? uc200 : m7', want: '200' },
  { what: 'char <<= 2 converts back to char', type: 'int', block: '{ char t = c64; t <<= 2; R = t; }', want: '0' },
  { what: 'short *= wraps to short', type: 'int', block: '{ short t = (short)big; t *= 3; R = t; }', want: '-11072' },
  { what: 'char 127 ++ wraps to -128', type: 'int', block: '{ char t = c127; t++; R = t; }', want: '-128' },
  { what: 'unsigned char -= wraps to 0..255', type: 'int', block: '{ unsigned char t = uc200; t -= 201; R = t; }', want: '255' },
  { what: 'int += double converts back to int', type: 'int', block: '{ int t = m7; t += d01 * 25; R = t; }', want: '-4' },
  { what: 'sqrtf rounds once to float', type: 'float', expr: 'sqrtf(f2)', want: g17(f(Math.sqrt(2))) },
  { what: 'fabs of a double', type: 'double', expr: 'fabs(dm399)', want: g17(3.99) },
  { what: 'abs(INT_MIN) stays INT_MIN', type: 'int', expr: 'abs(imin) + abs(m7)', want: String((-2147483648 + 7) | 0) },
  { what: '&& and || give 0 or 1', type: 'int', expr: '(two && m7) + (m1 || 0) * 10', want: '11' },
];

const FORMAT = { int: '%d', unsigned: '%u', float: '%.17g', double: '%.17g' };

function program(): string {
  const lines = [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '#include <math.h>',
    '#include <limits.h>',
    'int main(void) {',
    '  int imax = INT_MAX, imin = INT_MIN, one = 1, two = 2, m7 = -7, m1 = -1, big = 40000, v24 = 16777217;',
    '  float f399 = 3.99f, f01 = 0.1f, f2 = 2.0f;',
    '  double dm399 = -3.99, d399 = 3.99, d01 = 0.1, d3e9 = 3e9;',
    '  char c100 = 100, c127 = 127, c64 = 64;',
    '  unsigned char uc200 = 200;',
    '  int k;',
  ];
  ROWS.forEach((row, n) => {
    const r = `r${n}[k]`;
    lines.push(`  ${row.type} r${n}[16];`);
    const body = row.block ? row.block.replace(/\bR\b/g, r) : `${r} = ${row.expr};`;
    lines.push(`  for (k = 0; k < 16; k++) ${body}`);
  });
  ROWS.forEach((row, n) => lines.push(`  printf("${FORMAT[row.type]}\\n", r${n}[15]);`));
  lines.push('  return 0;', '}', '');
  return lines.join('\n');
}

function compiled(source: string, hostWasm: boolean): string {
  const r = compile(source, { fileName: 'host_ir.c', hostWasm });
  expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  return r.hostJs!;
}

async function run(source: string, hostWasm: boolean): Promise<string[]> {
  let stdout = '';
  const lib = new HostLib({ io: { write: (fd, s) => { if (fd === 1) stdout += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  try {
    await runProgram(compiled(source, hostWasm), { rt, lib, K: compile(source, { fileName: 'host_ir.c' }).kernels, argv: ['host_ir.c'] });
  } finally {
    rt.dispose();
  }
  return stdout.trimEnd().split('\n');
}

describe('the host IR means what C means, through both printers', () => {
  const source = program();
  const want = ROWS.map((r) => r.want);

  it('compiles every row\'s loop to WebAssembly (so the WebAssembly printer is the one tested)', () => {
    expect((compiled(source, true).match(/\$W\.L\d+\(/g) ?? []).length).toBe(ROWS.length);
    expect(compiled(source, false)).not.toMatch(/\$W\.L\d+\(/);
  });

  it('WebAssembly printer: every row', async () => {
    const got = await run(source, true);
    ROWS.forEach((row, n) => expect(`${row.what}: ${got[n]}`).toBe(`${row.what}: ${want[n]}`));
  });

  it('JavaScript printer: every row', async () => {
    const got = await run(source, false);
    ROWS.forEach((row, n) => expect(`${row.what}: ${got[n]}`).toBe(`${row.what}: ${want[n]}`));
  });

  it.skipIf(!HAS_GCC)('gcc -O0 prints the same', () => {
    const got = runC(source).stdout.trimEnd().split('\n');
    ROWS.forEach((row, n) => expect(`${row.what}: ${got[n]}`).toBe(`${row.what}: ${want[n]}`));
  });
});
