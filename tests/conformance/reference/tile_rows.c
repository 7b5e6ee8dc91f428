#include "ref.h"
#define W 32
#define H 16
static float a[H][W], b[H][W];
int main(void) {
  float sum = 0.0f;
  int i, x, y, round;
  for (i = 0; i < H * W; i++) a[i / W][i % W] = (float)((i * 13) % 29) * 0.125f;
  for (round = 0; round < 3; round++) {
    for (y = 0; y < H; y++) for (x = 0; x < W; x++) b[y][x] = a[y][ref_gi(31.0f - x, W)] * 0.5f + (float)x;
    for (y = 0; y < H; y++) for (x = 0; x < W; x++) a[y][x] = b[y][ref_gi(fmodf((float)x + 3.0f, 32.0f), W)] + (float)y * 0.25f;
    for (y = 0; y < H; y++) for (x = 0; x < W; x++) {
      float s = fmodf((float)x, 2.0f) < 1.0f ? 1.0f : -1.0f;
      b[y][x] = a[y][ref_gi((float)x + s, W)] - a[y][x];
    }
    memcpy(a, b, sizeof a);
  }
  for (i = 0; i < 8; i++) printf("%g ", a[(i * 61 % (H * W)) / W][(i * 61 % (H * W)) % W]);
  for (i = 0; i < H * W; i++) sum += a[i / W][i % W] * (float)(i % 5);
  printf("\nweighted sum %g\n", sum);
  return 0;
}
