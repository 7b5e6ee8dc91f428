/* Reference for iterator_exact.br: an iterator element is lo + ((hi - lo) * i) / n, each step in
 * float32 (BROOK.md 3); 2-D: .x along the columns (n = width), .y along the rows (n = height). */
#include <stdio.h>

static float value(float lo, float hi, int i, int n) {
  float span = hi - lo;
  float p = span * (float)i;
  float q = p / (float)n;
  return lo + q;
}

static void one(int n, float lo, float hi) {
  int i, count = 0;
  printf("iter(%g, %g) over %d:", lo, hi, n);
  for (i = 0; i < n; i++) {
    float v = value(lo, hi, i, n);
    printf(" %6.3f", v);
    if (v < 0.0f) count++;
  }
  printf("  (%d below 0)\n", count);
}

int main(void) {
  int r, c;
  one(10, 9.0f, -1.0f);
  one(10, 10.0f, 0.0f);
  one(12, 3.0f, -3.0f);
  one(6, 1.5f, -1.5f);
  one(20, 7.0f, -13.0f);
  one(7, 3.0f, -4.0f);
  for (r = 0; r < 3; r++)
    for (c = 0; c < 4; c++)
      printf("{%6.3f %6.3f}%s", value(2.0f, -2.0f, c, 4), value(1.5f, -1.5f, r, 3), c == 3 ? "\n" : " ");
  return 0;
}
