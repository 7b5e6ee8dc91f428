#include "ref.h"
/* Component-wise && / || written out per component; a truncating cast keeps the leading components. */
static void logic(const float *P, float flag, float *both, float *either) {
  const float lo[2] = {0.0f, 0.0f}, hi[2] = {2.0f, 1.0f};
  for (int i = 0; i < 5; i++) {
    const float *p = P + 2 * i;
    int inside[2], outside[2], masked[2], forced[2], wide = flag > 0.5f;
    for (int c = 0; c < 2; c++) {
      inside[c] = p[c] >= lo[c] && p[c] < hi[c];
      outside[c] = p[c] < lo[c] || p[c] >= hi[c];
      masked[c] = inside[c] && wide;
      forced[c] = outside[c] || wide;
    }
    float *b = both + 4 * i, *e = either + 4 * i;
    b[0] = inside[0]; b[1] = inside[1]; b[2] = masked[0]; b[3] = masked[1];
    e[0] = outside[0]; e[1] = outside[1]; e[2] = forced[0]; e[3] = forced[1];
    if (inside[0] && inside[1]) b[0] = b[0] + 10.0f;
  }
  ref_print(both, 5, 4, 5);
  ref_print(either, 5, 4, 5);
}
int main(void) {
  float P[10] = {0.5f, 0.5f, -1.0f, 0.5f, 2.0f, 3.0f, 1.0f, 1.0f, 1.5f, 0.25f};
  float V[12] = {1, 2, 3, 4, -1, -2, -3, -4, 0.5f, 1.25f, 8, 100};
  float both[20], either[20], r[12];
  logic(P, 0.0f, both, either);
  logic(P, 1.0f, both, either);
  for (int i = 0; i < 3; i++) {
    const float *v = V + 4 * i;
    float a0 = v[0], a1 = v[1], a2 = v[2];
    float b0 = v[0] * 2.0f, b1 = v[1] * 2.0f;
    float c = v[0];
    float d2 = v[2] - 1.0f;
    int e1 = (int)(v[1] + 0.5f);
    r[4 * i] = a0 + a1 + a2;
    r[4 * i + 1] = b0 * 100.0f + b1;
    r[4 * i + 2] = c + (float)e1;
    r[4 * i + 3] = d2;
  }
  ref_print(r, 3, 4, 3);
  for (int i = 0; i < 5; i++) {
    const float *p = P + 2 * i;
    const float hi[2] = {2.0f, 1.0f};
    float in2[2], in;
    int notIn[2], same[2];
    for (int c = 0; c < 2; c++) {
      in2[c] = (p[c] >= 0.0f && p[c] < hi[c]) ? 1.0f : 0.0f;
      notIn[c] = !(p[c] >= 0.0f && p[c] < hi[c]);
      same[c] = notIn[c] == (p[c] < 0.0f);
    }
    in = (in2[0] != 0.0f && in2[1] != 0.0f) ? 1.0f : 0.0f;
    in = (in != 0.0f && p[0] != 2.0f) ? 1.0f : 0.0f;
    both[4 * i] = in2[0] * 2.0f + in2[1];
    both[4 * i + 1] = in;
    both[4 * i + 2] = notIn[0] ? 1.0f : 0.0f;
    both[4 * i + 3] = same[1] ? 1.0f : 0.0f;
  }
  ref_print(both, 5, 4, 5);
  return 0;
}
