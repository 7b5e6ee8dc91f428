#include "ref.h"
int main(void) {
  float G[8] = {10, 11, 12, 13, 14, 15, 16, 17};
  float I[12] = {0, 1, 2.75f, 2.74f, 1.8f, 0.7f, -5, 99, 6.76f, 7.5f, -0.24f, -0.26f};
  float r[12], s[8], t[3];
  int i;
  for (i = 0; i < 12; i++) r[i] = G[ref_gi(I[i], 8)];
  ref_print(r, 12, 1, 12);
  for (i = 0; i < 8; i++) s[i] = G[ref_gi((float)i + 1.0f, 8)] - G[ref_gi((float)i - 1.0f, 8)];
  ref_print(s, 8, 1, 8);
  for (i = 0; i < 3; i++) t[i] = G[ref_gi(4, 8)] + G[ref_gi(6, 8)];
  ref_print(t, 3, 1, 3);
  return 0;
}
