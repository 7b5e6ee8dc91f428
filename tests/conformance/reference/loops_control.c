#include "ref.h"
int main(void) {
  float N[8] = {1, 2, 3, 6, 7, 9, 27, 97};
  float X[6] = {-3, 0, 2.5f, 5, 7.5f, 12};
  float steps[8], a[8], b[8], c[8], r[6];
  int e, i;
  for (e = 0; e < 8; e++) {
    float x = N[e], s = 0, k = 0;
    while (x != 1.0f) {
      if (fmodf(x, 2.0f) == 0.0f) x = x / 2.0f;
      else x = 3.0f * x + 1.0f;
      s += 1;
    }
    steps[e] = s;
    a[e] = 0;
    for (i = 0; i < 10; i++) {
      if (i == 2) continue;
      if ((float)i >= N[e]) break;
      a[e] += (float)i;
    }
    b[e] = 1;
    do { b[e] = b[e] * 2.0f; k += 1.0f; } while (b[e] < N[e]);
    c[e] = k;
  }
  ref_print(steps, 8, 1, 8);
  ref_print(a, 8, 1, 8);
  ref_print(b, 8, 1, 8);
  ref_print(c, 8, 1, 8);
  for (e = 0; e < 6; e++) {
    float x = X[e], v = -1;
    if (x < 0.0f) { r[e] = v; continue; }
    if (x > 10.0f) { r[e] = 10; continue; }
    else if (x > 5.0f) v = 5;
    else v = 0;
    r[e] = v + x;
  }
  ref_print(r, 6, 1, 6);
  return 0;
}
