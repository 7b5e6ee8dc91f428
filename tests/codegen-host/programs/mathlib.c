#include <stdio.h>
#include <math.h>
/* <math.h>: exactly rounded functions at full precision; transcendental ones at 12 significant digits
   (JavaScript's Math and glibc may differ in the last bit); float versions as floats. */
int main(void) {
  double xs[] = {0.0, 0.5, 1.0, 2.5, -2.5, 3.75, -0.3, 10.0, 123.456, 1e-8, -7.0, 0.999};
  int n = sizeof(xs) / sizeof(xs[0]), i, e;
  for (i = 0; i < n; i++) {
    double x = xs[i], ip;
    double m = frexp(x, &e);
    double f = modf(x, &ip);
    printf("%.17g %.17g %.17g %.17g %.17g %.17g %.17g | %.17g %d | %.17g %.17g | %.17g %.17g\n",
      sqrt(fabs(x)), floor(x), ceil(x), round(x), trunc(x), fmod(x, 0.7), fabs(x), m, e, f, ip, ldexp(x, 5), rint(x));
    printf("%.12g %.12g %.12g %.12g %.12g %.12g %.12g %.12g\n",
      sin(x), cos(x), tan(x), exp(x), log(fabs(x) + 1), atan(x), pow(fabs(x), 1.7), atan2(x, 0.5));
    float fx = (float)x;
    printf("%.9g %.9g %.9g %.9g %.9g\n", sqrtf(fabsf(fx)), floorf(fx), sinf(fx), expf(fx * 0.5f), powf(fabsf(fx), 0.5f));
  }
  printf("%d %d %d %d\n", isnan(sqrt(-1.0)) != 0, isinf(1.0 / 0.0), isinf(-1.0 / 0.0), isfinite(1.0));
  printf("%.17g %.17g %.17g\n", fmin(1.0, 2.0), fmax(-1.0, 3.0), hypot(3.0, 4.0));
  return 0;
}
