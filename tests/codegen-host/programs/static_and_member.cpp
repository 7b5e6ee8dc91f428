/* A member function name declared both static and not (csgeom's `float Norm() const` and `static float
 * Norm(const csVector3 &)`): calls pick by the arguments, an out-of-class definition by its
 * parameters; and a field written as `C::x` in a member (a parameter of that name hides the field). */
#include <stdio.h>
#include <math.h>
class V {
public:
  float x, y, z;
  V(float a, float b, float c) : x(a), y(b), z(c) {}
  float Norm() const;
  static float Norm(const V &v) { return v.Norm(); }
  float Twice() const { return Norm() * 2; }
  float Both() const { return Norm(*this) + Norm(); }
  void Set(float x, float y, float z) { V::x = x; V::y = y; V::z = z; }
};
float V::Norm() const { return sqrtf(x * x + y * y + z * z); }
int main() {
  V a(3, 4, 0);
  printf("%g %g %g %g\n", a.Norm(), V::Norm(a), a.Twice(), a.Both());
  a.Set(0, 6, 8);
  printf("%g %g %g %g\n", a.x, a.y, a.z, V::Norm(a));
  return 0;
}
