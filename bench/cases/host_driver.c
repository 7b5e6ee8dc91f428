/*
 * gcc side of the bench's `host` group: links host_loops.c (its main renamed host_main), then answers
 * one job per line on stdin ("heap", "array", "gather") with "SUM MILLISECONDS" on stdout: the job
 * runs once untimed, then once timed (the time around that call alone: no process start, no pipe
 * latency), so the timed run starts warm after this process waited for the request, as the Brook
 * side's samples do (bench/host.ts).
 */
#include <stdio.h>
#include <string.h>
#include "driver_clock.h"

double fill_sum_heap(int n);
double fill_sum_array(int n);
double gather_sum(int n);
int host_main(void);

int main(void) {
  char line[64];
  host_main();
  while (fgets(line, sizeof line, stdin)) {
    double (*job)(int);
    double s, t0;
    if (strncmp(line, "heap", 4) == 0) job = fill_sum_heap;
    else if (strncmp(line, "array", 5) == 0) job = fill_sum_array;
    else if (strncmp(line, "gather", 6) == 0) job = gather_sum;
    else return 2;
    job(1048576);
    t0 = now_ms();
    s = job(1048576);
    printf("%.17g %.6f\n", s, now_ms() - t0);
    fflush(stdout);
  }
  return 0;
}
