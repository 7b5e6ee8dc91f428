#include "ref.h"
#define N 2048
int main(void) {
  static float a[N], b[N];
  int block, half, i, steps = 0, ok = 1;
  double sum = 0.0;
  srand(11);
  for (i = 0; i < N; i++) a[i] = (float)(rand() % 100000);
  for (block = 2; block <= N; block *= 2) {
    for (half = block / 2; half >= 1; half /= 2) {
      for (i = 0; i < N; i++) {
        float fi = (float)i, fh = (float)half, fb = (float)block;
        float lower = fmodf(fi, 2.0f * fh) < fh ? 1.0f : -1.0f;
        float ascending = fmodf(floorf(fi / fb), 2.0f) == 0.0f ? 1.0f : -1.0f;
        float x = a[ref_gi(fi, N)];
        float y = a[ref_gi(fi + lower * fh, N)];
        b[i] = (lower == ascending) ? (x < y ? x : y) : (x > y ? x : y);
      }
      memcpy(a, b, sizeof a);
      steps++;
    }
  }
  for (i = 0; i < N; i++) {
    sum += a[i];
    if (i > 0 && a[i - 1] > a[i]) ok = 0;
  }
  for (i = 0; i < N; i += 256) printf("%g ", a[i]);
  printf("\n%d steps, sum %.0f, %s\n", steps, sum, ok ? "sorted" : "NOT sorted");
  return 0;
}
