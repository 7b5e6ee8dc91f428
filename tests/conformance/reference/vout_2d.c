#include "ref.h"
int main(void) {
  float A[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 14};
  float c[12];
  int n = 0, i, rows;
  for (i = 0; i < 12; i++)
    if (fmodf(A[i], 2.0f) == 1.0f) c[n++] = A[i];
  rows = (n + 3) / 4;
  for (i = n; i < rows * 4; i++) c[i] = INFINITY;
  printf("rows %g, columns %g\n", (double)rows, 4.0);
  ref_print(c, rows * 4, 1, 4);
  return 0;
}
