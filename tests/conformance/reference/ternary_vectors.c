#include "ref.h"
int main(void) {
  float A[12] = {1, -2, 3, -4, -5, 6, -7, 8, 1, 2, 3, 4};
  float B[12] = {0, 0, 5, -5, 9, -9, -7, 1, 1, 1, 1, 1};
  float mx[12], pick[12], flags[6];
  int i, c;
  for (i = 0; i < 3; i++) {
    float *a = A + 4 * i, *b = B + 4 * i;
    int allpos = 1, anyneg = 0, anyeq = 0;
    for (c = 0; c < 4; c++) {
      mx[4 * i + c] = a[c] > b[c] ? a[c] : b[c];
      pick[4 * i + c] = a[0] < 0.0f ? -a[c] : a[c] * 2.0f;
      if (!(a[c] > 0)) allpos = 0;
      if (b[c] < 0) anyneg = 1;
      if (a[c] == b[c]) anyeq = 1;
    }
    flags[2 * i] = (allpos && !anyneg) ? 1.0f : 0.0f;
    flags[2 * i + 1] = (anyeq || a[3] > 100.0f) ? 1.0f : 0.0f;
  }
  ref_print(mx, 3, 4, 3);
  ref_print(pick, 3, 4, 3);
  ref_print(flags, 3, 2, 3);
  return 0;
}
