#include "ref.h"
int main(void) {
  float S3[3] = {1, 2, 3};
  float S10[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  float S4[4] = {1, 2, 3, 4};
  float r9[9], r5[5], r6[6], r12[12];
  int i;
  for (i = 0; i < 9; i++) r9[i] = S3[ref_rs(i, 3, 9)];
  ref_print(r9, 9, 1, 9);
  for (i = 0; i < 5; i++) r5[i] = S10[ref_rs(i, 10, 5)];
  ref_print(r5, 5, 1, 5);
  for (i = 0; i < 6; i++) r6[i] = S4[ref_rs(i, 4, 6)];
  ref_print(r6, 6, 1, 6);
  for (i = 0; i < 12; i++) r12[i] = S3[ref_rs(i, 3, 12)] * 10.0f + S4[ref_rs(i, 4, 12)];
  ref_print(r12, 12, 1, 12);
  for (i = 0; i < 5; i++) r5[i] = S10[ref_rs(i, 10, 5)] * 10.0f + S3[ref_rs(i, 3, 5)];
  ref_print(r5, 5, 1, 5);
  return 0;
}
