/**
 * Host loops compiled for speed (issue 12; codegen/host: exact.ts, hoist.ts hoistSpans, expr.ts
 * elementIndex, bounds.ts aliasGlobals) keep C's meaning exactly:
 * - an integer converted to float is rounded unless the compiler proved it within 2^24 (then
 *   Math.fround is left out), including unsigned wrap-around and wide remainders;
 * - int arithmetic in such loops wraps at 32 bits;
 * - elements indexed through a pointer (the typed view indexed directly, checked inline against the
 *   count of elements its malloc block holds) still fault, located, for every bad index: past the end,
 *   negative, beyond 2^32, in a freed block, from a pointer into the middle of a block, on a write and
 *   on a read-modify-write; a partial last granule stays readable;
 * - global arrays and pointers read through locals give the same values, also when the loop moves
 *   the global pointer;
 * - short loops unrolled four times (hoist.ts unrollTest) run the same iterations for every count
 *   (0 to 9, `<` and `<=`, any start), and loops that change their bound or `continue` stay as they are.
 * Each value is checked against a reference computed here in float64/Math.fround (independent of the
 * generator), and against gcc where the machine has it; memory checks off give the same values.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { runC } from '../hostlib/gcc.js';
import { fnText, hostJsOf } from './run.js';

const hostJs = (source: string): string => hostJsOf(source, 'loops.c');

const HAS_GCC = spawnSync('gcc', ['--version']).status === 0;

async function run(source: string, memoryChecks = true, hostWasm = true): Promise<string> {
  const r = compile(source, { fileName: 'loops.c', memoryChecks, hostWasm });
  expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  let stdout = '';
  const lib = new HostLib({ io: { write: (fd, s) => { if (fd === 1) stdout += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  try {
    await runProgram(r.hostJs!, { rt, lib, K: r.kernels, argv: ['loops.c'] });
  } finally {
    rt.dispose();
  }
  return stdout;
}

/** The located runtime error of running `source`: code, message, 1-based line and column. */
async function faultOfPath(source: string, hostWasm: boolean): Promise<{ code: string; message: string; line: number; col: number }> {
  try {
    await run(source, true, hostWasm);
  } catch (e) {
    if (!(e instanceof BrookRuntimeError) || !e.span) throw e;
    const before = source.slice(0, e.span.start).split('\n');
    return { code: e.code, message: e.message, line: before.length, col: before[before.length - 1]!.length + 1 };
  }
  throw new Error('no runtime error');
}

/** The located runtime error, the same with the loops in WebAssembly and in JavaScript. */
async function faultOf(source: string): Promise<{ code: string; message: string; line: number; col: number }> {
  const wasm = await faultOfPath(source, true);
  expect(await faultOfPath(source, false)).toEqual(wasm);
  return wasm;
}

/** Same output with checks on and off, loops in WebAssembly and in JavaScript, and from gcc when present. */
async function expectSameEverywhere(source: string, want: string): Promise<void> {
  expect(await run(source, true)).toBe(want);
  expect(await run(source, false)).toBe(want);
  expect(await run(source, true, false)).toBe(want);
  expect(await run(source, false, false)).toBe(want);
  if (HAS_GCC) expect(runC(source, [], ['-O2']).stdout).toBe(want);
}

