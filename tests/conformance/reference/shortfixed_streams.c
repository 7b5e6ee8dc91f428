/* Reference for shortfixed_streams.br: a shortfixed code c reads as c * (float)(1/65535) in float32;
 * a float v stores as rint(clamp(v, 0, 1) * 65535) (half to even, the default rounding mode). */
#include <stdio.h>
#include <math.h>

static float val(unsigned c) { const float step = (float)(1.0 / 65535.0); return (float)c * step; }
static unsigned code(float v) {
  if (!(v > 0)) return 0;
  if (v >= 1) return 65535;
  return (unsigned)rintf(v * 65535.0f);
}

int main(void) {
  unsigned a[6] = {0, 1, 3, 21845, 43691, 65535};
  float f[6] = {0.0f, 0.25f, 1.0f / 3.0f, 0.5f, 0.75f, 2.0f};
  int i;
  for (i = 0; i < 6; i++) printf("%u -> %u (%.9g)\n", a[i], code(val(a[i]) * 0.5f), val(a[i]));
  for (i = 0; i < 3; i++) printf("{%u %u} ", code(val(30000 * i) + val(40000)), code(val(100 + i) + val(65535 - 100)));
  printf("\n");
  for (i = 0; i < 6; i++) printf("{%u %u %u %u} ", code(f[i]), code(f[i] * 3.0f), code(-f[i]), code(f[i] + 0.5f));
  printf("\nsizes %d %d %d\n", 2, 4, 8);
  return 0;
}
