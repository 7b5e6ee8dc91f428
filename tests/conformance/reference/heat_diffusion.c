#include "ref.h"
static float a[42], b[42];
static float at(int r, int c) { return a[ref_gi(r, 6) * 7 + ref_gi(c, 7)]; }
int main(void) {
  int i, j, it;
  float total, hottest;
  a[2 * 7 + 3] = 64;
  a[0] = 32;
  for (it = 0; it < 20; it++) {
    for (i = 0; i < 6; i++)
      for (j = 0; j < 7; j++) {
        float c = at(i, j);
        float around = at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1);
        b[i * 7 + j] = c + (around - 4.0f * c) * 0.125f;
      }
    memcpy(a, b, sizeof a);
  }
  for (i = 0; i < 6; i++) {
    for (j = 0; j < 7; j++) printf("%8.4f", a[i * 7 + j]);
    printf("\n");
  }
  total = a[0];
  hottest = a[0];
  for (i = 1; i < 42; i++) { total += a[i]; hottest = a[i] > hottest ? a[i] : hottest; }
  printf("total %.2f max %.4f\n", total, hottest);
  return 0;
}
