#include "ref.h"
int main(void) {
  int A[8] = {7, -7, 7, -7, 100, 9, 0, -1};
  int B[8] = {2, 2, -2, 3, 7, 3, 5, 2};
  int Q[8], R[8], C[16];
  int V2[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int V3[12] = {10, 20, 30, 11, 21, 31, 12, 22, 32, 13, 23, 33};
  float F[8];
  float G[6] = {2.7f, -2.7f, 0.5f, -0.5f, 1000.9f, 3.0f};
  int H[6];
  unsigned int U[4] = {0u, 1u, 4000000000u, 4294967295u};
  unsigned int W[4];
  int i;
  for (i = 0; i < 8; i++) { Q[i] = A[i] / B[i]; R[i] = A[i] % B[i]; }
  for (i = 0; i < 8; i++) printf("%d / %d = %d rem %d\n", A[i], B[i], Q[i], R[i]);
  for (i = 0; i < 4; i++) {
    int ax = V2[2 * i], ay = V2[2 * i + 1], bx = V3[3 * i], by = V3[3 * i + 1], bz = V3[3 * i + 2];
    C[4 * i] = ax + bx; C[4 * i + 1] = ay * by; C[4 * i + 2] = bz - ax; C[4 * i + 3] = (ay << 2) | 1;
  }
  for (i = 0; i < 4; i++) printf("int4 %d %d %d %d\n", C[4 * i], C[4 * i + 1], C[4 * i + 2], C[4 * i + 3]);
  for (i = 0; i < 8; i++) F[i] = (float)A[i] / 4.0f;
  for (i = 0; i < 8; i++) printf("%.2f ", F[i]);
  printf("\n");
  for (i = 0; i < 6; i++) H[i] = (int)G[i];
  for (i = 0; i < 6; i++) printf("%d ", H[i]);
  printf("\n");
  for (i = 0; i < 4; i++) W[i] = U[i] - 1u;
  for (i = 0; i < 4; i++) printf("%u ", W[i]);
  printf("\n");
  return 0;
}
