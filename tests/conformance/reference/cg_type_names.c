#include "ref.h"
/* cg_type_names.br: every one of these types is float / floatN. */
int main(void) {
  float da[6] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  float db[6] = {0.5f, 2.0f, 1.5f, 0.5f, -1.0f, 1.0f};
  float c[12];
  for (int i = 0; i < 3; i++) {
    float ax = da[2 * i], ay = da[2 * i + 1], bx = db[2 * i], by = db[2 * i + 1];
    c[4 * i] = ax + bx; c[4 * i + 1] = ay * by; c[4 * i + 2] = ax - by; c[4 * i + 3] = 0.25f;
  }
  ref_print(c, 3, 4, 3);
  float f = 200.0f, s = 1.0f + 2.5f + -0.5f;
  printf("%3.2f %3.2f %d\n", f, s, 4);
  return 0;
}
