/**
 * Call-free host loops compiled to WebAssembly (codegen/host/wasmloop.ts) mean what the same loops mean
 * in JavaScript, and what gcc makes of the C:
 * - every program runs three ways: loops in WebAssembly, the same program with them kept JavaScript
 *   (`hostWasm: false`), and gcc -O2 where the machine has it; the outputs must be identical, and each
 *   is also checked against a value computed here independently (float64 / Math.fround / Math.imul);
 * - the loops the programs are about are asserted to be compiled (`$W.L` calls in the host code), so a
 *   test cannot pass by silently falling back to JavaScript;
 * - what C leaves undefined and this project defines (INT_MIN / -1, float to int out of range) gives
 *   the JavaScript path's values; division by zero and bad indices raise the same located errors;
 * - loops outside the subset (64-bit integers, switch) stay JavaScript and still give C's values;
 * - the heap growing between two compiled loops (a WebAssembly.Memory grown by malloc) is seen by both.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { runC } from '../hostlib/gcc.js';
import { loopBudget } from '../../runtime/hostlib/support.js';

const HAS_GCC = spawnSync('gcc', ['--version']).status === 0;

/** `'all'`: every loop the WebAssembly subset covers, also those the default keeps JavaScript (no memory access). */
type Mode = boolean | 'all';

function compiled(source: string, hostWasm: Mode): string {
  const r = compile(source, { fileName: 'loops.c', hostWasm });
  expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  return r.hostJs!;
}

