/* C++ classes as raytracer's Tuple3f and rapid_collide's csVector3 write them: constructors with
   initializer lists, a copy constructor, methods (const and static), operators (arithmetic,
   compound assignment, unary minus, [] returning a reference), `*this`, out-of-class definitions,
   new/delete, typedef aliases. Must print what g++ prints. */
#include <stdio.h>
#include <math.h>
#include <iostream>

class Tuple3f;
typedef Tuple3f Vector3;

class Tuple3f {
public:
  Tuple3f() : x(0), y(0), z(0) {}
  Tuple3f(float _x, float _y, float _z) : x(_x), y(_y), z(_z) {}
  Tuple3f(const Tuple3f& t) { x = t.x; y = t.y; z = t.z; }
  ~Tuple3f() {}

  Tuple3f& operator+=(const Tuple3f& t) { x += t.x; y += t.y; z += t.z; return *this; }
  Tuple3f& operator*=(float f) { x *= f; y *= f; z *= f; return *this; }
  Tuple3f operator+(const Tuple3f& t) const { return Tuple3f(x + t.x, y + t.y, z + t.z); }
  Tuple3f operator-() const { return Tuple3f(-x, -y, -z); }
  Tuple3f operator-(const Tuple3f& t) const { return Tuple3f(x - t.x, y - t.y, z - t.z); }
  Tuple3f operator*(float f) const { return Tuple3f(x * f, y * f, z * f); }
  float& operator[](int i) { if (i == 0) return x; else if (i == 1) return y; else return z; }

  float Max() { return x > y ? (x > z ? x : z) : (y > z ? y : z); }
  static Tuple3f Max(const Tuple3f& a, const Tuple3f& b) {
    return Tuple3f(a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y, a.z > b.z ? a.z : b.z);
  }
  float Length() const;
  void Normalize();
  void Print(const char* label) const { printf("%s (%.3f, %.3f, %.3f)\n", label, x, y, z); }
  inline friend bool operator==(const Tuple3f& a, const Tuple3f& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
  inline friend Tuple3f operator>>(const Tuple3f& v1, const Tuple3f& v2) { return v2 * (dot3(v1, v2) / dot3(v2, v2)); }
  static float dot3(const Tuple3f& a, const Tuple3f& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
  friend class Ray;

  float x, y, z;
};

float Tuple3f::Length() const { return sqrtf(x * x + y * y + z * z); }
void Tuple3f::Normalize() { float l = Length(); x /= l; y /= l; z /= l; }

Tuple3f operator*(float f, const Tuple3f& t) { return Tuple3f(t.x * f, t.y * f, t.z * f); }
float dot(const Vector3& a, const Vector3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

class Ray {
public:
  Ray(const Tuple3f& o, const Tuple3f& d) : origin(o), dir(d), hits(0) {}
  Tuple3f At(float t) const { return origin + dir * t; }
  void Hit() { hits++; }
  int Hits() const { return hits; }
  Tuple3f origin;
  Tuple3f dir;
  int hits;
};

int main(void) {
  Tuple3f a(1.0f, 2.0f, 3.0f);
  Tuple3f b;
  Vector3 c = Tuple3f(0.5f, -1.0f, 4.0f);
  b += a;
  b += c;
  b *= 2.0f;
  b.Print("b");
  (a + c).Print("a+c");
  (-a).Print("-a");
  (a - c * 2.0f).Print("a-2c");
  (3.0f * a).Print("3a");
  Tuple3f::Max(a, c).Print("max");
  (a >> c).Print("a>>c");
  printf("eq %d %d\n", a == a, a == c);
  printf("a.Max=%.3f len=%.4f dot=%.3f\n", a.Max(), a.Length(), dot(a, c));
  a[1] = 7.0f;
  a[2] += 1.0f;
  a.Print("a");
  Tuple3f n(3.0f, 0.0f, 4.0f);
  n.Normalize();
  n.Print("n");
  Tuple3f copy(n);
  copy.Print("copy");
  Ray r(a, n);
  r.Hit(); r.Hit();
  r.At(2.0f).Print("at");
  Ray* heap = new Ray(c, Tuple3f(0.0f, 1.0f, 0.0f));
  heap->Hit();
  heap->At(1.5f).Print("heap");
  printf("hits %d %d\n", r.Hits(), heap->Hits());
  delete heap;
  Tuple3f* many = new Tuple3f[4];
  for (int i = 0; i < 4; i++) many[i] = Tuple3f((float)i, 1.0f, 2.0f);
  Tuple3f sum;
  for (int i = 0; i < 4; i++) sum += many[i];
  sum.Print("sum");
  delete[] many;
  /* Long chains: each operand is type-checked once (not 2^n times). */
  Tuple3f chain = a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a + a;
  int ints = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18 + 19 + 20 + 21 + 22 + 23 + 24 + 25 + 26 + 27 + 28 + 29 + 30 + 31 + 32;
  chain.Print("chain");
  printf("ints %d\n", ints);
  std::cout << "std::cout next to classes: " << chain.Length() << " " << Tuple3f::dot3(a, c) << std::endl;
  return 0;
}
