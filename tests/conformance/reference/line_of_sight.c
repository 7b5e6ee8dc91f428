#include "ref.h"
typedef struct { float x0, h0, x1, h1; } Query;
int main(void) {
  float T[16] = {0, 1, 2, 2, 3, 5, 4, 2, 1, 1, 0, 3, 6, 2, 1, 0};
  Query Q[6] = {{0, 1, 15, 1}, {0, 6, 15, 6}, {3, 4, 9, 2}, {15, 1, 10, 2}, {14, 8, 2, 8}, {4, 5, 5, 5}};
  float st[12] = {0};
  float mask[6];
  float left = 1;
  int pass = 0, i;
  while (left > 0) {
    for (i = 0; i < 6; i++) mask[i] = st[2 * i + 1] == 0.0f ? 1.0f : 0.0f;
    left = mask[0];
    for (i = 1; i < 6; i++) left += mask[i];
    printf("pass %d: %g walking\n", pass, left);
    if (left == 0) break;
    for (i = 0; i < 6; i++) {
      Query q = Q[i];
      float dir, len, t;
      if (mask[i] == 0) continue;
      dir = ref_sign(q.x1 - q.x0);
      len = fabsf(q.x1 - q.x0);
      t = st[2 * i] + 1.0f;
      st[2 * i] = t;
      st[2 * i + 1] = 0.0f;
      if (t >= len) st[2 * i + 1] = 2.0f;
      else if (T[ref_gi(q.x0 + dir * t, 16)] * len > q.h0 * len + (q.h1 - q.h0) * t) st[2 * i + 1] = 1.0f;
    }
    pass++;
  }
  for (i = 0; i < 6; i++) printf("query %d: t=%g %s\n", i, st[2 * i], st[2 * i + 1] == 1.0f ? "blocked" : "visible");
  return 0;
}
