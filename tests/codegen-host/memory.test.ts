/**
 * Host C memory checks (hostlib/memory.ts shadow memory, codegen/host/bounds.ts): faults are located
 * runtime errors at the C access, impossible mallocs return NULL, and the checks the compiler can
 * prove unnecessary are not in the generated code. (The located CLI messages of each fault are in
 * tests/errors/memory_*.br.)
 */
import { describe, expect, it } from 'vitest';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { Mem } from '../../runtime/hostlib/memory.js';
import { runC } from '../hostlib/gcc.js';
import { runBrook, fnText, hostJsOf } from './run.js';

const hostJs = (source: string): string => hostJsOf(source, 'prog.br');

/** The runtime error of running `source`, with the 1-based line and column it points at. */
async function faultOf(source: string): Promise<{ code: string; message: string; line: number; col: number; stdout: string }> {
  let stdout = '';
  try {
    const r = await runBrook(source);
    stdout = r.stdout;
  } catch (e) {
    if (!(e instanceof BrookRuntimeError) || !e.span) throw e;
    const before = source.slice(0, e.span.start).split('\n');
    return { code: e.code, message: e.message, line: before.length, col: before[before.length - 1]!.length + 1, stdout };
  }
  throw new Error(`no runtime error; stdout: ${stdout}`);
}

describe('impossible allocations return NULL, as in C', () => {
  const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  void *a = malloc((size_t)-1);
  void *b = malloc((size_t)1 << 50);
  void *c = calloc((size_t)1 << 40, (size_t)1 << 40);
  char *d = (char *)malloc(16);
  char *e = (char *)realloc(d, (size_t)-1);
  printf("%d %d %d %d\\n", a == NULL, b == NULL, c == NULL, e == NULL);
  d[0] = 'k';
  printf("%c\\n", d[0]);
  free(d);
  return 0;
}
`;
  it('prints what gcc prints', async () => {
    const got = await runBrook(source);
    expect(got.stdout).toBe('1 1 1 1\nk\n');
    expect(got.stdout).toBe(runC(source).stdout);
  });

  it('Mem.malloc refuses negative, NaN and over-4-GiB sizes without growing', () => {
    const m = new Mem(4096);
    // The heap is a WebAssembly memory: whole 64 KiB pages.
    expect(m.byteLength).toBe(65536);
    for (const n of [-1, NaN, 2 ** 32, 2 ** 64]) expect(m.malloc(n)).toBe(0);
    expect(m.byteLength).toBe(65536);
  });
});

describe('memory faults are runtime errors at the C line', () => {
  it('NULL plus a field offset is a NULL dereference', async () => {
    const f = await faultOf(`struct P { float x, y; int id; };
int main(void) {
  struct P *p = 0;
  return p->id;
}
`);
    expect(f).toMatchObject({ code: 'BRK5105', line: 4, col: 10 });
  });

  it('an index past a global array lands in a redzone', async () => {
    const f = await faultOf(`float g[8];
float h[8];
int main(void) {
  int k = 8;
  g[k] = 1.0f;
  return 0;
}
`);
    expect(f.code).toBe('BRK5106');
    expect(f.message).toMatch(/out-of-bounds write of 4 bytes .*just past the end of a 32-byte block/);
    expect([f.line, f.col]).toEqual([5, 3]);
  });

  it('a negative index before a malloc block is out of bounds', async () => {
    const f = await faultOf(`#include <stdlib.h>
int main(void) {
  int *a = (int *)malloc(4 * sizeof(int));
  int k = -1;
  int v = a[k];
  free(a);
  return v;
}
`);
    expect(f).toMatchObject({ code: 'BRK5106', line: 5, col: 11 });
  });

  it('a pointer to a local of a returned function faults (use after return)', async () => {
    const f = await faultOf(`int *leak(void) {
  int x[2];
  x[0] = 5;
  return x;
}
int main(void) {
  int *p = leak();
  return *p;
}
`);
    expect(f).toMatchObject({ code: 'BRK5107', line: 8, col: 10 });
    expect(f.message).toMatch(/use after return/);
  });

  it('memcpy past the end of its destination is an error at the call', async () => {
    const f = await faultOf(`#include <string.h>
#include <stdlib.h>
int main(void) {
  char src[32];
  char *dst = (char *)malloc(16);
  memset(src, 1, 32);
  memcpy(dst, src, 32);
  return 0;
}
`);
    expect(f).toMatchObject({ code: 'BRK5106', line: 7, col: 3 });
  });

  it('a struct copied through a freed pointer is a use after free', async () => {
    const f = await faultOf(`#include <stdlib.h>
struct V { double a, b, c; };
int main(void) {
  struct V *p = (struct V *)malloc(sizeof(struct V));
  struct V v;
  free(p);
  v = *p;
  return (int)v.a;
}
`);
    expect(f).toMatchObject({ code: 'BRK5107', line: 7, col: 7 });
  });

  it('the hoisted check of a loop names the access, and the loop does not start', async () => {
    const f = await faultOf(`#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 6, i;
  float *a = (float *)malloc(5 * sizeof(float));
  for (i = 0; i < n; i++)
    a[i] = 2.0f * i;
  printf("not reached\\n");
  return 0;
}
`);
    expect(f).toMatchObject({ code: 'BRK5106', line: 7, col: 5 });
    expect(f.message).toMatch(/write of 4 bytes .*just past the end of a 20-byte block/);
  });
});

describe('correct programs are not stopped', () => {
  it('a search loop that breaks before its bound, a conditional access, an address one past the end', async () => {
    const source = `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 4, i, found = -1;
  int *a = (int *)malloc(n * sizeof(int));
  int *b = (int *)malloc(2 * sizeof(int));
  int *end;
  for (i = 0; i < n; i++) a[i] = i * i;
  for (i = 0; i < 100; i++) {
    if (a[i] == 9) { found = i; break; }
  }
  for (i = 0; i < n; i++) {
    if (i < 2) b[i] = a[i];
  }
  for (i = 0; i <= n; i++) end = &a[i];
  printf("%d %d %d %d\\n", found, b[0], b[1], (int)(end - a));
  free(a);
  free(b);
  return 0;
}
`;
    const got = await runBrook(source);
    expect(got.stdout).toBe(runC(source).stdout);
    expect(got.stdout).toBe('3 0 1 4\n');
  });
});

describe('checks the compiler proves unnecessary are not emitted', () => {
  it('fixed arrays indexed by counted loop variables (1-D, 2-D, offsets) have no check', () => {
    const js = hostJs(`#define N 64
