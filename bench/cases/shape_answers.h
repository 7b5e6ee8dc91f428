/* The answer loop both loop-shape drivers share (host_shapes_driver.c for gcc, host_shapes_cxx_driver.cpp
   for g++): one shape name per line on stdin, answered with "VALUE MILLISECONDS" on a private copy of
   stdout; the shape runs once untimed, then once timed. The shapes' own printf output goes to /dev/null
   (the Brook side discards it too), so only answers reach the harness. Valid C and C++. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "driver_clock.h"

struct named_shape { const char *name; double (*fn)(int); };

static int answer_shapes(const struct named_shape *shapes, size_t count) {
  char line[64];
  FILE *answers = fdopen(dup(1), "w");
  if (!answers || !freopen("/dev/null", "w", stdout)) return 3;
  while (fgets(line, sizeof line, stdin)) {
    double (*job)(int) = 0;
    double s, t0;
    size_t k;
    line[strcspn(line, "\n")] = 0;
    for (k = 0; k < count; k++)
      if (strcmp(line, shapes[k].name) == 0) job = shapes[k].fn;
    if (!job) return 2;
    job(1048576);
    t0 = now_ms();
    s = job(1048576);
    fprintf(answers, "%.17g %.6f\n", s, now_ms() - t0);
    fflush(answers);
  }
  return 0;
}
