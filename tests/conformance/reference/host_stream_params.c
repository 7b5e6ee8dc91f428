#include "ref.h"
/* host_stream_params.br: each kernel launch is a loop over the elements. */
static void scale(const float *a, float k, float *c, int n) {
  for (int i = 0; i < n; i++) c[i] = a[i] * k;
}
/* pingpong: dst ends as src * 2^steps; the stream printed is the one holding the last result. */
static void pingpong(const float *src, float *dst, int steps, int n) {
  float tmp[6];
  scale(src, 2.0f, dst, n);
  for (int i = 1; i < steps; i++) {
    if (i % 2) scale(dst, 2.0f, tmp, n);
    else scale(tmp, 2.0f, dst, n);
  }
  printf("after %d steps: ", steps);
  ref_print(steps % 2 ? dst : tmp, n, 1, n);
  if (steps % 2 == 0) for (int i = 0; i < n; i++) dst[i] = tmp[i];
}
int main(void) {
  float data[6] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  float b[6] = {0, 0, 0, 0, 0, 0};
  float c[6], m[6];
  int i, rep;
  for (rep = 0; rep < 2; rep++) for (i = 0; i < 6; i++) b[i] = data[i] + b[i];
  for (i = 0; i < 6; i++) printf("%3.2f ", b[i]);
  printf("\n");
  pingpong(data, c, 3, 6);
  for (i = 0; i < 6; i++) printf("%3.2f ", c[i]);
  printf("\n");
  pingpong(data, c, 2, 6);
  for (i = 0; i < 6; i++) printf("%3.2f ", c[i]);
  printf("\n");
  scale(data, 0.5f, m, 6);
  ref_print(m, 6, 1, 3);
  return 0;
}
