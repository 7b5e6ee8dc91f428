/* Small functions the host generator inlines at their call sites (codegen/host/inline.ts), and calls
   it must leave alone; gcc -O2 prints the same. */
#include <stdio.h>
#include <string.h>

struct acc { double sum; int count; float last; };

static void add_to(double *p, double v) { *p += v; }
static void count_if(int *n, float v) { if (v > 500.0f) (*n)++; else { *n -= 0; } }
static void push(struct acc *a, float v) { a->sum += v; a->count++; a->last = v; }
static int sq(int x) { return x * x; }
static float as_float(float f) { return f; }
static unsigned int as_unsigned(unsigned int u) { return u; }
static char low_byte(int x) { return x; }
static int twice(int x) { return x + x; }
static void bump_then_read(int *p, int v, int *out) { *p += 100; *out = v; }

int *kept;
static void keep(int *p) { kept = p; }

static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int plus1(int x) { return x + 1; }

struct s3 { int a, b, c; };
static void copy3(struct s3 *d, const struct s3 *s) { memcpy(d, s, sizeof(struct s3)); }

/* Defined after main, reading a global declared after main: main's local of the same name is not
   renamed, so inlining these into main would capture it. */
static void add_factor(int *p);
static int factor_of(void);

int main(void) {
  double s = 0.0;
  int n = 0, i, j = 0, out = 0, held = 7, a = 1;
  struct acc acc = { 0.0, 0, 0.0f };
  struct s3 x = { 1, 2, 3 }, y = { 0, 0, 0 };
  for (i = 0; i < 2000; i++) {
    float v = (float)((i * 13) % 1000);
    add_to(&s, v);
    count_if(&n, v);
    push(&acc, v * 0.5f);
  }
  printf("%.17g %d %.17g %d %g\n", s, n, acc.sum, acc.count, acc.last);
  /* conversions of arguments and results, as the call makes them */
  printf("%d %.9g %u %d\n", sq(i - 5), as_float(16777217), as_unsigned(-3), low_byte(300 + i));
  /* an argument with a side effect, one used twice: evaluated once */
  out = twice(j++);
  printf("%d %d %d\n", out, twice(j * 3 + i), j);
  /* the callee changes a through &a before reading its by-value copy */
  bump_then_read(&a, a, &out);
  printf("%d %d\n", a, out);
  /* the address escapes to a global: the variable stays in memory */
  keep(&held);
  *kept += 5;
  printf("%d\n", held);
  /* recursion (host C has no function pointers), a struct copied by memcpy */
  printf("%d %d\n", fact(6), plus1(plus1(40)));
  copy3(&y, &x);
  printf("%d %d %d\n", y.a, y.b, y.c);
  {
    int factor = 100, z = 1;
    add_factor(&z);
    printf("%d %d %d\n", z, factor, factor_of());
  }
  return 0;
}

int factor = 5;
static void add_factor(int *p) { *p += factor; }
static int factor_of(void) { return factor; }
