#include "ref.h"
static void mm(const float *p, const float *q, float *o) {
  float t[4];
  t[0] = p[0] * q[0] + p[1] * q[2];
  t[1] = p[0] * q[1] + p[1] * q[3];
  t[2] = p[2] * q[0] + p[3] * q[2];
  t[3] = p[2] * q[1] + p[3] * q[3];
  memcpy(o, t, sizeof t);
}
static void prod(const float *m, int n, float *r) {
  memcpy(r, m, 4 * sizeof(float));
  for (int i = 1; i < n; i++) mm(r, m + 4 * i, r);
}
int main(void) {
  float T[16] = {1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 2, 1, 1, 1};
  float M[48], r[4], rows[8], rev[4];
  int i;
  for (i = 0; i < 12; i++) {
    int k = (i * 3 + i / 4) % 4;
    memcpy(M + 4 * i, T + 4 * k, 4 * sizeof(float));
  }
  prod(M, 9, r);
  printf("product of 9: %g %g %g %g\n", r[0], r[1], r[2], r[3]);
  /* hand check that order matters: the reversed product differs */
  memcpy(rev, M + 32, sizeof rev);
  for (i = 7; i >= 0; i--) mm(rev, M + 4 * i, rev);
  if (memcmp(rev, r, sizeof r) == 0) fprintf(stderr, "warning: test data is commutative\n");
  prod(M, 6, rows);
  prod(M + 24, 6, rows + 4);
  ref_print(rows, 2, 4, 1);
  prod(M, 1, r);
  printf("product of 1: %g %g %g %g\n", r[0], r[1], r[2], r[3]);
  return 0;
}
