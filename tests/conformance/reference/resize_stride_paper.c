#include "ref.h"
int main(void) {
  float S[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  float r[5];
  for (int i = 0; i < 5; i++) r[i] = S[ref_rs(i, 9, 5)];
  ref_print(r, 5, 1, 5);
  return 0;
}
