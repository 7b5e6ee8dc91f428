#include "ref.h"
int main(void) {
  float D[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  float Idx[6] = {0, 3, 3, 5, 3, 7};
  float Val[6] = {2, 3, 4, 5, -1, 6};
  float AIdx[4] = {6, 2, 0, 4};
  float AVal[4] = {60, 20, 0.5f, 40};
  float d[8];
  int i, op;
  memcpy(d, D, sizeof d);
  for (i = 0; i < 4; i++) d[(int)AIdx[i]] = AVal[i];
  ref_print(d, 8, 1, 8);
  for (op = 0; op < 3; op++) {
    memcpy(d, D, sizeof d);
    for (i = 0; i < 6; i++) {
      float *t = &d[(int)Idx[i]];
      if (op == 0) *t = *t + Val[i];
      else if (op == 1) *t = *t * Val[i];
      else *t = Val[i] > *t ? Val[i] : *t;
    }
    ref_print(d, 8, 1, 8);
  }
  return 0;
}