describe('int to float in loops: rounded exactly where C rounds (exact.ts)', () => {
  const source = `#include <stdio.h>
int main(void) {
  int i;
  unsigned u = 0;
  double a = 0.0, b = 0.0, c = 0.0, d = 0.0, e = 0.0, g = 0.0;
  for (i = 0; i < 64; i++) {
    a += (float)(i & 1023) * 0.5f;          /* within 2^24: no rounding to show */
    b += (float)(16777217 + 4 * i);         /* above 2^24: each a tie, rounded to even (down) */
    c += (float)(u - (unsigned)i);          /* unsigned wrap-around: near 2^32 */
    d += (float)((16777217 + i) % 100000000); /* a remainder that may exceed 2^24 */
    e += (float)(i * 299593);               /* a product past 2^24 */
    g += (float)(char)(i * 7);              /* char: always exact */
  }
  printf("%.1f %.1f %.1f %.1f %.1f %.1f\\n", a, b, c, d, e, g);
  return 0;
}
`;

  it('sums match a float64/Math.fround reference, with checks on and off, and gcc', async () => {
    let a = 0, b = 0, c = 0, d = 0, e = 0, g = 0;
    for (let i = 0; i < 64; i++) {
      a += Math.fround(Math.fround(i & 1023) * 0.5);
      b += Math.fround(16777217 + 4 * i);
      c += Math.fround((0 - i) >>> 0);
      d += Math.fround((16777217 + i) % 100000000);
      e += Math.fround(i * 299593);
      g += Math.fround(((i * 7) << 24) >> 24);
    }
    const want = `${[a, b, c, d, e, g].map((x) => x.toFixed(1)).join(' ')}\n`;
    // The rounding shows: b differs from the exact sum of 16777216 + i.
    expect(b).toBe(64 * 16777217 + 4 * ((63 * 64) / 2) - 64);
    await expectSameEverywhere(source, want);
  });

  it('leaves Math.fround out only where the value is provably exact', () => {
    const js = fnText(hostJs(source), 'main');
    expect(js).toContain('Math.fround((i & 1023) * 0.5)');
    expect(js).not.toContain('Math.fround((i & 1023))');
    expect(js).toMatch(/Math\.fround\(\(\(16777217 \+ Math\.imul\(4, i\)\) \| 0\)\)/);
    expect(js).toMatch(/Math\.fround\(Math\.imul\(i, 299593\)\)/);
    // char: exact, no rounding call.
    expect(js).toMatch(/g = \(g \+ \(\(Math\.imul\(i, 7\) << 24\) >> 24\)\)/);
  });
});

describe('int arithmetic in call-free loops wraps at 32 bits', () => {
  it('a hash over a global array matches the reference', async () => {
    const source = `#include <stdio.h>
#define N 4096
int data[N];
int main(void) {
  int i, h = 17;
  unsigned uh = 2166136261u;
  for (i = 0; i < N; i++) data[i] = i * 2654435 + 12345;
  for (i = 0; i < N; i++) { h = h * 31 + data[i]; uh = (uh ^ (unsigned)data[i]) * 16777619u; }
  printf("%d %u\\n", h, uh);
  return 0;
}
`;
    let h = 17;
    let uh = 2166136261;
    for (let i = 0; i < 4096; i++) {
      const v = (Math.imul(i, 2654435) + 12345) | 0;
      h = (Math.imul(h, 31) + v) | 0;
      uh = Math.imul((uh ^ v) >>> 0, 16777619) >>> 0;
    }
    await expectSameEverywhere(source, `${h} ${uh}\n`);
  });
});

