#include "ref.h"
/* octal_brcc.br: 06294306 is read as 062 = 50 and 019 as 01 = 1 (strtol stops at the 9). */
int main(void) {
  unsigned int seed = 50;
  int mask = 0777;
  int plain = 10;
  float a[3] = {1.0f, 2.0f, 3.0f}, b[3];
  for (int i = 0; i < 3; i++) b[i] = a[i] + 1.0f;
  printf("seed %u mask %d plain %d\n", seed, mask, plain);
  ref_print(b, 3, 1, 3);
  return 0;
}
