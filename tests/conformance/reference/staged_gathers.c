// Reference for staged_gathers.br: the two kernels as loops over the output positions.
#include "ref.h"

int main(void) {
  float hx[600], hp[400], hy[600], hxs[300], hw[150], hys[300];
  double total = 0.0;
  int i, j;
  for (i = 0; i < 600; i++) hx[i] = (float)((i * 7) % 41) / 4.0f - 5.0f;
  for (i = 0; i < 400; i++) hp[i] = (float)((i * 11) % 37) / 4.0f - 4.5f;
  for (i = 0; i < 300; i++) hxs[i] = (float)((i * 5) % 17) / 4.0f - 2.0f;
  for (i = 0; i < 150; i++) hw[i] = (float)((i * 13) % 29) / 4.0f - 3.0f;
  for (i = 0; i < 300; i++) {
    float best = 1.0e30f, at = -1.0f;
    for (j = 1; j < 199; j += 2) {
      float dx = hp[2 * j] - hx[2 * i], dy = hp[2 * j + 1] - hx[2 * i + 1];
      float e = dx * dx + dy * dy;
      if (e < best) { best = e; at = (float)j; }
    }
    hy[2 * i] = best;
    hy[2 * i + 1] = at;
  }
  for (i = 0; i < 300; i++) {
    float s = 0.0f, k;
    for (k = 0.0f; k < 150.0f; k += 1.0f) {
      float v = hw[ref_gi(k, 150)] * hxs[i] - k;
      s = s > v ? s : v;
    }
    hys[i] = s;
  }
  for (i = 0; i < 300; i += 37) printf("%d: nearest %.4f at %.0f, weigh %.4f\n", i, hy[2 * i], hy[2 * i + 1], hys[i]);
  for (i = 0; i < 300; i++) total += hy[2 * i] + hy[2 * i + 1] + hys[i];
  printf("total %.4f\n", total);
  return 0;
}
