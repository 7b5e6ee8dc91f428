#include "ref.h"
int main(void) {
  float S[5] = {10, 20, 30, 40, 50};
  float Idx[7] = {2, 0, 2, 9, 2, -3, 4};
  float S2[2][3][2];
  float Idx2[4][2] = {{2, 1}, {0, 0}, {2, 1}, {1, 0}};
  float dst[7], dst2[4][2];
  int i, j;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++) { S2[i][j][0] = 10 * i + j; S2[i][j][1] = j + 1; }
  for (i = 0; i < 7; i++) {
    int t = ref_gi(Idx[i], 5);
    dst[i] = S[t];
    S[t] = S[t] * 2.0f + 1.0f;
  }
  ref_print(dst, 7, 1, 7);
  ref_print(S, 5, 1, 5);
  for (i = 0; i < 4; i++) {
    int c = ref_gi(Idx2[i][0], 3), r = ref_gi(Idx2[i][1], 2); /* x = column (fastest) */
    float x = S2[r][c][0], y = S2[r][c][1];
    dst2[i][0] = x; dst2[i][1] = y;
    S2[r][c][0] = -y; S2[r][c][1] = x;
  }
  ref_print(&dst2[0][0], 4, 2, 4);
  ref_print(&S2[0][0][0], 6, 2, 3);
  return 0;
}
