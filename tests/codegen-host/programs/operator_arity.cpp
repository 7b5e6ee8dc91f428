/* Operators: a class with a unary member `operator+()` / `operator-()` and binary friends of the same
 * symbol (csMatrix3), and a compound assignment defined as a friend, `friend T &operator*=(T &, const
 * T &)` (csReversibleTransform): each use picks the one of its arity, member or free. */
#include <stdio.h>
class M {
public:
  float a, b;
  M(float x, float y) : a(x), b(y) {}
  M operator+() const { return *this; }
  M operator-() const { return M(-a, -b); }
  friend M operator+(const M &p, const M &q) { return M(p.a + q.a, p.b + q.b); }
  friend M operator-(const M &p, const M &q) { return M(p.a - q.a, p.b - q.b); }
};
class T {
public:
  float s;
  T(float v) : s(v) {}
  friend T &operator*=(T &t, const T &u) { t.s = t.s * u.s + 1; return t; }
  friend T operator*(const T &t, const T &u) { return T(t.s * u.s); }
};
struct Acc { M m; Acc() : m(0, 0) {} void add(M x) { m = m + x; m = m - -x; m = +m; } };
int main() {
  Acc acc;
  acc.add(M(1, 2));
  T t(3);
  t *= T(4);
  t *= t * T(2);
  printf("%g %g %g\n", acc.m.a, acc.m.b, t.s);
  return 0;
}
