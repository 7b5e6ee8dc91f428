/* Reference for fixed_type_names.br: a fixed is an 8-bit code c standing for c / 255; a + a
 * saturates at 1 and rounds to the nearest code. sizeof(fixed) 1, fixed4 4, a pointer 8. */
#include <stdio.h>
#include <math.h>

int main(void) {
  unsigned char codes[4] = {0, 51, 100, 200};
  int i;
  for (i = 0; i < 4; i++) {
    float v = codes[i] / 255.0f;
    float s = v + v;
    if (s > 1) s = 1;
    printf("%d ", (int)rintf(s * 255));
  }
  printf("\nsizes %d %d %d, usleep %d\n", 1, 4, 8, 0);
  return 0;
}
