#include "ref.h"
int main(void) {
  float G1[6] = {10, 11, 12, 13, 14, 15};
  float X[26] = {-3, -1, -0.76f, -0.75f, -0.5f, -0.26f, -0.25f, -0.24f, 0, 0.25f, 0.5f, 0.74f, 0.75f,
                 1.25f, 1.5f, 1.75f, 4.74f, 4.75f, 5, 5.5f, 5.74f, 5.75f, 6, 100, 1e30f, -1e30f};
  int K[7] = {-100, -1, 0, 3, 5, 6, 1000};
  float G2[3][4];
  float P2[16] = {-0.26f, -0.25f, 0.75f, 0.74f, 3.75f, 2.74f, 2.5f, 1.5f, -5, 9, 4, -1, 1.25f, 2.25f, 3.74f, -0.24f};
  float G4[2][2][2][3];
  float P4[16] = {-0.25f, 0.75f, -0.26f, 1.74f, 2.75f, 1.25f, 0.5f, -3, 1.5f, 0.74f, 1.75f, 0.75f, 9, -9, 0.25f, 1.5f};
  float r1[26], q[7], r2[8], t2[12], u2[12], r4[4], t4[24];
  int i, j, l, m;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) G2[i][j] = 10 * i + j;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (l = 0; l < 2; l++)
        for (m = 0; m < 3; m++) G4[i][j][l][m] = 1000 * i + 100 * j + 10 * l + m;
  for (i = 0; i < 26; i++) r1[i] = G1[ref_gi(X[i], 6)];
  ref_print(r1, 26, 1, 26);
  /* an int index is clamped, not rounded */
  for (i = 0; i < 7; i++) q[i] = G1[K[i] < 0 ? 0 : (K[i] > 5 ? 5 : K[i])];
  ref_print(q, 7, 1, 7);
  /* g[float2(x, y)] and g[y][x]: x indexes the last dimension */
  for (i = 0; i < 8; i++) r2[i] = G2[ref_gi(P2[2 * i + 1], 3)][ref_gi(P2[2 * i], 4)];
  ref_print(r2, 8, 1, 8);
  ref_print(r2, 8, 1, 8);
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) {
      float x = (float)j, y = (float)i;
      t2[i * 4 + j] = G2[ref_gi(y + 1.0f, 3)][ref_gi(x - 2.0f, 4)];
      u2[i * 4 + j] = G2[ref_gi(y * 2.0f - 1.5f, 3)][ref_gi(x * 2.0f - 0.25f, 4)];
    }
  ref_print(t2, 12, 1, 4);
  ref_print(u2, 12, 1, 4);
  for (i = 0; i < 4; i++) {
    float *p = P4 + 4 * i; /* x, y, z, w: x indexes the last dimension */
    r4[i] = G4[ref_gi(p[3], 2)][ref_gi(p[2], 2)][ref_gi(p[1], 2)][ref_gi(p[0], 3)];
  }
  ref_print(r4, 4, 1, 4);
  /* indexof(r) = (x, y, z, w) with x along the last extent; + (-1, 0, 1, -0.5) */
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (l = 0; l < 2; l++)
        for (m = 0; m < 3; m++) {
          float x = (float)m, y = (float)l, z = (float)j, w = (float)i;
          t4[((i * 2 + j) * 2 + l) * 3 + m] =
              G4[ref_gi(w - 0.5f, 2)][ref_gi(z + 1.0f, 2)][ref_gi(y + 0.0f, 2)][ref_gi(x - 1.0f, 3)];
        }
  ref_print(t4, 24, 1, 3);
  return 0;
}
