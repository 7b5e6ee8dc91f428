#include <stdio.h>
/* Integer semantics: 32-bit wrap, truncating division, unsigned, narrow types, conversions. */
int collatz(int n) { int steps = 0; while (n != 1) { n = (n % 2) ? 3 * n + 1 : n / 2; steps++; } return steps; }
unsigned hash(const char *s) { unsigned h = 2166136261u; while (*s) { h ^= (unsigned char)*s++; h *= 16777619u; } return h; }
int main(void) {
  int a = 2147483647, b = -7, c = 3;
  unsigned u = 0;
  char ch = 100; short sh = 32000; unsigned char uc = 250;
  long L = 1L << 40;
  printf("%d %d %d\n", a + 1, a * 2, -a - 2);
  printf("%d %d %d %d\n", b / c, b % c, -b / c, 7 % -3);
  printf("%u %u %u\n", u - 1, (u - 1) / 3, (unsigned)-5 >> 1);
  printf("%d %d %d\n", -5 >> 1, 1 << 31, (int)(3000000000u));
  ch += 100; sh += 1000; uc += 10;
  printf("%d %d %d\n", ch, sh, uc);
  printf("%d %d %d %d\n", (int)3.99, (int)-3.99, (int)(float)16777217, (char)300);
  printf("%ld %ld %ld\n", L * 3, L / 7, -L % 1000);
  int x = 5; x += 3; x -= 10; x *= -4; x /= 3; x %= 5; x <<= 3; x >>= 1; x &= 0xff; x |= 0x100; x ^= 0x0f;
  printf("%d\n", x);
  int i = 0, arr[5] = {1, 2, 3};
  arr[i++] = i; arr[++i] += 10;
  printf("%d %d %d %d %d i=%d\n", arr[0], arr[1], arr[2], arr[3], arr[4], i);
  printf("%d %d %d\n", collatz(27), collatz(97), collatz(871));
  printf("%u %x\n", hash("brook"), hash("stream computing"));
  printf("%d %d %d %d\n", 5 > 3, 5 < 3, !0, !7);
  printf("%d %d\n", (3 > 2) + (2 > 1), ~0);
  unsigned m = 0xdeadbeef;
  printf("%u %u %u\n", m * m, m + m, m / 0x10000);
  printf("%d\n", -1 < 0u);
  int prod = 1; for (int k = 1; k <= 20; k++) prod *= k;
  printf("%d\n", prod);
  return 0;
}
