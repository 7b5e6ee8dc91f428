/* Struct fields a loop reads: read once before a loop that stores nothing and calls nothing
   (codegen/host/licm.ts); read every time where the loop may change them. gcc -O2 prints the same. */
#include <stdio.h>
#include <stdlib.h>

struct buf { int *data; unsigned int count; double scale; };

static void shrink(struct buf *b) { b->count--; }

int main(void) {
  struct buf b;
  struct buf *alias = &b;
  unsigned int i;
  double s = 0.0;
  long t = 0;
  int k = 0;
  b.count = 1000;
  b.scale = 0.5;
  b.data = (int *)malloc(sizeof(int) * b.count);
  for (i = 0; i < b.count; i++) b.data[i] = (int)(i * 7 % 100);
  /* stores nothing: count, data and scale read once */
  for (i = 0; i < b.count; i++) s += b.data[i] * b.scale;
  /* a store through a pointer to b: count read every iteration */
  for (i = 0; i < b.count; i++) { t += b.data[i]; if (i == 10) alias->count = 500; }
  /* a call that changes b: count read every iteration */
  for (i = 0; i < b.count; i++) { k++; if (i == 20) shrink(&b); }
  /* a loop that runs zero times */
  b.count = 0;
  for (i = 0; i < b.count; i++) s += b.data[i];
  printf("%.17g %ld %d %u\n", s, t, k, b.count);
  free(b.data);
  return 0;
}
