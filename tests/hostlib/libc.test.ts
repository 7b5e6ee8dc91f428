/**
 * rand/srand, string conversions, string.h and the memory model, checked against gcc-built programs
 * (rand, strtol, strtod) or hand-computed values.
 */
import { describe, expect, it } from 'vitest';
import { GlibcRandom } from '../../runtime/hostlib/rand.js';
import { HostLib, ExitRequest } from '../../runtime/hostlib/libc.js';
import { Mem } from '../../runtime/hostlib/memory.js';
import { runC } from './gcc.js';
import { HOST_LIB } from '../../runtime/compiler/check/hostlib.js';
import { EMITTED_INLINE } from '../../runtime/compiler/codegen/host/libcalls.js';

function lib(): { L: HostLib; out: () => string } {
  let out = '';
  const L = new HostLib({ io: { write: (_fd, s) => { out += s; } } });
  return { L, out: () => out };
}

describe('rand reproduces glibc', () => {
  it('default seed, srand(0), small and large seeds: 1000 numbers each', () => {
    const seeds = [null, 0, 1, 42, 12345, 2147483647, 2147483648, 4294967295, 3000000000];
    const c = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  unsigned seeds[] = {${seeds.slice(1).map((s) => `${s}u`).join(', ')}};
  for (int i = 0; i < 1000; i++) printf("%d\\n", rand());
  for (int s = 0; s < ${seeds.length - 1}; s++) { srand(seeds[s]); for (int i = 0; i < 1000; i++) printf("%d\\n", rand()); }
  return 0;
}`;
    const expected = runC(c).stdout.trim().split('\n').map(Number);
    const got: number[] = [];
    const r = new GlibcRandom();
    for (const s of seeds) {
      if (s !== null) r.seed(s);
      for (let i = 0; i < 1000; i++) got.push(r.next());
    }
    expect(got.length).toBe(expected.length);
    expect(got).toEqual(expected);
  });

  it('HostLib.rand starts from seed 1 and srand reseeds', () => {
    const { L } = lib();
    const a = [L.rand(), L.rand()];
    L.srand(1);
    expect([L.rand(), L.rand()]).toEqual(a);
    expect(a[0]).toBe(1804289383); // glibc's well-known first rand()
  });
});

describe('string conversions match glibc', () => {
  const inputs = ['42', '  -17xyz', '+8', '0x1A', '0X1a', '017', '0', '', 'abc', '2147483647', '2147483648', '-2147483649',
    '99999999999', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '  \t\n12', '1e5', '3.25', '-0.5e-3',
    '.5', '5.', 'inf', '-Infinity', 'nan', '0x1.8p3', '1e400', '1e-400', '123456789012345678901234567890', '0.1', '-0', '0x', '08', '0b101'];

  it('atoi, atol, atof, strtol (bases 0, 10, 16, 2, 36) and strtod with end pointers', () => {
    const c = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  const char *in[] = {${inputs.map((s) => JSON.stringify(s)).join(', ')}};
  for (int i = 0; i < ${inputs.length}; i++) {
    char *e1, *e2, *e3, *e4;
    long a = strtol(in[i], &e1, 0);
    long b = strtol(in[i], &e2, 16);
    long c2 = strtol(in[i], &e4, 36);
    double d = strtod(in[i], &e3);
    printf("%d %ld %.17g | %ld %d | %ld %d | %ld %d | %.17g %d | %ld\\n", atoi(in[i]), atol(in[i]), atof(in[i]),
      a, (int)(e1 - in[i]), b, (int)(e2 - in[i]), c2, (int)(e4 - in[i]), d, (int)(e3 - in[i]), strtol(in[i], 0, 2));
  }
  return 0;
}`;
    const expected = runC(c).stdout.split('\n');
    const { L } = lib();
    const end = L.malloc(8);
    const fmt = L.literal('%d %ld %.17g | %ld %d | %ld %d | %ld %d | %.17g %d | %ld\n');
    inputs.forEach((text, i) => {
      const s = L.literal(text);
      const at = () => L.mem.loadI64(end) - s;
      const a = L.strtol(s, end, 0); const ea = at();
      const b = L.strtol(s, end, 16); const eb = at();
      const c2 = L.strtol(s, end, 36); const ec = at();
      const d = L.strtod(s, end); const ed = at();
      const line = L.format(fmt, [L.atoi(s), L.atol(s), L.atof(s), a, ea, b, eb, c2, ec, d, ed, L.strtol(s, 0, 2)]);
      // long results beyond 2^53 are JS numbers (memory.ts): compare every field as the nearest double.
      const asNumbers = (l: string) => l.trim().split(/\s+/).map((t) => (t === '|' ? t : Number(t)));
      expect(asNumbers(line), `input ${JSON.stringify(text)}`).toEqual(asNumbers(expected[i]!));
      if (Math.abs(c2) < 2 ** 53) expect(line, `input ${JSON.stringify(text)}`).toBe(expected[i] + '\n');
    });
  });
});

