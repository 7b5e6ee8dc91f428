#include "ref.h"
int main(void) {
  float V[8] = {1, 2, 3, 4, 5, 6, -7, -8};
  float S[4] = {10, 20, 30, 40};
  float A[16], B[12], C[16], D[16];
  for (int i = 0; i < 4; i++) {
    float vx = V[2 * i], vy = V[2 * i + 1], s = S[i], x = 1;
    A[4 * i] = s; A[4 * i + 1] = vy; A[4 * i + 2] = x; A[4 * i + 3] = 3;
    B[3 * i] = vx; B[3 * i + 1] = vy; B[3 * i + 2] = 1;
    C[4 * i] = vx + s; C[4 * i + 1] = vy + s; C[4 * i + 2] = 2 + s; C[4 * i + 3] = 0 + s;
    for (int k = 0; k < 4; k++) D[4 * i + k] = s * 2;
    D[4 * i + 3] += 0.5f * x;
    D[4 * i] -= vx / 2;
  }
  ref_print(A, 4, 4, 4);
  ref_print(B, 4, 3, 4);
  ref_print(C, 4, 4, 4);
  ref_print(D, 4, 4, 4);
  return 0;
}
