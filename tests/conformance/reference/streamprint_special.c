#include "ref.h"
int main(void) {
  float V[10] = {0.0000001f, -0.0000001f, -0.0f, 0.000004f, -0.001f, 0.004999f, 123456.789f, -99.999f, 1.0f, 0.0f};
  float A[3] = {1, 0, -2};
  float B[3] = {0, 0, 4};
  float R[6] = {4, -1, 0, 2.25f, 1e-8f, 100};
  float C[3], Q[12];
  int i;
  volatile float zero = 0.0f;
  ref_print(V, 10, 1, 10);
  for (i = 0; i < 3; i++) C[i] = B[i] == 0 ? A[i] / zero : A[i] / B[i];
  ref_print(C, 3, 1, 3);
  for (i = 0; i < 6; i++) { Q[2 * i] = sqrtf(R[i]); Q[2 * i + 1] = R[i] * 0.5f; }
  ref_print(Q, 6, 2, 3);
  return 0;
}
