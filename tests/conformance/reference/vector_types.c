#include "ref.h"
int main(void) {
  float d1[6], d2[12], e2[12], d3[18], d4[24], e4[24];
  float o1[6], o2[12], o3[18], o4[24];
  int i;
  for (i = 0; i < 6; i++) d1[i] = i - 2;
  for (i = 0; i < 12; i++) { d2[i] = i; e2[i] = 2 * i + 1; }
  for (i = 0; i < 18; i++) d3[i] = i * 0.5f;
  for (i = 0; i < 24; i++) { d4[i] = i + 1; e4[i] = (i % 4) + 1; }
  for (i = 0; i < 6; i++) o1[i] = d1[i] * d1[i] - 1.0f;
  for (i = 0; i < 12; i++) o2[i] = (d2[i] + e2[i]) / 2.0f;
  for (i = 0; i < 18; i++) o3[i] = -d3[i] * 3.0f + d3[i];
  for (i = 0; i < 24; i++) o4[i] = d4[i] * e4[i] - d4[i] / e4[i];
  ref_print(o1, 6, 1, 6);
  ref_print(o2, 6, 2, 6);
  ref_print(o3, 6, 3, 6);
  ref_print(o4, 6, 4, 6);
  printf("%g %g %g %g\n", o1[5], o2[11], o3[17], o4[23]);
  return 0;
}
