/*
 * Ordinary host C loop shapes for the bench's `loops` group (bench/host.ts, issue 27): valid C (gcc -O2
 * builds it with host_shapes_driver.c) and valid Brook host code (our compiler builds it twice, with
 * host loops in WebAssembly and in JavaScript). Each shape returns a value that is exact in float64,
 * so every side is checked against the float64 reference written separately in bench/host.ts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define N_SHAPES 1048576
#define ROWS 1024
#define COLS 1024

struct particle {
  float x;
  float y;
  int k;
};

float fa[N_SHAPES];
int ia[N_SHAPES];
float grid[ROWS][COLS];
struct particle parts[N_SHAPES / 4];

/* Integer modulo: fill with (i * 7 + 3) % 1000, sum each modulo 17. */
double shape_int_mod(int n) {
  int s = 0;
  int i;
  for (i = 0; i < n; i++) ia[i] = (i * 7 + 3) % 1000;
  for (i = 0; i < n; i++) s += ia[i] % 17;
  return (double)s;
}

/* Mixed float and double: float values, their float squares summed into a double. */
double shape_mixed(int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) fa[i] = (float)((i * 7 + 3) % 1000) * 0.001f;
  for (i = 0; i < n; i++) s += fa[i] * fa[i];
  return s;
}

/* Nested loops over a 2-D array, row by row. */
double shape_nested(int n) {
  double s = 0.0;
  int r, c;
  for (r = 0; r < ROWS; r++)
    for (c = 0; c < COLS; c++) grid[r][c] = (float)((r * 3 + c) & 255);
  for (r = 0; r < ROWS; r++)
    for (c = 0; c < COLS; c++) s += grid[r][c] * (float)(r & 7);
  return s + 0.0 * n;
}

/* An array of structs: fill the fields, then combine them. */
double shape_structs(int n) {
  double s = 0.0;
  int i;
  int m = n / 4;
  for (i = 0; i < m; i++) {
    parts[i].x = (float)(i & 255);
    parts[i].y = (float)((i >> 8) & 255);
    parts[i].k = i & 3;
  }
  for (i = 0; i < m; i++) s += parts[i].x * parts[i].k + parts[i].y;
  return s;
}

/* A pointer walk: fill and sum through a moving pointer. */
double shape_pointer(int n) {
  double s = 0.0;
  float *p;
  float *end = fa + n;
  for (p = fa; p < end; p++) *p = (float)((p - fa) & 1023);
  for (p = fa; p < end; p++) s += *p;
  return s;
}

/* Early exits: eight searches, each stopping at the first element equal to its key. */
double shape_early_exit(int n) {
  int i, j;
  double found = 0.0;
  for (i = 0; i < n; i++) ia[i] = i;
  for (j = 0; j < 8; j++) {
    int key = n - 1 - j * 4099;
    for (i = 0; i < n; i++)
      if (ia[i] == key) break;
    found += i;
  }
  return found;
}

/* Calls to math.h (correctly rounded ones, so every side gives the same bits). */
double shape_math(int n) {
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++) s += sqrt((double)i) + fabs((double)(i & 15) - 7.5) + floor((double)i * 0.3);
  return s;
}

/* printf outside the loop: a histogram, then one line printed. */
double shape_printf(int n) {
  int hist[16];
  double s = 0.0;
  int i;
  for (i = 0; i < 16; i++) hist[i] = 0;
  for (i = 0; i < n; i++) hist[(i * 7 + (i >> 4)) & 15]++;
  for (i = 0; i < 16; i++) s += hist[i] * (i + 1);
  printf("histogram %d .. %d\n", hist[0], hist[15]);
  return s;
}

int main(void) {
  printf("%.17g %.17g %.17g %.17g\n", shape_int_mod(N_SHAPES), shape_mixed(N_SHAPES), shape_nested(N_SHAPES), shape_structs(N_SHAPES));
  printf("%.17g %.17g %.17g %.17g\n", shape_pointer(N_SHAPES), shape_early_exit(N_SHAPES), shape_math(N_SHAPES), shape_printf(N_SHAPES));
  return 0;
}
