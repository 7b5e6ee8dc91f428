#include "ref.h"
/* fixed_streams.br: a fixed component is an 8-bit code c standing for c / 255 (float); a float v
 * stored into one becomes the code rint(saturate(v) * 255) (round half to even, float32 throughout);
 * an integer converted to fixed keeps its low 8 bits as the code. */
static unsigned char fixcode(float v) {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  float x = v * 255.0f;
  return (unsigned char)rintf(x);
}
static float fixval(unsigned char c) { return (float)c / 255.0f; }

int main(void) {
  int i;
  unsigned char h1 = fixcode(0.5f), hq = fixcode(0.25f), hsat = fixcode(2.0f), hneg = fixcode(-1.0f);
  unsigned char hint = (unsigned char)(300 & 255);
  float asfloat = fixval(h1);
  printf("host: %u %u %u %u %u %.5f\n", h1, hq, hsat, hneg, hint, asfloat);

  unsigned char fa[6], fb[6], fs[6], fd[6];
  for (i = 0; i < 6; i++) { fa[i] = (unsigned char)(200 + 10 * i); fb[i] = (unsigned char)(11 * i); }
  for (i = 0; i < 6; i++) {
    float x = fixval(fa[i]), y = fixval(fb[i]);
    float sum = x + y, diff = y - x;
    fs[i] = fixcode(sum);
    fd[i] = fixcode(diff);
  }
  printf("sum:");
  for (i = 0; i < 6; i++) printf(" %u", fs[i]);
  printf("\ndiff:");
  for (i = 0; i < 6; i++) printf(" %u", fd[i]);
  printf("\n");

  unsigned char a4[8] = {255, 128, 200, 0, 1, 254, 51, 17};
  unsigned char b4[8] = {255, 128, 100, 77, 255, 254, 51, 15};
  unsigned char c4[8];
  for (i = 0; i < 8; i++) { float p = fixval(a4[i]) * fixval(b4[i]); c4[i] = fixcode(p); }
  printf("mul:");
  for (i = 0; i < 2; i++) printf(" (%u,%u,%u,%u)", c4[4 * i], c4[4 * i + 1], c4[4 * i + 2], c4[4 * i + 3]);
  printf("\n");

  unsigned char h2[4] = {200, 51, 255, 3}, hh2[4];
  float seen[4];
  for (i = 0; i < 4; i++) {
    float half = fixval(h2[i]) * 0.5f;
    hh2[i] = fixcode(half);
    seen[i] = fixval(h2[i]) * 255.0f;
  }
  printf("halve: (%u,%u) (%u,%u) seen %.1f %.1f %.1f %.1f\n", hh2[0], hh2[1], hh2[2], hh2[3], seen[0], seen[1], seen[2], seen[3]);

  unsigned char r0 = 0, r1 = 0, m = 0;
  for (i = 0; i < 3; i++) if (fs[i] > r0) r0 = fs[i];
  for (i = 3; i < 6; i++) if (fs[i] > r1) r1 = fs[i];
  for (i = 0; i < 6; i++) if (fa[i] > m) m = fa[i];
  printf("max: %u %u %u\n", r0, r1, m);

  int idx[3] = {2, 0, 5};
  float go[3];
  for (i = 0; i < 3; i++) go[i] = fixval(fa[idx[i]]) * 255.0f;
  printf("gather: %.1f %.1f %.1f\n", go[0], go[1], go[2]);

  printf("as float2: %.6f %.6f\n", fixval(h2[0]), fixval(h2[1]));
  float pa[6];
  for (i = 0; i < 6; i++) pa[i] = fixval(fa[i]);
  ref_print(pa, 6, 1, 6);
  return 0;
}
