/* <stdarg.h>: functions declared with ..., va_start / va_arg (double, int, long, unsigned, char *) / va_end / va_copy, and vfprintf / vprintf / vsprintf / vsnprintf over a va_list passed on (raytracer getopt.c warnx -> _vwarnx), and getopt.c's getenv. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <stdlib.h>

static const char *progname = "va";

static void vwarn(const char *fmt, va_list ap) {
  fprintf(stdout, "%s: ", progname);
  if (fmt != NULL) vfprintf(stdout, fmt, ap);
  fprintf(stdout, "\n");
}

static void warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vwarn(fmt, ap);
  va_end(ap);
}

static double sum(int n, ...) {
  va_list ap;
  double s = 0;
  int i;
  va_start(ap, n);
  for (i = 0; i < n; i++) s += va_arg(ap, double);
  va_end(ap);
  return s;
}

static long mixed(int n, ...) {
  va_list ap, copy;
  long total = 0;
  va_start(ap, n);
  va_copy(copy, ap);
  total += va_arg(ap, int);
  total += va_arg(ap, long);
  total += (long)va_arg(ap, unsigned int);
  total += (long)strlen(va_arg(ap, char *));
  total += (long)va_arg(ap, double);
  total += 1000 * va_arg(copy, int);
  va_end(copy);
  va_end(ap);
  return total + n;
}

static int say(char *buf, const char *fmt, ...) {
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsprintf(buf, fmt, ap);
  va_end(ap);
  return n;
}

static void both(const char *fmt, ...) {
  va_list ap;
  char small[8];
  int n;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  va_start(ap, fmt);
  n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  printf("[%s] %d\n", small, n);
}

int main(void) {
  char buf[64];
  float f = 2.5f;
  short sh = -3;
  int i, n;
  warn("unknown option -- %c", 'x');
  warn("ambiguous option -- %.*s", 3, "verbose");
  warn("plain");
  printf("%.3f\n", sum(4, 1.5, (double)f, 0.25, -1.0));
  printf("%.3f\n", sum(0));
  printf("%ld\n", mixed(7, (char)5, 100000000000L, 4000000000u, "abcd", 9.75));
  n = say(buf, "%d|%5.2f|%s|%ld|%x", sh, f, "str", -7L, 255u);
  printf("%s (%d)\n", buf, n);
  printf("%s %d\n", getenv("PATH") != NULL ? "PATH set" : "no PATH", getenv("BROOK_NO_SUCH_VARIABLE_29") == NULL);
  for (i = 0; i < 3; i++) both("%d-%d-%s\n", i, i * i, "long text");
  return 0;
}
