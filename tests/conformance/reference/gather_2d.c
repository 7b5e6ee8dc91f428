#include "ref.h"
static float G[3][4] = {{0, 1, 2, 3}, {10, 11, 12, 13}, {20, 21, 22, 23}};
static float g2(float x, float y) { return G[ref_gi(y, 3)][ref_gi(x, 4)]; }
int main(void) {
  float P[16] = {0, 0, 3, 0, 0, 2, 3, 2, 1.75f, 0.8f, 1.7f, 0.7f, -1, -1, 10, 10};
  float a[8], r[12];
  int i, j;
  for (i = 0; i < 8; i++) a[i] = g2(P[2 * i], P[2 * i + 1]);
  ref_print(a, 8, 1, 8);
  ref_print(a, 8, 1, 8); /* g[p.y][p.x] is the same element */
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++) {
      float x = j, y = i;
      r[i * 4 + j] = g2(x, y) + g2(x + 1, y) + g2(x - 1, y) + g2(x, y + 1) + g2(x, y - 1);
    }
  ref_print(r, 12, 1, 4);
  return 0;
}
