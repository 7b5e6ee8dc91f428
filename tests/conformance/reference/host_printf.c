#include "ref.h"
/* the same host program: it is plain C */
int main(void) {
  int i;
  float s = 0.0f;
  double d = 0.0;
  float f = 0.1f;
  char name[] = "brook";
  unsigned int u = 3000000000u;
  for (i = 0; i < 10; i++) {
    s += 0.1f;
    d += 0.1;
  }
  printf("[%d] [%i] [%5d] [%-5d] [%05d] [%+d] [% d] [%u]\n", 42, -42, 42, 42, 42, 42, 42, u);
  printf("[%x] [%X] [%#x] [%08x] [%o] [%x]\n", 255, 255, 255, 48879, 8, -1);
  printf("[%f] [%.2f] [%10.3f] [%-10.1f] [%+.1f] [%010.2f]\n", 3.14159265, 2.5, -1.0 / 3.0, 7.25, 0.05, -3.5);
  printf("[%e] [%.3e] [%E] [%e]\n", 123456.789, 0.000123456, 1e-10, 0.0);
  printf("[%g] [%g] [%g] [%g] [%G] [%.3g] [%#g] [%g]\n", 100000.0, 1000000.0, 0.0001, 0.00001, 1e-20, 3.14159, 1.5, -0.0);
  printf("[%s] [%8s] [%-8s] [%.3s] [%c%c%c] [%%]\n", "hi", name, name, name, 'a', 66, name[2]);
  printf("[%*d] [%-*d] [%.*f]\n", 6, 7, 4, 8, 3, 2.0 / 3.0);
  printf("ties: %.2f %.0f %.0f %.1f %.2f %.1f\n", 0.125, 2.5, 3.5, 0.25, 1.005, 0.35);
  printf("float sum %.9f, double sum %.17g, f = %.10f\n", s, d, f);
  printf("sizes %d %d %d\n", (int)sizeof(float), (int)sizeof(int), (int)sizeof(double));
  printf("big %f %g %e\n", 1e20, 123456789.0, -9.87654321e15);
  return 0;
}
