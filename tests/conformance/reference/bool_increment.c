#include "ref.h"
#include <stdbool.h>
int main(void) {
  float A[4] = {1, 2, 3, 0};
  float U[4], D[4], P[4];
  bool x = false, y = true, z = false;
  int i;
  x++;
  y--;
  z--;
  for (i = 0; i < 4; i++) {
    bool t = A[i] > 1.5f, u = t, v = t;
    t++;
    u--;
    --v;
    U[i] = t ? 1.0f : 0.0f;
    D[i] = u ? 1.0f : 0.0f;
    P[i] = v ? 1.0f : 0.0f;
  }
  for (i = 0; i < 4; i++) printf("%d: %.0f %.0f %.0f\n", i, U[i], D[i], P[i]);
  printf("host: %d %d %d\n", x, y, z);
  return 0;
}
