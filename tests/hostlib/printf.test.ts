/**
 * printf against glibc: every case is printed by a gcc-compiled C program and by formatC, line by
 * line. Doubles travel to C as bit patterns, so both sides format the very same value.
 */
import { describe, expect, it } from 'vitest';
import { formatC } from '../../runtime/hostlib/printf.js';
import { runC } from './gcc.js';

type Arg =
  | { t: 'int'; v: number }
  | { t: 'uint'; v: number }
  | { t: 'long'; v: number }
  | { t: 'ulong'; v: bigint }
  | { t: 'double'; v: number }
  | { t: 'str'; v: string }
  | { t: 'ptr'; v: number };

interface Case { fmt: string; args: Arg[] }

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const bitsOf = (x: number) => { f64[0] = x; return u64[0]!; };
const fromBits = (b: bigint) => { u64[0] = b; return f64[0]!; };

const cString = (s: string) => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') + '"';

function cArg(a: Arg): string {
  switch (a.t) {
    case 'int': return `(int)${a.v}`;
    case 'uint': return `(unsigned)${a.v}u`;
    case 'long': return `(long)${a.v}L`;
    case 'ulong': return `(unsigned long)${a.v}UL`;
    case 'double': return `D(0x${bitsOf(a.v).toString(16)}ULL)`;
    case 'str': return cString(a.v);
    case 'ptr': return `(void*)${a.v}UL`;
  }
}

function jsArg(a: Arg): unknown {
  return a.t === 'ulong' ? Number(BigInt.asIntN(64, a.v)) : a.v; // a ulong arrives as its bits
}

function cProgram(cases: Case[]): string {
  const lines = cases.map((c) => `  printf(${cString(c.fmt + '\n')}${c.args.map((a) => ', ' + cArg(a)).join('')});`);
  return `#include <stdio.h>
#include <string.h>
#include <stdint.h>
static double D(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
int main(void) {
${lines.join('\n')}
  return 0;
}
`;
}

function compare(cases: Case[]): void {
  const expected = runC(cProgram(cases)).stdout.split('\n');
  const mismatches: string[] = [];
  cases.forEach((c, i) => {
    const got = formatC(c.fmt + '\n', c.args.map(jsArg), () => '').replace(/\n$/, '');
    if (got !== expected[i]) mismatches.push(`${JSON.stringify(c.fmt)} ${JSON.stringify(c.args.map((a) => (a.t === 'ulong' ? String(a.v) : a.v)))}: glibc ${JSON.stringify(expected[i])}, ours ${JSON.stringify(got)}`);
  });
  expect(mismatches.slice(0, 20)).toEqual([]);
  expect(expected.length).toBe(cases.length + 1);
}

/** Deterministic generator for the random cases (xorshift). */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}

describe('printf integer conversions match glibc', () => {
  it('d i u x X o with flags, width, precision and h/hh', () => {
    const fmts = ['%d', '%i', '%5d', '%-5d|', '%05d', '%+d', '% d', '%+05d', '%.3d', '%8.3d', '%-8.3d|', '%08.3d', '%.0d', '%+.0d',
      '%x', '%X', '%#x', '%#X', '%#o', '%o', '%#.0o', '%.0o', '%u', '%hd', '%hhd', '%hu', '%hhu', '%hx', '%08.3x', '%#08x', '%-#8X|', '%#5o', '% 5i', '%0-6d|', '%c', '%3c|', '%-3c|'];
    const vals = [0, 1, -1, 7, 42, -42, 255, 256, -129, 65535, 65536, -32769, 123456789, -987654321, 2147483647, -2147483648];
    const cases: Case[] = [];
    for (const f of fmts) for (const v of vals) cases.push({ fmt: f, args: [{ t: 'int', v }] });
    for (const f of ['%u', '%x', '%o', '%d']) for (const v of [0, 1, 2147483648, 4294967295, 3000000000]) cases.push({ fmt: f, args: [{ t: 'uint', v }] });
    compare(cases);
  });

  it('64-bit l ll z conversions', () => {
    const cases: Case[] = [];
    const longs = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 40 + 3, -(2 ** 52), 9007199254740991, -9007199254740991, 1e15];
    for (const f of ['%ld', '%li', '%lld', '%lx', '%llX', '%lo', '%20ld|', '%-20lu|', '%+ld', '%020ld', '%.12ld', '%#lx']) {
      for (const v of longs) cases.push({ fmt: f, args: [{ t: 'long', v }] });
    }
    for (const v of [0n, 1n, 18446744073709551615n, 9223372036854775808n, 12345678901234n]) {
      for (const f of ['%lu', '%zu', '%llu', '%lx']) cases.push({ fmt: f, args: [{ t: 'ulong', v }] });
    }
    compare(cases);
  });

  it('star width and precision, strings, pointers, percent', () => {
    const cases: Case[] = [
      { fmt: '%*d|', args: [{ t: 'int', v: 6 }, { t: 'int', v: 42 }] },
      { fmt: '%*d|', args: [{ t: 'int', v: -6 }, { t: 'int', v: 42 }] },
      { fmt: '%-*d|', args: [{ t: 'int', v: 4 }, { t: 'int', v: -3 }] },
      { fmt: '%.*f|', args: [{ t: 'int', v: 2 }, { t: 'double', v: 3.14159 }] },
      { fmt: '%.*f|', args: [{ t: 'int', v: -1 }, { t: 'double', v: 3.14159 }] },
      { fmt: '%*.*e|', args: [{ t: 'int', v: 14 }, { t: 'int', v: 3 }, { t: 'double', v: -12345.678 }] },
      { fmt: '%.*d|', args: [{ t: 'int', v: 5 }, { t: 'int', v: 42 }] },
      { fmt: '100%% sure %s', args: [{ t: 'str', v: 'yes' }] },
      { fmt: '[%s] [%10s] [%-10s] [%.2s] [%10.3s] [%.0s] [%-4.1s]', args: Array(6).fill(0).map(() => ({ t: 'str' as const, v: 'hello' })).concat([{ t: 'str', v: 'xyz' }]) },
      { fmt: '%s and %s', args: [{ t: 'str', v: '' }, { t: 'str', v: 'tab\there' }] },
      { fmt: '%p %10p| %-10p|', args: [{ t: 'ptr', v: 0 }, { t: 'ptr', v: 4660 }, { t: 'ptr', v: 255 }] },
      { fmt: 'mixed %d %s %5.2f %c %x', args: [{ t: 'int', v: -5 }, { t: 'str', v: 'ab' }, { t: 'double', v: 2.71828 }, { t: 'int', v: 65 }, { t: 'int', v: 255 }] },
      { fmt: 'no conversions at all', args: [] },
    ];
    compare(cases);
  });
});

