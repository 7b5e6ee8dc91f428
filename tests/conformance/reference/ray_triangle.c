#include "ref.h"
typedef struct { float x, y, z; } f3;
typedef struct { f3 o, d; float tmax; } Ray;
typedef struct { f3 v0, v1, v2; } Triangle;
static f3 sub(f3 a, f3 b) { f3 r = {a.x - b.x, a.y - b.y, a.z - b.z}; return r; }
static f3 cross(f3 a, f3 b) {
  f3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
  return r;
}
static float dot(f3 a, f3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
int main(void) {
  Triangle T[3] = {
    {{0, 0, 4}, {4, 0, 4}, {0, 4, 4}},
    {{-2, -2, 2}, {2, -2, 2}, {-2, 2, 2}},
    {{0, 0, 8}, {8, 0, 8}, {0, 8, 8}}
  };
  Ray R[5];
  float S[20], H[20], B[20];
  int i, k;
  for (i = 0; i < 5; i++) {
    R[i].o.x = 0.5f * i + 0.25f; R[i].o.y = 0.25f * i + 0.125f; R[i].o.z = 0;
    R[i].d.x = 0; R[i].d.y = 0; R[i].d.z = 1; R[i].tmax = 100;
    S[4 * i] = 0; S[4 * i + 1] = i == 3 ? 0 : 1; S[4 * i + 2] = 0; S[4 * i + 3] = i % 3;
  }
  R[4].d.z = -1;
  for (i = 0; i < 5; i++) {
    if (S[4 * i + 1] > 0) {
      float idx = S[4 * i + 3];
      Triangle t = T[ref_gi(idx, 3)];
      f3 e1 = sub(t.v1, t.v0), e2 = sub(t.v2, t.v0);
      f3 p = cross(R[i].d, e2);
      float det = dot(e1, p), inv = 1.0f / det;
      f3 tv = sub(R[i].o, t.v0), q;
      H[4 * i + 1] = dot(tv, p) * inv;
      q = cross(tv, e1);
      H[4 * i + 2] = dot(R[i].d, q) * inv;
      H[4 * i] = dot(e2, q) * inv;
      H[4 * i + 3] = idx;
    } else {
      H[4 * i] = 0; H[4 * i + 1] = 0; H[4 * i + 2] = 0; H[4 * i + 3] = -1;
    }
  }
  for (i = 0; i < 5; i++) printf("ray %d: t=%.6f u=%.6f v=%.6f tri=%g\n", i, H[4 * i], H[4 * i + 1], H[4 * i + 2], H[4 * i + 3]);
  for (i = 0; i < 5; i++) {
    float *b = B + 4 * i;
    b[0] = R[i].tmax; b[1] = 0; b[2] = 0; b[3] = -1;
    for (k = 0; k < 3; k++) {
      Triangle t = T[k];
      f3 e1 = sub(t.v1, t.v0), e2 = sub(t.v2, t.v0), p = cross(R[i].d, e2), tv, qv;
      float det = dot(e1, p), u, v, tt;
      if (det == 0.0f) continue;
      tv = sub(R[i].o, t.v0);
      u = dot(tv, p) / det;
      qv = cross(tv, e1);
      v = dot(R[i].d, qv) / det;
      tt = dot(e2, qv) / det;
      if (u >= 0.0f && v >= 0.0f && u + v <= 1.0f && tt > 0.0f && tt < b[0]) { b[0] = tt; b[1] = u; b[2] = v; b[3] = k; }
    }
  }
  for (i = 0; i < 5; i++) printf("nearest %d: t=%.6f u=%.6f v=%.6f tri=%g\n", i, B[4 * i], B[4 * i + 1], B[4 * i + 2], B[4 * i + 3]);
  return 0;
}
