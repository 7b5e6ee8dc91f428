/**
 * Class values built in place, temporaries in locals and struct locals split into fields
 * (codegen/host/inline-struct.ts, scalarize.ts): the lowering decision, read from the generated
 * JavaScript. What runs is compared with g++ -O2 in programs/struct_values_cxx.cpp.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../runtime/compiler/index.js';
import { BrookRuntimeError } from '../../runtime/compiler/diagnostics.js';
import { fnText, hostJsOf, runBrook } from './run.js';

const VEC3 = `
class Vec3 {
public:
  float x, y, z;
  Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
  Vec3 operator+(const Vec3 &o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};
`;

const LOOP = `${VEC3}
double shape(int n) {
  double s = 0.0;
  Vec3 d(1.0f, 2.0f, 3.0f);
  for (int i = 0; i < n; i++) {
    Vec3 p((float)(i & 15), (float)((i >> 4) & 15), (float)(i & 7));
    s += (p + d).dot(d);
  }
  return s;
}
int main() { return shape(100) > 0 ? 0 : 1; }
`;

const js = (source: string, hostWasm = false): string => {
  if (!hostWasm) return hostJsOf(source, 'prog.cpp');
  const r = compile(source, { fileName: 'prog.cpp', hostWasm: true });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.hostJs!;
};

describe('constructors, operators and temporaries in a loop become locals', () => {
  it('no frame, no call, no temporary ring: one JavaScript local per field', () => {
    const f = fnText(js(LOOP), 'shape');
    for (const gone of ['$M.alloca', 'Vec3__temp(', 'Vec3__new(', 'Vec3__operator_add(', 'Vec3__dot(', '$H.copy']) expect(f).not.toContain(gone);
    expect(f).toMatch(/\bp\$x\b/);
    expect(f).toMatch(/\bd\$z\b/);
  });

  it('the loop (float math, no memory) runs as WebAssembly', () => {
    expect(fnText(js(LOOP, true), 'shape')).toMatch(/\$W\.L\d+\(/);
  });
});

describe('where the rules do not apply, the object stays in memory or the call stays', () => {
  const main = (body: string, extra = '') => fnText(js(`${VEC3}${extra}\nint main() {\n${body}\n}\n`), 'main');

  it('an address kept in a global', () => {
    const f = main('  Vec3 g(1.0f, 2.0f, 3.0f);\n  keep(&g);\n  return kept->x > 0.0f ? 0 : 1;', 'const Vec3 *kept = 0;\nstatic void keep(const Vec3 *v) { kept = v; }\n');
    expect(f).toContain('$M.alloca');
    expect(f).not.toContain('Vec3__new(');
  });

  it('a pointer stored away', () => {
    const f = main('  Vec3 h(4.0f, 5.0f, 6.0f);\n  Vec3 *ph = &h;\n  ph->y = 50.0f;\n  return h.y > 0.0f ? 0 : 1;');
    expect(f).toContain('$M.alloca');
    expect(f).not.toMatch(/\bh\$y\b/);
  });

  it('a temporary under && keeps the ring (it is made only when that operand runs)', () => {
    const f = main('  Vec3 a(1.0f, 2.0f, 3.0f), b(1.0f, 1.0f, 1.0f);\n  int z = 0;\n  return (z && (a + b).dot(a) > 0.0f) ? 1 : 0;');
    expect(f).toContain('Vec3__temp(');
  });

  it('recursion stays a call', () => {
    const f = main('  Vec3 q = tri(3);\n  return q.x > 0.0f ? 0 : 1;', 'static Vec3 tri(int n) { if (n == 0) return Vec3(0.0f, 0.0f, 0.0f); return tri(n - 1) + Vec3((float)n, 1.0f, 0.5f); }\n');
    expect(f).toContain('tri(');
  });

  it('a constructor that calls a function stays a call', () => {
    const f = main('  C c(2.0f);\n  return c.n;', 'static int made = 0;\nstatic int bump() { return ++made; }\nclass C { public: int n; float v; C(float a) { n = bump(); v = a; } };\n');
    expect(f).toContain('C__new(');
  });
});

const VECTOR = `#include <vector>
double sum(int n) {
  std::vector<int> v;
  for (int i = 0; i < n; i++) v.push_back((i * 7 + 3) % 1000);
  double s = 0.0;
  for (int i = 0; i < (int)v.size(); i++) s += v[i];
  return s;
}
int main() { return sum(10) > 0 ? 0 : 1; }
`;

describe('a std::vector used only through inlined members', () => {
  it('has its data, count and room in locals: no frame, no push_back call', () => {
    const f = fnText(js(VECTOR), 'sum');
    for (const gone of ['$M.alloca', 'push_back(', '__new(']) expect(f).not.toContain(gone);
    expect(f).toMatch(/\bv\$count\b/);
    expect(f).toContain('std__vector_grow(');
  });

  it('passed by reference to a function that is not inlined, it stays in memory', () => {
    const source = `#include <vector>\nstatic void fill(std::vector<int> &v, int n) { for (int i = 0; i < n; i++) v.push_back(i); }\nint main() { std::vector<int> v; fill(v, 3); return v.size() == 3 ? 0 : 1; }\n`;
    const f = fnText(js(source), 'main');
    expect(f).toContain('$M.alloca');
    expect(f).not.toMatch(/\bv\$count\b/);
  });

  it('an element read past the end is still a located error', async () => {
    const source = '#include <vector>\nint main() {\n  std::vector<int> v;\n  for (int i = 0; i < 3; i++) v.push_back(i);\n  int k = 7;\n  return v[k];\n}\n';
    expect(fnText(js(source), 'main')).toMatch(/\bv\$data\b/);
    let err: unknown;
    try {
      await runBrook(source, [], 'prog.cpp');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BrookRuntimeError);
    expect((err as BrookRuntimeError).message).toMatch(/out-of-bounds read of 4 bytes/);
  });
});
