#include "ref.h"
#define DEG(x) ((x) * 57.29577951308232f)
#define RAD(x) ((x) * 0.017453292519943295f)
int main(void) {
  float X[7] = {-2.0f, -1.0f, -0.3f, 0.0f, 0.7f, 1.5f, 3.0f};
  float V[8] = {0.5f, -1.25f, 2.0f, 3.5f, -3.0f, 1.0f, 0.125f, -0.75f};
  float e[4] = {0.5f, 1.0f, 2.0f, 3.0f};
  int i, k;
  for (i = 0; i < 7; i++) {
    float x = X[i];
    float a[8] = {sinf(x), cosf(x), tanf(x * 0.25f), atanf(x), asinf(x * 0.25f), acosf(x * 0.25f), atan2f(x, 2.0f), atan2f(-1.0f, x)};
    printf("x=%.1f trig", x);
    for (k = 0; k < 8; k++) printf(" %.4f", a[k]);
    printf("\n");
  }
  for (i = 0; i < 7; i++) {
    float x = X[i], p = fabsf(x) + 0.5f;
    float a[12] = {expf(x), exp2f(x), logf(p), log2f(p), log10f(p), powf(p, 1.5f), sqrtf(p), 1.0f / sqrtf(p),
                   sinhf(x * 0.5f), coshf(x * 0.5f), tanhf(x), DEG(x) + RAD(x * 100.0f)};
    printf("x=%.1f exp", x);
    for (k = 0; k < 12; k++) printf(" %.4f", a[k]);
    printf("\n");
  }
  for (i = 0; i < 8; i++) {
    float v = V[i];
    printf("%.4f ", sinf(v) + sqrtf(fabsf(v)) * expf(v * 0.1f) - powf(fabsf(v) + 1.0f, e[i % 4]) * 0.01f);
  }
  printf("\n");
  return 0;
}
