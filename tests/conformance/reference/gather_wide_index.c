#include "ref.h"
int main(void) {
  float G2[3][4];
  float G3[2][4][3];
  float P[15] = {0, 0, 7, 3, 2, -5, 1, 2, 1000, 2.8f, 0.7f, -1, 9, -4, 2};
  float a[12], b[12], c[5];
  int i, j, k;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) G2[i][j] = 10 * i + j;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 4; j++)
      for (k = 0; k < 3; k++) G3[i][j][k] = 100 * i + 10 * j + k;
  /* a<3,4> at row i, column j: indexof = (j, i, 0, 0); reads G2[i][j]. */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) a[i * 4 + j] = G2[i][j];
  ref_print(a, 12, 1, 4);
  /* b: index (x, y, z) = (i, j, 1): x fastest (extent 3), y (extent 4), z (extent 2). */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) b[i * 4 + j] = G3[ref_gi(1, 2)][ref_gi(j, 4)][ref_gi(i, 3)];
  ref_print(b, 12, 1, 4);
  for (i = 0; i < 5; i++) c[i] = G2[ref_gi(P[3 * i + 1], 3)][ref_gi(P[3 * i], 4)];
  ref_print(c, 5, 1, 5);
  return 0;
}
