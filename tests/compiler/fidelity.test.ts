/**
 * Programs of BrookGPU 0.5 as they were written, compiled as several files the way `brook run a.br
 * b.cpp` does: what holds across files (one warning per program, declarations shared through a
 * header). Single-file behaviours have conformance programs and error programs instead.
 */
import { describe, expect, test } from 'vitest';
import { compile, SourceSet } from '../../runtime/compiler/index.js';

/** Compile `files` (name -> text) as one program; `headers` are found by #include "name". */
function compileFiles(files: Record<string, string>, headers: Record<string, string> = {}) {
  const sources = new SourceSet();
  for (const [name, text] of Object.entries(files)) sources.add(name, text);
  return compile(sources, {
    readInclude: (name) => (name in headers ? { name, text: headers[name]! } : undefined),
  });
}

const TIMING_H = `
typedef long long int64;
static int64 GetTimeTSC() {
  int64 t;
  __asm__ __volatile__("rdtsc" : "=A" (t));
  return t;
}
extern int64 start, stop;
`;

describe('a timing header included by two files', () => {
  const c = compileFiles(
    {
      'main.cpp': '#include "timing.h"\nint64 start, stop;\nint work(int n);\nint main() { start = GetTimeTSC(); printf("%d\\n", work(3)); stop = GetTimeTSC(); return 0; }\n',
      'work.br': '#include "timing.h"\nkernel void twice(float a<>, out float b<>) { b = 2.0f * a; }\nint work(int n) { __asm__ __volatile__("nop"); return n * 2; }\n',
    },
    { 'timing.h': TIMING_H },
  );
  test('compiles: the extern globals and the definition are one variable each', () => {
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.ok).toBe(true);
  });
  test('inline assembly that cannot run is reported once for the whole program, naming the statement; rdtsc is not reported (it reads a clock)', () => {
    const asm = c.diagnostics.filter((d) => d.code === 'BRK1242');
    expect(asm).toHaveLength(1);
    expect(asm[0]!.severity).toBe('warning');
    expect(asm[0]!.message).toContain('__asm__ __volatile__("nop" ...)');
    expect(asm[0]!.message).not.toContain('rdtsc');
  });
});

