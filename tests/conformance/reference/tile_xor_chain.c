#include "ref.h"
#define N 256
int main(void) {
  float a[N], b[N];
  int half, i;
  float sum = 0.0f;
  for (i = 0; i < N; i++) a[i] = (float)((i * 37 + 11) % 101) - 50.0f;
  for (half = 1; half < N; half *= 2) {
    for (i = 0; i < N; i++) {
      float x = a[i], y = a[i ^ half];
      b[i] = ((i & half) == 0) ? x + y : y - x;
    }
    memcpy(a, b, sizeof a);
  }
  for (i = 0; i < 16; i++) printf("%g ", a[i * 16 + 3]);
  for (i = 0; i < N; i++) sum += a[i] * (float)(i % 7);
  printf("\nweighted sum %g\n", sum);
  return 0;
}
