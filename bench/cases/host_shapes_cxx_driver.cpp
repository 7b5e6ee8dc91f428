/*
 * g++ side of the bench's C++ loop shapes: links host_shapes_cxx.cpp (its main renamed
 * shapes_cxx_main) and answers one shape name per line on stdin with "VALUE MILLISECONDS", the shape
 * run once untimed, then once timed, as host_shapes_driver.c does for the C shapes.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "driver_clock.h"

double shape_cxx_class(int n);
double shape_cxx_vector(int n);
double shape_cxx_refs(int n);
double shape_cxx_template(int n);
double shape_cxx_new(int n);

static const struct { const char *name; double (*fn)(int); } SHAPES[] = {
  {"cxx_class", shape_cxx_class}, {"cxx_vector", shape_cxx_vector}, {"cxx_refs", shape_cxx_refs},
  {"cxx_template", shape_cxx_template}, {"cxx_new", shape_cxx_new},
};

int main(void) {
  char line[64];
  FILE *answers = fdopen(dup(1), "w");
  if (!answers || !freopen("/dev/null", "w", stdout)) return 3;
  while (fgets(line, sizeof line, stdin)) {
    double (*job)(int) = 0;
    double s, t0;
    size_t k;
    line[strcspn(line, "\n")] = 0;
    for (k = 0; k < sizeof SHAPES / sizeof SHAPES[0]; k++)
      if (strcmp(line, SHAPES[k].name) == 0) job = SHAPES[k].fn;
    if (!job) return 2;
    job(1048576);
    t0 = now_ms();
    s = job(1048576);
    fprintf(answers, "%.17g %.6f\n", s, now_ms() - t0);
    fflush(answers);
  }
  return 0;
}
