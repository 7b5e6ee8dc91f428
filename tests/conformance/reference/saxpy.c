#include "ref.h"
int main(void) {
  float a = 2.5f;
  float X[40], Y[40], Result[40];
  int i;
  for (i = 0; i < 40; i++) {
    X[i] = (float)i * 0.5f;
    Y[i] = 100.0f - (float)i;
  }
  for (i = 0; i < 40; i++) Result[i] = a * X[i] + Y[i];
  for (i = 0; i < 10; i++)
    printf("%d: %.2f %.2f %.2f %.2f\n", i, Result[4 * i], Result[4 * i + 1], Result[4 * i + 2], Result[4 * i + 3]);
  ref_print(Result, 10, 4, 10);
  return 0;
}
