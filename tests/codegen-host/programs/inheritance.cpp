/* Non-virtual C++ inheritance (docs/CXX.md): a derived class reaches its base's fields and methods
   (also from its own members, unqualified), constructs the base in its initializer list or by the
   base's default constructor, overrides a method by name, derives two levels deep, and is passed
   where its base is expected (by value, reference and pointer). Must print what g++ prints. */
#include <stdio.h>

class Matrix2 {
 public:
  float a, b, c, d;
  Matrix2() : a(1), b(0), c(0), d(1) {}
  Matrix2(float a_, float b_, float c_, float d_) : a(a_), b(b_), c(c_), d(d_) {}
  float Det() const { return a * d - b * c; }
  void Scale(float s) { a *= s; b *= s; c *= s; d *= s; }
  const char* Name() const { return "matrix"; }
  static int made;
  static float Half(float x) { return x * 0.5f; }
};

int Matrix2::made = 0;

class ScaleMatrix2 : public Matrix2 {
 public:
  ScaleMatrix2(float s) : Matrix2(s, 0, 0, s) { made++; }
  float HalfTrace() const { return Half(a + d); }
  const char* Name() const { return "scale"; }
  float Trace() const { return a + d; }
};

class ShearMatrix2 : public Matrix2 {
 public:
  float k;
  ShearMatrix2(float k_);
  void Twice() { Scale(2.0f); k = k * 2.0f; }
};

ShearMatrix2::ShearMatrix2(float k_) : k(k_) { b = k_; }

struct Named : public ScaleMatrix2 {
  int id;
  Named(int i) : ScaleMatrix2(0.5f * i), id(i) {}
};

float determinant(Matrix2 m) { return m.Det(); }
float first(const Matrix2& m) { return m.a; }
void bump(Matrix2* m) { m->d += 10.0f; }

int main(void) {
  ScaleMatrix2 s(3.0f);
  printf("%s %.2f %.2f %.2f %s\n", s.Name(), s.a, s.Det(), s.Trace(), "base");
  ShearMatrix2 h(0.25f);
  printf("%.2f %.2f %.2f %.2f k=%.2f det=%.2f\n", h.a, h.b, h.c, h.d, h.k, h.Det());
  h.Twice();
  printf("%.2f %.2f k=%.2f\n", h.a, h.b, h.k);
  Named n(4);
  printf("%d %.2f %.2f %s\n", n.id, n.Trace(), n.Det(), n.Name());
  printf("%.2f %.2f\n", determinant(s), first(h));
  bump(&h);
  Matrix2 m = n;
  printf("%.2f %.2f %s\n", h.d, m.Det(), m.Name());
  printf("%d %.2f\n", Matrix2::made, s.HalfTrace());
  ShearMatrix2* p = &h;
  p->Scale(0.5f);
  printf("%.2f %.2f\n", p->a, p->Det());
  return 0;
}
