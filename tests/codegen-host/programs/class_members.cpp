/* Out-of-class constructors (with initializer lists) and destructors, as raytracer's HMatrix3 and
   rapid_collide's csCdModel define them; class-typed members constructed in an initializer list;
   method overloading by arity; `this->`. Must print what g++ prints. */
#include <stdio.h>

class Vec2 {
public:
  Vec2();
  Vec2(float a, float b);
  ~Vec2();
  float Dot(const Vec2& o) const;
  Vec2 Scaled(float k) const;
  Vec2 Scaled(float kx, float ky) const;
  float x, y;
};

Vec2::Vec2() : x(0), y(0) {}
Vec2::Vec2(float a, float b) : x(a), y(b) {}
Vec2::~Vec2() {}
float Vec2::Dot(const Vec2& o) const { return x * o.x + y * o.y; }
Vec2 Vec2::Scaled(float k) const { return Vec2(this->x * k, this->y * k); }
Vec2 Vec2::Scaled(float kx, float ky) const { return Vec2(x * kx, y * ky); }

class Segment {
public:
  Segment(float x0, float y0, float x1, float y1);
  float LengthSquared() const { Vec2 d(b.x - a.x, b.y - a.y); return d.Dot(d); }
  Vec2 a;
  Vec2 b;
  int id;
};

Segment::Segment(float x0, float y0, float x1, float y1) : a(x0, y0), b(x1, y1), id(7) {
  if (x0 < 0) { id = -1; return; }
  id += 1;
}

int main(void) {
  Vec2 u(3.0f, 4.0f);
  Vec2 zero;
  Vec2 s = u.Scaled(2.0f);
  Vec2 t = u.Scaled(1.0f, -1.0f);
  printf("%.2f %.2f %.2f %.2f %.2f %.2f\n", u.Dot(u), zero.x, s.x, s.y, t.y, u.Scaled(0.5f).Dot(t));
  Segment seg(1.0f, 1.0f, 4.0f, 5.0f);
  Segment neg(-1.0f, 0.0f, 0.0f, 0.0f);
  printf("%.2f %d %d\n", seg.LengthSquared(), seg.id, neg.id);
  return 0;
}
