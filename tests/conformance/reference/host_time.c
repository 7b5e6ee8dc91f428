#include "ref.h"
#include <sys/time.h>
#include <time.h>
/* host_time.br in C: the kernel scale() becomes the loop over Y. */
typedef long long int64;

int64 GetTime(void) {
  struct timeval tv;
  int64 temp;
  gettimeofday(&tv, NULL);
  temp = tv.tv_usec;
  temp += tv.tv_sec * 1000000;
  return temp;
}

int main(void) {
  struct timeval a, b;
  float X[4] = {1, 2, 3, 4}, Y[4];
  int64 start, stop;
  clock_t c0, c1;
  int i;
  printf("sizeof(struct timeval) = %d\n", (int)sizeof(struct timeval));
  gettimeofday(&a, NULL);
  start = GetTime();
  c0 = clock();
  for (i = 0; i < 4; i++) Y[i] = X[i] * 3.0f;
  stop = GetTime();
  c1 = clock();
  gettimeofday(&b, NULL);
  printf("results: %g %g %g %g\n", Y[0], Y[1], Y[2], Y[3]);
  printf("usec in range: %d %d\n", a.tv_usec >= 0 && a.tv_usec < 1000000, b.tv_usec >= 0 && b.tv_usec < 1000000);
  printf("after 2001: %d\n", a.tv_sec > 1000000000);
  printf("in order: %d %d %d\n", stop >= start, b.tv_sec > a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_usec >= a.tv_usec), c1 >= c0);
  printf("GetTime agrees with tv: %d\n", start / 1000000 >= a.tv_sec && start / 1000000 <= b.tv_sec);
  return 0;
}
