#include "ref.h"
int main(void) {
  float a[64] = {0}, b[64];
  int i, j, gen;
  a[1 * 8 + 2] = 1; a[2 * 8 + 3] = 1; a[3 * 8 + 1] = 1; a[3 * 8 + 2] = 1; a[3 * 8 + 3] = 1;
  a[6 * 8 + 5] = 1; a[6 * 8 + 6] = 1; a[6 * 8 + 7] = 1;
  for (gen = 0; gen < 8; gen++) {
    for (i = 0; i < 8; i++)
      for (j = 0; j < 8; j++) {
        float n = 0, dx, dy;
        for (dy = -1.0f; dy <= 1.0f; dy += 1.0f)
          for (dx = -1.0f; dx <= 1.0f; dx += 1.0f)
            if (dx != 0.0f || dy != 0.0f) n += a[ref_gi(i + dy, 8) * 8 + ref_gi(j + dx, 8)];
        if (a[i * 8 + j] > 0.5f) b[i * 8 + j] = (n == 2.0f || n == 3.0f) ? 1.0f : 0.0f;
        else b[i * 8 + j] = (n == 3.0f) ? 1.0f : 0.0f;
      }
    memcpy(a, b, sizeof a);
  }
  ref_print(a, 64, 1, 8);
  for (i = 0; i < 8; i++) {
    for (j = 0; j < 8; j++) printf("%c", a[i * 8 + j] > 0.5f ? '#' : '.');
    printf("\n");
  }
  return 0;
}
