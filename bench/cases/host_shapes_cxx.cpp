/*
 * Ordinary host C++ loop shapes for the bench's `loops` group (bench/host.ts, issue 29: "the host
 * C/C++ still runs within 2x of gcc -O2, g++ -O2 for the C++"): valid C++ (g++ -O2 builds it with
 * host_shapes_cxx_driver.cpp) and inside the host C++ subset (docs/CXX.md), which our compiler builds
 * with host loops in WebAssembly and in JavaScript. Each shape returns a value that is exact in
 * float64, so every side is checked against the float64 reference written separately in bench/host.ts.
 */
#include <stdio.h>
#include <vector>

/* A class with a constructor, an operator and a const method, used through temporaries: n / 8
   iterations (each makes three objects and two calls; the whole n took seconds in Brook's host code). */
class Vec3 {
public:
  float x, y, z;
  Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
  Vec3 operator+(const Vec3 &o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

double shape_cxx_class(int n) {
  double s = 0.0;
  Vec3 d(1.0f, 2.0f, 3.0f);
  int i;
  int m = n / 8;
  for (i = 0; i < m; i++) {
    Vec3 p((float)(i & 15), (float)((i >> 4) & 15), (float)(i & 7));
    s += (p + d).dot(d);
  }
  return s;
}

/* std::vector: push_back n values, then sum them through []. */
double shape_cxx_vector(int n) {
  std::vector<int> v;
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) v.push_back((i * 7 + 3) % 1000);
  for (i = 0; i < (int)v.size(); i++) s += v[i];
  return s;
}

/* Reference parameters: a helper accumulates into its caller's locals. */
static void accumulate(double &s, int &count, const float &v) {
  s += v;
  if (v > 500.0f) count++;
}

double shape_cxx_refs(int n) {
  double s = 0.0;
  int count = 0;
  int i;
  for (i = 0; i < n; i++) {
    float v = (float)((i * 13) % 1000);
    accumulate(s, count, v);
  }
  return s + count;
}

/* A function template, instantiated for int and for float. */
template <class T> T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

double shape_cxx_template(int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) {
    s += clampv<int>((i * 7) % 1000, 100, 900);
    s += clampv<float>((float)(i & 255), 16.0f, 240.0f);
  }
  return s;
}

/* new[] and delete[]: fill a heap array, sum it, free it. */
double shape_cxx_new(int n) {
  float *a = new float[n];
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) a[i] = (float)(i & 1023) * 0.5f;
  for (i = 0; i < n; i++) s += a[i];
  delete[] a;
  return s;
}

int main() {
  printf("%.17g\n", shape_cxx_class(1024) + shape_cxx_vector(1024) + shape_cxx_refs(1024) + shape_cxx_template(1024) + shape_cxx_new(1024));
  return 0;
}
