#include "ref.h"
/* brook_runtime_names.br: sentinelStream(dim) is a stream of one +inf; a stream of extent 1 passed
 * with a larger output repeats its element (shape resizing, BROOK.md 4); a 1-D gather takes the .x
 * of a float4 index; host vector components written through pointers; a fixed's code 200 is 200/255. */
int main(void) {
  float ha[5] = {0.0f, 1.5f, 2.0f, 3.0f, 4.5f};
  int i;
  printf("clip:");
  for (i = 0; i < 5; i++) printf(" %g", ha[i] > 2.0f ? INFINITY : ha[i]);
  printf("\n");
  printf("sentinel<1,1,1>: %g %g %g %g\n", 1.0, 1.0, 1.0, 0.0);
  float inf = INFINITY;
  ref_print(&inf, 1, 1, 1);
  printf("reverse:");
  for (i = 0; i < 5; i++) printf(" %g", ha[ref_gi(4.0f - (float)i, 5)]);
  printf("\n");
  float vx = 1.5f, vy = 1.5f * 2.0f;
  printf("place: %g %g\n", vx, vy);
  float t = vx; vx = vy; vy = t;
  printf("swap: %g %g\n", vx, vy);
  printf("scalar .x: %g %u %.4f\n", 2.5f, 200u, 200.0f / 255.0f);
  return 0;
}
