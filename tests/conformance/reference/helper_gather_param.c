#include "ref.h"
/* helper_gather_param.br in C: a gather is read as G[row][col] with row = ref_gi(y), col = ref_gi(x). */
static float A[3][4], B[3][4];
static float C[5] = {1, 2, 3, 4, 5};
static float at2(float g[3][4], float x, float y) { return g[ref_gi(y, 3)][ref_gi(x, 4)]; }
static float pairSum(float g[3][4], float x, float y) { return at2(g, x, y) + at2(g, x + 1.0f, y); }
static float at1(float i) { return C[ref_gi(i, 5)] * 10.0f; }
int main(void) {
  float P[12] = {0, 0, 1, 2, 3, 1, 2.6f, 0.1f, -1, 7, 3, 2};
  float o1[6], o2[6], o3[6];
  int i, j;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) {
      A[i][j] = 10 * i + j;
      B[i][j] = 100 * (i + 1) + 7 * j;
    }
  for (i = 0; i < 6; i++) {
    float x = P[2 * i], y = P[2 * i + 1];
    o1[i] = at2(A, x, y) - at2(B, x, y);
    o2[i] = pairSum(B, x, y) + pairSum(A, y, x);
    o3[i] = at1(x) + at1(y + 0.8f);
  }
  ref_print(o1, 6, 1, 6);
  ref_print(o2, 6, 1, 6);
  ref_print(o3, 6, 1, 6);
  return 0;
}
