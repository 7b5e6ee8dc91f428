#include "ref.h"
int main(void) {
  float A[6] = {2, 0, 3, 1, 0, 4};
  int B[7] = {1, 2, 3, 4, 5, 6, 8};
  float c[24];
  int out[32], n = 0, e;
  for (e = 0; e < 6; e++)
    for (float i = 0; i < A[e]; i += 1.0f) c[n++] = A[e] * 10.0f + i;
  printf("expand pushed %d\n", n);
  ref_print(c, n, 1, n);
  n = 0;
  for (e = 0; e < 7; e++)
    if (B[e] % 2 == 0) { out[n++] = B[e]; out[n++] = B[e] * 100; }
  printf("evens pushed %d:", n);
  for (e = 0; e < n; e++) printf(" %d", out[e]);
  printf("\n");
  return 0;
}
