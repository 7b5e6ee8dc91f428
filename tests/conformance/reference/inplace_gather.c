/* Reference for inplace_gather.br: each call computes from a copy of its stream taken before the
   call; gathers clamp to the stream's edges (ref.h). */
#include <stdio.h>
#include <string.h>

static float clampg1(const float *g, int n, int i) { return g[i < 0 ? 0 : i >= n ? n - 1 : i]; }
static float clampg2(float g[3][4], int r, int c) {
  r = r < 0 ? 0 : r > 2 ? 2 : r;
  c = c < 0 ? 0 : c > 3 ? 3 : c;
  return g[r][c];
}

int main(void) {
  float s[16], before[16], g[3][4], old[3][4], total;
  int i, k, r, c;
  for (i = 0; i < 16; i++) s[i] = (float)(i + 1);
  for (k = 1; k < 16; k *= 2) {
    memcpy(before, s, sizeof s);
    for (i = 0; i < 16; i++) s[i] = i >= k ? before[i] + before[i - k] : before[i];
  }
  printf("prefix sums:");
  for (i = 0; i < 16; i++) printf(" %g", s[i]);
  printf("\n");

  for (r = 0; r < 3; r++)
    for (c = 0; c < 4; c++) g[r][c] = (float)(r * 4 + c);
  for (k = 0; k < 2; k++) {
    memcpy(old, g, sizeof g);
    for (r = 0; r < 3; r++)
      for (c = 0; c < 4; c++)
        g[r][c] = clampg2(old, r, c) + clampg2(old, r, c + 1) + clampg2(old, r, c - 1) + clampg2(old, r + 1, c) + clampg2(old, r - 1, c);
  }
  printf("blur twice:\n");
  for (r = 0; r < 3; r++) {
    for (c = 0; c < 4; c++) printf(" %g", g[r][c]);
    printf("\n");
  }

  memcpy(before, s, sizeof s);
  for (i = 0; i < 16; i++) s[i] = clampg1(before, 16, i + 1) * 2;
  total = 0;
  for (i = 0; i < 16; i++) total += s[i];
  printf("shifted:");
  for (i = 0; i < 16; i++) printf(" %g", s[i]);
  printf("\nsum %g\n", total);
  return 0;
}
