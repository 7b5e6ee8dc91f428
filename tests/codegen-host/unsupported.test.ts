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

  it('generated modules are deterministic', () => {
    const src = 'kernel void k(float a<>, out float b<>) { b = a * 2.0f; }\nint main(void) { float a<4>, b<4>; k(a, b); return 0; }\n';
    expect(compile(src).hostJs).toBe(compile(src).hostJs);
  });
});
