/*
 * gcc side of the bench's `loops` group: links host_shapes.c (its main renamed shapes_main), then
 * answers one shape name per line on stdin with "VALUE MILLISECONDS" on a private copy of stdout: the
 * shape runs once untimed, then once timed, as in host_driver.c. The shapes' own printf output goes
 * to /dev/null (the Brook side discards it too), so only answers reach the harness.
 */
#include <stdio.h>
#include <string.h>
#include "driver_clock.h"
#include <unistd.h>

double shape_int_mod(int n);
double shape_mixed(int n);
double shape_nested(int n);
double shape_structs(int n);
double shape_pointer(int n);
double shape_early_exit(int n);
double shape_math(int n);
double shape_printf(int n);

static const struct { const char *name; double (*fn)(int); } SHAPES[] = {
  {"int_mod", shape_int_mod}, {"mixed", shape_mixed}, {"nested", shape_nested}, {"structs", shape_structs},
  {"pointer", shape_pointer}, {"early_exit", shape_early_exit}, {"math", shape_math}, {"printf", shape_printf},
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
