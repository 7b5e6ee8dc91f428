#include "ref.h"
/* Iterator element i of an extent-n dimension: lo + (hi - lo) * i / n, in float32 step by step. */
static float it(float lo, float hi, int i, int n) { float d = hi - lo; float m = d * (float)i; return lo + m / (float)n; }
int main(void) {
  float S[4][3][2], dst[4][3][2];
  float Idx[3] = {7, 0, 3};
  float sd[5] = {-1, -1, -1, -1, -1};
  float got[3], o3[2][2][3][3], o4[2][1][2][2][4];
  int i, j, k, l;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 3; j++) { S[i][j][0] = 10 * i + j; S[i][j][1] = -j; }
  /* rev<4,3>: x = 2 - 3 * j / 3 along the columns, y = 3 - 4 * i / 4 along the rows; reads S[y][x]. */
  for (i = 0; i < 4; i++)
    for (j = 0; j < 3; j++) {
      float x = it(2, -1, j, 3), y = it(3, -1, i, 4);
      dst[i][j][0] = S[ref_gi(y, 4)][ref_gi(x, 3)][0];
      dst[i][j][1] = S[ref_gi(y, 4)][ref_gi(x, 3)][1];
    }
  ref_print(&dst[0][0][0], 12, 2, 3);
  for (i = 0; i < 5; i++) sd[ref_gi(it(4, -1, i, 5), 5)] = it(10, 60, i, 5);
  ref_print(sd, 5, 1, 5);
  for (i = 0; i < 3; i++) got[i] = it(0, 16, ref_gi(Idx[i], 8), 8);
  ref_print(got, 3, 1, 3);
  /* cube<2,2,3>: x = 3 * k / 3 (fastest), y = 1 * j / 2, z = 4 * i / 2. */
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (k = 0; k < 3; k++) {
        float c[3] = {it(0, 3, k, 3), it(0, 1, j, 2), it(0, 4, i, 2)};
        for (l = 0; l < 3; l++) o3[i][j][k][l] = c[l] * 10.0f + c[l];
      }
  ref_print(&o3[0][0][0][0], 12, 3, 3);
  /* hyper<2,1,2,2>: x along the last extent, y the one before, z, w the first. */
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (k = 0; k < 2; k++) {
        o4[i][0][j][k][0] = it(1, 2, k, 2);
        o4[i][0][j][k][1] = it(1, 3, j, 2);
        o4[i][0][j][k][2] = it(1, 5, 0, 1);
        o4[i][0][j][k][3] = it(1, 9, i, 2);
      }
  ref_print(&o4[0][0][0][0][0], 8, 4, 2);
  return 0;
}
