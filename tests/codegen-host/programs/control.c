#include <stdio.h>
/* switch with fallthrough, loops with break/continue, ternary, comma, recursion, statics. */
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int counter(void) { static int calls = 0; static int table[3] = {10, 20, 30}; calls++; return calls * 100 + table[calls % 3]; }
const char *kind(int v) {
  switch (v) {
    case 0: return "zero";
    case 1: case 2: return "small";
    case 3: v += 10;
    case 4: return v > 10 ? "fell-through" : "four";
    default: break;
  }
  return "big";
}
int find(int *a, int n, int key) {
  int i;
  for (i = 0; i < n; i++) if (a[i] == key) return i;
  return -1;
}
int main(void) {
  int i, j, total = 0;
  for (i = 0; i < 6; i++) printf("%s ", kind(i));
  printf("\n");
  for (i = 0; i < 10; i++) {
    if (i == 2) continue;
    if (i == 7) break;
    for (j = 0; j < 10; j++) { if (j > i) break; total += j; }
  }
  printf("total=%d\n", total);
  int k = 0;
  do { k += 3; } while (k < 10);
  int w = 100; while (w > 1) w /= 3;
  printf("%d %d\n", k, w);
  int a = (k++, k++, k);
  printf("%d %d\n", a, k);
  printf("%d %d %d\n", fib(10), fib(20), fib(25));
  int c1 = counter(), c2 = counter(), c3 = counter();
  printf("%d %d %d\n", c1, c2, c3);
  int data[5] = {4, 8, 15, 16, 23};
  printf("%d %d\n", find(data, 5, 15), find(data, 5, 42));
  int sw = 0;
  for (i = 0; i < 20; i++) {
    switch (i % 4) {
      case 0: sw += 1; break;
      case 1: sw += 10;
      case 2: sw += 100; continue;
      default: sw += 1000;
    }
    sw += 5;
  }
  printf("sw=%d\n", sw);
  char c = 'b';
  switch (c) { case 'a': printf("A\n"); break; case 'b': printf("B\n"); break; }
  int v = 5;
  printf("%d %s\n", v > 3 ? v * 2 : v / 2, v & 1 ? "odd" : "even");
  return total % 256;
}
