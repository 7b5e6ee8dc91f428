#include "ref.h"
int main(void) {
  float G3[2][3][4];
  float G4[2][2][2][3];
  float P3[18] = {0, 0, 0, 3, 2, 1, 1, 1, 1, 2.8f, 0.3f, 1.74f, -2, 5, 9, 3, 0, 1};
  float P4[16] = {0, 0, 0, 0, 2, 1, 1, 1, 1, 0, 1, 0, 7, -3, 0.76f, 1.1f};
  float a[6], c[4];
  int i, j, k, l;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++)
      for (k = 0; k < 4; k++) G3[i][j][k] = 100 * i + 10 * j + k;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (k = 0; k < 2; k++)
        for (l = 0; l < 3; l++) G4[i][j][k][l] = 1000 * i + 100 * j + 10 * k + l;
  for (i = 0; i < 6; i++) {
    float *p = P3 + 3 * i; /* x, y, z: x indexes the last dimension */
    a[i] = G3[ref_gi(p[2], 2)][ref_gi(p[1], 3)][ref_gi(p[0], 4)];
  }
  ref_print(a, 6, 1, 6);
  ref_print(a, 6, 1, 6);
  for (i = 0; i < 4; i++) {
    float *p = P4 + 4 * i;
    c[i] = G4[ref_gi(p[3], 2)][ref_gi(p[2], 2)][ref_gi(p[1], 2)][ref_gi(p[0], 3)];
  }
  ref_print(c, 4, 1, 4);
  return 0;
}
