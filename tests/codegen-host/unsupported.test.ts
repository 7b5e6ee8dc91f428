/**
 * C that the host generator does not translate gives a diagnostic at the user's code (never a crash or
 * wrong JavaScript): `compile` reports it and produces no host module.
 */
import { describe, expect, it } from 'vitest';
import { compile, renderDiagnostic } from '../../runtime/compiler/index.js';

describe('host code generator limits', () => {
  it('the address of a non-lvalue is reported at the expression', () => {
    const r = compile('int main(void) {\n  int x = 1;\n  int *p = &(x + 1);\n  return *p;\n}\n', { fileName: 'addr.br' });
    expect(r.ok).toBe(false);
    expect(r.hostJs).toBeUndefined();
    const text = r.diagnostics.map((d) => renderDiagnostic(r.sources, d)).join('\n');
    expect(text).toMatch(/^addr\.br:3:\d+: error: BRK\d{4}: /m);
    expect(text).toContain(' 3 |   int *p = &(x + 1);');
  });

  it('a program without main is an error that says how to fix it', () => {
    const r = compile('int f(void) { return 1; }\n', { fileName: 'nomain.br' });
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.code === 'BRK2603');
    expect(d?.message).toBe('the program has no main function');
    expect(d?.hint).toMatch(/int main/);
  });

  it('va_start outside a `...` function and a struct passed through `...` are located errors', () => {
    const src = '#include <stdarg.h>\ntypedef struct { int a; } S;\nstatic int f(int n) { va_list ap; va_start(ap, n); return n; }\n'
      + 'static int g(int n, ...) { return n; }\nint main(void) { S s; s.a = 1; return f(1) + g(1, s); }\n';
    const r = compile(src, { fileName: 'va.c' });
    expect(r.ok).toBe(false);
    const text = r.diagnostics.map((d) => renderDiagnostic(r.sources, d)).join('\n');
    expect(text).toContain('va.c:3:35: error: BRK2601: va_start is used in a function without `...` parameters');
    expect(text).toContain('va.c:5:51: error: BRK2601: the host code generator does not support passing S through `...`');
  });

  it('generated modules are deterministic', () => {
    const src = 'kernel void k(float a<>, out float b<>) { b = a * 2.0f; }\nint main(void) { float a<4>, b<4>; k(a, b); return 0; }\n';
    expect(compile(src).hostJs).toBe(compile(src).hostJs);
  });
});
