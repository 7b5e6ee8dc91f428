/*
 * Our own stand-in for raytracer's timer.c, which times with the Windows API (windows.h's
 * QueryPerformanceCounter). Same two functions of its timer.h, over the C library's clock():
 * milliseconds since the last Timer_Reset. Only the printed timings depend on it.
 */
#include <time.h>
/* timer.h's two functions */

static clock_t timerStart;

void Timer_Reset(void) { timerStart = clock(); }

float Timer_GetMS(void) { return (float) (clock() - timerStart) * 1000.0f / CLOCKS_PER_SEC; }
