/**
 * Host loops of issue 27 in WebAssembly (codegen/host/wasmloop.ts, hoist.ts, ir/print-wasm.ts):
 * - pointer walks `for (p = a; p < end; p++) ... *p ...` are checked once before the loop and run
 *   compiled, the pointer going back to JavaScript after the loop;
 * - long (64-bit) values inside expressions (`(p - a) & 1023`, `(long)i * K`) are i64 arithmetic;
 * - the default keeps a loop that touches no memory in JavaScript (no gain in WebAssembly); 'all'
 *   compiles it too, with the same values.
 * Every program runs with loops in WebAssembly (default and 'all'), in JavaScript and with gcc -O2
 * where present; each is also checked against a value computed here.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { HostLib } from '../../runtime/hostlib/libc.js';
import { runProgram } from '../../runtime/hostlib/loader.js';
import { createCpuRuntime } from '../../runtime/backends/index.js';
import { runC } from '../hostlib/gcc.js';

const HAS_GCC = spawnSync('gcc', ['--version']).status === 0;
type Mode = boolean | 'all';

function compiled(source: string, hostWasm: Mode): string {
  const r = compile(source, { fileName: 'walks.c', hostWasm });
  expect(r.ok, r.diagnostics.map((d) => d.message).join('\n')).toBe(true);
  return r.hostJs!;
}

async function run(source: string, hostWasm: Mode): Promise<string> {
  let stdout = '';
  const lib = new HostLib({ io: { write: (fd, s) => { if (fd === 1) stdout += s; } } });
  const rt = createCpuRuntime({ cpu: {} });
  try {
    await runProgram(compiled(source, hostWasm), { rt, lib, K: {}, argv: ['walks.c'] });
  } finally {
    rt.dispose();
  }
  return stdout;
}

const wasmLoops = (source: string, mode: Mode): number => (compiled(source, mode).match(/\$W\.L\d+\(/g) ?? []).length;

async function expectEverywhere(source: string, want: string): Promise<void> {
  for (const mode of [true, 'all', false] as Mode[]) expect(await run(source, mode)).toBe(want);
  if (HAS_GCC) expect(runC(source, [], ['-O2']).stdout).toBe(want);
}

async function faultOf(source: string, hostWasm: Mode): Promise<{ code: string; line: number; col: number }> {
  try {
    await run(source, hostWasm);
  } catch (e) {
    if (!(e instanceof BrookRuntimeError) || !e.span) throw e;
    const before = source.slice(0, e.span.start).split('\n');
    return { code: e.code, line: before.length, col: before[before.length - 1]!.length + 1 };
  }
  throw new Error('no runtime error');
}

describe('pointer walks in compiled loops', () => {
  it('fill and sum through *p over a global array and malloc blocks of float, double and char', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
float fa[3000];
int main(void) {
  float *p, *end = fa + 3000;
  double *d = (double *)malloc(1000 * sizeof(double));
  double *q, *dend = d + 1000;
  char *bytes = (char *)malloc(777);
  char *c, *cend = bytes + 777;
  double s = 0.0, t = 0.0;
  int h = 0;
  for (p = fa; p < end; p++) *p = (float)((p - fa) & 1023) * 0.25f;
  for (p = fa; p < end; p++) s += *p;
  for (q = d; q < dend; q++) *q = (double)(q - d) * 1.5;
  for (q = d; q < dend; ++q) *q += 2.0;
  for (q = d; q < dend; q += 1) t += *q;
  for (c = bytes; c < cend; c++) *c = (char)((c - bytes) * 37);
  for (c = bytes; c < cend; c = c + 1) h = h * 31 + *c;
  printf("%.2f %.2f %d %d %d\\n", s, t, h, (int)(p - fa), (int)(c - bytes));
  free(d);
  free(bytes);
  return 0;
}
`;
    let s = 0;
    for (let i = 0; i < 3000; i++) s += (i & 1023) * 0.25;
    let t = 0;
    for (let i = 0; i < 1000; i++) t += i * 1.5 + 2;
    let h = 0;
    for (let i = 0; i < 777; i++) h = (Math.imul(h, 31) + (((i * 37) << 24) >> 24)) | 0;
    // Every loop is a walk: all seven compiled by default (each touches memory).
    expect(wasmLoops(source, true)).toBe(7);
    await expectEverywhere(source, `${s.toFixed(2)} ${t.toFixed(2)} ${h} 3000 777\n`);
  });

  it('p->member over an array of structs (reads, writes, read-modify-writes) in malloc blocks and globals', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
struct particle { float x; float y; int k; };
struct particle g[500];
int main(void) {
  struct particle *parts = (struct particle *)malloc(1000 * sizeof(struct particle));
  struct particle *q, *end = parts + 1000, *gend = g + 500;
  double s = 0.0;
  int ks = 0;
  for (q = parts; q < end; q++) { q->x = (float)((q - parts) & 255); q->y = (float)((q - parts) >> 8); q->k = (int)(q - parts) & 3; }
  for (q = parts; q < end; q++) q->k += 1;
  for (q = parts; q < end; q++) s += q->x * q->k + q->y;
  for (q = g; q < gend; q++) { q->k = 7; q->x = 0.5f; }
  for (q = g; q < gend; q++) ks += q->k + (int)(q->x * 2.0f);
  printf("%.1f %d\\n", s, ks);
  free(parts);
  return 0;
}
`;
    let s = 0;
    for (let i = 0; i < 1000; i++) s += (i & 255) * ((i & 3) + 1) + (i >> 8);
    expect(wasmLoops(source, true)).toBe(5);
    await expectEverywhere(source, `${s.toFixed(1)} ${500 * 8}\n`);
  });

  it('a walk past the end of its block faults at *p, before the loop, on both paths', async () => {
    const source = `#include <stdlib.h>
int main(void) {
  float *a = (float *)malloc(100 * sizeof(float));
  float *p, *end = a + 101;
  for (p = a; p < end; p++) *p = 1.0f;
  return 0;
}
`;
    expect(wasmLoops(source, true)).toBe(1);
    const w = await faultOf(source, true);
    expect(w).toEqual(await faultOf(source, false));
    expect(w.code).toMatch(/^BRK5/);
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^\*p = 1\.0f/);
  });

  it('p->member past the end of its block faults at the access, on both paths', async () => {
    const source = `#include <stdlib.h>
struct cell { int a; float b; };
int main(void) {
  struct cell *c = (struct cell *)malloc(10 * sizeof(struct cell));
  struct cell *q, *end = c + 11;
  for (q = c; q < end; q++) q->b = 2.0f;
  return 0;
}
`;
    expect(wasmLoops(source, true)).toBe(1);
    const w = await faultOf(source, true);
    expect(w).toEqual(await faultOf(source, false));
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^q->b = 2\.0f/);
  });

  it('a walk whose pointer does not start a block still faults outside memory it may touch', async () => {
    const source = `#include <stdlib.h>
float g[10];
int main(void) {
  float *p, *end = g + 12;
  double s = 0.0;
  for (p = g + 2; p < end; p++) s += *p;
  return (int)s;
}
`;
    const w = await faultOf(source, true);
    expect(w).toEqual(await faultOf(source, false));
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^\*p;/);
  });
});

describe('fixed arrays indexed by the loop counter', () => {
  const program = (n: number) => `#include <stdio.h>
int a[100];
int b[100];
int main(void) {
  int i, n = ${n};
  long s = 0;
  for (i = 0; i < n; i++) a[i] = i * 3;
  for (i = 1; i <= n - 1; i++) b[i - 1] = a[i] + a[i - 1];
  for (i = 0; i < 99; i++) s += b[i];
  printf("%ld\\n", s);
  return 0;
}
`;

  it('run compiled without a check per access where the counter\'s range fits (a guard before the loop)', async () => {
    const js = compiled(program(100), true);
    // The guards: a[i] in the first loop; b[i - 1] (and a[i]) in the second, a <= loop.
    expect(js).toMatch(/\(i \+ 0 >= 0 && n \+ 0 <= 100\)/);
    expect(js).toMatch(/\(i \+ -1 >= 0 && \(\(n - 1\) \| 0\) \+ -1 < 100\)/);
    let s = 0;
    for (let i = 1; i <= 99; i++) s += 3 * i + 3 * (i - 1);
    await expectEverywhere(program(100), `${s}\n`);
  });

  it('past the array the guard fails and the JavaScript loop faults at the first element outside it', async () => {
    const source = program(101);
    const w = await faultOf(source, true);
    expect(w).toEqual(await faultOf(source, false));
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^a\[i\] = i \* 3/);
  });
});

describe('fixed arrays indexed by an inner loop\'s counter', () => {
  const program = (n: number) => `#include <stdio.h>
int a[100];
int main(void) {
  int i, j, n = ${n}, found = 0;
  for (i = 0; i < 100; i++) a[i] = i * 7 % 100;
  for (j = 0; j < 20; j++) {
    for (i = 0; i < n; i++)
      if (a[i] == j * 5) break;
    found += i;
  }
  printf("%d\\n", found);
  return 0;
}
`;

  it('an early-exit search nested in another loop runs compiled under one guard, with C\'s values', async () => {
    const js = compiled(program(100), true);
    expect(js).toMatch(/if \(\(n \+ 0 <= 100\)\) \{\n\s*\$t\d+ = \d+; \$t\d+ = 0;\n\s+for \(;;\) \{\n\s+\$t\d+ = \$W\.L\d+\(/);
    const a = Array.from({ length: 100 }, (_, i) => (i * 7) % 100);
    let found = 0;
    for (let j = 0; j < 20; j++) {
      const at = a.indexOf(j * 5);
      found += at < 0 ? 100 : at;
    }
    await expectEverywhere(program(100), `${found}\n`);
  });

  it('past the array the nest runs as JavaScript and faults where the search reads past it', async () => {
    const source = program(101).replace('j * 5', '1000 + j');
    const w = await faultOf(source, true);
    expect(w).toEqual(await faultOf(source, false));
    expect(source.split('\n')[w.line - 1]!.slice(w.col - 1)).toMatch(/^a\[i\] == 1000/);
  });
});

describe('long values inside compiled loops', () => {
  it('64-bit products, shifts, masks, remainders and comparisons give C\'s values', async () => {
    const source = `#include <stdio.h>
int out[500];
double dv[500];
int main(void) {
  int i;
  long total = 0;
  for (i = 0; i < 500; i++) {
    out[i] = (int)((((long)i * 3000000007L) >> 7) & 0xffffL) + (int)(((long)i * 99991L) % 1000003L);
    dv[i] = (double)((long)(i - 250) * 40000000000L) + ((long)i * 100000L > 25000000L ? 1.0 : 0.0);
  }
  for (i = 0; i < 500; i++) total += out[i] + (long)dv[i] % 7;
  printf("%ld %d %.1f\\n", total, out[499], dv[7]);
  return 0;
}
`;
    const out: number[] = [];
    const dv: number[] = [];
    for (let i = 0; i < 500; i++) {
      const I = BigInt(i);
      out.push(Number(((I * 3000000007n) >> 7n) & 0xffffn) + Number((I * 99991n) % 1000003n));
      dv.push(Number(BigInt(i - 250) * 40000000000n) + (i * 100000 > 25000000 ? 1 : 0));
    }
    let total = 0n;
    for (let i = 0; i < 500; i++) total += BigInt(out[i]!) + BigInt(Math.trunc(dv[i]!)) % 7n;
    // The first loop is compiled (long only inside expressions); the second holds a long variable.
    expect(wasmLoops(source, true)).toBe(1);
    await expectEverywhere(source, `${total} ${out[499]} ${dv[7]!.toFixed(1)}\n`);
  });
});

describe('loops that touch no memory', () => {
  it('stay JavaScript by default, are compiled with hostWasm all, and give the same values', async () => {
    const source = `#include <stdio.h>
#include <math.h>
float keep[4];
int main(void) {
  int i, acc = 7;
  double s = 0.0;
  for (i = 0; i < 100000; i++) s += sqrt((double)i) + floor((double)i * 0.3);
  for (i = 0; i < 1000; i++) acc = acc * 31 + i;
  for (i = 0; i < 1000; i++) keep[i & 3] = (float)i;
  printf("%.1f %d %.1f\\n", s, acc, keep[3]);
  return 0;
}
`;
    let s = 0;
    for (let i = 0; i < 100000; i++) s += Math.sqrt(i) + Math.floor(i * 0.3);
    let acc = 7;
    for (let i = 0; i < 1000; i++) acc = (Math.imul(acc, 31) + i) | 0;
    // By default only the loop that stores (keep[]) is WebAssembly; 'all' compiles the other two too.
    expect(wasmLoops(source, true)).toBe(1);
    expect(wasmLoops(source, 'all')).toBe(3);
    await expectEverywhere(source, `${s.toFixed(1)} ${acc} 999.0\n`);
  });
});
