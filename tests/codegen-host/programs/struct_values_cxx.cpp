/*
 * Class values built in place and temporaries in locals (codegen/host/inline-struct.ts, scalarize.ts):
 * where the rules apply (constructors, operators returning a constructed value, methods called on
 * temporaries, in loops, conditions and assignments that alias) and where they must not (an address
 * kept in a global or through a stored pointer, recursion, a temporary bound to a const reference,
 * a temporary under && or ?:, a constructor that calls). Compared with g++ -O2 (cxx-compare.test.ts).
 */
#include <stdio.h>

class V3 {
public:
  float x, y, z;
  V3(float a, float b, float c) : x(a), y(b), z(c) {}
  V3 operator+(const V3 &o) const { return V3(x + o.x, y + o.y, z + o.z); }
  V3 operator*(float k) const { return V3(x * k, y * k, z * k); }
  float dot(const V3 &o) const { return x * o.x + y * o.y + z * o.z; }
  float sum() const { return x + y + z; }
  const V3 &self() const { return *this; }
};

/* A constructor that leaves a field to the zeroed object and branches. */
class Cell {
public:
  int id;
  float w;
  int flags;
  Cell(int i) { id = i; if (i > 3) w = 0.5f * i; }
};

/* A constructor that calls a function: stays a call. */
static int made = 0;
static int bump() { return ++made; }
class Counted {
public:
  int n;
  float v;
  Counted(float a) { n = bump(); v = a; }
};

const V3 *kept = 0;
static void keep(const V3 *v) { kept = v; }

static V3 tri(int n) {
  if (n == 0) return V3(0.0f, 0.0f, 0.0f);
  return tri(n - 1) + V3((float)n, 1.0f, 0.5f);
}

static float loop_sum(int m) {
  V3 d(1.0f, 2.0f, 3.0f);
  float s = 0.0f;
  for (int i = 0; i < m; i++) {
    V3 p((float)(i & 15), (float)((i >> 4) & 15), (float)(i & 7));
    s += (p + d).dot(d);
    if ((p + d).sum() > 20.0f) s -= 1.0f;
  }
  return s;
}

int main() {
  printf("loop %.6f\n", loop_sum(300));

  V3 a(1.5f, -2.0f, 0.25f), b(0.5f, 4.0f, -1.0f);
  V3 c = a + b;
  printf("c %.4f %.4f %.4f\n", c.x, c.y, c.z);
  c = c + c;                       /* the destination is also an operand */
  printf("c2 %.4f %.4f %.4f\n", c.x, c.y, c.z);
  a = b + a;
  printf("a %.4f %.4f %.4f\n", a.x, a.y, a.z);
  V3 e = (a + b + c) * 0.5f;       /* chained temporaries */
  printf("e %.4f %.4f %.4f dot %.4f\n", e.x, e.y, e.z, (e + a).dot(b * 2.0f));

  /* A temporary bound to a const reference lives to the end of the block. */
  const V3 &r = a + b;
  V3 f(9.0f, 9.0f, 9.0f);
  f = f + f;
  printf("r %.4f %.4f %.4f f %.1f\n", r.x, r.y, r.z, f.x);
  const V3 &s = (a + f).self();     /* (dangling in C++ after the statement: read nothing through it) */
  (void)s;

  /* Under && and ?: the temporary is made only when that operand runs. */
  int zero = 0;
  float t = (zero && (a + b).sum() > 0.0f) ? 1.0f : (zero ? (a + c).sum() : (b + c).sum());
  printf("t %.4f\n", t);

  /* An address kept in a global: the object stays in memory and the global sees its writes. */
  V3 g(1.0f, 2.0f, 3.0f);
  keep(&g);
  g = g + V3(1.0f, 1.0f, 1.0f);
  printf("kept %.4f %.4f\n", kept->x, kept->sum());

  /* Through a pointer stored away. */
  V3 h(4.0f, 5.0f, 6.0f);
  V3 *ph = &h;
  ph->y = 50.0f;
  h = h + V3(0.5f, 0.5f, 0.5f);
  printf("h %.4f %.4f %.4f via %.4f\n", h.x, h.y, h.z, ph->y);

  V3 q = tri(5);
  printf("tri %.4f %.4f %.4f\n", q.x, q.y, q.z);

  Cell c1(2), c2(7);
  printf("cells %d %.2f %d %d %.2f %d\n", c1.id, c1.w, c1.flags, c2.id, c2.w, c2.flags);
  Counted k1(1.5f), k2(2.5f);
  printf("counted %d %.1f %d %.1f made %d\n", k1.n, k1.v, k2.n, k2.v, made);

  float acc = 0.0f;
  for (int i = 0; i < 5; i++) {
    V3 w = V3((float)i, 1.0f, 2.0f) * 2.0f;
    acc += w.sum();
  }
  printf("acc %.4f\n", acc);
  return 0;
}
