#include "ref.h"
int main(void) {
  float D[20], r[20];
  float total;
  int i;
  for (i = 0; i < 20; i++) D[i] = (float)((i * 5) % 7);
  r[0] = D[0];
  for (i = 1; i < 20; i++) r[i] = r[i - 1] + D[i];
  ref_print(r, 20, 1, 20);
  total = r[19];
  printf("%d passes, last %g, reduction %g\n", 5, r[19], total);
  return 0;
}
