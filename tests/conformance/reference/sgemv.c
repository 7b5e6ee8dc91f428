#include "ref.h"
int main(void) {
  float A[50][50], X[50], Y0[50], Y[50];
  int i, j;
  float check = 0;
  for (i = 0; i < 50; i++) {
    for (j = 0; j < 50; j++) A[i][j] = (float)((i + 2 * j) % 7 - 3);
    X[i] = (float)(i % 5 - 2);
    Y0[i] = (float)(i % 3);
  }
  for (i = 0; i < 50; i++) {
    float acc = A[i][0] * X[0];
    for (j = 1; j < 50; j++) acc += A[i][j] * X[j];
    Y[i] = 2.0f * acc + -1.0f * Y0[i];
  }
  for (i = 0; i < 50; i++) {
    printf("%5.0f", Y[i]);
    if (i % 10 == 9) printf("\n");
    check += Y[i] * (float)(i + 1);
  }
  printf("check %.1f\n", check);
  return 0;
}
