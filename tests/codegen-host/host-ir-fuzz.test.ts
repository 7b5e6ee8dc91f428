/**
 * Differential test of the host IR's two printers (runtime/compiler/codegen/host/ir): random C
 * expressions over int, unsigned, char, short, unsigned char, float and double variables and the loop
 * counter, each computed in a call-free loop of its own, with compound assignments to variables of
 * every kind inside the loops. The program runs three ways, which must print the same bytes:
 * - loops as WebAssembly (every loop asserted compiled: ir/print-wasm.ts),
 * - loops as JavaScript (`hostWasm: false`: ir/print-js.ts),
 * - gcc -O0 (where the machine has gcc; without it the first two must still agree).
 * Undefined behaviour is avoided as in fuzz.test.ts: divisors are 1..16 ((x & 15) + 1) or at least
 * 0.5 in magnitude (fabs(x) + 0.5), shift counts are (int)(x & 31), floats convert only to float or
 * double, an integer target of a compound assignment gets an integer right-hand side.
 * A NaN prints as nan or -nan by its sign bit, which C leaves unspecified and JavaScript numbers do
 * not keep (V8 may canonicalize a NaN): the sign of a NaN is not compared.
 * Three fixed seeds run in every test run; BROOK_HOST_IR_FUZZ_SEEDS=N adds N more for a longer sweep.
 * The sign of a zero is compared between the two printers but not with gcc: gcc folds `0.0f - x`
 * to `-x` even at -O0 (once `(c1 > c1)` has folded to 0), which gives -0 where IEEE gives +0.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { runC } from '../hostlib/gcc.js';

const HAS_GCC = spawnSync('gcc', ['--version']).status === 0;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

type Kind = 'int' | 'unsigned' | 'char' | 'short' | 'unsigned char' | 'float' | 'double';
const VARS: { name: string; kind: Kind; init: string }[] = [
  { name: 'i1', kind: 'int', init: '2345' }, { name: 'i2', kind: 'int', init: '-987' },
  { name: 'u1', kind: 'unsigned', init: '3000000000u' }, { name: 'u2', kind: 'unsigned', init: '7u' },
  { name: 'c1', kind: 'char', init: '-100' }, { name: 's1', kind: 'short', init: '-3000' },
  { name: 'b1', kind: 'unsigned char', init: '250' }, { name: 'f1', kind: 'float', init: '1.1f' },
  { name: 'f2', kind: 'float', init: '-37.5f' }, { name: 'd1', kind: 'double', init: '0.1' },
  { name: 'd2', kind: 'double', init: '-2.5e-3' },
];
const isFloat = (k: Kind) => k === 'float' || k === 'double';

function pickOf<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)]!;
}

function genExpr(r: () => number, depth: number): { text: string; float: boolean } {
  if (depth === 0 || r() < 0.25) {
    const p = r();
    if (p < 0.15) {
      const lit = r() < 0.5 ? String(Math.floor(r() * 200) - 100) : (r() * 10).toFixed(2) + (r() < 0.5 ? 'f' : '');
      return { text: lit, float: lit.includes('.') };
    }
    if (p < 0.3) return { text: 'k', float: false }; // the loop counter: a bounded int (exact.ts)
    const v = pickOf(r, VARS);
    return { text: v.name, float: isFloat(v.kind) };
  }
  const a = genExpr(r, depth - 1);
  const b = genExpr(r, depth - 1);
  const float = a.float || b.float;
  const pick = r();
  if (pick < 0.1) return { text: `(${a.text} ${pickOf(r, ['<', '>', '<=', '>=', '==', '!='])} ${b.text})`, float: false };
  if (pick < 0.15) return { text: `(${a.text} ${pickOf(r, ['&&', '||'])} ${b.text})`, float: false };
  if (pick < 0.2) return { text: `(${a.text} ? ${b.text} : ${genExpr(r, 0).text})`, float: true };
  if (pick < 0.27 && !float) return { text: `(${a.text} ${pickOf(r, ['&', '|', '^'])} ${b.text})`, float: false };
  if (pick < 0.32 && !float) return { text: `(${a.text} ${pickOf(r, ['<<', '>>'])} (int)(${b.text} & 31))`, float: false };
  if (pick < 0.42) {
    const t = pickOf(r, float ? ['float', 'double'] : ['int', 'unsigned', 'char', 'short', 'unsigned char', 'float', 'double']);
    return { text: `((${t})${a.text})`, float: t === 'float' || t === 'double' || float };
  }
  if (pick < 0.52 && !float) return { text: `(${a.text} ${pickOf(r, ['/', '%'])} ((${b.text} & 15) + 1))`, float: false };
  if (pick < 0.57 && float) return { text: `(${a.text} / (fabs(${b.text}) + 0.5))`, float: true };
  if (pick < 0.6) return { text: `(- ${a.text})`, float: a.float };
  return { text: `(${a.text} ${pickOf(r, ['+', '-', '*'])} ${b.text})`, float };
}

/** `loops` call-free loops of 16 trips, each storing one expression per trip and updating a variable. */
function program(seed: number, loops: number): string {
  const r = rng(seed);
  const lines: string[] = [];
  for (let n = 0; n < loops; n++) {
    const e = genExpr(r, 3);
    const body = [`r[${n}][k] = (double)(${e.text});`];
    const v = pickOf(r, VARS);
    const rhs = genExpr(r, 1);
    if (isFloat(v.kind) || !rhs.float) {
      const ops = isFloat(v.kind) ? ['+=', '-=', '*='] : ['+=', '-=', '*=', '^=', '|=', '<<=', '>>='];
      const op = pickOf(r, ops);
      body.push(op === '<<=' || op === '>>=' ? `${v.name} ${op} (int)(${rhs.text} & 7);` : `${v.name} ${op} ${rhs.text};`);
    }
    lines.push(`  for (k = 0; k < 16; k++) { ${body.join(' ')} }`);
  }
  const decls = VARS.map((v) => `  ${v.kind} ${v.name} = ${v.init};`).join('\n');
  const prints = VARS.map((v) => `(double)${v.name}`);
  return `#include <stdio.h>
#include <math.h>
static double r[${loops}][16];
int main(void) {
${decls}
  int k, n;
${lines.join('\n')}
  for (n = 0; n < ${loops}; n++) for (k = 0; k < 16; k++) printf("%d %d: %.17g\\n", n, k, r[n][k]);
  printf("${VARS.map((v) => `${v.name}=%.17g`).join(' ')}\\n", ${prints.join(', ')});
  return 0;
}
`;
}

