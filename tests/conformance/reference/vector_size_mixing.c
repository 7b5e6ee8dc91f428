#include "ref.h"
int main(void) {
  float A[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  float B[4] = {10, 20, 30, 40};
  float C[6] = {2, 3, 4, 5, 6, 7};
  float r[4], s[4];
  for (int i = 0; i < 2; i++) {
    r[2 * i] = A[4 * i] + B[2 * i];
    r[2 * i + 1] = A[4 * i + 1] + B[2 * i + 1];
    s[2 * i] = C[3 * i] * B[2 * i];
    s[2 * i + 1] = C[3 * i + 1] * B[2 * i + 1];
  }
  ref_print(r, 2, 2, 2);
  ref_print(s, 2, 2, 2);
  return 0;
}
