#include "ref.h"
int main(void) {
  float A[5] = {1, 5, -3, 8, 0};
  float B[5] = {2, 4, -6, 8, 1};
  float MX[5], BOTH[10], P[10];
  int i, it;
  for (i = 0; i < 5; i++) {
    MX[i] = A[i] > B[i] ? A[i] : B[i];
    BOTH[2 * i] = A[i]; BOTH[2 * i + 1] = B[i];
    P[2 * i] = A[i] + B[i]; P[2 * i + 1] = A[i] - B[i];
  }
  ref_print(MX, 5, 1, 5);
  ref_print(BOTH, 5, 2, 5);
  ref_print(P, 5, 2, 5);
  for (it = 0; it < 4; it++)
    for (i = 0; i < 5; i++) A[i] = A[i] * 0.5f + 1.0f + 2.0f * 0.25f + 3.0f;
  ref_print(A, 5, 1, 5);
  return 0;
}
