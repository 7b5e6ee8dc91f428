/* C++ static locals with run-time initializers (volume_division: `static char eval =
 * volumeTriangles(tri);`): initialized when control first reaches the declaration, once, with the
 * values of that moment; constant ones as in C. Must print what g++ prints. */
#include <stdio.h>

static int calls = 0;
static int limit = 3;

char fill(int *t, int n) {
  calls++;
  for (int i = 0; i < n; i++) t[i] = i * i;
  return 1;
}

int *table() {
  static int t[8];
  static char ready = fill(t, 8);
  return t;
}

int firstArgument(int x) {
  static int first = x * 10;   /* the argument of the first call */
  static int count = 0;        /* constant: set before main */
  count++;
  return first + count;
}

int snapshot() {
  static int seen = limit;     /* the global's value on the first call, not at start-up */
  return seen;
}

struct Counter {
  int n;
  Counter(int start) : n(start) { calls += 100; }
  int next() { return n++; }
};

int ticket() {
  static Counter c(40);        /* constructed on the first call */
  return c.next();
}

int loopStatics(int rounds) {
  int total = 0;
  for (int i = 0; i < rounds; i++) {
    static int base = rounds + 1;  /* rounds of the first call */
    static unsigned sz = sizeof(total) * 2;
    total += base + (int) sz + i;
  }
  return total;
}

int main(int argc, char **argv) {
  printf("calls before: %d\n", calls);
  int *t = table();
  printf("t[3] = %d, calls %d\n", t[3], calls);
  t[3] = -1;
  printf("again t[3] = %d, calls %d\n", table()[3], calls);
  int f1 = firstArgument(argc);
  int f2 = firstArgument(7);
  printf("first: %d %d %d\n", f1, f2, firstArgument(9));
  limit = 17;
  printf("snapshot: %d", snapshot());
  limit = 99;
  printf(" %d\n", snapshot());
  int k1 = ticket();
  int k2 = ticket();
  printf("tickets: %d %d, calls %d\n", k1, k2, calls);
  int l1 = loopStatics(3);
  printf("loops: %d %d\n", l1, loopStatics(5));
  return 0;
}
