#include "ref.h"
int main(void) {
  float A[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2, -3};
  float B[12] = {3, 0, 3, 0, 9, 6, 7, 10, 5, 1, 2, 3};
  float m[12], n[4], keep[16], sp[8];
  int i, c;
  for (i = 0; i < 4; i++) {
    float *a = A + 3 * i, *b = B + 3 * i;
    float x = a[0];
    float y = x + 1000.0f;
    float acc;
    for (c = 0; c < 3; c++) m[3 * i + c] = (a[c] + b[c]) * 0.5f;
    acc = (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]);
    n[i] = acc + (a[2] - b[2]) * (a[2] - b[2]);
    keep[4 * i] = x; keep[4 * i + 1] = y; keep[4 * i + 2] = i; keep[4 * i + 3] = i;
    sp[2 * i] = fminf(a[1], b[1]); sp[2 * i + 1] = fmaxf(a[1], b[1]);
  }
  ref_print(m, 4, 3, 4);
  ref_print(n, 4, 1, 4);
  ref_print(keep, 4, 4, 4);
  ref_print(sp, 4, 2, 4);
  return 0;
}
