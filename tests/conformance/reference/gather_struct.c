#include "ref.h"
typedef struct { float x, y, z; } f3;
typedef struct { f3 v0; f3 v1; float w; } Seg;
int main(void) {
  Seg S[4];
  float I[5] = {3, 0, 2.2f, 1.9f, 8};
  float mid[15], len2[5];
  int i;
  for (i = 0; i < 4; i++) {
    S[i].v0.x = i; S[i].v0.y = 0; S[i].v0.z = -i;
    S[i].v1.x = i + 2; S[i].v1.y = 2 * i; S[i].v1.z = i;
    S[i].w = i + 1;
  }
  for (i = 0; i < 5; i++) {
    Seg s = S[ref_gi(I[i], 4)];
    float dx = s.v1.x - s.v0.x, dy = s.v1.y - s.v0.y, dz = s.v1.z - s.v0.z;
    mid[3 * i] = (s.v0.x + s.v1.x) * 0.5f;
    mid[3 * i + 1] = (s.v0.y + s.v1.y) * 0.5f;
    mid[3 * i + 2] = (s.v0.z + s.v1.z) * 0.5f;
    len2[i] = (dx * dx + dy * dy + dz * dz) * s.w;
  }
  ref_print(mid, 5, 3, 5);
  ref_print(len2, 5, 1, 5);
  return 0;
}
