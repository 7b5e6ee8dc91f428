/* Reference for brook_stream_api.br: the same computations on plain C arrays (a brook::stream
 * declared with its constructor is the Brook stream it names; slots hold streams a, b, c). */
#include <stdio.h>
#include <math.h>

int main(void) {
  float data[6] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  float pairs[9][2], out[4][2];
  int i, x, y;
  for (i = 0; i < 6; i++) printf("%g ", data[i] * 0.5f);
  printf("\n");
  for (i = 0; i < 9; i++) { pairs[i][0] = i; pairs[i][1] = 10 * i; }
  /* v = u + u on a 3x3 stream; its domain rows 1..2, columns 1..2 written in order */
  i = 0;
  for (y = 1; y < 3; y++)
    for (x = 1; x < 3; x++, i++) { out[i][0] = 2 * pairs[y * 3 + x][0]; out[i][1] = 2 * pairs[y * 3 + x][1]; }
  for (i = 0; i < 4; i++) printf("{%g %g} ", out[i][0], out[i][1]);
  printf("\n");
  printf("combine %d, without streams %d, sizeof %d\n", 3, -1, 8);
  for (i = 0; i < 6; i++) printf("%g ", (float)(i + 1) * 111.0f);
  printf("\n");
  {
    float ax = 3.0f + 6.0f;
    float ay = 1.0f + floorf(ax / 4.0f);
    ax = fmodf(ax, 4.0f);
    printf("shift {%g %g}\n", ax, ay);
  }
  /* iterator 3 rows x 2 columns: x from 0 to 4 along the columns, y from 10 to -2 along the rows */
  for (y = 0; y < 3; y++)
    for (x = 0; x < 2; x++) printf("{%g %g} ", 0.0f + (4.0f * x) / 2, 10.0f + (-12.0f * y) / 3);
  printf("\n");
  for (i = 0; i < 6; i++) printf("%g ", data[i] * 0.5f * 4.0f);
  printf("\n");
  return 0;
}
