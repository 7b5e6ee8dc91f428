#include "ref.h"
/* The iterator grid<600, 800> from (0, 0) to (800, 600) steps by exactly 1 along both axes, so
   position (r, c) holds float2(c, r) and the kernel writes c + r * 1000. */
static float host[600 * 800];
int main(void) {
  double sum = 0.0;
  int r, c, i;
  for (r = 0; r < 600; r++)
    for (c = 0; c < 800; c++) host[r * 800 + c] = (float)c + (float)r * 1000.0f;
  for (i = 0; i < 600 * 800; i++) sum += host[i];
  printf("%.0f %.0f %.0f %.0f\n", host[0], host[799], host[800], host[600 * 800 - 1]);
  printf("sum %.0f\n", sum);
  return 0;
}
