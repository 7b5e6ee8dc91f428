/* BrookGPU's brt.hpp host helpers finite_float, isnan_float and isinf_float (volume_division's
 * ppm3d.h filters its mesh with them). Our host library has them; for g++ this file defines them as
 * brtintrinsic.hpp did on Linux: the C++ test as a float, 1 or 0. Must print what g++ prints. */
#include <stdio.h>
#include <stdlib.h>
#ifdef __GNUC__
#include <cmath>
inline float finite_float(double x) { return (float) std::isfinite(x); }
inline float isnan_float(double x) { return (float) std::isnan(x); }
inline float isinf_float(double x) { return (float) std::isinf(x); }
#endif

struct V3 { float x, y, z; };

/* The first index whose x is infinite in a sorted run of finite values then infinities (findNaN). */
unsigned int firstInf(const V3 *v, unsigned int n) {
  unsigned int lo = 0, hi = n;
  while (lo < hi) {
    unsigned int mid = (lo + hi) / 2;
    if (isinf_float(v[mid].x) == 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

int main(int argc, char **argv) {
  double zero = argc - argc;
  double big = 1e300 * (argc + 1);
  double vals[7] = { 1.5, -0.0, 1.0 / zero, -1.0 / zero, zero / zero, big * big, 3.4e38 };
  for (int i = 0; i < 7; i++) {
    float f = finite_float(vals[i]), n = isnan_float(vals[i]), k = isinf_float(vals[i]);
    printf("%d: finite %g nan %g inf %g sum %g\n", i, f, n, k, f + n + k);
  }
  /* float arguments widen to double: a float infinity and a float NaN */
  float fi = (float) (1.0 / zero), fn = (float) (zero / zero);
  printf("float: %g %g %g %g\n", finite_float(fi), isinf_float(fi), isnan_float(fn), finite_float(fn));
  V3 pts[10];
  for (int i = 0; i < 10; i++) {
    pts[i].x = i < 6 ? (float) i : (float) (1.0 / zero);
    pts[i].y = (float) (i * 2);
    pts[i].z = i == 3 ? (float) (zero / zero) : 1.0f;
  }
  int kept = 0;
  for (int i = 0; i < 10; i++) {
    if (finite_float(pts[i].x) && finite_float(pts[i].y) && finite_float(pts[i].z)) kept++;
  }
  printf("kept %d of 10, first infinite at %u\n", kept, firstInf(pts, 10));
  if (!isinf_float(pts[2].x)) printf("pts[2] is finite\n");
  return 0;
}
