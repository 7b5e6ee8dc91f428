/* The clock the bench's gcc/g++ drivers (host_driver.c, shape_answers.h) time a job with:
   milliseconds of CLOCK_MONOTONIC. */
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}
