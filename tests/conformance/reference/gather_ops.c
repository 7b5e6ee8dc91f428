#include "ref.h"
int main(void) {
  float S[5] = {10, 20, 10, 40, 50};
  float Idx[6] = {4, 2, 0, 2, 3, 2};
  float dst[6];
  int i;
  for (i = 0; i < 6; i++) dst[i] = S[(int)Idx[i]];
  ref_print(dst, 6, 1, 6);
  ref_print(S, 5, 1, 5);
  /* INC in index order (one valid order; the program prints only order-independent facts) */
  for (i = 0; i < 6; i++) { dst[i] = S[(int)Idx[i]]; S[(int)Idx[i]] += 1; }
  printf("fetched %g %g %g\n", dst[0], dst[2], dst[4]);
  printf("index 2 fetched %g %g %g\n", dst[1], dst[3], dst[5]);
  ref_print(S, 5, 1, 5);
  return 0;
}
