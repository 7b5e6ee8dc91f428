#include "ref.h"
/* pack_4ubyte.br: each component becomes the code rint(saturate(v) * 255) (float32, round half to
 * even), the codes are the bytes of a float (x lowest); unpack gives code / 255. */
static unsigned code(float v) {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  float x = v * 255.0f;
  return (unsigned)rintf(x);
}
int main(void) {
  float a[4][4] = {{0.0f, 1.0f, 0.5f, 0.25f}, {2.0f, -1.0f, 0.2f, 0.4f},
                   {0.1f, 0.3f, 0.7f, 0.0f}, {0.004f, 0.996f, 0.0019f, 0.002f}};
  unsigned bits[4];
  int i, k;
  for (i = 0; i < 4; i++) bits[i] = code(a[i][0]) | code(a[i][1]) << 8 | code(a[i][2]) << 16 | code(a[i][3]) << 24;
  printf("packed: %08x %08x %08x %08x\n", bits[0], bits[1], bits[2], bits[3]);
  for (i = 0; i < 4; i++) {
    printf("codes %d:", i);
    for (k = 0; k < 4; k++) { float u = (float)((bits[i] >> (8 * k)) & 255) / 255.0f; printf(" %g", u * 255.0f); }
    printf("\n");
  }
  printf("unpack 1.0f: %g %g %g %g\n", 0.0, 0.0, (float)(128 / 255.0f) * 255.0f, (float)(63 / 255.0f) * 255.0f);
  printf("round trip:");
  for (k = 0; k < 4; k++) printf(" %.6f", (float)((bits[2] >> (8 * k)) & 255) / 255.0f);
  printf("\n");
  printf("methods: %g %g %g %g\n", 10.0, 20.0, 99.0, 40.0);
  return 0;
}
