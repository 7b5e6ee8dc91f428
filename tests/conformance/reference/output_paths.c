#include "ref.h"
/* output_paths.br in plain C, from BROOK.md and docs/DECISIONS.md: an output a kernel does not
 * assign on an element's path holds 0; integer / and % by zero give 0. Shape <2, 4>: element e is
 * row e / 4 (indexof .y), column e % 4 (indexof .x). */
typedef struct { float a; float bx, by; } Pair;

static int idiv(int a, int b) { return b == 0 ? 0 : a / b; }
static int imod(int a, int b) { return b == 0 ? 0 : a % b; }
static int iabs(int a) { return a < 0 ? -a : a; }
static int imax(int a, int b) { return a > b ? a : b; }

int main(void) {
  int N[8] = {-10, -10, -7, -12, 0, -10, 19, -4};
  float V[16] = {-7.75, -4, 4, 3.25, 3, -3, 0.25, 5.75, 6.75, 0.25, 7.5, 3.75, -6.5, 7.5, -3.5, 4.75};
  float PV[24] = {-0.5, 7, -5.75, 4.25, 4.25, 4, -7.5, -5.5, 7.5, 0.75, 1, -2.75, 6.5, 0, 6.25, 4.75, -6, -1.75, 6.5, -5.25, 4.5, -7.5, 1.25, 4.75};
  int A[6] = {7, -7, 0, 0, 5, -2147483647}, B[6] = {0, 0, 0, 3, -5, -1};
  Pair P[8], O[8];
  int K[8];
  float F[8];
  float c = -2.0f;
  int i;
  for (i = 0; i < 8; i++) { P[i].a = PV[3 * i]; P[i].bx = PV[3 * i + 1]; P[i].by = PV[3 * i + 2]; }
  for (i = 0; i < 8; i++) {
    int n = N[i], row = i / 4, col = i % 4;
    float vx = V[2 * i], vy = V[2 * i + 1];
    float t = (-65535 <= imod(n, n)) ? 0.0f - P[i].by : fabsf(-0.5f) - 1.0f;
    Pair o = {0, 0, 0};
    int k = 0;
    if (row < 10 && vy <= -0.75f) {
      o.a = t;
      o.bx = (float)(-row);
      o.by = vx;
      k = imax(iabs(n), row); /* n < n is false */
    } else {
      o.a = 9.0f;
      o.bx = 1.0f + (c - vy);
      o.by = (float)col;
      k = n;
    }
    O[i] = o;
    K[i] = k;
  }
  for (i = 0; i < 8; i++) printf("paths %d: o {%g, %g, %g} k %d\n", i, O[i].a, O[i].bx, O[i].by, K[i]);
  for (i = 0; i < 8; i++) {
    int n = N[i], row = i / 4;
    float vy = V[2 * i + 1];
    /* Every output starts at 0 on every element, whatever the stream held before the call. */
    K[i] = 0; F[i] = 0; O[i].a = 0; O[i].bx = 0; O[i].by = 0;
    if (vy <= -0.75f) K[i] = imax(iabs(n), row);
    if (n > 0) F[i] = (float)n + 0.5f;
    if (n < 0) O[i].by = (float)n;
  }
  for (i = 0; i < 8; i++) printf("sometimes %d: k %d f %g o {%g, %g, %g}\n", i, K[i], F[i], O[i].a, O[i].bx, O[i].by);
  for (i = 0; i < 6; i++) printf("divmod %d %d: q %d r %d s %d\n", A[i], B[i], idiv(A[i], B[i]), imod(A[i], B[i]), imod(A[i], A[i]));
  return 0;
}
