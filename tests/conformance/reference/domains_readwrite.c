#include "ref.h"
int main(void) {
  float s[10] = {0};
  float part[4] = {1, 2, 3, 4};
  float g[20];
  float patch[6] = {-1, -2, -3, -4, -5, -6};
  int i, j;
  for (i = 0; i < 4; i++) s[3 + i] = part[i];
  ref_print(s, 10, 1, 10);
  printf("%g %g %g\n", s[5], s[6], s[7]);
  for (i = 0; i < 4; i++)
    for (j = 0; j < 5; j++) g[i * 5 + j] = 10 * i + j;
  /* domain int2(1,2)..int2(4,4): columns 1..3, rows 2..3 */
  for (i = 0; i < 2; i++)
    for (j = 0; j < 3; j++) g[(2 + i) * 5 + 1 + j] = patch[i * 3 + j];
  ref_print(g, 20, 1, 5);
  /* domain int2(3,0)..int2(5,2): columns 3..4, rows 0..1 */
  printf("%g %g %g %g\n", g[0 * 5 + 3], g[0 * 5 + 4], g[1 * 5 + 3], g[1 * 5 + 4]);
  return 0;
}
