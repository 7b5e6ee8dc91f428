#include "ref.h"
#define N 8
static void axpb(const float *x, float a, float b, float *y) { for (int i = 0; i < N * 4; i++) y[i] = a * x[i] + b; }
static void sq4(const float *x, float *y) { for (int i = 0; i < N * 4; i++) y[i] = x[i] * x[i]; }
static void halfsub(const float *x, float *y) { for (int i = 0; i < N * 4; i++) y[i] = x[i] * 0.5f - 1.0f; }
int main(void) {
  float x[N * 4], out[N * 4], t1[N * 4], t2[N * 4], t3[N * 4];
  float s[N], y[N], z[N], w[N], p[N], q[N], g[N], i1[N], i2[N], half[N / 2], d[N], e[N];
  float a3[N * 3], b3[N * 3];
  int i;
  for (i = 0; i < N * 4; i++) x[i] = (float)i * 0.5f - 3.0f;
  for (i = 0; i < N; i++) {
    s[i] = (float)i;
    g[i] = (float)(i * 3 % 7);
  }
  for (i = 0; i < N * 3; i++) {
    a3[i] = (float)(i % 5) - 2.0f;
    b3[i] = (float)(i % 3) * 0.5f;
  }
  axpb(x, 0.5f, 1.0f, t1);
  sq4(t1, t2);
  halfsub(t2, t3);
  for (i = 0; i < N * 4; i++) out[i] = t3[i] + x[i];
  ref_print(out, N, 4, N);

  axpb(x, 2.0f, -1.0f, t1);
  sq4(t1, t2);
  halfsub(t2, out);
  ref_print(t1, N, 4, N);
  ref_print(t2, N, 4, N);
  ref_print(out, N, 4, N);

  axpb(x, 0.5f, 1.0f, x);
  axpb(x, 2.0f, -1.0f, x);
  sq4(x, x);
  ref_print(x, N, 4, N);

  for (i = 0; i < N; i++) {
    float yy = s[i], zz = 0.0f;
    if (s[i] > 5.0f) yy = -s[i];
    else zz = s[i] * s[i];
    y[i] = yy;
    z[i] = zz;
    w[i] = yy * 3.0f + zz;
    p[i] = w[i] * 2.0f + (float)i;
  }
  for (i = 0; i < N; i++) q[i] = p[i] + g[ref_gi((float)i + 1.0f, N)];
  ref_print(q, N, 1, N);
  ref_print(w, N, 1, N);

  for (i = 0; i < N; i++) {
    float it = 0.0f + (8.0f - 0.0f) * (float)i / (float)N;
    i1[i] = s[i] * it + 0.25f;
    i2[i] = i1[i] * 2.0f + (float)i;
  }
  ref_print(i2, N, 1, N);

  for (i = 0; i < N; i++) y[i] = s[i] + 1.0f;
  for (i = 0; i < N / 2; i++) half[i] = y[ref_rs(i, N, N / 2)] + 1.0f;
  ref_print(half, N / 2, 1, N / 2);
  for (i = 0; i < N; i++) y[i] = s[i] + 1.0f;
  for (i = 0; i < 4; i++) z[i] = y[2 + i] + 1.0f;
  ref_print(z, N, 1, N);
  for (i = 0; i < N; i++) y[i] = s[i] + 1.0f;
  for (i = 0; i < N; i++) z[i] = y[ref_gi((float)i + 1.0f, N)];
  ref_print(z, N, 1, N);

  for (i = 0; i < N; i++) {
    float c[3];
    for (int k = 0; k < 3; k++) c[k] = (a3[i * 3 + k] + b3[i * 3 + k]) * 0.5f + (float)(k + 1);
    d[i] = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
  }
  ref_print(d, N, 1, N);
  for (i = 0; i < N; i++) {
    float pa = s[i] * 3.0f, pb0 = s[i], pb1 = s[i] + 0.5f;
    e[i] = pa * pb1 + pb0;
  }
  ref_print(e, N, 1, N);

  for (int k = 0; k < 4; k++) {
    for (i = 0; i < N; i++) z[i] = y[i] * 2.0f;
    for (i = 0; i < N; i++) y[i] = z[i] + 1.0f;
  }
  ref_print(y, N, 1, N);
  ref_print(z, N, 1, N);
  return 0;
}