async function run(source: string, hostWasm: Mode): Promise<string> {
  let stdout = '';
  const lib = new HostLib({ io: { write: (fd, s) => { if (fd === 1) stdout += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  try {
    await runProgram(compiled(source, hostWasm), { rt, lib, K: compile(source, { fileName: 'loops.c' }).kernels, argv: ['loops.c'] });
  } finally {
    rt.dispose();
  }
  return stdout;
}

/** How many loops of the program run as WebAssembly. */
function wasmLoops(source: string, mode: Mode = 'all'): number {
  return (compiled(source, mode).match(/\$W\.L\d+\(/g) ?? []).length;
}

/**
 * The same output in WebAssembly, in JavaScript and from gcc (when present), equal to `want`.
 * `cPrelude`: declarations gcc needs that Brook has built in (float4).
 */
async function expectEverywhere(source: string, want: string, loops: number, cPrelude = ''): Promise<void> {
  expect(wasmLoops(source)).toBe(loops);
  expect(await run(source, 'all')).toBe(want);
  expect(await run(source, true)).toBe(want);
  expect(await run(source, false)).toBe(want);
  if (HAS_GCC) expect(runC(cPrelude + source, [], ['-O2']).stdout).toBe(want);
}

async function faultOf(source: string, hostWasm: Mode): Promise<{ code: string; line: number; col: number; message: string }> {
  try {
    await run(source, hostWasm);
  } catch (e) {
    if (!(e instanceof BrookRuntimeError) || !e.span) throw e;
    const before = source.slice(0, e.span.start).split('\n');
    return { code: e.code, message: e.message, line: before.length, col: before[before.length - 1]!.length + 1 };
  }
  throw new Error('no runtime error');
}

describe('integer arithmetic in compiled loops', () => {
  it('wraps at 32 bits, narrows char/short, and divides signed and unsigned as C does', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, acc = 1, q = 0, r = 0;
  unsigned u = 1u, v = 0u;
  short sh = 0; char ch = 0; unsigned char uc = 0; unsigned short us = 0;
  for (i = 0; i < 40; i++) {
    int d = i - 20;
    acc = acc * 31 + i;
    u = u * 2654435761u + (unsigned)i;
    u ^= u >> 13;
    v += u < 100000u ? 1u : u % 977u;
    sh = (short)(sh + 1000 * i);
    ch = (char)(ch + 37);
    uc = (unsigned char)(uc + 91);
    us = (unsigned short)(us + 40000);
    if (d != 0) q += acc / d + acc % d;
    r += (int)(u / 3u % 11u) - (acc >> 27) + (acc << 3 >> 29);
  }
  printf("%d %u %u %d %d %d %d %d %d\\n", acc, u, v, sh, ch, uc, us, q, r);
  return 0;
}
`;
    // Independent reference: the same steps with Math.imul and explicit wrapping.
    let acc = 1, q = 0, r = 0, u = 1, v = 0, sh = 0, ch = 0, uc = 0, us = 0;
    const s8 = (x: number) => (x << 24) >> 24;
    const s16 = (x: number) => (x << 16) >> 16;
    for (let i = 0; i < 40; i++) {
      const d = i - 20;
      acc = (Math.imul(acc, 31) + i) | 0;
      u = (Math.imul(u, 2654435761) + i) >>> 0;
      u = (u ^ (u >>> 13)) >>> 0;
      v = (v + (u < 100000 ? 1 : u % 977)) >>> 0;
      sh = s16(sh + 1000 * i);
      ch = s8(ch + 37);
      uc = (uc + 91) & 255;
      us = (us + 40000) & 65535;
      if (d !== 0) q = (q + ((acc / d) | 0) + ((acc % d) | 0)) | 0;
      r = (r + ((Math.floor(u / 3) % 11) | 0) - (acc >> 27) + ((acc << 3) >> 29)) | 0;
    }
    await expectEverywhere(source, `${acc} ${u} ${v} ${sh} ${ch} ${uc} ${us} ${q} ${r}\n`, 1);
  });

  it('INT_MIN / -1 and INT_MIN % -1 give the JavaScript path\'s values (gcc traps: not compared)', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, m = -2147483647 - 1, a = 0, b = 0, d = -1;
  for (i = 0; i < 20; i++) { a = m / d; b = m % d; }
  printf("%d %d\\n", a, b);
  return 0;
}
`;
    expect(wasmLoops(source)).toBe(1);
    expect(await run(source, 'all')).toBe('-2147483648 0\n');
    expect(await run(source, false)).toBe('-2147483648 0\n');
  });

  it('a division by zero in a compiled loop is the located BRK5101 error, as in JavaScript', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, s = 0, k = 25;
  for (i = 0; i < 40; i++) s += 100 / (k - i);
  printf("%d\\n", s);
  return 0;
}
`;
    expect(wasmLoops(source)).toBe(1);
    const w = await faultOf(source, 'all');
    expect(w.code).toBe('BRK5101');
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^100 \/ \(k - i\)/);
    expect(await faultOf(source, false)).toEqual(w);
  });
});

describe('floating point and math in compiled loops', () => {
  it('float32 rounding, double accumulation, conversions and math functions match C', async () => {
    const source = `#include <stdio.h>
#include <math.h>
#include <stdlib.h>
int main(void) {
  int i, n = 200, ints = 0, nans = 0;
  unsigned us = 0u;
  float f = 0.1f, g = 0.0f;
  double s = 0.0, t = 0.0;
  for (i = 0; i < n; i++) {
    float x = (float)i * 0.37f - 20.0f;
    f = f * 1.0001f + x / 7.0f;
    g += sqrtf(fabsf(x)) + floorf(x * 0.5f) + expf(-x * x * 0.001f);
    s += sin((double)i * 0.1) * pow(1.01, (double)(i % 17)) + fabs(x) * 0.5;
    t += (double)f * 1e-3 + cos(x) + floor((double)x / 3.0) + atan2((double)x, 3.0);
    ints += (int)(x * 3.7f) + abs(i - 100) + (int)ceil(t * 0.001);
    us += (unsigned)(s * 1.5 > 0.0 ? s * 1.5 : 0.0);
    nans += isnan(sqrt((double)x)) + (x > 0.0f && x < 10.0f) + (x < -5.0f || x > 40.0f);
  }
  printf("%.9g %.9g %.17g %.17g %d %u %d\\n", f, g, s, t, ints, us, nans);
  return 0;
}
`;
    // Independent reference in float64 with Math.fround where C computes in float.
    const fr = Math.fround;
    let f = fr(0.1), g = 0, s = 0, t = 0, ints = 0, us = 0, nans = 0;
    for (let i = 0; i < 200; i++) {
      const x = fr(fr(fr(i) * fr(0.37)) - 20);
      f = fr(fr(f * fr(1.0001)) + fr(x / 7));
      g = fr(g + fr(fr(fr(Math.sqrt(Math.abs(x))) + fr(Math.floor(fr(x * 0.5)))) + fr(Math.exp(fr(fr(fr(-x) * x) * fr(0.001))))));
      s += Math.sin(i * 0.1) * Math.pow(1.01, i % 17) + Math.abs(x) * 0.5;
      t += f * 1e-3 + Math.cos(x) + Math.floor(x / 3) + Math.atan2(x, 3);
      ints = (ints + Math.trunc(fr(x * fr(3.7))) + Math.abs(i - 100) + Math.ceil(t * 0.001)) | 0;
      us = (us + Math.trunc(s * 1.5 > 0 ? s * 1.5 : 0)) >>> 0;
      nans += (Number.isNaN(Math.sqrt(x)) ? 1 : 0) + (x > 0 && x < 10 ? 1 : 0) + (x < -5 || x > 40 ? 1 : 0);
    }
    // printf's %.Ng for these magnitudes: N significant digits, trailing zeros dropped.
    const gfmt = (x: number, n: number) => x.toPrecision(n).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    const g9 = (x: number) => gfmt(x, 9);
    const g17 = (x: number) => gfmt(x, 17);
    const want = `${g9(f)} ${g9(g)} ${g17(s)} ${g17(t)} ${ints} ${us} ${nans}\n`;
    await expectEverywhere(source, want, 1);
  });

  it('float to int out of range and NaN give INT_MIN as on x86 (the JavaScript path\'s $H.f2i)', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, a = 0, b = 0, c = 0;
  float big = 3.0e9f, zero = 0.0f;
  double nan = zero / zero;
  for (i = 0; i < 20; i++) { a = (int)big; b = (int)-big; c = (int)nan; }
  printf("%d %d %d\\n", a, b, c);
  return 0;
}
`;
    expect(wasmLoops(source)).toBe(1);
    const want = '-2147483648 -2147483648 -2147483648\n';
    expect(await run(source, 'all')).toBe(want);
    expect(await run(source, false)).toBe(want);
    if (HAS_GCC) expect(runC(source, [], ['-O0']).stdout).toBe(want);
  });
});

describe('control flow and memory in compiled loops', () => {
  it('nested for/while/do loops with break and continue, ?:, && and || as values, comma', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, j, k, s = 0, t = 0, w = 0;
  for (i = 0; i < 30; i++) {
    if (i % 7 == 3) continue;
    if (i == 27) break;
    j = 0;
    while (j < i) {
      j += 3;
      if (j % 5 == 0) continue;
      s += (i & 1) ? j : -j;
    }
    k = i;
    do { k = k / 2, t++; } while (k > 1);
    w += (i > 5 && j > 10) + 2 * (i < 3 || k == 0) + (!i);
  }
  printf("%d %d %d %d\\n", s, t, w, i);
  return 0;
}
`;
    let s = 0, t = 0, w = 0, i = 0, j = 0, k = 0;
    for (i = 0; i < 30; i++) {
      if (i % 7 === 3) continue;
      if (i === 27) break;
      j = 0;
      while (j < i) {
        j += 3;
        if (j % 5 === 0) continue;
        s += i & 1 ? j : -j;
      }
      k = i;
      do { k = Math.trunc(k / 2); t++; } while (k > 1);
      w += (i > 5 && j > 10 ? 1 : 0) + 2 * (i < 3 || k === 0 ? 1 : 0) + (i === 0 ? 1 : 0);
    }
    await expectEverywhere(source, `${s} ${t} ${w} ${i}\n`, 1);
  });

  it('a long loop and a loop nest run in many calls of a budget of iterations and keep every variable, continue and break across calls', async () => {
    // 400000 trips are hundreds of calls after the first 1024 (wasmloop.ts FIRST_TRIPS, then about
    // 2 ms each); the nest's outer loop starts with one trip a call. A `continue` ends its iteration at
    // the back edge where a call may return; the `break` comes in a late call.
    const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int i, j, n = 0, last = -1, rows = 600, cols = 500;
  double s = 0.0;
  float f = 0.0f;
  int *a = (int *)malloc(sizeof(int) * rows * cols);
  for (i = 0; i < 400000; i++) {
    if (i % 3 == 1) continue;
    if (i == 398765) break;
    s += (double)i * 0.5;
    f += 0.25f;
    n++;
    last = i;
  }
  int check = 0;
  for (i = 0; i < rows; i++) {
    for (j = 0; j < cols; j++) a[i * cols + j] = (i * 7 + j * 3) % 1000;
  }
  for (i = 0; i < rows * cols; i++) check += a[i];
  printf("%.1f %.2f %d %d %d %d\\n", s, f, n, last, i, check);
  free(a);
  return 0;
}
`;
    let s = 0, f = 0, n = 0, last = -1, i = 0;
    for (i = 0; i < 400000; i++) {
      if (i % 3 === 1) continue;
      if (i === 398765) break;
      s += i * 0.5;
      f = Math.fround(f + 0.25);
      n++;
      last = i;
    }
    let check = 0;
    for (let r = 0; r < 600; r++) for (let c = 0; c < 500; c++) check += (r * 7 + c * 3) % 1000;
    const want = `${s.toFixed(1)} ${f.toFixed(2)} ${n} ${last} ${600 * 500} ${check}\n`;
    const js = compiled(source, true);
    // The long loop starts with 1024 trips, the nest with 1; both go on through $H.loopBudget.
    expect(js).toMatch(/\$t\d+ = 1024; \$t\d+ = 0;\n\s+for \(;;\) \{/);
    expect(js).toMatch(/\$t\d+ = 1; \$t\d+ = 0;\n\s+for \(;;\) \{/);
    await expectEverywhere(source, want, 4); // the nest, its inner loop where the guard fails, the two single loops
  });

  it('the locals a loop body declares are not written back (nothing after the loop names them), but in a nest they are; a shadowed outer variable keeps its value', async () => {
    // 300000 trips: many calls, each ending between iterations, where the body's locals hold nothing.
    const source = `#include <stdio.h>
int arr[1000];
int main(void) {
  int i, j, t = 5;
  double s = 0.0, u = 0.0;
  for (i = 0; i < 1000; i++) arr[i] = i;
  for (i = 0; i < 300000; i++) {
    float a = (float)(i & 15), b = (float)((i >> 4) & 7);
    int t = i & 3;
    float c = a * b + (float)t;
    s += c;
  }
  for (j = 0; j < 40; j++) {
    int key = j * 3;
    for (i = 0; i < 1000; i++) u += (arr[i] == key) ? 1.0 : 0.0;
  }
  printf("%.1f %.1f %d\\n", s, u, t);
  return 0;
}
`;
    const js = compiled(source, true);
    // The single loop writes back only i and s; the nest also its body's key.
    const backs = (name: string) => [...js.matchAll(new RegExp(`\\b${name} = \\$t\\d+\\[\\d+\\];`, 'g'))].length;
    expect(backs('i')).toBeGreaterThan(0);
    expect(backs('s')).toBe(1);
    expect(backs('a') + backs('b') + backs('c')).toBe(0);
    expect(backs('key')).toBe(1);
    let s = 0;
    for (let i = 0; i < 300000; i++) s += Math.fround((i & 15) * ((i >> 4) & 7) + (i & 3));
    let u = 0;
    for (let j = 0; j < 40; j++) for (let i = 0; i < 1000; i++) u += i === j * 3 ? 1 : 0;
    await expectEverywhere(source, `${s.toFixed(1)} ${u.toFixed(1)} 5\n`, 3); // the fill, the single loop, the nest
  });

  it('loopBudget: four times the first call, then the budget scaled to about 2 ms a call within 1/4 and 4 times, between 1 and 2^30', () => {
    expect(loopBudget(1024, 0)).toBe(4096);
    expect(loopBudget(1, 0)).toBe(4);
    // A call that took far less than 2 ms: at most 4x.
    expect(loopBudget(1000, performance.now())).toBe(4000);
    // One that took far more: at least 1/4, and never below 1.
    expect(loopBudget(1000, performance.now() - 1000)).toBe(250);
    expect(loopBudget(2, performance.now() - 1000)).toBe(1);
    // Never past an i32's range.
    expect(loopBudget(2 ** 29, 0)).toBe(2 ** 30);
  });

  it('&& and || of plain numbers are 0 or 1 in and out of loops (JavaScript\'s && gave the deciding operand)', async () => {
    const source = `#include <stdio.h>
int main(void) {
  int i, a = 2, b = 5, z = 0, s = 0;
  double d = 0.5;
  for (i = 0; i < 20; i++) s += (a && b) + (z || b) + (a && d) + (!b || a) + (i && a);
  printf("%d %d %d %d %d\\n", a && b, z || b, a && d, !b || a, s);
  return 0;
}
`;
    await expectEverywhere(source, '1 1 1 1 99\n', 1);
  });

  it('global, local, malloc\'ed and address-taken storage of every width, and &a[i]', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
double g[64];
int counter;
int main(void) {
  int i, k = 0;
  int *pk = &k;
  char c[64];
  short sv[64];
  unsigned char *ub = (unsigned char *)malloc(64);
  float *fp = (float *)malloc(64 * sizeof(float));
  double s = 0.0;
  float *end = fp;
  for (i = 0; i < 64; i++) {
    g[i] = i * 0.5;
    c[i] = (char)(i * 9);
    sv[i] = (short)(i * 1500);
    ub[i] = (unsigned char)(i * 7);
    fp[i] = (float)i / 3.0f;
    k += i;
    counter += 2;
    end = &fp[i];
  }
  for (i = 1; i < 64; i++) s += g[i] * c[i] + sv[i - 1] + ub[i] + fp[i] + fp[i - 1];
  printf("%.6f %d %d %d %d\\n", s, k, *pk, counter, (int)(end - fp));
  free(ub);
  free(fp);
  return 0;
}
`;
    let s = 0;
    const fp = Array.from({ length: 64 }, (_, i) => Math.fround(Math.fround(i) / 3));
    for (let i = 1; i < 64; i++) s += i * 0.5 * ((i * 9) << 24 >> 24) + (((i - 1) * 1500) << 16 >> 16) + ((i * 7) & 255) + fp[i]! + fp[i - 1]!;
    // Both loops are compiled; the first assigns `end` (a pointer), which goes back to JavaScript.
    await expectEverywhere(source, `${s.toFixed(6)} 2016 2016 128 63\n`, 2);
  });

  it('the heap grown by malloc between two compiled loops is the memory both loops see', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int i, n = 1 << 20;
  double s = 0.0;
  float *a = (float *)malloc(1024 * sizeof(float));
  float *b;
  for (i = 0; i < 1024; i++) a[i] = (float)i;
  b = (float *)malloc(n * sizeof(float) * 8);
  for (i = 0; i < n; i++) b[i] = 2.0f;
  for (i = 0; i < 1024; i++) s += a[i] * b[i * 1000];
  printf("%.1f\\n", s);
  return 0;
}
`;
    await expectEverywhere(source, `${(1023 * 1024 / 2) * 2}.0\n`, 3);
  });

  it('a checked gather runs compiled when its pointer starts a malloc block, and as JavaScript otherwise', async () => {
    const program = (ptr: string) => `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int i, n = 1000;
  float *a = (float *)malloc((n + 8) * sizeof(float));
  int *idx = (int *)malloc(n * sizeof(int));
  float *p = ${ptr};
  double s = 0.0;
  for (i = 0; i < n + 8; i++) a[i] = (float)i;
  for (i = 0; i < n; i++) idx[i] = (i * 7) % n;
  for (i = 0; i < n; i++) s += p[idx[i]];
  printf("%.1f\\n", s);
  return 0;
}
`;
    // p = a: the loop's guard holds; p = a + 8 (inside the block): every access takes the full check.
    await expectEverywhere(program('a'), `${(999 * 1000) / 2}.0\n`, 3);
    await expectEverywhere(program('a + 8'), `${(999 * 1000) / 2 + 8 * 1000}.0\n`, 3);
    const js = compiled(program('a'), true);
    expect(js).toMatch(/if \(\(n - i\) >= 16 && \$t\d+ > 0\) \{\n\s+\$t\d+ = \d+; \$t\d+ = 0;\n\s+for \(;;\) \{\n\s+\$t\d+ = \$W\.L\d+\(/);
  });

  it('an element outside its malloc block faults even where the bytes belong to another block', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int i;
  float *a = (float *)malloc(16 * sizeof(float));
  float *b = (float *)malloc(4096 * sizeof(float));
  int *idx = (int *)malloc(32 * sizeof(int));
  double s = 0.0;
  for (i = 0; i < 4096; i++) b[i] = 1.0f;
  for (i = 0; i < 16; i++) a[i] = 2.0f;
  for (i = 0; i < 32; i++) idx[i] = i % 16;
  idx[20] = 100;
  for (i = 0; i < 32; i++) s += a[idx[i]];
  printf("%.1f\\n", s);
  return 0;
}
`;
    // a[100] is past a's 16 elements, in b's storage: addressable bytes, but not a's.
    const w = await faultOf(source, 'all');
    expect(w.code).toBe('BRK5106');
    expect(w.message).toMatch(/out-of-bounds read of 4 bytes: element 100 of a malloc block of 16 elements/);
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^a\[idx\[i\]\]/);
    expect(await faultOf(source, false)).toEqual(w);
  });

  it('an unsigned index of a checked access runs compiled: values, and a fault past the block (also a huge index) as in JavaScript', async () => {
    const sum = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  unsigned int i, n = 100;
  int *a = (int *)malloc(n * sizeof(int));
  double s = 0.0;
  int k;
  for (i = 0; i < n; i++) a[i] = (int)(i * 3u) - 50;
  for (k = 0; k < (int)n; k++) s += a[(unsigned int)k];
  printf("%.1f\\n", s);
  free(a);
  return 0;
}
`;
    await expectEverywhere(sum, '9850.0\n', 2);
    for (const index of ['k + 90u', '(unsigned int)(k - 1)']) {
      const source = sum.replace('a[(unsigned int)k]', `a[${index}]`);
      const w = await faultOf(source, 'all');
      expect(w.code).toBe('BRK5106');
      expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^a\[/);
      expect(await faultOf(source, false)).toEqual(w);
    }
  });

  it('a short loop runs as JavaScript below 16 trips and compiled from 16 on, with the same values', async () => {
    const program = (n: number) => `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int i, n = ${n};
  float *v = (float *)malloc(64 * sizeof(float));
  double s = 0.0;
  for (i = 0; i < n; i++) v[i] = (float)i * 0.5f;
  for (i = 0; i < n; i++) s += v[i];
  printf("%.1f\\n", s);
  return 0;
}
`;
    for (const n of [0, 1, 15, 16, 17, 64]) await expectEverywhere(program(n), `${((0.5 * n * (n - 1)) / 2).toFixed(1)}\n`, 2);
    expect(compiled(program(64), true)).toMatch(/if \(\(n - i\) >= 16\) \{/);
  });

  it('struct fields, vector components, 2-D arrays and computed indices into global arrays', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
struct particle { float x, y; int id; double w; };
int hist[10];
float grid[8][16];
int main(void) {
  int i, j, n = 500;
  struct particle *p = (struct particle *)malloc(n * sizeof(struct particle));
  float4 *v = (float4 *)malloc(n * sizeof(float4));
  struct particle *first = p;
  double s = 0.0, t = 0.0;
  for (i = 0; i < n; i++) {
    p[i].x = (float)i * 0.5f;
    p[i].y = (float)(n - i);
    p[i].id = i * 3;
    p[i].w = 1.0 / (i + 1);
    v[i].x = p[i].x; v[i].y = p[i].y; v[i].z = (float)(i % 5); v[i].w = 2.0f;
  }
  for (i = 0; i < n; i++) {
    s += p[i].x * v[i].w + p[i].w - v[i].z;
    hist[p[i].id % 10] += 1;
    first->id += 1;
  }
  for (i = 0; i < 8; i++) for (j = 0; j < 16; j++) grid[i][j] = (float)(i * 16 + j);
  for (i = 0; i < 8; i++) for (j = 0; j < 16; j++) t += grid[i][j] * (j & 1 ? 1.0 : -1.0);
  printf("%.6f %.1f %d %d %d %d\\n", s, t, hist[0], hist[3], hist[7], p[0].id);
  return 0;
}
`;
    let s = 0, t = 0;
    const hist = new Array(10).fill(0);
    for (let i = 0; i < 500; i++) {
      s += Math.fround(i * 0.5) * 2 + 1 / (i + 1) - (i % 5);
      hist[(i * 3) % 10]++;
    }
    for (let i = 0; i < 8; i++) for (let j = 0; j < 16; j++) t += (i * 16 + j) * (j & 1 ? 1 : -1);
    // Compiled: the fill loop, the sum loop, and both 2-D loop nests.
    await expectEverywhere(source, `${s.toFixed(6)} ${t.toFixed(1)} ${hist[0]} ${hist[3]} ${hist[7]} 500\n`, 4, 'typedef struct { float x, y, z, w; } float4;\n');
  });

  it('a struct member\'s offset is the load\'s and store\'s own offset field, not an i32.add before it', async () => {
    // V8 folds the field into the access; an i32.add of the offset cost the structs loop shape ~6%.
    const source = `#include <stdio.h>
struct part { float x, y; int k; };
struct part parts[64];
int main(void) {
  int i;
  double s = 0.0;
  for (i = 0; i < 64; i++) { parts[i].x = (float)i; parts[i].y = 0.5f; parts[i].k = i & 3; }
  for (i = 0; i < 64; i++) s += parts[i].x * parts[i].k + parts[i].y;
  printf("%.1f\\n", s);
  return 0;
}
`;
    const base64 = compiled(source, true).match(/"([A-Za-z0-9+/=]{40,})"/)![1]!;
    const wasm = [...Buffer.from(base64, 'base64')];
    const has = (...seq: number[]) => wasm.some((_, at) => seq.every((x, k) => wasm[at + k] === x));
    expect(has(0x2a, 2, 4)).toBe(true); // f32.load offset=4: parts[i].y
    expect(has(0x28, 2, 8)).toBe(true); // i32.load offset=8: parts[i].k
    expect(has(0x38, 2, 4)).toBe(true); // f32.store offset=4
    expect(has(0x36, 2, 8)).toBe(true); // i32.store offset=8
    expect(has(0x41, 4, 0x6a)).toBe(false); // no i32.const 4, i32.add
    let s = 0;
    for (let i = 0; i < 64; i++) s += i * (i & 3) + 0.5;
    await expectEverywhere(source, `${s.toFixed(1)}\n`, 2);
  });

  it('an index outside a global array faults in a compiled loop even where the bytes are another global\'s', async () => {
    const source = `#include <stdio.h>
int table[16];
int other[1024];
int main(void) {
  int i, s = 0;
  int idx[64];
  for (i = 0; i < 64; i++) idx[i] = i % 16;
  idx[40] = 100;
  for (i = 0; i < 64; i++) s += table[idx[i]];
  printf("%d\\n", s + other[0]);
  return 0;
}
`;
    expect(wasmLoops(source)).toBe(2);
    const w = await faultOf(source, 'all');
    expect(w.code).toBe('BRK5106');
    // table[100] lands in `other`: addressable bytes, so only the compiled loop, which tests the index
    // against the array's length, sees the fault (the JavaScript path checks addressability only).
    expect(w.message).toMatch(/^out-of-bounds read of 4 bytes: element 100 of an array of 16 elements/);
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^table\[idx\[i\]\]/);
  });

  it('loops outside the subset stay JavaScript and keep C\'s values (long, switch)', async () => {
    const source = `#include <stdio.h>
int main(void) {
  long big = 0;
  int i, s = 0;
  for (i = 0; i < 100; i++) big += 3000000000L;
  for (i = 0; i < 10; i++) {
    switch (i % 3) { case 0: s += 1; break; case 1: s += 10; break; default: s += 100; }
  }
  printf("%ld %d\\n", big, s);
  return 0;
}
`;
    await expectEverywhere(source, '300000000000 334\n', 0);
  });
});
