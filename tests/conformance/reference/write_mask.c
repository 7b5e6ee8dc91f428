#include "ref.h"
int main(void) {
  float M[8] = {1, 0, 0, 1, 0, 1, 1, 0};
  float A[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  float M1[5] = {0, 0, 1, 0, 1};
  float r[8] = {0}, s[8] = {0}, q[5] = {0}, w[5] = {0}, b[5] = {0};
  int i;
  for (i = 0; i < 8; i++)
    if (M[i] != 0) { r[i] = A[i] + 100.0f; s[i] = -100.0f; }
  ref_print(r, 8, 1, 4);
  ref_print(s, 8, 1, 4);
  for (i = 0; i < 8; i++) { r[i] = A[i] + 1000.0f; s[i] = -1000.0f; }
  ref_print(r, 8, 1, 4);
  for (i = 0; i < 5; i++)
    if (M1[i] != 0) { q[i] = b[i] + 7.0f; w[i] = -7.0f; }
  for (i = 0; i < 5; i++)
    if (M1[i] != 0) { q[i] = q[i] + 1.0f; w[i] = -1.0f; }
  ref_print(q, 5, 1, 5);
  ref_print(w, 5, 1, 5);
  return 0;
}
