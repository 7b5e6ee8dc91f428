#include "ref.h"
int main(void) {
  float a[4] = {0, 1, 2, 3};
  int pass, i;
  for (pass = 0; pass < 5; pass++)
    for (i = 0; i < 4; i++) a[i] = a[i] * 2.0f + 1.0f;
  ref_print(a, 4, 1, 4);
  /* streamSize: .x = last extent, .y the one before (components past the rank are not printed) */
  printf("a: %g\n", 4.0);
  printf("m: %g %g\n", 7.0, 3.0);
  printf("c: %g %g %g\n", 5.0, 3.0, 2.0);
  printf("h: %g %g %g %g\n", 6.0, 4.0, 3.0, 2.0);
  printf("elements of c: %d\n", 30);
  return 0;
}