describe('element accesses through a pointer in call-free loops (hoistSpans, elementIndex)', () => {
  const gatherProgram = (setup: string, access: string) => `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 1000, i;
  float *a = (float *)malloc(n * sizeof(float));
  int *idx = (int *)malloc(n * sizeof(int));
  double s = 0.0;
  for (i = 0; i < n; i++) { a[i] = (float)i * 0.25f; idx[i] = (i * 7) % n; }
  ${setup}
  for (i = 0; i < n; i++) ${access}
  printf("%.2f\\n", s);
  return 0;
}
`;

  it('a gather and a histogram (read-modify-write) give the reference values', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 1000, i;
  float *a = (float *)malloc(n * sizeof(float));
  int *idx = (int *)malloc(n * sizeof(int));
  int *hist = (int *)malloc(10 * sizeof(int));
  double s = 0.0;
  for (i = 0; i < 10; i++) hist[i] = 0;
  for (i = 0; i < n; i++) { a[i] = (float)i * 0.25f; idx[i] = (i * 7) % n; }
  for (i = 0; i < n; i++) s += a[idx[i]];
  for (i = 0; i < n; i++) hist[idx[i] % 10] += 1;
  for (i = 0; i < n; i++) a[idx[i]] = a[idx[i]] * 2.0f;
  for (i = 0; i < n; i++) s += a[i];
  printf("%.2f", s);
  for (i = 0; i < 10; i++) printf(" %d", hist[i]);
  printf("\\n");
  return 0;
}
`;
    let s = 0;
    const a = Array.from({ length: 1000 }, (_, i) => Math.fround(i * 0.25));
    const idx = Array.from({ length: 1000 }, (_, i) => (i * 7) % 1000);
    const hist = new Array(10).fill(0);
    for (let i = 0; i < 1000; i++) s += a[idx[i]!]!;
    for (let i = 0; i < 1000; i++) hist[idx[i]! % 10]++;
    for (let i = 0; i < 1000; i++) a[idx[i]!] = Math.fround(a[idx[i]!]! * 2);
    for (let i = 0; i < 1000; i++) s += a[i]!;
    await expectSameEverywhere(source, `${s.toFixed(2)} ${hist.join(' ')}\n`);
    // The checked gather reads its count before the loop and tests the index inline.
    const js = fnText(hostJs(source), 'main');
    expect(js).toMatch(/= \$H\.span\(\$M, a, 2\);/);
    expect(js).toMatch(/>>> 0\) < \(\$t\d+ >>> 0\) \?/);
  });

  it('an index one past the end faults at the access', async () => {
    const src = gatherProgram('idx[500] = n;', 's += a[idx[i]];');
    const f = await faultOf(src);
    expect(f.code).toBe('BRK5106');
    expect(f.message).toMatch(/out-of-bounds read of 4 bytes/);
    expect(src.split('\n')[f.line - 1]!.slice(f.col - 1)).toMatch(/^a\[idx\[i\]\]/);
  });

  it('a negative index faults', async () => {
    const f = await faultOf(gatherProgram('idx[3] = -2;', 's += a[idx[i]];'));
    expect(f.code).toBe('BRK5106');
  });

  it('a write past the end faults as a write', async () => {
    const f = await faultOf(gatherProgram('idx[999] = 1000;', 'a[idx[i]] = 1.0f;'));
    expect(f.code).toBe('BRK5106');
    expect(f.message).toMatch(/out-of-bounds write of 4 bytes/);
  });

  it('a read-modify-write past the end faults', async () => {
    const f = await faultOf(gatherProgram('idx[10] = 1003;', 'a[idx[i]] += 1.0f;'));
    expect(f.code).toBe('BRK5106');
  });

  it('a 64-bit index beyond 2^32 faults instead of wrapping onto a valid element', async () => {
    const f = await faultOf(gatherProgram('long big = 1; big = big << 32;', 's += a[idx[i] + big];'));
    expect(f.code).toBe('BRK5106');
  });

  it('a block freed before the loop is a use after free', async () => {
    const f = await faultOf(gatherProgram('free(a);', 's += a[idx[i]];'));
    expect(f.code).toBe('BRK5107');
    expect(f.message).toMatch(/use after free/);
  });

  it('a pointer into the middle of a block is checked in full: past its end faults', async () => {
    const src = gatherProgram('float *mid = a + 900; idx[0] = 100;', 's += mid[idx[i] % 101];');
    const f = await faultOf(src);
    expect(f.code).toBe('BRK5106');
  });

  it('a partial last granule: the last element reads, the next faults', async () => {
    const source = (last: number) => `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  float *p = (float *)malloc(5 * sizeof(float));
  int k[2] = {0, ${last}};
  int i;
  float s = 0.0f;
  for (i = 0; i < 5; i++) p[i] = (float)(i + 1);
  for (i = 0; i < 2; i++) s += p[k[i]];
  printf("%.1f\\n", s);
  return 0;
}
`;
    expect(await run(source(4))).toBe('6.0\n');
    const f = await faultOf(source(5));
    expect(f.code).toBe('BRK5106');
  });
});

describe('globals read through locals in call-free loops (aliasGlobals)', () => {
  it('global arrays, a global pointer moved by the loop, and a global bound give the reference', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
#define N 256
float g[N];
double w[N];
float *gp;
int bound = 200;
int main(void) {
  int i;
  float *start;
  double s = 0.0;
  gp = (float *)malloc(N * sizeof(float));
  start = gp;
  for (i = 0; i < N; i++) { g[i] = (float)i / 3.0f; w[i] = (double)i / 7.0; }
  for (i = 0; i < bound; i++) { *gp = g[i] * 2.0f; gp++; }
  for (i = 0; i < bound; i++) s += start[i] + w[i];
  printf("%.6f %d\\n", s, (int)(gp - start));
  return 0;
}
`;
    let s = 0;
    for (let i = 0; i < 200; i++) s += Math.fround(Math.fround(Math.fround(i) / 3) * 2) + i / 7;
    await expectSameEverywhere(source, `${s.toFixed(6)} 200\n`);
    const js = fnText(hostJs(source), 'main');
    // The global arrays' addresses are copied to locals before the loops that read them.
    expect(js).toMatch(/\$t\d+ = g;/);
    expect(js).toMatch(/\$t\d+ = w;/);
  });
});