function compiled(source: string, hostWasm: boolean): string {
  const r = compile(source, { fileName: 'host_ir_fuzz.c', hostWasm });
  expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  return r.hostJs!;
}

async function run(source: string, hostWasm: boolean): Promise<string> {
  let stdout = '';
  const lib = new HostLib({ io: { write: (fd, s) => { if (fd === 1) stdout += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  try {
    await runProgram(compiled(source, hostWasm), { rt, lib, K: new Map(), argv: ['host_ir_fuzz.c'] });
  } finally {
    rt.dispose();
  }
  return stdout;
}

/** The first lines where two outputs differ, with the loop's source, for the failure message. */
function differences(source: string, a: string, b: string): string[] {
  const al = a.split('\n');
  const bl = b.split('\n');
  const loops = source.split('\n').filter((l) => l.startsWith('  for (k = 0; k < 16; k++) {'));
  const out: string[] = [];
  for (let i = 0; i < Math.max(al.length, bl.length) && out.length < 3; i++) {
    if (al[i] === bl[i]) continue;
    const n = Number(al[i]?.split(' ')[0]);
    out.push(`${al[i]} | ${bl[i]}  in ${loops[n]?.trim() ?? '(the variables)'}`);
  }
  return out;
}

describe('random host C in loops: the WebAssembly and JavaScript printers of the host IR agree, with gcc', () => {
  const LOOPS = 40;
  // Three fixed seeds in every run; BROOK_HOST_IR_FUZZ_SEEDS=N sweeps N more (seeds 1000...) by hand.
  const more = Number(process.env.BROOK_HOST_IR_FUZZ_SEEDS ?? 0);
  for (const seed of [11, 12, 13, ...Array.from({ length: more }, (_, k) => 1000 + k)]) {
    it(`seed ${seed}`, async () => {
      const source = program(seed, LOOPS);
      expect((compiled(source, true).match(/\$W\.L\d+\(/g) ?? []).length).toBeGreaterThanOrEqual(LOOPS);
      const wasm = await run(source, true);
      const js = await run(source, false);
      expect(wasm.split('\n').length).toBe(LOOPS * 16 + 2);
      const unsignNaN = (s: string) => s.replace(/-nan/g, 'nan');
      expect(differences(source, unsignNaN(wasm), unsignNaN(js))).toEqual([]);
      const unsignZero = (s: string) => s.replace(/: -0$/gm, ': 0').replace(/=-0\b(?!\.)/g, '=0');
      if (HAS_GCC) expect(differences(source, unsignZero(unsignNaN(wasm)), unsignZero(unsignNaN(runC(source).stdout)))).toEqual([]);
    });
  }
});