describe('string.h and stdio on the memory model', () => {
  it('strlen, strcmp, strcpy, strcat, strchr, strstr, memset, memcpy, memcmp', () => {
    const { L } = lib();
    const a = L.literal('hello');
    const b = L.literal('help');
    expect(L.strlen(a)).toBe(5);
    expect(Math.sign(L.strcmp(a, b))).toBe(-1); // 'l' < 'p'
    expect(L.strcmp(a, L.literal('hello'))).toBe(0);
    expect(L.strncmp(a, b, 3)).toBe(0);
    const buf = L.calloc(32, 1);
    L.strcpy(buf, a);
    L.strcat(buf, L.literal(", world"));
    expect(L.text(buf)).toBe('hello, world');
    expect(L.strchr(buf, 'w'.charCodeAt(0)) - buf).toBe(7);
    expect(L.strrchr(buf, 'o'.charCodeAt(0)) - buf).toBe(8);
    expect(L.strchr(buf, 'z'.charCodeAt(0))).toBe(0);
    expect(L.strstr(buf, L.literal('world')) - buf).toBe(7);
    L.memset(buf, 0x41, 3);
    expect(L.text(buf)).toBe('AAAlo, world');
    const c = L.malloc(16);
    L.memcpy(c, buf, 13);
    expect(L.memcmp(c, buf, 13)).toBe(0);
    expect(L.text(c)).toBe('AAAlo, world');
  });

  it('sprintf/snprintf write NUL-terminated bytes; printf, puts, putchar, fprintf(stderr) reach the sink', () => {
    const writes: [number, string][] = [];
    const L = new HostLib({ io: { write: (fd, s) => writes.push([fd, s]) } });
    const buf = L.malloc(64);
    expect(L.sprintf(buf, L.literal('%05.1f|%s'), 3.14159, L.literal('x'))).toBe(7);
    expect(L.text(buf)).toBe('003.1|x');
    expect(L.snprintf(buf, 4, L.literal('%d'), 123456)).toBe(6);
    expect(L.text(buf)).toBe('123');
    L.printf(L.literal('%d-%s\n'), 7, L.literal('seven'));
    L.puts(L.literal('line'));
    L.putchar(65);
    L.fprintf(L.stderr, L.literal('err %d\n'), 1);
    expect(writes).toEqual([[1, '7-seven\n'], [1, 'line\n'], [1, 'A'], [2, 'err 1\n']]);
  });

  it('UTF-8 literals are stored as bytes and printed byte for byte', () => {
    const { L, out } = lib();
    L.printf(L.literal('%s|%5s|\n'), L.literal('é'), L.literal('é'));
    // glibc counts bytes: 'é' is 2 bytes, so %5s pads with 3 spaces.
    expect(Buffer.from(out(), 'latin1').toString('utf8')).toBe('é|   é|\n');
  });

  it('exit throws ExitRequest with the status', () => {
    const { L } = lib();
    expect(() => L.exit(3)).toThrow(ExitRequest);
    try { L.exit(7); } catch (e) { expect((e as ExitRequest).status).toBe(7); }
  });
});

