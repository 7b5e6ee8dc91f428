#include "ref.h"
/* Float-to-int as the project decided for kernels: saturate, NaN -> 0 (WGSL's rule). */
static int sat_i(float x) {
  if (x != x) return 0;
  if (x >= 2147483648.0f) return 2147483647;
  if (x <= -2147483648.0f) return -2147483647 - 1;
  return (int)x;
}
static void show(float x) {
  if (x != x) printf(" nan");
  else printf(" %g", x);
}
int main(void) {
  float A[8] = {1, 0, -1, 3e38f, 2, 0, -2, 5};
  float B[8] = {0, 0, 0, 0.5f, 4, -1, 4, 2};
  for (int i = 0; i < 8; i++) {
    float a = A[i], b = B[i];
    float z = a - a;
    float q = a / b;
    float r = sqrtf(a - b) + logf(b);
    float v0 = a * 1e38f;
    float v1 = -a * 1e38f;
    float w = z / z;
    float v2 = w + a;
    float d = a - a;
    float v3 = b / d;
    float m = a * 1e30f;
    int n = sat_i(m / b);
    float lo = (q != q || r != r) ? NAN : fminf(q, r); /* min propagates NaN */
    float h = a * 1e30f * 1e8f;
    float hi = h * b;
    printf("%d:", i);
    show(q);
    show(r);
    show(v0);
    show(v1);
    show(v2);
    show(v3);
    printf(" %d", n);
    show(lo);
    show(hi);
    printf("\n");
  }
  return 0;
}
