#include "ref.h"
typedef double real;
int main(void) {
  real x = 2.0;
  real pi = 4.0 * atan(1.0);
  char c = 'a';
  float data[4];
  int i;
  printf("%.6f %.6f %.6f %.6f\n", sqrt(x), pow(x, 10.0), sin(pi / 6.0), cos(pi / 3.0));
  printf("%.6f %.6f %.6f %.6f\n", exp(1.0), log(100.0), log10(1000.0), atan2(1.0, -1.0));
  printf("%g %g %g %g %g\n", floor(-2.5), ceil(-2.5), fabs(-3.25), fmod(7.5, 2.0), fmod(-7.5, 2.0));
  printf("%.6f %g\n", sqrtf(2.0f), floorf(3.99f));
  printf("%c%c %d %d\n", c, c + 1, c - 'a' + 10, (int)(pi * 100.0));
  printf("%d %d %.1f\n", 7 / 2, -7 / 2, 7 / 2.0);
  for (i = 0; i < 4; i++) data[i] = (float)sqrt((double)(i * i * 4));
  for (i = 0; i < 4; i++) printf("%.4f ", data[i] * (float)pi);
  printf("\n");
  return 0;
}
