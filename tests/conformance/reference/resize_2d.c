#include "ref.h"
static void resize(const float *in, int ir, int ic, float *out, int orr, int oc) {
  for (int r = 0; r < orr; r++)
    for (int c = 0; c < oc; c++) out[r * oc + c] = in[ref_rs(r, ir, orr) * ic + ref_rs(c, ic, oc)];
}
int main(void) {
  float A[6] = {1, 2, 3, 4, 5, 6};
  float B[24];
  float C[12] = {11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34};
  float up[24], down[6], mixed[12], row[4];
  int i, j;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 6; j++) B[i * 6 + j] = 10 * i + j;
  resize(A, 2, 3, up, 4, 6);
  ref_print(up, 24, 1, 6);
  resize(B, 4, 6, down, 2, 3);
  ref_print(down, 6, 1, 3);
  resize(C, 3, 4, mixed, 6, 2);
  ref_print(mixed, 12, 1, 2);
  resize(C, 3, 4, row, 1, 4);
  ref_print(row, 4, 1, 4);
  return 0;
}
