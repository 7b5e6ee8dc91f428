#include "ref.h"
int main(void) {
  float A[12] = {3, 4, 0, 1, 1, 2, 2, -1, 0, 0, 5, 2};
  float B[12] = {0, 0, 12, 2, 4, 6, 3, 0, 0, 12, 0, 1};
  float X[5] = {8, -3.5f, 0.75f, -2.75f, 100};
  int i;
  for (i = 0; i < 3; i++) {
    float *a = A + 4 * i, *b = B + 4 * i;
    float d3 = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    float d4 = d3 + a[3] * b[3];
    float len2 = sqrtf(a[0] * a[0] + a[1] * a[1]);
    float dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
    float dist = sqrtf(dx * dx + dy * dy + dz * dz);
    float l3 = sqrtf(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    printf("dot4 %g dot3 %g len2 %.4f dist %.4f cross %g %g %g norm %.4f %.4f %.4f\n", d4, d3, len2, dist,
           a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0], a[0] / l3, a[1] / l3, a[2] / l3);
  }
  for (i = 0; i < 5; i++) {
    float x = X[i], ip, f;
    int e;
    float m = frexpf(x, &e);
    f = modff(x, &ip);
    /* x is finite: isinf(inf) = 1, isnan(nan) = 1, isfinite(x) = 1 and the x terms of isinf/isnan are 0 */
    printf("x=%g frexp %g * 2^%g modf %g + %g ldexp %g isinf %g isnan %g isfinite %g\n", x, m, (float)e, ip, f,
           ldexpf(x, 3), 1.0f, 1.0f, 1.0f);
  }
  return 0;
}
