#include "ref.h"
static float z(float v) { return v + 0.0f; }
int main(void) {
  float X[12] = {-0.25f, 2.5f, -2.5f, 0.5f, 1.375f, -1.5f, 1.0f, 3.0f, -7.0f, 0.0f, 5.5f, 1.75f};
  float Y[8] = {-1.75f, 3.5f, 7.0f, -0.5f, 2.0f, -1.5f, 3.0f, 5.0f};
  float Z[8] = {0.5f, 2.0f, -2.5f, 1.5f, 1.5f, 2.0f, 4.0f, 3.0f};
  float va[8], vb[8], vc[8], s[4] = {0.0f, 0.25f, 0.5f, 1.0f}, lo[4] = {0, 0, 0, 0}, hi[4] = {1, 2, 3, 4};
  int i;
  for (i = 0; i < 12; i++) {
    float x = X[i];
    /* roundf rounds halves away from zero, as BROOK.md requires */
    printf("x=%g: frac %g floor %g ceil %g round %g | fmod2 %g fmod(-x,3) %g abs %g sign %g\n", x,
           z(ref_frac(x)), z(floorf(x)), z(ceilf(x)), z(roundf(x)), z(fmodf(x, 2.0f)), z(fmodf(-x, 3.0f)), z(fabsf(x)), z(ref_sign(x)));
    printf("      step1 %g sat %g clamp %g lerp %g | smooth %g min %g max %g step(x,0) %g\n",
           z(ref_step(1.0f, x)), z(ref_saturate(x)), z(ref_clamp(x, -1.0f, 2.0f)), z(ref_lerp(2.0f, 10.0f, x)),
           z(ref_smoothstep(0.0f, 4.0f, x)), z(x < 0.5f ? x : 0.5f), z(x > -0.5f ? x : -0.5f), z(ref_step(x, 0.0f)));
  }
  for (i = 0; i < 8; i++) {
    float x = Y[i], y = Z[i];
    va[i] = ref_frac(x) + roundf(y);
    vb[i] = fmodf(x, y) * 10.0f;
    vc[i] = ref_lerp(x, y, s[i % 4]) + (x < y ? x : y) + ref_clamp(y, lo[i % 4], hi[i % 4]);
  }
  ref_print(va, 2, 4, 2);
  ref_print(vb, 2, 4, 2);
  ref_print(vc, 2, 4, 2);
  return 0;
}
