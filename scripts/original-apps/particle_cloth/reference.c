/* Plain C reference for drive.br: particle_cloth's kernels written out per particle in float32 (gathers clamp to the grid; out-of-range springs and wind triangles give no force). Written from the kernels' text, not from this project. */
#include <stdio.h>
#include <math.h>
#define N 4
typedef struct { float p[4], v[4]; } P;
static P D[N][N]; static float act[N][N]; static float F[N][N][4];
static int cl(int i) { return i < 0 ? 0 : i >= N ? N - 1 : i; }
static int in(int c, int r) { return c >= 0 && c < N && r >= 0 && r < N; }
static void spring(int ox, int oy, float k, float d, float rest, int acc) {
  for (int r = 0; r < N; r++) for (int c = 0; c < N; c++) {
    P *a = &D[r][c], *b = &D[cl(r + oy)][cl(c + ox)];
    float rp[3], rv[3], f[3] = {0, 0, 0};
    for (int j = 0; j < 3; j++) { rp[j] = a->p[j] - b->p[j]; rv[j] = a->v[j] - b->v[j]; }
    float len = sqrtf(rp[0] * rp[0] + rp[1] * rp[1] + rp[2] * rp[2]);
    float ax[3] = {rp[0] / len, rp[1] / len, rp[2] / len};
    float st = k * (len - rest) + d * (ax[0] * rv[0] + ax[1] * rv[1] + ax[2] * rv[2]);
    if (in(c + ox, r + oy)) for (int j = 0; j < 3; j++) f[j] = st * ax[j];
    for (int j = 0; j < 3; j++) F[r][c][j] = (acc ? F[r][c][j] : 0) + f[j];
  }
}
static void wind(int o1x, int o1y, int o2x, int o2y, const float *wd, const float *wv) {
  for (int r = 0; r < N; r++) for (int c = 0; c < N; c++) {
    float *p0 = D[r][c].p, *q1 = D[cl(r + o1y)][cl(c + o1x)].p, *q2 = D[cl(r + o2y)][cl(c + o2x)].p;
    float v1[3], v2[3];
    for (int j = 0; j < 3; j++) { v1[j] = q1[j] - p0[j]; v2[j] = q2[j] - p0[j]; }
    float nn[3] = {v1[1] * v2[2] - v1[2] * v2[1], v1[2] * v2[0] - v1[0] * v2[2], v1[0] * v2[1] - v1[1] * v2[0]};
    float s = nn[0] * wd[0] + nn[1] * wd[1] + nn[2] * wd[2];
    int ok = in(c + o1x, r + o1y) && in(c + o2x, r + o2y);
    for (int j = 0; j < 3; j++) F[r][c][j] += ok ? s * wv[j] : 0.0f;
  }
}
int main(void) {
  float scale = 1.0f / (float)(N - 1);
  for (int y = 0; y < N; y++) for (int x = 0; x < N; x++) {
    P *p = &D[y][x]; p->p[0] = scale * x; p->p[1] = scale * -y; p->p[2] = 0; p->p[3] = 0;
    for (int j = 0; j < 4; j++) p->v[j] = 0;
    act[y][x] = 1;
  }
  D[0][0].p[0] = 0; D[0][0].p[1] = 0; D[0][0].p[2] = 0.1f; act[0][0] = 0;
  D[0][N - 1].p[0] = 1; D[0][N - 1].p[1] = 0; D[0][N - 1].p[2] = -0.1f; act[0][N - 1] = 0;
  const float wd[3] = {0, 0, -1}, wv[3] = {0.5f, 0.25f, -1.0f}, g[3] = {0, -9.8f, 0}, dt = 0.01f;
  for (int it = 0; it < 3; it++) {
    spring(1, 0, -8, -0.5f, 0.25f, 0); spring(0, 1, -8, -0.5f, 0.25f, 1); spring(-1, -1, -8, -0.5f, 0.35f, 1);
    wind(-1, 0, 0, -1, wd, wv); wind(1, 0, 0, 1, wd, wv);
    for (int r = 0; r < N; r++) for (int c = 0; c < N; c++) {
      P *p = &D[r][c];
      for (int j = 0; j < 3; j++) {
        float a = act[r][c] ? F[r][c][j] + g[j] : 0;
        p->p[j] = p->p[j] + dt * p->v[j] + 0.5f * dt * dt * a;
        p->v[j] = p->v[j] + dt * a;
      }
    }
  }
  for (int k = 0; k < 16; k++) { P *p = &D[k / N][k % N]; printf("%d %.6f %.6f %.6f | %.6f %.6f %.6f\n", k, p->p[0], p->p[1], p->p[2], p->v[0], p->v[1], p->v[2]); }
  return 0;
}
