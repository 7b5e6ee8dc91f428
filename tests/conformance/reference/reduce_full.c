#include "ref.h"
static float fsum(const float *d, int n) { float r = d[0]; for (int i = 1; i < n; i++) r += d[i]; return r; }
static float fmax_(const float *d, int n) { float r = d[0]; for (int i = 1; i < n; i++) r = d[i] > r ? d[i] : r; return r; }
static float fmin_(const float *d, int n) { float r = d[0]; for (int i = 1; i < n; i++) r = d[i] < r ? d[i] : r; return r; }
int main(void) {
  float D7[7] = {3, -1, 4, -1, 5, -9, 2};
  float D13[13], D1[1] = {42}, M[15], V[16];
  int I[9] = {1, 2, 3, 4, 5, 6, 7, 8, -100};
  int i, ir;
  float r4[4] = {0, 0, 0, 0};
  for (i = 0; i < 13; i++) D13[i] = (float)((i * 7) % 13) - 6.0f;
  for (i = 0; i < 15; i++) M[i] = i;
  for (i = 0; i < 16; i++) V[i] = i;
  printf("sum7 %g\n", fsum(D7, 7));
  printf("max7 %g\n", fmax_(D7, 7));
  printf("min7 %g\n", fmin_(D7, 7));
  printf("sum13 %g\n", fsum(D13, 13));
  printf("max13 %g\n", fmax_(D13, 13));
  printf("min13 %g\n", fmin_(D13, 13));
  printf("sum1 %g\n", fsum(D1, 1));
  printf("min1 %g\n", fmin_(D1, 1));
  printf("sum2d %g\n", fsum(M, 15));
  printf("max2d %g\n", fmax_(M, 15));
  ir = I[0];
  for (i = 1; i < 9; i++) ir += I[i];
  printf("isum %d\n", ir);
  for (i = 0; i < 16; i++) r4[i % 4] += V[i];
  printf("sum4 %g %g %g %g\n", r4[0], r4[1], r4[2], r4[3]);
  return 0;
}