describe('printf floating point conversions match glibc', () => {

  const fmts = ['%f', '%.0f', '%.1f', '%.2f', '%.3f', '%.10f', '%.17f', '%.30f', '%e', '%.0e', '%.1e', '%.3e', '%.16e', '%.25e',
    '%g', '%.0g', '%.1g', '%.2g', '%.3g', '%.10g', '%.17g', '%#g', '%#.3g', '%#.0f', '%#.0e', '%G', '%E', '%F', '%12.4f|', '%-12.4e|',
    '%#.1g', '%#.2g', '%#.4g', '%#.5g', '%+g', '% f', '%010.3f', '%+012.3e', '%-+10.2f|', '%3.1f', '%a', '%A', '%.3a', '%.0a', '%#a', '%.20a', '%15.3a|'];

  it('special values: zero, negative zero, inf, NaN of either sign', () => {
    const vals = [0, -0, Infinity, -Infinity, fromBits(0x7ff8000000000000n), fromBits(0xfff8000000000000n)];
    const cases: Case[] = [];
    for (const f of [...fmts, '%08f', '%-8f|', '%+f', '% e', '%5.1f']) for (const v of vals) cases.push({ fmt: f, args: [{ t: 'double', v }] });
    compare(cases);
  });

  it('exact ties round to even, carries, and hand-picked values', () => {
    const vals = [0.5, 1.5, 2.5, 3.5, -0.5, -2.5, 0.25, 0.125, 0.375, 1.125, 2.675, 1.005, 0.045, 9.5, 99.5, 999.5, 9.995, 0.9999995,
      1e-5, 1e-4, 0.0001234, 123456, 1234567, 1e21, 1e22, 123456789012345680000, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308,
      0.1, 0.2, 0.3, 1 / 3, 2 / 3, Math.PI, Math.E, 100, 1e100, 1e-100, 4503599627370496.5, 0.000099999, 9.9999e-5, 999999.5, 9999995,
      9999, 99999, 996, 9999.75, 99.96875, 9.9951171875, 99.75, 999.75, 0.099951171875, 995, 9950, 99500, 0.995, 99.995, 999.9375, 9.96875, 9999.5, 95];
    const cases: Case[] = [];
    for (const f of fmts) for (const v of vals) cases.push({ fmt: f, args: [{ t: 'double', v }] });
    compare(cases);
  });

  it('2000 random doubles of every magnitude', () => {
    const rand = rng(12345);
    const vals: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const kind = i % 4;
      if (kind === 0) vals.push((rand() - 0.5) * 10 ** Math.floor(rand() * 40 - 20));
      else if (kind === 1) {
        // Random bits with a random exponent: covers subnormals and huge values.
        const hi = BigInt(Math.floor(rand() * 2 ** 20)) | (BigInt(Math.floor(rand() * 2047)) << 20n) | (rand() < 0.5 ? 1n << 31n : 0n);
        vals.push(fromBits((hi << 32n) | BigInt(Math.floor(rand() * 2 ** 32))));
      } else if (kind === 2) vals.push(Math.floor(rand() * 2 ** 20) / 2 ** (1 + Math.floor(rand() * 12))); // exact binary fractions: ties
      else vals.push(Math.fround(rand() * 1000)); // float32 values, as Brook programs print them
    }
    const cases: Case[] = [];
    vals.forEach((v, i) => cases.push({ fmt: fmts[i % fmts.length]!, args: [{ t: 'double', v }] }));
    vals.forEach((v, i) => cases.push({ fmt: fmts[(i * 7 + 3) % fmts.length]!, args: [{ t: 'double', v }] }));
    compare(cases);
  });
});
