#include "ref.h"
#define M 6
#define N 5
static void mul(const float *a, const float *x, float *t) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) t[i * N + j] = a[i * N + j] * x[j];
}
/* rows of t into y<M,1> (sum) in row order */
static void rowsum(const float *t, float *y) {
  for (int i = 0; i < M; i++) {
    float r = t[i * N];
    for (int j = 1; j < N; j++) r += t[i * N + j];
    y[i] = r;
  }
}
static void rowmax(const float *t, float *y) {
  for (int i = 0; i < M; i++) {
    float r = t[i * N];
    for (int j = 1; j < N; j++) r = t[i * N + j] > r ? t[i * N + j] : r;
    y[i] = r;
  }
}
int main(void) {
  float a[M * N], x[N], x2[N], t[M * N], y[M], y2[M], cols[N], blocks[3], one[1], v[M * 4], vv[M * 4];
  float s[M], u[M], w[M];
  int i, j;
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) a[i * N + j] = (float)((i * N + j) % 7) - 2.0f;
  for (j = 0; j < N; j++) {
    x[j] = (float)j * 0.5f;
    x2[j] = 2.0f - (float)j;
  }
  for (i = 0; i < M * 4; i++) v[i] = (float)(i % 9) - 4.0f;
  for (i = 0; i < M; i++) s[i] = (float)i * 0.5f;

  mul(a, x, t); rowsum(t, y); ref_print(y, M, 1, 1);
  mul(a, x2, t); rowsum(t, y); ref_print(y, M, 1, 1); ref_print(t, M * N, 1, N);

  mul(a, x, t);
  for (j = 0; j < N; j++) {
    float r = t[j];
    for (i = 1; i < M; i++) r += t[i * N + j];
    cols[j] = r;
  }
  ref_print(cols, N, 1, N);
  mul(a, x2, t);
  for (int b = 0; b < 3; b++) {
    float r = t[(2 * b) * N];
    for (i = 2 * b; i < 2 * b + 2; i++)
      for (j = 0; j < N; j++) {
        if (i == 2 * b && j == 0) continue;
        r = t[i * N + j] > r ? t[i * N + j] : r;
      }
    blocks[b] = r;
  }
  ref_print(blocks, 3, 1, 1);
  mul(a, x, t);
  {
    float r = t[0];
    for (i = 1; i < M * N; i++) r += t[i];
    one[0] = r;
  }
  ref_print(one, 1, 1, 1);

  mul(a, x2, t);
  {
    float r = t[0];
    for (i = 1; i < M * N; i++) r += t[i];
    printf("total %.2f\n", r);
  }
  mul(a, x, t);
  {
    float r = t[0];
    for (i = 1; i < M * N; i++) r = t[i] > r ? t[i] : r;
    printf("max %.2f\n", r);
  }
  for (i = 0; i < M * 4; i++) vv[i] = v[i] * v[i];
  {
    float r[4];
    for (int c = 0; c < 4; c++) {
      r[c] = vv[c];
      for (i = 1; i < M; i++) r[c] += vv[i * 4 + c];
    }
    printf("sum4 %.2f %.2f %.2f %.2f\n", r[0], r[1], r[2], r[3]);
  }
  for (i = 0; i < M; i++) {
    u[i] = s[i] + 1.0f;
    w[i] = u[i] * s[i];
  }
  {
    float r = w[0];
    for (i = 1; i < M; i++) r += w[i];
    printf("chain %.2f\n", r);
  }
  for (int k = 0; k < 3; k++) {
    mul(a, k % 2 == 0 ? x : x2, t);
    rowsum(t, y);
    mul(a, x2, t);
    rowmax(t, y2);
  }
  ref_print(y, M, 1, 1);
  ref_print(y2, M, 1, 1);
  ref_print(t, M * N, 1, N);
  return 0;
}
