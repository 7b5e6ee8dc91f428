#include "ref.h"
#define N 32
int main(void) {
  float a[N], b[N];
  int stage, offset, i, passes = 0, ok = 1;
  srand(7);
  for (i = 0; i < N; i++) a[i] = (float)(rand() % 1000);
  for (stage = 2; stage <= N; stage *= 2) {
    for (offset = stage / 2; offset >= 1; offset /= 2) {
      for (i = 0; i < N; i++) {
        float idx1 = (float)i, twoOffset = 2 * offset, idx2, sign, dir, mn, mx, x, y;
        sign = (fmodf(idx1, twoOffset) < offset) ? 1.0f : -1.0f;
        dir = (fmodf(floorf(idx1 / stage), 2) == 0) ? 1.0f : -1.0f;
        idx2 = idx1 + sign * offset;
        x = a[ref_gi(idx1, N)];
        y = a[ref_gi(idx2, N)];
        mn = x < y ? x : y;
        mx = x > y ? x : y;
        b[i] = (sign == dir) ? mn : mx;
      }
      memcpy(a, b, sizeof a);
      passes++;
    }
  }
  for (i = 0; i < N; i++) {
    printf("%g%c", a[i], i % 8 == 7 ? '\n' : ' ');
    if (i > 0 && a[i - 1] > a[i]) ok = 0;
  }
  printf("%d passes, %s\n", passes, ok ? "sorted" : "NOT sorted");
  return 0;
}
