/**
 * Inlining of small host functions at their call sites (codegen/host/inline.ts): the lowering decision
 * itself, read from the generated JavaScript (what runs is compared with gcc / g++ in
 * programs/inline_calls.c and programs/inline_calls_cxx.cpp), and memory faults that stay located.
 */
import { describe, expect, it } from 'vitest';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { runBrook, fnText, hostJsOf } from './run.js';

const hostJs = (source: string, fileName = 'prog.c'): string => hostJsOf(source, fileName);

const REFS = `
static void accumulate(double &s, int &count, const float &v) {
  s += v;
  if (v > 500.0f) count++;
}
double refs(int n) {
  double s = 0.0;
  int count = 0;
  for (int i = 0; i < n; i++) {
    float v = (float)((i * 13) % 1000);
    accumulate(s, count, v);
  }
  return s + count;
}
int main() { return refs(10) > 0 ? 0 : 1; }
`;

describe('a small function called with the addresses of locals is inlined', () => {
  it('reference parameters: the caller has no frame and no call, its locals are JavaScript variables', () => {
    const f = fnText(hostJs(REFS, 'refs.cpp'), 'refs');
    expect(f).not.toContain('$M.alloca');
    expect(f).not.toContain('accumulate(');
    expect(f).toMatch(/s = \(s \+ v\)/);
    expect(f).toMatch(/count = \(\(count \+ 1\) \| 0\)/);
  });

  it('a value function with one return: the expression with the argument converted to the parameter type', () => {
    const js = hostJs('static float as_float(float f) { return f; }\nint main(void) { int big = 16777217; return (int)as_float(big) - 16777216; }\n');
    const main = fnText(js, 'main');
    expect(main).not.toContain('as_float(');
    expect(main).toContain('Math.fround(');
  });
});

describe('calls that are not inlined', () => {
  const kept = (source: string, caller: string, callee: string) => expect(fnText(hostJs(source), caller)).toContain(`${callee}(`);

  it('recursion', () => kept('static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\nint main(void) { return fact(5) - 120; }\n', 'main', 'fact'));
  it('an argument with a side effect', () => kept('static int id(int x) { return x; }\nint main(void) { int j = 0; int k = id(j++); return k + j - 1; }\n', 'main', 'id'));
  it('a by-value argument whose address the caller takes (the callee could change it first)', () =>
    kept('static void f(int *p, int v, int *out) { *p += 1; *out = v; }\nint main(void) { int a = 1, o = 0; f(&a, a, &o); return o - 1; }\n', 'main', 'f'));
  it('a loop in the body', () => kept('static void z(int *p) { int i; for (i = 0; i < 3; i++) p[i] = 0; }\nint main(void) { int a[3]; z(a); return a[0]; }\n', 'main', 'z'));
  it('a struct parameter of a body that writes', () => kept('struct s { int a; };\nstatic int get(struct s v) { return v.a++; }\nint main(void) { struct s x = { 0 }; return get(x); }\n', 'main', 'get'));
  it('a struct parameter given a value that is not a named variable', () =>
    kept('struct s { int a; };\nstatic struct s mk(void) { struct s v = { 3 }; return v; }\nstatic int get(struct s v) { return v.a; }\nint main(void) { return get(mk()) - 3; }\n', 'main', 'get'));

  it('an address that escapes to a global keeps the variable in memory', () => {
    const f = fnText(hostJs('int *kept;\nstatic void keep(int *p) { kept = p; }\nint main(void) { int h = 1; keep(&h); *kept += 1; return h - 2; }\n'), 'main');
    expect(f).not.toContain('keep(');
    expect(f).toContain('$M.alloca');
  });
});

describe('memory faults inside an inlined body are still located at the access', () => {
  it('out of bounds through a pointer parameter bound to &x', async () => {
    const source = 'static void poke(int *p, int i) { p[i] = 1; }\nint main(void) {\n  int x = 0;\n  poke(&x, 4);\n  return x;\n}\n';
    expect(fnText(hostJs(source), 'main')).not.toContain('poke(');
    let err: unknown;
    try {
      await runBrook(source);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BrookRuntimeError);
    const e = err as BrookRuntimeError;
    expect(e.message).toMatch(/out-of-bounds write of 4 bytes .*12 bytes past the end of a 4-byte block/);
    // The fault points at `p[i]` in poke (line 1), as it did when poke was a call.
    expect(source.slice(0, e.span!.start).split('\n').length).toBe(1);
  });
});

describe('struct fields a loop cannot change are read once before it (licm.ts)', () => {
  const source = `#include <stdlib.h>
struct buf { int *data; unsigned int count; };
int sum(struct buf b) { int s = 0; unsigned int i; for (i = 0; i < b.count; i++) s += b.data[i]; return s; }
int clear(struct buf b) { unsigned int i; for (i = 0; i < b.count; i++) b.data[i] = 0; return 0; }
int main(void) { struct buf b; b.count = 4; b.data = (int *)calloc(4, sizeof(int)); return sum(b) + clear(b); }
`;
  it('a loop that stores nothing reads count and data into locals, and its element check is hoisted', () => {
    const f = fnText(hostJs(source), 'sum');
    expect(f).toMatch(/b\$count\$h\d+ = \$M\.u32\[/);
    expect(f).toMatch(/for \(; \(i < b\$count\$h\d+\)/);
    expect(f).toContain('$H.span($M, b$data$h');
  });
  it('a loop that stores to memory keeps reading the fields', () => {
    expect(fnText(hostJs(source), 'clear')).not.toContain('$h');
  });
});
