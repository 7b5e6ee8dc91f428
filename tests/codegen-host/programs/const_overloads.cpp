/* Methods overloaded on const alone (docs/CXX.md): `T &operator[](int)` and `T operator[](int)
 * const`, `get()` / `get() const` (also defined outside the class). C++ calls the const one on a const
 * object: a const variable, a `const C &` or `const C *` parameter, `this` in a const method, and
 * the fields of those. Here the two variants count their calls apart, so the choice shows. */
#include <stdio.h>

static int plainCalls = 0, constCalls = 0;

class Vec {
public:
  float v[3];
  Vec(float a, float b, float c) { v[0] = a; v[1] = b; v[2] = c; }
  float &operator[](int i) { plainCalls++; return v[i]; }
  float operator[](int i) const { constCalls++; return v[i]; }
  float sum() const { return (*this)[0] + (*this)[1] + (*this)[2]; }
  int tag();
  int tag() const;
};

int Vec::tag() { return 1; }
int Vec::tag() const { return 2; }

struct Box {
  Vec lo;
  Box() : lo(1, 2, 3) {}
  float first() const { return lo[0]; }
  int which() const { return lo.tag(); }
  int mine() { return lo.tag(); }
};

static float byRef(const Vec &a) { return a[1] * 10 + a.tag(); }
static float byPtr(const Vec *a) { return (*a)[2] + a->tag(); }

int main() {
  Vec a(1, 2, 3);
  const Vec b(4, 5, 6);
  a[0] = 7;
  float x = a[1] + b[2];
  printf("%g %g %d %d\n", a[0], x, a.tag(), b.tag());
  printf("%g %g %g\n", a.sum(), byRef(a), byPtr(&a));
  Box box;
  printf("%g %d %d\n", box.first(), box.which(), box.mine());
  printf("plain %d const %d\n", plainCalls, constCalls);
  return 0;
}
