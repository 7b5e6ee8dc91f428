/* The implicit copy constructor: `C c(other);`, `C(other)` and a base initializer `: B(t)` (csgeom's
 * csReversibleTransform) of a class whose constructors take no single argument copy the object
 * (from a derived object, its base part); a user copy constructor `R(const R &)` is called. */
#include <stdio.h>
class T {
public:
  float m[4];
  float v;
  T() : v(0) { for (int i = 0; i < 4; i++) m[i] = (float)i; }
  T(float a, float b) : v(a + b) { for (int i = 0; i < 4; i++) m[i] = a * i + b; }
};
class R : public T {
public:
  float inv;
  R(const T &t) : T(t) { inv = 1 / (t.v + 1); }
  R(const R &r) : T(r) { inv = r.inv * 2; }
  R(float a, float b) : T(a, b), inv(0.5f) {}
};
int main() {
  T t(2, 3);
  T c(t);
  R r(t);
  R s(r);
  R u(1, 1);
  T w = T(u);
  printf("%g %g %g %g %g %g %g %g\n", c.v, c.m[3], r.v, r.inv, s.inv, s.m[2], u.inv, w.m[1]);
  return 0;
}
