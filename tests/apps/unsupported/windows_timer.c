/* A Windows timer in a companion file (raytracer's timer.c). */
#include <windows.h>

static LARGE_INTEGER start;

void Timer_Reset(void) {
  QueryPerformanceCounter(&start);
}