describe('short call-free loops unrolled (hoist.ts unrollTest)', () => {
  it('every trip count, < and <=, any start: the same iterations in the same order', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n, i, start;
  float *a = (float *)malloc(16 * sizeof(float));
  for (n = 0; n < 10; n++) {
    for (start = 0; start < 3; start++) {
      double s = 0.0;
      int order = 0;
      for (i = 0; i < 16; i++) a[i] = 0.0f;
      for (i = start; i < n; i++) { a[i] = (float)(i * 3 + 1); order = order * 3 + i; }
      for (i = start; i <= n - 1; i++) s += a[i] * 0.5f;
      printf("%d %d %.1f %d %d\\n", n, start, s, order, i);
    }
  }
  return 0;
}
`;
    let want = '';
    for (let n = 0; n < 10; n++) {
      for (let start = 0; start < 3; start++) {
        const a = new Array(16).fill(0);
        let s = 0;
        let order = 0;
        for (let i = start; i < n; i++) {
          a[i] = Math.fround(i * 3 + 1);
          order = (Math.imul(order, 3) + i) | 0;
        }
        let last = start;
        for (let i = start; i <= n - 1; i++, last = i) s += Math.fround(a[i] * 0.5);
        // i after the second loop: n when it ran, else its start.
        want += `${n} ${start} ${s.toFixed(1)} ${order} ${Math.max(last, start)}\n`;
      }
    }
    await expectSameEverywhere(source, want);
    const js = fnText(hostJs(source), 'main');
    expect(js).toMatch(/for \(; \(i < n\) && \(n - i\) % 4 !== 0; /);
    expect(js).toMatch(/for \(; \(i \+ 3 < n\);\) \{/);
    expect(js).toMatch(/for \(; \(i \+ 3 <= \(\(n - 1\) \| 0\)\);\) \{/);
  });

  it('a loop that changes its bound or continues is not unrolled, and stays right', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, n = 10, s = 0, t = 0;
  for (i = 0; i < n; i++) { s += i; if (i == 3) n = 6; }
  for (i = 0; i < 10; i++) { if (i % 3 == 0) continue; t += i; }
  printf("%d %d\\n", s, t);
  return 0;
}
`;
    // s: 0 + 1 + ... + 5 (the bound drops to 6 at i = 3); t: 1 + 2 + 4 + 5 + 7 + 8.
    await expectSameEverywhere(source, `${0 + 1 + 2 + 3 + 4 + 5} ${1 + 2 + 4 + 5 + 7 + 8}\n`);
    expect(fnText(hostJs(source), 'main')).not.toMatch(/\+ 3 </);
  });
});

describe('loops calling only pure library functions count as call-free (check/hostlib.ts isPureHostFunction)', () => {
  // The shape of the segmentation program's set-up loop: abs and a float math function in the body.
  const source = `#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int main(void) {
  int n = 64, x, y;
  float *img = (float *)malloc(sizeof(float) * 2 * n * n);
  double s = 0.0;
  for (y = 0; y < n; y++)
    for (x = 0; x < n; x++) {
      img[2 * (y * n + x)] = sqrtf((float)(x * x + y));
      img[2 * (y * n + x) + 1] = (abs(x - n / 2) < 8 && abs(y - n / 2) < 8) ? 1.0f : 0.0f;
    }
  for (x = 0; x < 2 * n * n; x++) s += img[x];
  printf("%.6f %d %d\\n", s, abs(-2147483647 - 1) == -2147483647 - 1, abs(-5));
  free(img);
  return 0;
}
`;
  it('gives the float64/Math.fround reference, with checks on and off, and gcc', async () => {
    const n = 64;
    let s = 0;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        s += Math.fround(Math.sqrt(Math.fround(x * x + y)));
        s += Math.abs(x - n / 2) < 8 && Math.abs(y - n / 2) < 8 ? 1 : 0;
      }
    }
    await expectSameEverywhere(source, `${s.toFixed(6)} 1 5\n`);
  });

  it('reads the typed views through locals and calls abs inline', () => {
    const main = fnText(hostJs(source), 'main');
    expect(main).not.toContain('$L.abs');
    // The set-up loop's stores go through a view copied before the loop, not $M.f32 each time.
    const loop = main.slice(main.indexOf('for ('), main.indexOf('printf'));
    expect(loop).not.toMatch(/\$M\.f32\[/);
  });
});
