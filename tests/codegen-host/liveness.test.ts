/**
 * The `dead` hints the host code generator passes with kernel calls (codegen/host/liveness.ts): a
 * stream is named only where no later code of the function can read it. Each case compiles a program
 * and reads the hint of each call from the generated JavaScript; cells' top-level streams (which
 * outlive the cell: later cells, TypeScript handles, displays) never get one.
 */
import { describe, expect, it } from 'vitest';
import { compile, compileCell, renderDiagnostic, SourceSet, type SessionSymbol } from '../../runtime/compiler/index.js';

const KERNELS = `
kernel void mul(float a<>, float b<>, out float c<>) { c = a * b; }
reduce void sum(float a<>, reduce float r<>) { r += a; }
kernel void copy(float a<>, out float c<>) { c = a; }
`;

/** `kernel(args) -> dead names` for every kernel call of the program, in order. */
function hints(body: string): string[] {
  const r = compile(`${KERNELS}\n${body}`, { fileName: 'live.br' });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => renderDiagnostic(r.sources, d)).join('\n'));
  return callHints(r.hostJs!);
}

function callHints(js: string): string[] {
  const calls = [...js.matchAll(/\$rt\.(?:call|reduceToStream|reduceToValue)\(\$(?:K|S\.k)\["(\w+)"\], \[(.*?)\], \$sp\d+(?:, \{ dead: \[([^\]]*)\] \})?\)/g)];
  return calls.map((m) => `${m[1]}(${m[2]}) -> ${m[3] ?? ''}`);
}

describe('dead-stream hints', () => {
  it("the seeds' sgemv in main: T is dead after the sum, x after the mul", () => {
    expect(hints(`int main() {
      float a<2,3>, x<1,3>, t<2,3>, y<2,1>;
      mul(a, x, t);
      sum(t, y);
      streamPrint(y);
      return 0;
    }`)).toEqual(['mul(a, x, t) -> a, x', 'sum(t, y) -> t']);
  });

  it('a stream read later, or in a loop around the call, is not dead', () => {
    expect(hints(`int main() {
      float a<4>, t<4>, u<4>;
      int i;
      for (i = 0; i < 3; i++) {
        copy(a, t);
        copy(t, u);
      }
      copy(u, t);
      streamPrint(t);
      return 0;
    }`)).toEqual(['copy(a, t) -> ', 'copy(t, u) -> ', 'copy(u, t) -> u']);
  });

  it('streams declared inside the loop body die in each iteration', () => {
    expect(hints(`int main() {
      float a<4>;
      int i;
      for (i = 0; i < 3; i++) {
        float t<4>, u<4>;
        copy(a, t);
        copy(t, u);
        streamPrint(u);
      }
      return 0;
    }`)).toEqual(['copy(a, t) -> ', 'copy(t, u) -> t']);
  });

  it('never for a stream whose address is taken, that is swapped, passed to a function, or a write mask', () => {
    expect(hints(`
      void show(float s<>) { streamPrint(s); }
      void keep(float (*s)<>) { streamPrint(*s); }
      int main() {
        float a<4>, b<4>, c<4>, d<4>, m<4>, o<4>;
        keep(&a);
        copy(a, o);
        copy(b, o);
        streamSwap(b, o);
        copy(c, o);
        show(c);
        copy(d, o);
        streamSetWriteMask(d);
        copy(m, o); // o was swapped: never hinted
        return 0;
      }`)).toEqual(['copy(a, o) -> ', 'copy(b, o) -> ', 'copy(c, o) -> ', 'copy(d, o) -> ', 'copy(m, o) -> m']);
  });

  it('no hints in a function with goto; none for parameters, globals or static streams', () => {
    expect(hints(`
      float g<4>;
      void f(float p<>) {
        static float s<4>;
        float t<4>;
        copy(p, s);
        copy(g, t);
      }
      int main() {
        float a<4>, t<4>;
        copy(a, t);
        goto end;
      end:
        return 0;
      }`)).toEqual(['copy(p, f$s) -> ', 'copy(g, t) -> t', 'copy(a, t) -> ']);
  });

  it("a notebook cell's top-level streams never get a hint; a function's locals in a cell do", () => {
    const session = { sources: new SourceSet(), externals: new Map<string, SessionSymbol>(), macros: undefined as never, typedefNames: [] as string[] };
    const r = compileCell(`${KERNELS}
      float a<4>, t<4>, y<1>;
      mul(a, a, t);
      sum(t, y);
      void f() { float u<4>, v<1>; copy(a, u); sum(u, v); }`, 'cell[1]', session);
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => renderDiagnostic(r.sources, d))).toEqual([]);
    expect(callHints(r.hostJs!)).toEqual([
      'copy($S.v["a"], u) -> ',
      'sum(u, v) -> u, v',
      'mul($S.v["a"], $S.v["a"], $S.v["t"]) -> ',
      'sum($S.v["t"], $S.v["y"]) -> ',
    ]);
  });
});
