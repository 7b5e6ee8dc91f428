#include "ref.h"
/* reduce an ir x ic input into or x oc blocks; op 0 = sum, 1 = max; row-major order inside a block */
static void red(const float *in, int ir, int ic, float *out, int orr, int oc, int op) {
  int br = ir / orr, bc = ic / oc;
  for (int r = 0; r < orr; r++)
    for (int c = 0; c < oc; c++) {
      float acc = in[(r * br) * ic + c * bc];
      for (int i = 0; i < br; i++)
        for (int j = 0; j < bc; j++) {
          if (i == 0 && j == 0) continue;
          float v = in[(r * br + i) * ic + c * bc + j];
          acc = op == 0 ? acc + v : (v > acc ? v : acc);
        }
      out[r * oc + c] = acc;
    }
}
int main(void) {
  float A[100], B[24], C[12], t[10], rows[4], cols[6], same[24], c4[4], c1[1];
  int i, j;
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++) A[i * 10 + j] = (float)((i * 10 + j) % 17);
  for (i = 0; i < 24; i++) B[i] = i;
  for (i = 0; i < 12; i++) C[i] = (float)(i * i % 11);
  red(A, 10, 10, t, 2, 5, 0); ref_print(t, 10, 1, 5);
  red(A, 10, 10, t, 2, 5, 1); ref_print(t, 10, 1, 5);
  red(B, 4, 6, rows, 4, 1, 0); ref_print(rows, 4, 1, 1);
  red(B, 4, 6, cols, 1, 6, 0); ref_print(cols, 6, 1, 6);
  red(B, 4, 6, same, 4, 6, 1); ref_print(same, 24, 1, 6);
  red(C, 1, 12, c4, 1, 4, 0); ref_print(c4, 4, 1, 4);
  red(C, 1, 12, c1, 1, 1, 1); ref_print(c1, 1, 1, 1);
  return 0;
}
