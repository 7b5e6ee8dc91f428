#include <stdio.h>
#include <string.h>
#include <stdlib.h>
/* Initializers (nested, elided braces, strings), enums, globals, static globals, const tables,
   unsigned char arithmetic, compound literals of the usual kinds, sizeof, pointer comparisons. */
enum Color { RED, GREEN = 5, BLUE };
typedef struct { const char *name; int value; float weights[3]; } Entry;
static int hits = 3;
int table[2][3] = {{1, 2, 3}, {4, 5, 6}};
int flat[2][2] = {7, 8, 9};
Entry entries[] = {{"alpha", 1, {0.5f, 1.5f}}, {"beta", 2, {2.5f}}, {"gamma", 3}};
const char *names[] = {"zero", "one", "two"};
double dv[4] = {1.0 / 3, 2.0 / 3};
char greeting[16] = "hi there";
float matrix[3][3] = {{0}, {0, 1, 0}};
int bump(void) { return ++hits; }
int main(void) {
  int i, j;
  printf("%d %d %d\n", RED, GREEN, BLUE);
  for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) printf("%d%c", table[i][j], j == 2 ? '\n' : ' ');
  printf("%d %d %d %d\n", flat[0][0], flat[0][1], flat[1][0], flat[1][1]);
  for (i = 0; i < 3; i++) printf("%s %d %.2f %.2f %.2f\n", entries[i].name, entries[i].value, entries[i].weights[0], entries[i].weights[1], entries[i].weights[2]);
  printf("%s %s %d\n", names[2], names[0], (int)(sizeof(names) / sizeof(names[0])));
  printf("%.17g %.17g %g\n", dv[0], dv[1], dv[3]);
  printf("%s %d %d\n", greeting, (int)strlen(greeting), greeting[15]);
  printf("%g %g\n", matrix[1][1], matrix[2][2]);
  int b1 = bump(), b2 = bump();
  printf("%d %d %d\n", b1, b2, hits);
  unsigned char uc = 200; uc = uc + 100; unsigned short us = 65535; us++;
  signed char sc = -128; sc--;
  printf("%d %d %d\n", uc, us, sc);
  int local[3][2] = {{1}, {2, 3}};
  printf("%d %d %d %d\n", local[0][0], local[0][1], local[1][1], local[2][0]);
  int *p = &local[1][0], *q = &local[2][1];
  printf("%d %d %d\n", p < q, q - p, *(q - 2));
  char word[8];
  for (i = 0; i < 7; i++) word[i] = 'a' + i;
  word[7] = 0;
  printf("%s %c\n", word, word[3] - 32);
  long big = 3000000000L;
  printf("%ld %d\n", big * 2, (int)(big % 7));
  float f = 2.5f; int k = f; double d = k / 2; int neg = -7.9;
  printf("%d %g %d\n", k, d, neg);
  printf("%d %d\n", (int)sizeof(Entry), (int)sizeof(entries));
  int pr = puts("puts adds a newline"), pf = printf("%s|%5.1f\n", "printf", 2.25), fp = fputs("fputs\n", stdout);
  printf("%d %d %d\n", pr, pf, fp);
  putchar('o'); putchar('k'); putchar('\n');
  return hits;
}
