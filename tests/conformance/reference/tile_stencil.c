#include "ref.h"
#define N 4096
int main(void) {
  float a[N], b[N];
  int i, k;
  for (i = 0; i < N; i++) a[i] = (float)((i * 7) % 16);
  for (k = 0; k < 6; k++) {
    for (i = 0; i < N; i++) {
      float fi = (float)i;
      b[i] = 0.25f * a[ref_gi(fi - 1.0f, N)] + 0.5f * a[ref_gi(fi, N)] + 0.25f * a[ref_gi(fi + 1.0f, N)];
    }
    memcpy(a, b, sizeof a);
  }
  for (i = 0; i < N; i += 512) printf("%.6f ", a[i]);
  printf("\n");
  return 0;
}
