#include "ref.h"
/* c_declarations.br: one definition of each global; K&R prototypes make no difference to the values. */
int total;
int counter = 5;
float factor = 1.5f;
long long stamp;
static float scale(float x, int n) { return x * n; }
static void bump(int by) { counter += by; }
int main(void) {
  float data[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  int i;
  for (i = 0; i < 4; i++) data[i] = data[i] * factor;
  for (i = 0; i < 4; i++) printf("%3.2f ", data[i]);
  printf("\n");
  bump(2);
  bump(3);
  total = counter * 2;
  stamp = total + 1;
  unsigned char bytes[sizeof(float) * 2];
  double wide[sizeof(long long) / sizeof(int)];
  printf("bytes %d wide %d\n", (int)sizeof(bytes), (int)(sizeof(wide) / sizeof(wide[0])));
  printf("counter %d total %d stamp %d scale %3.2f\n", counter, total, (int)stamp, scale(factor, 3));
  return 0;
}
