#include "ref.h"
int main(void) {
  float V[16] = {1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -3, -4, 0.5f, 0.25f, 0.125f, 2};
  float A[16], B[16], C[16], D[8];
  for (int i = 0; i < 4; i++) {
    float *v = V + 4 * i;
    float r[4], col[4];
    A[4 * i] = v[2]; A[4 * i + 1] = v[3]; A[4 * i + 2] = v[0]; A[4 * i + 3] = v[1];
    B[4 * i] = v[0]; B[4 * i + 1] = v[0]; B[4 * i + 2] = v[1]; B[4 * i + 3] = v[1];
    memcpy(r, v, sizeof r);
    r[2] = -1.0f; r[1] = -2.0f;
    r[3] = v[0] + 100.0f;
    memcpy(C + 4 * i, r, sizeof r);
    memcpy(col, v, sizeof col);
    col[0] = v[1]; col[2] = v[3]; /* col.rb = col.ga */
    {
      float cz = C[4 * i + 2], cx = C[4 * i];
      C[4 * i] = cz + col[0];
      C[4 * i + 2] = cx + col[2];
    }
    D[2 * i] = v[3] * v[1];
    D[2 * i + 1] = v[2] * v[1];
  }
  ref_print(A, 4, 4, 4);
  ref_print(B, 4, 4, 4);
  ref_print(C, 4, 4, 4);
  ref_print(D, 4, 2, 4);
  return 0;
}