describe('extern declarations across files', () => {
  test('a header declares, one file defines with an initializer, another file uses it', () => {
    const c = compileFiles(
      {
        'a.br': '#include "g.h"\nint counter = 4;\nint main() { bump(); return counter; }\n',
        'b.br': '#include "g.h"\nvoid bump(void) { counter = counter + 1; }\n',
      },
      { 'g.h': 'extern int counter;\nextern void bump(void);\n' },
    );
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  test('two files that both initialize it are a redefinition', () => {
    const c = compileFiles({ 'a.br': 'int counter = 4;\nint main() { return counter; }\n', 'b.br': 'int counter = 5;\n' });
    expect(c.diagnostics.map((d) => d.code)).toContain('BRK2003');
  });
});

describe('C++ beyond near-C: one error for the program, naming the construct', () => {
  test('two companion files with C++: one BRK1243 (the first), nothing else', () => {
    const c = compileFiles({
      'main.br': 'kernel void k(float a<>, out float b<>) { b = a; }\nint main() { return 0; }\n',
      'a.cpp': '#include <iostream>\nvoid report(int n) { std::cerr << n << std::endl; }\nint size(std::deque<int> s) { return 0; }\n',
      'b.cpp': 'class Timer { public: int t; };\nclass Clock : public virtual Timer { };\n',
    });
    // std::cerr, class Timer and one base class are in the C++ subset (docs/CXX.md); std::deque and a
    // virtual base are not.
    expect(c.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "BRK1243 'std::deque': the C++ standard library (iostream, std::string, ...) is C++; not supported",
    ]);
  });
  test('a scope qualifier that comes out of a macro is found at the macro use', () => {
    // (brook::sentinelStream itself is a library function now: a name of the same length stands in.)
    const c = compileFiles({ 'v.br': '#define sentinelStream brook::makeStreamPtrs\nint main() {\n  float *p = (float *)sentinelStream(2);\n  return 0;\n}\n' });
    expect(c.diagnostics).toHaveLength(1);
    expect(c.diagnostics[0]).toMatchObject({ code: 'BRK1243', span: { start: 80, end: 94 } }); // the `sentinelStream` of `(float *)sentinelStream(2)`
    expect(c.diagnostics[0]!.message).toContain("'brook::makeStreamPtrs'");
  });
  test('C code that merely uses the words class, template, operator and two colons is C', () => {
    const c = compileFiles({ 'c.br': 'int main() {\n  int class = 1, template = 2, operator = 3;\n  int x = class ? template : operator;\n  switch (x) { case 2: x = 5; default: break; }\n  return x == 5 ? 0 : 1;\n}\n' });
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  test('a static function in a header included by two files is one function', () => {
    const c = compileFiles(
      { 'a.br': '#include "u.h"\nint main() { return sq(2) == 4 ? 0 : 1; }\n', 'b.br': '#include "u.h"\nint g(void) { return sq(3); }\n' },
      { 'u.h': 'static int sq(int x) { return x * x; }\n' },
    );
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.ok).toBe(true);
  });
});

describe('BrookGPU vout code (prog/tests/vout): what it needs across files', () => {
  test('a file-scope const repeated in two files with one value is one constant (C++ internal linkage)', () => {
    const c = compileFiles({
      'a.br': 'const unsigned int MAX_VOUT_STREAMS = 31;\nint other(void);\nint main() { return (int)MAX_VOUT_STREAMS + other(); }\n',
      'b.br': 'const unsigned int MAX_VOUT_STREAMS = 31;\nint other(void) { return (int)MAX_VOUT_STREAMS; }\n',
    });
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
  test('with different values, or twice in one file, it is a redefinition', () => {
    const two = compileFiles({ 'a.br': 'const int N = 1;\nint main() { return N; }\n', 'b.br': 'const int N = 2;\n' });
    expect(two.diagnostics.map((d) => d.code)).toContain('BRK2003');
    const one = compileFiles({ 'a.br': 'const int N = 1;\nconst int N = 1;\nint main() { return N; }\n' });
    expect(one.diagnostics.map((d) => d.code)).toContain('BRK2003');
  });
  test('brook::sentinelStream, also through #define sentinelStream brook::sentinelStream, is a library function', () => {
    const c = compileFiles({
      'v.br': '#define sentinelStream brook::sentinelStream\nkernel void k(float a<>, float inf<>, out float o<>) { o = a > 1.0f ? inf : a; }\n' +
        'void other(void);\nint main() { float a<4>, o<4>; k(a, *sentinelStream(1), o); other(); return 0; }\n',
      'w.br': 'kernel void k2(float a<>, float inf<>, out float o<>) { o = inf; }\nvoid other(void) { float a<4>, o<4>; k2(a, *::brook::sentinelStream(1), o); }\n',
    });
    expect(c.diagnostics).toEqual([]);
  });
  test('brook::stream / brook::iter constructors compile, other forms are BRK1259; the rest of brook:: is still the C++ interface (BRK1243)', () => {
    // `brook::stream s;` alone is the empty handle (a null brook::StreamInterface *); with a value it is no form.
    const empty = compileFiles({ 'v.br': 'int main() { brook::stream s; return s == 0 ? 0 : 1; }\n' });
    expect(empty.diagnostics).toEqual([]);
    const plain = compileFiles({ 'v.br': 'int main() { float t<4>; brook::stream s = t; return 0; }\n' });
    expect(plain.diagnostics.map((d) => d.code)).toEqual(['BRK1259']);
    const ctor = compileFiles({ 'v.br': 'int main() { brook::stream s(brook::getStreamType((float2 *)0), 4, 3, -1); float2 d[12]; s.write(d); return 0; }\n' });
    expect(ctor.diagnostics).toEqual([]);
    const iter = compileFiles({ 'v.br': 'int main() { brook::iter i(brook::getStreamType((float *)0), 4, -1, 0.0f, 1.0f, -1); ::brook::iter j(::brook::__BRTFLOAT2, 2, 2, -1, 0.0f, 0.0f, 1.0f, 1.0f, -1); return 0; }\n' });
    expect(iter.diagnostics).toEqual([]);
    const shortIter = compileFiles({ 'v.br': 'int main() { brook::iter i(brook::__BRTFLOAT2, 4, -1, 0.0f, 1.0f, -1); return 0; }\n' });
    expect(shortIter.diagnostics.map((d) => d.code)).toEqual(['BRK1259']);
    const typeVar = compileFiles({ 'v.br': 'int main() { const brook::StreamType *t = brook::getStreamType((float2 *)0); brook::stream *s = new brook::stream(t, 4, 3, -1); return t == 0; }\n' });
    expect(typeVar.diagnostics).toEqual([]);
    // brook::StreamInterface * is a pointer to a stream (what a brook::stream converts to).
    const iface = compileFiles({ 'v.br': 'kernel void k(float a<>, out float o<>) { o = a; }\nvoid run(const brook::StreamInterface *in, float o<>) { k(*in, o); }\nint main() { float a<4>, o<4>; run(&a, o); return 0; }\n' });
    expect(iface.diagnostics).toEqual([]);
    const internals = compileFiles({ 'v.br': 'int main() { brook::Kernel *k = 0; return 0; }\n' });
    expect(internals.diagnostics.map((d) => d.code)).toEqual(['BRK1243']);
  });
  test('new brook::stream: the extents end with -1 and the type is a const brook::StreamType *, else one located error', () => {
    const noEnd = compileFiles({ 'v.br': 'int main() {\n  brook::stream *s = new brook::stream(brook::getStreamType((float *)0), 16);\n  return 0;\n}\n' });
    expect(noEnd.diagnostics.map((d) => [d.code, d.span.start])).toEqual([['BRK1259', 34]]);
    expect(noEnd.diagnostics[0]!.message).toContain('the extents must end with -1');
    const notType = compileFiles({ 'v.br': 'int main() { int t = 3; brook::stream *s = new brook::stream(t, 16, -1); return 0; }\n' });
    expect(notType.diagnostics.map((d) => d.code)).toEqual(['BRK2111']);
    const notElem = compileFiles({ 'v.br': 'int main() { const brook::StreamType *t = brook::getStreamType((FILE *)0); return 0; }\n' });
    expect(notElem.diagnostics.map((d) => d.code)).toEqual(['BRK2322']);
  });
  test('a static function of one name in two files is one function per file (C internal linkage)', () => {
    const c = compileFiles({
      'a.br': 'static int f(int x) { return x + 1; }\nint g(void);\nint main() { return f(1) * 10 + g(); }\n',
      'b.br': 'static int f(int x) { return x * 5; }\nint g(void) { int r = f(2); { int f = 1; r += f; } return r; }\n',
    });
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.ok).toBe(true);
    const clash = compileFiles({ 'a.br': 'int f(int x) { return x; }\nint main() { return f(1); }\n', 'b.br': 'int f(int x) { return 2 * x; }\n' });
    expect(clash.diagnostics.map((d) => d.code)).toContain('BRK2003');
  });
  test('a member function instantiated alike in two files is one (C++ one-definition rule); free functions defined twice are BRK2003', () => {
    const vec = '#include <vector>\nstruct P { int a; };\n';
    const same = compileFiles({
      'a.cpp': `${vec}int n(std::vector<P> &v);\nint main() { std::vector<P> v; P p; p.a = 1; v.push_back(p); return n(v); }\n`,
      'b.cpp': `${vec}int n(std::vector<P> &v) { v.resize(3); return (int) v.size(); }\n`,
    });
    expect(same.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const alike = compileFiles({ 'a.br': 'int f(int x) { return x + 1; }\nint main() { return f(1); }\n', 'b.br': 'int f(int x) { return x + 1; }\n' });
    expect(alike.diagnostics.map((d) => d.code)).toContain('BRK2003');
    const unlike = compileFiles({ 'a.br': 'int f(int x) { return x + 1; }\nint main() { return f(1); }\n', 'b.br': 'int f(int x) { return x + 2; }\n' });
    expect(unlike.diagnostics.map((d) => d.code)).toContain('BRK2003');
  });
  test('a global and a static member of a class type, declared in a header for two files and defined in one, are one object each', () => {
    const header = 'class M { public: float a; M() : a(1) {} M(float x) : a(x) {} };\nstruct Holder { static M shared; int k; };\nextern M gm;\n';
    const c = compileFiles({
      'g1.cpp': '#include "g.h"\nM gm(5);\nM Holder::shared;\nfloat get() { return gm.a + Holder::shared.a; }\n',
      'main.cpp': '#include "g.h"\nfloat get();\nint main() { return (int) (get() + gm.a); }\n',
    }, { 'g.h': header });
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.ok).toBe(true);
  });
  test('a kernel helper and a host function of one name in two files are two functions (kernels call the kernel)', () => {
    const c = compileFiles({
      'k.br': 'kernel float scale(float a, float b) { return a * b; }\nkernel void apply(float x<>, out float y<>) { y = scale(x, 3.0f); }\nvoid run(float *in, float *out) { float s<4>; float t<4>; streamRead(s, in); apply(s, t); streamWrite(t, out); }\n',
      'main.cpp': 'int scale(int a, int b) { return a + b; }\nvoid run(float *in, float *out);\nint main() { float in[4] = {1, 2, 3, 4}; float out[4]; run(in, out); return scale(2, 5); }\n',
    });
    expect(c.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(c.ok).toBe(true);
    // In one file it stays a redefinition.
    const one = compileFiles({ 'k.br': 'kernel float scale(float a, float b) { return a * b; }\nint scale(int a, int b) { return a + b; }\nint main() { return scale(2, 5); }\n' });
    expect(one.diagnostics.map((d) => d.code)).toContain('BRK2003');
  });
  test('an inline function a header defines for two files is one (C++ one-definition rule); inline definitions that differ are BRK2003', () => {
    const header = 'struct P { float x, y; };\nnamespace geo { inline float dot(const P &a, const P &b) { return a.x * b.x + a.y * b.y; } }\ninline int twice(int v) { return 2 * v; }\n';
    const same = compileFiles({
      'a.cpp': '#include "shared.h"\nfloat len2(const P &p) { return geo::dot(p, p) + twice(0); }\n',
      'main.cpp': '#include "shared.h"\nfloat len2(const P &p);\nint main() { P p = {3, 4}; return (int) len2(p) + twice(1) + (int) geo::dot(p, p); }\n',
    }, { 'shared.h': header });
    expect(same.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(same.ok).toBe(true);
    const unlike = compileFiles({ 'a.cpp': 'inline int twice(int v) { return 2 * v; }\nint g() { return twice(1); }\n', 'main.cpp': 'inline int twice(int v) { return v + v + 1; }\nint main() { return twice(2); }\n' });
    expect(unlike.diagnostics.map((d) => d.code)).toContain('BRK2003');
  });
});
