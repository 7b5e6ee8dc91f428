#include "ref.h"
/* int_minmax_nested.br in plain C: integer / and % by zero give 0; clamp(x, a, b) is min(max(x, a), b)
 * (BROOK.md: as the CPU backend computes it, also when a > b). */
static int idiv(int a, int b) { return b == 0 ? 0 : a / b; }
static int imod(int a, int b) { return b == 0 ? 0 : a % b; }
static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

int main(void) {
  int A[10] = {18, -18, 3, -3, 7, -7, 1, 0, 2, -2147483647};
  int i;
  for (i = 0; i < 10; i++) {
    int a = A[i], b = A[9 - i];
    int lo = imin(imin(imod(1, a), -a), a);
    int hi = imax(imax(idiv(5, a), -a), a);
    int cl = imin(imax(imod(7, a), -a), a);
    int o0 = imin(imin(imod(1, a), -a), a), o1 = imin(imin(imod(5, b), -b), b);
    printf("a %d: min %d max %d clamp %d | %d %d\n", a, lo, hi, cl, o0, o1);
  }
  return 0;
}
