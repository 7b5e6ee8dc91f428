/* long & a small non-negative constant (the pointer-walk shape: (p - base) & 1023): the JavaScript
   writer masks the double directly instead of going through 64-bit BigInt arithmetic; the results must
   be C's for negative values, values past 2^32 and near 2^53. */
#include <stdio.h>

int main(void) {
  long v[8] = {0L, 5L, -1L, -1025L, 4294968319L, -4294968319L, 9007199254740991L, -9007199254740991L};
  float a[16];
  float *p;
  long acc = 0;
  int i;
  for (i = 0; i < 8; i++)
    printf("%ld %ld %ld %ld %ld\n", v[i] & 1023, v[i] & 0x7fffffffL, v[i] & 0, 255 & v[i], v[i] & 0xffff);
  for (p = a; p < a + 16; p++) *p = (float)((p - a) & 3);
  for (i = 0; i < 16; i++) acc += (long)a[i];
  printf("pointer walk %ld\n", acc);
  return 0;
}
