/* A method overloaded by parameter count whose one-argument variant takes a class with a converting
 * constructor (csBox3::AddBoundingVertex(float, float, float) and (const csVector3 &), called with
 * a float3 in rapid_collide): the argument converts through that constructor. */
#include <stdio.h>
struct F3 { float x, y, z; };
class V { public: float x, y, z; V(float a, float b, float c) : x(a), y(b), z(c) {} V(const F3 &v) : x(v.x), y(v.y), z(v.z) {} };
class Box {
public:
  float s;
  Box() : s(0) {}
  void Add(float x, float y, float z) { s += x + y * 10 + z * 100; }
  void Add(const V &v) { Add(v.x, v.y, v.z); }
};
struct Tri { F3 A; };
int main() {
  Box b;
  Tri t;
  t.A.x = 1; t.A.y = 2; t.A.z = 3;
  Tri *p = &t;
  b.Add(p->A);
  b.Add(V(1, 1, 1));
  b.Add(4, 0, 0);
  printf("%g\n", b.s);
  return 0;
}
