/* C++ namespaces and :: qualifiers: names in a namespace, qualified uses, nested namespaces,
   using-directives and the global :: prefix. Must print what g++ prints. */
#include <stdio.h>
#include <math.h>

namespace csMath3 {
  const int DIMS = 3;
  struct Vec { float x, y, z; };
  float dot(const Vec& a, const Vec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
  namespace detail {
    float square(float v) { return v * v; }
  }
  float length(const Vec& v) { return sqrtf(detail::square(v.x) + detail::square(v.y) + detail::square(v.z)); }
}

namespace counters {
  static int hits = 0;
  void hit(int& n) { n++; hits++; }
}

using namespace counters;
using csMath3::Vec;

namespace {
  int helper(int v) { return v * 7; }
}

int main(void) {
  csMath3::Vec a = { 1.0f, 2.0f, 2.0f };
  Vec b = { 0.5f, -1.0f, 4.0f };
  printf("dims=%d dot=%.4f len=%.4f sq=%.2f\n", csMath3::DIMS, csMath3::dot(a, b), csMath3::length(a), csMath3::detail::square(3.0f));
  int n = 0;
  for (int i = 0; i < 5; i++) counters::hit(n);
  hit(n);
  ::printf("n=%d hits=%d helper=%d abs=%d\n", n, counters::hits, ::helper(6), ::abs(-4));
  return 0;
}
