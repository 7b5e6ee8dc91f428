#include "ref.h"
int main(void) {
  float d1[5] = {1, 2, 3, 4, 5};
  float d2[6] = {1, 2, 3, 4, 5, 6};
  float d3[12], t1[5], t2[6], p3[48], out4[16];
  int i, j, k, l;
  for (i = 0; i < 12; i++) d3[i] = i;
  for (i = 0; i < 5; i++) t1[i] = d1[i] * 10.0f;
  for (i = 0; i < 6; i++) t2[i] = d2[i] * 10.0f;
  ref_print(t1, 5, 1, 5);
  ref_print(t2, 6, 1, 3);
  ref_print(d3, 12, 1, 3);
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (k = 0; k < 3; k++) {
        float *p = p3 + 4 * (i * 6 + j * 3 + k);
        p[0] = k; p[1] = j; p[2] = i; p[3] = d3[i * 6 + j * 3 + k];
      }
  ref_print(p3, 12, 4, 3);
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++)
      for (k = 0; k < 2; k++)
        for (l = 0; l < 2; l++)
          out4[i * 8 + j * 4 + k * 2 + l] = 0.5f + l + 10.0f * k + 100.0f * j + 1000.0f * i;
  for (i = 0; i < 16; i++) printf("%g ", out4[i]);
  printf("\n");
  return 0;
}
