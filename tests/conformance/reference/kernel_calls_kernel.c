#include "ref.h"
int main(void) {
  float X[5] = {0.5f, 1.25f, -1.75f, 3.0f, 10.5f};
  float r[5], w[5], f[5];
  for (int i = 0; i < 5; i++) {
    r[i] = X[i] * 2.0f + 1.0f;
    w[i] = floorf(X[i]);
    f[i] = X[i] - w[i];
  }
  ref_print(r, 5, 1, 5);
  ref_print(w, 5, 1, 5);
  ref_print(f, 5, 1, 5);
  return 0;
}
