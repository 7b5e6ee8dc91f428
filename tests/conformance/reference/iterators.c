#include "ref.h"
/* element i of an iterator over n elements: lo + (hi - lo) * i / n */
static float it(float lo, float hi, int i, int n) { return lo + (hi - lo) * (float)i / (float)n; }
int main(void) {
  float r1[8], r1b[4], r2[8], r3[6], r4[16], rg[24], c[8];
  float A[8] = {100, 200, 300, 400, 500, 600, 700, 800};
  int i, j;
  for (i = 0; i < 8; i++) r1[i] = it(0, 8, i, 8);
  ref_print(r1, 8, 1, 8);
  for (i = 0; i < 4; i++) r1b[i] = it(-1, 1, i, 4);
  ref_print(r1b, 4, 1, 4);
  for (i = 0; i < 4; i++) { r2[2 * i] = it(0, 2, i, 4); r2[2 * i + 1] = it(10, 6, i, 4); }
  ref_print(r2, 4, 2, 4);
  for (i = 0; i < 2; i++) { r3[3 * i] = it(0, 1, i, 2); r3[3 * i + 1] = it(1, 2, i, 2); r3[3 * i + 2] = it(2, 4, i, 2); }
  ref_print(r3, 2, 3, 2);
  for (i = 0; i < 4; i++) {
    r4[4 * i] = it(0, 4, i, 4); r4[4 * i + 1] = it(0, -4, i, 4);
    r4[4 * i + 2] = it(0, 1, i, 4); r4[4 * i + 3] = it(0, 100, i, 4);
  }
  ref_print(r4, 4, 4, 4);
  /* 2-D: .x steps along the 4 columns over [0, 2), .y along the 3 rows over [0, 3) */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) { rg[2 * (i * 4 + j)] = it(0, 2, j, 4); rg[2 * (i * 4 + j) + 1] = it(0, 3, i, 3); }
  ref_print(rg, 12, 2, 4);
  for (i = 0; i < 8; i++) c[i] = A[i] + r1[i];
  ref_print(c, 8, 1, 8);
  ref_print(r1, 8, 1, 8);
  return 0;
}