describe('Mem', () => {
  it('malloc aligns to 16, keeps freed blocks in quarantine, grows while keeping contents', () => {
    const m = new Mem(4096);
    const p = m.malloc(10);
    expect(p % 16).toBe(0);
    expect(p).toBeGreaterThanOrEqual(64); // 0..63: NULL and the FILE objects
    m.f32[p >>> 2] = 1.5;
    const big = m.malloc(1 << 20); // forces growth
    expect(big).toBeGreaterThan(p);
    expect(m.f32[p >>> 2]).toBe(1.5);
    m.free(p);
    // A freed block is not handed out again at once (a use after free must find it freed).
    expect(m.malloc(12)).not.toBe(p);
    m.free(0); // free(NULL) is a no-op
  });

  it('calloc zeroes reused memory; 64-bit stores round-trip', () => {
    const m = new Mem();
    const p = m.malloc(32);
    m.u8.fill(7, p, p + 32);
    m.free(p);
    // Push p out of the quarantine (16 MiB of later frees), so the next block of its size reuses it.
    m.free(m.malloc(17 << 20));
    const q = m.calloc(8, 4);
    expect(q).toBe(p);
    expect([...m.u8.subarray(q, q + 32)].every((b) => b === 0)).toBe(true);
    for (const v of [0, 1, -1, 2 ** 40 + 5, -(2 ** 40) - 5, 2 ** 53 - 1, -(2 ** 53) + 1]) {
      m.storeI64(q, v);
      expect(m.loadI64(q)).toBe(v);
    }
    m.storeI64(q, 4294967296 + 7);
    expect(m.u32[q >>> 2]).toBe(7);
    expect(m.u32[(q + 4) >>> 2]).toBe(1);
  });

  it('malloc of more than the address space returns NULL', () => {
    expect(new Mem().malloc(2 ** 33)).toBe(0);
  });
});

describe('the checker\'s host library table and HostLib agree', () => {
  it('every C function the checker accepts has an implementation (or is emitted inline)', () => {
    const { L } = lib();
    const missing = [...HOST_LIB.values()]
      .filter((e) => e.category !== 'brook' && (e.kind === 'function' || e.kind === 'variable'))
      .filter((e) => !EMITTED_INLINE.has(e.name) && (L as unknown as Record<string, unknown>)[e.name] === undefined)
      .map((e) => e.name);
    expect(missing).toEqual([]);
  });

  it('remainder rounds the quotient to even (C99), unlike fmod', () => {
    const { L } = lib();
    const rem = L.remainder as (x: number, y: number) => number;
    expect([rem(5, 2), rem(7, 2), rem(-5, 2), rem(5.5, 2), rem(10, 3), rem(1, 0)]).toEqual([1, -1, -1, -0.5, 1, NaN]);
  });
});

describe('time.h', () => {
  it('clock() counts processor time in microseconds; time() is the Unix time and stores through its pointer', () => {
    const { L } = lib();
    // clock() is the process's CPU time (process.cpuUsage): read between two readings of it, it lies
    // between them (rounding to a microsecond aside). Clock against clock: no bound moves with load.
    const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
    const outer0 = cpu();
    const c0 = L.clock();
    const inner0 = cpu();
    let x = 0;
    for (let i = 0; i < 5e6; i++) x += Math.sqrt(x + i);
    const inner1 = cpu();
    const c1 = L.clock();
    const outer1 = cpu();
    expect(x).toBeGreaterThan(0);
    expect(inner1).toBeGreaterThan(inner0); // the busy loop used processor time
    expect(c1 - c0).toBeGreaterThanOrEqual(inner1 - inner0 - 1);
    expect(c1 - c0).toBeLessThanOrEqual(outer1 - outer0 + 1);
    const p = L.malloc(8);
    const before = Math.floor(Date.now() / 1000);
    const t = L.time(p);
    const after = Math.floor(Date.now() / 1000);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
    expect(L.mem.loadI64(p)).toBe(t);
    expect(L.time(0)).toBeGreaterThanOrEqual(t);
  });
});
