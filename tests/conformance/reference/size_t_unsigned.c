#include "ref.h"
#include <stddef.h>
/* size_t_unsigned.br: unsigned 64-bit division, remainder, comparison and right shift. */
int main(void) {
  size_t most = (size_t)-1;
  size_t half = ((size_t)-1) / 2;
  unsigned long big = 0;
  unsigned long n = 1000;
  int minusOne = -1;
  printf("most %lu %zu\n", most, most);
  printf("most > 1000: %d, half > 1000: %d, most > half: %d, half < most: %d\n", most > n, half > n, most > half, half < most);
  printf("half / 10^12 = %lu\n", half / 1000000000000UL);
  printf("most %% 10 = %lu, most %% 1000 = %lu\n", most % 10, most % n);
  printf("most >> 60 = %lu, most >> 32 = %lu\n", most >> 60, most >> 32);
  big = most - 5;
  printf("big >= n: %d, big / n = %lu\n", big >= n, big / 1000000000000000UL);
  printf("n / 7 = %lu, n %% 7 = %lu, n >> 3 = %lu\n", n / 7, n % 7, n >> 3);
  printf("-1 < sizeof(int): %d\n", (size_t)minusOne < sizeof(int));
  printf("as double %g, as float %g\n", (double)most, (double)(float)most);
  half /= 1000000;
  printf("half /= 10^6 -> %lu\n", half);
  return 0;
}