float a[N];
float m[8][N];
int main(void) {
  int i, j;
  float s = 0.0f;
  for (i = 0; i < N; i++) a[i] = (float)i;
  for (i = 1; i < N; i++) s += a[i] - a[i - 1];
  for (i = 0; i < 8; i++)
    for (j = 0; j < N; j++) m[i][j] = a[j];
  return (int)s;
}
`);
    expect(fnText(js, 'main')).not.toMatch(/\$ck|ckr/);
  });

  it('an index that may leave the array keeps its check', () => {
    const js = hostJs(`float a[10];
int main(void) {
  int i;
  for (i = 0; i <= 10; i++) a[i] = 1.0f;
  return 0;
}
`);
    // In a call-free loop the check is inline (its shadow byte, then $H.cki), elsewhere $ck.
    expect(fnText(js, 'main')).toMatch(/\$ck\(|\$H\.cki\(/);
  });

  it('a pointer loop checks its range once before the loop, not per access', () => {
    const js = hostJs(`double dot(const float *x, const float *y, int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}
int main(void) { return 0; }
`);
    const fn = fnText(js, 'dot');
    expect(fn.match(/\$H\.ckr\(/g)?.length).toBe(2);
    expect(fn).not.toMatch(/\$ck\(/);
    expect(fn.indexOf('$H.ckr(')).toBeLessThan(fn.indexOf('for (;'));
  });
});

describe('typed-array views copied to locals in call-free loops (codegen/host/stmt.ts hoistViews)', () => {
  const source = `#include <stdio.h>
#include <stdlib.h>
float *grow(int n) { float *b = (float *)malloc(n * sizeof(float)); b[0] = 1.0f; return b; }
float sum(float *a, int n) {
  float s = 0.0f;
  int i;
  for (i = 0; i < n; i++) s += a[i];
  return s;
}
int main() {
  float *a = (float *)malloc(16 * sizeof(float));
  int i;
  for (i = 0; i < 16; i++) {
    float *b = grow(1 << 20);
    a[i] = b[0] * (float)i;
  }
  printf("%.1f\\n", sum(a, 16));
  return 0;
}
`;

  it('a call-free loop reads the view once, before the loop', () => {
    const js = fnText(hostJs(source), 'sum');
    expect(js).toMatch(/\$t\d+ = \$M\.f32;/);
    expect(js).not.toMatch(/for \([^)]*\)[^]*\$M\.f32\[/);
  });

  it('a loop that calls a function (which may grow the memory) keeps reading $M', async () => {
    const js = fnText(hostJs(source), 'main');
    expect(js).not.toMatch(/= \$M\.f32;/);
    // 16 blocks of 4 MiB grow the heap while the loop runs: the stores still land (0 + 1 + ... + 15).
    const r = await runBrook(source);
    expect(r.stdout.trim()).toBe('120.0');
  });
});
