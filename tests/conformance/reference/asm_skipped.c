#include "ref.h"
/* asm_skipped.br: rdtsc reads a clock that advances; every other asm output operand reads as 0. */
int main(void) {
  float a[4] = {1.0f, 2.0f, 3.0f, 4.0f}, b[4];
  for (int i = 0; i < 4; i++) b[i] = a[i] * 2.0f;
  ref_print(b, 4, 1, 4);
  printf("cycles %s hi %d lo %d in %d\n", "advance", 0, 0, 0);
  printf("rdtsc parts %s\n", "read");
  return 0;
}
