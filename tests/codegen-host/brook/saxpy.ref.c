#include <stdio.h>
#include <stdlib.h>
/* Reference for saxpy.br: the same computation with loops, float32 throughout. The whole-stream sum is
   compared to 2 decimals (the runtime may add in any tree order). */
int main(void) {
  int n = 64, i, j;
  float X[64][4], Y[64][4], R[64][4], S[64], blocks[8] = {0};
  float total = 0, biggest = 0;
  for (i = 0; i < n; i++) for (j = 0; j < 4; j++) { X[i][j] = i * 0.25f + j; Y[i][j] = (float)(rand() % 1000) / 100.0f; }
  for (i = 0; i < n; i++) { for (j = 0; j < 4; j++) R[i][j] = 2.5f * X[i][j] + Y[i][j]; S[i] = R[i][0] + R[i][1] + R[i][2] + R[i][3]; }
  biggest = S[0];
  for (i = 0; i < n; i++) { total += S[i]; if (S[i] > biggest) biggest = S[i]; }
  for (i = 0; i < 8; i++) { blocks[i] = S[i * 8]; for (j = 1; j < 8; j++) blocks[i] += S[i * 8 + j]; }
  for (i = 0; i < n; i += 9) printf("%d: %.4f %.4f %.4f %.4f | %.4f\n", i, R[i][0], R[i][1], R[i][2], R[i][3], S[i]);
  printf("max %.4f\n", biggest);
  for (i = 0; i < 8; i++) printf("%.3f ", blocks[i]);
  printf("\ntotal %.2f\n", total);
  return 0;
}
