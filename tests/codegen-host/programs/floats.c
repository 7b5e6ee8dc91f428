#include <stdio.h>
#include <math.h>
/* float is float32 after every operation; double is double; conversions on assignment. */
float poly(float x) { return 3.0f * x * x - 2.5f * x + 0.1f; }
double dpoly(double x) { return 3.0 * x * x - 2.5 * x + 0.1; }
int main(void) {
  float f = 0.0f; double d = 0.0;
  int i;
  for (i = 0; i < 1000; i++) { f += 0.1f; d += 0.1; }
  printf("%.9g %.17g\n", f, d);
  float g = 1.0f / 3.0f; double h = 1.0 / 3.0;
  printf("%.9g %.17g %.17g\n", g, (double)g, h);
  printf("%.9g %.17g\n", poly(1.1f), dpoly(1.1));
  float big = 16777216.0f; big += 1.0f;
  printf("%.1f\n", big);
  float mix = 0.1f * 3;           /* float op int stays float */
  double mixd = 0.1f * 3.0;       /* float op double is double */
  printf("%.17g %.17g\n", (double)mix, mixd);
  printf("%.6f %.6f %.6f %.6f\n", sqrtf(2.0f), sqrt(2.0), powf(2.0f, 0.5f), fabs(-3.25));
  printf("%.5f %.5f %.5f\n", sin(1.0), cos(1.0), atan2(1.0, 2.0));
  printf("%.3f %.3f %.3f %.3f\n", floor(-2.5), ceil(-2.5), fmod(7.5, 2.0), round(2.5));
  printf("%g %g %e\n", 1e-5, 123456789.0, 0.000123);
  float acc = 1.0f;
  for (i = 0; i < 30; i++) acc = acc * 1.37f - 0.11f;
  printf("%.9g\n", acc);
  int n = 7; float avg = n / 2; float avg2 = n / 2.0f;
  printf("%f %f\n", avg, avg2);
  float fv[4] = {1.5f, 2.25f, -0.125f};
  float s = 0; for (i = 0; i < 4; i++) s += fv[i] * fv[i];
  printf("%f %f\n", s, sqrtf(s));
  printf("%d %d\n", (int)(0.1f * 10.0f * 100.0f), (int)(0.1 * 10.0 * 100.0));
  return 0;
}
