#include "ref.h"
/* cond_void_calls.br: `c ? k1(a, o) : k2(a, o);` runs only the chosen kernel (or host function). */
static int calls = 0;
static void note(const char *what, int n) { calls++; printf("%s %d\n", what, n); }
static void other(const char *what, int n) { calls += 100; printf("other %s %d\n", what, n); }
static void twice(const float *a, float *o) { for (int i = 0; i < 4; i++) o[i] = a[i] * 2.0f; }
static void plusTen(const float *a, float *o) { for (int i = 0; i < 4; i++) o[i] = a[i] + 10.0f; }
int main(void) {
  float a[4] = {1.0f, 2.0f, 3.0f, 4.0f}, o[4];
  for (int pass = 0; pass < 3; pass++) {
    (pass % 2 == 0) ? twice(a, o) : plusTen(a, o);
    printf("pass %d: %.2f %.2f %.2f %.2f\n", pass, o[0], o[1], o[2], o[3]);
    pass == 0 ? note("first", pass) : pass == 1 ? other("second", pass) : note("third", pass);
  }
  printf("calls %d\n", calls);
  return 0;
}
